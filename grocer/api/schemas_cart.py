"""Request and response bodies of the cart API (camelCase on the wire, as the spec names them).

Requests are checked here for shape and size only (types, string and list lengths), so that a
huge or malformed body is a 400 before any work; the rules (quantity range, known articles,
slots) live once, in `grocer.services.cart`. Unknown extra fields are ignored.
"""

from __future__ import annotations

from datetime import datetime
from typing import Annotated, Any

from pydantic import (
    AliasChoices,
    ConfigDict,
    Field,
    StrictFloat,
    StrictInt,
    StringConstraints,
)
from pydantic.alias_generators import to_camel

from grocer.api.schemas_account import AddressFields, CamelModel
from grocer.services.bag_totals import PRICE_TEXT_MAX
from grocer.services.cart import MAX_LINES, MAX_STORE_ID_LENGTH, MAX_TEXT_LENGTH

Text = Annotated[str, StringConstraints(max_length=MAX_TEXT_LENGTH)]
# Strict numbers, so that an over-long price text is refused rather than read as a number.
PriceText = (
    Annotated[str, StringConstraints(max_length=PRICE_TEXT_MAX)] | StrictInt | StrictFloat | None
)
Money = Annotated[str, Field(description='Decimal string in XOF, e.g. "650.00"')]


class CartLineIn(CamelModel):
    """A line of the spec's cart payload. Prices are accepted but ignored (logged only)."""

    article_id: int = Field(validation_alias=AliasChoices("articleId", "productId"))
    quantity: int = 1
    unit_price: PriceText = None
    original_price: PriceText = None
    sale_price: PriceText = None
    added_at: datetime | int | Text | None = None


class CartReplaceIn(CamelModel):
    """POST /cart. `userId` is ignored: the cart written is always the caller's."""

    user_id: int | Annotated[str, StringConstraints(max_length=64)] | None = None
    store_id: Annotated[str, StringConstraints(max_length=MAX_STORE_ID_LENGTH)] | int | None = None
    cart_items: list[CartLineIn] = Field(default_factory=list, max_length=MAX_LINES)


class CartItemIn(CamelModel):
    """POST /cart/items; other options a client sends are ignored."""

    product_id: int = Field(validation_alias=AliasChoices("productId", "articleId"))
    quantity: int = 1


class QuantityIn(CamelModel):
    quantity: int


MergeKey = Annotated[str, StringConstraints(max_length=64)]


class SyncIn(CamelModel):
    """POST /cart/sync: the guest bag to merge into the server bag.

    `mergeKey` (or the `Idempotency-Key` header): a random key the client keeps with its guest
    bag; the bag is merged once per key, a second call answers the cart unchanged.
    """

    items: list[CartLineIn] = Field(default_factory=list, max_length=MAX_LINES)
    merge_key: MergeKey | None = None


class DeltaIn(CamelModel):
    """One signed quantity change: +n raises the line (capped at 99), -n lowers it."""

    article_id: int = Field(validation_alias=AliasChoices("articleId", "productId"))
    delta: int


class ChangesIn(CamelModel):
    """POST /cart/changes: quantity changes relative to the server bag, applied together.

    `mergeKey` (or the `Idempotency-Key` header) makes a resent batch a no-op.
    """

    changes: list[DeltaIn] = Field(max_length=MAX_LINES)
    merge_key: MergeKey | None = None


class QuantityLineIn(CamelModel):
    """One absolute quantity: 0 removes the article's line."""

    article_id: int = Field(validation_alias=AliasChoices("articleId", "productId"))
    quantity: int


class QuantitiesIn(CamelModel):
    """PUT /cart/quantities: absolute quantities for some articles (other lines stay)."""

    quantities: list[QuantityLineIn] = Field(max_length=MAX_LINES)


class PromoIn(CamelModel):
    promo_code: Text


class TimeslotIn(CamelModel):
    """A deliveryTimeslot: days from today and a slot id such as "9-13"."""

    day_offset: int
    slot: Annotated[str, StringConstraints(max_length=10)]


class ShippingIn(CamelModel):
    method: Annotated[str, StringConstraints(max_length=20)] = "delivery"
    address: AddressFields | None = None
    is_professional: bool = False
    timeslot: TimeslotIn | None = None


class ShippingOptionsIn(CamelModel):
    """`weekOffset` pages the days: weeks for delivery, pages of six days for pickup."""

    method: Annotated[str, StringConstraints(max_length=20)] = "delivery"
    week_offset: int = 0


# --- answers -----------------------------------------------------------------------------------


class CartItemOut(CamelModel):
    id: int
    article_id: int
    name: str
    image_url: str | None
    weight: str | None
    quantity: int
    unit_price: Money
    original_price: Money | None
    sale_price: Money | None
    line_total: Money
    express: bool
    available: bool


class CartOut(CamelModel):
    id: int
    user_id: int
    store_id: str | None
    promo_code: str | None
    promo_recognised: bool
    items: list[CartItemOut]
    subtotal: Money
    item_count: int
    delivery_minimum_remaining: Money
    discount: Money
    shipping: dict[str, Any]
    updated_at: str
    version: int = Field(description="Bumped by every write; the ETag carries it too")


class IssueOut(CamelModel):
    """One problem found by validation; extra fields (itemId, remaining...) depend on type."""

    model_config = ConfigDict(alias_generator=to_camel, populate_by_name=True, extra="allow")

    type: str
    key: str
    blocking: bool


class CartValidationOut(CamelModel):
    valid: bool
    issues: list[IssueOut]
    cart: CartOut


class SlotOut(CamelModel):
    slot: str
    label: str
    available: bool


class DayOut(CamelModel):
    date: str
    day_offset: int
    slots: list[SlotOut]


class ShippingOptionsOut(CamelModel):
    method: str
    week_offset: int
    days: list[DayOut]
    selected: dict[str, Any] | None
    delivery_fee: Money
    surcharge: Money
    delivery_minimum: Money
    delivery_minimum_remaining: Money
