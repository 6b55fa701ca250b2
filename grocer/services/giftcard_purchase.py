"""Buying a gift card: an order of kind "giftcard" paid by mobile money, whose card is
e-mailed to its recipient once the payment is confirmed.

- The shop sells fixed amounts in XOF (`AMOUNTS`), shown in the shopper's currency.
- One request with an `Idempotency-Key` (the checkout's rules): the same key answers the same
  order and card, the same key with another request is a Conflict; the shopper's rows are
  locked first, so a double click makes one order.
- The card is "pending" until the one idempotent `mark_paid` confirms the order; it then
  becomes "active" (`activate_paid`), and after the commit its code goes to the recipient and a
  receipt to the buyer, in the buyer's language. A refused or expired payment voids it.
- Mobile money is the only way to pay a card: with no provider configured the purchase is
  refused (the page says so), never pretended.
"""

from __future__ import annotations

import logging
from collections.abc import Mapping
from dataclasses import dataclass
from datetime import datetime
from decimal import Decimal
from typing import Any

import sqlalchemy as sa
from sqlalchemy.exc import IntegrityError
from sqlmodel import Session, col, select

from grocer.db import session_scope
from grocer.models import GiftCard, Order, User
from grocer.models.base import as_utc
from grocer.services import checkout, giftcards, mailer, orders, payments
from grocer.services.errors import DeliveryFailed, ValidationFailed
from grocer.services.giftcards import PurchasedGiftCardDict
from grocer.services.languages import language_or_default
from grocer.services.money import BASE_CURRENCY, decimal_string
from grocer.services.orders import GIFTCARD_KIND, OrderDict
from grocer.services.ownership import lock_user
from grocer.services.validation import email_address, plain_text
from grocer.settings import get_settings

log = logging.getLogger(__name__)

#: The amounts on sale, in XOF (about 7.60, 15.20, 38.10 and 76.20 EUR).
AMOUNTS: tuple[Decimal, ...] = (Decimal(5000), Decimal(10000), Decimal(25000), Decimal(50000))
SENDER_MAX = 60
MESSAGE_MAX = 300
EMAIL_MAX = 254


@dataclass(frozen=True)
class PurchaseResult:
    """The gift-card order, its card, whether this call made them (False: a replay of the same
    key) and the payment reference to start with the provider."""

    order: OrderDict
    card: PurchasedGiftCardDict
    created: bool
    payment_reference: str | None


def available() -> bool:
    """Whether cards can be bought here: they are paid by mobile money only."""
    return get_settings().mobile_money_enabled


def mobile_money_only() -> ValidationFailed:
    return ValidationFailed(
        "payment",
        "Les cartes cadeaux se paient uniquement par mobile money, indisponible pour le moment",
        key="giftcards.errors.mobileMoneyOnly",
    )


def _amount(raw: object) -> Decimal:
    try:
        value = Decimal(str(raw).strip()) if raw is not None and not isinstance(raw, bool) else None
    except ArithmeticError:
        value = None
    if value not in AMOUNTS:
        raise ValidationFailed("amount", "Choisissez un montant", key="giftcards.errors.amount")
    assert value is not None
    return value


def _recipient(raw: object) -> str:
    text = raw.strip() if isinstance(raw, str) else ""
    if not text:
        raise ValidationFailed(
            "recipientEmail",
            "Veuillez entrer l'adresse email du destinataire",
            key="giftcards.errors.recipientRequired",
        )
    address = email_address(text) if len(text) <= EMAIL_MAX else None
    if address is None:
        raise ValidationFailed(
            "recipientEmail",
            "Veuillez entrer une adresse email valide",
            key="giftcards.errors.recipientInvalid",
        )
    return address


def _free_text(data: Mapping[str, Any], key: str, label: str, limit: int) -> str | None:
    """Optional text on one line (line breaks become spaces), at most `limit` characters."""
    value = data.get(key)
    if isinstance(value, str):
        value = " ".join(value.split())
    return plain_text(value, field=key, label=label, max_length=limit)


def read_purchase(body: Mapping[str, Any]) -> dict[str, Any]:
    """The purchase request, checked and normalised (only what a card is made of)."""
    if not isinstance(body, Mapping):
        raise ValidationFailed("body")
    payment = checkout.read_payment(body.get("payment") or {"method": "mobile_money"})
    if payment["method"] != "mobile_money":
        raise mobile_money_only()
    return {
        "amount": decimal_string(_amount(body.get("amount"))),
        "recipientEmail": _recipient(body.get("recipientEmail")),
        "senderName": _free_text(body, "senderName", "nom", SENDER_MAX),
        "message": _free_text(body, "message", "message", MESSAGE_MAX),
        "payment": payment,
    }


def _card_of(db: Session, order_id: int) -> GiftCard:
    return db.exec(select(GiftCard).where(col(GiftCard.order_id) == order_id)).one()


def _replay(db: Session, user: User, order: Order, digest: str) -> PurchaseResult:
    placed = checkout.replayed_order(db, user, order, digest)
    card = giftcards.purchased_dict(_card_of(db, placed["id"]))
    return PurchaseResult(placed, card, False, placed["paymentReference"])


def purchase(
    db: Session, user: User, body: Mapping[str, Any], idempotency_key: str, now: datetime
) -> PurchaseResult:
    """A pending gift-card order and its pending card, with the payment to start after the
    commit (see the module's rules)."""
    assert user.id is not None
    key = checkout.check_idempotency_key(idempotency_key)
    if not available():
        raise mobile_money_only()
    now = as_utc(now)
    request = read_purchase(body)
    digest = checkout.request_hash({"kind": GIFTCARD_KIND, **request})
    lock_user(db, user.id)  # a double click waits here, then finds the first one's order
    existing = checkout.order_by_key(db, user.id, key)
    if existing is not None:
        return _replay(db, user, existing, digest)
    value = Decimal(request["amount"])
    details = orders.OrderDetails(
        kind=GIFTCARD_KIND,
        payment_method="mobile_money",
        payment_status="pending",
        idempotency_key=key,
        request_hash=digest,
    )
    try:
        with db.begin_nested():
            placed = orders.place_order(
                db,
                user,
                [],
                orders.OrderTotals(subtotal=value, total=value),
                now=now,
                details=details,
            )
    except IntegrityError:
        winner = checkout.order_by_key(db, user.id, key)
        if winner is None:
            raise
        return _replay(db, user, winner, digest)
    order = db.get(Order, placed["id"])
    assert order is not None and order.id is not None
    card = GiftCard(
        code=giftcards.new_code(),
        initial_value=value,
        balance=value,
        purchased_by=user.id,
        created_at=now,
        status=giftcards.PENDING,
        currency=BASE_CURRENCY,
        order_id=order.id,
        recipient_email=request["recipientEmail"],
        sender_name=request["senderName"],
        message=request["message"],
    )
    db.add(card)
    db.flush()
    method = request["payment"]
    reference = payments.create_payment(
        db, order, method["channel"], method["phone"], now
    ).reference
    db.flush()
    return PurchaseResult(
        orders.get_order(db, user, user.id, order.id),
        giftcards.purchased_dict(card),
        True,
        reference,
    )


def activate_paid(db: Session, order: Order) -> None:
    """Called by `mark_paid` when a gift-card order is confirmed: the card becomes usable, and
    once this transaction commits its code is e-mailed (never before: a rolled-back payment
    must not have sent a code)."""
    assert order.id is not None
    card = giftcards.activate_for_order(db, order.id)
    if card is None or card.id is None:
        return
    card_id = card.id
    sa.event.listen(db, "after_commit", lambda _session: deliver(card_id), once=True)


def deliver(card_id: int) -> None:
    """E-mail an active card's code to its recipient and a receipt to its buyer (in a session
    of its own, after the commit). A mail that cannot go out is logged, never raised: the card
    stands, and the buyer sees its code in the account."""
    try:
        with session_scope() as db:
            card = db.get(GiftCard, card_id)
            if card is None or card.status != giftcards.ACTIVE or not card.recipient_email:
                return
            buyer = db.get(User, card.purchased_by) if card.purchased_by else None
            order = db.get(Order, card.order_id) if card.order_id else None
            lang = language_or_default(buyer.preferred_language if buyer else None)
            sender = card.sender_name or (buyer.first_name if buyer else None)
            gift = mailer.compose_gift_card(
                card.recipient_email,
                code=card.code,
                amount_xof=card.initial_value,
                sender=sender,
                message=card.message,
                lang=lang,
            )
            receipt = (
                mailer.compose_gift_card_receipt(
                    buyer.email,
                    number=order.number,
                    amount_xof=card.initial_value,
                    recipient=card.recipient_email,
                    lang=lang,
                )
                if buyer is not None and buyer.email and order is not None
                else None
            )
        mailer.send_gift_card(gift)
        if receipt is not None:
            mailer.send_gift_card(receipt, receipt=True)
    except DeliveryFailed:
        log.error("gift card %s: the e-mail could not be delivered", card_id)
    except Exception:  # after the commit nothing may undo the payment: log and go on
        log.exception("gift card %s: e-mail not sent", card_id)
