"""The search index: one folded document per article and per category, a vocabulary of words,
and the engine objects built on them (SQLite FTS5 tables, PostgreSQL text-search and trigram
indexes).

Why plain tables under the engines: both engines index the same rows, written by one piece of
Python (`grocer.services.search_index`) in the catalogue's own transaction, so the two engines
cannot disagree about what an article says. The engine objects are not SQLModel tables (FTS5
virtual tables and expression indexes have no portable form): `create_engine_objects` makes
them, called when `SQLModel.metadata.create_all` creates the tables (the tests, a fresh
embedded database) and by the Alembic migration 0006 (real installs).
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

#: Tables the SQLite engine owns (a virtual table and its shadow tables): not SQLModel tables.
ENGINE_TABLE_PREFIXES = ("search_fts", "search_terms_trgm")

#: Indexes the PostgreSQL engine makes (expressions the models cannot describe).
ENGINE_INDEXES = ("ix_search_documents_vector", "ix_search_documents_names", "ix_search_terms_trgm")


def is_engine_table(name: str) -> bool:
    """True for the tables the SQLite engine makes for itself (FTS5 and its shadow tables)."""
    return name.startswith(ENGINE_TABLE_PREFIXES)


def is_engine_object(name: str | None, type_: str) -> bool:
    """True for a table or index the search engines make outside the models (migrations and
    schema comparisons leave them alone)."""
    if type_ == "table":
        return is_engine_table(name or "")
    if type_ == "column":
        return name in (PG_VECTOR_COLUMN, PG_NAME_VECTOR_COLUMN)
    return type_ == "index" and name in ENGINE_INDEXES


#: The PostgreSQL text-search configuration and the immutable unaccent wrapper.
PG_TS_CONFIG = "grocer_search"
PG_UNACCENT = "grocer_unaccent"
#: The PostgreSQL documents' weighted vector, a stored generated column the models do not know.
PG_VECTOR_COLUMN = "document"
#: The names alone, unweighted, with their own GIN index and statistics: a name match needs no
#: weight recheck of every matching row, and the planner knows how common a word is in names
#: (so it walks documents in id order for a common prefix, and reads the index for a rare one).
PG_NAME_VECTOR_COLUMN = "name_document"


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


def pg_document_vector(alias: str = "") -> str:
    """The weighted tsvector of a document (name A, category B, brand C, description D): the
    expression of the GIN index, which the searcher must write identically to use it."""
    p = f"{alias}." if alias else ""
    parts = (("name_text", "A"), ("category_text", "B"), ("brand_text", "C"),
             ("description_text", "D"))  # fmt: skip
    return " || ".join(
        f"setweight(to_tsvector('{PG_TS_CONFIG}'::regconfig, {p}{column}), '{weight}')"
        for column, weight in parts
    )


_PG_NAMES_CREATE = (
    f"""ALTER TABLE search_documents ADD COLUMN IF NOT EXISTS {PG_NAME_VECTOR_COLUMN} tsvector
        GENERATED ALWAYS AS (to_tsvector('{PG_TS_CONFIG}'::regconfig, name_text)) STORED""",
    f"""CREATE INDEX IF NOT EXISTS ix_search_documents_names ON search_documents
        USING gin ({PG_NAME_VECTOR_COLUMN}) WITH (fastupdate = off)""",
    # GIN's fast update queues new entries in a pending list that every search then reads
    # in full until a vacuum merges it (after a seed of 50,000 articles: 2 ms a match, more
    # than the match itself). Catalogue writes are rare, searches constant: no pending list.
    *(
        f"ALTER INDEX {name} SET (fastupdate = off)"
        for name in ("ix_search_documents_vector", "ix_search_terms_trgm")
    ),
    *(
        f"SELECT gin_clean_pending_list('{name}'::regclass)"
        for name in ("ix_search_documents_vector", "ix_search_terms_trgm")
    ),
)
_PG_NAMES_DROP = (
    *(
        f"ALTER INDEX IF EXISTS {name} RESET (fastupdate)"
        for name in ("ix_search_documents_vector", "ix_search_terms_trgm")
    ),
    "DROP INDEX IF EXISTS ix_search_documents_names",
    f"ALTER TABLE IF EXISTS search_documents DROP COLUMN IF EXISTS {PG_NAME_VECTOR_COLUMN}",
)

_PG_CREATE = (
    "CREATE EXTENSION IF NOT EXISTS unaccent",
    "CREATE EXTENSION IF NOT EXISTS pg_trgm",
    # unaccent() is only STABLE (it reads a dictionary by name); naming the dictionary makes
    # a wrapper that can honestly be declared IMMUTABLE, hence used in indexes.
    f"""CREATE OR REPLACE FUNCTION {PG_UNACCENT}(text) RETURNS text
        LANGUAGE sql IMMUTABLE PARALLEL SAFE STRICT
        AS $$ SELECT public.unaccent('public.unaccent'::regdictionary, $1) $$""",
    f"""DO $$ BEGIN
        IF NOT EXISTS (SELECT 1 FROM pg_ts_config WHERE cfgname = '{PG_TS_CONFIG}') THEN
            CREATE TEXT SEARCH CONFIGURATION {PG_TS_CONFIG} (COPY = pg_catalog.simple);
            ALTER TEXT SEARCH CONFIGURATION {PG_TS_CONFIG}
                ALTER MAPPING FOR hword, hword_part, word WITH public.unaccent, simple;
        END IF;
    END $$""",
    # Stored, not an index expression alone: a match re-checks its rows against the vector,
    # and computing four unaccented vectors per row there cost more than the search.
    f"""ALTER TABLE search_documents ADD COLUMN IF NOT EXISTS {PG_VECTOR_COLUMN} tsvector
        GENERATED ALWAYS AS ({pg_document_vector()}) STORED""",
    f"""CREATE INDEX IF NOT EXISTS ix_search_documents_vector ON search_documents
        USING gin ({PG_VECTOR_COLUMN}) WITH (fastupdate = off)""",
    f"""CREATE INDEX IF NOT EXISTS ix_search_terms_trgm ON search_terms
        USING gin ({PG_UNACCENT}(term) gin_trgm_ops) WITH (fastupdate = off)""",
    *_PG_NAMES_CREATE,
)

_PG_DROP = (
    *_PG_NAMES_DROP,
    "DROP INDEX IF EXISTS ix_search_documents_vector",
    f"ALTER TABLE IF EXISTS search_documents DROP COLUMN IF EXISTS {PG_VECTOR_COLUMN}",
    "DROP INDEX IF EXISTS ix_search_terms_trgm",
    f"DROP TEXT SEARCH CONFIGURATION IF EXISTS {PG_TS_CONFIG}",
    f"DROP FUNCTION IF EXISTS {PG_UNACCENT}(text)",
)


def create_engine_objects(conn: sa.Connection) -> None:
    """The search engine's objects over the two tables, for the connection's database."""
    statements = _PG_CREATE if conn.dialect.name == "postgresql" else _SQLITE_CREATE
    for statement in statements:
        conn.exec_driver_sql(statement)
    if conn.dialect.name == "sqlite":  # documents written before the virtual tables existed
        conn.exec_driver_sql("INSERT INTO search_fts(search_fts) VALUES ('rebuild')")
        conn.exec_driver_sql("INSERT INTO search_terms_trgm(search_terms_trgm) VALUES ('rebuild')")


def create_name_vector(conn: sa.Connection) -> None:
    """PostgreSQL's names-only vector and its index (migration 0007; nothing on SQLite, whose
    FTS5 table already answers a names-only match from its own column)."""
    if conn.dialect.name == "postgresql":
        for statement in _PG_NAMES_CREATE:
            conn.exec_driver_sql(statement)


def drop_name_vector(conn: sa.Connection) -> None:
    """Undo `create_name_vector`."""
    if conn.dialect.name == "postgresql":
        for statement in _PG_NAMES_DROP:
            conn.exec_driver_sql(statement)


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
