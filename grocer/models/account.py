"""What a customer keeps in the account area: addresses, payment methods, settings, money."""

from __future__ import annotations

from datetime import datetime
from decimal import Decimal
from typing import Any

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


class CreditEntry(UserOwnedRow, table=True):
    """One line of a customer's credit ledger; the balance is the sum of unexpired lines."""

    __tablename__ = "credit_entries"

    amount: Decimal = money_field()
    reason: str = Field(max_length=200)
    created_at: datetime = Field(default_factory=utcnow)
    expires_at: datetime | None = None


class DeletionRequest(UserOwnedRow, table=True):
    __tablename__ = "deletion_requests"

    reason: str | None = None
    created_at: datetime = Field(default_factory=utcnow)
