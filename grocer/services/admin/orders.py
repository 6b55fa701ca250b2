"""Orders in the back-office: the list by status and date with a search by number or
customer, one order's details with its customer, status changes along the allowed transitions
with a note (recorded in the audit trail), and the dashboard's counts."""

from __future__ import annotations

from datetime import UTC as _UTC
from datetime import date, datetime, time, timedelta
from decimal import Decimal
from typing import Any

import sqlalchemy as sa
from sqlmodel import Session, col, func, or_, select
from typing_extensions import TypedDict

from grocer.models import ORDER_STATUSES, DeliverySlot, Order, Payment, User
from grocer.models.base import as_utc, iso_utc, utcnow
from grocer.services import checkout, orders
from grocer.services.admin import access, audit, users
from grocer.services.admin.paging import Page, check_page, contains_pattern, search_text
from grocer.services.errors import NotFound, ValidationFailed
from grocer.services.money import decimal_string
from grocer.services.payments import ReviewDict, review_list
from grocer.services.validation import check_choice


class CustomerDict(TypedDict):
    id: int
    username: str
    email: str
    name: str


class OrderRowDict(TypedDict):
    id: int
    number: str
    date: str | None
    status: str
    kind: str
    total: str
    currency: str
    paymentMethod: str
    paymentStatus: str
    slot: dict[str, Any]
    customer: CustomerDict
    next: list[str]  # the statuses it may move to


class AdminOrderDict(orders.OrderDict):
    customer: CustomerDict
    next: list[str]


def customer_dict(user: User | None) -> CustomerDict:
    if user is None or user.id is None:
        return CustomerDict(id=0, username="", email="", name="")
    name = f"{user.first_name} {user.last_name}".strip() or user.username
    return CustomerDict(id=user.id, username=user.username, email=user.email, name=name)


def next_statuses(status: str) -> list[str]:
    """Where an order may go from `status`, in the life cycle's order."""
    return [s for s in ORDER_STATUSES if orders.can_transition(status, s)]


def _day(value: Any, field: str) -> date | None:
    if value is None or value == "":
        return None
    if isinstance(value, str):
        try:
            return date.fromisoformat(value.strip())
        except ValueError:
            pass
    raise ValidationFailed(field, f"La date {field} doit s'écrire AAAA-MM-JJ")


def list_orders(
    db: Session,
    actor: User,
    *,
    status: Any = None,
    date_from: Any = None,
    date_to: Any = None,
    q: Any = None,
    page: Any = 1,
    size: Any = 20,
) -> Page[OrderRowDict]:
    """Orders, newest first: by status, by day of creation (UTC, both ends included), and by
    order number or the customer's e-mail, user name or names."""
    access.require(actor, "orders")
    number, per_page = check_page(page, size)
    where: list[sa.ColumnElement[bool]] = []
    if status is not None:
        wanted = check_choice(status, ORDER_STATUSES, field="status", label="statut")
        where.append(col(Order.status) == wanted)
    start, end = _day(date_from, "from"), _day(date_to, "to")
    if start is not None:
        where.append(col(Order.created_at) >= datetime.combine(start, time.min, tzinfo=_UTC))
    if end is not None:
        where.append(
            col(Order.created_at) < datetime.combine(end + timedelta(days=1), time.min, _UTC)
        )
    words = search_text(q)
    if words:
        number_like = func.lower(col(Order.number)).like(contains_pattern(words), escape="\\")
        where.append(or_(number_like, users.account_matches(words)))
    joined = select(Order, User).join(User, col(User.id) == col(Order.user_id)).where(*where)
    total = db.exec(select(func.count()).select_from(joined.subquery())).one()
    rows = db.exec(
        joined.order_by(col(Order.created_at).desc(), col(Order.id).desc())
        .offset((number - 1) * per_page)
        .limit(per_page)
    ).all()
    return Page(
        items=[_row(order, user) for order, user in rows],
        total=int(total),
        page=number,
        size=per_page,
    )


def _row(order: Order, user: User | None) -> OrderRowDict:
    assert order.id is not None
    return OrderRowDict(
        id=order.id,
        number=order.number,
        date=iso_utc(order.created_at),
        status=order.status,
        kind=order.kind,
        total=decimal_string(order.total),
        currency=order.currency,
        paymentMethod=order.payment_method,
        paymentStatus=order.payment_status,
        slot=dict(order.slot or {}),
        customer=customer_dict(user),
        next=next_statuses(order.status),
    )


def order_detail(db: Session, actor: User, order_id: int) -> AdminOrderDict:
    """One order as its customer sees it (lines, totals, history), with the customer and the
    statuses it may move to."""
    access.require(actor, "orders")
    order = db.get(Order, order_id)
    if order is None:
        raise NotFound()
    return AdminOrderDict(  # type: ignore[typeddict-item]
        **orders.order_view(db, order),
        customer=customer_dict(db.get(User, order.user_id)),
        next=next_statuses(order.status),
    )


def change_status(
    db: Session,
    actor: User,
    order_id: int,
    status: Any,
    note: Any = None,
    *,
    now: datetime | None = None,
) -> AdminOrderDict:
    """Move an order along its life cycle (409 for a transition the cycle does not allow). A
    cancellation gives the slot's place, the credit and the gift card back, as the shopper's
    own does. Recorded in the audit trail with the note, in the same transaction."""
    access.require(actor, "orders")
    target = check_choice(status, ORDER_STATUSES, field="status", label="statut")
    text = audit.clean_note(note)
    moment = as_utc(now or utcnow())
    order = db.get(Order, order_id)
    if order is None:
        raise NotFound()
    before = order.status
    if target == "cancelled":
        checkout.cancel_by_shop(db, order, moment)
    else:
        orders.move_to(db, order, target, moment, note="shop")
    audit.record(
        db,
        actor,
        "order.status",
        "order",
        order_id,
        label=order.number,
        before={"status": before},
        after={"status": target},
        note=text,
        now=moment,
    )
    db.flush()
    return order_detail(db, actor, order_id)


class DayDict(TypedDict):
    """One day of the dashboard's chart."""

    date: str  # YYYY-MM-DD
    orders: int  # placed that day, cancelled ones included
    revenueXof: str  # cancelled orders left out


class SlotFillDict(TypedDict):
    """A made slot of the coming days and how full it is."""

    id: int
    kind: str
    date: str
    slot: str  # '9-13'
    capacity: int
    booked: int
    held: int


class DashboardDict(TypedDict):
    today: dict[str, int]
    week: dict[str, int]
    revenueTodayXof: str
    revenueWeekXof: str
    paymentsToReview: int
    days: list[DayDict]  # the last seven days, oldest first
    slots: list[SlotFillDict]  # the made slots of today and the next two days, fullest first


_DAY = timedelta(days=1)
#: How many days ahead the dashboard shows the slots' filling (today included).
FILL_DAYS = 3
#: At most this many slots are listed (the fullest).
FILL_ROWS = 12


def dashboard(db: Session, actor: User, *, now: datetime | None = None) -> DashboardDict:
    """Today's and the last seven days' orders by status, their revenue in XOF (cancelled
    orders left out), and the payments waiting for a review."""
    access.require(actor, "orders")
    moment = as_utc(now or utcnow())
    midnight = datetime.combine(moment.date(), time.min, tzinfo=_UTC)
    week_start = midnight - timedelta(days=6)

    def by_status(since: datetime) -> dict[str, int]:
        rows = db.exec(
            select(Order.status, func.count())
            .where(col(Order.created_at) >= since)
            .group_by(col(Order.status))
        ).all()
        counts = dict.fromkeys(ORDER_STATUSES, 0)
        counts.update({s: int(n) for s, n in rows})
        return counts

    def revenue(since: datetime) -> str:
        value = db.exec(
            select(func.coalesce(func.sum(Order.total), 0)).where(
                col(Order.created_at) >= since,
                col(Order.status) != "cancelled",
                col(Order.currency) == "XOF",
            )
        ).one()
        return decimal_string(Decimal(str(value)))

    review = db.exec(
        select(func.count()).select_from(Payment).where(col(Payment.status) == "review")
    ).one()
    return DashboardDict(
        today=by_status(midnight),
        week=by_status(week_start),
        revenueTodayXof=revenue(midnight),
        revenueWeekXof=revenue(week_start),
        paymentsToReview=int(review),
        days=_days(db, week_start),
        slots=_filling(db, moment.date()),
    )


def _days(db: Session, first: datetime) -> list[DayDict]:
    """Orders and revenue of each of seven days from `first`, in one query: one pair of sums
    per day over ranges of `created_at` (portable, and the created_at index serves it)."""
    starts = [first + timedelta(days=i) for i in range(7)]
    kept = sa.and_(col(Order.status) != "cancelled", col(Order.currency) == "XOF")
    columns: list[Any] = []
    for start in starts:
        within = sa.and_(col(Order.created_at) >= start, col(Order.created_at) < start + _DAY)
        columns.append(func.coalesce(func.sum(sa.case((within, 1), else_=0)), 0))
        columns.append(
            func.coalesce(func.sum(sa.case((sa.and_(within, kept), Order.total), else_=0)), 0)
        )
    row = db.exec(select(*columns).where(col(Order.created_at) >= first)).one()
    return [
        DayDict(
            date=start.date().isoformat(),
            orders=int(row[2 * i]),
            revenueXof=decimal_string(Decimal(str(row[2 * i + 1]))),
        )
        for i, start in enumerate(starts)
    ]


def _filling(db: Session, today: date) -> list[SlotFillDict]:
    """The made slots of the next FILL_DAYS days that can take orders, fullest first (the
    ones to watch, or to give more places)."""
    taken = col(DeliverySlot.booked) + col(DeliverySlot.held)
    rows = db.exec(
        select(DeliverySlot)
        .where(
            col(DeliverySlot.day) >= today,
            col(DeliverySlot.day) < today + timedelta(days=FILL_DAYS),
            col(DeliverySlot.capacity) > 0,
        )
        .order_by(
            (taken * 1000 / col(DeliverySlot.capacity)).desc(),
            col(DeliverySlot.day),
            col(DeliverySlot.start_hour),
            col(DeliverySlot.kind),
        )
        .limit(FILL_ROWS)
    ).all()
    return [
        SlotFillDict(
            id=row.id or 0,
            kind=row.kind,
            date=row.day.isoformat(),
            slot=f"{row.start_hour}-{row.end_hour}",
            capacity=row.capacity,
            booked=row.booked,
            held=row.held,
        )
        for row in rows
    ]


def payments_to_review(db: Session, actor: User) -> list[ReviewDict]:
    """Payments confirmed too late (after expiry, refusal or cancellation): a person decides
    what becomes of the order (admins and staff)."""
    access.require(actor, "orders")
    return review_list(db)
