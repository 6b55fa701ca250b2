"""Keeping the search index in step with the catalogue, in the writer's own transaction.

Why here and not in database triggers: a document gathers an article's names in four
languages, its categories' names and its brand, all folded by `search_text` so that both
engines see the same words; that needs Python. Every catalogue writer (the seed loaders,
translations, future admin edits) calls `reindex_articles` / `reindex_categories` (or
`rebuild`) before it commits, next to `bump_version`: a search never sees a catalogue change
without its index, or the reverse. The engine tables follow the documents in that same
transaction: FTS5's by triggers, PostgreSQL's postings by the statements here (an article
document's ids leave their keys as it is deleted, and join them once written).
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterable, Sequence
from typing import Any

import sqlalchemy as sa
from sqlmodel import Session

from grocer.models import Article, Category
from grocer.models.search import (
    ARTICLE_DOC,
    AVAILABLE_STATUS,
    CATEGORY_DOC,
    CATEGORY_DOC_BASE,
    PG_POSTINGS,
    SHOWN_STATUSES,
    SearchDocument,
    SearchTerm,
    fill_postings,
    pg_posting_rows,
)
from grocer.services import search_text, translations

A: sa.Table = Article.__table__  # type: ignore[assignment]
C: sa.Table = Category.__table__  # type: ignore[assignment]
D: sa.Table = SearchDocument.__table__  # type: ignore[assignment]
W: sa.Table = SearchTerm.__table__  # type: ignore[assignment]

_BATCH = 2000


def _padded(text: str) -> str:
    """A space on each side: the ranking's word tests are then plain substring searches
    (" word " exact, " word" a prefix) with no concatenation per row."""
    return f" {text} " if text else ""


def _category_texts(db: Session) -> dict[int, tuple[str, str]]:
    """category id → (its own names folded, its ancestors' names folded), all languages."""
    rows = db.execute(sa.select(C.c.id, C.c.name, C.c.parent_id)).all()
    extra = translations.all_texts(db, "category", [r.id for r in rows])
    names = {r.id: [r.name, *(n for n, _ in extra.get(r.id, ()) if n)] for r in rows}
    parent = {r.id: r.parent_id for r in rows}
    out: dict[int, tuple[str, str]] = {}
    for cid in names:
        above: list[str] = []
        node, depth = parent.get(cid), 0
        while node is not None and depth < 3:
            above.extend(names.get(node, ()))
            node, depth = parent.get(node), depth + 1
        out[cid] = (search_text.index_text(names[cid]), search_text.index_text(above))
    return out


def _article_documents(
    db: Session, rows: Sequence[sa.Row[Any]], categories: dict[int, tuple[str, str]]
) -> list[dict[str, Any]]:
    extra = translations.all_texts(db, "article", [r.id for r in rows])
    docs = []
    for r in rows:
        more = extra.get(r.id, ())
        own, above = categories.get(r.category_id, ("", "")) if r.category_id else ("", "")
        docs.append(
            {
                "kind": ARTICLE_DOC,
                "ref_id": r.id,
                "category_id": r.category_id,
                "available": r.status == AVAILABLE_STATUS,
                "popularity": r.popularity,
                "name_text": _padded(search_text.index_text([r.name, *(n for n, _ in more)])),
                "category_text": _padded(" ".join(filter(None, (own, above)))),
                "brand_text": _padded(search_text.index_text([r.brand])),
                "description_text": _padded(
                    search_text.index_text([r.description, *(d for _, d in more)])
                ),
            }
        )
    return docs


def _word_counts(docs: Iterable[dict[str, Any]]) -> Counter[str]:
    """How many of the documents use each word."""
    counts: Counter[str] = Counter()
    for doc in docs:
        text = " ".join(
            (doc["name_text"], doc["category_text"], doc["brand_text"], doc["description_text"])
        )
        counts.update(set(text.split()))
    return counts


def _store_terms(db: Session, counts: Counter[str], *, replace: bool) -> None:
    """Add words to the vocabulary (`replace`: the vocabulary is these words alone, with these
    frequencies; otherwise words already known keep their row)."""
    if replace:
        db.execute(sa.delete(W))
        new = sorted(counts)
    else:
        existing: set[str] = set()
        words = sorted(counts)
        for start in range(0, len(words), 500):
            chunk = words[start : start + 500]
            existing.update(db.execute(sa.select(W.c.term).where(W.c.term.in_(chunk))).scalars())
        new = [w for w in words if w not in existing]
    for start in range(0, len(new), _BATCH):
        db.execute(
            sa.insert(W),
            [{"term": w, "frequency": counts[w]} for w in new[start : start + _BATCH]],
        )


def _write(db: Session, kind: str, ids: Sequence[int] | None, docs: list[dict[str, Any]]) -> None:
    if ids is None:
        db.execute(sa.delete(D).where(D.c.kind == kind))
    else:
        for start in range(0, len(ids), 500):
            db.execute(
                sa.delete(D).where(D.c.kind == kind, D.c.ref_id.in_(ids[start : start + 500]))
            )
    for start in range(0, len(docs), _BATCH):
        db.execute(sa.insert(D), docs[start : start + _BATCH])


def _postgres(db: Session) -> bool:
    return db.get_bind().dialect.name == "postgresql"


def _lock_postings(db: Session) -> None:
    """PostgreSQL: one index writer at a time, until it commits. Two writers of articles that
    share words ("mangue") update the same postings rows in no set order, and could each wait
    for the other; catalogue writes are rare, so they simply queue (SQLite's single writer
    queues them anyway)."""
    if _postgres(db):
        db.execute(sa.text("SELECT pg_advisory_xact_lock(hashtext('grocer.search_postings'))"))


def _delete_articles(db: Session, article_ids: Sequence[int]) -> None:
    """Delete these articles' documents; on PostgreSQL their ids leave the postings of the
    words they held, read from the deleted rows themselves (so a concurrent writer's document
    cannot be deleted without leaving its keys too)."""
    if not _postgres(db):
        db.execute(sa.delete(D).where(D.c.kind == ARTICLE_DOC, D.c.ref_id.in_(article_ids)))
        return
    db.execute(
        sa.text(
            "WITH gone AS (DELETE FROM search_documents WHERE kind = :kind "
            "AND ref_id = ANY(:ids) RETURNING *), "
            f"lost AS ({pg_posting_rows('gone')}) "
            f"UPDATE {PG_POSTINGS} AS p SET docs = p.docs - lost.docs, names = p.names - lost.docs "
            "FROM lost WHERE p.key = lost.key"
        ),
        {"kind": ARTICLE_DOC, "ids": list(article_ids)},
    )


def _add_postings(db: Session, first: int, last: int) -> None:
    """PostgreSQL: the article documents numbered first..last join the postings of their keys."""
    db.execute(
        sa.text(
            f"INSERT INTO {PG_POSTINGS} (key, docs, names) "
            + pg_posting_rows("(SELECT * FROM search_documents WHERE id BETWEEN :lo AND :hi)")
            + f" ON CONFLICT (key) DO UPDATE SET docs = {PG_POSTINGS}.docs | excluded.docs, "
            f"names = {PG_POSTINGS}.names | excluded.names"
        ),
        {"lo": first, "hi": last},
    )


def _ranked_ids(db: Session, ids: Sequence[int] | None) -> list[int]:
    """The shown articles among `ids` (None: all), available first, then by popularity: the
    order their documents are numbered in."""
    query = (
        sa.select(A.c.id)
        .where(A.c.status.in_(SHOWN_STATUSES))
        .order_by(
            sa.case((A.c.status == AVAILABLE_STATUS, 0), else_=1), A.c.popularity.desc(), A.c.id
        )
    )
    if ids is None:
        return list(db.execute(query).scalars())
    out: list[int] = []
    for start in range(0, len(ids), 500):
        out += db.execute(query.where(A.c.id.in_(ids[start : start + 500]))).scalars()
    return out


def reindex_articles(
    db: Session,
    article_ids: Iterable[int] | None = None,
    *,
    _vocabulary: Counter[str] | None = None,
) -> int:
    """(Re)write the documents of these articles (None: of every article); articles that no
    longer exist, or are not shown (drafts, withdrawn), lose their document. Returns how many
    documents were written.

    Document ids follow the ranking's order of last resort, available first and then by
    popularity (a full reindex numbers them 1..n; a partial one appends after the last), so
    that the engines can take the first matches of a very broad query in id order and stop
    (`grocer.services.search.CANDIDATES`)."""
    _lock_postings(db)
    categories = _category_texts(db)
    ids = None if article_ids is None else sorted(set(article_ids))
    if ids is not None:
        for start in range(0, len(ids), 500):
            _delete_articles(db, ids[start : start + 500])
        next_id = (
            int(
                db.execute(
                    sa.select(sa.func.max(D.c.id)).where(D.c.id < CATEGORY_DOC_BASE)
                ).scalar()
                or 0
            )
            + 1
        )
    else:
        db.execute(sa.delete(D).where(D.c.kind == ARTICLE_DOC))
        next_id = 1  # PostgreSQL's postings are rebuilt whole below
    ranked = _ranked_ids(db, ids)
    columns = (
        A.c.id, A.c.name, A.c.brand, A.c.description, A.c.category_id, A.c.status,
        A.c.popularity,
    )  # fmt: skip
    written = 0
    for start in range(0, len(ranked), _BATCH):
        chunk = ranked[start : start + _BATCH]
        by_id = {r.id: r for r in db.execute(sa.select(*columns).where(A.c.id.in_(chunk)))}
        rows = [by_id[i] for i in chunk if i in by_id]
        docs = _article_documents(db, rows, categories)
        for offset, doc in enumerate(docs):
            doc["id"] = next_id + written + offset
        db.execute(sa.insert(D), docs)
        if _vocabulary is not None:
            _vocabulary.update(_word_counts(docs))
        else:
            _store_terms(db, _word_counts(docs), replace=False)
        written += len(docs)
    if _postgres(db):
        if ids is None:
            fill_postings(db.connection())
        elif written:
            _add_postings(db, next_id, next_id + written - 1)
    return written


def reindex_categories(db: Session, category_ids: Iterable[int] | None = None) -> int:
    """(Re)write the documents of these categories (None: all) and of every article below
    them, whose category words changed too."""
    _lock_postings(db)
    categories = _category_texts(db)
    rows = db.execute(sa.select(C.c.id, C.c.level)).all()
    wanted = {r.id for r in rows} if category_ids is None else set(category_ids)
    ids = sorted(wanted & set(categories))
    docs = [
        {
            "id": CATEGORY_DOC_BASE + cid,
            "kind": CATEGORY_DOC,
            "ref_id": cid,
            "name_text": _padded(categories[cid][0]),
            "category_text": _padded(categories[cid][1]),
            "brand_text": "",
            "description_text": "",
            "category_id": None,
            "available": False,
            "popularity": 0,
        }
        for cid in ids
    ]
    _write(db, CATEGORY_DOC, None if category_ids is None else sorted(wanted), docs)
    _store_terms(db, _word_counts(docs), replace=False)
    if category_ids is None:
        return len(docs)
    below = set(wanted)
    for _ in range(2):
        below |= set(db.execute(sa.select(C.c.id).where(C.c.parent_id.in_(below))).scalars())
    articles = db.execute(sa.select(A.c.id).where(A.c.category_id.in_(sorted(below)))).scalars()
    return len(docs) + reindex_articles(db, list(articles))


def rebuild(db: Session) -> int:
    """The whole index from the catalogue, vocabulary frequencies included (the seed loaders
    and `grocer search rebuild` use it). Returns how many documents were written."""
    counts: Counter[str] = Counter()
    count = reindex_articles(db, None, _vocabulary=counts)
    _store_terms(db, counts, replace=True)
    count += reindex_categories(db, None)
    if db.get_bind().dialect.name == "sqlite":
        # A bulk write leaves FTS5's index in many segments, each read by every match; merged
        # into one, a broad match reads its words once (a few per cent at 500,000 articles).
        db.execute(sa.text("INSERT INTO search_fts(search_fts) VALUES ('optimize')"))
    return count
