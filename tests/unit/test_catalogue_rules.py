"""Pure catalogue rules: French collation, discount badge, money, banner rule, query checks."""

from __future__ import annotations

from datetime import UTC, date, datetime
from decimal import Decimal
from types import SimpleNamespace

import pytest
from hypothesis import given
from hypothesis import strategies as st
from sqlmodel import Session

from grocer.models import Article, Category, Promotion
from grocer.services import catalogue
from grocer.services import serializers as ser
from grocer.services.catalogue import (
    MAX_PAGE_SIZE,
    french_sort_key,
    is_banner_promotion,
    page_count,
    page_query,
    parse_id_list,
)
from grocer.services.errors import ValidationFailed


def test_french_sort_ignores_accents_and_case() -> None:
    names = ["Sardines", "œufs", "Épices", "huiles", "abricots", "Zèbre", "éclairs"]
    assert sorted(names, key=french_sort_key) == [
        "abricots",
        "éclairs",
        "Épices",
        "huiles",
        "œufs",
        "Sardines",
        "Zèbre",
    ]


def test_french_sort_key_is_total_on_equal_bases() -> None:
    """Names equal but for accents and case ("Eté", "été") still get a total order."""
    assert french_sort_key("Eté")[0] == french_sort_key("été")[0]
    assert sorted(["été", "Eté"], key=french_sort_key) == sorted(
        ["Eté", "été"], key=french_sort_key
    )


@pytest.mark.parametrize(
    ("original", "sale", "expected"),
    [
        ("1000", "800", 20),
        ("1000", "750", 25),
        ("975", "682", 30),  # 30.05 → 30
        ("1000", "995", 1),  # 0.5 rounds half up
        ("1000", "999", 20),  # computes to 0 → the spec's 20
        ("1000", "1000", 20),
        ("1000", "1200", 20),  # a "sale" above the original is shown as 20, never negative
        ("0", "0", 20),
        (None, "500", 20),
        ("1000", None, None),  # not on sale: no badge
    ],
)
def test_discount_percent(original: str | None, sale: str | None, expected: int | None) -> None:
    as_dec = lambda v: Decimal(v) if v is not None else None  # noqa: E731
    assert ser.discount_percent(as_dec(original), as_dec(sale)) == expected


@given(
    original=st.integers(min_value=1, max_value=10**7),
    cut=st.integers(min_value=0, max_value=10**7),
)
def test_discount_percent_is_a_badge_between_1_and_100(original: int, cut: int) -> None:
    sale = Decimal(max(0, original - cut))
    percent = ser.discount_percent(Decimal(original), sale)
    assert percent is not None and 1 <= percent <= 100


def test_struck_price() -> None:
    assert ser.struck_price(Decimal(800), Decimal(650), Decimal(900)) == Decimal(900)
    assert ser.struck_price(Decimal(800), Decimal(650), None) == Decimal(800)
    assert ser.struck_price(Decimal(800), None, None) is None


def test_money_is_a_two_decimal_string() -> None:
    assert ser.money(Decimal("650")) == "650.00"
    assert ser.money(Decimal("7.995")) == "8.00"
    assert ser.money(1250) == "1250.00"
    assert ser.money(None) is None


def test_plain_number() -> None:
    assert ser.plain_number(Decimal("12.00")) == 12
    assert ser.plain_number(Decimal("2.50")) == 2.5
    assert ser.plain_number(None) is None


def _promo(**kw: object) -> SimpleNamespace:
    base = {"name": "Promo", "description": "Texte", "display_on_banner": True, "active": True}
    return SimpleNamespace(**(base | kw))


@pytest.mark.parametrize(
    ("overrides", "kept"),
    [
        ({}, True),
        ({"description": ""}, True),
        ({"name": ""}, True),
        ({"description": None}, True),
        ({"name": "  ", "description": "  "}, False),
        ({"name": None, "description": None}, False),
        ({"display_on_banner": False}, False),
        ({"active": False}, False),
    ],
)
def test_banner_rule(overrides: dict[str, object], kept: bool) -> None:
    assert is_banner_promotion(_promo(**overrides)) is kept


def test_parse_id_list() -> None:
    assert parse_id_list(None) is None
    assert parse_id_list("  ") is None
    assert parse_id_list("3,7, 9,") == [3, 7, 9]
    with pytest.raises(ValidationFailed) as err:
        parse_id_list("3,x")
    assert err.value.field == "categoryIds"


def test_page_count() -> None:
    assert [page_count(t, 18) for t in (0, 1, 18, 19, 36, 37)] == [0, 1, 1, 2, 2, 3]


def test_page_query_normalises() -> None:
    q = page_query(
        page=2,
        size=1000,
        sort=" Price_Asc ",
        shop_by=["Organic", "sale", "organic", ""],
        brands=[" B ", "A", "B"],
        origins=[],
    )
    assert (q.page, q.size, q.sort) == (2, MAX_PAGE_SIZE, "price_asc")
    assert q.shop_by == ("organic", "sale")
    assert q.brands == ("A", "B")
    assert hash(q) == hash(
        page_query(
            page=2, size=100, sort="price_asc", shop_by=["sale", "organic"], brands=["A", "B"]
        )
    )


@pytest.mark.parametrize(
    ("kwargs", "field"),
    [
        ({"page": 0}, "page"),
        ({"page": -1}, "page"),
        ({"size": 0}, "size"),
        ({"sort": "cheapest"}, "sort"),
        ({"shop_by": ["kosher"]}, "shopBy"),
    ],
)
def test_page_query_rejects(kwargs: dict[str, object], field: str) -> None:
    with pytest.raises(ValidationFailed) as err:
        page_query(**kwargs)  # type: ignore[arg-type]
    assert err.value.field == field
    assert err.value.status == 400


def _article(**kw: object) -> SimpleNamespace:
    base: dict[str, object] = {
        "id": 7, "key": "mangue", "name": "Mangue", "price": Decimal("800"),
        "sale_price": Decimal("650"), "original_price": None, "weight": None,
        "length_cm": Decimal("10"), "width_cm": Decimal("5.5"), "height_cm": Decimal("3"),
        "image_urls": ["/img/a.webp", "/img/b.webp"], "savings": None, "promotion": None,
        "express": True, "product_quality": "Bio", "description": "Sucrée", "brand": "Faso",
        "origin": "Burkina Faso", "category_id": 3, "supplier_name": "Coop",
        "status": "ACTIVE", "required_licenses": None, "sold_by": "Grocer", "barcode": "1",
        "sku": "S1", "currency": "XOF", "is_new": 1, "is_organic": 0, "is_local": True,
        "is_gluten_free": False, "is_kosher": False, "popularity": 5, "rating": Decimal("4.50"),
        "created_at": datetime(2026, 1, 2, 3, 4, 5, tzinfo=UTC), "updated_at": datetime(2026, 1, 2),
    }  # fmt: skip
    return SimpleNamespace(**(base | kw))


def test_article_dict_shape() -> None:
    nutrition = [SimpleNamespace(name="fat", value=Decimal("3.20"), unit="g")]
    d = ser.article_dict(_article(), category_name="Fruits", nutritions=nutrition)
    assert d["price"] == "800.00"
    assert d["salePrice"] == "650.00"
    assert d["originalPrice"] == "800.00"
    assert d["discountPercent"] == 19
    assert d["imageUrl"] == "/img/a.webp"
    assert d["dimensions"] == {"length": 10, "width": 5.5, "height": 3}
    assert d["category"] == {"id": 3, "name": "Fruits"}
    assert d["supplier"] == {"name": "Coop"}
    assert d["product"] == {
        "imageUrls": ["/img/a.webp", "/img/b.webp"],
        "nutritions": [{"name": "fat", "value": 3.2, "unit": "g"}],
    }
    assert (d["isNew"], d["isOrganic"], d["requiredLicenses"]) == (True, False, [])
    assert d["createdAt"] == "2026-01-02T03:04:05+00:00"
    assert d["currency"] == "XOF"


def test_article_dict_without_sale_or_extras() -> None:
    d = ser.article_dict(
        _article(sale_price=None, image_urls=[], category_id=None, supplier_name=None,
                 length_cm=None, width_cm=None, height_cm=None)
    )  # fmt: skip
    assert (d["salePrice"], d["originalPrice"], d["discountPercent"]) == (None, None, None)
    assert (d["imageUrl"], d["category"], d["supplier"], d["dimensions"]) == (None,) * 4


def test_promotion_dict() -> None:
    p = _promo(
        id=1, key="k", image_url=None, promo_code="NEW50", discount_value=Decimal(50),
        discount_type="PERCENT", end_date=date(2027, 12, 31), category_id=None,
    )  # fmt: skip
    d = ser.promotion_dict(p)
    assert d["discountValue"] == "50.00"
    assert d["endDate"] == "2027-12-31"
    assert d["displayOnBanner"] is True


# --- the category page without a main category (issue 13: the rules live in the service) -----


def test_fresh_deals_and_the_page_promotions(sqlite_db: Session) -> None:
    db = sqlite_db
    bakery = Category(key="boulangerie", name="Boulangerie", level=1)
    wine = Category(key="vins", name="Vins", level=1, can_display_on_ui=False)
    drinks = Category(key="boissons", name="Boissons", level=1)
    db.add_all([bakery, wine, drinks])
    db.commit()
    for i in range(8):
        sale = Decimal(900 - 10 * i) if i % 2 else None
        db.add(
            Article(key=f"pain-{i}", name=f"Pain {i}", price=Decimal(1000),
                    sale_price=sale, category_id=bakery.id)
        )  # fmt: skip
    db.add(Article(key="vin-1", name="Vin", price=Decimal(5000), category_id=wine.id))
    db.add(Promotion(key="p1", name="", description="  ", display_on_banner=True, active=True))
    db.add(Promotion(key="p2", name="Soldes", display_on_banner=True, active=True))
    db.add(Promotion(key="p3", name="Pain", active=True, category_id=bakery.id))
    db.commit()

    deals = catalogue.fresh_deals(db)
    # Wine is hidden and drinks are empty: only the bakery sample, its sales first, 6 at most.
    assert [d["titleKey"] for d in deals] == ["catalogue:bakeryOnSale"]
    assert len(deals[0]["articles"]) == catalogue.FRESH_DEALS_SIZE == 6
    assert all(a["salePrice"] for a in deals[0]["articles"][:4])

    assert [p["key"] for p in catalogue.page_promotions(db, bakery.id)] == ["p3"]
    # No promotion of its own (or no category): the banner's, those with a text only.
    assert [p["key"] for p in catalogue.page_promotions(db, drinks.id)] == ["p2"]
    assert [p["key"] for p in catalogue.page_promotions(db, None)] == ["p2"]
