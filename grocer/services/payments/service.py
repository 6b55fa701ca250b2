"""Mobile-money payments of orders: the rules, whatever the provider.

- A callback is never proof by itself: its signature is verified, then the provider's status
  API is asked, then the amount and currency it reports must equal the payment's (the order's
  total). Anything else changes nothing and is kept as an unverified PaymentEvent.
- One idempotent `mark_paid` serves the callback, the return page and the poller: a conditional
  UPDATE on the payment's status decides who wins, so a repeated or concurrent confirmation
  changes nothing more.
- The provider is called outside any database transaction: what must be read is committed
  first, the call is made, and a new unit of work records the answer.
- A pending payment expires after GROCER_PAYMENT_EXPIRY_MINUTES (its slot is released); a
  payment confirmed after it expired, was refused, or whose order was cancelled goes to the
  review list (payment and order payment_status "review"), never silently lost.
- The API key and secret are never logged; a shopper's phone is masked in logs.
"""

from __future__ import annotations

import logging
from collections.abc import Mapping
from datetime import datetime
from decimal import Decimal
from typing import Any
from urllib.parse import urlencode

import sqlalchemy as sa
from sqlmodel import Session, col, select

from grocer.db import run_unit_of_work
from grocer.models import Order, Payment, PaymentEvent, User
from grocer.models.base import as_utc, iso_utc, utcnow
from grocer.services import checkout, giftcard_purchase, orders
from grocer.services.errors import NotFound, ValidationFailed
from grocer.services.money import decimal_string
from grocer.services.orders import GIFTCARD_KIND
from grocer.services.payments.cinetpay import CinetPay, mask_phone
from grocer.services.payments.provider import (
    MobileMoneyProvider,
    PaymentRequest,
    ProviderRefused,
    ProviderStatus,
    ProviderUnavailable,
)
from grocer.services.payments.records import (
    EXPIRED,
    FAILED,
    PAID,
    PENDING,
    REVIEW,
    PaymentDict,
    find_payment,
    get_payment,
    payment_dict,
    payment_of,
)
from grocer.settings import get_settings

log = logging.getLogger(__name__)

CALLBACK_PATH = "/api/v1/payments/callback"
#: Where the provider sends the shopper back (with a GET or, as CinetPay does, a POST): the API
#: refreshes the payment, then redirects to the order's confirmation page (CONFIRMATION_PATH),
#: which asks GET /api/v1/payments/{reference} while the payment is still pending.
RETURN_PATH = "/api/v1/payments/return"
CONFIRMATION_PATH = "/order-confirmation"
#: Where the buyer of a gift card comes back: the account's gift cards, the card listed.
GIFTCARD_RETURN_PATH = "/account?section=giftcards"
#: Marks a payment whose initiation has been claimed (by one `start`, never two).
INITIATING = "INITIATING"
POLL_BATCH = 100
BAD_SIGNATURE = "bad signature"


def default_provider() -> MobileMoneyProvider:
    """The configured provider (a CinetPay-style aggregator), built from the settings."""
    settings = get_settings()
    return CinetPay(
        settings.mobile_money_url,
        settings.mobile_money_site_id,
        settings.mobile_money_api_key,
        settings.mobile_money_secret,
        timeout=settings.http_timeout,
    )


def _locked(db: Session, reference: str) -> tuple[Payment, Order]:
    """The payment, locked for this unit of work (PostgreSQL: its row; SQLite: the database
    write lock, taken before anything is read), then read fresh."""
    if db.get_bind().dialect.name == "sqlite":
        db.exec(
            sa.update(Payment)
            .where(col(Payment.reference) == reference)
            .values(reference=Payment.reference)
        )
    else:
        db.exec(sa.select(Payment.id).where(col(Payment.reference) == reference).with_for_update())
    payment, order = find_payment(db, reference)
    db.refresh(payment)
    db.refresh(order)
    return payment, order


def _record(
    db: Session, payment_id: int | None, source: str, *, verified: bool, **detail: Any
) -> None:
    db.add(PaymentEvent(payment_id=payment_id, source=source, verified=verified, detail=detail))
    db.flush()


# --- creating and starting ----------------------------------------------------------------------


def _claim_initiation(db: Session, reference: str) -> PaymentRequest | None:
    """The request to send, when this caller is the one to send it (pending, never sent)."""
    claimed = db.exec(
        sa.update(Payment)
        .where(
            col(Payment.reference) == reference,
            col(Payment.status) == PENDING,
            col(Payment.provider_status).is_(None),
        )
        .values(provider_status=INITIATING)
    )
    payment, order = find_payment(db, reference)
    if claimed.rowcount != 1:
        return None
    base = get_settings().public_base_url
    return PaymentRequest(
        reference=reference,
        amount=payment.amount,
        currency=payment.currency,
        description=f"Commande {order.number}",
        channel=payment.channel or "",
        phone=payment.phone or "",
        notify_url=f"{base}{CALLBACK_PATH}",
        return_url=f"{base}{RETURN_PATH}?reference={reference}",
    )


def start(reference: str, provider: MobileMoneyProvider | None = None) -> PaymentDict:
    """Ask the provider to collect a payment placed with its order (called after the order's
    commit). Refused → the order fails and the shopper keeps the bag; no answer in time → it
    stays pending, for the callback or the poller. Starting twice initiates once."""
    request = run_unit_of_work(_claim_initiation, reference)
    if request is None:
        return run_unit_of_work(payment_of, reference)
    provider = provider or default_provider()
    log.info(
        "payment %s: initiating (%s, %s)", reference, request.channel, mask_phone(request.phone)
    )
    try:
        initiated = provider.initiate(request)
    except ProviderUnavailable as exc:
        log.warning("payment %s: no answer at initiation (%s); it stays pending", reference, exc)
        return run_unit_of_work(_initiation_unknown, reference, str(exc))
    except ProviderRefused as exc:
        log.info("payment %s: refused at initiation (%s)", reference, exc.code)
        return run_unit_of_work(_initiation_refused, reference, exc.code, exc.message)
    return run_unit_of_work(
        _initiation_taken, reference, initiated.payment_url, initiated.provider_status
    )


def _initiation_taken(
    db: Session, reference: str, payment_url: str | None, provider_status: str
) -> PaymentDict:
    payment, order = _locked(db, reference)
    _record(db, payment.id, "initiate", verified=True, outcome="created", status=provider_status)
    if payment.status == PENDING:
        payment.payment_url = payment_url
        if payment.provider_status == INITIATING:  # a callback may already have said more
            payment.provider_status = provider_status[:40]
        payment.updated_at = utcnow()
        db.add(payment)
        db.flush()
    return payment_dict(payment, order)


def _initiation_unknown(db: Session, reference: str, reason: str) -> PaymentDict:
    payment, order = _locked(db, reference)
    _record(db, payment.id, "initiate", verified=False, outcome="timeout", reason=reason[:200])
    return payment_dict(payment, order)


def _initiation_refused(db: Session, reference: str, code: str, message: str) -> PaymentDict:
    payment, order = _locked(db, reference)
    _record(db, payment.id, "initiate", verified=True, outcome="refused", code=code[:20])
    _fail(
        db,
        payment,
        order,
        FAILED,
        reason=f"refused: {message}"[:200],
        restore_bag=True,
        now=utcnow(),
    )
    return payment_dict(payment, order)


# --- settling -----------------------------------------------------------------------------------


def _fail(
    db: Session,
    payment: Payment,
    order: Order,
    status: str,
    *,
    reason: str,
    restore_bag: bool,
    now: datetime,
) -> bool:
    """Pending → failed or expired, once (conditional UPDATE); the order fails with it
    (checkout.fail: cancelled, slot released, the bag given back when `restore_bag`)."""
    changed = db.exec(
        sa.update(Payment)
        .where(col(Payment.id) == payment.id, col(Payment.status) == PENDING)
        .values(status=status, updated_at=now)
    )
    if changed.rowcount != 1:
        return False
    order.payment_status = status
    order.updated_at = now
    db.add(order)
    db.flush()
    assert order.id is not None
    checkout.fail(db, order.id, now, reason=reason, restore_bag=restore_bag)
    db.refresh(payment)
    db.refresh(order)
    log.info("payment %s: %s (%s)", payment.reference, status, reason)
    return True


def _to_review(db: Session, payment: Payment, order: Order, reason: str, now: datetime) -> None:
    changed = db.exec(
        sa.update(Payment)
        .where(col(Payment.id) == payment.id, col(Payment.status).in_((FAILED, EXPIRED, PAID)))
        .values(status=REVIEW, review_reason=reason, paid_at=now, updated_at=now)
    )
    if changed.rowcount == 1:
        order.payment_status = REVIEW
        order.updated_at = now
        db.add(order)
        db.flush()
        log.warning("payment %s: paid but %s, sent to review", payment.reference, reason)
    db.refresh(payment)


def mark_paid(
    db: Session, reference: str, *, amount: Decimal, currency: str, now: datetime
) -> PaymentDict:
    """The provider confirmed `amount` `currency` for this payment: the one place a payment
    becomes paid. Idempotent: pending → paid (order pending → confirmed) happens once; a
    payment that had expired or been refused, or whose order was cancelled meanwhile, goes to
    review (the order keeps its status); a paid or reviewed payment does not change."""
    payment, order = _locked(db, reference)
    if Decimal(amount) != payment.amount or currency != payment.currency:
        raise ValidationFailed(
            "amount", "Montant ou devise différents de la commande", key="payments.errors.amount"
        )
    paid = db.exec(
        sa.update(Payment)
        .where(col(Payment.id) == payment.id, col(Payment.status) == PENDING)
        .values(status=PAID, paid_at=now, updated_at=now)
    )
    if paid.rowcount == 1:
        confirmed = db.exec(
            sa.update(Order)
            .where(col(Order.id) == order.id, col(Order.status) == "pending")
            .values(status="confirmed", payment_status=PAID, updated_at=now)
        )
        db.refresh(payment)
        db.refresh(order)
        if confirmed.rowcount != 1:  # cancelled while the shopper was paying
            _to_review(db, payment, order, f"order {order.status}", now)
        else:
            # The conditional UPDATE is the transition (pending → confirmed, once); its step
            # of the history is recorded here, as orders.move_to records the others.
            assert order.id is not None
            orders.record_event(db, order.id, "confirmed", now, "payment")
            log.info("payment %s: paid, order %s confirmed", reference, order.number)
            if order.kind == GIFTCARD_KIND:
                giftcard_purchase.activate_paid(db, order)
    elif payment.status in (FAILED, EXPIRED):
        _to_review(db, payment, order, f"paid after {payment.status}", now)
    db.refresh(order)
    return payment_dict(payment, order)


def _apply_status(db: Session, reference: str, answer: ProviderStatus, source: str) -> PaymentDict:
    """What the provider's status API said, applied: accepted with the right amount → paid;
    refused → failed (bag given back); still waiting → nothing."""
    payment, order = _locked(db, reference)
    mismatch = answer.outcome == "accepted" and _contradiction(payment, answer) is not None
    _record(
        db,
        payment.id,
        source,
        verified=not mismatch,
        outcome=answer.outcome,
        status=answer.provider_status,
        amount=None if answer.amount is None else decimal_string(answer.amount),
        currency=answer.currency,
        **({"reason": "amount or currency differ from the order"} if mismatch else {}),
    )
    if answer.outcome == "accepted" and not mismatch:
        assert answer.amount is not None and answer.currency is not None
        return mark_paid(
            db, reference, amount=answer.amount, currency=answer.currency, now=utcnow()
        )
    if mismatch:
        log.warning("payment %s: provider reports another amount or currency", reference)
    elif answer.outcome == "refused":
        _fail(
            db,
            payment,
            order,
            FAILED,
            reason="refused by the provider",
            restore_bag=True,
            now=utcnow(),
        )
    elif payment.status == PENDING and payment.provider_status != answer.provider_status:
        payment.provider_status = answer.provider_status[:40]
        db.add(payment)
        db.flush()
    return payment_dict(payment, order)


def refresh(reference: str, provider: MobileMoneyProvider | None = None) -> PaymentDict:
    """Ask the provider how a pending payment stands and apply it (the return page and the
    poller). Not pending, or no answer from the provider: the payment as it is."""
    current = run_unit_of_work(payment_of, reference)
    if current["status"] != PENDING:
        return current
    provider = provider or default_provider()
    try:
        answer = provider.status(reference)
    except ProviderUnavailable as exc:
        log.warning("payment %s: status not available (%s)", reference, exc)
        return current
    return run_unit_of_work(_apply_status, reference, answer, "status")


def refresh_own(actor: User, reference: str) -> PaymentDict:
    """The caller's payment (another's: NotFound), asked of the provider first while pending:
    what the API's GET /payments/{reference} and the UI's polling answer."""
    current = run_unit_of_work(get_payment, actor, reference)
    return refresh(reference) if current["status"] == PENDING else current


def confirmation_path(reference: str) -> str:
    """The return page's work: refresh the payment, then where to send the shopper (the order's
    confirmation page; the home page for a reference we do not know)."""
    try:
        answer = refresh(reference)
    except NotFound:
        return "/"
    if run_unit_of_work(_order_kind, reference) == GIFTCARD_KIND:
        return GIFTCARD_RETURN_PATH
    return f"{CONFIRMATION_PATH}?{urlencode({'number': answer['orderNumber']})}"


def _order_kind(db: Session, reference: str) -> str:
    return find_payment(db, reference)[1].kind


def _callback_detail(form: Mapping[str, str]) -> dict[str, Any]:
    """What a callback claimed, fit for the audit trail (the phone masked)."""
    keep = ("cpm_trans_id", "cpm_amount", "cpm_currency", "payment_method", "cpm_error_message")
    detail: dict[str, Any] = {name: str(form.get(name, ""))[:100] for name in keep}
    detail["cel_phone_num"] = mask_phone(str(form.get("cel_phone_num", "")))
    return detail


def _record_unverified(db: Session, reference: str, reason: str, form: Mapping[str, str]) -> None:
    """Keep a callback that proved nothing. One that names no payment of ours is kept only when
    genuinely signed: unsigned noise from anyone must not fill the table."""
    payment = db.exec(select(Payment).where(col(Payment.reference) == reference)).first()
    if payment is None and reason == BAD_SIGNATURE:
        return
    _record(
        db,
        payment.id if payment else None,
        "callback",
        verified=False,
        reason=reason,
        **_callback_detail(form),
    )


def handle_callback(
    headers: Mapping[str, str],
    form: Mapping[str, str],
    provider: MobileMoneyProvider | None = None,
) -> None:
    """A provider's notification. Believed only as far as the provider's status API confirms
    it: a bad signature, an unknown reference, a status API that does not answer or that
    contradicts the callback changes nothing and is recorded unverified."""
    provider = provider or default_provider()
    claimed = str(form.get("cpm_trans_id", ""))[:64]
    reference = provider.verify_callback(headers, form)
    if reference is None:
        log.warning("payment callback for %r: bad signature, ignored", claimed)
        run_unit_of_work(_record_unverified, claimed, BAD_SIGNATURE, form)
        return
    try:
        run_unit_of_work(payment_of, reference)
    except NotFound:
        log.warning("payment callback for unknown reference %r, ignored", reference)
        run_unit_of_work(_record_unverified, reference, "unknown reference", form)
        return
    try:
        answer = provider.status(reference)
    except ProviderUnavailable as exc:
        log.warning("payment %s: callback not confirmed, status unavailable (%s)", reference, exc)
        run_unit_of_work(_record_unverified, reference, "status unavailable", form)
        return
    run_unit_of_work(_callback_confirmed, reference, answer, form)


def _callback_confirmed(
    db: Session, reference: str, answer: ProviderStatus, form: Mapping[str, str]
) -> None:
    payment, _order = _locked(db, reference)
    reason = _contradiction(payment, answer)
    if reason:
        log.warning("payment %s: callback not confirmed (%s)", reference, reason)
    _record(
        db,
        payment.id,
        "callback",
        verified=not reason,
        **({"reason": reason} if reason else {}),
        **_callback_detail(form),
    )
    _apply_status(db, reference, answer, "status")


def _contradiction(payment: Payment, answer: ProviderStatus) -> str | None:
    """Why the provider's status does not back a callback up, or None when it does."""
    if answer.outcome == "pending":
        return "status API says pending"
    if answer.outcome == "accepted" and (
        answer.amount != payment.amount or answer.currency != payment.currency
    ):
        return "amount or currency differ from the order"
    return None


# --- the periodic work --------------------------------------------------------------------------


def _pending_references(db: Session, now: datetime, *, overdue: bool) -> list[str]:
    query = select(Payment.reference).where(col(Payment.status) == PENDING)
    if overdue:
        query = query.where(col(Payment.expires_at) <= now)
    else:
        query = query.where(col(Payment.provider_status).is_not(None))
    return list(db.exec(query.order_by(col(Payment.id)).limit(POLL_BATCH)).all())


def poll_pending(now: datetime, provider: MobileMoneyProvider | None = None) -> int:
    """Refresh every pending payment the provider has heard of; returns how many settled."""
    provider = provider or default_provider()
    settled = 0
    for reference in run_unit_of_work(_pending_references, now, overdue=False):
        if refresh(reference, provider)["status"] != PENDING:
            settled += 1
    return settled


def _expire(db: Session, reference: str, now: datetime) -> bool:
    payment, order = _locked(db, reference)
    if payment.status != PENDING or as_utc(payment.expires_at) > now:
        return False
    _record(db, payment.id, "expiry", verified=True, expiresAt=iso_utc(payment.expires_at))
    return _fail(db, payment, order, EXPIRED, reason="payment expired", restore_bag=False, now=now)


def expire_pending(now: datetime, provider: MobileMoneyProvider | None = None) -> int:
    """Pending payments past their expiry become expired and their orders fail (slot
    released, bag not restored); the provider is told to stop collecting. Returns how many."""
    expired = [
        reference
        for reference in run_unit_of_work(_pending_references, now, overdue=True)
        if run_unit_of_work(_expire, reference, now)
    ]
    provider = provider or default_provider()
    for reference in expired:
        provider.cancel(reference)
    return len(expired)


def run_periodic(now: datetime) -> tuple[int, int]:
    """One round of the background task: poll the pending payments first (a payment the
    provider accepted must not expire for want of a callback), then expire the overdue."""
    if not get_settings().mobile_money_enabled:
        return 0, 0
    provider = default_provider()
    return poll_pending(now, provider), expire_pending(now, provider)
