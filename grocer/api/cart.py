"""API routes: the signed-in shopper's cart (000 §7). Every route acts on the caller's cart.

Thin: who asks (CurrentUser, 401 without a token), what they send, which service answers.
Every answer holding the cart carries its version as an `ETag`; `POST /cart` honours
`If-Match` (412 when the bag changed since), so that a stale copy never overwrites the bag.
"""

from __future__ import annotations

from typing import Annotated, Any

from fastapi import APIRouter, Body, Header, Response

from grocer.api.deps import CurrentUser, SessionDep
from grocer.api.schemas_cart import (
    CartItemIn,
    CartOut,
    CartReplaceIn,
    CartValidationOut,
    ChangesIn,
    PromoIn,
    QuantitiesIn,
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
_PRECONDITION: dict[int | str, dict[str, Any]] = {
    412: {"description": "Le panier a changé depuis la version de If-Match (message, key, version)"}
}
_ETAG = {"ETag": {"description": "The cart's version", "schema": {"type": "string"}}}
_CART_OK: dict[int | str, dict[str, Any]] = {200: {"headers": _ETAG}}
IdempotencyKey = Annotated[
    str | None, Header(alias="Idempotency-Key", max_length=64, description="A merge key")
]


def _body(model: Any) -> dict[str, Any]:
    """A request model as the service reads it: camelCase keys, unset optional fields out."""
    return model.model_dump(by_alias=True, exclude_unset=True)


def _tagged(response: Response, answer: dict[str, Any]) -> dict[str, Any]:
    """The cart answer, with its version as the ETag header."""
    response.headers["ETag"] = cart.etag(answer)
    return answer


@router.get("", response_model=CartOut, responses=_CART_OK)
def read_cart(user: CurrentUser, db: SessionDep, response: Response) -> dict[str, Any]:
    """The caller's cart (created empty on first use); the ETag is its version."""
    return _tagged(response, cart.get_cart(db, user))


@router.post("", response_model=CartOut, responses={**_CART_OK, **_PRECONDITION})
def replace_cart(
    body: CartReplaceIn,
    user: CurrentUser,
    db: SessionDep,
    response: Response,
    if_match: Annotated[str | None, Header(max_length=1024)] = None,
) -> dict[str, Any]:
    """Replace the caller's lines with the payload's; prices come from the catalogue.

    With `If-Match` (the ETag of the copy the payload was built from), a bag changed since
    is left alone: 412, reload, merge, retry.
    """
    return _tagged(response, cart.replace_cart(db, user, _body(body), if_match=if_match))


@router.delete("", response_model=CartOut, responses=_CART_OK)
def clear_cart(user: CurrentUser, db: SessionDep, response: Response) -> dict[str, Any]:
    """Empty the bag."""
    return _tagged(response, cart.clear(db, user))


@router.post("/items", response_model=CartOut, responses=_CART_OK)
def add_item(
    body: CartItemIn, user: CurrentUser, db: SessionDep, response: Response
) -> dict[str, Any]:
    """Add to a line (a new line for a new article); past 99 is refused."""
    return _tagged(response, cart.add_item(db, user, body.product_id, body.quantity))


@router.post("/changes", response_model=CartOut, responses=_CART_OK)
def apply_changes(
    body: ChangesIn,
    user: CurrentUser,
    db: SessionDep,
    response: Response,
    idempotency_key: IdempotencyKey = None,
) -> dict[str, Any]:
    """Quantity changes relative to the server bag (+n capped at 99, -n down to removal),
    so that a client's stale copy never erases what another device added."""
    changes = [{"articleId": c.article_id, "delta": c.delta} for c in body.changes]
    key = body.merge_key or idempotency_key
    return _tagged(response, cart.apply_deltas(db, user, changes, key))


@router.put("/quantities", response_model=CartOut, responses=_CART_OK)
def set_quantities(
    body: QuantitiesIn, user: CurrentUser, db: SessionDep, response: Response
) -> dict[str, Any]:
    """Set absolute quantities by article (0 removes the line; other lines stay): what the
    shop sends for the bag changes it kept in the browser while offline. Sending the same
    body again gives the same bag."""
    quantities = [{"articleId": q.article_id, "quantity": q.quantity} for q in body.quantities]
    return _tagged(response, cart.set_quantities(db, user, quantities))


@router.put("/items/{item_id}", response_model=CartOut, responses={**_CART_OK, **_NOT_FOUND})
def update_item(
    item_id: int, body: QuantityIn, user: CurrentUser, db: SessionDep, response: Response
) -> dict[str, Any]:
    """Set a line's quantity; 0 or less removes it."""
    return _tagged(response, cart.update_item(db, user, item_id, body.quantity))


@router.delete("/items/{item_id}", response_model=CartOut, responses={**_CART_OK, **_NOT_FOUND})
def remove_item(
    item_id: int, user: CurrentUser, db: SessionDep, response: Response
) -> dict[str, Any]:
    return _tagged(response, cart.remove_item(db, user, item_id))


@router.post("/sync", response_model=CartOut, responses=_CART_OK)
def sync_cart(
    body: SyncIn,
    user: CurrentUser,
    db: SessionDep,
    response: Response,
    idempotency_key: IdempotencyKey = None,
) -> dict[str, Any]:
    """Merge the guest bag into the caller's cart (quantities added, capped at 99); once per
    merge key (`mergeKey` or `Idempotency-Key`)."""
    data = _body(body)
    key = data.get("mergeKey") or idempotency_key
    return _tagged(response, cart.sync(db, user, data.get("items", []), key))


@router.post("/promo", response_model=CartOut, responses=_CART_OK)
def apply_promo(
    body: PromoIn, user: CurrentUser, db: SessionDep, response: Response
) -> dict[str, Any]:
    return _tagged(response, cart.apply_promo(db, user, body.promo_code))


@router.delete("/promo", response_model=CartOut, responses=_CART_OK)
def remove_promo(user: CurrentUser, db: SessionDep, response: Response) -> dict[str, Any]:
    return _tagged(response, cart.remove_promo(db, user))


@router.post("/shipping", response_model=CartOut, responses=_CART_OK)
def set_shipping(
    body: ShippingIn, user: CurrentUser, db: SessionDep, response: Response
) -> dict[str, Any]:
    """Keep the delivery choice (method, address, professional flag, timeslot) on the cart."""
    return _tagged(response, cart.set_shipping(db, user, _body(body)))


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
