"""A customer's orders: reading them, and the status life cycle an admin moves them through.

Every status an order takes is recorded as an OrderEvent (placing records "pending", `move_to`
every change after it): the order's `history`, which tracking shows.
"""

from __future__ import annotations

import secrets
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from datetime import datetime
from decimal import Decimal
from typing import Any

import sqlalchemy as sa
from sqlmodel import Session, col, select
from typing_extensions import TypedDict

from grocer.models import ORDER_STATUSES, Order, OrderEvent, OrderLine, Payment, User
from grocer.models.base import iso_utc, utcnow
from grocer.services import credit, referral, slot_capacity
from grocer.services.errors import Conflict, Forbidden, NotFound, ValidationFailed
from grocer.services.money import check_currency, decimal_string
from grocer.services.ownership import ensure_account, is_admin
from grocer.services.validation import check_choice

# Which status may follow which; delivered and cancelled are final.
ORDER_TRANSITIONS: dict[str, frozenset[str]] = {
    "pending": frozenset({"confirmed", "cancelled"}),
    "confirmed": frozenset({"shipped", "cancelled"}),
    "shipped": frozenset({"delivered"}),
    "delivered": frozenset(),
    "cancelled": frozenset(),
}
assert set(ORDER_TRANSITIONS) == set(ORDER_STATUSES)

#: Who or what moved an order (an event's note): the shopper, the shop, the payment provider.
EVENT_NOTES = ("customer", "shop", "payment")


class OrderEventDict(TypedDict):
    status: str
    date: str | None
    note: str | None


class OrderLineDict(TypedDict):
    articleId: int | None
    name: str
    quantity: int
    unitPrice: str
    lineTotal: str


class OrderDict(TypedDict):
    id: int
    number: str
    date: str | None
    status: str
    total: str
    currency: str
    lines: list[OrderLineDict]
    kind: str
    slot: dict[str, Any]
    address: dict[str, Any]
    instructions: dict[str, Any]
    paymentMethod: str
    paymentStatus: str
    subtotal: str
    deliveryFee: str
    surcharge: str
    tip: str
    discount: str
    giftCard: str
    paymentReference: str | None
    history: list[OrderEventDict]


@dataclass(frozen=True)
class LineInput:
    """One line of a new order: prices in XOF, as the cart priced them."""

    article_id: int | None
    name: str
    quantity: int
    unit_price: Decimal


@dataclass(frozen=True)
class OrderTotals:
    """The order's figures, computed by the pricing rules before the order is placed."""

    subtotal: Decimal
    total: Decimal
    delivery_fee: Decimal = Decimal("0")
    surcharge: Decimal = Decimal("0")
    tip: Decimal = Decimal("0")
    discount: Decimal = Decimal("0")
    gift_card: Decimal = Decimal("0")


@dataclass(frozen=True)
class OrderDetails:
    """What checkout records beside the lines and totals."""

    kind: str = "delivery"
    slot_id: int | None = None
    payment_method: str = "cash"
    payment_status: str = "unpaid"
    idempotency_key: str | None = None
    request_hash: str | None = None


GIFTCARD_KIND = "giftcard"


def can_transition(current: str, target: str) -> bool:
    return target in ORDER_TRANSITIONS.get(current, frozenset())


def _event_dict(event: OrderEvent) -> OrderEventDict:
    return OrderEventDict(status=event.status, date=iso_utc(event.created_at), note=event.note)


def _order_dict(
    order: Order,
    lines: Sequence[OrderLine],
    payment_reference: str | None = None,
    events: Sequence[OrderEvent] = (),
) -> OrderDict:
    assert order.id is not None
    return OrderDict(
        id=order.id,
        number=order.number,
        date=iso_utc(order.created_at),
        status=order.status,
        total=decimal_string(order.total),
        currency=order.currency,
        lines=[
            OrderLineDict(
                articleId=line.article_id,
                name=line.name,
                quantity=line.quantity,
                unitPrice=decimal_string(line.unit_price),
                lineTotal=decimal_string(line.line_total),
            )
            for line in lines
        ],
        kind=order.kind,
        slot=dict(order.slot or {}),
        address=dict(order.address or {}),
        instructions=dict(order.instructions or {}),
        paymentMethod=order.payment_method,
        paymentStatus=order.payment_status,
        subtotal=decimal_string(order.subtotal),
        deliveryFee=decimal_string(order.delivery_fee),
        surcharge=decimal_string(order.surcharge),
        tip=decimal_string(order.tip),
        discount=decimal_string(order.discount),
        giftCard=decimal_string(order.gift_card),
        paymentReference=payment_reference,
        history=[_event_dict(event) for event in events],
    )


def _with_lines(db: Session, orders: Sequence[Order]) -> list[OrderDict]:
    """Orders with their lines, latest payment reference and status history, read in one
    query each rather than one per order."""
    ids = [order.id for order in orders]
    by_order: dict[int, list[OrderLine]] = {}
    references: dict[int, str] = {}
    events: dict[int, list[OrderEvent]] = {}
    if ids:
        lines = db.exec(
            select(OrderLine).where(col(OrderLine.order_id).in_(ids)).order_by(col(OrderLine.id))
        ).all()
        for line in lines:
            by_order.setdefault(line.order_id, []).append(line)
        payments = db.exec(
            select(Payment.order_id, Payment.reference)
            .where(col(Payment.order_id).in_(ids))
            .order_by(col(Payment.id))
        ).all()
        references = {order_id: reference for order_id, reference in payments}
        history = db.exec(
            select(OrderEvent)
            .where(col(OrderEvent.order_id).in_(ids))
            .order_by(col(OrderEvent.created_at), col(OrderEvent.id))
        ).all()
        for event in history:
            events.setdefault(event.order_id, []).append(event)
    return [
        _order_dict(
            order,
            by_order.get(order.id or 0, []),
            references.get(order.id or 0),
            events.get(order.id or 0, []),
        )
        for order in orders
    ]


def list_orders(db: Session, actor: User, user_id: int) -> list[OrderDict]:
    """A user's orders, newest first."""
    ensure_account(db, actor, user_id)
    orders = db.exec(
        select(Order).where(col(Order.user_id) == user_id).order_by(col(Order.id).desc())
    ).all()
    return _with_lines(db, orders)


def _user_order(db: Session, actor: User, user_id: int, order_id: int) -> Order:
    ensure_account(db, actor, user_id)
    order = db.get(Order, order_id)
    if order is None or order.user_id != user_id:
        raise NotFound()
    return order


def get_order(db: Session, actor: User, user_id: int, order_id: int) -> OrderDict:
    """One order of `user_id`; another user's order is NotFound even with a valid id."""
    return order_view(db, _user_order(db, actor, user_id, order_id))


def order_view(db: Session, order: Order) -> OrderDict:
    """An order as its customer sees it. No ownership check: the caller made one (the
    back-office checks the actor's area, grocer.services.admin.access)."""
    return _with_lines(db, [order])[0]


def set_status(
    db: Session, actor: User, order_id: int, status: Any, *, now: datetime | None = None
) -> OrderDict:
    """Move an order along its life cycle (admins only; customers cannot confirm their own)."""
    if not is_admin(actor):
        raise Forbidden()
    target = check_choice(status, ORDER_STATUSES, field="status", label="statut")
    order = db.get(Order, order_id)
    if order is None:
        raise NotFound()
    move_to(db, order, target, now or utcnow(), note="shop")
    return get_order(db, actor, order.user_id, order_id)


def record_event(
    db: Session, order_id: int, status: str, now: datetime, note: str | None = None
) -> None:
    """One step of the order's history (`note`: one of EVENT_NOTES, or None). Only for a
    status change that has just happened: `move_to` and placing call it."""
    assert note is None or note in EVENT_NOTES
    db.add(OrderEvent(order_id=order_id, status=status, note=note, created_at=now))


def move_to(
    db: Session, order: Order, target: str, now: datetime, *, note: str | None = None
) -> None:
    """The one place a status changes: the transition must be allowed (else Conflict 409),
    it is recorded in the history (who moved it: `note`); a cancelled order gives its slot
    and the credit it used back; a delivered one may pay a referral reward.

    The order's row is locked and read again first: two changes at once (a double click, two
    admins, the shopper and a payment refusal) move it once, and the other gets the 409."""
    _lock(db, order)
    if not can_transition(order.status, target):
        raise Conflict(
            f"Transition de statut impossible : {order.status} → {target}",
            key="orders.errors.transition",
        )
    order.status = target
    order.updated_at = now
    db.add(order)
    assert order.id is not None
    record_event(db, order.id, target, now, note)
    db.flush()
    if target == "cancelled":
        slot_capacity.release_booking(db, order.id, now)
        credit.give_back_for_order(db, order.user_id, order.number, now=now)
    if target == "delivered":
        referral.reward_on_delivery(db, order, now)


def _lock(db: Session, order: Order) -> None:
    """Hold the order's row until the commit and read it again (PostgreSQL: a row lock;
    SQLite: a no-op UPDATE takes the database's write lock)."""
    if db.get_bind().dialect.name == "sqlite":
        db.exec(sa.update(Order).where(col(Order.id) == order.id).values(id=Order.id))
    else:
        db.exec(sa.select(Order.id).where(col(Order.id) == order.id).with_for_update())
    db.refresh(order)


def new_order_number(now: datetime) -> str:
    """'CMD-20250131-9F2A61C0': dated for people, random so that numbers reveal no volume."""
    return f"CMD-{now:%Y%m%d}-{secrets.token_hex(4).upper()}"


def place_order(
    db: Session,
    user: User,
    lines: Sequence[LineInput],
    totals: OrderTotals,
    *,
    now: datetime,
    currency: str = "XOF",
    address: Mapping[str, Any] | None = None,
    slot: Mapping[str, Any] | None = None,
    instructions: Mapping[str, Any] | None = None,
    details: OrderDetails | None = None,
) -> OrderDict:
    """Record a pending order for `user` (checkout calls this once it has priced the cart).

    Only the order's own consistency is checked here (lines present, the subtotal is their
    sum); the totals themselves are the pricing rules' business. `details` are checkout's
    (kind, slot, payment, idempotency key): the order row is inserted with them, so that the
    unique (user, idempotency key) decides between two identical requests at this flush.
    """
    assert user.id is not None
    extra = details or OrderDetails()
    if not lines and extra.kind != GIFTCARD_KIND:  # a gift card is an order without lines
        raise ValidationFailed("lines", "La commande est vide", key="orders.errors.empty")
    if any(line.quantity < 1 or line.unit_price < 0 for line in lines):
        raise ValidationFailed("lines", "Ligne de commande invalide", key="orders.errors.line")
    if lines and sum((line.unit_price * line.quantity for line in lines), Decimal("0")) != (
        totals.subtotal
    ):
        raise ValidationFailed("subtotal", "Sous-total incohérent", key="orders.errors.subtotal")
    order = Order(
        number=new_order_number(now),
        user_id=user.id,
        status="pending",
        currency=check_currency(currency),
        subtotal=totals.subtotal,
        delivery_fee=totals.delivery_fee,
        surcharge=totals.surcharge,
        tip=totals.tip,
        discount=totals.discount,
        gift_card=totals.gift_card,
        total=totals.total,
        address=dict(address or {}),
        slot=dict(slot or {}),
        instructions=dict(instructions or {}),
        created_at=now,
        updated_at=now,
        kind=extra.kind,
        slot_id=extra.slot_id,
        payment_method=extra.payment_method,
        payment_status=extra.payment_status,
        idempotency_key=extra.idempotency_key,
        request_hash=extra.request_hash,
    )
    db.add(order)
    db.flush()
    assert order.id is not None
    rows = [
        OrderLine(
            order_id=order.id,
            article_id=line.article_id,
            name=line.name[:200],
            quantity=line.quantity,
            unit_price=line.unit_price,
            line_total=line.unit_price * line.quantity,
        )
        for line in lines
    ]
    db.add_all(rows)
    event = OrderEvent(order_id=order.id, status=order.status, created_at=now)
    db.add(event)
    db.flush()
    return _order_dict(order, rows, events=[event])
