"""search: a names-only text-search vector with its own GIN index on PostgreSQL, and the search
GIN indexes without fast update. Superseded by 0012 (postings replaced the vectors): it makes
nothing now, and 0012 drops what it made on databases upgraded before. Its downgrade still
removes the names vector that 0012's downgrade puts back. Nothing changes on SQLite.

Revision ID: 0007
Revises: 0006
Create Date: 2026-11-28 09:00:00
"""

from collections.abc import Sequence

from alembic import op

revision: str = "0007"
down_revision: str | None = "0006"
branch_labels: str | Sequence[str] | None = None
depends_on: str | Sequence[str] | None = None


def upgrade() -> None:
    pass


def downgrade() -> None:
    conn = op.get_bind()
    if conn.dialect.name == "postgresql":
        conn.exec_driver_sql("DROP INDEX IF EXISTS ix_search_documents_names")
        conn.exec_driver_sql("ALTER TABLE search_documents DROP COLUMN IF EXISTS name_document")
