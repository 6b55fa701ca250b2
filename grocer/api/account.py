"""API routes of the account area: addresses, payment methods, settings, orders, gift cards,
credit (spec 001 §7). Every route needs a signed-in user.

Ownership: a resource of another customer answers 404, exactly like a missing one (also on
/users/{id}/… routes naming another user), so ids reveal nothing; admins may act on any.
"""

from __future__ import annotations

from typing import Annotated, Any

from fastapi import APIRouter, Header, Response, status
from typing_extensions import TypedDict

from grocer.api.auth import Now
from grocer.api.deps import CurrentSession, CurrentUser, SessionDep
from grocer.api.params import PathId
from grocer.api.schemas_account import AddressIn, PaymentMethodIn, RedeemIn, SettingsIn
from grocer.api.schemas_auth import error_responses
from grocer.api.schemas_orders import GiftCardPurchaseIn
from grocer.models import User
from grocer.models.base import utcnow
from grocer.services import (
    addresses,
    credit,
    giftcard_purchase,
    giftcards,
    login_records,
    orders,
    payment_methods,
    settings_doc,
)
from grocer.services.addresses import AddressDict
from grocer.services.credit import CreditDict
from grocer.services.giftcards import GiftCardsDict, PurchasedGiftCardDict
from grocer.services.orders import OrderDict
from grocer.services.ownership import ensure_account
from grocer.services.payment_methods import PaymentMethodDict
from grocer.services.payments import PaymentDict
from grocer.services.payments import service as payments
from grocer.services.settings_doc import SettingsDoc

router = APIRouter(tags=["account"])


# Addresses ------------------------------------------------------------------------------------


@router.post("/users/addresses", status_code=status.HTTP_201_CREATED)
def create_address(body: AddressIn, user: CurrentUser, db: SessionDep) -> AddressDict:
    """Save an address; a new default takes the flag from the others."""
    return addresses.create(db, user, body.payload(), user_id=body.user_id)


@router.put("/users/addresses/{address_id}")
def update_address(
    address_id: PathId, body: AddressIn, user: CurrentUser, db: SessionDep
) -> AddressDict:
    """Change the fields sent; the others keep their values."""
    return addresses.update(db, user, address_id, body.payload())


@router.get("/users/addresses/user/{user_id}")
def list_addresses(user_id: PathId, user: CurrentUser, db: SessionDep) -> list[AddressDict]:
    return addresses.list_for_user(db, user, user_id)


@router.get("/users/addresses/{address_id}")
def get_address(address_id: PathId, user: CurrentUser, db: SessionDep) -> AddressDict:
    return addresses.get(db, user, address_id)


@router.delete("/users/addresses/{address_id}", status_code=status.HTTP_204_NO_CONTENT)
def delete_address(address_id: PathId, user: CurrentUser, db: SessionDep) -> None:
    addresses.delete(db, user, address_id)


# Payment methods ------------------------------------------------------------------------------


@router.post("/payment-methods", status_code=status.HTTP_201_CREATED)
def create_payment_method(
    body: PaymentMethodIn, user: CurrentUser, db: SessionDep
) -> PaymentMethodDict:
    """Save a payment method; a card number is reduced to brand and last four, a CVV dropped."""
    return payment_methods.create(db, user, body.payload())


@router.get("/payment-methods")
def list_payment_methods(user: CurrentUser, db: SessionDep) -> list[PaymentMethodDict]:
    """The caller's own payment methods."""
    return payment_methods.list_for_user(db, user)


@router.delete("/payment-methods/{method_id}", status_code=status.HTTP_204_NO_CONTENT)
def delete_payment_method(method_id: PathId, user: CurrentUser, db: SessionDep) -> None:
    payment_methods.delete(db, user, method_id)


# Settings -------------------------------------------------------------------------------------


@router.post("/user/settings")
def save_settings(body: SettingsIn, user: CurrentUser, db: SessionDep) -> SettingsDoc:
    """Merge a whole or partial settings document (for body.userId, default the caller)."""
    return settings_doc.save_settings_doc(db, user, body.payload())


@router.get("/user/settings/{user_id}")
def get_settings(user_id: PathId, user: CurrentUser, db: SessionDep) -> SettingsDoc:
    return settings_doc.get_settings_doc(db, user, user_id)


@router.get("/user/logins/{user_id}")
def recent_logins(
    user_id: PathId, user: CurrentUser, session: CurrentSession, db: SessionDep
) -> list[dict[str, Any]]:
    """The last 10 sign-ins and failed attempts of the account, newest first; `current`
    marks the caller's own session."""
    return login_records.recent_logins(db, user, user_id, session)


# Orders, gift cards, credit -------------------------------------------------------------------


@router.get("/users/{user_id}/orders")
def list_orders(user_id: PathId, user: CurrentUser, db: SessionDep) -> list[OrderDict]:
    return orders.list_orders(db, user, user_id)


@router.get("/users/{user_id}/orders/{order_id}")
def get_order(user_id: PathId, order_id: PathId, user: CurrentUser, db: SessionDep) -> OrderDict:
    return orders.get_order(db, user, user_id, order_id)


@router.get("/users/{user_id}/giftcards")
def list_gift_cards(user_id: PathId, user: CurrentUser, db: SessionDep) -> GiftCardsDict:
    return giftcards.list_for_user(db, user, user_id)


@router.post("/users/{user_id}/giftcards/redeem")
def redeem_gift_card(
    user_id: PathId, body: RedeemIn, user: CurrentUser, db: SessionDep
) -> GiftCardsDict:
    """Redeem a code onto the account; answers the updated balance and lists."""
    return giftcards.redeem(db, user, user_id, body.code, utcnow())


@router.get("/users/{user_id}/credit")
def get_credit(user_id: PathId, user: CurrentUser, db: SessionDep) -> CreditDict:
    return credit.get_credit(db, user, user_id, utcnow())


class GiftCardPurchaseOut(TypedDict):
    order: OrderDict
    giftCard: PurchasedGiftCardDict
    payment: PaymentDict | None


@router.post(
    "/users/{user_id}/giftcards/purchase",
    status_code=201,
    responses={
        200: {"description": "The purchase of this key, made before"},
        **error_responses(400, 401, 404, 409),
    },
)
def purchase_gift_card(
    user_id: PathId,
    body: GiftCardPurchaseIn,
    user: CurrentUser,
    db: SessionDep,
    now: Now,
    response: Response,
    idempotency_key: Annotated[str | None, Header(alias="Idempotency-Key", max_length=200)] = None,
) -> GiftCardPurchaseOut:
    """Buy a gift card, paid by mobile money (400 when it is not available): a pending order
    and card, then the payment started with the provider (its `paymentUrl` is where to send
    the buyer). The card is e-mailed to the recipient once paid. Same Idempotency-Key: the
    same purchase (200)."""
    ensure_account(db, user, user_id)
    buyer = user if user.id == user_id else db.get(User, user_id)
    assert buyer is not None
    result = giftcard_purchase.purchase(db, buyer, body.request(), idempotency_key or "", now)
    db.commit()  # the provider is called outside the transaction, once the order is stored
    payment = None
    if result.payment_reference:
        payment = (
            payments.start(result.payment_reference)
            if result.created
            else payments.refresh(result.payment_reference)
        )
    if not result.created:
        response.status_code = 200
    return GiftCardPurchaseOut(order=result.order, giftCard=result.card, payment=payment)
