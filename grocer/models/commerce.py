"""Carts and orders."""

from __future__ import annotations

from datetime import datetime
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


class OrderLine(SQLModel, table=True):
    __tablename__ = "order_lines"

    id: int | None = Field(default=None, primary_key=True)
    order_id: int = Field(foreign_key="orders.id", index=True, ondelete="CASCADE")
    article_id: int | None = Field(default=None, foreign_key="articles.id", ondelete="SET NULL")
    name: str = Field(max_length=200)
    quantity: int
    unit_price: Decimal = money_field()
    line_total: Decimal = money_field()
