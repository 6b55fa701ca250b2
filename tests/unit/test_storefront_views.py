"""The storefront states' pure helpers: card views, prices per currency, the category cache,
the Refine query, the product page's browser copy."""

from __future__ import annotations

import json
from decimal import Decimal

from grocer.services.money import format_amount
from grocer.state.language import supported_language
from grocer.state.listing import parse_refine, refine_query
from grocer.views.catalogue import (
    cached_view,
    card_view,
    cards,
    nav_node,
    product_id_from_path,
    product_view,
    weight_text,
)
from grocer.views.prices import amount_in_all, display_prices

ARTICLE = {
    "id": 7,
    "name": "Mangue Kent",
    "price": "375.00",
    "salePrice": "300.00",
    "originalPrice": "375.00",
    "discountPercent": 20,
    "weight": "1 pièce",
    "imageUrl": "/img/products/mangue-kent.webp",
    "imageUrls": ["/img/products/mangue-kent.webp", "/img/products/mangue-kent-2.webp"],
    "description": "Juteuse.",
    "brand": "Vergers d'Orodara",
    "origin": "Burkina Faso",
    "sku": "GRC-7",
    "category": {"id": 3, "name": "Mangues"},
    "product": {"nutritions": [{"name": "fat", "value": 13, "unit": "g"}]},
}


def test_display_prices_come_from_money_rules():
    prices = display_prices(ARTICLE)
    for code in ("XOF", "EUR", "USD"):
        assert prices[code]["price"] == format_amount(Decimal("300"), code)
        assert prices[code]["original"] == format_amount(Decimal("375"), code)
        assert prices[code]["saved"] == format_amount(Decimal("75"), code)
    assert prices["XOF"]["price"] == "300\u00a0XOF"


def test_no_struck_price_when_not_on_sale():
    prices = display_prices({"price": "1250.00", "salePrice": None, "originalPrice": None})
    assert prices["XOF"] == {"price": "1\u202f250\u00a0XOF", "original": "", "saved": ""}


def test_amount_in_all_ignores_garbage():
    assert amount_in_all("abc") == {"XOF": "", "EUR": "", "USD": ""}
    assert amount_in_all("655.957")["EUR"] == "1,00\u00a0€"


def test_weight_text_falls_back_to_dimensions_then_na():
    assert weight_text({"weight": "500 g"}) == "500 g"
    assert weight_text(
        {"weight": None, "dimensions": {"length": 10, "width": 5.5, "height": 2}}
    ) == ("10×5.5×2 cm")
    assert weight_text({}) == "N/A"


def test_cards_drop_articles_without_id_and_trim_fields():
    views = cards([ARTICLE, {"name": "sans id"}, "junk"])
    assert [v["id"] for v in views] == [7]
    view = views[0]
    assert view["weightText"] == "1 pièce" and view["categoryName"] == "Mangues"
    assert "product" not in view and "description" not in view
    assert card_view({"id": 1, "price": "5"})["name"] == "Product"


def test_nav_tree_is_trimmed_and_cache_is_checked():
    tree = [
        {
            "id": 1,
            "name": "Fruits",
            "imageUrl": None,
            "icon": "🥭",
            "children": [{"id": 2, "name": "Mangues", "children": [{"id": 3, "name": "Kent"}]}],
        }
    ]
    nav = [nav_node(c) for c in tree]
    assert nav[0]["children"][0]["children"][0] == {
        "id": 3,
        "name": "Kent",
        "imageUrl": "",
        "icon": "",
        "children": [],
    }


def test_refine_query_round_trips_through_the_url():
    pairs = refine_query("price_asc", ["sale", "organic"], ["Dafani", "A, B"], ["Mali"])
    from urllib.parse import urlencode

    parsed = parse_refine(urlencode(pairs))
    assert parsed == {
        "sort": "price_asc",
        "shop_by": ["sale", "organic"],
        "brands": ["Dafani", "A, B"],
        "origins": ["Mali"],
    }
    assert refine_query("popular", [], [], []) == []


def test_refine_drops_unknown_values():
    assert parse_refine("sort=cheapest&shopBy=sale,free") == {
        "sort": "popular",
        "shop_by": ["sale"],
        "brands": [],
        "origins": [],
    }


def test_product_page_helpers():
    assert product_id_from_path("/produit/42") == 42
    assert product_id_from_path("/produit/42/") == 42
    assert product_id_from_path("/produit/abc") == 0
    assert product_id_from_path("/produit/-3") == 0
    assert product_id_from_path("/produit/99999999999") == 0
    view = product_view(ARTICLE)
    assert view["images"] == ARTICLE["imageUrls"]
    assert view["nutrition"][0]["percent"] == 20
    assert product_view({"id": 1, "price": "5"})["images"] == ["/img/fallback.webp"]


def test_cached_copy_is_checked_field_by_field():
    card = card_view(ARTICLE)
    view = cached_view(json.dumps(card), 7)
    assert view is not None
    assert view["name"] == "Mangue Kent" and view["display"]["XOF"]["price"] == "300\u00a0XOF"
    assert view["description"] == "" and view["nutrition"] == []
    assert cached_view(json.dumps(card), 8) is None
    assert cached_view("not json", 7) is None
    hostile = {**card, "name": {"__proto__": 1}, "display": "x", "discountPercent": "20"}
    view = cached_view(json.dumps(hostile), 7)
    assert view is not None
    assert view["name"] == "Product" and view["display"] == {} and view["discountPercent"] is None


def test_supported_language():
    assert supported_language("en-GB") == "en"
    assert supported_language("DE") == "de"
    assert supported_language("it") is None
    assert supported_language(None) is None


def test_storefront_rows_reach_the_components_typed():
    """The catalogue rows are typed state vars: a component reads a card's, a category's or a
    section's fields with their own types, with no cast (`.to(str)`) in between."""
    from grocer.state.catalogue import CatalogueState
    from grocer.state.listing import ListingState
    from grocer.state.product import ProductState
    from grocer.views.catalogue import CardView, CategoryLink, HomeSection, NavNode, PromoView

    product = ProductState.product
    assert product["name"]._var_type is str
    assert product["id"]._var_type is int
    assert product["images"]._var_type == list[str]
    assert product["display"]["XOF"]["price"]._var_type is str
    assert ListingState.items._var_type == list[CardView]
    assert ListingState.items[0]["weightText"]._var_type is str
    assert ListingState.current["children"]._var_type == list[CategoryLink]
    assert ListingState.sections[0]["articles"]._var_type == list[CardView]
    assert ListingState.deals[0]["titleKey"]._var_type is str
    assert CatalogueState.nav[0]["children"]._var_type == list[NavNode]
    assert CatalogueState.home_sections._var_type == list[HomeSection]
    assert CatalogueState.promotions._var_type == list[PromoView]
