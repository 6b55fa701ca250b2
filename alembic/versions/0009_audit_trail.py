"""back-office: the audit trail of every admin change (who, when, what, before and after)

Revision ID: 0009
Revises: 0008
Create Date: 2026-11-28 05:00:00
"""

from collections.abc import Sequence

import sqlalchemy as sa
import sqlmodel
from alembic import op

revision: str = "0009"
down_revision: str | None = "0008"
branch_labels: str | Sequence[str] | None = None
depends_on: str | Sequence[str] | None = None

_INDEXED = ("created_at", "actor_id", "action", "target_id")


def upgrade() -> None:
    op.create_table(
        "audit_entries",
        sa.Column("id", sa.Integer(), nullable=False),
        sa.Column("created_at", sqlmodel.sql.sqltypes.UTCDateTime(), nullable=False),
        sa.Column("actor_id", sa.Integer(), nullable=False),
        sa.Column("actor_name", sqlmodel.sql.sqltypes.AutoString(length=150), nullable=False),
        sa.Column("action", sqlmodel.sql.sqltypes.AutoString(length=40), nullable=False),
        sa.Column("target_type", sqlmodel.sql.sqltypes.AutoString(length=20), nullable=False),
        sa.Column("target_id", sa.Integer(), nullable=False),
        sa.Column("target_label", sqlmodel.sql.sqltypes.AutoString(length=254), nullable=False),
        sa.Column("before", sa.JSON(), nullable=False),
        sa.Column("after", sa.JSON(), nullable=False),
        sa.Column("note", sqlmodel.sql.sqltypes.AutoString(length=500), nullable=False),
        sa.PrimaryKeyConstraint("id"),
    )
    with op.batch_alter_table("audit_entries", schema=None) as batch_op:
        for column in _INDEXED:
            batch_op.create_index(batch_op.f(f"ix_audit_entries_{column}"), [column])


def downgrade() -> None:
    with op.batch_alter_table("audit_entries", schema=None) as batch_op:
        for column in reversed(_INDEXED):
            batch_op.drop_index(batch_op.f(f"ix_audit_entries_{column}"))
    op.drop_table("audit_entries")
