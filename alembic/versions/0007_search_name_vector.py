"""search: a names-only text-search vector with its own GIN index on PostgreSQL (suggestions
and name matches read it instead of rechecking the weighted document vector row by row), and
the search GIN indexes without fast update (no pending list for every search to read).
Nothing changes on SQLite.

Revision ID: 0007
Revises: 0006
Create Date: 2026-11-28 09:00:00
"""

from collections.abc import Sequence

from alembic import op

from grocer.models.search import create_name_vector, drop_name_vector

revision: str = "0007"
down_revision: str | None = "0006"
branch_labels: str | Sequence[str] | None = None
depends_on: str | Sequence[str] | None = None


def upgrade() -> None:
    # Idempotent: a database created at 0006 by today's models already has them.
    create_name_vector(op.get_bind())


def downgrade() -> None:
    drop_name_vector(op.get_bind())
