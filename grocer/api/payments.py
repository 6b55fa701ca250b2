"""API routes: mobile-money payments. The provider's callback (never proof by itself: the
service verifies and asks the provider), the shopper's own payment (refreshed from the provider
while pending: the return page and the UI poll it), the shop's review list, and the background
task that polls pending payments and expires overdue ones.
"""

from __future__ import annotations

import asyncio
import json
import logging
import random
from typing import Annotated, Any
from urllib.parse import parse_qsl

from fastapi import APIRouter, Path, Query, Request
from fastapi.concurrency import run_in_threadpool
from fastapi.responses import RedirectResponse

from grocer.api.deps import CurrentUser, SessionDep
from grocer.models.base import utcnow
from grocer.services.admin import orders as admin_orders
from grocer.services.errors import ValidationFailed
from grocer.services.payments import PaymentDict, ReviewDict
from grocer.services.payments import service as payments
from grocer.settings import get_settings

log = logging.getLogger(__name__)

router = APIRouter(tags=["payments"])
_REFERENCE: dict[str, Any] = {"min_length": 1, "max_length": 64, "pattern": r"^[A-Za-z0-9_-]+$"}
Reference = Annotated[str, Path(**_REFERENCE)]
_CALLBACK_FIELD = "cpm_trans_id"
_MAX_FIELD = 500


def _form(raw: bytes, content_type: str) -> dict[str, str]:
    """A callback's fields, from a form or a JSON object; strings only, each bounded."""
    text = raw.decode("utf-8", "replace")
    if "json" in content_type:
        try:
            parsed: Any = json.loads(text)
        except ValueError:
            parsed = None
        items = parsed.items() if isinstance(parsed, dict) else ()
    else:
        items = parse_qsl(text, keep_blank_values=True)
    form = {str(k)[:_MAX_FIELD]: "" if v is None else str(v)[:_MAX_FIELD] for k, v in items}
    if not form.get(_CALLBACK_FIELD):
        raise ValidationFailed(_CALLBACK_FIELD, "Notification de paiement illisible")
    return form


@router.get("/payments/callback", response_model=dict[str, str])
async def callback_ping() -> dict[str, str]:
    """The provider checks that the notification address answers (a GET carries no data)."""
    return {"status": "ok"}


@router.post("/payments/callback", response_model=dict[str, str])
async def callback(request: Request) -> dict[str, str]:
    """The provider's notification: 200 whatever it says (verified or not, nothing else is
    told to the caller), 400 only when it names no transaction."""
    form = _form(await request.body(), request.headers.get("content-type", ""))
    headers = {key.lower(): value for key, value in request.headers.items()}
    await run_in_threadpool(payments.handle_callback, headers, form)
    return {"status": "received"}


_RETURN = {"status_code": 303, "response_class": RedirectResponse}


# Two routes, one per method, so that the OpenAPI schema has one operation id for each.
@router.get("/payments/return", operation_id="payment_return_get", **_RETURN)
@router.post("/payments/return", operation_id="payment_return_post", **_RETURN)
def payment_return(reference: Annotated[str, Query(**_REFERENCE)]) -> RedirectResponse:
    """The provider sends the shopper back here (CinetPay with a POST): the payment is asked
    of the provider (the same idempotent mark_paid as the callback), then the shopper goes to
    the order's confirmation page, a path of this site only."""
    return RedirectResponse(payments.confirmation_path(reference), status_code=303)


@router.get("/payments/{reference}", response_model=PaymentDict)
def read_payment(reference: Reference, user: CurrentUser, db: SessionDep) -> Any:
    """The caller's payment (another's: 404); while pending, asked of the provider first."""
    db.commit()  # the caller is known: no transaction stays open while the provider is asked
    return payments.refresh_own(user, reference)


@router.get("/admin/payments/review", response_model=list[ReviewDict])
def review_payments(user: CurrentUser, db: SessionDep) -> Any:
    """Payments confirmed too late (after expiry, refusal or cancellation): a person decides
    (the back-office's orders area: admins and staff)."""
    return admin_orders.payments_to_review(db, user)


async def payment_poller() -> None:
    """Every GROCER_PAYMENT_POLL_SECONDS (with a little jitter, so that several workers do not
    ask at the same instant): poll the pending payments, expire the overdue ones. Safe on every
    worker at once: each change is a conditional UPDATE that only one of them wins."""
    settings = get_settings()
    if settings.payment_poll_seconds <= 0 or not settings.mobile_money_enabled:
        return
    while True:
        await asyncio.sleep(settings.payment_poll_seconds * random.uniform(0.8, 1.2))
        try:
            settled, expired = await asyncio.to_thread(payments.run_periodic, utcnow())
        except Exception:
            log.exception("payment poller: this round failed, the next one retries")
            continue
        if settled or expired:
            log.info("payment poller: %d settled, %d expired", settled, expired)
