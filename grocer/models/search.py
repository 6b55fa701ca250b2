"""The search index: one folded document per article and per category, a vocabulary of words,
and the engine objects built on them (SQLite FTS5 tables; PostgreSQL postings and a trigram
index).

Why plain tables under the engines: both engines index the same rows, written by one piece of
Python (`grocer.services.search_index`) in the catalogue's own transaction, so the two engines
cannot disagree about what an article says. The engine objects are not SQLModel tables (FTS5
virtual tables, PostgreSQL's int arrays and expression indexes have no portable form):
`create_engine_objects` makes them, called when `SQLModel.metadata.create_all` creates the
tables (the tests, a fresh embedded database) and by the Alembic migrations 0006 and 0012
(real installs).
"""

from __future__ import annotations

from typing import Any

import sqlalchemy as sa
from sqlmodel import Field, SQLModel

#: Kinds of search documents.
ARTICLE_DOC = "a"
CATEGORY_DOC = "c"

#: Category documents are numbered from here (article documents below it, in ranking order):
#: a count of an article match is a rowid range, with no join.
CATEGORY_DOC_BASE = 2_000_000_000  # within a 32-bit id; article documents stay below
#: Articles search shows: listed ones, and those out of stock (after the others); drafts and
#: withdrawn articles have no document.
AVAILABLE_STATUS = "ACTIVE"
SHOWN_STATUSES = (AVAILABLE_STATUS, "OUT_OF_STOCK")

#: PostgreSQL's postings: one row per key, the sorted ids of the article documents holding it
#: (`docs`), and of those holding it in their name (`names`).
PG_POSTINGS = "search_postings"
#: Tables the engines own outside the models: SQLite's virtual tables and their shadow tables,
#: PostgreSQL's postings.
ENGINE_TABLE_PREFIXES = ("search_fts", "search_terms_trgm", PG_POSTINGS)

#: Indexes the PostgreSQL engine makes (expressions the models cannot describe).
ENGINE_INDEXES = ("ix_search_terms_trgm",)


def is_engine_table(name: str) -> bool:
    """True for the tables the engines make for themselves (FTS5 and its shadow tables, the
    PostgreSQL postings)."""
    return name.startswith(ENGINE_TABLE_PREFIXES)


def is_engine_object(name: str | None, type_: str) -> bool:
    """True for a table or index the search engines make outside the models (migrations and
    schema comparisons leave them alone)."""
    if type_ == "table":
        return is_engine_table(name or "")
    return type_ == "index" and name in ENGINE_INDEXES


#: The PostgreSQL immutable unaccent wrapper (the typo fallback's trigram index uses it).
PG_UNACCENT = "grocer_unaccent"
#: Engine tables holding data that follows the documents: whoever empties the model tables
#: at once (a test's fresh start) empties these too.
PG_DATA_TABLES = (PG_POSTINGS,)
#: The union of posting arrays (intarray's `|` as an aggregate).
PG_UNION = "grocer_union"
#: Keys: "=" + a whole word, "~" + a word's first 2, 3 or 4 letters (a typed prefix that short
#: is one row; a longer one is the union of the whole words in its range, a few rows).
WORD_KEY = "="
PREFIX_KEY = "~"
PREFIX_KEY_LENGTHS = (2, 3, 4)


class SearchDocument(SQLModel, table=True):
    """What search reads of one article or category: folded words of its names (all four
    languages), its categories' names, its brand and its descriptions."""

    __tablename__ = "search_documents"
    __table_args__ = (sa.UniqueConstraint("kind", "ref_id", name="uq_search_documents_kind_ref"),)

    id: int | None = Field(default=None, primary_key=True)
    kind: str = Field(max_length=1)
    ref_id: int
    name_text: str = ""
    category_text: str = ""
    brand_text: str = ""
    description_text: str = ""
    #: What the ranking and the facets read of the article besides its words, kept with its
    #: document so that a search reads no article row: a writer that changes an article's
    #: category, status or popularity reindexes it, as it must already for its words and for
    #: whether it is shown at all (category documents leave them at their defaults).
    category_id: int | None = None
    available: bool = False
    popularity: int = 0


class SearchTerm(SQLModel, table=True):
    """A word the catalogue uses, with how many documents use it: the typo fallback corrects
    a query's word to one of these. Binary collation, so a prefix is an index range."""

    __tablename__ = "search_terms"

    id: int | None = Field(default=None, primary_key=True)
    term: str = Field(
        sa_column=sa.Column(
            sa.String(64).with_variant(sa.String(64, collation="C"), "postgresql"),
            nullable=False,
            unique=True,
        )
    )
    frequency: int = 1


# --- engine objects ---------------------------------------------------------------------------

_SQLITE_CREATE = (
    # The documents, four columns weighted by the ranking; prefix indexes for typing.
    """CREATE VIRTUAL TABLE IF NOT EXISTS search_fts USING fts5(
        name_text, category_text, brand_text, description_text,
        content='search_documents', content_rowid='id',
        tokenize='unicode61 remove_diacritics 2', prefix='2 3 4')""",
    """CREATE TRIGGER IF NOT EXISTS search_documents_ai AFTER INSERT ON search_documents BEGIN
        INSERT INTO search_fts(rowid, name_text, category_text, brand_text, description_text)
        VALUES (new.id, new.name_text, new.category_text, new.brand_text, new.description_text);
    END""",
    """CREATE TRIGGER IF NOT EXISTS search_documents_ad AFTER DELETE ON search_documents BEGIN
        INSERT INTO search_fts(search_fts, rowid, name_text, category_text, brand_text,
            description_text)
        VALUES ('delete', old.id, old.name_text, old.category_text, old.brand_text,
            old.description_text);
    END""",
    """CREATE TRIGGER IF NOT EXISTS search_documents_au AFTER UPDATE ON search_documents BEGIN
        INSERT INTO search_fts(search_fts, rowid, name_text, category_text, brand_text,
            description_text)
        VALUES ('delete', old.id, old.name_text, old.category_text, old.brand_text,
            old.description_text);
        INSERT INTO search_fts(rowid, name_text, category_text, brand_text, description_text)
        VALUES (new.id, new.name_text, new.category_text, new.brand_text, new.description_text);
    END""",
    # The vocabulary by trigrams: the typo fallback's candidates.
    """CREATE VIRTUAL TABLE IF NOT EXISTS search_terms_trgm USING fts5(
        term, content='search_terms', content_rowid='id', tokenize='trigram')""",
    """CREATE TRIGGER IF NOT EXISTS search_terms_ai AFTER INSERT ON search_terms BEGIN
        INSERT INTO search_terms_trgm(rowid, term) VALUES (new.id, new.term);
    END""",
    """CREATE TRIGGER IF NOT EXISTS search_terms_ad AFTER DELETE ON search_terms BEGIN
        INSERT INTO search_terms_trgm(search_terms_trgm, rowid, term)
        VALUES ('delete', old.id, old.term);
    END""",
    """CREATE TRIGGER IF NOT EXISTS search_terms_au AFTER UPDATE OF term ON search_terms BEGIN
        INSERT INTO search_terms_trgm(search_terms_trgm, rowid, term)
        VALUES ('delete', old.id, old.term);
        INSERT INTO search_terms_trgm(rowid, term) VALUES (new.id, new.term);
    END""",
)

_SQLITE_DROP = (
    "DROP TRIGGER IF EXISTS search_documents_ai",
    "DROP TRIGGER IF EXISTS search_documents_ad",
    "DROP TRIGGER IF EXISTS search_documents_au",
    "DROP TRIGGER IF EXISTS search_terms_ai",
    "DROP TRIGGER IF EXISTS search_terms_ad",
    "DROP TRIGGER IF EXISTS search_terms_au",
    "DROP TABLE IF EXISTS search_fts",
    "DROP TABLE IF EXISTS search_terms_trgm",
)


def pg_posting_rows(documents: str) -> str:
    """A SELECT of (key, docs, names) for the documents of `documents` (a relation with id and
    the four texts): each key their words give, with the sorted ids of those holding it, in
    their name or anywhere. The texts are folded words separated by spaces
    (`search_index`), so a split is all the tokenising there is: the same words as FTS5's."""
    return f"""SELECT key, array_agg(DISTINCT id ORDER BY id) AS docs,
            coalesce(array_agg(DISTINCT id ORDER BY id) FILTER (WHERE in_name), '{{}}') AS names
        FROM (
            SELECT w.id, k.key, w.in_name FROM (
                SELECT d.id, t.word, bool_or(t.in_name) AS in_name
                FROM {documents} AS d, LATERAL (
                    SELECT unnest(string_to_array(d.name_text, ' ')) AS word, true AS in_name
                    UNION ALL SELECT unnest(string_to_array(concat_ws(' ', d.category_text,
                        d.brand_text, d.description_text), ' ')), false
                ) AS t
                WHERE t.word <> ''
                GROUP BY d.id, t.word
            ) AS w, LATERAL (
                SELECT '{WORD_KEY}' || w.word AS key
                UNION ALL SELECT '{PREFIX_KEY}' || left(w.word, n)
                FROM unnest(ARRAY{list(PREFIX_KEY_LENGTHS)}) AS n WHERE length(w.word) >= n
            ) AS k
        ) AS keyed
        GROUP BY key"""


_PG_CREATE = (
    "CREATE EXTENSION IF NOT EXISTS unaccent",
    "CREATE EXTENSION IF NOT EXISTS pg_trgm",
    # Sorted int4 arrays: intersection (&), union (|) and difference (-) in one pass each.
    "CREATE EXTENSION IF NOT EXISTS intarray",
    # unaccent() is only STABLE (it reads a dictionary by name); naming the dictionary makes
    # a wrapper that can honestly be declared IMMUTABLE, hence used in indexes.
    f"""CREATE OR REPLACE FUNCTION {PG_UNACCENT}(text) RETURNS text
        LANGUAGE sql IMMUTABLE PARALLEL SAFE STRICT
        AS $$ SELECT public.unaccent('public.unaccent'::regdictionary, $1) $$""",
    # Why postings and not a GIN index over the documents: a GIN match reads one heap page per
    # matching document (to recheck it, and for the ids in order), so a broad word cost as
    # much as the whole search's budget; a key's row here answers with its ids sorted, counted
    # and cut to the first ones without reading a document.
    f"""CREATE TABLE IF NOT EXISTS {PG_POSTINGS} (
        key text COLLATE "C" PRIMARY KEY,
        docs int4[] NOT NULL,
        names int4[] NOT NULL)""",
    f"""CREATE OR REPLACE AGGREGATE {PG_UNION}(int4[]) (SFUNC = _int_union, STYPE = int4[])""",
    f"""CREATE INDEX IF NOT EXISTS ix_search_terms_trgm ON search_terms
        USING gin ({PG_UNACCENT}(term) gin_trgm_ops) WITH (fastupdate = off)""",
    # GIN's fast update queues new entries in a pending list that every lookup then reads in
    # full until a vacuum merges it. Catalogue writes are rare, searches constant.
    "ALTER INDEX ix_search_terms_trgm SET (fastupdate = off)",
)

_PG_DROP = (
    f"DROP TABLE IF EXISTS {PG_POSTINGS}",
    f"DROP AGGREGATE IF EXISTS {PG_UNION}(int4[])",
    "DROP INDEX IF EXISTS ix_search_terms_trgm",
    f"DROP FUNCTION IF EXISTS {PG_UNACCENT}(text)",
)


def create_engine_objects(conn: sa.Connection) -> None:
    """The search engine's objects over the two tables, for the connection's database
    (PostgreSQL's postings filled from the documents already there)."""
    statements = _PG_CREATE if conn.dialect.name == "postgresql" else _SQLITE_CREATE
    for statement in statements:
        conn.exec_driver_sql(statement)
    if conn.dialect.name == "sqlite":  # documents written before the virtual tables existed
        conn.exec_driver_sql("INSERT INTO search_fts(search_fts) VALUES ('rebuild')")
        conn.exec_driver_sql("INSERT INTO search_terms_trgm(search_terms_trgm) VALUES ('rebuild')")
    else:
        fill_postings(conn)


def fill_postings(conn: sa.Connection) -> None:
    """PostgreSQL: the postings of every article document, from nothing."""
    conn.exec_driver_sql(f"DELETE FROM {PG_POSTINGS}")
    conn.exec_driver_sql(
        f"INSERT INTO {PG_POSTINGS} (key, docs, names) "
        + pg_posting_rows(f"(SELECT * FROM search_documents WHERE id < {CATEGORY_DOC_BASE})")
    )


def drop_engine_objects(conn: sa.Connection) -> None:
    """Undo `create_engine_objects` (the extensions stay: other schemas may use them)."""
    statements = _PG_DROP if conn.dialect.name == "postgresql" else _SQLITE_DROP
    for statement in statements:
        conn.exec_driver_sql(statement)


def _after_create(_table: sa.Table, conn: sa.Connection, **_kw: Any) -> None:
    # Both tables exist once the second of them is created (create_all sorts by dependency
    # and name; neither depends on the other).
    names = set(sa.inspect(conn).get_table_names())
    if {"search_documents", "search_terms"} <= names:
        create_engine_objects(conn)


def _before_drop(_table: sa.Table, conn: sa.Connection, **_kw: Any) -> None:
    drop_engine_objects(conn)


for _table in (SearchDocument.__table__, SearchTerm.__table__):
    sa.event.listen(_table, "after_create", _after_create)
sa.event.listen(SearchDocument.__table__, "before_drop", _before_drop)
