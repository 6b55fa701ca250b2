"""The delivery-slot and pickup dialogs (001 §2 "Delivery-slot dialogs") and the chosen slot.

The slots are the real ones (grocer.services.slot_capacity: capacity, cut-off); a full or
closed slot is listed and cannot be chosen. The choice is kept in the browser under the spec's
key `deliveryTimeslot` ({dayOffset, slot} plus kind, date, slotId, label, and once held on the
server holdId and expiresAt). A signed-in shopper's choice is held at once (one live hold per
shopper); a guest's is kept in the browser only and held at checkout after sign-in
(`hold_stored`).

The delivery dialog's days and hours are fetched ahead, when "Voir les créneaux" shows the slot
list (`fetch_delivery_ahead`): the dialog then opens, changes day and takes an hour at once in
the browser (grocer.components.slot_dialog, issue 23), and only "Enregistrer" waits for the
server.
"""

from __future__ import annotations

import json
import logging
from datetime import date, timedelta
from typing import Any, TypedDict

import reflex as rx

from grocer.models.base import utcnow
from grocer.services import slot_capacity, slots
from grocer.services.errors import Conflict, NotFound
from grocer.state import session_events, session_guard
from grocer.state.address import AddressState
from grocer.state.dialogs import DialogState

logger = logging.getLogger(__name__)

STORAGE_KEY = "deliveryTimeslot"
DELIVERY = slots.DELIVERY
PICKUP = slots.PICKUP
DELIVERY_DAYS = 7  # the days strip: today and the six days after
PICKUP_DAYS = slots.DAYS_PER_PAGE[PICKUP]  # six day columns per page (001 §9)
PICKUP_PAGES = 4  # paged with arrows: four pages ahead (24 days)
STORED_MAX = 600

#: The slot services' error keys → the dialog's message keys.
ERROR_KEYS: dict[str, str] = {
    "slots.errors.full": "checkout:slots.errors.full",
    "slots.errors.closed": "checkout:slots.errors.closed",
}
K_UNAVAILABLE = "checkout:slots.errors.unavailable"
K_LOAD = "checkout:slots.errors.load"
K_CHOOSE = "checkout:slots.errors.choose"


class SlotRow(TypedDict):
    """One slot as the dialogs draw it (the slot service's SlotDict, trimmed)."""

    id: int
    kind: str
    date: str
    slot: str
    label: str
    remaining: int
    available: bool
    state_key: str  # "" (free), "checkout:slots.full" or "checkout:slots.closed"


class DayTab(TypedDict):
    """A day of the strip or a pickup column; texts are message keys."""

    iso: str
    name_key: str  # "Aujourd'hui", "Demain" or the short weekday
    day: int
    month_key: str
    named: bool  # today or tomorrow: the name alone, without day and month
    slots: list[SlotRow]


# --- pure rules (tests/state/test_slot_dialog.py) ---


def slot_row(raw: Any) -> SlotRow | None:
    """A slot of the service, or None when unreadable."""
    try:
        row = SlotRow(
            id=int(raw["id"]),
            kind=str(raw["kind"]),
            date=str(raw["date"]),
            slot=str(raw["slot"]),
            label=str(raw["label"]),
            remaining=int(raw.get("remaining") or 0),
            available=bool(raw.get("available")),
            state_key="",
        )
    except (KeyError, TypeError, ValueError):
        return None
    if not row["available"]:
        row["state_key"] = (
            "checkout:slots.full" if row["remaining"] <= 0 else "checkout:slots.closed"
        )
    return row


def day_tabs(rows: list[SlotRow], first: date, count: int, today: date) -> list[DayTab]:
    """`count` days from `first`, each with its slots (in the service's order)."""
    tabs: list[DayTab] = []
    for i in range(count):
        day = first + timedelta(days=i)
        iso = day.isoformat()
        offset = (day - today).days
        tabs.append(
            DayTab(
                iso=iso,
                name_key=(
                    "bag:days.today"
                    if offset == 0
                    else "bag:days.tomorrow"
                    if offset == 1
                    else f"bag:weekdaysShort.{day.weekday()}"
                ),
                day=day.day,
                month_key=f"bag:monthsShort.{day.month}",
                named=offset in (0, 1),
                slots=[row for row in rows if row["date"] == iso],
            )
        )
    return tabs


def timeslot_record(
    row: SlotRow, today: date, hold: dict[str, Any] | None = None
) -> dict[str, Any]:
    """What `deliveryTimeslot` keeps: the spec's {dayOffset, slot} and what the order needs."""
    record: dict[str, Any] = {
        "dayOffset": (date.fromisoformat(row["date"]) - today).days,
        "slot": row["slot"],
        "kind": row["kind"],
        "date": row["date"],
        "slotId": row["id"],
        "label": row["label"],
    }
    if hold:
        record["holdId"] = int(hold["holdId"])
        record["expiresAt"] = str(hold["expiresAt"])
    return record


def parse_timeslot(text: Any) -> dict[str, Any]:
    """The stored choice, {} when absent or unreadable (a stale guest value is ignored)."""
    if not isinstance(text, str) or not text or len(text) > STORED_MAX:
        return {}
    try:
        data = json.loads(text)
        record = {
            "dayOffset": int(data["dayOffset"]),
            "slot": str(data["slot"]),
            "kind": str(data.get("kind") or DELIVERY),
            "date": date.fromisoformat(str(data["date"])).isoformat(),
            "slotId": int(data["slotId"]),
            "label": str(data.get("label") or slots.slot_label(str(data["slot"]))),
        }
        if data.get("holdId") is not None:
            record["holdId"] = int(data["holdId"])
            record["expiresAt"] = str(data.get("expiresAt") or "")
    except (KeyError, TypeError, ValueError, AttributeError):
        return {}
    if record["kind"] not in slots.METHODS or record["slot"] not in slots.SLOTS[record["kind"]]:
        return {}
    return record


def address_line(address: Any) -> str:
    """The pickup dialog's address: street, city, state, country joined ("" when none)."""
    if not isinstance(address, dict):
        return ""
    parts = (
        str(address.get(key) or "").strip() for key in ("streetAddress", "city", "state", "country")
    )
    return ", ".join(part for part in parts if part)


def _list(kind: str, first: date, days: int) -> Any:
    return session_guard.call(slot_capacity.list_slots, kind, first, days, utcnow())


class SlotDialogState(rx.State):
    """Which dialog is open, its slots and choice; the stored `deliveryTimeslot`."""

    timeslot: str = rx.LocalStorage("", name=STORAGE_KEY, sync=True)

    kind: str = ""  # the open dialog: DELIVERY, PICKUP or "" (closed)
    listed: str = ""  # the kind `_rows` were listed for (fetched ahead, or the open dialog's)
    # The slots listed: the browser draws them from `days` (each day with its slots), so they
    # are not sent a second time on their own (3.4 kB for the delivery week, issue 23).
    _rows: list[SlotRow] = []
    first_day: str = ""  # ISO date of the first day listed
    day: str = ""  # the chosen day (delivery strip)
    page: int = 0  # pickup pages
    chosen: int = 0  # the chosen slot id
    loading: bool = False
    busy: bool = False
    error_key: str = ""
    pickup_address: str = ""  # the stored address line, "" → "Aucune adresse"
    # The saves answered, whatever the answer: the delivery dialog is drawn closed, and its
    # choice in the overlay, as soon as "Enregistrer" is tapped; the state's dialog and choice
    # rule again once this count has caught up with the saves tapped (assets/open_now.js,
    # issue 23), a refusal bringing the dialog back with its message. It only grows.
    answered: int = 0

    # --- what the dialogs show ---

    @rx.var
    def stored(self) -> dict[str, Any]:
        return parse_timeslot(self.timeslot)

    @rx.var
    def has_choice(self) -> bool:
        return bool(parse_timeslot(self.timeslot))

    @rx.var
    def stored_day(self) -> DayTab:
        """The stored choice's day, as the summaries name it."""
        stored = parse_timeslot(self.timeslot)
        today = utcnow().date()
        day = date.fromisoformat(stored["date"]) if stored else today
        return day_tabs([], day, 1, today)[0]

    @rx.var
    def days(self) -> list[DayTab]:
        if not self.first_day:
            return []
        first = date.fromisoformat(self.first_day)
        count = DELIVERY_DAYS if self.listed == DELIVERY else PICKUP_DAYS
        return day_tabs(self._rows, first, count, utcnow().date())

    @rx.var
    def chosen_value(self) -> str:
        """The select's value ("" shows the placeholder)."""
        return str(self.chosen) if self.chosen else ""

    @rx.var
    def can_save(self) -> bool:
        return self.chosen > 0 and not self.busy

    # --- helpers ---

    def _keep(self, name: str, value: Any) -> None:
        """Sets `name` only when `value` differs: slots fetched ahead and fetched again as the
        dialog opens are then not sent twice (the day strip that reads them, issue 23)."""
        if getattr(self, name) != value:
            setattr(self, name, value)

    def _row(self, slot_id: int) -> SlotRow | None:
        return next((row for row in self._rows if row["id"] == slot_id), None)

    async def _load(self, kind: str) -> None:
        today = utcnow().date()
        if kind == DELIVERY:
            first, count = today, DELIVERY_DAYS
        else:
            first, count = today + timedelta(days=PICKUP_DAYS * self.page), PICKUP_DAYS
        self._keep("listed", kind)
        self._keep("first_day", first.isoformat())
        self.loading = True
        try:
            answer = await _list(kind, first, count)
        except Exception:
            logger.warning("slots: could not list the %s slots", kind, exc_info=True)
            self._keep("_rows", [])
            self.error_key = K_LOAD
        else:
            self._keep("_rows", [row for row in map(slot_row, answer) if row is not None])
        self.loading = False
        chosen = self._row(self.chosen)
        if chosen is None or not chosen["available"]:
            self.chosen = 0

    async def _prepare(self, kind: str, day: str = "") -> None:
        """Everything the dialog of `kind` shows as it opens (the kept choice; on `day` (ISO)
        when it is listed), without opening it: fetched ahead, the opening then changes
        nothing that the browser already draws."""
        self.page = 0
        self.error_key = ""
        stored = parse_timeslot(self.timeslot)
        same = stored.get("kind") == kind
        self.chosen = int(stored["slotId"]) if same else 0
        self.day = str(stored["date"]) if same and kind == DELIVERY else ""
        self.pickup_address = address_line((await self.get_state(AddressState)).address)
        await self._load(kind)
        if kind != DELIVERY:
            return
        listed = {tab["iso"] for tab in self.days}
        if isinstance(day, str) and day in listed:
            self.day = day
        if self.day not in listed:
            self.day = self.first_day

    async def fetch_delivery_ahead(self) -> None:
        """The delivery dialog's days and hours, before it is opened (not while a slot dialog
        is open: its choice is being made)."""
        if not self.kind:
            await self._prepare(DELIVERY)

    async def _open(self, kind: str, day: str = ""):
        if self.listed != kind:  # nothing fetched ahead: the dialog shows while its slots load
            self._rows, self.first_day, self.kind = [], "", kind
            yield
        await self._prepare(kind, day)
        self.kind = kind

    # --- events ---

    @rx.event
    async def open_delivery(self, day: str = ""):
        """The delivery dialog, on `day` (ISO) when it is listed."""
        async for _ in self._open(DELIVERY, day):
            yield

    @rx.event
    async def open_pickup(self):
        """ "Je souhaite passer récupérer" → "Options de retrait"."""
        async for _ in self._open(PICKUP):
            yield

    @rx.event
    def close(self) -> None:
        self.kind = ""
        self.error_key = ""

    @rx.event
    def choose_day(self, iso: str) -> None:
        if isinstance(iso, str) and any(tab["iso"] == iso for tab in self.days):
            self.day = iso
            row = self._row(self.chosen)
            if row is None or row["date"] != iso:
                self.chosen = 0
            self.error_key = ""

    @rx.event
    def choose_slot(self, value: Any) -> None:
        """A slot of the list (the select's value or a pickup button); full/closed ones are
        refused (the browser could send anything)."""
        try:
            slot_id = int(value)
        except (TypeError, ValueError):
            self.chosen = 0
            return
        row = self._row(slot_id)
        self.chosen = slot_id if row is not None and row["available"] else 0
        self.error_key = "" if self.chosen else self.error_key

    @rx.event
    async def next_page(self):
        if self.kind == PICKUP and self.page < PICKUP_PAGES - 1:
            self.page += 1
            await self._load(PICKUP)

    @rx.event
    async def previous_page(self):
        if self.kind == PICKUP and self.page > 0:
            self.page -= 1
            await self._load(PICKUP)

    @rx.event
    async def save(self):
        """ "Enregistrer" / "Confirmer le créneau": hold it (signed in) and keep it. Counted in
        `answered` whatever happens: the browser already shows the dialog closed."""
        try:
            row = self._row(self.chosen)
            if row is None or not row["available"]:
                self.error_key = K_CHOOSE
                return
            user_id = await session_guard.signed_in_user_id(self)
            hold: dict[str, Any] | None = None
            if user_id is not None:
                self.busy = True
                yield
                try:
                    hold = await session_guard.call(
                        slot_capacity.hold, row["id"], utcnow(), as_user=user_id
                    )
                except (Conflict, NotFound) as exc:
                    self.busy = False
                    self.error_key = ERROR_KEYS.get(getattr(exc, "key", ""), K_UNAVAILABLE)
                    self.chosen = 0
                    await self._load(self.kind)
                    return
                except Exception as exc:
                    self.busy = False
                    self.error_key = session_guard.message_key(
                        exc, {}, K_UNAVAILABLE, context="slots: hold"
                    )
                    return
                self.busy = False
            self.timeslot = json.dumps(timeslot_record(row, utcnow().date(), hold))
            self.kind = ""
            self.error_key = ""
        finally:
            self.answered += 1

    @rx.event
    async def sign_in(self):
        """The signed-out block's "Sign in" (the dialog closes, the sign-in one opens)."""
        self.kind = ""
        return DialogState.open_dialog("login")

    @rx.event
    async def sign_up(self):
        self.kind = ""
        return DialogState.open_dialog("signup")

    @rx.event
    def forget(self) -> None:
        """After an order: the choice is used."""
        self.timeslot = ""


async def hold_stored(state: rx.State, user_id: int) -> str:
    """Hold a guest's stored choice now that the shopper is signed in (checkout): "" when
    held (or already held), else the message key of why not (the choice is then dropped)."""
    dialog = await state.get_state(SlotDialogState)
    stored = parse_timeslot(dialog.timeslot)
    if not stored:
        return K_CHOOSE
    try:
        hold = await session_guard.call(
            slot_capacity.hold, int(stored["slotId"]), utcnow(), as_user=user_id
        )
    except (Conflict, NotFound) as exc:
        dialog.timeslot = ""
        return ERROR_KEYS.get(getattr(exc, "key", ""), K_UNAVAILABLE)
    stored["holdId"] = int(hold["holdId"])
    stored["expiresAt"] = str(hold["expiresAt"])
    dialog.timeslot = json.dumps(stored)
    return ""


@session_events.on(session_events.LOGGED_OUT)
async def _drop_the_hold_on_logout(state: rx.State) -> None:
    """The hold was the account's: the browser keeps the choice as a guest's."""
    dialog = await state.get_state(SlotDialogState)
    stored = parse_timeslot(dialog.timeslot)
    if stored.pop("holdId", None) is not None:
        stored.pop("expiresAt", None)
        dialog.timeslot = json.dumps(stored)
