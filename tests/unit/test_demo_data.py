"""Invariants of the demo catalogue (grocer.seed.demo_data) and its generated pictures."""

from __future__ import annotations

import re
from collections import Counter
from datetime import date
from pathlib import Path
from xml.etree import ElementTree

import pytest
from PIL import Image

from grocer.seed import demo_data as d

ASSETS = Path(__file__).resolve().parents[2] / "assets"
NUTRIENT_NAMES = {"calories", "fat", "sodium", "carbohydrate", "fiber", "protein", "sugars"}


def ean13_ok(code: str) -> bool:
    if not re.fullmatch(r"\d{13}", code):
        return False
    total = sum(int(c) * (3 if i % 2 else 1) for i, c in enumerate(code[:12]))
    return (10 - total % 10) % 10 == int(code[12])


def asset(path: str) -> Path:
    assert path.startswith("/"), path
    return ASSETS / path.lstrip("/")


ARTICLES = [a for *_, a in d.iter_articles()]


def test_at_least_eight_top_level_categories() -> None:
    assert len(d.CATEGORIES) >= 8


def test_three_levels_with_two_to_four_children() -> None:
    for level1 in d.CATEGORIES:
        assert 2 <= len(level1["children"]) <= 4, level1["key"]
        assert "articles" not in level1
        for level2 in level1["children"]:
            assert 2 <= len(level2["children"]) <= 4, level2["key"]
            assert "articles" not in level2
            for level3 in level2["children"]:
                assert level3["children"] == []
                assert len(level3["articles"]) >= 4, level3["key"]


def test_category_fields_and_unique_keys() -> None:
    keys = []
    for _, _, category in d.iter_categories():
        assert re.fullmatch(r"[a-z0-9]+(-[a-z0-9]+)*", category["key"])
        assert category["name"] and category["icon"]
        assert category["image"] == f"/img/categories/{category['key']}.webp"
        keys.append(category["key"])
    assert len(keys) == len(set(keys))
    levels = Counter(level for level, _, _ in d.iter_categories())
    assert levels[1] == len(d.CATEGORIES) and levels[2] >= 16 and levels[3] >= 32


def test_at_least_300_articles_with_unique_keys() -> None:
    assert len(ARTICLES) >= 300
    for field in ("key", "sku", "barcode", "image"):
        values = [a[field] for a in ARTICLES]
        assert len(values) == len(set(values)), field
    assert len(d.ARTICLES) == len(ARTICLES)


def test_article_fields() -> None:
    for a in ARTICLES:
        assert tuple(a) == d.ARTICLE_FIELDS, a["key"]
        assert re.fullmatch(r"[a-z0-9]+(-[a-z0-9]+)*", a["key"])
        assert a["name"] and a["brand"] and a["origin"] and a["supplier"] and a["sold_by"]
        assert isinstance(a["price_xof"], int) and a["price_xof"] > 0
        assert a["description"].endswith(".")
        assert re.fullmatch(r"GRC-\d{6}", a["sku"])
        assert a["image"] == f"/img/products/{a['key']}.webp"
        assert (a["weight"] is None) != (a["dimensions"] is None), a["key"]
        if a["dimensions"] is not None:
            assert len(a["dimensions"]) == 3 and all(v > 0 for v in a["dimensions"])
        assert a["is_local"] == (a["origin"] == "Burkina Faso")
        for flag in ("express", "is_new", "is_organic", "is_local", "is_gluten_free", "is_kosher"):
            assert isinstance(a[flag], bool)
        if a["nutrition"] is not None:
            assert {n["name"] for n in a["nutrition"]} == NUTRIENT_NAMES
            for fact in a["nutrition"]:
                assert fact["unit"] in {"g", "mg", "kcal"} and fact["value"] >= 0


def test_article_mix_is_realistic() -> None:
    assert sum(a["weight"] is None for a in ARTICLES) >= 10
    assert sum(a["nutrition"] is not None for a in ARTICLES) >= 250
    assert sum(a["promotion"] is not None for a in ARTICLES) >= 10
    assert {"Bio", "Local", "Peak Quality"} <= {a["quality"] for a in ARTICLES}
    for flag in ("is_new", "is_organic", "is_local", "is_gluten_free", "is_kosher", "express"):
        assert any(a[flag] for a in ARTICLES), flag
    assert len({a["origin"] for a in ARTICLES}) >= 8


def test_sale_prices_below_originals() -> None:
    on_sale = [a for a in ARTICLES if a["original_price_xof"] is not None]
    for a in on_sale:
        assert isinstance(a["original_price_xof"], int)
        assert a["original_price_xof"] > a["price_xof"], a["key"]
    assert 0.12 <= len(on_sale) / len(ARTICLES) <= 0.3


def test_barcodes_have_valid_check_digits() -> None:
    for a in ARTICLES:
        assert ean13_ok(a["barcode"]), a["barcode"]
        assert d.is_valid_ean13(a["barcode"])
    assert not ean13_ok("2000002094655")


def test_every_article_image_exists() -> None:
    for a in ARTICLES:
        assert asset(a["image"]).is_file(), a["image"]


def test_every_referenced_picture_exists() -> None:
    for path in d.image_paths():
        assert asset(path).is_file(), path
    assert asset("/img/fallback.webp").is_file()
    assert asset("/favicon.ico").is_file()
    root = ElementTree.parse(asset("/img/logo.svg")).getroot()
    assert root.tag.endswith("svg")


@pytest.mark.parametrize(
    ("path", "size"),
    [
        ("/img/banners/banner-1.webp", (1200, 400)),
        ("/img/banners/banner-1-600.webp", (600, 300)),
        ("/img/fallback.webp", (400, 400)),
    ],
)
def test_picture_sizes(path: str, size: tuple[int, int]) -> None:
    with Image.open(asset(path)) as img:
        assert img.format == "WEBP" and img.size == size


def test_product_and_category_pictures_are_small_webp() -> None:
    a = ARTICLES[0]
    with Image.open(asset(a["image"])) as img:
        assert img.format == "WEBP" and img.size == (400, 400)
    with Image.open(asset(d.CATEGORIES[0]["image"])) as img:
        assert img.size == (200, 200)
    assert max(asset(x["image"]).stat().st_size for x in ARTICLES) < 12 * 1024
    total = sum(p.stat().st_size for p in (ASSETS / "img").rglob("*") if p.is_file())
    assert total < 5 * 1024 * 1024


def test_sections_reference_existing_articles() -> None:
    sections = d.all_sections()
    assert len({s["key"] for s in sections}) == len(sections)
    category_keys = {c["key"] for _, _, c in d.iter_categories()}
    for s in sections:
        assert tuple(s) == d.SECTION_FIELDS
        assert s["articles"], s["key"]
        assert len(s["articles"]) == len(set(s["articles"])), s["key"]
        for key in s["articles"]:
            assert key in d.ARTICLES, (s["key"], key)
        assert s["category"] is None or s["category"] in category_keys
        assert isinstance(s["display_order"], int)
    for s in d.SECTIONS:
        assert 8 <= len(s["articles"]) <= 12, s["key"]


def test_home_sections() -> None:
    home = [s for s in d.SECTIONS if s["category"] is None]
    assert len(home) >= 5
    assert sum(s["image"] is not None for s in home) >= 2
    assert all(s["active"] for s in home)
    orders = [s["display_order"] for s in home]
    assert len(set(orders)) < len(orders), "some display_order values should be equal"
    assert orders != sorted(orders), "sections are listed out of display order"
    assert [s["display_order"] for s in d.home_sections()] == sorted(orders)
    assert any(s["category"] is not None for s in d.SECTIONS)


def test_every_level2_category_has_a_section() -> None:
    covered = {s["category"] for s in d.all_sections()}
    for level, _, category in d.iter_categories():
        if level == 2:
            assert category["key"] in covered, category["key"]
    for s in d.category_sections():
        if s["category"] and s["key"].startswith("selection-"):
            level2 = next(c for lv, _, c in d.iter_categories() if c["key"] == s["category"])
            inside = {a["key"] for l3 in level2["children"] for a in l3["articles"]}
            assert set(s["articles"]) <= inside


def test_promotions() -> None:
    assert len(d.PROMOTIONS) >= 4
    assert sum(p["display_on_banner"] and p["active"] for p in d.PROMOTIONS) >= 3
    category_keys = {c["key"] for _, _, c in d.iter_categories()}
    codes = [p["promo_code"] for p in d.PROMOTIONS]
    assert len(codes) == len(set(codes))
    for p in d.PROMOTIONS:
        assert tuple(p) == d.PROMOTION_FIELDS
        assert p["discount_type"] in {"PERCENT", "AMOUNT"}
        assert p["discount_value"] > 0
        if p["discount_type"] == "PERCENT":
            assert p["discount_value"] <= 100
        assert date.fromisoformat(p["end_date"]).year == 2027
        assert p["category"] is None or p["category"] in category_keys
        assert re.fullmatch(r"[A-Z0-9]+", p["promo_code"])
        if p["display_on_banner"]:
            assert p["banner_image"] and p["banner_image_small"]


def test_banners() -> None:
    assert len(d.BANNERS) == 4
    promo_keys = {p["key"] for p in d.PROMOTIONS}
    for i, banner in enumerate(d.BANNERS, start=1):
        assert banner["image"] == f"/img/banners/banner-{i}.webp"
        assert banner["image_small"] == f"/img/banners/banner-{i}-600.webp"
        assert banner["promotion"] is None or banner["promotion"] in promo_keys


def test_data_is_deterministic() -> None:
    assert d._build(d.CATALOGUE) == d.CATEGORIES
    assert d.category_sections() == d.category_sections()
