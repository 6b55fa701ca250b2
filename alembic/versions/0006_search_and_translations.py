"""catalogue translations (en, es, de over the French source) and the search index: folded
documents, the vocabulary, and each engine's objects (SQLite FTS5 tables and triggers;
PostgreSQL unaccent and pg_trgm, an immutable unaccent wrapper, then a text-search
configuration and GIN indexes; today the postings of 0012). The index of the catalogue already in the database is built by 0008.

Revision ID: 0006
Revises: 0005
Create Date: 2026-11-27 04:30:00
"""

from collections.abc import Sequence

import sqlalchemy as sa
import sqlmodel
from alembic import op

from grocer.models.search import create_engine_objects, drop_engine_objects

revision: str = "0006"
down_revision: str | None = "0005"
branch_labels: str | Sequence[str] | None = None
depends_on: str | Sequence[str] | None = None


def upgrade() -> None:
    op.create_table(
        "catalogue_translations",
        sa.Column("kind", sqlmodel.sql.sqltypes.AutoString(length=12), nullable=False),
        sa.Column("ref_id", sa.Integer(), nullable=False),
        sa.Column("lang", sqlmodel.sql.sqltypes.AutoString(length=2), nullable=False),
        sa.Column("name", sqlmodel.sql.sqltypes.AutoString(length=200), nullable=True),
        sa.Column("description", sqlmodel.sql.sqltypes.AutoString(), nullable=True),
        sa.PrimaryKeyConstraint("kind", "ref_id", "lang"),
    )
    op.create_table(
        "search_documents",
        sa.Column("id", sa.Integer(), nullable=False),
        sa.Column("kind", sqlmodel.sql.sqltypes.AutoString(length=1), nullable=False),
        sa.Column("ref_id", sa.Integer(), nullable=False),
        sa.Column("name_text", sqlmodel.sql.sqltypes.AutoString(), nullable=False),
        sa.Column("category_text", sqlmodel.sql.sqltypes.AutoString(), nullable=False),
        sa.Column("brand_text", sqlmodel.sql.sqltypes.AutoString(), nullable=False),
        sa.Column("description_text", sqlmodel.sql.sqltypes.AutoString(), nullable=False),
        sa.PrimaryKeyConstraint("id"),
        sa.UniqueConstraint("kind", "ref_id", name="uq_search_documents_kind_ref"),
    )
    op.create_table(
        "search_terms",
        sa.Column("id", sa.Integer(), nullable=False),
        sa.Column(
            "term",
            sa.String(length=64).with_variant(sa.String(length=64, collation="C"), "postgresql"),
            nullable=False,
        ),
        sa.Column("frequency", sa.Integer(), nullable=False),
        sa.PrimaryKeyConstraint("id"),
        sa.UniqueConstraint("term"),
    )
    # The catalogue already there gets its index from the last migration that changes the
    # documents (0008), written by today's index writer for the columns it now fills.
    create_engine_objects(op.get_bind())


def downgrade() -> None:
    drop_engine_objects(op.get_bind())
    op.drop_table("search_terms")
    op.drop_table("search_documents")
    op.drop_table("catalogue_translations")
    if op.get_bind().dialect.name == "postgresql":  # put back by 0012's downgrade
        op.execute("DROP TEXT SEARCH CONFIGURATION IF EXISTS grocer_search")
