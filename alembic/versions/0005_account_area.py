"""account area: favourites, sign-in records, second factor, pending sign-ins, referral
invitations and rewards, order status history, gift cards bought in the shop, account deletion

Revision ID: 0005
Revises: 0004
Create Date: 2026-11-25 12:15:00
"""

from collections.abc import Sequence

import sqlalchemy as sa
import sqlmodel
from alembic import op


revision: str = "0005"
down_revision: str | None = "0004"
branch_labels: str | Sequence[str] | None = None
depends_on: str | Sequence[str] | None = None


def upgrade() -> None:
    op.create_table(
        "login_events",
        sa.Column("id", sa.Integer(), nullable=False),
        sa.Column("user_id", sa.Integer(), nullable=False),
        sa.Column("created_at", sqlmodel.sql.sqltypes.UTCDateTime(), nullable=False),
        sa.Column("success", sa.Boolean(), nullable=False),
        sa.Column("method", sqlmodel.sql.sqltypes.AutoString(length=20), nullable=False),
        sa.Column("ip", sqlmodel.sql.sqltypes.AutoString(length=64), nullable=True),
        sa.Column("device", sqlmodel.sql.sqltypes.AutoString(length=200), nullable=True),
        sa.Column("country", sqlmodel.sql.sqltypes.AutoString(length=80), nullable=True),
        sa.Column("region", sqlmodel.sql.sqltypes.AutoString(length=120), nullable=True),
        sa.Column("city", sqlmodel.sql.sqltypes.AutoString(length=120), nullable=True),
        sa.Column("family_id", sqlmodel.sql.sqltypes.AutoString(length=64), nullable=True),
        sa.ForeignKeyConstraint(["user_id"], ["users.id"], ondelete="CASCADE"),
        sa.PrimaryKeyConstraint("id"),
    )
    with op.batch_alter_table("login_events", schema=None) as batch_op:
        batch_op.create_index(
            batch_op.f("ix_login_events_created_at"), ["created_at"], unique=False
        )
        batch_op.create_index(batch_op.f("ix_login_events_family_id"), ["family_id"], unique=False)
        batch_op.create_index(batch_op.f("ix_login_events_user_id"), ["user_id"], unique=False)

    op.create_table(
        "pending_logins",
        sa.Column("id", sa.Integer(), nullable=False),
        sa.Column("user_id", sa.Integer(), nullable=False),
        sa.Column("token_hash", sqlmodel.sql.sqltypes.AutoString(length=64), nullable=False),
        sa.Column("method", sqlmodel.sql.sqltypes.AutoString(length=10), nullable=False),
        sa.Column("code_hash", sqlmodel.sql.sqltypes.AutoString(length=64), nullable=True),
        sa.Column("remember_me", sa.Boolean(), nullable=False),
        sa.Column("ip", sqlmodel.sql.sqltypes.AutoString(length=64), nullable=True),
        sa.Column("device", sqlmodel.sql.sqltypes.AutoString(length=200), nullable=True),
        sa.Column("attempts", sa.Integer(), nullable=False),
        sa.Column("created_at", sqlmodel.sql.sqltypes.UTCDateTime(), nullable=False),
        sa.Column("expires_at", sqlmodel.sql.sqltypes.UTCDateTime(), nullable=False),
        sa.Column("consumed_at", sqlmodel.sql.sqltypes.UTCDateTime(), nullable=True),
        sa.ForeignKeyConstraint(["user_id"], ["users.id"], ondelete="CASCADE"),
        sa.PrimaryKeyConstraint("id"),
    )
    with op.batch_alter_table("pending_logins", schema=None) as batch_op:
        batch_op.create_index(
            batch_op.f("ix_pending_logins_token_hash"), ["token_hash"], unique=True
        )
        batch_op.create_index(batch_op.f("ix_pending_logins_user_id"), ["user_id"], unique=False)

    op.create_table(
        "referral_invitations",
        sa.Column("id", sa.Integer(), nullable=False),
        sa.Column("user_id", sa.Integer(), nullable=False),
        sa.Column("email", sqlmodel.sql.sqltypes.AutoString(length=254), nullable=False),
        sa.Column("created_at", sqlmodel.sql.sqltypes.UTCDateTime(), nullable=False),
        sa.ForeignKeyConstraint(["user_id"], ["users.id"], ondelete="CASCADE"),
        sa.PrimaryKeyConstraint("id"),
    )
    with op.batch_alter_table("referral_invitations", schema=None) as batch_op:
        batch_op.create_index(
            batch_op.f("ix_referral_invitations_created_at"), ["created_at"], unique=False
        )
        batch_op.create_index(
            batch_op.f("ix_referral_invitations_user_id"), ["user_id"], unique=False
        )

    op.create_table(
        "two_factor_secrets",
        sa.Column("user_id", sa.Integer(), nullable=False),
        sa.Column("pending_secret", sqlmodel.sql.sqltypes.AutoString(length=64), nullable=True),
        sa.Column("secret", sqlmodel.sql.sqltypes.AutoString(length=64), nullable=True),
        sa.Column("confirmed_at", sqlmodel.sql.sqltypes.UTCDateTime(), nullable=True),
        sa.Column("recovery_hashes", sa.JSON(), nullable=False),
        sa.Column("updated_at", sqlmodel.sql.sqltypes.UTCDateTime(), nullable=False),
        sa.ForeignKeyConstraint(["user_id"], ["users.id"], ondelete="CASCADE"),
        sa.PrimaryKeyConstraint("user_id"),
    )
    op.create_table(
        "favourites",
        sa.Column("id", sa.Integer(), nullable=False),
        sa.Column("user_id", sa.Integer(), nullable=False),
        sa.Column("article_id", sa.Integer(), nullable=False),
        sa.Column("created_at", sqlmodel.sql.sqltypes.UTCDateTime(), nullable=False),
        sa.ForeignKeyConstraint(["article_id"], ["articles.id"], ondelete="CASCADE"),
        sa.ForeignKeyConstraint(["user_id"], ["users.id"], ondelete="CASCADE"),
        sa.PrimaryKeyConstraint("id"),
        sa.UniqueConstraint("user_id", "article_id", name="uq_favourites_article"),
    )
    with op.batch_alter_table("favourites", schema=None) as batch_op:
        batch_op.create_index(batch_op.f("ix_favourites_article_id"), ["article_id"], unique=False)
        batch_op.create_index(batch_op.f("ix_favourites_user_id"), ["user_id"], unique=False)

    op.create_table(
        "order_events",
        sa.Column("id", sa.Integer(), nullable=False),
        sa.Column("order_id", sa.Integer(), nullable=False),
        sa.Column("status", sqlmodel.sql.sqltypes.AutoString(length=20), nullable=False),
        sa.Column("note", sqlmodel.sql.sqltypes.AutoString(length=300), nullable=True),
        sa.Column("created_at", sqlmodel.sql.sqltypes.UTCDateTime(), nullable=False),
        sa.ForeignKeyConstraint(["order_id"], ["orders.id"], ondelete="CASCADE"),
        sa.PrimaryKeyConstraint("id"),
    )
    with op.batch_alter_table("order_events", schema=None) as batch_op:
        batch_op.create_index(batch_op.f("ix_order_events_order_id"), ["order_id"], unique=False)

    op.create_table(
        "referral_rewards",
        sa.Column("id", sa.Integer(), nullable=False),
        sa.Column("referrer_id", sa.Integer(), nullable=False),
        sa.Column("referred_id", sa.Integer(), nullable=True),
        sa.Column("household_key", sqlmodel.sql.sqltypes.AutoString(length=64), nullable=False),
        sa.Column("order_id", sa.Integer(), nullable=True),
        sa.Column("credit_entry_id", sa.Integer(), nullable=True),
        sa.Column("created_at", sqlmodel.sql.sqltypes.UTCDateTime(), nullable=False),
        sa.ForeignKeyConstraint(["credit_entry_id"], ["credit_entries.id"], ondelete="SET NULL"),
        sa.ForeignKeyConstraint(["order_id"], ["orders.id"], ondelete="SET NULL"),
        sa.ForeignKeyConstraint(["referred_id"], ["users.id"], ondelete="SET NULL"),
        sa.ForeignKeyConstraint(["referrer_id"], ["users.id"], ondelete="CASCADE"),
        sa.PrimaryKeyConstraint("id"),
        sa.UniqueConstraint("household_key"),
        sa.UniqueConstraint("referred_id"),
    )
    with op.batch_alter_table("referral_rewards", schema=None) as batch_op:
        batch_op.create_index(
            batch_op.f("ix_referral_rewards_referrer_id"), ["referrer_id"], unique=False
        )

    with op.batch_alter_table("deletion_requests", schema=None) as batch_op:
        batch_op.add_column(
            sa.Column("purge_after", sqlmodel.sql.sqltypes.UTCDateTime(), nullable=True)
        )
        batch_op.add_column(
            sa.Column("purged_at", sqlmodel.sql.sqltypes.UTCDateTime(), nullable=True)
        )

    with op.batch_alter_table("gift_cards", schema=None) as batch_op:
        batch_op.add_column(
            sa.Column(
                "status",
                sqlmodel.sql.sqltypes.AutoString(length=10),
                nullable=False,
                server_default="active",
            )
        )
        batch_op.add_column(
            sa.Column(
                "currency",
                sqlmodel.sql.sqltypes.AutoString(length=3),
                nullable=False,
                server_default="XOF",
            )
        )
        batch_op.add_column(sa.Column("order_id", sa.Integer(), nullable=True))
        batch_op.add_column(
            sa.Column(
                "recipient_email", sqlmodel.sql.sqltypes.AutoString(length=254), nullable=True
            )
        )
        batch_op.add_column(
            sa.Column("sender_name", sqlmodel.sql.sqltypes.AutoString(length=100), nullable=True)
        )
        batch_op.add_column(
            sa.Column("message", sqlmodel.sql.sqltypes.AutoString(length=300), nullable=True)
        )
        batch_op.create_index(batch_op.f("ix_gift_cards_order_id"), ["order_id"], unique=False)
        batch_op.create_index(batch_op.f("ix_gift_cards_status"), ["status"], unique=False)
        batch_op.create_foreign_key(
            "fk_gift_cards_order_id", "orders", ["order_id"], ["id"], ondelete="SET NULL"
        )

    with op.batch_alter_table("users", schema=None) as batch_op:
        batch_op.add_column(
            sa.Column("referral_code", sqlmodel.sql.sqltypes.AutoString(length=16), nullable=True)
        )
        batch_op.add_column(sa.Column("referred_by", sa.Integer(), nullable=True))
        batch_op.add_column(
            sa.Column("deleted_at", sqlmodel.sql.sqltypes.UTCDateTime(), nullable=True)
        )
        batch_op.create_index(batch_op.f("ix_users_referral_code"), ["referral_code"], unique=True)
        batch_op.create_foreign_key(
            "fk_users_referred_by", "users", ["referred_by"], ["id"], ondelete="SET NULL"
        )

    # Every existing order starts its history with the status it has now.
    op.execute(
        "INSERT INTO order_events (order_id, status, note, created_at) "
        "SELECT id, status, NULL, created_at FROM orders"
    )


def downgrade() -> None:
    with op.batch_alter_table("users", schema=None) as batch_op:
        batch_op.drop_constraint("fk_users_referred_by", type_="foreignkey")
        batch_op.drop_index(batch_op.f("ix_users_referral_code"))
        batch_op.drop_column("deleted_at")
        batch_op.drop_column("referred_by")
        batch_op.drop_column("referral_code")

    with op.batch_alter_table("gift_cards", schema=None) as batch_op:
        batch_op.drop_constraint("fk_gift_cards_order_id", type_="foreignkey")
        batch_op.drop_index(batch_op.f("ix_gift_cards_status"))
        batch_op.drop_index(batch_op.f("ix_gift_cards_order_id"))
        batch_op.drop_column("message")
        batch_op.drop_column("sender_name")
        batch_op.drop_column("recipient_email")
        batch_op.drop_column("order_id")
        batch_op.drop_column("currency")
        batch_op.drop_column("status")

    with op.batch_alter_table("deletion_requests", schema=None) as batch_op:
        batch_op.drop_column("purged_at")
        batch_op.drop_column("purge_after")

    with op.batch_alter_table("referral_rewards", schema=None) as batch_op:
        batch_op.drop_index(batch_op.f("ix_referral_rewards_referrer_id"))

    op.drop_table("referral_rewards")
    with op.batch_alter_table("order_events", schema=None) as batch_op:
        batch_op.drop_index(batch_op.f("ix_order_events_order_id"))

    op.drop_table("order_events")
    with op.batch_alter_table("favourites", schema=None) as batch_op:
        batch_op.drop_index(batch_op.f("ix_favourites_user_id"))
        batch_op.drop_index(batch_op.f("ix_favourites_article_id"))

    op.drop_table("favourites")
    op.drop_table("two_factor_secrets")
    with op.batch_alter_table("referral_invitations", schema=None) as batch_op:
        batch_op.drop_index(batch_op.f("ix_referral_invitations_user_id"))
        batch_op.drop_index(batch_op.f("ix_referral_invitations_created_at"))

    op.drop_table("referral_invitations")
    with op.batch_alter_table("pending_logins", schema=None) as batch_op:
        batch_op.drop_index(batch_op.f("ix_pending_logins_user_id"))
        batch_op.drop_index(batch_op.f("ix_pending_logins_token_hash"))

    op.drop_table("pending_logins")
    with op.batch_alter_table("login_events", schema=None) as batch_op:
        batch_op.drop_index(batch_op.f("ix_login_events_user_id"))
        batch_op.drop_index(batch_op.f("ix_login_events_family_id"))
        batch_op.drop_index(batch_op.f("ix_login_events_created_at"))

    op.drop_table("login_events")
