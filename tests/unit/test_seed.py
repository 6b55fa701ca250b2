"""The catalogue loaders: the demo shop (idempotent, complete) and synthetic catalogues."""

from __future__ import annotations

from decimal import Decimal

import sqlalchemy as sa
from sqlmodel import Session

from grocer.seed import demo_data, loader
from grocer.services import catalogue as svc
from grocer.services.catalogue import SA, A, C, N, P, S
from grocer.services.catalogue_cache import read_version


def _count(db: Session, table: sa.Table, *where: sa.ColumnElement[bool]) -> int:
    return db.execute(sa.select(sa.func.count()).select_from(table).where(*where)).scalar_one()


def _table_counts(db: Session) -> dict[str, int]:
    return {t.name: _count(db, t) for t in (C, A, N, S, SA, P)}


def test_load_demo_is_idempotent(sqlite_db: Session) -> None:
    db = sqlite_db
    first = loader.load_demo(db)
    tables = _table_counts(db)
    ids = dict(db.execute(sa.select(A.c.key, A.c.id)).all())
    version = read_version(db)
    second = loader.load_demo(db)
    assert second == first
    assert _table_counts(db) == tables
    assert dict(db.execute(sa.select(A.c.key, A.c.id)).all()) == ids  # same ids: upserts
    assert read_version(db) == version + 1  # every load invalidates the caches
    assert tables == {
        "categories": first["categories"],
        "articles": first["articles"],
        "nutritions": first["nutritions"],
        "sections": first["sections"],
        "section_articles": first["sectionArticles"],
        "promotions": first["promotions"],
    }


def test_demo_catalogue_is_loaded_fully(sqlite_db: Session) -> None:
    db = sqlite_db
    counts = loader.load_demo(db)
    assert counts["articles"] == len(demo_data.ARTICLES) >= 300
    assert _count(db, C, C.c.level == 1) == len(demo_data.CATEGORIES) >= 8
    assert counts["categories"] == len(list(demo_data.iter_categories()))
    assert counts["sections"] == len(demo_data.all_sections())
    assert counts["promotions"] == len(demo_data.PROMOTIONS)
    assert _count(db, A, A.c.popularity > 0, A.c.rating.is_not(None)) == counts["articles"]


def test_demo_article_fields(sqlite_db: Session) -> None:
    db = sqlite_db
    loader.load_demo(db)
    on_sale = next(a for a in demo_data.ARTICLES.values() if a["original_price_xof"])
    row = db.execute(sa.select(A).where(A.c.key == on_sale["key"])).one()
    assert row.price == Decimal(on_sale["original_price_xof"])
    assert row.sale_price == Decimal(on_sale["price_xof"])
    assert row.image_urls == [on_sale["image"]]
    assert row.popularity == loader.demo_popularity(on_sale["key"])
    fed = next(a for a in demo_data.ARTICLES.values() if a["nutrition"])
    article = svc.get_article(
        db, db.execute(sa.select(A.c.id).where(A.c.key == fed["key"])).scalar_one()
    )
    assert [n["name"] for n in article["product"]["nutritions"]] == [
        n["name"] for n in fed["nutrition"] or []
    ]


def test_demo_sections_keep_their_order(sqlite_db: Session) -> None:
    db = sqlite_db
    loader.load_demo(db)
    home = svc.sections(db)
    expected = sorted(demo_data.home_sections(), key=lambda s: s["display_order"])
    assert [s["title"] for s in home] == [s["title"] for s in expected]
    first = demo_data.SECTIONS[1]
    got = next(s for s in home if s["key"] == first["key"])
    assert [a["key"] for a in got["articles"]] == first["articles"]


def test_demo_through_the_services(sqlite_db: Session) -> None:
    db = sqlite_db
    loader.load_demo(db)
    tree = svc.category_tree(db)
    assert [c["key"] for c in tree] == [c["key"] for c in demo_data.CATEGORIES]
    banner = svc.banner_promotions(db)
    assert [p["key"] for p in banner] == [
        p["key"] for p in demo_data.PROMOTIONS if p["display_on_banner"] and p["active"]
    ]
    first = demo_data.CATEGORIES[0]
    in_first = sum(1 for l1, *_ in demo_data.iter_articles() if l1 == first["key"])
    page = svc.articles_page(db, svc.page_query(category_id=tree[0]["id"]))
    assert page["total"] == in_first
    assert len(page["items"]) == min(18, in_first)


def test_load_synthetic(sqlite_db: Session) -> None:
    db = sqlite_db
    loader.load_demo(db)
    demo_articles = _count(db, A)
    counts = loader.load_synthetic(db, 1200, batch=500, shape=(2, 3, 4))
    assert counts["categories"] == 2 + 6 + 24
    assert counts["articles"] == 1200
    assert counts["nutritions"] == 400 * 6
    assert _count(db, A) == demo_articles + 1200
    again = loader.load_synthetic(db, 1200, batch=500, shape=(2, 3, 4))
    assert again == counts
    assert _count(db, A) == demo_articles + 1200  # replaced, not duplicated
    assert _count(db, C, C.c.key.like("syn-%")) == 32
    level1 = db.execute(sa.select(C.c.id).where(C.c.key == "syn-c-1")).scalar_one()
    page = svc.articles_page(db, svc.page_query(category_id=level1, size=18, page=3))
    assert page["total"] == 600
    assert len(page["items"]) == 18


def test_demo_figures_are_deterministic() -> None:
    assert loader.demo_popularity("mangue-kent") == loader.demo_popularity("mangue-kent")
    assert all(50 <= loader.demo_popularity(k) < 1000 for k in demo_data.ARTICLES)
    assert all(Decimal(3) <= loader.demo_rating(k) <= Decimal(5) for k in demo_data.ARTICLES)
