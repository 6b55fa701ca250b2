"""search: each article's document keeps its category, availability and popularity, so that a
search ranks and counts its facets from the documents alone (no article row read per
candidate); the index is rebuilt to fill them (and, on an install upgraded from before 0006,
to index the catalogue already there).

Revision ID: 0008
Revises: 0007
Create Date: 2026-11-29 09:00:00
"""

from collections.abc import Sequence

import sqlalchemy as sa
from alembic import op
from sqlmodel import Session

revision: str = "0008"
down_revision: str | None = "0007"
branch_labels: str | Sequence[str] | None = None
depends_on: str | Sequence[str] | None = None

_COLUMNS = ("category_id", "available", "popularity")


def upgrade() -> None:
    # Plain ALTER TABLE on both engines (SQLite ≥ 3.35): a batch copy of the table would drop
    # the FTS5 triggers that keep the engine's index in step with it.
    op.add_column("search_documents", sa.Column("category_id", sa.Integer(), nullable=True))
    op.add_column(
        "search_documents",
        sa.Column("available", sa.Boolean(), nullable=False, server_default=sa.false()),
    )
    op.add_column(
        "search_documents",
        sa.Column("popularity", sa.Integer(), nullable=False, server_default="0"),
    )
    from grocer.services import search_index

    with Session(op.get_bind()) as session:
        search_index.rebuild(session)
        session.flush()


def downgrade() -> None:
    for name in reversed(_COLUMNS):
        op.drop_column("search_documents", name)
