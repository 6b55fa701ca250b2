"""The back-office's rows as /admin shows them (grocer.state.admin keeps them in typed vars):
the services' answers turned into short strings, one per line of a row."""

from __future__ import annotations

from typing import Any, TypedDict


class OrderRow(TypedDict):
    id: int
    number: str
    date: str
    status: str
    total: str
    payment: str
    customer: str
    email: str
    slot: str
    next: list[str]


class ReviewRow(TypedDict):
    """A payment a person must look at."""

    number: str  # the order's
    amount: str  # '12 500 XOF'
    channel: str
    reason: str
    at: str
    order_status: str


class UserRow(TypedDict):
    id: int
    name: str
    email: str
    role: str  # the highest of admin, staff, consumer
    active: bool
    orders: int
    since: str


class AuditRow(TypedDict):
    id: int
    at: str
    actor: str
    action: str
    target: str
    change: str
    note: str


class DayBar(TypedDict):
    """One bar of the dashboard's chart."""

    day: str  # '28/11'
    orders: int
    revenue: str
    height: int  # percent of the tallest bar (at least a sliver when there are orders)


class SlotFill(TypedDict):
    """A slot of the coming days and how full it is."""

    day: str  # '28/11'
    kind: str
    hours: str  # '9h - 13h'
    taken: int  # booked + held
    capacity: int
    percent: int
    almost_full: bool  # FULL_FROM percent or more


class Dashboard(TypedDict):
    today: dict[str, int]
    week: dict[str, int]
    revenueToday: str
    revenueWeek: str
    toReview: int
    days: list[DayBar]
    slots: list[SlotFill]


#: A slot this full (percent) is shown as almost full.
FULL_FROM = 80


def _text(value: Any) -> str:
    return "" if value is None else str(value)


def _minute(iso: Any) -> str:
    """'2026-11-28T05:18:00Z' → '2026-11-28 05:18' (UTC, as the services give it)."""
    return _text(iso)[:16].replace("T", " ")


def order_row(row: dict[str, Any]) -> OrderRow:
    slot = row.get("slot") or {}
    hours = "–".join(_text(slot.get(k)) for k in ("start", "end") if slot.get(k))
    return OrderRow(
        id=int(row["id"]),
        number=row["number"],
        date=_minute(row["date"]),
        status=row["status"],
        total=f"{row['total']} {row['currency']}",
        payment=f"{row['paymentMethod']} · {row['paymentStatus']}",
        customer=row["customer"]["name"],
        email=row["customer"]["email"],
        slot=" ".join(part for part in (_text(slot.get("date")), hours) if part),
        next=list(row["next"]),
    )


def user_row(row: dict[str, Any]) -> UserRow:
    roles = list(row["roles"])
    return UserRow(
        id=int(row["id"]),
        name=f"{row['firstName']} {row['lastName']}".strip() or row["username"],
        email=row["email"],
        role=next((r for r in ("admin", "staff") if r in roles), "consumer"),
        active=bool(row["isActive"]),
        orders=int(row["orders"]),
        since=_text(row["registrationDate"])[:10],
    )


def _values(values: dict[str, Any]) -> str:
    return ", ".join(
        f"{k}: {'/'.join(map(str, v)) if isinstance(v, list) else v}" for k, v in values.items()
    )


def audit_row(row: dict[str, Any]) -> AuditRow:
    return AuditRow(
        id=int(row["id"]),
        at=_minute(row["at"]),
        actor=row["actorName"],
        action=row["action"],
        target=f"{row['targetType']} {row['targetLabel'] or row['targetId']}",
        change=f"{_values(row['before'])} → {_values(row['after'])}",
        note=row["note"],
    )


def _day(iso: str) -> str:
    """'2026-11-28' → '28/11'."""
    return f"{iso[8:10]}/{iso[5:7]}"


def _bars(days: list[dict[str, Any]]) -> list[DayBar]:
    tallest = max((int(day["orders"]) for day in days), default=0)
    return [
        DayBar(
            day=_day(day["date"]),
            orders=int(day["orders"]),
            revenue=_text(day["revenueXof"]),
            height=max(4, round(100 * int(day["orders"]) / tallest)) if day["orders"] else 0,
        )
        for day in days
    ]


def _fill(slot: dict[str, Any]) -> SlotFill:
    taken = int(slot["booked"]) + int(slot["held"])
    percent = min(100, round(100 * taken / slot["capacity"])) if slot["capacity"] else 100
    start, _, end = str(slot["slot"]).partition("-")
    return SlotFill(
        day=_day(slot["date"]),
        kind=_text(slot["kind"]),
        hours=f"{start}h - {end}h",
        taken=taken,
        capacity=int(slot["capacity"]),
        percent=percent,
        almost_full=percent >= FULL_FROM,
    )


def dashboard(board: dict[str, Any]) -> Dashboard:
    return Dashboard(
        today=dict(board["today"]),
        week=dict(board["week"]),
        revenueToday=_text(board["revenueTodayXof"]),
        revenueWeek=_text(board["revenueWeekXof"]),
        toReview=int(board["paymentsToReview"]),
        days=_bars(list(board["days"])),
        slots=[_fill(slot) for slot in board["slots"]],
    )


EMPTY_DASHBOARD = Dashboard(
    today={}, week={}, revenueToday="", revenueWeek="", toReview=0, days=[], slots=[]
)


def review_row(row: dict[str, Any]) -> ReviewRow:
    return ReviewRow(
        number=_text(row["orderNumber"]),
        amount=f"{_text(row['amount'])} {_text(row['currency'])}",
        channel=_text(row.get("channel")),
        reason=_text(row.get("reviewReason")),
        at=_minute(row.get("updatedAt")),
        order_status=_text(row.get("orderStatus")),
    )
