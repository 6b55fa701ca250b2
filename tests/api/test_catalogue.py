"""The catalogue REST contract (spec 001 §2, §3, §5, §7) on SQLite and PostgreSQL."""

from __future__ import annotations

import time
from collections.abc import Iterator
from dataclasses import dataclass
from decimal import Decimal
from typing import Any

import pytest
import sqlalchemy as sa
from fastapi.testclient import TestClient
from sqlmodel import Session

from grocer.seed.loader import upsert_by_key
from grocer.services.catalogue import SA, A, C, N, P, S
from grocer.services.catalogue_cache import CACHE, bump_version
from tests.support import API

# --- a small, hand-made catalogue -----------------------------------------------------------


def _category(key: str, name: str, level: int, parent: int | None, **kw: Any) -> dict:
    return {
        "key": key, "name": name, "level": level, "parent_id": parent,
        "can_display_on_ui": kw.get("visible", True), "display_order": kw.get("order", 1),
        "image_url": None, "icon": None,
    }  # fmt: skip


def _article(key: str, category_id: int, **kw: Any) -> dict:
    row: dict[str, Any] = {
        "key": key, "name": key.replace("-", " ").title(), "price": Decimal(1000),
        "sale_price": None, "original_price": None, "weight": "500g", "length_cm": None,
        "width_cm": None, "height_cm": None, "image_urls": [f"/img/products/{key}.webp"],
        "savings": None, "promotion": None, "express": False, "product_quality": None,
        "description": None, "brand": "Brand A", "origin": "Burkina Faso",
        "category_id": category_id, "supplier_name": "Coop", "status": "ACTIVE",
        "required_licenses": [], "sold_by": "Grocer", "barcode": None, "sku": None,
        "currency": "XOF", "is_new": False, "is_organic": False, "is_local": False,
        "is_gluten_free": False, "is_kosher": False, "popularity": 0, "rating": None,
    }  # fmt: skip
    row.update(kw)
    return row


def _section(key: str, order: int, *, category_id: int | None = None, **kw: Any) -> dict:
    return {
        "key": key, "title": kw.get("title", key), "description": None,
        "image": kw.get("image"), "display_order": order, "active": kw.get("active", True),
        "category_id": category_id,
    }  # fmt: skip


def _promotion(key: str, **kw: Any) -> dict:
    row = {
        "key": key, "name": key, "description": f"{key} text", "display_on_banner": True,
        "active": True, "image_url": None, "promo_code": None, "discount_value": None,
        "discount_type": None, "end_date": None, "category_id": None,
    }  # fmt: skip
    row.update(kw)
    return row


@dataclass
class Ids:
    cat: dict[str, int]
    art: dict[str, int]
    sec: dict[str, int]


@pytest.fixture
def catalogue(db: Session) -> Ids:
    """Boissons (order 1) < Épicerie, Fruits (order 2, accent-insensitive name order); a hidden
    level 1 and a hidden level 3; 25 sodas for paging; six sardines for sorts and filters."""
    cat = upsert_by_key(db, C, [
        _category("fruits", "Fruits", 1, None, order=2),
        _category("epicerie", "Épicerie", 1, None, order=2),
        _category("boissons", "Boissons", 1, None, order=1),
        _category("cache", "Caché", 1, None, order=0, visible=False),
    ])  # fmt: skip
    cat |= upsert_by_key(db, C, [
        _category("conserves", "Conserves", 2, cat["epicerie"]),
        _category("jus", "Jus", 2, cat["boissons"]),
        _category("cache-2", "Sous caché", 2, cat["cache"]),
    ])  # fmt: skip
    cat |= upsert_by_key(db, C, [
        _category("sardines", "Sardines", 3, cat["conserves"], order=1),
        _category("oeufs", "Œufs", 3, cat["conserves"], order=2),
        _category("huiles", "huiles", 3, cat["conserves"], order=3),
        _category("epices", "Épices", 3, cat["conserves"], order=4),
        _category("zinc", "Zinc caché", 3, cat["conserves"], visible=False),
        _category("sodas", "Sodas", 3, cat["jus"]),
        _category("nectars", "Nectars", 3, cat["jus"]),
    ])  # fmt: skip
    d = Decimal
    art = upsert_by_key(db, A, [
        # key, price, sale, original, popularity, rating, brand, origin, flags
        _article("s-plain", cat["sardines"], price=d(500), popularity=50, rating=d("4.0")),
        _article("s-sale-10", cat["sardines"], price=d(1000), sale_price=d(900),
                 popularity=10, rating=d("4.5"), brand="Brand B", is_new=True),
        _article("s-sale-50", cat["sardines"], price=d(2000), sale_price=d(1000),
                 original_price=d(2000), popularity=20, is_organic=True, origin="Maroc"),
        _article("s-top", cat["sardines"], price=d(3000), popularity=90, rating=d("3.0"),
                 is_local=True, is_organic=True, brand="Brand B"),
        _article("s-cheap", cat["sardines"], price=d(100), popularity=30, rating=d("5.0"),
                 origin="Maroc"),
        _article("s-draft", cat["sardines"], price=d(1), popularity=999, status="DRAFT"),
        *(
            _article(f"soda-{i:02d}", cat["sodas"], price=d(300 + i), popularity=100 + i)
            for i in range(25)
        ),
        _article("nectar", cat["nectars"], popularity=5),
    ])  # fmt: skip
    db.execute(sa.insert(N), [
        {"article_id": art["s-top"], "name": "fat", "value": d("3.5"), "unit": "g"},
        {"article_id": art["s-top"], "name": "sodium", "value": d(120), "unit": "mg"},
    ])  # fmt: skip
    sec = upsert_by_key(db, S, [
        _section("home-b", 1, title="B"),
        _section("home-a", 0, title="A", image="/img/sections/a.webp"),
        _section("home-empty", 0, title="Empty"),
        _section("home-off", 0, title="Off", active=False),
        _section("sec-epicerie", 0, category_id=cat["epicerie"]),
        _section("sec-sardines", 1, category_id=cat["sardines"]),
        _section("sec-jus", 0, category_id=cat["jus"]),
    ])  # fmt: skip
    members = [
        ("home-a", ["s-top", "s-plain", "s-cheap"]),
        ("home-b", ["soda-03", "s-draft", "soda-01"]),
        ("home-off", ["s-top"]),
        ("sec-epicerie", ["s-plain"]),
        ("sec-sardines", ["s-cheap", "s-top"]),
        ("sec-jus", ["nectar"]),
    ]
    db.execute(sa.insert(SA), [
        {"section_id": sec[s], "article_id": art[a], "position": pos}
        for s, keys in members for pos, a in enumerate(keys)
    ])  # fmt: skip
    upsert_by_key(db, P, [
        _promotion("banner-ok"),
        _promotion("banner-name-only", description=""),
        _promotion("banner-blank", name=" ", description=None),
        _promotion("banner-off", active=False),
        _promotion("not-banner", display_on_banner=False, category_id=cat["jus"]),
        _promotion("boissons", display_on_banner=False, category_id=cat["boissons"],
                   active=False),
    ])  # fmt: skip
    bump_version(db)
    db.commit()
    return Ids(cat, art, sec)


@pytest.fixture(autouse=True)
def _fresh_cache() -> Iterator[None]:
    CACHE.clear()
    yield
    CACHE.clear()
    CACHE.clock = time.monotonic


def get(client: TestClient, path: str, status: int = 200, **params: Any) -> Any:
    response = client.get(API + path, params=params)
    assert response.status_code == status, response.text
    return response.json()


def names(items: list[dict]) -> list[str]:
    return [i["name"] for i in items]


def keys(items: list[dict]) -> list[str]:
    return [i["key"] for i in items]


# --- categories -----------------------------------------------------------------------------


def test_category_tree_order_and_visibility(client: TestClient, catalogue: Ids) -> None:
    tree = get(client, "/categories")
    assert names(tree) == ["Boissons", "Épicerie", "Fruits"]  # hidden "Caché" is gone
    epicerie = tree[1]
    assert set(epicerie) >= {
        "id", "name", "level", "parent", "canDisplayOnUi", "displayOrder", "imageUrl", "icon",
        "children",
    }  # fmt: skip
    conserves = epicerie["children"][0]
    assert (conserves["level"], conserves["parent"]) == (2, epicerie["id"])
    # Level 3 by name only, accents and case ignored; the hidden one is left out.
    assert names(conserves["children"]) == ["Épices", "huiles", "Œufs", "Sardines"]
    assert all(c["children"] == [] for c in conserves["children"])


def test_get_category_with_path(client: TestClient, catalogue: Ids) -> None:
    sardines = get(client, f"/categories/{catalogue.cat['sardines']}")
    assert [p["name"] for p in sardines["path"]] == ["Épicerie", "Conserves", "Sardines"]
    assert [p["level"] for p in sardines["path"]] == [1, 2, 3]
    conserves = get(client, f"/categories/{catalogue.cat['conserves']}")
    assert names(conserves["children"]) == ["Épices", "huiles", "Œufs", "Sardines"]


def test_category_errors(client: TestClient, catalogue: Ids) -> None:
    assert get(client, "/categories/999999", 404)["key"] == "catalogue.errors.categoryNotFound"
    assert get(client, "/categories/abc", 400)["field"] == "category_id"


# --- sections -------------------------------------------------------------------------------


def test_home_sections(client: TestClient, catalogue: Ids) -> None:
    home = get(client, "/web-ui/articles-sections", articlesonly="false", active="true")
    # displayOrder ascending, then id; inactive and category sections left out.
    assert [s["title"] for s in home] == ["A", "Empty", "B"]
    a, empty, b = home
    assert set(a) >= {"id", "title", "description", "image", "displayOrder", "articles"}
    assert keys(a["articles"]) == ["s-top", "s-plain", "s-cheap"]  # position order
    assert keys(b["articles"]) == ["soda-03", "soda-01"]  # the draft is not listed
    assert empty["articles"] == []
    only = get(client, "/web-ui/articles-sections", articlesonly="true")
    assert [s["title"] for s in only] == ["A", "B"]
    inactive = get(client, "/web-ui/articles-sections", active="false")
    assert [s["title"] for s in inactive] == ["Off"]


def test_sections_of_categories_include_descendants(client: TestClient, catalogue: Ids) -> None:
    cat = catalogue.cat
    got = get(client, "/web-ui/articles-sections", categoryIds=str(cat["epicerie"]))
    assert keys(got) == ["sec-epicerie", "sec-sardines"]
    both = get(client, "/web-ui/articles-sections", categoryIds=f"{cat['jus']},{cat['sardines']}")
    assert keys(both) == ["sec-jus", "sec-sardines"]
    assert get(client, "/web-ui/articles-sections", categoryIds="999999") == []
    bad = get(client, "/web-ui/articles-sections", 400, categoryIds="1,x")
    assert bad["field"] == "categoryIds"
    assert get(client, "/web-ui/articles-sections", 400, articlesonly="maybe")["field"]


def test_get_section(client: TestClient, catalogue: Ids) -> None:
    section = get(client, f"/web-ui/articles-sections/{catalogue.sec['sec-sardines']}")
    assert keys(section["articles"]) == ["s-cheap", "s-top"]
    assert get(client, "/web-ui/articles-sections/999999", 404)["key"] == (
        "catalogue.errors.sectionNotFound"
    )


# --- promotions -----------------------------------------------------------------------------


def test_banner_promotions(client: TestClient, catalogue: Ids) -> None:
    banner = get(client, "/web-ui/promotions/banner")
    assert keys(banner) == ["banner-ok", "banner-name-only"]
    assert all(p["displayOnBanner"] and p["active"] for p in banner)


def test_promotions_filters(client: TestClient, catalogue: Ids) -> None:
    assert len(get(client, "/web-ui/promotions")) == 6
    assert len(get(client, "/web-ui/promotions", active="true")) == 4
    of_boissons = get(client, "/web-ui/promotions", categoryId=catalogue.cat["boissons"])
    assert keys(of_boissons) == ["not-banner", "boissons"]  # the category and below it
    active_boissons = get(
        client, "/web-ui/promotions", categoryId=catalogue.cat["boissons"], active="true"
    )
    assert keys(active_boissons) == ["not-banner"]
    assert get(client, "/web-ui/promotions", 400, categoryId="x")["field"] == "categoryId"
    assert get(client, "/web-ui/promotions", 404, categoryId=999999)


# --- article pages --------------------------------------------------------------------------


def test_paging_totals(client: TestClient, catalogue: Ids) -> None:
    sodas = catalogue.cat["sodas"]
    page = get(client, "/web-ui/articles", categoryid=sodas, page=3, size=10)
    assert (page["total"], page["pages"], page["page"], page["size"]) == (25, 3, 3, 10)
    assert len(page["items"]) == 5
    first = get(client, "/web-ui/articles", categoryid=sodas)
    assert (len(first["items"]), first["size"], first["pages"]) == (18, 18, 2)
    assert keys(first["items"])[:2] == ["soda-24", "soda-23"]  # most popular first
    past = get(client, "/web-ui/articles", categoryid=sodas, page=9, size=10)
    assert (past["items"], past["total"]) == ([], 25)
    capped = get(client, "/web-ui/articles", categoryid=sodas, size=1000)
    assert (capped["size"], len(capped["items"])) == (100, 25)
    seen = [
        key
        for n in (1, 2, 3)
        for key in keys(get(client, "/web-ui/articles", categoryid=sodas, page=n, size=10)["items"])
    ]
    assert sorted(seen) == sorted(f"soda-{i:02d}" for i in range(25))  # no overlap, no gap


def test_category_scope_includes_descendants(client: TestClient, catalogue: Ids) -> None:
    cat = catalogue.cat
    assert get(client, "/web-ui/articles", categoryid=cat["boissons"])["total"] == 26
    assert get(client, "/web-ui/articles", categoryid=cat["jus"])["total"] == 26
    assert get(client, "/web-ui/articles", categoryid=cat["epicerie"])["total"] == 5
    camel = get(client, "/web-ui/articles", categoryId=cat["epicerie"])  # also accepted
    assert camel["total"] == 5
    everything = get(client, "/web-ui/articles", size=100)
    assert everything["total"] == 31  # listed articles only: the draft is left out
    assert "s-draft" not in keys(everything["items"])


def test_section_scope(client: TestClient, catalogue: Ids) -> None:
    got = get(client, "/web-ui/articles", sectionId=catalogue.sec["home-a"])
    assert sorted(keys(got["items"])) == ["s-cheap", "s-plain", "s-top"]
    assert get(client, "/web-ui/articles", 404, sectionId=999999)["key"] == (
        "catalogue.errors.sectionNotFound"
    )


@pytest.mark.parametrize(
    ("sort", "expected"),
    [
        ("popular", ["s-top", "s-plain", "s-cheap", "s-sale-50", "s-sale-10"]),
        ("rating", ["s-cheap", "s-sale-10", "s-plain", "s-top", "s-sale-50"]),  # unrated last
        ("sale", ["s-sale-50", "s-sale-10", "s-top", "s-plain", "s-cheap"]),
        ("price_asc", ["s-cheap", "s-plain", "s-sale-10", "s-sale-50", "s-top"]),
        ("price_desc", ["s-top", "s-sale-50", "s-sale-10", "s-plain", "s-cheap"]),
    ],
)
def test_sorts(client: TestClient, catalogue: Ids, sort: str, expected: list[str]) -> None:
    page = get(client, "/web-ui/articles", categoryid=catalogue.cat["sardines"], sort=sort)
    assert keys(page["items"]) == expected


def test_filters_and_facets(client: TestClient, catalogue: Ids) -> None:
    sardines = catalogue.cat["sardines"]

    def listed(**params: Any) -> list[str]:
        return sorted(keys(get(client, "/web-ui/articles", categoryid=sardines, **params)["items"]))

    assert listed(shopBy="sale") == ["s-sale-10", "s-sale-50"]
    assert listed(shopBy="organic") == ["s-sale-50", "s-top"]
    assert listed(shopBy="organic,local") == ["s-top"]  # shop-by values combine with AND
    assert listed(shopBy=["organic", "sale"]) == ["s-sale-50"]
    assert listed(shopBy="new") == ["s-sale-10"]
    assert listed(brand="Brand B") == ["s-sale-10", "s-top"]
    assert listed(brand=["Brand A", "Brand B"]) == listed()  # brands combine with OR
    assert listed(origin="Maroc") == ["s-cheap", "s-sale-50"]
    assert listed(origin="Maroc", shopBy="sale") == ["s-sale-50"]
    facets = get(client, "/web-ui/articles", categoryid=sardines, brand="Brand B")["facets"]
    assert facets == {
        "brands": ["Brand A", "Brand B"],  # the scope's options, before the shopper's filters
        "origins": ["Burkina Faso", "Maroc"],
        "shopBy": ["sale", "new", "organic", "local"],
    }
    sodas = get(client, "/web-ui/articles", categoryid=catalogue.cat["sodas"])["facets"]
    assert sodas["shopBy"] == []


@pytest.mark.parametrize(
    ("params", "field"),
    [
        ({"page": -1}, "page"),
        ({"page": 0}, "page"),
        ({"size": "abc"}, "size"),
        ({"size": 0}, "size"),
        ({"categoryid": "xyz"}, "categoryid"),
        ({"sectionId": "1.5"}, "sectionId"),
        ({"sort": "cheapest"}, "sort"),
        ({"shopBy": "kosher"}, "shopBy"),
    ],
)
def test_bad_page_parameters_are_400(
    client: TestClient, catalogue: Ids, params: dict[str, Any], field: str
) -> None:
    body = get(client, "/web-ui/articles", 400, **params)
    assert body["field"] == field
    assert body["message"]


def test_unknown_category_is_404(client: TestClient, catalogue: Ids) -> None:
    assert get(client, "/web-ui/articles", 404, categoryid=999999)["message"] == (
        "Catégorie introuvable"
    )
    assert get(client, "/web-ui/articles", 404, categoryid=2**40)


# --- one article ----------------------------------------------------------------------------


def test_article_detail(client: TestClient, catalogue: Ids) -> None:
    top = get(client, f"/articles/{catalogue.art['s-top']}")
    assert top["product"]["nutritions"] == [
        {"name": "fat", "value": 3.5, "unit": "g"},
        {"name": "sodium", "value": 120, "unit": "mg"},
    ]
    assert top["category"] == {"id": catalogue.cat["sardines"], "name": "Sardines"}
    assert top["supplier"] == {"name": "Coop"}
    assert (top["price"], top["salePrice"], top["originalPrice"]) == ("3000.00", None, None)
    assert top["discountPercent"] is None
    assert top["imageUrl"] == "/img/products/s-top.webp"
    sale = get(client, f"/articles/{catalogue.art['s-sale-10']}")
    assert (sale["price"], sale["salePrice"], sale["originalPrice"]) == (
        "1000.00",
        "900.00",
        "1000.00",
    )
    assert sale["discountPercent"] == 10
    draft = get(client, f"/articles/{catalogue.art['s-draft']}")  # reachable by id
    assert draft["status"] == "DRAFT"


def test_article_not_found(client: TestClient, catalogue: Ids) -> None:
    body = get(client, "/articles/999999", 404)
    assert body["message"] == "Produit non trouvé"
    assert get(client, "/articles/0", 400)["field"] == "article_id"  # ids are 1..2^31-1
    assert get(client, "/articles/abc", 400)["field"] == "article_id"
    for junk in ("%EF%BC%95", "+5", "-5", "2147483648", "99999999999999999999999", "5.0"):
        body = get(client, f"/articles/{junk}", 400)  # full-width digits, signs, beyond 2^31-1
        assert (body["field"], body["message"]) == ("article_id", "Champ invalide : article_id")
    assert get(client, "/articles/5", 400, lang="xx")["field"] == "lang"


def test_related_articles(client: TestClient, catalogue: Ids) -> None:
    soda = catalogue.art["soda-24"]
    related = get(client, f"/articles/{soda}/related")
    assert len(related) == 6
    assert soda not in [r["id"] for r in related]
    assert all(r["category"]["id"] == catalogue.cat["sodas"] for r in related)
    assert keys(related) == [f"soda-{i:02d}" for i in range(23, 17, -1)]
    alone = get(client, f"/articles/{catalogue.art['nectar']}/related")
    assert alone == []
    assert get(client, "/articles/999999/related", 404)["message"] == "Produit non trouvé"


# --- the cache follows the catalogue version ------------------------------------------------


def _set_price(db: Session, article_id: int, price: int, *, bump: bool) -> None:
    db.execute(sa.update(A).where(A.c.id == article_id).values(price=Decimal(price)))
    if bump:
        bump_version(db)
    db.commit()


def test_cache_serves_the_new_version_after_a_change(
    client: TestClient, db: Session, catalogue: Ids
) -> None:
    path = f"/articles/{catalogue.art['s-plain']}"
    assert get(client, path)["price"] == "500.00"
    assert get(client, path)["price"] == "500.00"
    hits = CACHE.hits
    assert get(client, path)["price"] == "500.00"
    assert CACHE.hits == hits + 1  # answered from the cache
    _set_price(db, catalogue.art["s-plain"], 650, bump=True)
    assert get(client, path)["price"] == "650.00"  # the writing worker sees it at once
    page = get(client, "/web-ui/articles", categoryid=catalogue.cat["sardines"], sort="price_asc")
    assert page["items"][1]["price"] == "650.00"


def test_other_workers_agree_within_a_second(
    client: TestClient, db: Session, catalogue: Ids
) -> None:
    """A change made elsewhere (raw SQL, no in-process hook) shows after the check interval."""
    now = [1000.0]
    CACHE.clock = lambda: now[0]
    path = f"/articles/{catalogue.art['s-plain']}"
    assert get(client, path)["price"] == "500.00"
    db.execute(sa.update(A).where(A.c.id == catalogue.art["s-plain"]).values(price=Decimal(700)))
    db.execute(sa.text("UPDATE catalogue_version SET version = version + 1 WHERE id = 1"))
    db.commit()
    now[0] += 0.5
    assert get(client, path)["price"] == "500.00"  # still the cached answer...
    now[0] += 0.5
    assert get(client, path)["price"] == "700.00"  # ...until the once-a-second check


def test_unchanged_data_without_a_bump_stays_cached(
    client: TestClient, db: Session, catalogue: Ids
) -> None:
    """The version, not the clock, decides: no bump, no re-read of the data."""
    now = [0.0]
    CACHE.clock = lambda: now[0]
    path = f"/articles/{catalogue.art['s-plain']}"
    assert get(client, path)["price"] == "500.00"
    _set_price(db, catalogue.art["s-plain"], 800, bump=False)
    now[0] += 5
    assert get(client, path)["price"] == "500.00"


def test_responses_are_json(client: TestClient, catalogue: Ids) -> None:
    response = client.get(f"{API}/categories")
    assert response.headers["content-type"] == "application/json"


def test_article_page_parameters_are_documented(client: TestClient, catalogue: Ids) -> None:
    """The page query is parsed by hand (speed); its parameters still reach the OpenAPI docs."""
    spec = client.get(f"{API}/openapi.json").json()
    params = spec["paths"][f"{API}/web-ui/articles"]["get"]["parameters"]
    assert {p["name"] for p in params} == {
        "categoryid", "categoryId", "sectionId", "page", "size", "sort", "shopBy", "brand",
        "origin", "lang",
    }  # fmt: skip


# --- languages (issue 16) ---------------------------------------------------------------------


def test_the_catalogue_answers_in_the_shoppers_language(client: TestClient, db: Session) -> None:
    """`?lang=` first, then Accept-Language, French when a text has no translation; each
    language is its own cache entry."""
    from grocer.seed import loader

    loader.load_demo(db)
    kent = db.execute(sa.select(A.c.id).where(A.c.key == "mangue-kent")).scalar_one()
    french = client.get(f"{API}/articles/{kent}").json()
    english = client.get(f"{API}/articles/{kent}", params={"lang": "en"}).json()
    german = client.get(f"{API}/articles/{kent}", headers={"Accept-Language": "de-DE,de"}).json()
    assert (french["name"], english["name"], german["name"]) == (
        "Mangue Kent", "Kent mango", "Kent-Mango",
    )  # fmt: skip
    assert english["description"].startswith("Juicy mangoes")
    assert english["category"]["name"] == "Mangoes"
    tree = client.get(f"{API}/categories", params={"lang": "es"}).json()
    assert tree[0]["name"] == "Frutas y verduras"
    home = client.get(f"{API}/web-ui/articles-sections", params={"lang": "en"}).json()
    assert home[0]["title"] == "This week's deals"
    banner = client.get(f"{API}/web-ui/promotions/banner", params={"lang": "de"}).json()
    assert banner[0]["name"] == "Willkommen bei Grocer"
    page = client.get(f"{API}/web-ui/articles", params={"lang": "en", "size": 100}).json()
    assert all(item["name"] for item in page["items"])
    assert client.get(f"{API}/categories", params={"lang": "xx"}).status_code == 400
