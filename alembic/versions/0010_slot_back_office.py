"""back-office: the weekly slot template per kind and the closed days (holidays)

Revision ID: 0010
Revises: 0009
Create Date: 2026-11-28 08:30:00
"""

from collections.abc import Sequence

import sqlalchemy as sa
import sqlmodel
from alembic import op

revision: str = "0010"
down_revision: str | None = "0009"
branch_labels: str | Sequence[str] | None = None
depends_on: str | Sequence[str] | None = None


def upgrade() -> None:
    op.create_table(
        "slot_templates",
        sa.Column("kind", sqlmodel.sql.sqltypes.AutoString(length=10), nullable=False),
        sa.Column("weekday", sa.Integer(), nullable=False),
        sa.Column("slot", sqlmodel.sql.sqltypes.AutoString(length=10), nullable=False),
        sa.Column("capacity", sa.Integer(), nullable=False),
        sa.Column("cutoff_minutes", sa.Integer(), nullable=False),
        sa.Column("is_open", sa.Boolean(), nullable=False),
        sa.PrimaryKeyConstraint("kind", "weekday", "slot"),
    )
    op.create_table(
        "slot_closures",
        sa.Column("kind", sqlmodel.sql.sqltypes.AutoString(length=10), nullable=False),
        sa.Column("day", sa.Date(), nullable=False),
        sa.Column("note", sqlmodel.sql.sqltypes.AutoString(length=500), nullable=False),
        sa.Column("created_at", sqlmodel.sql.sqltypes.UTCDateTime(), nullable=False),
        sa.PrimaryKeyConstraint("kind", "day"),
    )


def downgrade() -> None:
    op.drop_table("slot_closures")
    op.drop_table("slot_templates")
