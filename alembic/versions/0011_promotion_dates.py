"""promotions: the first day a promotion runs (starts_on), beside its last (end_date)

Revision ID: 0011
Revises: 0010
Create Date: 2026-11-28 08:40:00
"""

from collections.abc import Sequence

import sqlalchemy as sa
from alembic import op

revision: str = "0011"
down_revision: str | None = "0010"
branch_labels: str | Sequence[str] | None = None
depends_on: str | Sequence[str] | None = None


def upgrade() -> None:
    with op.batch_alter_table("promotions", schema=None) as batch_op:
        batch_op.add_column(sa.Column("starts_on", sa.Date(), nullable=True))


def downgrade() -> None:
    with op.batch_alter_table("promotions", schema=None) as batch_op:
        batch_op.drop_column("starts_on")
