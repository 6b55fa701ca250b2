"""PostgreSQL's search postings follow every catalogue write: after partial reindexes (an
article renamed, withdrawn, put back, a category renamed), and with two writers at once, they
hold exactly what a build from the documents gives. (SQLite's FTS5 tables follow the documents
by triggers; the behaviour tests in tests/unit/test_search.py run on both engines.)"""

from __future__ import annotations

import threading

import pytest
import sqlalchemy as sa
from sqlmodel import Session

from grocer.models.constants import DEFAULT_LANGUAGE
from grocer.models.search import CATEGORY_DOC_BASE, PG_POSTINGS, pg_posting_rows
from grocer.services import search, search_index
from grocer.services.catalogue import A, C
from tests.support import search_catalogue

pytestmark = pytest.mark.parametrize("database", ["postgresql"], indirect=True)


def postings(db: Session) -> list[tuple[str, list[int], list[int]]]:
    """The postings as stored (keys whose every document left are empty rows: not a match)."""
    rows = db.execute(
        sa.text(f"SELECT key, docs, names FROM {PG_POSTINGS} WHERE docs <> '{{}}' ORDER BY key")
    )
    return [(r.key, list(r.docs), list(r.names)) for r in rows]


def built(db: Session) -> list[tuple[str, list[int], list[int]]]:
    """The postings a build from today's documents gives."""
    documents = f"(SELECT * FROM search_documents WHERE id < {CATEGORY_DOC_BASE})"
    rows = db.execute(sa.text(f"SELECT * FROM ({pg_posting_rows(documents)}) AS b ORDER BY key"))
    return [(r.key, list(r.docs), list(r.names)) for r in rows]


def total(db: Session, text: str) -> int:
    return int(search.search(db, search.search_query(text, lang=DEFAULT_LANGUAGE))["total"])


def test_postings_follow_renames_withdrawals_and_category_changes(db: Session) -> None:
    ids = search_catalogue.load(db)
    assert postings(db) == built(db) and total(db, "mangue") == 4

    db.execute(sa.update(A).where(A.c.id == ids["kent"]).values(name="Goyave Kent"))
    search_index.reindex_articles(db, [ids["kent"]])
    db.execute(sa.update(A).where(A.c.id == ids["amelie"]).values(status="INACTIVE"))
    search_index.reindex_articles(db, [ids["amelie"]])
    db.execute(sa.update(C).where(C.c.id == ids["c:jus"]).values(name="Nectars"))
    search_index.reindex_categories(db, [ids["c:jus"]])
    db.commit()

    assert postings(db) == built(db)
    assert total(db, "goyave") == 1
    # Kent still says "mangue" in its description and its category; Amélie is withdrawn.
    assert total(db, "mangue") == 3
    assert total(db, "nectars") == 4 and total(db, "amelie") == 0

    db.execute(sa.update(A).where(A.c.id == ids["amelie"]).values(status="ACTIVE"))
    search_index.reindex_articles(db, [ids["amelie"]])
    db.commit()
    assert postings(db) == built(db) and total(db, "amelie") == 1


def test_two_writers_at_once_neither_fails_nor_loses_a_word(database: sa.Engine) -> None:
    """Two admins saving two mango articles at the same moment, over and over: the shared words'
    rows are written by both, and neither save fails (no deadlock) or leaves a stale id."""
    with Session(database) as db:
        ids = search_catalogue.load(db)
    start = threading.Barrier(2)
    failures: list[BaseException] = []

    def save(article: int) -> None:
        try:
            start.wait(timeout=10)
            for _ in range(8):
                with Session(database) as db:
                    search_index.reindex_articles(db, [article, ids["jus-mangue"]])
                    db.commit()
        except BaseException as error:  # reported below, with the thread's own traceback
            failures.append(error)

    writers = [threading.Thread(target=save, args=(ids[k],)) for k in ("kent", "yaourt")]
    for writer in writers:
        writer.start()
    for writer in writers:
        writer.join(timeout=60)
    assert not failures, failures
    with Session(database) as db:
        assert postings(db) == built(db)
        assert total(db, "mangue") == 4 and total(db, "mango") == 3
