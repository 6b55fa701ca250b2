"""What a customer keeps in the account area: addresses, payment methods, settings, money."""

from __future__ import annotations

from datetime import datetime
from decimal import Decimal
from typing import Any

from sqlalchemy import UniqueConstraint
from sqlmodel import Field, SQLModel

from grocer.models.base import UserOwnedRow, json_field, money_field, utcnow


class Address(UserOwnedRow, table=True):
    __tablename__ = "addresses"

    address_type: str = Field(default="HOME", max_length=20)
    street_address: str = Field(max_length=300)
    apartment: str | None = Field(default=None, max_length=120)
    city: str = Field(max_length=120)
    state: str | None = Field(default=None, max_length=120)
    postal_code: str | None = Field(default=None, max_length=20)
    country: str = Field(max_length=120)
    latitude: float | None = None
    longitude: float | None = None
    is_default: bool = True
    created_at: datetime = Field(default_factory=utcnow)


class PaymentMethod(UserOwnedRow, table=True):
    """A saved means of payment. Never a card number or a CVV: brand, last four, expiry."""

    __tablename__ = "payment_methods"

    payment_type: str = Field(max_length=20)
    payment_name: str | None = Field(default=None, max_length=120)
    card_brand: str | None = Field(default=None, max_length=30)
    card_last_four: str | None = Field(default=None, max_length=4)
    expiry_month: int | None = None
    expiry_year: int | None = None
    paypal_email: str | None = Field(default=None, max_length=254)
    mobile_money_number: str | None = Field(default=None, max_length=30)
    mobile_money_provider: str | None = Field(default=None, max_length=60)
    bank_name: str | None = Field(default=None, max_length=120)
    account_last_four: str | None = Field(default=None, max_length=4)
    is_default: bool = False
    is_active: bool = True
    is_verified: bool = False
    created_at: datetime = Field(default_factory=utcnow)


class UserSettings(SQLModel, table=True):
    """The settings document of 001 §3, kept whole (it is read and written whole)."""

    __tablename__ = "user_settings"

    user_id: int = Field(foreign_key="users.id", primary_key=True, ondelete="CASCADE")
    data: dict[str, Any] = json_field(default_factory=dict)
    updated_at: datetime = Field(default_factory=utcnow)


class GiftCard(SQLModel, table=True):
    __tablename__ = "gift_cards"

    id: int | None = Field(default=None, primary_key=True)
    code: str = Field(max_length=40, unique=True, index=True)
    initial_value: Decimal = money_field()
    balance: Decimal = money_field()
    purchased_by: int | None = Field(default=None, foreign_key="users.id", ondelete="SET NULL")
    redeemed_by: int | None = Field(
        default=None, foreign_key="users.id", index=True, ondelete="SET NULL"
    )
    created_at: datetime = Field(default_factory=utcnow)
    redeemed_at: datetime | None = None
    # A card bought in the shop: "pending" until its order is paid, then "active" (and mailed
    # to the recipient). Cards made by an operator are "active" from the start.
    status: str = Field(default="active", max_length=10, index=True)
    currency: str = Field(default="XOF", max_length=3)
    order_id: int | None = Field(
        default=None, foreign_key="orders.id", index=True, ondelete="SET NULL"
    )
    recipient_email: str | None = Field(default=None, max_length=254)
    sender_name: str | None = Field(default=None, max_length=100)
    message: str | None = Field(default=None, max_length=300)


class CreditEntry(UserOwnedRow, table=True):
    """One line of a customer's credit ledger; the balance is the sum of unexpired lines."""

    __tablename__ = "credit_entries"

    amount: Decimal = money_field()
    reason: str = Field(max_length=200)
    created_at: datetime = Field(default_factory=utcnow)
    expires_at: datetime | None = None


class DeletionRequest(UserOwnedRow, table=True):
    """A shopper's request to close the account: signed out at once, anonymised by the purge
    command once `purge_after` has passed (orders are kept without the personal data)."""

    __tablename__ = "deletion_requests"

    reason: str | None = None
    created_at: datetime = Field(default_factory=utcnow)
    purge_after: datetime | None = None
    purged_at: datetime | None = None


class Favourite(UserOwnedRow, table=True):
    """An article a shopper keeps in "Mes favoris"."""

    __tablename__ = "favourites"
    __table_args__ = (UniqueConstraint("user_id", "article_id", name="uq_favourites_article"),)

    article_id: int = Field(foreign_key="articles.id", index=True, ondelete="CASCADE")
    created_at: datetime = Field(default_factory=utcnow)


class ReferralInvitation(UserOwnedRow, table=True):
    """One invitation e-mail sent by a shopper (the monthly limit and the delay count these)."""

    __tablename__ = "referral_invitations"

    email: str = Field(max_length=254)
    created_at: datetime = Field(default_factory=utcnow, index=True)


class ReferralReward(SQLModel, table=True):
    """The referral credit paid once per referred customer and once per household."""

    __tablename__ = "referral_rewards"

    id: int | None = Field(default=None, primary_key=True)
    referrer_id: int = Field(foreign_key="users.id", index=True, ondelete="CASCADE")
    referred_id: int | None = Field(
        default=None, foreign_key="users.id", unique=True, ondelete="SET NULL"
    )
    household_key: str = Field(max_length=64, unique=True)
    order_id: int | None = Field(default=None, foreign_key="orders.id", ondelete="SET NULL")
    credit_entry_id: int | None = Field(
        default=None, foreign_key="credit_entries.id", ondelete="SET NULL"
    )
    created_at: datetime = Field(default_factory=utcnow)
