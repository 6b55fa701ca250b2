"""catalogue indexes: popularity sort, brand/origin facets

Revision ID: 0002
Revises: 0001
Create Date: 2026-11-23 10:00:00
"""

from collections.abc import Sequence

from alembic import op

revision: str = "0002"
down_revision: str | None = "0001"
branch_labels: str | Sequence[str] | None = None
depends_on: str | Sequence[str] | None = None


def upgrade() -> None:
    with op.batch_alter_table("articles", schema=None) as batch_op:
        batch_op.drop_index(batch_op.f("ix_articles_brand"))
        batch_op.create_index(
            "ix_articles_brand_origin_status", ["brand", "origin", "status"], unique=False
        )
        batch_op.create_index(batch_op.f("ix_articles_popularity"), ["popularity"], unique=False)


def downgrade() -> None:
    with op.batch_alter_table("articles", schema=None) as batch_op:
        batch_op.drop_index(batch_op.f("ix_articles_popularity"))
        batch_op.drop_index("ix_articles_brand_origin_status")
        batch_op.create_index(batch_op.f("ix_articles_brand"), ["brand"], unique=False)
