"""API routes: the signed-in shopper's cart (000 §7). Every route acts on the caller's cart.

Thin: who asks (CurrentUser, 401 without a token), what they send, which service answers.
"""

from __future__ import annotations

from typing import Any

from fastapi import APIRouter, Body

from grocer.api.deps import CurrentUser, SessionDep
from grocer.api.schemas_cart import (
    CartItemIn,
    CartOut,
    CartReplaceIn,
    CartValidationOut,
    PromoIn,
    QuantityIn,
    ShippingIn,
    ShippingOptionsIn,
    ShippingOptionsOut,
    SyncIn,
)
from grocer.models.base import utcnow
from grocer.services import cart

router = APIRouter(
    prefix="/cart",
    tags=["cart"],
    responses={
        400: {"description": "Données invalides (message, key, field)"},
        401: {"description": "Authentification requise"},
    },
)
_NOT_FOUND: dict[int | str, dict[str, Any]] = {
    404: {"description": "Article du panier introuvable"}
}


def _body(model: Any) -> dict[str, Any]:
    """A request model as the service reads it: camelCase keys, unset optional fields out."""
    return model.model_dump(by_alias=True, exclude_unset=True)


@router.get("", response_model=CartOut)
def read_cart(user: CurrentUser, db: SessionDep) -> dict[str, Any]:
    """The caller's cart (created empty on first use)."""
    return cart.get_cart(db, user)


@router.post("", response_model=CartOut)
def replace_cart(body: CartReplaceIn, user: CurrentUser, db: SessionDep) -> dict[str, Any]:
    """Replace the caller's lines with the payload's; prices come from the catalogue."""
    return cart.replace_cart(db, user, _body(body))


@router.delete("", response_model=CartOut)
def clear_cart(user: CurrentUser, db: SessionDep) -> dict[str, Any]:
    """Empty the bag."""
    return cart.clear(db, user)


@router.post("/items", response_model=CartOut)
def add_item(body: CartItemIn, user: CurrentUser, db: SessionDep) -> dict[str, Any]:
    return cart.add_item(db, user, body.product_id, body.quantity)


@router.put("/items/{item_id}", response_model=CartOut, responses=_NOT_FOUND)
def update_item(
    item_id: int, body: QuantityIn, user: CurrentUser, db: SessionDep
) -> dict[str, Any]:
    """Set a line's quantity; 0 or less removes it."""
    return cart.update_item(db, user, item_id, body.quantity)


@router.delete("/items/{item_id}", response_model=CartOut, responses=_NOT_FOUND)
def remove_item(item_id: int, user: CurrentUser, db: SessionDep) -> dict[str, Any]:
    return cart.remove_item(db, user, item_id)


@router.post("/sync", response_model=CartOut)
def sync_cart(body: SyncIn, user: CurrentUser, db: SessionDep) -> dict[str, Any]:
    """Merge the guest bag into the caller's cart (quantities added, capped at 99)."""
    return cart.sync(db, user, _body(body).get("items", []))


@router.post("/promo", response_model=CartOut)
def apply_promo(body: PromoIn, user: CurrentUser, db: SessionDep) -> dict[str, Any]:
    return cart.apply_promo(db, user, body.promo_code)


@router.delete("/promo", response_model=CartOut)
def remove_promo(user: CurrentUser, db: SessionDep) -> dict[str, Any]:
    return cart.remove_promo(db, user)


@router.post("/shipping", response_model=CartOut)
def set_shipping(body: ShippingIn, user: CurrentUser, db: SessionDep) -> dict[str, Any]:
    """Keep the delivery choice (method, address, professional flag, timeslot) on the cart."""
    return cart.set_shipping(db, user, _body(body))


@router.post("/shipping-options", response_model=ShippingOptionsOut)
def shipping_options(
    user: CurrentUser, db: SessionDep, body: ShippingOptionsIn | None = Body(default=None)
) -> dict[str, Any]:
    """The delivery or pickup days and slots of a page, with fees and the delivery minimum."""
    data = _body(body) if body is not None else {}
    return cart.shipping_options(db, user, data, utcnow())


@router.get("/validate", response_model=CartValidationOut)
def validate_cart(user: CurrentUser, db: SessionDep) -> dict[str, Any]:
    """Whether the cart can be checked out, and why not."""
    return cart.validate(db, user)
