"""hardening: token revocation mark, single-use reset/sign-up tokens, bag version and merge keys,
one line per article in a cart

Revision ID: 0003
Revises: 0002
Create Date: 2026-11-25 06:30:00
"""

from collections.abc import Sequence

import sqlalchemy as sa
import sqlmodel
from alembic import op

revision: str = "0003"
down_revision: str | None = "0002"
branch_labels: str | Sequence[str] | None = None
depends_on: str | Sequence[str] | None = None


def _merge_duplicate_cart_lines() -> None:
    """Before the unique (cart, article) constraint: one line per article, quantities added
    and capped at 99, the oldest line kept (its id and price snapshot)."""
    conn = op.get_bind()
    dupes = conn.execute(
        sa.text(
            "SELECT cart_id, article_id, MIN(id) AS keep, SUM(quantity) AS total "
            "FROM cart_items GROUP BY cart_id, article_id HAVING COUNT(*) > 1"
        )
    ).fetchall()
    for cart_id, article_id, keep, total in dupes:
        conn.execute(
            sa.text("UPDATE cart_items SET quantity = :q WHERE id = :id"),
            {"q": min(int(total), 99), "id": keep},
        )
        conn.execute(
            sa.text("DELETE FROM cart_items WHERE cart_id = :c AND article_id = :a AND id <> :id"),
            {"c": cart_id, "a": article_id, "id": keep},
        )


def upgrade() -> None:
    with op.batch_alter_table("users", schema=None) as batch_op:
        batch_op.add_column(
            sa.Column("tokens_valid_after", sqlmodel.sql.sqltypes.UTCDateTime(), nullable=True)
        )
    with op.batch_alter_table("otp_challenges", schema=None) as batch_op:
        batch_op.add_column(
            sa.Column("token_hash", sqlmodel.sql.sqltypes.AutoString(length=64), nullable=True)
        )
    with op.batch_alter_table("carts", schema=None) as batch_op:
        batch_op.add_column(sa.Column("version", sa.Integer(), nullable=False, server_default="0"))
    _merge_duplicate_cart_lines()
    with op.batch_alter_table("cart_items", schema=None) as batch_op:
        batch_op.create_unique_constraint("uq_cart_items_article", ["cart_id", "article_id"])
    op.create_table(
        "cart_merges",
        sa.Column("id", sa.Integer(), nullable=False),
        sa.Column("cart_id", sa.Integer(), nullable=False),
        sa.Column("merge_key", sqlmodel.sql.sqltypes.AutoString(length=64), nullable=False),
        sa.Column("created_at", sqlmodel.sql.sqltypes.UTCDateTime(), nullable=False),
        sa.ForeignKeyConstraint(["cart_id"], ["carts.id"], ondelete="CASCADE"),
        sa.PrimaryKeyConstraint("id"),
        sa.UniqueConstraint("cart_id", "merge_key", name="uq_cart_merges_key"),
    )
    with op.batch_alter_table("cart_merges", schema=None) as batch_op:
        batch_op.create_index(batch_op.f("ix_cart_merges_cart_id"), ["cart_id"], unique=False)


def downgrade() -> None:
    with op.batch_alter_table("cart_merges", schema=None) as batch_op:
        batch_op.drop_index(batch_op.f("ix_cart_merges_cart_id"))
    op.drop_table("cart_merges")
    with op.batch_alter_table("cart_items", schema=None) as batch_op:
        batch_op.drop_constraint("uq_cart_items_article", type_="unique")
    with op.batch_alter_table("carts", schema=None) as batch_op:
        batch_op.drop_column("version")
    with op.batch_alter_table("otp_challenges", schema=None) as batch_op:
        batch_op.drop_column("token_hash")
    with op.batch_alter_table("users", schema=None) as batch_op:
        batch_op.drop_column("tokens_valid_after")
