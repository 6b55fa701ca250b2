"""Put catalogues in the database: the demo shop (idempotent) and synthetic ones for benchmarks.

Both write with SQLAlchemy Core (`insert` of many dicts at once): the ORM's per-object
bookkeeping would make a 50,000-article benchmark catalogue take minutes instead of seconds.
Both bump the catalogue version so that every worker's JSON cache drops its old answers.
"""

from __future__ import annotations

import random
import zlib
from collections.abc import Iterable, Sequence
from datetime import date, datetime
from decimal import Decimal
from typing import Any

import sqlalchemy as sa
from sqlmodel import Session

from grocer.models.base import utcnow
from grocer.seed import demo_data, demo_translations
from grocer.services import search_index, translations
from grocer.services.catalogue import SA, A, C, N, P, S
from grocer.services.catalogue_cache import bump_version

SYNTHETIC_PREFIX = "syn-"
_CHUNK = 500  # keys per IN (...) lookup: well under SQLite's bound-parameter limit


# --- generic upsert by key ------------------------------------------------------------------


def _ids_by_key(db: Session, table: sa.Table, keys: Sequence[str]) -> dict[str, int]:
    out: dict[str, int] = {}
    for start in range(0, len(keys), _CHUNK):
        chunk = keys[start : start + _CHUNK]
        rows = db.execute(sa.select(table.c.key, table.c.id).where(table.c.key.in_(chunk)))
        out.update({key: id_ for key, id_ in rows})
    return out


def upsert_by_key(db: Session, table: sa.Table, rows: Sequence[dict[str, Any]]) -> dict[str, int]:
    """Insert new rows and update existing ones (matched on `key`); return key → id.

    Rows must all carry the same columns. Existing rows keep their id and `created_at`, which
    is what makes loading twice a no-op for counts and for the ids other tables refer to.
    """
    existing = _ids_by_key(db, table, [r["key"] for r in rows])
    new = [r for r in rows if r["key"] not in existing]
    if new:
        if "created_at" in table.c:
            now = utcnow()
            new = [{"created_at": now, "updated_at": now, **r} for r in new]
        db.execute(sa.insert(table), new)
    old = [{**r, "_id": existing[r["key"]]} for r in rows if r["key"] in existing]
    if old:
        db.execute(sa.update(table).where(table.c.id == sa.bindparam("_id")), old)
    return _ids_by_key(db, table, [r["key"] for r in rows])


def _replace_children(
    db: Session, table: sa.Table, parent_column: str, parent_ids: Iterable[int], rows: list[dict]
) -> None:
    """Child rows (nutrition, section membership) are replaced whole: simpler than a diff."""
    ids = list(parent_ids)
    for start in range(0, len(ids), _CHUNK):
        db.execute(sa.delete(table).where(table.c[parent_column].in_(ids[start : start + _CHUNK])))
    if rows:
        db.execute(sa.insert(table), rows)


# --- deterministic demo figures -------------------------------------------------------------


def _stable_int(key: str, modulo: int) -> int:
    """The same number for the same key on every machine (hash() is salted per process)."""
    return zlib.crc32(key.encode()) % modulo


def demo_popularity(key: str) -> int:
    return 50 + _stable_int(key, 950)


def demo_rating(key: str) -> Decimal:
    """Between 3.0 and 5.0, one decimal."""
    return Decimal(30 + _stable_int("rating:" + key, 21)) / 10


def _xof(value: int | float | None) -> Decimal | None:
    return None if value is None else Decimal(str(value)).quantize(Decimal("0.01"))


# --- the demo catalogue ---------------------------------------------------------------------


def _demo_category_rows(parent_ids: dict[str, int], level: int) -> list[dict[str, Any]]:
    rows: list[dict[str, Any]] = []
    position: dict[str | None, int] = {}
    for cat_level, parent_key, cat in demo_data.iter_categories():
        if cat_level != level:
            continue
        position[parent_key] = position.get(parent_key, 0) + 1
        rows.append(
            {
                "key": cat["key"],
                "name": cat["name"],
                "level": level,
                "parent_id": parent_ids[parent_key] if parent_key else None,
                "can_display_on_ui": True,
                "display_order": position[parent_key],
                "image_url": cat.get("image"),
                "icon": cat.get("icon"),
            }
        )
    return rows


def _demo_article_row(article: demo_data.Article, category_id: int) -> dict[str, Any]:
    """The demo's selling price is `price_xof`; when `original_price_xof` is set the article is
    on sale, so the regular price is the original and the sale price the selling price."""
    on_sale = article["original_price_xof"] is not None
    dims = article["dimensions"] or (None, None, None)
    return {
        "key": article["key"],
        "name": article["name"],
        "price": _xof(article["original_price_xof"] if on_sale else article["price_xof"]),
        "sale_price": _xof(article["price_xof"]) if on_sale else None,
        "original_price": _xof(article["original_price_xof"]),
        "weight": article["weight"],
        "length_cm": _xof(dims[0]),
        "width_cm": _xof(dims[1]),
        "height_cm": _xof(dims[2]),
        "image_urls": [article["image"]] if article["image"] else [],
        "savings": None,
        "promotion": article["promotion"],
        "express": article["express"],
        "product_quality": article["quality"],
        "description": article["description"],
        "brand": article["brand"],
        "origin": article["origin"],
        "category_id": category_id,
        "supplier_name": article["supplier"],
        "status": "ACTIVE",
        "required_licenses": [],
        "sold_by": article["sold_by"],
        "barcode": article["barcode"],
        "sku": article["sku"],
        "currency": "XOF",
        "is_new": article["is_new"],
        "is_organic": article["is_organic"],
        "is_local": article["is_local"],
        "is_gluten_free": article["is_gluten_free"],
        "is_kosher": article["is_kosher"],
        "popularity": demo_popularity(article["key"]),
        "rating": demo_rating(article["key"]),
    }


def _demo_promotion_row(promo: demo_data.Promotion, category_ids: dict[str, int]) -> dict:
    return {
        "key": promo["key"],
        "name": promo["name"],
        "description": promo["description"],
        "display_on_banner": promo["display_on_banner"],
        "active": promo["active"],
        "image_url": promo["image"],
        "promo_code": promo["promo_code"],
        "discount_value": _xof(promo["discount_value"]),
        "discount_type": promo["discount_type"],
        "end_date": date.fromisoformat(promo["end_date"]) if promo["end_date"] else None,
        "category_id": category_ids.get(promo["category"] or ""),
    }


def _demo_section_row(section: demo_data.Section, category_ids: dict[str, int]) -> dict:
    return {
        "key": section["key"],
        "title": section["title"],
        "description": section["description"],
        "image": section["image"],
        "display_order": section["display_order"],
        "active": section["active"],
        "category_id": category_ids.get(section["category"] or ""),
    }


def load_demo(db: Session) -> dict[str, int]:
    """Load (or refresh) the demo catalogue; running it again changes nothing but values.

    Returns how many of each thing the demo holds (the same on every run).
    """
    category_ids: dict[str, int] = {}
    for level in (1, 2, 3):
        category_ids |= upsert_by_key(db, C, _demo_category_rows(category_ids, level))

    articles = [(l3, a) for _l1, _l2, l3, a in demo_data.iter_articles()]
    article_ids = upsert_by_key(
        db, A, [_demo_article_row(a, category_ids[l3]) for l3, a in articles]
    )
    nutrition = [
        {
            "article_id": article_ids[a["key"]],
            "name": n["name"],
            "value": _xof(n["value"]),
            "unit": n["unit"],
        }
        for _l3, a in articles
        for n in a["nutrition"] or []
    ]
    _replace_children(db, N, "article_id", article_ids.values(), nutrition)

    sections = demo_data.all_sections()
    section_ids = upsert_by_key(db, S, [_demo_section_row(s, category_ids) for s in sections])
    members = [
        {"section_id": section_ids[s["key"]], "article_id": article_ids[key], "position": pos}
        for s in sections
        for pos, key in enumerate(dict.fromkeys(s["articles"]))
        if key in article_ids
    ]
    _replace_children(db, SA, "section_id", section_ids.values(), members)

    promo_ids = upsert_by_key(
        db, P, [_demo_promotion_row(p, category_ids) for p in demo_data.PROMOTIONS]
    )
    translated = _demo_translations(db, category_ids, article_ids, section_ids, promo_ids)
    search_index.rebuild(db)
    bump_version(db)
    db.commit()
    return {
        "translations": translated,
        "categories": len(category_ids),
        "articles": len(article_ids),
        "nutritions": len(nutrition),
        "sections": len(section_ids),
        "sectionArticles": len(members),
        "promotions": len(promo_ids),
    }


def _demo_translations(
    db: Session,
    category_ids: dict[str, int],
    article_ids: dict[str, int],
    section_ids: dict[str, int],
    promo_ids: dict[str, int],
) -> int:
    """The demo catalogue's en, es and de texts (`demo_translations`), replacing earlier ones."""
    categories = {c["key"]: c for _, _, c in demo_data.iter_categories()}
    sources = (
        ("category", ((category_ids[k], c["name"], None) for k, c in categories.items())),
        ("article", ((article_ids[k], a["name"], a["description"])
                     for k, a in demo_data.ARTICLES.items())),
        ("section", ((section_ids[s["key"]], s["title"], s["description"])
                     for s in demo_data.all_sections())),
        ("promotion", ((promo_ids[p["key"]], p["name"], p["description"])
                       for p in demo_data.PROMOTIONS)),
    )  # fmt: skip
    return sum(
        translations.put(db, kind, demo_translations.rows(iter(pairs))) for kind, pairs in sources
    )


# --- synthetic catalogues (benchmarks) ------------------------------------------------------

_SYN_BRANDS = tuple(f"Marque {i:02d}" for i in range(1, 31))
_SYN_ORIGINS = ("Burkina Faso", "Côte d'Ivoire", "Mali", "Sénégal", "Ghana", "France", "Maroc")
_SYN_NUTRIENTS = (
    ("calories", "kcal"),
    ("fat", "g"),
    ("sodium", "mg"),
    ("carbohydrate", "g"),
    ("fiber", "g"),
    ("protein", "g"),
)


def _synthetic_categories(
    db: Session, shape: tuple[int, int, int]
) -> tuple[list[int], list[int], int]:
    """A tree of shape[0] × shape[1] × shape[2] categories ("syn-c-3-2-7", "Catégorie 3.2.7").

    Returns the level-3 ids, the level-1 ids and the number of categories.
    """
    ids: dict[str, int] = {}
    paths: list[tuple[int, ...]] = [()]
    by_level: list[list[int]] = []
    for level, width in enumerate(shape, start=1):
        paths = [(*parent, i) for parent in paths for i in range(1, width + 1)]
        rows = [
            {
                "key": _synthetic_category_key(path),
                "name": "Catégorie " + ".".join(map(str, path)),
                "level": level,
                "parent_id": ids[_synthetic_category_key(path[:-1])] if level > 1 else None,
                "can_display_on_ui": True,
                "display_order": path[-1],
                "image_url": None,
                "icon": None,
            }
            for path in paths
        ]
        db.execute(sa.insert(C), rows)
        ids |= _ids_by_key(db, C, [r["key"] for r in rows])
        by_level.append([ids[r["key"]] for r in rows])
    return by_level[-1], by_level[0], len(ids)


def _synthetic_category_key(path: tuple[int, ...]) -> str:
    return f"{SYNTHETIC_PREFIX}c-" + "-".join(map(str, path))


#: Words that tell apart the articles of a realistic synthetic catalogue made from the demo's.
_SYN_VARIANTS = ("", "bio", "premium", "familial", "économique", "du marché", "extra", "maison")
_SYN_SIZES = ("250 g", "500 g", "1 kg", "x6", "x12", "2 L", "5 kg", "")


def _demo_like(i: int) -> tuple[demo_data.Article, str]:
    """The demo article the i-th realistic synthetic article is made from, and its suffix."""
    demo = _DEMO_ARTICLES[i % len(_DEMO_ARTICLES)]
    turn = i // len(_DEMO_ARTICLES)
    suffix = " ".join(
        w for w in (_SYN_VARIANTS[turn % len(_SYN_VARIANTS)], _SYN_SIZES[(turn // 8) % 8]) if w
    )
    return demo, suffix


_DEMO_ARTICLES: list[demo_data.Article] = list(demo_data.ARTICLES.values())


def _synthetic_article(
    i: int, category_id: int, rng: random.Random, now: datetime, realistic: bool = False
) -> dict[str, Any]:
    price = Decimal(rng.randrange(4, 400) * 25)
    on_sale = rng.random() < 0.3
    sale = (price * rng.choice((70, 75, 80, 85, 90)) / 2500).to_integral_value() * 25
    name, description, brand = f"Article synthétique {i}", f"Article de test numéro {i}.", None
    if realistic:
        demo, suffix = _demo_like(i)
        name = f"{demo['name']} {suffix}".strip()
        description, brand = demo["description"], demo["brand"]
    return {
        "key": f"{SYNTHETIC_PREFIX}a-{i}",
        "name": name,
        "price": price,
        "sale_price": sale if on_sale else None,
        "original_price": price if on_sale else None,
        "weight": f"{rng.choice((250, 500, 750, 1000))}g",
        "length_cm": None,
        "width_cm": None,
        "height_cm": None,
        "image_urls": [f"/img/products/synthetic-{i % 50}.webp"],
        "savings": None,
        "promotion": None,
        "express": rng.random() < 0.6,
        "product_quality": rng.choice((None, None, "Peak Quality")),
        "description": description,
        "brand": brand or rng.choice(_SYN_BRANDS),
        "origin": rng.choice(_SYN_ORIGINS),
        "category_id": category_id,
        "supplier_name": "Fournisseur de test",
        "status": "ACTIVE",
        "required_licenses": [],
        "sold_by": "Grocer Ouaga",
        "barcode": f"{2000000000000 + i}",
        "sku": f"SYN-{i:07d}",
        "currency": "XOF",
        "is_new": rng.random() < 0.1,
        "is_organic": rng.random() < 0.15,
        "is_local": rng.random() < 0.4,
        "is_gluten_free": rng.random() < 0.2,
        "is_kosher": rng.random() < 0.05,
        "popularity": rng.randrange(10_000),
        "rating": Decimal(rng.randrange(10, 51)) / 10,
        "created_at": now,
        "updated_at": now,
    }


def _synthetic_translations(db: Session, n: int, ids: dict[str, int], batch: int) -> None:
    """The realistic synthetic articles' names in en, es and de (their demo article's)."""
    rows = []
    for i in range(n):
        demo, suffix = _demo_like(i)
        for lang in demo_translations.LANGS:
            name = demo_translations.text(demo["name"], lang)
            if name:
                article_id = ids[f"{SYNTHETIC_PREFIX}a-{i}"]
                rows.append((article_id, lang, f"{name} {suffix}".strip(), None))
        if len(rows) >= batch * 3:
            translations.put(db, "article", rows)
            rows = []
    translations.put(db, "article", rows)


def clear_synthetic(db: Session) -> None:
    """Remove a previous synthetic catalogue, children first (no reliance on cascades)."""
    like = SYNTHETIC_PREFIX + "%"
    articles = sa.select(A.c.id).where(A.c.key.like(like))
    translations.delete(db, "article", db.execute(articles).scalars().all())
    sections = sa.select(S.c.id).where(S.c.key.like(like))
    db.execute(sa.delete(N).where(N.c.article_id.in_(articles)))
    db.execute(
        sa.delete(SA).where(sa.or_(SA.c.article_id.in_(articles), SA.c.section_id.in_(sections)))
    )
    db.execute(sa.delete(S).where(S.c.key.like(like)))
    db.execute(sa.delete(A).where(A.c.key.like(like)))
    for level in (3, 2, 1):
        db.execute(sa.delete(C).where(C.c.key.like(like), C.c.level == level))


def _synthetic_sections(
    db: Session, article_ids: list[int], level1_ids: list[int], rng: random.Random
) -> tuple[int, int]:
    """Six home sections and one section per level-1 category, 12 articles each."""
    rows = [
        {
            "key": f"{SYNTHETIC_PREFIX}s-home-{i}",
            "title": f"Sélection {i}",
            "description": f"Section de test {i}.",
            "image": None,
            "display_order": i,
            "active": True,
            "category_id": None,
        }
        for i in range(6)
    ] + [
        {
            "key": f"{SYNTHETIC_PREFIX}s-cat-{cid}",
            "title": f"Incontournables {cid}",
            "description": None,
            "image": None,
            "display_order": 0,
            "active": True,
            "category_id": cid,
        }
        for cid in level1_ids
    ]
    section_ids = upsert_by_key(db, S, rows)
    members = [
        {"section_id": sid, "article_id": aid, "position": pos}
        for sid in section_ids.values()
        for pos, aid in enumerate(rng.sample(article_ids, min(12, len(article_ids))))
    ]
    if members:
        db.execute(sa.insert(SA), members)
    return len(section_ids), len(members)


def load_synthetic(
    db: Session,
    n: int,
    batch: int = 2000,
    *,
    shape: tuple[int, int, int] = (10, 5, 10),
    seed: int = 1,
    realistic: bool = False,
) -> dict[str, int]:
    """A deterministic catalogue of `n` articles spread over a `shape` category tree.

    One article in three gets six nutrition rows; six home sections and one section per
    level-1 category, of 12 articles each. Replaces a previous synthetic catalogue.
    `realistic` (the search benchmark): names, brands and descriptions made from the demo
    articles' (with a variant and a size), their names in en, es and de too.
    """
    rng = random.Random(seed)
    clear_synthetic(db)
    leaves, level1_ids, n_categories = _synthetic_categories(db, shape)
    now = utcnow()
    for start in range(0, n, batch):
        stop = min(n, start + batch)
        db.execute(
            sa.insert(A),
            [
                _synthetic_article(i, leaves[i % len(leaves)], rng, now, realistic)
                for i in range(start, stop)
            ],
        )
    ids: dict[str, int] = dict(
        db.execute(sa.select(A.c.key, A.c.id).where(A.c.key.like(SYNTHETIC_PREFIX + "%"))).all()
    )
    nutrition = [
        {
            "article_id": ids[f"{SYNTHETIC_PREFIX}a-{i}"],
            "name": name,
            "value": Decimal(rng.randrange(500)),
            "unit": unit,
        }
        for i in range(0, n, 3)
        for name, unit in _SYN_NUTRIENTS
    ]
    for start in range(0, len(nutrition), batch):
        db.execute(sa.insert(N), nutrition[start : start + batch])
    n_sections, n_members = _synthetic_sections(db, sorted(ids.values()), level1_ids, rng)
    if realistic:
        _synthetic_translations(db, n, ids, batch)
    search_index.rebuild(db)
    bump_version(db)
    db.commit()
    return {
        "categories": n_categories,
        "articles": n,
        "nutritions": len(nutrition),
        "sections": n_sections,
        "sectionArticles": n_members,
    }
