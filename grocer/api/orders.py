"""API routes: placing an order from the server bag, reading, cancelling and reordering one's
own orders, and the payment page's quote.

Thin: who asks (CurrentUser), what they send, which service answers. POST /orders needs an
`Idempotency-Key` header (1..80 of [A-Za-z0-9_-], else 400): the same key answers the same
order (200) instead of a second one (201); the same key with another body is a 409. The receipt
is e-mailed after the commit (a background task runs once the answer is sent).
"""

from __future__ import annotations

from typing import Annotated

from fastapi import APIRouter, BackgroundTasks, Header, Query, Response

from grocer.api.auth import Now
from grocer.api.deps import CurrentUser, SessionDep
from grocer.api.params import PathId
from grocer.api.schemas_auth import error_responses
from grocer.api.schemas_orders import OrderIn
from grocer.services import checkout, orders, reorder
from grocer.services.checkout import CODE_MAX
from grocer.services.orders import OrderDict
from grocer.services.reorder import ReorderDict

router = APIRouter(tags=["orders"])


@router.post(
    "/orders",
    status_code=201,
    responses={
        200: {"description": "The order of this key, placed before"},
        **error_responses(400, 401, 404, 409),
    },
)
def place_order(
    body: OrderIn,
    user: CurrentUser,
    db: SessionDep,
    now: Now,
    response: Response,
    background: BackgroundTasks,
    idempotency_key: Annotated[str | None, Header(alias="Idempotency-Key", max_length=200)] = None,
) -> OrderDict:
    """Place the caller's bag as an order (prices from the server only; the bag is emptied)."""
    result = checkout.place(db, user, body.request(), idempotency_key or "", now)
    if result.created:
        background.add_task(checkout.send_receipt, result.order["id"])
    else:
        response.status_code = 200
    return result.order


@router.get("/orders/{order_id}", responses=error_responses(401, 404))
def get_order(order_id: PathId, user: CurrentUser, db: SessionDep) -> OrderDict:
    """One of the caller's orders; anyone else's answers 404."""
    assert user.id is not None
    return orders.get_order(db, user, user.id, order_id)


@router.post("/orders/{order_id}/cancel", responses=error_responses(401, 404, 409))
def cancel_order(order_id: PathId, user: CurrentUser, db: SessionDep, now: Now) -> OrderDict:
    """Cancel one's own order while it is pending (409 afterwards); its slot is released."""
    assert user.id is not None
    return checkout.cancel(db, user, user.id, order_id, now)


@router.post("/orders/{order_id}/reorder", responses=error_responses(400, 401, 404))
def reorder_order(order_id: PathId, user: CurrentUser, db: SessionDep) -> ReorderDict:
    """Put one's own order's articles back into one's bag (capped at 99 a line); the articles
    no longer sold are named in `unavailable`. Anyone else's order answers 404."""
    return reorder.reorder(db, user, order_id)


@router.get("/checkout/quote", responses=error_responses(400, 401))
def quote(
    user: CurrentUser,
    db: SessionDep,
    promo_code: Annotated[str | None, Query(alias="promoCode", max_length=CODE_MAX)] = None,
    gift_card_code: Annotated[str | None, Query(alias="giftCardCode", max_length=CODE_MAX)] = None,
    tip: Annotated[str, Query(max_length=10)] = "5",
    custom_tip: Annotated[str | None, Query(alias="customTip", max_length=20)] = None,
    kind: Annotated[
        str, Query(max_length=20, description='"delivery" (default) or "pickup" (no fee)')
    ] = "delivery",
) -> dict[str, object]:
    """The payment page's figures from the caller's server bag: what POST /orders charges for
    an order of this kind (a pickup pays neither the delivery fee nor the surcharge)."""
    return checkout.quote_for(
        db,
        user,
        promo_code=promo_code,
        gift_card_code=gift_card_code,
        tip_choice=tip,
        custom_tip=custom_tip,
        kind=kind,
    )
