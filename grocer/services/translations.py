"""The catalogue in the shopper's language: names and descriptions of articles, categories,
sections and promotions in en, es and de over the French source, French when one is missing.

Why one module: every catalogue answer (pages, sections, product, search, suggestions) must
translate the same way, and with one query per answer, not one per article. The services build
their French dicts as before and hand them here with the language; French costs nothing.
"""

from __future__ import annotations

from collections.abc import Iterable, Iterator, Sequence
from typing import Any

import sqlalchemy as sa
from sqlmodel import Session

from grocer.models.catalogue import TRANSLATED_KINDS, CatalogueTranslation
from grocer.models.constants import DEFAULT_LANGUAGE, LANGUAGES

T: sa.Table = CatalogueTranslation.__table__  # type: ignore[assignment]
_CHUNK = 500

Texts = tuple[str | None, str | None]  # (name, description)


def _chunks(ids: Sequence[int]) -> Iterator[Sequence[int]]:
    for start in range(0, len(ids), _CHUNK):
        yield ids[start : start + _CHUNK]


#: One prepared statement for every lookup: building the expression per call cost more than
#: the product page's own two queries (measured: 0.27 ms in French, 0.69 ms in English).
_TEXTS = sa.select(T.c.kind, T.c.ref_id, T.c.name, T.c.description).where(
    T.c.lang == sa.bindparam("lang"),
    T.c.kind.in_(sa.bindparam("kinds", expanding=True)),
    T.c.ref_id.in_(sa.bindparam("ids", expanding=True)),
)


#: One article's texts and its category's name: the product page's miss, the commonest build
#: of all, without the expanding IN lists of `_TEXTS` (rendering them costs more than the read).
_ARTICLE_TEXTS = sa.select(T.c.kind, T.c.name, T.c.description).where(
    T.c.lang == sa.bindparam("lang"),
    sa.or_(
        sa.and_(T.c.kind == "article", T.c.ref_id == sa.bindparam("article_id")),
        sa.and_(T.c.kind == "category", T.c.ref_id == sa.bindparam("category_id")),
    ),
)


def texts_of(
    db: Session, wanted: dict[str, Iterable[int]], lang: str
) -> dict[str, dict[int, Texts]]:
    """kind → ref_id → (name, description) in `lang`, for several kinds in one query (an
    article and its category's name, say)."""
    sets = {kind: {int(i) for i in ids if i is not None} for kind, ids in wanted.items()}
    out: dict[str, dict[int, Texts]] = {kind: {} for kind in sets}
    kinds = [kind for kind, ids in sets.items() if ids]
    if lang == DEFAULT_LANGUAGE or lang not in LANGUAGES or not kinds:
        return out
    every = sorted(set().union(*sets.values()))
    for chunk in _chunks(every):
        rows = db.execute(_TEXTS, {"lang": lang, "kinds": kinds, "ids": list(chunk)})
        for r in rows:
            if r.ref_id in sets[r.kind]:
                out[r.kind][r.ref_id] = (r.name, r.description)
    return out


def texts(db: Session, kind: str, ids: Iterable[int], lang: str) -> dict[int, Texts]:
    """ref_id → (name, description) in `lang` for those that have a translation."""
    return texts_of(db, {kind: ids}, lang)[kind]


def all_texts(db: Session, kind: str, ids: Iterable[int]) -> dict[int, list[Texts]]:
    """ref_id → every translation's (name, description): what search indexes besides French."""
    wanted = sorted({int(i) for i in ids if i is not None})
    out: dict[int, list[Texts]] = {}
    for chunk in _chunks(wanted):
        rows = db.execute(
            sa.select(T.c.ref_id, T.c.name, T.c.description)
            .where(T.c.kind == kind, T.c.ref_id.in_(chunk))
            .order_by(T.c.ref_id, T.c.lang)
        )
        for r in rows:
            out.setdefault(r.ref_id, []).append((r.name, r.description))
    return out


def put(
    db: Session,
    kind: str,
    rows: Iterable[tuple[int, str, str | None, str | None]],
) -> int:
    """Store (ref_id, lang, name, description) translations, replacing earlier ones; French is
    never stored here (it is the row itself). Returns how many were written.

    The caller reindexes search and bumps the catalogue version in the same transaction
    (`grocer.services.search_index`, `catalogue_cache.bump_version`)."""
    if kind not in TRANSLATED_KINDS:
        raise ValueError(f"unknown kind {kind!r}")
    values = [
        {"kind": kind, "ref_id": ref, "lang": lang, "name": name, "description": description}
        for ref, lang, name, description in rows
        if lang in LANGUAGES and lang != DEFAULT_LANGUAGE
    ]
    refs = sorted({v["ref_id"] for v in values})
    for chunk in _chunks(refs):
        langs = {v["lang"] for v in values}
        db.execute(sa.delete(T).where(T.c.kind == kind, T.c.ref_id.in_(chunk), T.c.lang.in_(langs)))
    for start in range(0, len(values), _CHUNK):
        db.execute(sa.insert(T), values[start : start + _CHUNK])
    return len(values)


def delete(db: Session, kind: str, ids: Iterable[int]) -> None:
    """Forget the translations of rows that are gone."""
    for chunk in _chunks(sorted(set(ids))):
        db.execute(sa.delete(T).where(T.c.kind == kind, T.c.ref_id.in_(chunk)))


# --- overlaying the French dicts --------------------------------------------------------------


def _apply(item: dict[str, Any], found: Texts | None, name_key: str = "name") -> None:
    if not found:
        return
    name, description = found
    if name:
        item[name_key] = name
    if description and "description" in item:
        item["description"] = description


def _apply_article(item: dict[str, Any], found: Texts | None, category: Texts | None) -> None:
    """An article dict put into a language: its own texts and its category's name."""
    _apply(item, found)
    shown = item.get("category")
    if shown and category and category[0]:
        item["category"] = {**shown, "name": category[0]}


def articles(db: Session, items: list[dict[str, Any]], lang: str) -> list[dict[str, Any]]:
    """Article dicts (as `serializers.article_dict` makes them) in `lang`, in place: name,
    description and category name."""
    if lang == DEFAULT_LANGUAGE or not items:
        return items
    found = texts_of(
        db,
        {
            "article": (i["id"] for i in items),
            "category": (i["category"]["id"] for i in items if i.get("category")),
        },
        lang,
    )
    names, cats = found["article"], found["category"]
    for item in items:
        category = item.get("category")
        _apply_article(item, names.get(item["id"]), cats.get(category["id"]) if category else None)
    return items


def article(db: Session, item: dict[str, Any], lang: str) -> dict[str, Any]:
    """One article dict in `lang`, in place, as `articles` does it for many."""
    if lang == DEFAULT_LANGUAGE or lang not in LANGUAGES:
        return item
    category = item.get("category")
    found = {
        r.kind: (r.name, r.description)
        for r in db.execute(
            _ARTICLE_TEXTS,
            {
                "lang": lang,
                "article_id": item["id"],
                "category_id": category["id"] if category else None,
            },
        )
    }
    _apply_article(item, found.get("article"), found.get("category"))
    return item


def categories(db: Session, nodes: list[dict[str, Any]], lang: str) -> list[dict[str, Any]]:
    """A category tree (or list) in `lang`, in place, children and `path` included."""
    if lang == DEFAULT_LANGUAGE or not nodes:
        return nodes
    flat: list[dict[str, Any]] = []
    stack = list(nodes)
    while stack:
        node = stack.pop()
        flat.append(node)
        stack.extend(node.get("children") or [])
        flat.extend(node.get("path") or [])
    names = texts(db, "category", (n["id"] for n in flat), lang)
    for node in flat:
        found = names.get(node["id"])
        if found and found[0]:
            node["name"] = found[0]
    return nodes


def _rows(
    db: Session, kind: str, items: list[dict[str, Any]], lang: str, name_key: str = "name"
) -> bool:
    """Rows of `kind` put into `lang` in place; False when nothing was to translate."""
    if lang == DEFAULT_LANGUAGE or not items:
        return False
    found = texts(db, kind, (item["id"] for item in items), lang)
    for item in items:
        _apply(item, found.get(item["id"]), name_key=name_key)
    return True


def sections(db: Session, items: list[dict[str, Any]], lang: str) -> list[dict[str, Any]]:
    """Section dicts in `lang` (title, description, and their articles), in place."""
    if _rows(db, "section", items, lang, name_key="title"):
        articles(db, [a for s in items for a in s.get("articles") or []], lang)
    return items


def promotions(db: Session, items: list[dict[str, Any]], lang: str) -> list[dict[str, Any]]:
    """Promotion dicts in `lang`, in place."""
    _rows(db, "promotion", items, lang)
    return items
