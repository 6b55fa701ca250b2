"""Carts and orders."""

from __future__ import annotations

from datetime import date, datetime
from decimal import Decimal
from typing import Any

from sqlalchemy import UniqueConstraint
from sqlmodel import Field, SQLModel

from grocer.models.base import json_field, money_field, utcnow

ORDER_STATUSES = ("pending", "confirmed", "shipped", "delivered", "cancelled")


class Cart(SQLModel, table=True):
    __tablename__ = "carts"

    id: int | None = Field(default=None, primary_key=True)
    user_id: int = Field(foreign_key="users.id", unique=True, index=True, ondelete="CASCADE")
    store_id: str | None = Field(default=None, max_length=60)
    promo_code: str | None = Field(default=None, max_length=40)
    shipping: dict[str, Any] | None = json_field(default_factory=dict)
    updated_at: datetime = Field(default_factory=utcnow)
    # Bumped by every write: GET /cart answers it as the ETag, POST /cart honours If-Match.
    version: int = Field(default=0)


class CartMerge(SQLModel, table=True):
    """A guest bag already merged into a cart (its merge key): merging twice is a no-op."""

    __tablename__ = "cart_merges"
    __table_args__ = (UniqueConstraint("cart_id", "merge_key", name="uq_cart_merges_key"),)

    id: int | None = Field(default=None, primary_key=True)
    cart_id: int = Field(foreign_key="carts.id", index=True, ondelete="CASCADE")
    merge_key: str = Field(max_length=64)
    created_at: datetime = Field(default_factory=utcnow)


class CartItem(SQLModel, table=True):
    __tablename__ = "cart_items"
    __table_args__ = (UniqueConstraint("cart_id", "article_id", name="uq_cart_items_article"),)

    id: int | None = Field(default=None, primary_key=True)
    cart_id: int = Field(foreign_key="carts.id", index=True, ondelete="CASCADE")
    article_id: int = Field(foreign_key="articles.id", index=True, ondelete="CASCADE")
    quantity: int = Field(ge=1)
    unit_price: Decimal = money_field()
    original_price: Decimal | None = money_field(default=None, nullable=True)
    sale_price: Decimal | None = money_field(default=None, nullable=True)
    added_at: datetime = Field(default_factory=utcnow)


class Order(SQLModel, table=True):
    __tablename__ = "orders"
    __table_args__ = (
        UniqueConstraint("user_id", "idempotency_key", name="uq_orders_idempotency_key"),
    )

    id: int | None = Field(default=None, primary_key=True)
    number: str = Field(max_length=30, unique=True, index=True)
    user_id: int = Field(foreign_key="users.id", index=True, ondelete="CASCADE")
    status: str = Field(default="pending", max_length=20)
    currency: str = Field(default="XOF", max_length=3)
    subtotal: Decimal = money_field()
    delivery_fee: Decimal = money_field()
    surcharge: Decimal = money_field()
    tip: Decimal = money_field()
    discount: Decimal = money_field()
    gift_card: Decimal = money_field()
    total: Decimal = money_field()
    address: dict[str, Any] = json_field(default_factory=dict)
    slot: dict[str, Any] = json_field(default_factory=dict)
    instructions: dict[str, Any] = json_field(default_factory=dict)
    created_at: datetime = Field(default_factory=utcnow)
    # Checkout: the client's Idempotency-Key (one order per key and shopper) and a hash of the
    # request it came with, so that the same key with another body is refused.
    idempotency_key: str | None = Field(default=None, max_length=80)
    request_hash: str | None = Field(default=None, max_length=64)
    kind: str = Field(default="delivery", max_length=10)  # delivery, pickup or giftcard
    slot_id: int | None = Field(
        default=None, foreign_key="delivery_slots.id", index=True, ondelete="SET NULL"
    )
    payment_method: str = Field(default="cash", max_length=20)
    payment_status: str = Field(default="unpaid", max_length=20, index=True)
    updated_at: datetime = Field(default_factory=utcnow)


class OrderEvent(SQLModel, table=True):
    """One step of an order's status history (what tracking shows): every status change."""

    __tablename__ = "order_events"

    id: int | None = Field(default=None, primary_key=True)
    order_id: int = Field(foreign_key="orders.id", index=True, ondelete="CASCADE")
    status: str = Field(max_length=20)
    note: str | None = Field(default=None, max_length=300)
    created_at: datetime = Field(default_factory=utcnow)


class OrderLine(SQLModel, table=True):
    __tablename__ = "order_lines"

    id: int | None = Field(default=None, primary_key=True)
    order_id: int = Field(foreign_key="orders.id", index=True, ondelete="CASCADE")
    article_id: int | None = Field(default=None, foreign_key="articles.id", ondelete="SET NULL")
    name: str = Field(max_length=200)
    quantity: int
    unit_price: Decimal = money_field()
    line_total: Decimal = money_field()


# --- checkout: slots with capacity, holds, payments ---------------------------------------------

SLOT_KINDS = ("delivery", "pickup")
HOLD_STATUSES = ("held", "booked", "released")
PAYMENT_METHODS = ("cash", "mobile_money")
# unpaid: cash, paid on delivery; pending: waiting for the provider; paid; failed: refused;
# expired: not paid in time (slot released); review: paid after expiry, a person must decide.
PAYMENT_STATUSES = ("unpaid", "pending", "paid", "failed", "expired", "review")


class DeliverySlot(SQLModel, table=True):
    """One bookable slot of one day, made from the template the first time a day is listed.

    `booked + held <= capacity` always: holds and bookings are claimed by one conditional
    UPDATE, never read-then-write.
    """

    __tablename__ = "delivery_slots"
    __table_args__ = (UniqueConstraint("kind", "day", "start_hour", name="uq_delivery_slots_day"),)

    id: int | None = Field(default=None, primary_key=True)
    kind: str = Field(max_length=10)
    day: date = Field(index=True)
    start_hour: int
    end_hour: int
    capacity: int = Field(ge=0)
    booked: int = Field(default=0, ge=0)
    held: int = Field(default=0, ge=0)
    cutoff_at: datetime
    created_at: datetime = Field(default_factory=utcnow)


class SlotHold(SQLModel, table=True):
    """A shopper's claim on one place of a slot: held until `expires_at`, then booked by an
    order or released (by a newer hold, a cancellation or the expiry sweep)."""

    __tablename__ = "slot_holds"

    id: int | None = Field(default=None, primary_key=True)
    slot_id: int = Field(foreign_key="delivery_slots.id", index=True, ondelete="CASCADE")
    user_id: int = Field(foreign_key="users.id", index=True, ondelete="CASCADE")
    status: str = Field(default="held", max_length=10, index=True)
    expires_at: datetime = Field(index=True)
    order_id: int | None = Field(default=None, foreign_key="orders.id", ondelete="SET NULL")
    created_at: datetime = Field(default_factory=utcnow)


class SlotTemplate(SQLModel, table=True):
    """The week's pattern of one kind of slot, set in the back-office: for each weekday (0 =
    Monday) and slot code of `grocer.services.slots.SLOTS[kind]` (the hours stay the spec's),
    whether it opens, its capacity and how many minutes before it starts it closes. No rows
    for a kind: every slot open with the settings' capacity and cut-off."""

    __tablename__ = "slot_templates"

    kind: str = Field(max_length=10, primary_key=True)
    weekday: int = Field(primary_key=True, ge=0, le=6)
    slot: str = Field(max_length=10, primary_key=True)
    capacity: int = Field(ge=0)
    cutoff_minutes: int = Field(ge=0)
    is_open: bool = Field(default=True)


class SlotClosure(SQLModel, table=True):
    """A day one kind of slot does not open (a holiday): its slots take no new hold or
    booking; the bookings made before stay (the orders tab may cancel them)."""

    __tablename__ = "slot_closures"

    kind: str = Field(max_length=10, primary_key=True)
    day: date = Field(primary_key=True)
    note: str = Field(default="", max_length=500)
    created_at: datetime = Field(default_factory=utcnow)


class Payment(SQLModel, table=True):
    """One attempt to be paid for an order through a provider (mobile money).

    `reference` is ours, sent to the provider as its transaction id; it is what a callback
    names. The amount and currency are the order's, checked against the provider's answer.
    """

    __tablename__ = "payments"

    id: int | None = Field(default=None, primary_key=True)
    order_id: int = Field(foreign_key="orders.id", index=True, ondelete="CASCADE")
    reference: str = Field(max_length=64, unique=True, index=True)
    provider: str = Field(max_length=30)
    channel: str | None = Field(default=None, max_length=30)  # orange, moov
    phone: str | None = Field(default=None, max_length=30)
    amount: Decimal = money_field()
    currency: str = Field(default="XOF", max_length=3)
    status: str = Field(default="pending", max_length=20, index=True)
    provider_status: str | None = Field(default=None, max_length=40)
    payment_url: str | None = Field(default=None, max_length=500)
    review_reason: str | None = Field(default=None, max_length=200)
    created_at: datetime = Field(default_factory=utcnow)
    updated_at: datetime = Field(default_factory=utcnow)
    expires_at: datetime
    paid_at: datetime | None = None


class PaymentEvent(SQLModel, table=True):
    """What a provider told us (callback, status answer, return page): the audit trail."""

    __tablename__ = "payment_events"

    id: int | None = Field(default=None, primary_key=True)
    payment_id: int | None = Field(
        default=None, foreign_key="payments.id", index=True, ondelete="CASCADE"
    )
    source: str = Field(max_length=20)  # callback, status, return, initiate, expiry
    verified: bool = False
    detail: dict[str, Any] = json_field(default_factory=dict)
    created_at: datetime = Field(default_factory=utcnow)
