"""Delivery and pickup slots: which days a panel lists and which hours each day offers.

Pure: the caller passes `today` (and `now` to grey out slots that have started). Times are the
shop's local time, which for the home market (Ouagadougou, UTC+0) is UTC.
"""

from __future__ import annotations

from datetime import UTC, date, datetime, timedelta
from typing import Any

from grocer.services.errors import ValidationFailed

DELIVERY = "delivery"
PICKUP = "pickup"
METHODS: tuple[str, ...] = (DELIVERY, PICKUP)
SLOTS: dict[str, tuple[str, ...]] = {
    DELIVERY: ("9-13", "13-17", "17-21"),
    PICKUP: ("9-13", "15-17"),
}
DAYS_PER_PAGE: dict[str, int] = {DELIVERY: 5, PICKUP: 6}
DELIVERY_SLOTS = SLOTS[DELIVERY]
PICKUP_SLOTS = SLOTS[PICKUP]
# A page step: the delivery panel moves by weeks (000 §2.6), the pickup columns by pages.
_PAGE_STEP: dict[str, int] = {DELIVERY: 7, PICKUP: DAYS_PER_PAGE[PICKUP]}
MAX_DAY_OFFSET = 365
MAX_PAGE = MAX_DAY_OFFSET // 7


def check_method(method: str | None) -> str:
    """The shipping method, delivery by default or pickup; ValidationFailed otherwise."""
    value = (method or DELIVERY).strip().lower()
    if value not in METHODS:
        raise ValidationFailed("method", "Mode de livraison invalide", key="cart.errors.method")
    return value


def _days(start: date, page: int, step: int, count: int) -> list[date]:
    first = start + timedelta(days=step * max(0, page))
    return [first + timedelta(days=i) for i in range(count)]


def delivery_days(
    today: date, week_offset: int, count: int = DAYS_PER_PAGE[DELIVERY]
) -> list[date]:
    """The day cards: `count` days from today plus a week offset (never below 0)."""
    return _days(today, week_offset, _PAGE_STEP[DELIVERY], count)


def pickup_days(today: date, page: int, count: int = DAYS_PER_PAGE[PICKUP]) -> list[date]:
    """The pickup columns: `count` days per page, paged with arrows from today."""
    return _days(today, page, _PAGE_STEP[PICKUP], count)


def slot_hours(slot: str) -> tuple[int, int]:
    """'9-13' -> (9, 13)."""
    start, _, end = slot.partition("-")
    return int(start), int(end)


def slot_label(slot: str) -> str:
    """'9-13' -> '9h - 13h', as the slot dialogs write it."""
    start, end = slot_hours(slot)
    return f"{start}h - {end}h"


def slot_available(day: date, slot: str, now: datetime | None) -> bool:
    """A slot can be booked until it starts."""
    if now is None:
        return True
    start, _ = slot_hours(slot)
    starts = datetime.combine(day, datetime.min.time()).replace(hour=start)
    if now.tzinfo is not None:
        now = now.astimezone(UTC).replace(tzinfo=None)
    return now < starts


def day_options(
    method: str, today: date, page: int = 0, now: datetime | None = None
) -> list[dict[str, Any]]:
    """The days a panel shows, each with its slots: what the slot dialogs render."""
    kind = check_method(method)
    days = delivery_days(today, page) if kind == DELIVERY else pickup_days(today, page)
    return [
        {
            "date": day.isoformat(),
            "dayOffset": (day - today).days,
            "slots": [
                {
                    "slot": slot,
                    "label": slot_label(slot),
                    "available": slot_available(day, slot, now),
                }
                for slot in SLOTS[kind]
            ],
        }
        for day in days
    ]


def check_timeslot(method: str, day_offset: object, slot: object) -> dict[str, Any]:
    """A deliveryTimeslot ({dayOffset, slot}) valid for the method; ValidationFailed otherwise."""
    kind = check_method(method)
    if isinstance(day_offset, bool) or not isinstance(day_offset, int):
        raise ValidationFailed("dayOffset", "Créneau invalide", key="cart.errors.timeslot")
    if not 0 <= day_offset <= MAX_DAY_OFFSET:
        raise ValidationFailed("dayOffset", "Créneau invalide", key="cart.errors.timeslot")
    if slot not in SLOTS[kind]:
        raise ValidationFailed("slot", "Créneau invalide", key="cart.errors.timeslot")
    return {"dayOffset": day_offset, "slot": slot}
