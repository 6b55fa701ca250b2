"""search on PostgreSQL: postings (sorted id arrays per word and per 2-, 3- and 4-letter
prefix, with intarray) instead of the weighted text-search vectors and their GIN indexes; the
postings are built from the documents already there. Nothing changes on SQLite.

Revision ID: 0012
Revises: 0011
Create Date: 2026-11-28 15:00:00
"""

from collections.abc import Sequence

from alembic import op

from grocer.models.search import PG_POSTINGS, PG_UNION, create_engine_objects

revision: str = "0012"
down_revision: str | None = "0011"
branch_labels: str | Sequence[str] | None = None
depends_on: str | Sequence[str] | None = None

# What 0006 and 0007 made on PostgreSQL, as they made it (their code has moved on).
_VECTOR = " || ".join(
    f"setweight(to_tsvector('grocer_search'::regconfig, {column}), '{weight}')"
    for column, weight in (
        ("name_text", "A"), ("category_text", "B"), ("brand_text", "C"),
        ("description_text", "D"),
    )
)  # fmt: skip
_VECTORS_CREATE = (
    """DO $$ BEGIN
        IF NOT EXISTS (SELECT 1 FROM pg_ts_config WHERE cfgname = 'grocer_search') THEN
            CREATE TEXT SEARCH CONFIGURATION grocer_search (COPY = pg_catalog.simple);
            ALTER TEXT SEARCH CONFIGURATION grocer_search
                ALTER MAPPING FOR hword, hword_part, word WITH public.unaccent, simple;
        END IF;
    END $$""",
    f"""ALTER TABLE search_documents ADD COLUMN IF NOT EXISTS document tsvector
        GENERATED ALWAYS AS ({_VECTOR}) STORED""",
    """CREATE INDEX IF NOT EXISTS ix_search_documents_vector ON search_documents
        USING gin (document) WITH (fastupdate = off)""",
    """ALTER TABLE search_documents ADD COLUMN IF NOT EXISTS name_document tsvector
        GENERATED ALWAYS AS (to_tsvector('grocer_search'::regconfig, name_text)) STORED""",
    """CREATE INDEX IF NOT EXISTS ix_search_documents_names ON search_documents
        USING gin (name_document) WITH (fastupdate = off)""",
)
_VECTORS_DROP = (
    "DROP INDEX IF EXISTS ix_search_documents_names",
    "ALTER TABLE search_documents DROP COLUMN IF EXISTS name_document",
    "DROP INDEX IF EXISTS ix_search_documents_vector",
    "ALTER TABLE search_documents DROP COLUMN IF EXISTS document",
    "DROP TEXT SEARCH CONFIGURATION IF EXISTS grocer_search",
)


def upgrade() -> None:
    conn = op.get_bind()
    if conn.dialect.name != "postgresql":
        return
    for statement in _VECTORS_DROP:
        conn.exec_driver_sql(statement)
    create_engine_objects(conn)  # idempotent; fills the postings


def downgrade() -> None:
    conn = op.get_bind()
    if conn.dialect.name != "postgresql":
        return
    conn.exec_driver_sql(f"DROP TABLE IF EXISTS {PG_POSTINGS}")
    conn.exec_driver_sql(f"DROP AGGREGATE IF EXISTS {PG_UNION}(int4[])")
    for statement in _VECTORS_CREATE:
        conn.exec_driver_sql(statement)
