"""The preview's markup (grocer/web/preview_html.py): escaped values, safe pictures, prices in every
currency, the French labels of the catalog."""

from __future__ import annotations

import json
import re
from html import unescape
from typing import Any

from grocer.views.catalogue import card_view, product_view
from grocer.web import preview_html as html

HOSTILE = '<script>alert("x")</script> & "Co"'


def _article(**fields: Any) -> dict[str, Any]:
    article = {
        "id": 7,
        "name": "Mangue Amélie",
        "price": 500,
        "salePrice": 400,
        "originalPrice": 500,
        "imageUrls": ["/img/products/mangue.webp"],
        "description": "Sucrée.",
        "weight": "1 kg",
    }
    return {**article, **fields}


def test_every_value_is_escaped() -> None:
    view = product_view(_article(name=HOSTILE, description=HOSTILE))
    page = html.wrap("/produit/7?x=<b>", html.product(view))
    assert "<script>alert" not in page
    assert page.count("&lt;script&gt;alert(&quot;x&quot;)&lt;/script&gt; &amp; &quot;Co&quot;") == 3
    assert 'data-for="/produit/7?x=&lt;b&gt;"' in page


def test_a_picture_from_elsewhere_is_replaced_by_the_fallback() -> None:
    for url in ("javascript:alert(1)", "https://evil.example/x.webp", '" onerror="x'):
        page = html.product(product_view(_article(imageUrls=[url])))
        assert 'src="/img/fallback.webp"' in page
        assert "evil" not in page and "onerror" not in page and "javascript" not in page


def test_prices_show_xof_and_carry_every_currency() -> None:
    page = html.product(product_view(_article()))
    prices = re.findall(r"data-prices='([^']*)'>([^<]*)<", page)
    (price_json, price_text), (original_json, original_text) = prices
    assert price_text == "400\u00a0XOF" and original_text == "500\u00a0XOF"
    assert set(json.loads(unescape(price_json))) == {"XOF", "EUR", "USD"}
    assert json.loads(unescape(original_json))["EUR"] == "0,76\u00a0€"


def test_a_product_without_description_reads_the_specs_fallback() -> None:
    page = html.product(product_view(_article(description="")))
    assert "Aucune description disponible pour ce produit." in page


def test_the_category_preview_shows_breadcrumb_tabs_links_and_row() -> None:
    data = {
        "main": {"id": 1, "name": "Fruits & légumes", "children": [
            {"id": 10, "name": "Fruits"}, {"id": 11, "name": "Légumes"}]},
        "current": {"id": 10, "name": "Fruits", "children": []},
        "leaves": [{"id": 100, "name": "Agrumes"}],
        "row": {"title": "Sélection", "articles": [card_view(_article(id=i)) for i in range(3)],
                "rowId": "category-section-7"},
    }  # fmt: skip
    page = html.category(data)
    # the row named for the page, which keeps it in place until it mounts its own
    assert page.count('data-preview-part="category-section-7"') == 1
    assert 'id="category-section-7-title"' in page
    assert ">Fruits &amp; légumes</a>" in page
    assert 'href="/products?mainCategoryId=1&amp;categoryId=11"' in page
    assert 'href="/full-products?mainCategoryId=1&amp;categoryId=100"' in page
    assert "Sous-catégories" in page and "Filtrer" in page and "View all" in page
    assert page.count("<article") == 3
    assert page.count('fetchpriority="high"') == 2
    assert 'href="/produit/2"' in page


def test_a_category_without_level_3_or_sections_has_neither() -> None:
    data = {
        "main": {"id": 1, "name": "Boissons", "children": [{"id": 10, "name": "Jus"}]},
        "current": {"id": 10, "name": "Jus", "children": []},
        "leaves": [],
        "row": None,
    }
    page = html.category(data)
    assert "Sous-catégories" not in page and "<section" not in page
    assert "<h1" in page


def _section(index: int, has_image: bool, **article: Any) -> dict[str, Any]:
    return {
        "id": index,
        "title": f"Section {index} <b>",
        "description": "Le meilleur",
        "image": "/img/sections/s.webp" if has_image else "",
        "hasImage": has_image,
        "rowId": f"section-{index}",
        "viewAll": f"/full-products?sectionId={index}",
        "articles": [card_view(_article(id=index * 10 + i, **article)) for i in range(6)],
    }


def test_the_home_preview_draws_every_section_as_the_page_does() -> None:
    page = html.home([_section(1, True), _section(2, False), _section(3, False)])
    # Each section named for the page, labelled by its heading, in order.
    parts = [page.index(f'data-preview-part="section-{i}"') for i in (1, 2, 3)]
    assert parts == sorted(parts)
    assert page.count('aria-labelledby="section-') == 3
    assert (
        'id="section-2-title" class="text-xl font-bold text-gray-900">Section 2 &lt;b&gt;' in page
    )
    # A section with a picture shows four cards beside it (2, 3 or 4 by width); a row six.
    block = page[parts[0] : parts[1]]
    assert block.count("<article") == 4 and "hidden lg:block" in block
    assert page[parts[1] : parts[2]].count("<article") == 6
    assert page.count('href="/full-products?sectionId=3"') == 1  # "View all", a real link
    # Every picture waits until scrolled near, like the page's own.
    assert page.count("<img") == page.count("data-lazy-src=") and "fetchpriority" not in page


def test_a_card_shows_the_same_last_lines_as_the_pages_card() -> None:
    page = html.home([_section(1, False, promotion="2 achetées, 1 offerte", express=True)])
    assert page.count("Vous économisez <span data-prices=") == 6  # 500 - 400
    assert ">100\u00a0XOF</span></p>" in page
    assert page.count(">2 achetées, 1 offerte</p>") == 6
    assert page.count("EXPRESS</p>") == 6
    plain = html.home([_section(2, False, salePrice=None, originalPrice=None)])
    assert "Vous économisez" not in plain and "EXPRESS" not in plain
