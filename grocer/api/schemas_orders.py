"""Request bodies of the order routes (camelCase, bounded, unknown fields dropped).

Only shape and size are checked here, so that a huge or malformed body is a 400 before any
work; the rules (a slot, an address for delivery, phone digits, choices) are
grocer.services.checkout's, which the Reflex states call with the same camelCase dicts. No
price is read: a client's `unitPrice`, `total` or anything else is dropped at the door.
"""

from __future__ import annotations

from typing import Annotated, Any, Literal

from pydantic import Field, StrictFloat, StrictInt, StringConstraints

from grocer.api.schemas_account import AddressFields, CamelModel
from grocer.models.constants import MAX_ID
from grocer.services.checkout import CODE_MAX, NAME_MAX, NOTES_MAX
from grocer.services.giftcard_purchase import EMAIL_MAX, MESSAGE_MAX, SENDER_MAX

Id = Annotated[int, Field(ge=1, le=MAX_ID)]
PhoneText = Annotated[str, StringConstraints(max_length=30)]
Code = Annotated[str, StringConstraints(max_length=CODE_MAX)]


class InstructionsIn(CamelModel):
    """deliveryInstructions (001 §3)."""

    recipient_first_name: str | None = Field(default=None, max_length=NAME_MAX)
    recipient_last_name: str | None = Field(default=None, max_length=NAME_MAX)
    phone: PhoneText | None = None
    delivery_preference: Literal["home", "doorman", "neighbor", "outside"] | None = None
    delivery_notes: str | None = Field(default=None, max_length=NOTES_MAX)


class TipIn(CamelModel):
    choice: Literal["5", "10", "15", "custom"] | None = None
    custom: Annotated[str, StringConstraints(max_length=20)] | StrictInt | StrictFloat | None = None


class PaymentIn(CamelModel):
    method: Literal["cash", "mobile_money"] = "cash"
    channel: Literal["orange", "moov"] | None = None
    phone: PhoneText | None = None


class OrderIn(CamelModel):
    """POST /orders: which slot (a hold or a slot id), where, instructions, tip, codes and the
    payment choice. The lines and every amount come from the caller's server bag."""

    kind: Literal["delivery", "pickup"] = "delivery"
    hold_id: Id | None = None
    slot_id: Id | None = None
    address: AddressFields | None = None
    address_id: Id | None = None
    instructions: InstructionsIn | None = None
    tip: TipIn | None = None
    promo_code: Code | None = None
    gift_card_code: Code | None = None
    payment: PaymentIn | None = None

    def request(self) -> dict[str, Any]:
        """The body as the checkout service reads it."""
        return self.model_dump(by_alias=True, exclude_none=True)


class GiftCardPurchaseIn(CamelModel):
    """POST /users/{id}/giftcards/purchase: an amount on sale (XOF), the recipient and the
    mobile money payment. The rules (amounts, e-mail syntax) are giftcard_purchase's."""

    amount: Annotated[str, StringConstraints(max_length=20)] | StrictInt | None = None
    recipient_email: str | None = Field(default=None, max_length=EMAIL_MAX)
    sender_name: str | None = Field(default=None, max_length=SENDER_MAX)
    message: str | None = Field(default=None, max_length=MESSAGE_MAX)
    payment: PaymentIn | None = None

    def request(self) -> dict[str, Any]:
        return self.model_dump(by_alias=True, exclude_none=True)
