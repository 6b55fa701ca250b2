"""An order as the pages draw it (the confirmation page and the account's orders): texts,
amounts in every display currency, the tracking steps and the status history.

Pure: a service's order dict in, plain dicts out (message keys, never sentences). Amounts are
stored in the order's currency (the shop's XOF so far) and written here in each display
currency, so that the page picks the shopper's with no round trip.
"""

from __future__ import annotations

from decimal import Decimal, InvalidOperation
from typing import Any, TypedDict

from grocer.services import money
from grocer.services.orders import EVENT_NOTES
from grocer.views.prices import amount_in_all

#: The steps tracking shows, in order; a cancelled order leaves the track.
TRACK: tuple[str, ...] = ("pending", "confirmed", "shipped", "delivered")
CANCELLED = "cancelled"
GIFT_CARD = "giftcard"
#: The amounts under the lines, in the order of a receipt (field, label key).
TOTAL_ROWS: tuple[tuple[str, str], ...] = (
    ("subtotal", "checkout:totals.subtotal"),
    ("deliveryFee", "checkout:totals.deliveryFee"),
    ("surcharge", "checkout:totals.surcharge"),
    ("tip", "checkout:totals.tip"),
    ("discount", "checkout:totals.discount"),
    ("giftCard", "checkout:totals.giftCard"),
)


class ShownLine(TypedDict):
    name: str
    quantity: int
    total: dict[str, str]


class OrderRow(TypedDict):
    """An order of the list: its number, date (ISO, formatted in the browser's language),
    status, kind, total and how many articles."""

    id: int
    number: str
    date: str
    status: str
    kind: str
    total: dict[str, str]
    count: int


class TrackStep(TypedDict):
    status: str
    date: str  # ISO, "" when the step was not reached (or its moment is unknown)
    state: str  # "done", "current" or "todo"


class HistoryRow(TypedDict):
    status: str
    date: str
    note_key: str  # "" when there is no note to show


class TotalRow(TypedDict):
    key: str
    amount: dict[str, str]
    negative: bool


def _decimal(value: Any) -> Decimal:
    try:
        amount = Decimal(str(value or "0"))
    except (InvalidOperation, ValueError):
        return Decimal(0)
    return amount if amount.is_finite() else Decimal(0)


def order_amount(order: dict[str, Any], field: str) -> dict[str, str]:
    """The order's `field` amount written in every display currency (from its own currency)."""
    currency = money.normalise_currency(order.get("currency")) or money.BASE_CURRENCY
    amount = money.convert(_decimal(order.get(field)), currency, money.BASE_CURRENCY)
    return amount_in_all(amount)


def shown_order(order: dict[str, Any]) -> dict[str, str]:
    """The order's texts as the pages draw them."""
    slot = order.get("slot") or {}
    address = order.get("address") or {}
    address_line = ", ".join(
        str(address.get(key)).strip()
        for key in ("streetAddress", "city", "state", "country")
        if address.get(key)
    )
    return {
        "number": str(order.get("number") or ""),
        "date": str(order.get("date") or ""),
        "status": str(order.get("status") or ""),
        "kind": str(order.get("kind") or "delivery"),
        "slotLabel": str(slot.get("label") or ""),
        "address": address_line,
        "paymentMethod": str(order.get("paymentMethod") or "cash"),
        "paymentStatus": str(order.get("paymentStatus") or "unpaid"),
    }


def shown_lines(order: dict[str, Any]) -> list[ShownLine]:
    return [
        ShownLine(
            name=str(line.get("name") or ""),
            quantity=int(line.get("quantity") or 0),
            total=order_amount({**line, "currency": order.get("currency")}, "lineTotal"),
        )
        for line in order.get("lines") or []
    ]


def order_row(order: dict[str, Any]) -> OrderRow:
    return OrderRow(
        id=int(order["id"]),
        number=str(order.get("number") or ""),
        date=str(order.get("date") or ""),
        status=str(order.get("status") or ""),
        kind=str(order.get("kind") or "delivery"),
        total=order_amount(order, "total"),
        count=sum(int(line.get("quantity") or 0) for line in order.get("lines") or []),
    )


def total_rows(order: dict[str, Any]) -> list[TotalRow]:
    """The receipt's amounts that are not zero (the subtotal always), then the total."""
    rows = [
        TotalRow(
            key=key,
            amount=order_amount(order, field),
            negative=field in ("discount", "giftCard"),
        )
        for field, key in TOTAL_ROWS
        if field == "subtotal" or _decimal(order.get(field)) != 0
    ]
    return rows


def _first_dates(order: dict[str, Any]) -> dict[str, str]:
    dates: dict[str, str] = {}
    for step in order.get("history") or []:
        dates.setdefault(str(step.get("status")), str(step.get("date") or ""))
    return dates


def tracking(order: dict[str, Any]) -> list[TrackStep]:
    """pending → confirmed → shipped → delivered: each step done, current or still to come,
    with the moment it was reached. A cancelled order shows the steps it had reached as done
    (the page marks the cancellation apart); an order without history (written before
    tracking existed) counts every step up to its status as reached."""
    status = str(order.get("status") or "")
    dates = _first_dates(order)
    if status in TRACK:
        reached = set(TRACK[: TRACK.index(status) + 1])
    else:
        reached = {step for step in TRACK if step in dates} or {TRACK[0]}
    return [
        TrackStep(
            status=step,
            date=dates.get(step, ""),
            state="current" if step == status else "done" if step in reached else "todo",
        )
        for step in TRACK
    ]


def history_rows(order: dict[str, Any]) -> list[HistoryRow]:
    """Every recorded status change, newest first, with who made it when it is known."""
    rows = [
        HistoryRow(
            status=str(step.get("status") or ""),
            date=str(step.get("date") or ""),
            note_key=f"orders:notes.{note}" if (note := step.get("note")) in EVENT_NOTES else "",
        )
        for step in order.get("history") or []
    ]
    return rows[::-1]


def can_cancel(order: dict[str, Any]) -> bool:
    """The shopper may cancel only while the order is pending (the service decides too)."""
    return order.get("status") == "pending"


def can_reorder(order: dict[str, Any]) -> bool:
    """Articles can go back into the bag: not a gift card, at least one article line."""
    return order.get("kind") != GIFT_CARD and any(
        line.get("articleId") for line in order.get("lines") or []
    )
