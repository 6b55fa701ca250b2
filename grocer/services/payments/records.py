"""Payments as records: creating one with its order (no network, in the order's transaction)
and reading them. The flows that talk to the provider are in `service.py`, which also fails
orders (checkout): kept apart so that checkout can create payments without an import cycle."""

from __future__ import annotations

import secrets
from datetime import datetime, timedelta

from sqlmodel import Session, col, select
from typing_extensions import TypedDict

from grocer.models import Order, Payment, User
from grocer.models.base import as_utc, iso_utc
from grocer.services.errors import NotFound, ValidationFailed
from grocer.services.money import decimal_string, round_for
from grocer.services.ownership import is_admin
from grocer.services.payments.cinetpay import PROVIDER_NAME
from grocer.services.phones import validate_phone
from grocer.settings import get_settings

CHANNELS = ("orange", "moov")
PENDING, PAID, FAILED, EXPIRED, REVIEW = "pending", "paid", "failed", "expired", "review"


class PaymentDict(TypedDict):
    reference: str
    status: str
    orderId: int
    orderNumber: str
    channel: str | None
    amount: str
    currency: str
    paymentUrl: str | None
    expiresAt: str | None
    paidAt: str | None


class ReviewDict(PaymentDict):
    """A payment on the review list: whose order it is, what became of it, and why."""

    userId: int
    orderStatus: str
    reviewReason: str | None
    updatedAt: str | None


def new_reference(now: datetime) -> str:
    """'GRC20251131A1B2C3D4E5F6': ours, unique, only letters and digits (providers refuse
    some punctuation in transaction ids)."""
    return f"GRC{now:%Y%m%d}{secrets.token_hex(6).upper()}"


def payment_dict(payment: Payment, order: Order) -> PaymentDict:
    assert order.id is not None
    return PaymentDict(
        reference=payment.reference,
        status=payment.status,
        orderId=order.id,
        orderNumber=order.number,
        channel=payment.channel,
        amount=decimal_string(payment.amount),
        currency=payment.currency,
        paymentUrl=payment.payment_url,
        expiresAt=iso_utc(payment.expires_at),
        paidAt=iso_utc(payment.paid_at),
    )


def find_payment(db: Session, reference: str) -> tuple[Payment, Order]:
    payment = db.exec(select(Payment).where(col(Payment.reference) == reference)).first()
    if payment is None:
        raise NotFound()
    order = db.get(Order, payment.order_id)
    if order is None:
        raise NotFound()
    return payment, order


def payment_of(db: Session, reference: str) -> PaymentDict:
    payment, order = find_payment(db, reference)
    return payment_dict(payment, order)


def get_payment(db: Session, actor: User, reference: str) -> PaymentDict:
    """A payment of the caller's own order; anyone else's (or none) is NotFound."""
    payment, order = find_payment(db, reference)
    if order.user_id != actor.id and not is_admin(actor):
        raise NotFound()
    return payment_dict(payment, order)


def review_list(db: Session) -> list[ReviewDict]:
    """Payments a person must look at (paid after expiry, refusal or cancellation), newest
    first."""
    rows = db.exec(
        select(Payment, Order)
        .join(Order, col(Order.id) == col(Payment.order_id))
        .where(col(Payment.status) == REVIEW)
        .order_by(col(Payment.updated_at).desc(), col(Payment.id).desc())
    ).all()
    return [
        ReviewDict(
            **payment_dict(payment, order),
            userId=order.user_id,
            orderStatus=order.status,
            reviewReason=payment.review_reason,
            updatedAt=iso_utc(payment.updated_at),
        )
        for payment, order in rows
    ]


def create_payment(db: Session, order: Order, channel: str, phone: str, now: datetime) -> Payment:
    """A pending payment of `order` (in the caller's transaction; no network). The amount is
    the order's total in whole units of its currency, as the provider collects it."""
    if not get_settings().mobile_money_enabled:
        raise ValidationFailed(
            "payment.method",
            "Le paiement mobile n'est pas disponible",
            key="payments.errors.unavailable",
        )
    if channel not in CHANNELS:
        raise ValidationFailed(
            "payment.channel", "Moyen de paiement mobile inconnu", key="payments.errors.channel"
        )
    _code, digits = validate_phone(None, phone)
    assert order.id is not None
    payment = Payment(
        order_id=order.id,
        reference=new_reference(now),
        provider=PROVIDER_NAME,
        channel=channel,
        phone=digits,
        amount=round_for(order.total, order.currency),
        currency=order.currency,
        status=PENDING,
        created_at=now,
        updated_at=now,
        expires_at=as_utc(now) + timedelta(minutes=get_settings().payment_expiry_minutes),
    )
    order.payment_method = "mobile_money"
    order.payment_status = PENDING
    db.add(order)
    db.add(payment)
    db.flush()
    return payment
