"""checkout: delivery and pickup slots with capacity and holds, idempotent orders, payments
through a provider and what the provider told us

Revision ID: 0004
Revises: 0003
Create Date: 2026-11-25 09:30:00
"""

from collections.abc import Sequence

import sqlalchemy as sa
import sqlmodel
from alembic import op


revision: str = "0004"
down_revision: str | None = "0003"
branch_labels: str | Sequence[str] | None = None
depends_on: str | Sequence[str] | None = None


def upgrade() -> None:
    op.create_table(
        "delivery_slots",
        sa.Column("id", sa.Integer(), nullable=False),
        sa.Column("kind", sqlmodel.sql.sqltypes.AutoString(length=10), nullable=False),
        sa.Column("day", sa.Date(), nullable=False),
        sa.Column("start_hour", sa.Integer(), nullable=False),
        sa.Column("end_hour", sa.Integer(), nullable=False),
        sa.Column("capacity", sa.Integer(), nullable=False),
        sa.Column("booked", sa.Integer(), nullable=False),
        sa.Column("held", sa.Integer(), nullable=False),
        sa.Column("cutoff_at", sqlmodel.sql.sqltypes.UTCDateTime(), nullable=False),
        sa.Column("created_at", sqlmodel.sql.sqltypes.UTCDateTime(), nullable=False),
        sa.PrimaryKeyConstraint("id"),
        sa.UniqueConstraint("kind", "day", "start_hour", name="uq_delivery_slots_day"),
    )
    with op.batch_alter_table("delivery_slots", schema=None) as batch_op:
        batch_op.create_index(batch_op.f("ix_delivery_slots_day"), ["day"], unique=False)

    op.create_table(
        "payments",
        sa.Column("id", sa.Integer(), nullable=False),
        sa.Column("order_id", sa.Integer(), nullable=False),
        sa.Column("reference", sqlmodel.sql.sqltypes.AutoString(length=64), nullable=False),
        sa.Column("provider", sqlmodel.sql.sqltypes.AutoString(length=30), nullable=False),
        sa.Column("channel", sqlmodel.sql.sqltypes.AutoString(length=30), nullable=True),
        sa.Column("phone", sqlmodel.sql.sqltypes.AutoString(length=30), nullable=True),
        sa.Column("amount", sa.Numeric(precision=14, scale=2), nullable=False),
        sa.Column("currency", sqlmodel.sql.sqltypes.AutoString(length=3), nullable=False),
        sa.Column("status", sqlmodel.sql.sqltypes.AutoString(length=20), nullable=False),
        sa.Column("provider_status", sqlmodel.sql.sqltypes.AutoString(length=40), nullable=True),
        sa.Column("payment_url", sqlmodel.sql.sqltypes.AutoString(length=500), nullable=True),
        sa.Column("review_reason", sqlmodel.sql.sqltypes.AutoString(length=200), nullable=True),
        sa.Column("created_at", sqlmodel.sql.sqltypes.UTCDateTime(), nullable=False),
        sa.Column("updated_at", sqlmodel.sql.sqltypes.UTCDateTime(), nullable=False),
        sa.Column("expires_at", sqlmodel.sql.sqltypes.UTCDateTime(), nullable=False),
        sa.Column("paid_at", sqlmodel.sql.sqltypes.UTCDateTime(), nullable=True),
        sa.ForeignKeyConstraint(["order_id"], ["orders.id"], ondelete="CASCADE"),
        sa.PrimaryKeyConstraint("id"),
    )
    with op.batch_alter_table("payments", schema=None) as batch_op:
        batch_op.create_index(batch_op.f("ix_payments_order_id"), ["order_id"], unique=False)
        batch_op.create_index(batch_op.f("ix_payments_reference"), ["reference"], unique=True)
        batch_op.create_index(batch_op.f("ix_payments_status"), ["status"], unique=False)

    op.create_table(
        "slot_holds",
        sa.Column("id", sa.Integer(), nullable=False),
        sa.Column("slot_id", sa.Integer(), nullable=False),
        sa.Column("user_id", sa.Integer(), nullable=False),
        sa.Column("status", sqlmodel.sql.sqltypes.AutoString(length=10), nullable=False),
        sa.Column("expires_at", sqlmodel.sql.sqltypes.UTCDateTime(), nullable=False),
        sa.Column("order_id", sa.Integer(), nullable=True),
        sa.Column("created_at", sqlmodel.sql.sqltypes.UTCDateTime(), nullable=False),
        sa.ForeignKeyConstraint(["order_id"], ["orders.id"], ondelete="SET NULL"),
        sa.ForeignKeyConstraint(["slot_id"], ["delivery_slots.id"], ondelete="CASCADE"),
        sa.ForeignKeyConstraint(["user_id"], ["users.id"], ondelete="CASCADE"),
        sa.PrimaryKeyConstraint("id"),
    )
    with op.batch_alter_table("slot_holds", schema=None) as batch_op:
        batch_op.create_index(batch_op.f("ix_slot_holds_expires_at"), ["expires_at"], unique=False)
        batch_op.create_index(batch_op.f("ix_slot_holds_slot_id"), ["slot_id"], unique=False)
        batch_op.create_index(batch_op.f("ix_slot_holds_status"), ["status"], unique=False)
        batch_op.create_index(batch_op.f("ix_slot_holds_user_id"), ["user_id"], unique=False)

    op.create_table(
        "payment_events",
        sa.Column("id", sa.Integer(), nullable=False),
        sa.Column("payment_id", sa.Integer(), nullable=True),
        sa.Column("source", sqlmodel.sql.sqltypes.AutoString(length=20), nullable=False),
        sa.Column("verified", sa.Boolean(), nullable=False),
        sa.Column("detail", sa.JSON(), nullable=False),
        sa.Column("created_at", sqlmodel.sql.sqltypes.UTCDateTime(), nullable=False),
        sa.ForeignKeyConstraint(["payment_id"], ["payments.id"], ondelete="CASCADE"),
        sa.PrimaryKeyConstraint("id"),
    )
    with op.batch_alter_table("payment_events", schema=None) as batch_op:
        batch_op.create_index(
            batch_op.f("ix_payment_events_payment_id"), ["payment_id"], unique=False
        )

    with op.batch_alter_table("orders", schema=None) as batch_op:
        batch_op.add_column(
            sa.Column("idempotency_key", sqlmodel.sql.sqltypes.AutoString(length=80), nullable=True)
        )
        batch_op.add_column(
            sa.Column("request_hash", sqlmodel.sql.sqltypes.AutoString(length=64), nullable=True)
        )
        batch_op.add_column(
            sa.Column(
                "kind",
                sqlmodel.sql.sqltypes.AutoString(length=10),
                nullable=False,
                server_default="delivery",
            )
        )
        batch_op.add_column(sa.Column("slot_id", sa.Integer(), nullable=True))
        batch_op.add_column(
            sa.Column(
                "payment_method",
                sqlmodel.sql.sqltypes.AutoString(length=20),
                nullable=False,
                server_default="cash",
            )
        )
        batch_op.add_column(
            sa.Column(
                "payment_status",
                sqlmodel.sql.sqltypes.AutoString(length=20),
                nullable=False,
                server_default="unpaid",
            )
        )
        batch_op.add_column(
            sa.Column("updated_at", sqlmodel.sql.sqltypes.UTCDateTime(), nullable=True)
        )
        batch_op.create_index(
            batch_op.f("ix_orders_payment_status"), ["payment_status"], unique=False
        )
        batch_op.create_index(batch_op.f("ix_orders_slot_id"), ["slot_id"], unique=False)
        batch_op.create_unique_constraint(
            "uq_orders_idempotency_key", ["user_id", "idempotency_key"]
        )
        batch_op.create_foreign_key(
            "fk_orders_slot_id", "delivery_slots", ["slot_id"], ["id"], ondelete="SET NULL"
        )
    # Orders placed before this revision were last changed when they were created.
    op.execute(sa.text("UPDATE orders SET updated_at = created_at WHERE updated_at IS NULL"))
    with op.batch_alter_table("orders", schema=None) as batch_op:
        batch_op.alter_column(
            "updated_at", existing_type=sqlmodel.sql.sqltypes.UTCDateTime(), nullable=False
        )


def downgrade() -> None:
    with op.batch_alter_table("orders", schema=None) as batch_op:
        batch_op.drop_constraint("fk_orders_slot_id", type_="foreignkey")
        batch_op.drop_constraint("uq_orders_idempotency_key", type_="unique")
        batch_op.drop_index(batch_op.f("ix_orders_slot_id"))
        batch_op.drop_index(batch_op.f("ix_orders_payment_status"))
        batch_op.drop_column("updated_at")
        batch_op.drop_column("payment_status")
        batch_op.drop_column("payment_method")
        batch_op.drop_column("slot_id")
        batch_op.drop_column("kind")
        batch_op.drop_column("request_hash")
        batch_op.drop_column("idempotency_key")

    with op.batch_alter_table("payment_events", schema=None) as batch_op:
        batch_op.drop_index(batch_op.f("ix_payment_events_payment_id"))

    op.drop_table("payment_events")
    with op.batch_alter_table("slot_holds", schema=None) as batch_op:
        batch_op.drop_index(batch_op.f("ix_slot_holds_user_id"))
        batch_op.drop_index(batch_op.f("ix_slot_holds_status"))
        batch_op.drop_index(batch_op.f("ix_slot_holds_slot_id"))
        batch_op.drop_index(batch_op.f("ix_slot_holds_expires_at"))

    op.drop_table("slot_holds")
    with op.batch_alter_table("payments", schema=None) as batch_op:
        batch_op.drop_index(batch_op.f("ix_payments_status"))
        batch_op.drop_index(batch_op.f("ix_payments_reference"))
        batch_op.drop_index(batch_op.f("ix_payments_order_id"))

    op.drop_table("payments")
    with op.batch_alter_table("delivery_slots", schema=None) as batch_op:
        batch_op.drop_index(batch_op.f("ix_delivery_slots_day"))

    op.drop_table("delivery_slots")
