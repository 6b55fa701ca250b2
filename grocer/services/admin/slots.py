"""Slots in the back-office (area "slots": admin and staff): the weekly template of each kind,
the capacity and cut-off of the slots already made, and the closed days (holidays).

Rows of `delivery_slots` are made the first time a day is listed (grocer.services.slot_capacity),
from the template as it is then. A change here therefore acts twice: on the days not made yet
(through `slot_templates` / `slot_closures`), and on the made future slots that can take it,
through slot_capacity's conditional UPDATEs: a capacity never goes below `booked + held`, and
the preview says beforehand which slots would be kept because places are taken.
"""

from __future__ import annotations

from datetime import date, datetime, timedelta
from typing import Any

import sqlalchemy as sa
from sqlmodel import Session, col, delete, select
from typing_extensions import TypedDict

from grocer.models import DeliverySlot, Order, SlotClosure, SlotHold, SlotTemplate, User
from grocer.models.base import as_utc, iso_utc, utcnow
from grocer.services import slot_capacity, slots
from grocer.services.admin import access, audit
from grocer.services.admin.orders import CustomerDict, customer_dict
from grocer.services.errors import Conflict, NotFound, ValidationFailed
from grocer.services.slot_capacity import Cell, SlotRow
from grocer.services.validation import check_bool, check_choice, check_int_range, record_id

AREA: access.Area = "slots"
MAX_CAPACITY = 100_000
MAX_CUTOFF_MINUTES = 10_080  # a week, as GROCER_SLOT_CUTOFF_MINUTES
DAYS_PER_PAGE = 7
MAX_CLOSURES = 100
WEEKDAYS = ("Lundi", "Mardi", "Mercredi", "Jeudi", "Vendredi", "Samedi", "Dimanche")
#: The audit trail's target id of a kind's template (the trail's ids are integers).
_KIND_IDS = {slots.DELIVERY: 1, slots.PICKUP: 2}


class CellDict(TypedDict):
    weekday: int
    slot: str
    label: str
    open: bool
    capacity: int
    cutoffMinutes: int


class TemplateDayDict(TypedDict):
    weekday: int
    cells: list[CellDict]


class TemplateDict(TypedDict):
    kind: str
    slots: list[str]
    days: list[TemplateDayDict]


class MadeSlotDict(TypedDict):
    id: int
    date: str
    slot: str
    label: str
    capacity: int
    booked: int
    held: int
    remaining: int
    cutoffMinutes: int
    cutoffAt: str
    started: bool


class SlotChangeDict(TypedDict):
    """A made slot the template would change (`kept`: it cannot, places are taken)."""

    id: int
    date: str
    slot: str
    label: str
    capacity: int
    newCapacity: int
    cutoffMinutes: int
    newCutoffMinutes: int
    taken: int
    kept: bool


class TemplateEffectDict(TypedDict):
    changes: list[SlotChangeDict]
    kept: list[SlotChangeDict]


class TemplateSavedDict(TypedDict):
    template: TemplateDict
    changed: int
    kept: list[SlotChangeDict]


class SlotDayDict(TypedDict):
    date: str
    weekday: int
    closed: bool
    note: str
    slots: list[MadeSlotDict]


class SlotDaysDict(TypedDict):
    kind: str
    first: str
    previous: str | None
    next: str | None
    days: list[SlotDayDict]


class BookingDict(TypedDict):
    orderId: int
    number: str
    status: str
    slot: str
    label: str
    customer: CustomerDict


class HeldDict(TypedDict):
    slot: str
    label: str
    expiresAt: str
    customer: CustomerDict


class ClosureEffectDict(TypedDict):
    kind: str
    date: str
    closed: bool
    note: str
    bookings: list[BookingDict]
    holds: list[HeldDict]


class ClosureDict(TypedDict):
    kind: str
    date: str
    note: str
    createdAt: str | None


class ClosedDict(TypedDict):
    closure: ClosureDict
    bookingsKept: int
    holdsReleased: int


# --- input ----------------------------------------------------------------------------------------


def check_kind(value: Any) -> str:
    """delivery or pickup, said explicitly (the back-office never guesses a kind)."""
    return check_choice(value, slots.METHODS, field="kind", label="type de créneau")


def check_day(value: Any, today: date, *, field: str = "date") -> date:
    """A day from today to a year ahead, written YYYY-MM-DD."""
    day: date | None = None
    if isinstance(value, str) and len(value.strip()) == 10:
        try:
            day = date.fromisoformat(value.strip())
        except ValueError:
            day = None
    if day is None:
        raise ValidationFailed(field, "Date invalide (AAAA-MM-JJ)", key="slots.errors.date")
    if day < today:
        raise ValidationFailed(field, "Date passée", key="slots.errors.pastDay")
    if (day - today).days > slots.MAX_DAY_OFFSET:
        message = f"Date trop lointaine (au plus {slots.MAX_DAY_OFFSET} jours)"
        raise ValidationFailed(field, message, key="slots.errors.tooFar")
    return day


def _capacity(value: Any, field: str, where: str = "") -> int:
    message = f"{where}La capacité doit être un nombre entier de 0 à {MAX_CAPACITY}"
    number = check_int_range(
        value, field=field, low=0, high=MAX_CAPACITY, message=message, key="admin.errors.capacity"
    )
    if number is None or isinstance(value, str):
        raise ValidationFailed(field, message, key="admin.errors.capacity")
    return number


def _cutoff(value: Any, field: str, where: str = "") -> int:
    message = (
        f"{where}La fermeture doit être un nombre entier de minutes de 0 à {MAX_CUTOFF_MINUTES}"
    )
    number = check_int_range(
        value,
        field=field,
        low=0,
        high=MAX_CUTOFF_MINUTES,
        message=message,
        key="admin.errors.cutoff",
    )
    if number is None or isinstance(value, str):
        raise ValidationFailed(field, message, key="admin.errors.cutoff")
    return number


def check_cells(kind: str, value: Any) -> dict[tuple[int, str], Cell]:
    """The whole week of a kind: one cell per weekday (0 = Monday) and slot code, each with
    `open` (bool), `capacity` and `cutoffMinutes` (whole numbers)."""
    if not isinstance(value, list):
        raise ValidationFailed("cells", "Le modèle de la semaine est manquant")
    cells: dict[tuple[int, str], Cell] = {}
    for item in value:
        if not isinstance(item, dict):
            raise ValidationFailed("cells", "Créneau du modèle invalide")
        weekday = item.get("weekday")
        if isinstance(weekday, bool) or not isinstance(weekday, int) or not 0 <= weekday <= 6:
            raise ValidationFailed("cells", "Jour de la semaine invalide (0 = lundi à 6)")
        code = item.get("slot")
        if not isinstance(code, str) or code not in slots.SLOTS[kind]:
            raise ValidationFailed("cells", "Créneau invalide", key="cart.errors.timeslot")
        if (weekday, code) in cells:
            raise ValidationFailed("cells", "Un créneau du modèle est donné deux fois")
        where = f"{WEEKDAYS[weekday]} {slots.slot_label(code)} : "
        cells[(weekday, code)] = Cell(
            check_bool(item.get("open"), field="open", label=f"{where}ouvert"),
            _capacity(item.get("capacity"), "capacity", where),
            _cutoff(item.get("cutoffMinutes"), "cutoffMinutes", where),
        )
    if len(cells) != 7 * len(slots.SLOTS[kind]):
        raise ValidationFailed("cells", "Le modèle doit donner chaque créneau des 7 jours")
    return cells


# --- views ----------------------------------------------------------------------------------------


def _template_dict(kind: str, cells: dict[tuple[int, str], Cell]) -> TemplateDict:
    return TemplateDict(
        kind=kind,
        slots=list(slots.SLOTS[kind]),
        days=[
            TemplateDayDict(
                weekday=weekday,
                cells=[
                    CellDict(
                        weekday=weekday,
                        slot=code,
                        label=slots.slot_label(code),
                        open=cells[(weekday, code)].is_open,
                        capacity=cells[(weekday, code)].capacity,
                        cutoffMinutes=cells[(weekday, code)].cutoff_minutes,
                    )
                    for code in slots.SLOTS[kind]
                ],
            )
            for weekday in range(7)
        ],
    )


def _code(row: SlotRow) -> str:
    return f"{row.start_hour}-{row.end_hour}"


def _cutoff_minutes(row: SlotRow) -> int:
    start = slot_capacity.slot_start(row.day, row.start_hour)
    return int((start - as_utc(row.cutoff_at)).total_seconds() // 60)


def _made_dict(row: SlotRow, now: datetime) -> MadeSlotDict:
    assert row.id is not None
    return MadeSlotDict(
        id=row.id,
        date=row.day.isoformat(),
        slot=_code(row),
        label=slots.slot_label(_code(row)),
        capacity=row.capacity,
        booked=row.booked,
        held=row.held,
        remaining=max(0, row.capacity - row.booked - row.held),
        cutoffMinutes=_cutoff_minutes(row),
        cutoffAt=iso_utc(as_utc(row.cutoff_at)) or "",
        started=as_utc(now) >= slot_capacity.slot_start(row.day, row.start_hour),
    )


def _label(kind: str, day: date, code: str) -> str:
    return f"{kind} {day.isoformat()} {slots.slot_label(code)}"


# --- the weekly template --------------------------------------------------------------------------


def read_template(db: Session, actor: User, kind: Any) -> TemplateDict:
    """The kind's week: for each day and slot, open, capacity and cut-off minutes."""
    access.require(actor, AREA)
    kind = check_kind(kind)
    return _template_dict(kind, slot_capacity.week_template(db, kind))


def _future_rows(db: Session, kind: str, now: datetime) -> list[SlotRow]:
    """The made slots of the kind that have not started, on days that are not closed."""
    today = now.date()
    closed = select(SlotClosure.day).where(
        col(SlotClosure.kind) == kind, col(SlotClosure.day) >= today
    )
    rows = db.exec(
        sa.select(DeliverySlot.__table__)  # type: ignore[attr-defined]
        .where(
            col(DeliverySlot.kind) == kind,
            col(DeliverySlot.day) >= today,
            col(DeliverySlot.day).not_in(closed),
        )
        .order_by(col(DeliverySlot.day), col(DeliverySlot.start_hour))
    ).all()
    return [r for r in rows if now < slot_capacity.slot_start(r.day, r.start_hour)]


def _effect(
    db: Session, kind: str, cells: dict[tuple[int, str], Cell], now: datetime
) -> list[SlotChangeDict]:
    """What the template would change on the made future slots, each marked `kept` when its
    new capacity is below what is booked and held."""
    changes: list[SlotChangeDict] = []
    for row in _future_rows(db, kind, now):
        assert row.id is not None
        cell = cells[(row.day.weekday(), _code(row))]
        capacity = slot_capacity.cell_capacity(cell, False)
        minutes = _cutoff_minutes(row)
        if capacity == row.capacity and cell.cutoff_minutes == minutes:
            continue
        taken = row.booked + row.held
        changes.append(
            SlotChangeDict(
                id=row.id,
                date=row.day.isoformat(),
                slot=_code(row),
                label=slots.slot_label(_code(row)),
                capacity=row.capacity,
                newCapacity=capacity,
                cutoffMinutes=minutes,
                newCutoffMinutes=cell.cutoff_minutes,
                taken=taken,
                kept=capacity < taken,
            )
        )
    return changes


def preview_template(
    db: Session, actor: User, kind: Any, cells: Any, *, now: datetime | None = None
) -> TemplateEffectDict:
    """Before saving: the made future slots the template would change, and those it could
    not lower because places are already booked or held. Changes nothing."""
    access.require(actor, AREA)
    kind = check_kind(kind)
    wanted = check_cells(kind, cells)
    now = as_utc(now or utcnow())
    slot_capacity.sweep_expired_holds(db, now)
    effect = _effect(db, kind, wanted, now)
    return TemplateEffectDict(
        changes=[c for c in effect if not c["kept"]], kept=[c for c in effect if c["kept"]]
    )


def save_template(
    db: Session, actor: User, kind: Any, cells: Any, *, now: datetime | None = None
) -> TemplateSavedDict:
    """Save the kind's week: the days not made yet take it when they are made; the made
    future slots take it now, each by a conditional UPDATE that keeps it as it was when its
    new capacity is below what is booked and held (those are answered in `kept`)."""
    access.require(actor, AREA)
    kind = check_kind(kind)
    wanted = check_cells(kind, cells)
    now = as_utc(now or utcnow())
    before = slot_capacity.week_template(db, kind)
    slot_capacity.sweep_expired_holds(db, now)
    effect = _effect(db, kind, wanted, now)
    db.exec(delete(SlotTemplate).where(col(SlotTemplate.kind) == kind))
    for (weekday, code), cell in wanted.items():
        db.add(
            SlotTemplate(
                kind=kind,
                weekday=weekday,
                slot=code,
                capacity=cell.capacity,
                cutoff_minutes=cell.cutoff_minutes,
                is_open=cell.is_open,
            )
        )
    kept: list[SlotChangeDict] = []
    changed = 0
    slot_capacity.lock_slots(db, (change["id"] for change in effect))
    for change in effect:
        day = date.fromisoformat(change["date"])
        start, _ = slots.slot_hours(change["slot"])
        cutoff = slot_capacity.cutoff_for(day, start, change["newCutoffMinutes"])
        if change["kept"] or not slot_capacity.change_slot(
            db, change["id"], change["newCapacity"], cutoff
        ):
            kept.append(SlotChangeDict(**{**change, "kept": True}))  # type: ignore[typeddict-item]
        else:
            changed += 1
    moved = [key for key in wanted if wanted[key] != before[key]]
    audit.record(
        db,
        actor,
        "slot.template",
        "slot_template",
        _KIND_IDS[kind],
        label=kind,
        before={_cell_key(k): before[k]._asdict() for k in moved},
        after={_cell_key(k): wanted[k]._asdict() for k in moved},
        note=f"{changed} créneaux modifiés, {len(kept)} gardés",
        now=now,
    )
    db.flush()
    return TemplateSavedDict(template=_template_dict(kind, wanted), changed=changed, kept=kept)


def _cell_key(key: tuple[int, str]) -> str:
    return f"{key[0]}/{key[1]}"


# --- the made slots of the next days --------------------------------------------------------------


def list_days(
    db: Session, actor: User, kind: Any, first: Any = None, *, now: datetime | None = None
) -> SlotDaysDict:
    """Seven days of slots from `first` (today when absent), made on demand as the slot
    dialogs' listing does: capacity, booked, held, cut-off; closed days marked."""
    access.require(actor, AREA)
    kind = check_kind(kind)
    now = as_utc(now or utcnow())
    today = now.date()
    start = today if first in (None, "") else check_day(first, today, field="from")
    ahead = slot_capacity.get_settings().slot_days_ahead
    days = slot_capacity.listed_days(start, DAYS_PER_PAGE, today, ahead)
    slot_capacity.sweep_expired_holds(db, now)
    rows = slot_capacity.ensure_days(db, kind, days)
    notes = {
        c.day: c.note
        for c in db.exec(
            select(SlotClosure).where(
                col(SlotClosure.kind) == kind,
                col(SlotClosure.day) >= days[0],
                col(SlotClosure.day) <= days[-1],
            )
        ).all()
    }
    previous = max(today, start - timedelta(days=DAYS_PER_PAGE)) if start > today else None
    following = start + timedelta(days=DAYS_PER_PAGE)
    return SlotDaysDict(
        kind=kind,
        first=start.isoformat(),
        previous=previous.isoformat() if previous else None,
        next=following.isoformat() if (following - today).days < ahead else None,
        days=[
            SlotDayDict(
                date=day.isoformat(),
                weekday=day.weekday(),
                closed=day in notes,
                note=notes.get(day, ""),
                slots=[_made_dict(r, now) for r in rows if r.day == day],
            )
            for day in days
        ],
    )


def set_capacity(
    db: Session,
    actor: User,
    slot_id: Any,
    capacity: Any,
    cutoff_minutes: Any = None,
    *,
    now: datetime | None = None,
) -> MadeSlotDict:
    """One made slot's capacity (and cut-off minutes, unchanged when absent). Refused (409)
    below the places booked and held, by the conditional UPDATE itself (a hold landing
    between the read and the write cannot be overbooked); refused on a closed day (reopen it
    first) and once the slot has started."""
    access.require(actor, AREA)
    ident = record_id(slot_id, text=False)
    places = _capacity(capacity, "capacity")
    minutes = None if cutoff_minutes is None else _cutoff(cutoff_minutes, "cutoffMinutes")
    now = as_utc(now or utcnow())
    if ident is None:
        raise NotFound("Créneau introuvable", key=slot_capacity.NOT_FOUND_KEY)
    slot_capacity.sweep_expired_holds(db, now)
    row = _slot_row(db, ident)
    if now >= slot_capacity.slot_start(row.day, row.start_hour):
        raise Conflict("Ce créneau a déjà commencé", key="admin.errors.slotStarted")
    if db.get(SlotClosure, (row.kind, row.day)) is not None:
        raise Conflict("Ce jour est fermé : rouvrez-le d'abord", key="admin.errors.dayClosed")
    old_minutes = _cutoff_minutes(row)
    minutes = old_minutes if minutes is None else minutes
    cutoff = slot_capacity.cutoff_for(row.day, row.start_hour, minutes)
    if not slot_capacity.change_slot(db, ident, places, cutoff):
        taken = _slot_row(db, ident)
        count = taken.booked + taken.held
        said = (
            "1 place déjà prise (réservée ou retenue)"
            if count == 1
            else f"{count} places déjà prises (réservées ou retenues)"
        )
        raise Conflict(
            f"{said} : la capacité ne peut pas descendre sous {count}",
            key="admin.errors.capacityTaken",
        )
    audit.record(
        db,
        actor,
        "slot.capacity",
        "slot",
        ident,
        label=_label(row.kind, row.day, _code(row)),
        before={"capacity": row.capacity, "cutoffMinutes": old_minutes},
        after={"capacity": places, "cutoffMinutes": minutes},
        now=now,
    )
    db.flush()
    return _made_dict(_slot_row(db, ident), now)


def _slot_row(db: Session, ident: int) -> SlotRow:
    row = slot_capacity.stored_slot(db, ident)
    if row is None:
        raise NotFound("Créneau introuvable", key=slot_capacity.NOT_FOUND_KEY)
    return row


# --- closed days ----------------------------------------------------------------------------------


def _day_slots(db: Session, kind: str, day: date) -> list[SlotRow]:
    return slot_capacity.stored_day(db, kind, day)


def closure_effect(
    db: Session, actor: User, kind: Any, day: Any, *, now: datetime | None = None
) -> ClosureEffectDict:
    """Before closing a day: its bookings (kept, with their order numbers) and the live holds
    (released by the closing). Changes nothing."""
    access.require(actor, AREA)
    kind = check_kind(kind)
    now = as_utc(now or utcnow())
    wanted = check_day(day, now.date())
    closure = db.get(SlotClosure, (kind, wanted))
    labels = {r.id: _code(r) for r in _day_slots(db, kind, wanted)}
    claims = (
        db.exec(
            select(SlotHold, User)
            .join(User, col(User.id) == col(SlotHold.user_id))
            .where(
                col(SlotHold.slot_id).in_(list(labels)),
                col(SlotHold.status).in_(("held", "booked")),
            )
            .order_by(col(SlotHold.slot_id), col(SlotHold.id))
        ).all()
        if labels
        else []
    )
    orders = {
        o.id: o
        for o in db.exec(
            select(Order).where(col(Order.id).in_([h.order_id for h, _ in claims if h.order_id]))
        ).all()
    }
    bookings: list[BookingDict] = []
    holds: list[HeldDict] = []
    for claim, user in claims:
        code = labels[claim.slot_id]
        if claim.status == "booked" and claim.order_id in orders:
            order = orders[claim.order_id]
            assert order.id is not None
            bookings.append(
                BookingDict(
                    orderId=order.id,
                    number=order.number,
                    status=order.status,
                    slot=code,
                    label=slots.slot_label(code),
                    customer=customer_dict(user),
                )
            )
        elif claim.status == "held" and as_utc(claim.expires_at) > now:
            holds.append(
                HeldDict(
                    slot=code,
                    label=slots.slot_label(code),
                    expiresAt=iso_utc(claim.expires_at) or "",
                    customer=customer_dict(user),
                )
            )
    return ClosureEffectDict(
        kind=kind,
        date=wanted.isoformat(),
        closed=closure is not None,
        note=closure.note if closure else "",
        bookings=bookings,
        holds=holds,
    )


def _closure_dict(closure: SlotClosure) -> ClosureDict:
    return ClosureDict(
        kind=closure.kind,
        date=closure.day.isoformat(),
        note=closure.note,
        createdAt=iso_utc(closure.created_at),
    )


def close_day(
    db: Session, actor: User, kind: Any, day: Any, note: Any = None, *, now: datetime | None = None
) -> ClosedDict:
    """Close a day of a kind (a holiday). Its slots not made yet will be made without a
    place; its made slots stop every new claim at once (slot_capacity.close_slots: live holds
    released, capacity down to what is booked, cut-off now at the latest). The bookings stay:
    their orders are the orders tab's to cancel or keep."""
    access.require(actor, AREA)
    kind = check_kind(kind)
    now = as_utc(now or utcnow())
    wanted = check_day(day, now.date())
    text = audit.clean_note(note)
    if db.get(SlotClosure, (kind, wanted)) is not None:
        raise Conflict("Ce jour est déjà fermé", key="admin.errors.dayAlreadyClosed")
    closure = SlotClosure(kind=kind, day=wanted, note=text, created_at=now)
    db.add(closure)
    db.flush()
    rows = _day_slots(db, kind, wanted)
    released = slot_capacity.close_slots(db, [r.id for r in rows if r.id is not None], now)
    booked = sum(r.booked for r in _day_slots(db, kind, wanted))
    audit.record(
        db,
        actor,
        "slot.closure",
        "slot_closure",
        _day_id(wanted),
        label=f"{kind} {wanted.isoformat()}",
        before={"closed": False},
        after={"closed": True, "note": text},
        note=text,
        now=now,
    )
    db.flush()
    return ClosedDict(closure=_closure_dict(closure), bookingsKept=booked, holdsReleased=released)


def reopen_day(
    db: Session, actor: User, kind: Any, day: Any, *, now: datetime | None = None
) -> SlotDayDict:
    """Reopen a closed day: its made slots take the template's capacity and cut-off again
    (never below what is still booked)."""
    access.require(actor, AREA)
    kind = check_kind(kind)
    now = as_utc(now or utcnow())
    wanted = check_day(day, now.date())
    closure = db.get(SlotClosure, (kind, wanted))
    if closure is None:
        raise NotFound("Ce jour n'est pas fermé", key="admin.errors.dayNotClosed")
    note = closure.note
    db.delete(closure)
    db.flush()
    template = slot_capacity.week_template(db, kind)
    rows = _day_slots(db, kind, wanted)
    slot_capacity.lock_slots(db, (r.id for r in rows if r.id is not None))
    for row in _day_slots(db, kind, wanted):
        assert row.id is not None
        cell = template[(wanted.weekday(), _code(row))]
        capacity = max(slot_capacity.cell_capacity(cell, False), row.booked + row.held)
        cutoff = slot_capacity.cutoff_for(wanted, row.start_hour, cell.cutoff_minutes)
        slot_capacity.change_slot(db, row.id, capacity, cutoff)
    audit.record(
        db,
        actor,
        "slot.closure",
        "slot_closure",
        _day_id(wanted),
        label=f"{kind} {wanted.isoformat()}",
        before={"closed": True, "note": note},
        after={"closed": False},
        now=now,
    )
    db.flush()
    rows = _day_slots(db, kind, wanted)
    return SlotDayDict(
        date=wanted.isoformat(),
        weekday=wanted.weekday(),
        closed=False,
        note="",
        slots=[_made_dict(r, now) for r in rows],
    )


def _day_id(day: date) -> int:
    """A closed day's id in the audit trail: 20301225 for 2030-12-25."""
    return day.year * 10_000 + day.month * 100 + day.day


def list_closures(
    db: Session, actor: User, kind: Any, *, now: datetime | None = None
) -> list[ClosureDict]:
    """The closed days of a kind from today on, soonest first (at most MAX_CLOSURES)."""
    access.require(actor, AREA)
    kind = check_kind(kind)
    today = as_utc(now or utcnow()).date()
    rows = db.exec(
        select(SlotClosure)
        .where(col(SlotClosure.kind) == kind, col(SlotClosure.day) >= today)
        .order_by(col(SlotClosure.day))
        .limit(MAX_CLOSURES)
    ).all()
    return [_closure_dict(r) for r in rows]
