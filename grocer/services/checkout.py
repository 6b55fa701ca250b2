"""Placing an order: the bag, priced by the server, becomes an order in one transaction.

Rules that must never go wrong:
- Prices come only from the server cart, the catalogue and `pricing.quote`; a price a client
  puts anywhere in the request is not even read.
- One transaction: the order, its lines, the slot booking, the emptied bag (and, for mobile
  money, the payment row). Any failure raises, the caller rolls back, and the bag is as it was.
- Idempotency: one order per (shopper, Idempotency-Key). The cart row is locked first, so two
  identical requests queue and the second finds the first's order; should they still race, the
  unique (user_id, idempotency_key) decides at the insert and the loser reads the winner's
  order. The same key with another request (its canonical hash differs) is a Conflict.
- Statuses follow `orders.ORDER_TRANSITIONS`; a shopper may cancel only while pending.
- The account's credit (grocer.services.credit) is deducted automatically, up to the total, by
  a negative ledger line written in the order's transaction; the order's `gift_card` figure
  holds the gift code's value plus that credit (one deduction line); a cancelled order gives
  the credit back (orders.move_to). An order the credit pays in full has nothing to collect.

Functions flush but never commit (the caller owns the transaction), except `send_receipt`,
which runs after the commit in its own session and never raises.
"""

from __future__ import annotations

import hashlib
import json
import logging
import re
from collections.abc import Mapping
from dataclasses import dataclass
from datetime import datetime
from decimal import Decimal
from typing import Any

from sqlalchemy.exc import IntegrityError
from sqlmodel import Session, col, select

from grocer.db import session_scope
from grocer.models import Order, OrderLine, User
from grocer.models.base import as_utc, utcnow
from grocer.services import (
    addresses,
    cart,
    credit,
    giftcards,
    mailer,
    orders,
    payments,
    pricing,
    slot_capacity,
)
from grocer.services.errors import (
    Conflict,
    DeliveryFailed,
    NotFound,
    ValidationFailed,
)
from grocer.services.languages import language_or_default
from grocer.services.money import decimal_string, to_decimal
from grocer.services.orders import OrderDict
from grocer.services.ownership import is_admin
from grocer.services.phones import PHONE_MAX_DIGITS, PHONE_MIN_DIGITS, national_digits
from grocer.services.validation import check_choice

log = logging.getLogger(__name__)

KINDS = pricing.KINDS
DELIVERY_PREFERENCES = ("home", "doorman", "neighbor", "outside")
PAYMENT_METHODS = ("cash", "mobile_money")
NAME_MAX = 60
NOTES_MAX = 500
CODE_MAX = 40
IDEMPOTENCY_KEY = re.compile(r"[A-Za-z0-9_-]{1,80}")
MAX_SLOT_ID = 2**31 - 1
#: What an order keeps of a saved address (a copy: the address may change or go later).
_ADDRESS_SNAPSHOT = ("addressType", *addresses.ADDRESS_LIMITS, "latitude", "longitude")


@dataclass(frozen=True)
class PlaceResult:
    """The order, whether this call created it (False: a replay of the same key), and the
    payment reference a mobile money order is paid under."""

    order: OrderDict
    created: bool
    payment_reference: str | None


# --- the request ------------------------------------------------------------------------------


def check_idempotency_key(key: object) -> str:
    """1..80 characters of [A-Za-z0-9_-]; ValidationFailed (400) otherwise."""
    if not isinstance(key, str) or not IDEMPOTENCY_KEY.fullmatch(key):
        raise ValidationFailed(
            "Idempotency-Key",
            "En-tête Idempotency-Key manquant ou invalide",
            key="orders.errors.idempotencyKey",
        )
    return key


def _text(data: Mapping[str, Any], key: str, limit: int) -> str | None:
    value = data.get(key)
    if value is None:
        return None
    if not isinstance(value, str) or len(value) > limit:
        raise ValidationFailed(key, f"Le champ {key} doit faire au plus {limit} caractères")
    return value.strip() or None


def _mapping(value: object, field: str) -> Mapping[str, Any]:
    if value is None:
        return {}
    if not isinstance(value, Mapping):
        raise ValidationFailed(field)
    return value


def _id(value: object, field: str) -> int | None:
    if value is None:
        return None
    if isinstance(value, bool) or not isinstance(value, int) or not 1 <= value <= MAX_SLOT_ID:
        raise ValidationFailed(field, "Identifiant invalide", key="errors.validation")
    return value


def _phone(value: object, field: str, *, required: bool) -> str | None:
    """Digits only (spaces tolerated), 8..15 of them: the account phone's rule (phones.py)."""
    if value is None or value == "":
        if required:
            raise ValidationFailed(
                field, "Veuillez entrer votre numéro de téléphone", key="validation.phoneRequired"
            )
        return None
    digits = national_digits(value) if isinstance(value, str) else ""
    if not (digits.isascii() and digits.isdigit()):
        raise ValidationFailed(
            field,
            "Le numéro de téléphone ne doit contenir que des chiffres",
            key="validation.phoneDigits",
        )
    if len(digits) < PHONE_MIN_DIGITS:
        raise ValidationFailed(
            field,
            "Le numéro de téléphone doit contenir au moins 8 chiffres",
            key="validation.phoneTooShort",
        )
    if len(digits) > PHONE_MAX_DIGITS:
        raise ValidationFailed(
            field,
            f"Le numéro de téléphone ne doit pas dépasser {PHONE_MAX_DIGITS} chiffres",
            key="validation.phoneTooLong",
        )
    return digits


def _instructions(raw: object) -> dict[str, Any]:
    """deliveryInstructions (001 §3), bounded; the preference defaults to home."""
    data = _mapping(raw, "instructions")
    preference = data.get("deliveryPreference") or "home"
    return {
        "recipientFirstName": _text(data, "recipientFirstName", NAME_MAX),
        "recipientLastName": _text(data, "recipientLastName", NAME_MAX),
        "phone": _phone(data.get("phone"), "phone", required=False),
        "deliveryPreference": check_choice(
            preference, DELIVERY_PREFERENCES, field="deliveryPreference", label="préférence"
        ),
        "deliveryNotes": _text(data, "deliveryNotes", NOTES_MAX),
    }


def _tip(raw: object) -> dict[str, Any]:
    data = _mapping(raw, "tip")
    choice = str(data.get("choice") or pricing.DEFAULT_TIP).strip().lower()
    if choice not in pricing.TIP_CHOICES:
        raise ValidationFailed("tip", "Pourboire invalide", key="checkout.errors.tip")
    custom = data.get("custom")
    amount = None
    if choice == pricing.CUSTOM_TIP and custom not in (None, ""):
        amount = decimal_string(pricing.tip_amount(choice, to_decimal(custom, "tip")))
    return {"choice": choice, "custom": amount}


def _code(data: Mapping[str, Any], key: str) -> str | None:
    return pricing.normalise_code(_text(data, key, CODE_MAX)) or None


def read_payment(raw: object) -> dict[str, Any]:
    data = _mapping(raw, "payment")
    method = check_choice(
        data.get("method") or "cash", PAYMENT_METHODS, field="payment", label="paiement"
    )
    if method == "cash":
        return {"method": method, "channel": None, "phone": None}
    channel = check_choice(
        data.get("channel"), payments.CHANNELS, field="channel", label="opérateur"
    )
    return {
        "method": method,
        "channel": channel,
        "phone": _phone(data.get("phone"), "phone", required=True),
    }


def _address(raw: object) -> dict[str, Any] | None:
    """An address given in full: the saved addresses' rules (required street, city, country)."""
    if raw is None:
        return None
    data = _mapping(raw, "address")
    problems = addresses.validate_address(data)
    if problems:
        raise problems[0]
    clean = addresses.clean_partial_address(data)
    return {key: value for key, value in clean.items() if key != "addressType" or value}


def read_request(body: Mapping[str, Any]) -> dict[str, Any]:
    """The order request, checked and normalised: only the fields an order is made of, so
    that prices or anything else a client adds play no part (not even in the hash)."""
    if not isinstance(body, Mapping):
        raise ValidationFailed("body")
    kind = pricing.check_kind(body.get("kind") or "delivery")
    hold_id, slot_id = _id(body.get("holdId"), "holdId"), _id(body.get("slotId"), "slotId")
    if hold_id is None and slot_id is None:
        raise ValidationFailed("slotId", "Sélectionnez un créneau", key="orders.errors.slot")
    address = _address(body.get("address")) if kind == "delivery" else None
    address_id = _id(body.get("addressId"), "addressId") if kind == "delivery" else None
    if kind == "delivery" and address is None and address_id is None:
        raise ValidationFailed(
            "address", "Aucune adresse sélectionnée", key="orders.errors.address"
        )
    return {
        "kind": kind,
        "holdId": hold_id,
        "slotId": slot_id,
        "address": None if address_id is not None else address,
        "addressId": address_id,
        "instructions": _instructions(body.get("instructions")),
        "tip": _tip(body.get("tip")),
        "promoCode": _code(body, "promoCode"),
        "giftCardCode": _code(body, "giftCardCode"),
        "payment": read_payment(body.get("payment")),
    }


def request_hash(request: Mapping[str, Any]) -> str:
    """sha256 of the request's canonical JSON (sorted keys, no spaces)."""
    canonical = json.dumps(request, sort_keys=True, separators=(",", ":"), ensure_ascii=False)
    return hashlib.sha256(canonical.encode()).hexdigest()


# --- pricing ----------------------------------------------------------------------------------


def _priced(lines: list[dict[str, Any]]) -> list[orders.LineInput]:
    return [
        orders.LineInput(
            article_id=line["articleId"],
            name=line["name"],
            quantity=line["quantity"],
            unit_price=line["unitPrice"],
        )
        for line in lines
        if line["available"]
    ]


def _quote(
    lines: list[orders.LineInput], request: Mapping[str, Any], credit_available: Decimal
) -> pricing.Quote:
    tip = request.get("tip") or {}
    return pricing.quote(
        pricing.subtotal((line.unit_price, line.quantity) for line in lines),
        kind=request.get("kind") or "delivery",
        promo_code=request.get("promoCode"),
        gift_card_code=request.get("giftCardCode"),
        tip_choice=tip.get("choice") or pricing.DEFAULT_TIP,
        custom_tip=tip.get("custom"),
        credit_available=credit_available,
    )


def quote_for(
    db: Session,
    user: User,
    *,
    promo_code: str | None,
    gift_card_code: str | None,
    tip_choice: str = pricing.DEFAULT_TIP,
    custom_tip: str | None = None,
    kind: str = "delivery",
    now: datetime | None = None,
) -> dict[str, Any]:
    """The payment page's figures, from the shopper's server bag (what `place` will charge for
    an order of this `kind`: a pickup pays no delivery fee nor surcharge; the account's credit
    is taken off the total)."""
    assert user.id is not None
    request = {
        "kind": pricing.check_kind(kind),
        "promoCode": promo_code,
        "giftCardCode": gift_card_code,
        "tip": _tip({"choice": tip_choice, "custom": custom_tip}),
    }
    lines = _priced(cart.checkout_lines(db, user))
    available = credit.available(db, user.id, as_utc(now or utcnow()))
    return {
        **_quote(lines, request, available).as_json(),
        "lines": [
            {
                "articleId": line.article_id,
                "name": line.name,
                "quantity": line.quantity,
                "unitPrice": decimal_string(line.unit_price),
                "lineTotal": decimal_string(pricing.line_total(line.unit_price, line.quantity)),
            }
            for line in lines
        ],
        "count": sum(line.quantity for line in lines),
    }


# --- placing ----------------------------------------------------------------------------------


def order_by_key(db: Session, user_id: int, key: str) -> Order | None:
    """The shopper's order placed with this Idempotency-Key, read fresh (or None)."""
    query = select(Order).where(col(Order.user_id) == user_id, col(Order.idempotency_key) == key)
    return db.exec(query.execution_options(populate_existing=True)).first()


def replayed_order(db: Session, user: User, order: Order, digest: str) -> OrderDict:
    """The stored order of a key seen before, if the request is the same one (Conflict
    otherwise): what a replayed checkout or gift-card purchase answers."""
    if order.request_hash != digest:
        raise Conflict(
            "Cette clé d'idempotence a déjà servi pour une autre commande",
            key="orders.errors.idempotencyMismatch",
        )
    assert order.id is not None and user.id is not None
    return orders.get_order(db, user, user.id, order.id)


def _replay(db: Session, user: User, order: Order, digest: str) -> PlaceResult:
    placed = replayed_order(db, user, order, digest)
    return PlaceResult(placed, False, placed["paymentReference"])


def _resolve_address(db: Session, user: User, request: Mapping[str, Any]) -> dict[str, Any]:
    if request["kind"] != "delivery":
        return {}
    if request["addressId"] is None:
        return dict(request["address"])
    saved = addresses.get(db, user, request["addressId"])  # another user's: NotFound
    view: dict[str, Any] = dict(saved)
    return {"addressId": saved["id"], **{key: view[key] for key in _ADDRESS_SNAPSHOT}}


def _check_bag(lines: list[dict[str, Any]], kind: str, subtotal: Decimal) -> None:
    if not lines:
        raise ValidationFailed("lines", "Votre panier est vide", key="orders.errors.empty")
    gone = [line["articleId"] for line in lines if not line["available"]]
    if gone:
        raise cart.UnknownArticles(gone)
    remaining = pricing.delivery_minimum_remaining(subtotal)
    if kind == "delivery" and remaining > 0:
        error = ValidationFailed(
            "lines",
            "Le montant minimum de livraison n'est pas atteint",
            key="cart.issues.belowDeliveryMinimum",
        )
        error.extra = {"remaining": decimal_string(remaining)}  # type: ignore[attr-defined]
        raise error


def place(
    db: Session, user: User, body: Mapping[str, Any], idempotency_key: str, now: datetime
) -> PlaceResult:
    """Turn the shopper's server bag into a pending order (see the module's rules)."""
    assert user.id is not None
    key = check_idempotency_key(idempotency_key)
    now = as_utc(now)
    request = read_request(body)
    digest = request_hash(request)
    bag = cart.checkout_lines(db, user, lock=True)  # serialises this shopper's checkouts
    existing = order_by_key(db, user.id, key)
    if existing is not None:
        return _replay(db, user, existing, digest)
    lines = _priced(bag)
    quote = _quote(lines, request, credit.available(db, user.id, now))
    _check_bag(bag, request["kind"], quote.subtotal)
    address = _resolve_address(db, user, request)
    payment = request["payment"]
    if quote.total == 0:  # the credit pays it all: nothing to collect
        payment = {"method": "cash", "channel": None, "phone": None}
    details = orders.OrderDetails(
        kind=request["kind"],
        payment_method=payment["method"],
        payment_status="pending" if payment["method"] == "mobile_money" else "unpaid",
        idempotency_key=key,
        request_hash=digest,
    )
    totals = orders.OrderTotals(
        subtotal=quote.subtotal,
        total=quote.total,
        delivery_fee=quote.delivery_fee,
        surcharge=quote.surcharge,
        tip=quote.tip,
        discount=quote.discount,
        gift_card=quote.gift_card + quote.credit,  # the order keeps one deduction line
    )
    try:
        with db.begin_nested():
            placed = orders.place_order(
                db,
                user,
                lines,
                totals,
                now=now,
                address=address,
                instructions=request["instructions"],
                details=details,
            )
    except IntegrityError:
        winner = order_by_key(db, user.id, key)  # an identical request committed first
        if winner is None:
            raise
        return _replay(db, user, winner, digest)
    order = db.get(Order, placed["id"])
    assert order is not None and order.id is not None
    slot = slot_capacity.book(
        db, user, hold_id=request["holdId"], slot_id=request["slotId"], order_id=order.id, now=now
    )
    if slot["kind"] != request["kind"]:
        raise ValidationFailed(
            "slotId", "Ce créneau ne correspond pas au mode choisi", key="orders.errors.slotKind"
        )
    credit.spend_for_order(db, user.id, order.number, quote.credit, now=now)
    order.slot_id = slot["id"]
    order.slot = {k: slot[k] for k in ("id", "kind", "date", "start", "end", "slot", "label")}
    db.add(order)
    cart.empty_after_order(db, user)
    reference = None
    if payment["method"] == "mobile_money":
        reference = payments.create_payment(
            db, order, payment["channel"], payment["phone"], now
        ).reference
    db.flush()
    return PlaceResult(orders.get_order(db, user, user.id, order.id), True, reference)


# --- after placing ----------------------------------------------------------------------------


def cancel(db: Session, actor: User, user_id: int, order_id: int, now: datetime) -> OrderDict:
    """Cancel an order of `user_id`: the shopper only while it is pending (409 afterwards), an
    admin along the usual transitions. The slot's place is given back."""
    placed = orders.get_order(db, actor, user_id, order_id)  # another user's: NotFound
    order = db.get(Order, placed["id"])
    assert order is not None
    if not is_admin(actor) and order.status != "pending":
        raise Conflict(
            "Cette commande ne peut plus être annulée", key="orders.errors.cancelNotAllowed"
        )
    if is_admin(actor):
        cancel_by_shop(db, order, now)
    else:
        orders.move_to(db, order, "cancelled", as_utc(now), note="customer")
        assert order.id is not None
        giftcards.void_for_order(db, order.id)
    return orders.get_order(db, actor, user_id, order_id)


def cancel_by_shop(db: Session, order: Order, now: datetime) -> None:
    """The shop cancels an order (along the usual transitions, 409 otherwise): the slot's
    place, the credit and the gift cards it used are given back. The caller checked who may."""
    orders.move_to(db, order, "cancelled", as_utc(now), note="shop")
    assert order.id is not None
    giftcards.void_for_order(db, order.id)


def fail(db: Session, order_id: int, now: datetime, *, reason: str, restore_bag: bool) -> OrderDict:
    """A mobile money order that will not be paid (refused, expired): cancelled, its slot
    released, and with `restore_bag` its lines put back into the shopper's bag. An order
    already cancelled is left as it is (a refusal told twice changes nothing)."""
    order = db.get(Order, order_id)
    if order is None:
        raise NotFound()
    user = db.get(User, order.user_id)
    assert user is not None and user.id is not None
    if order.status != "cancelled":
        log.info("order %s failed (%s)", order.number, reason[:80])
        orders.move_to(db, order, "cancelled", as_utc(now), note="payment")
        giftcards.void_for_order(db, order_id)
        if restore_bag:
            lines = db.exec(select(OrderLine).where(col(OrderLine.order_id) == order_id)).all()
            cart.restore_lines(
                db, user, [(line.article_id, line.quantity) for line in lines if line.article_id]
            )
    return orders.get_order(db, user, user.id, order_id)


def send_receipt(order_id: int) -> None:
    """E-mail the receipt (after the order's commit, in a session of its own). A mail that
    cannot be delivered is logged, never raised: the order stands."""
    try:
        with session_scope() as db:
            order = db.get(Order, order_id)
            user = db.get(User, order.user_id) if order is not None else None
            if order is None or user is None or user.id is None:
                log.warning("receipt: order %s not found", order_id)
                return
            placed = orders.get_order(db, user, user.id, order_id)
            to, lang = user.email, language_or_default(user.preferred_language)
        mailer.send_order_receipt(to, placed, lang)
    except DeliveryFailed:
        log.error("receipt for order %s could not be delivered", order_id)
