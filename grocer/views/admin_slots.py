"""The back-office's slots panel rows as /admin shows them (grocer.state.admin_slots keeps them
in typed vars): the services' answers (grocer.services.admin.slots) flattened to what a row
draws. No `from __future__ import annotations`: Reflex reads these types at run time."""

from typing import Any, TypedDict


class SlotRow(TypedDict):
    """A made slot of the next days."""

    id: int
    label: str  # '9h - 13h'
    capacity: int
    booked: int
    held: int
    remaining: int
    cutoff: int  # minutes before it starts
    started: bool  # it cannot change any more


class DayRow(TypedDict):
    date: str  # YYYY-MM-DD
    weekday: int  # 0 = Monday
    closed: bool
    note: str
    slots: list[SlotRow]


class CellRow(TypedDict):
    """One slot of the weekly template; `name` prefixes its form inputs."""

    name: str  # 'c-1-9-13'
    label: str
    open: bool
    capacity: int
    cutoff: int


class TemplateDay(TypedDict):
    weekday: int
    cells: list[CellRow]


class ChangeRow(TypedDict):
    """A made slot a template change would touch (or keep)."""

    date: str
    label: str
    change: str  # '20 → 5 places, 120 → 60 min'
    taken: int


class BookingRow(TypedDict):
    number: str
    label: str
    customer: str
    status: str


class ClosureRow(TypedDict):
    date: str
    note: str


def cell_name(weekday: int, slot: str) -> str:
    """The template form's input prefix of a cell ('c-1-9-13')."""
    return f"c-{weekday}-{slot}"


def slot_row(row: dict[str, Any]) -> SlotRow:
    return SlotRow(
        id=int(row["id"]),
        label=str(row["label"]),
        capacity=int(row["capacity"]),
        booked=int(row["booked"]),
        held=int(row["held"]),
        remaining=int(row["remaining"]),
        cutoff=int(row["cutoffMinutes"]),
        started=bool(row["started"]),
    )


def day_row(day: dict[str, Any]) -> DayRow:
    return DayRow(
        date=str(day["date"]),
        weekday=int(day["weekday"]),
        closed=bool(day["closed"]),
        note=str(day["note"]),
        slots=[slot_row(s) for s in day["slots"]],
    )


def template_days(template: dict[str, Any]) -> list[TemplateDay]:
    return [
        TemplateDay(
            weekday=int(day["weekday"]),
            cells=[
                CellRow(
                    name=cell_name(int(c["weekday"]), str(c["slot"])),
                    label=str(c["label"]),
                    open=bool(c["open"]),
                    capacity=int(c["capacity"]),
                    cutoff=int(c["cutoffMinutes"]),
                )
                for c in day["cells"]
            ],
        )
        for day in template["days"]
    ]


def change_row(change: dict[str, Any]) -> ChangeRow:
    parts = []
    if change["capacity"] != change["newCapacity"]:
        parts.append(f"{change['capacity']} → {change['newCapacity']}")
    if change["cutoffMinutes"] != change["newCutoffMinutes"]:
        parts.append(f"{change['cutoffMinutes']} → {change['newCutoffMinutes']} min")
    return ChangeRow(
        date=str(change["date"]),
        label=str(change["label"]),
        change=", ".join(parts),
        taken=int(change["taken"]),
    )


def booking_row(booking: dict[str, Any]) -> BookingRow:
    customer = booking["customer"]
    return BookingRow(
        number=str(booking["number"]),
        label=str(booking["label"]),
        customer=str(customer.get("name") or customer.get("username") or ""),
        status=str(booking["status"]),
    )


def closure_row(closure: dict[str, Any]) -> ClosureRow:
    return ClosureRow(date=str(closure["date"]), note=str(closure["note"]))
