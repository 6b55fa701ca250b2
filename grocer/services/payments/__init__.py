"""PLACEHOLDER (piece O): `create_payment` as piece P's contract names it, so that a mobile
money order can be placed before P lands. The lead replaces this package with P's real one.
"""

from __future__ import annotations

import secrets
from datetime import datetime, timedelta

from sqlmodel import Session

from grocer.models import Order, Payment


def create_payment(db: Session, order: Order, channel: str, phone: str, now: datetime) -> Payment:
    """A pending payment row for the order, in the caller's transaction (no network)."""
    assert order.id is not None
    payment = Payment(
        order_id=order.id,
        reference=f"PAY-{secrets.token_hex(8).upper()}",
        provider="cinetpay",
        channel=channel,
        phone=phone,
        amount=order.total,
        currency=order.currency,
        status="pending",
        expires_at=now + timedelta(minutes=20),
        created_at=now,
        updated_at=now,
    )
    db.add(payment)
    db.flush()
    return payment
