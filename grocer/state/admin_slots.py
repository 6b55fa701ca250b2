"""The back-office's slots panel (/admin, issue 17):
the weekly slot template, slot capacities and closed days.

Every handler goes through grocer.state.admin_run.run_service: the service checks the signed-in
account's role from its row, so a shopper whose tab claims to be an admin changes nothing.
The template and a closing are shown with their effect first (the service's preview) and
saved only on a second, confirming click; a refused value shows the service's own message
beside its form."""

from __future__ import annotations

from typing import Any

import reflex as rx

from grocer.services import slots
from grocer.services.admin import audit
from grocer.services.admin import slots as svc
from grocer.services.errors import Conflict, NotFound
from grocer.state.admin_run import PanelState, Shown, forget_on_sign_out
from grocer.views.admin_slots import (
    BookingRow,
    ChangeRow,
    ClosureRow,
    DayRow,
    TemplateDay,
    booking_row,
    cell_name,
    change_row,
    closure_row,
    day_row,
    template_days,
)

_STEPS = ("previous", "next")


def _number(value: Any) -> Any:
    """A typed whole number as an int; anything else as typed (the service refuses it with
    its message)."""
    text = str(value if value is not None else "").strip()
    return int(text) if text.isascii() and text.isdigit() and len(text) < 10 else text


def cells_of(kind: str, form: dict[str, Any]) -> list[dict[str, Any]]:
    """The template form's inputs as the service's cells (an unticked box is not sent)."""
    return [
        {
            "weekday": weekday,
            "slot": code,
            "open": bool(form.get(f"{cell_name(weekday, code)}-open")),
            "capacity": _number(form.get(f"{cell_name(weekday, code)}-capacity")),
            "cutoffMinutes": _number(form.get(f"{cell_name(weekday, code)}-cutoff")),
        }
        for weekday in range(7)
        for code in slots.SLOTS[kind]
    ]


def _message(shown: Shown) -> str:
    """What to write by the refused form: the service's message for a bad field, or for a
    refusal that says why (a capacity below the places taken names how many)."""
    cause = shown.__cause__
    if shown.field_message:
        return shown.field_message
    return cause.message if isinstance(cause, (Conflict, NotFound)) else ""


class AdminSlotsState(PanelState, rx.State):
    kind: str = slots.DELIVERY

    first: str = ""  # the first day listed ("": today)
    previous_day: str = ""  # the pages' first days ("": none)
    next_day: str = ""
    days: list[DayRow] = []

    template: list[TemplateDay] = []
    template_version: int = 0  # a new key for the form's inputs after each load
    changes: list[ChangeRow] = []  # the previewed template's effect
    kept: list[ChangeRow] = []
    previewing: bool = False
    _draft: list[dict[str, Any]] = []  # the previewed cells, saved on confirmation

    closures: list[ClosureRow] = []
    closing_day: str = ""  # the day whose closing effect is shown ("": none)
    closing_note: str = ""
    bookings: list[BookingRow] = []
    holds: int = 0

    def _clear(self) -> None:
        self.days, self.template, self.closures = [], [], []
        self.changes, self.kept, self.bookings, self._draft = [], [], [], []
        self.previewing, self.closing_day, self.closing_note, self.holds = False, "", "", 0
        self.first, self.previous_day, self.next_day = "", "", ""
        self.error_field = self.error_message = ""

    def _refused(self, shown: Shown, where: str) -> None:
        self.error_field, self.error_message = where, _message(shown)

    async def _guarded(self, work: Any, done: str = "") -> Any:
        """A change starts with no refusal shown (the panel's forms share one message)."""
        if not self.busy:
            self.error_field = self.error_message = ""
        return await super()._guarded(work, done)

    # --- loading ---------------------------------------------------------------------------

    @rx.event
    async def load(self):
        """Opening the tab (the back-office's AdminState starts it), or switching the kind:
        the next days, the week's template and the closed days."""

        return await self._guarded(self._load_all)

    async def _load_all(self) -> None:
        await self._load_days()
        await self._load_template()
        await self._load_closures()

    async def _load_days(self) -> None:
        listed = await self._run(svc.list_days, self.kind, self.first or None)
        self.first = listed["first"]
        self.previous_day = listed["previous"] or ""
        self.next_day = listed["next"] or ""
        self.days = [day_row(day) for day in listed["days"]]

    async def _load_template(self) -> None:
        self.template = template_days(await self._run(svc.read_template, self.kind))
        self.template_version += 1
        self.changes, self.kept, self.previewing, self._draft = [], [], False, []

    async def _load_closures(self) -> None:
        self.closures = [closure_row(c) for c in await self._run(svc.list_closures, self.kind)]

    @rx.event
    async def set_kind(self, kind: str):
        if kind not in slots.METHODS or kind == self.kind:
            return None
        self.kind, self.first = kind, ""
        self.closing_day, self.bookings, self.holds = "", [], 0
        return await self._guarded(self._load_all)

    @rx.event
    async def days_page(self, step: str):
        if step not in _STEPS:
            return None
        target = self.previous_day if step == "previous" else self.next_day
        if not target:
            return None
        self.first = target
        return await self._guarded(self._load_days)

    # --- one slot's capacity ---------------------------------------------------------------

    @rx.event
    async def save_capacity(self, form: dict[str, Any]):
        """A made slot's capacity and cut-off, from its row's small form."""
        slot_id = _number(form.get("slot"))
        if not isinstance(slot_id, int):
            return None

        async def work() -> None:
            await self._run(
                svc.set_capacity,
                slot_id,
                _number(form.get("capacity")),
                _number(form.get("cutoff")),
                where=f"slot-{slot_id}",
            )
            await self._load_days()

        return await self._guarded(work, "admin:slots.toasts.capacitySaved")

    # --- the weekly template ---------------------------------------------------------------

    @rx.event
    async def preview_template(self, form: dict[str, Any]):
        """The template form's effect on the made slots, shown before anything is saved."""
        cells = cells_of(self.kind, form)

        async def work() -> None:
            effect = await self._run(svc.preview_template, self.kind, cells, where="template")
            self.changes = [change_row(c) for c in effect["changes"]]
            self.kept = [change_row(c) for c in effect["kept"]]
            self._draft, self.previewing = cells, True

        return await self._guarded(work)

    @rx.event
    async def save_template(self):
        """Save the previewed template (the confirming click)."""
        if not self.previewing:
            return None
        cells = self._draft

        async def work() -> None:
            saved = await self._run(svc.save_template, self.kind, cells, where="template")
            await self._load_template()
            self.kept = [change_row(c) for c in saved["kept"]]
            await self._load_days()

        return await self._guarded(work, "admin:slots.toasts.templateSaved")

    @rx.event
    def cancel_template(self) -> None:
        self.changes, self.kept, self.previewing, self._draft = [], [], False, []
        self.error_field = self.error_message = ""

    # --- closed days -----------------------------------------------------------------------

    @rx.event
    async def preview_closure(self, form: dict[str, Any]):
        """The day's bookings (kept) and live holds (released), before closing it."""
        day = str(form.get("day") or "").strip()[:10]
        note = str(form.get("note") or "")[: audit.NOTE_MAX]

        async def work() -> None:
            effect = await self._run(svc.closure_effect, self.kind, day, where="closure")
            self.closing_day, self.closing_note = effect["date"], note
            self.bookings = [booking_row(b) for b in effect["bookings"]]
            self.holds = len(effect["holds"])

        return await self._guarded(work)

    @rx.event
    async def close_day(self):
        """Close the previewed day (the confirming click)."""
        if not self.closing_day:
            return None
        day, note = self.closing_day, self.closing_note

        async def work() -> None:
            await self._run(svc.close_day, self.kind, day, note, where="closure")
            self.closing_day, self.closing_note, self.bookings, self.holds = "", "", [], 0
            await self._load_closures()
            await self._load_days()

        return await self._guarded(work, "admin:slots.toasts.closed")

    @rx.event
    def cancel_closure(self) -> None:
        self.closing_day, self.closing_note, self.bookings, self.holds = "", "", [], 0

    @rx.event
    async def reopen(self, day: str):
        if not isinstance(day, str):
            return None

        async def work() -> None:
            await self._run(svc.reopen_day, self.kind, day[:10], where="closure")
            await self._load_closures()
            await self._load_days()

        return await self._guarded(work, "admin:slots.toasts.reopened")


forget_on_sign_out(AdminSlotsState)
