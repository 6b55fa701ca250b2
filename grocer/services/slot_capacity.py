"""Delivery and pickup slots that really exist: capacity, cut-off, holds that expire, bookings.

The hours a day offers are `grocer.services.slots`'s (the spec's); this module gives each slot
of a day a row (`delivery_slots`) the first time the day is listed, with the capacity and the
cut-off of the back-office's weekly template (`slot_templates`; the settings' values for a kind
it never saved) at that moment, and no place on a closed day (`slot_closures`) or a closed
template slot. Changes to rows already made are the back-office's (grocer.services.admin.slots).

Rules that hold under any concurrency, on SQLite and PostgreSQL:
- `booked + held <= capacity`, and `held` is the number of `slot_holds` rows of the slot in
  status `held` (expired or not: the sweep moves them to `released` and gives the place back).
- A place is claimed by ONE conditional UPDATE (`... WHERE booked + held < capacity AND :now <
  cutoff_at`, rowcount checked): never read-then-write, so 50 shoppers racing for the last 10
  places get exactly 10.
- A shopper has at most one live hold: holding serialises on the shopper (`lock_user`), and a
  new hold releases the previous one in the same transaction (kept when the new one fails).
- A hold never outlives its slot's cut-off (`expires_at <= cutoff_at`), so a live hold is
  always bookable (moving a cut-off earlier brings the slot's holds' expiries with it).
- Rows are locked in one order, slots by ascending id before holds (PostgreSQL `FOR UPDATE`;
  SQLite serialises writers on its database lock): a hold moving from slot A to slot B while
  another moves from B to A, or a sweep beside them, cannot deadlock.

Functions flush but never commit: the caller owns the transaction (the API's session, the
Reflex worker's unit of work, the order's transaction for `book`). The clock is passed in.
"""

from __future__ import annotations

import logging
import re
from collections import Counter
from collections.abc import Iterable
from datetime import UTC, date, datetime, time, timedelta
from typing import NamedTuple, Protocol

import sqlalchemy as sa
from sqlalchemy.dialects.postgresql import insert as pg_insert
from sqlalchemy.dialects.sqlite import insert as sqlite_insert
from sqlmodel import Session, col, select
from typing_extensions import TypedDict

from grocer.models import DeliverySlot, SlotClosure, SlotHold, SlotTemplate, User
from grocer.models.base import as_utc, iso_utc
from grocer.services import slots
from grocer.services.errors import Conflict, NotFound, ValidationFailed
from grocer.services.ownership import lock_user
from grocer.settings import get_settings

logger = logging.getLogger(__name__)

#: The most days one listing may ask for (the API's `days` bound).
MAX_LIST_DAYS = 14
HELD, BOOKED, RELEASED = "held", "booked", "released"
_DAY_TEXT = re.compile(r"[0-9]{4}-[0-9]{2}-[0-9]{2}")

FULL_KEY = "slots.errors.full"
CLOSED_KEY = "slots.errors.closed"
NOT_FOUND_KEY = "slots.errors.notFound"
NO_HOLD_KEY = "slots.errors.noHold"
_SLOTS: sa.Table = DeliverySlot.__table__  # type: ignore[attr-defined]
_HOLDS: sa.Table = SlotHold.__table__  # type: ignore[attr-defined]
# The listing's two reads, built once (the listing is the slot dialogs' every call: building
# a statement costs about as much as running it on SQLite).
_DAYS_QUERY = (
    sa.select(_SLOTS)
    .where(
        _SLOTS.c.kind == sa.bindparam("kind"),
        _SLOTS.c.day >= sa.bindparam("first", type_=sa.Date()),
        _SLOTS.c.day <= sa.bindparam("last", type_=sa.Date()),
    )
    .order_by(_SLOTS.c.day, _SLOTS.c.start_hour)
)
_TEMPLATE: sa.Table = SlotTemplate.__table__  # type: ignore[attr-defined]
_CLOSURES: sa.Table = SlotClosure.__table__  # type: ignore[attr-defined]
_TEMPLATE_QUERY = sa.select(
    _TEMPLATE.c.weekday,
    _TEMPLATE.c.slot,
    _TEMPLATE.c.is_open,
    _TEMPLATE.c.capacity,
    _TEMPLATE.c.cutoff_minutes,
).where(_TEMPLATE.c.kind == sa.bindparam("kind"))
_CLOSURES_QUERY = sa.select(_CLOSURES.c.day).where(
    _CLOSURES.c.kind == sa.bindparam("kind"),
    _CLOSURES.c.day >= sa.bindparam("first", type_=sa.Date()),
    _CLOSURES.c.day <= sa.bindparam("last", type_=sa.Date()),
)
_EXPIRED_QUERY = sa.select(_HOLDS.c.id, _HOLDS.c.slot_id).where(
    _HOLDS.c.status == HELD,
    _HOLDS.c.expires_at <= sa.bindparam("now", type_=_HOLDS.c.expires_at.type),
)


class SlotDict(TypedDict):
    """One slot as the API and the slot dialogs read it."""

    id: int
    kind: str  # delivery | pickup
    date: str  # YYYY-MM-DD
    start: str  # HH:MM
    end: str  # HH:MM
    slot: str  # the spec's deliveryTimeslot code, '9-13'
    label: str  # '9h - 13h'
    capacity: int
    remaining: int
    cutoffAt: str  # ISO 8601 UTC with Z
    available: bool  # remaining > 0 and now < cutoffAt


class HoldDict(TypedDict):
    holdId: int
    expiresAt: str
    slot: SlotDict


class SlotFull(Conflict):
    key = FULL_KEY
    message = "Ce créneau est complet"


class SlotClosed(Conflict):
    key = CLOSED_KEY
    message = "Ce créneau n'est plus disponible"


def _slot_not_found() -> NotFound:
    return NotFound("Créneau introuvable", key=NOT_FOUND_KEY)


def no_hold() -> NotFound:
    """The shopper holds no slot (or not the hold named)."""
    return NotFound("Aucun créneau réservé", key=NO_HOLD_KEY)


# --- pure helpers -------------------------------------------------------------------------------


def slot_start(day: date, start_hour: int) -> datetime:
    """When a slot starts: the shop's local time, which is UTC (Ouagadougou)."""
    return datetime.combine(day, time(hour=start_hour), tzinfo=UTC)


def cutoff_for(day: date, start_hour: int, cutoff_minutes: int) -> datetime:
    """A slot closes `cutoff_minutes` before it starts."""
    return slot_start(day, start_hour) - timedelta(minutes=cutoff_minutes)


def parse_day(text: str | None, today: date) -> date:
    """A listing's first day: 'YYYY-MM-DD' (today when absent); ValidationFailed otherwise."""
    if text is None or text == "":
        return today
    if not isinstance(text, str) or not _DAY_TEXT.fullmatch(text):
        raise ValidationFailed("from", "Date invalide (AAAA-MM-JJ)", key="slots.errors.date")
    try:
        return date.fromisoformat(text)
    except ValueError:
        raise ValidationFailed(
            "from", "Date invalide (AAAA-MM-JJ)", key="slots.errors.date"
        ) from None


def listed_days(first_day: date, days: int, today: date, days_ahead: int) -> list[date]:
    """The days a listing covers: from `first_day` (today at the earliest, within the horizon
    of `days_ahead` days from today), `days` of them (1..14), cut at the horizon."""
    if isinstance(days, bool) or not isinstance(days, int) or not 1 <= days <= MAX_LIST_DAYS:
        raise ValidationFailed(
            "days", f"Nombre de jours invalide (1 à {MAX_LIST_DAYS})", key="slots.errors.days"
        )
    offset = (first_day - today).days
    if offset < 0:
        raise ValidationFailed("from", "Date passée", key="slots.errors.pastDay")
    if offset >= days_ahead:
        raise ValidationFailed(
            "from",
            f"Les créneaux s'ouvrent au plus {days_ahead} jours à l'avance",
            key="slots.errors.tooFar",
        )
    count = min(days, days_ahead - offset)
    return [first_day + timedelta(days=i) for i in range(count)]


class SlotRow(Protocol):
    """What `slot_dict` reads: a DeliverySlot, or a row of `delivery_slots` read with Core."""

    id: int | None
    kind: str
    day: date
    start_hour: int
    end_hour: int
    capacity: int
    booked: int
    held: int
    cutoff_at: datetime


def slot_dict(row: SlotRow, now: datetime) -> SlotDict:
    """A stored slot as the API answers it."""
    assert row.id is not None
    code = f"{row.start_hour}-{row.end_hour}"
    remaining = max(0, row.capacity - row.booked - row.held)
    cutoff = as_utc(row.cutoff_at)
    return {
        "id": row.id,
        "kind": row.kind,
        "date": row.day.isoformat(),
        "start": f"{row.start_hour:02d}:00",
        "end": f"{row.end_hour:02d}:00",
        "slot": code,
        "label": slots.slot_label(code),
        "capacity": row.capacity,
        "remaining": remaining,
        "cutoffAt": iso_utc(cutoff) or "",
        "available": remaining > 0 and as_utc(now) < cutoff,
    }


# --- rows ---------------------------------------------------------------------------------------


def _dialect(db: Session) -> str:
    return db.get_bind().dialect.name


class Cell(NamedTuple):
    """One slot of the weekly template: whether it opens, its places and its cut-off."""

    is_open: bool
    capacity: int
    cutoff_minutes: int


def default_cell() -> Cell:
    """A slot of a kind without a template: open, with the settings' capacity and cut-off."""
    settings = get_settings()
    return Cell(True, settings.slot_capacity, settings.slot_cutoff_minutes)


def week_template(db: Session, kind: str) -> dict[tuple[int, str], Cell]:
    """The kind's weekly template, (weekday, slot code) -> Cell, whole: one query; the cells
    the back-office never saved (every one, until it does) take `default_cell()`."""
    saved = {
        (row.weekday, row.slot): Cell(row.is_open, row.capacity, row.cutoff_minutes)
        for row in db.exec(_TEMPLATE_QUERY, params={"kind": kind}).all()
    }
    fallback = default_cell()
    return {
        (weekday, code): saved.get((weekday, code), fallback)
        for weekday in range(7)
        for code in slots.SLOTS[kind]
    }


def closed_days(db: Session, kind: str, first: date, last: date) -> set[date]:
    """The days from `first` to `last` the back-office closed for this kind."""
    params = {"kind": kind, "first": first, "last": last}
    return {day for (day,) in db.exec(_CLOSURES_QUERY, params=params).all()}


def cell_capacity(cell: Cell, closed: bool) -> int:
    """The places a new row of the cell takes: none when the slot or its day is closed (the
    row still exists, listed as unavailable, so every grid stays whole)."""
    return 0 if closed or not cell.is_open else cell.capacity


def _ensure_rows(db: Session, kind: str, days: list[date]) -> None:
    """Insert the template's slots of these days that are missing, with the weekly template's
    capacity and cut-off (two reads, only when a day is made: the listing's usual call, on
    days already made, reads neither). Two first listers of a day race harmlessly:
    INSERT .. ON CONFLICT (kind, day, start_hour) DO NOTHING."""
    template = week_template(db, kind)
    closed = closed_days(db, kind, min(days), max(days))
    rows = []
    for day in days:
        for code in slots.SLOTS[kind]:
            start, end = slots.slot_hours(code)
            cell = template[(day.weekday(), code)]
            rows.append(
                {
                    "kind": kind,
                    "day": day,
                    "start_hour": start,
                    "end_hour": end,
                    "capacity": cell_capacity(cell, day in closed),
                    "booked": 0,
                    "held": 0,
                    "cutoff_at": cutoff_for(day, start, cell.cutoff_minutes),
                    "created_at": datetime.now(UTC),
                }
            )
    insert = pg_insert if _dialect(db) == "postgresql" else sqlite_insert
    db.exec(
        insert(DeliverySlot)
        .values(rows)
        .on_conflict_do_nothing(index_elements=["kind", "day", "start_hour"])
    )


def ensure_days(db: Session, kind: str, days: list[date]) -> list[SlotRow]:
    """The stored slots of these days, making the missing ones as the listing does."""
    rows = _day_rows(db, kind, days)
    if len(rows) < len(days) * len(slots.SLOTS[kind]):
        _ensure_rows(db, kind, days)
        rows = _day_rows(db, kind, days)
    return rows


def _day_rows(db: Session, kind: str, days: list[date]) -> list[SlotRow]:
    """The stored slots of these days. Read with Core, not as ORM objects: the listing is the
    slot dialogs' every call, and building objects was most of its cost."""
    params = {"kind": kind, "first": days[0], "last": days[-1]}
    return list(db.exec(_DAYS_QUERY, params=params).all())


def _fresh_slot(db: Session, slot_id: int) -> SlotRow | None:
    """The slot as stored now (the conditional updates bypass the session's copies)."""
    return db.exec(sa.select(_SLOTS).where(_SLOTS.c.id == slot_id)).first()


def stored_slot(db: Session, slot_id: int) -> SlotRow | None:
    """A made slot as stored now (for the back-office)."""
    return _fresh_slot(db, slot_id)


def stored_day(db: Session, kind: str, day: date) -> list[SlotRow]:
    """The made slots of one day, none when it was never listed (for the back-office)."""
    return _day_rows(db, kind, [day])


def lock_slots(db: Session, slot_ids: Iterable[int]) -> None:
    """Lock these slots (ascending ids) before changing several of them one by one: the
    back-office's template and reopening follow the one lock order too."""
    _lock_slots(db, slot_ids)


def _lock_slots(db: Session, slot_ids: Iterable[int]) -> None:
    """Lock these slots in ascending id order (PostgreSQL; SQLite's writers are serialised by
    its database lock already), before any hold row: one lock order for every writer."""
    ids = sorted(set(slot_ids))
    if ids and _dialect(db) == "postgresql":
        db.exec(
            select(DeliverySlot.id)
            .where(col(DeliverySlot.id).in_(ids))
            .order_by(col(DeliverySlot.id))
            .with_for_update()
        )


def _release(db: Session, hold_ids: list[int], status: str) -> Counter[int]:
    """Move these holds from `status` to released, each once whoever else tries; the number
    released per slot (the caller gives the places back)."""
    if not hold_ids:
        return Counter()
    released = db.exec(
        sa.update(SlotHold)
        .where(col(SlotHold.id).in_(hold_ids), col(SlotHold.status) == status)
        .values(status=RELEASED)
        .returning(col(SlotHold.slot_id))
    ).all()
    return Counter(slot_id for (slot_id,) in released)


def _give_back(db: Session, counts: Counter[int], column: str) -> None:
    """Return `counts` places per slot from `held` or `booked` (never below zero)."""
    for slot_id in sorted(counts):
        value = getattr(DeliverySlot, column)
        db.exec(
            sa.update(DeliverySlot)
            .where(col(DeliverySlot.id) == slot_id)
            .values({column: sa.case((value > counts[slot_id], value - counts[slot_id]), else_=0)})
        )


def _claim(db: Session, slot_id: int, column: str, now: datetime) -> bool:
    """THE claim: one conditional UPDATE, +1 on `held` or `booked` while a place is left and
    the slot is open. True when it took a place."""
    value = getattr(DeliverySlot, column)
    result = db.exec(
        sa.update(DeliverySlot)
        .where(
            col(DeliverySlot.id) == slot_id,
            col(DeliverySlot.booked) + col(DeliverySlot.held) < col(DeliverySlot.capacity),
            col(DeliverySlot.cutoff_at) > as_utc(now),
        )
        .values({column: value + 1})
    )
    return result.rowcount == 1  # type: ignore[attr-defined]


def _refusal(db: Session, slot_id: int, now: datetime) -> Conflict | NotFound:
    """Why a claim took nothing: the slot is unknown, closed or full."""
    row = _fresh_slot(db, slot_id)
    if row is None:
        return _slot_not_found()
    if as_utc(now) >= as_utc(row.cutoff_at):
        return SlotClosed()
    return SlotFull()


# --- the back-office's changes to made slots -----------------------------------------------------


def change_slot(db: Session, slot_id: int, capacity: int, cutoff_at: datetime) -> bool:
    """Give a made slot a new capacity and cut-off by ONE conditional UPDATE that passes only
    while `booked + held <= capacity` (a hold landing meanwhile makes it fail, never overbook);
    False when it did not pass. A cut-off moved earlier pulls the slot's holds' expiries with
    it (a hold never outlives its slot's cut-off)."""
    cutoff_at = as_utc(cutoff_at)
    _lock_slots(db, [slot_id])
    result = db.exec(
        sa.update(DeliverySlot)
        .where(
            col(DeliverySlot.id) == slot_id,
            col(DeliverySlot.booked) + col(DeliverySlot.held) <= capacity,
        )
        .values(capacity=capacity, cutoff_at=cutoff_at)
    )
    if result.rowcount != 1:  # type: ignore[attr-defined]
        return False
    db.exec(
        sa.update(SlotHold)
        .where(
            col(SlotHold.slot_id) == slot_id,
            col(SlotHold.status) == HELD,
            col(SlotHold.expires_at) > cutoff_at,
        )
        .values(expires_at=cutoff_at)
    )
    return True


def close_slots(db: Session, slot_ids: list[int], now: datetime) -> int:
    """Stop every new claim on these slots at once, keeping their bookings: their live holds
    are released (a hold promises a bookable place, and a closed slot takes no booking), then
    the capacity drops to what is booked and the cut-off to `now` at the latest. Either alone
    would stop a claim today; both keep it stopped when a booking is later cancelled. The
    number of holds released."""
    if not slot_ids:
        return 0
    now = as_utc(now)
    _lock_slots(db, slot_ids)
    held = db.exec(
        sa.select(_HOLDS.c.id).where(_HOLDS.c.slot_id.in_(slot_ids), _HOLDS.c.status == HELD)
    ).all()
    counts = _release(db, [hold_id for (hold_id,) in held], HELD)
    _give_back(db, counts, "held")
    cutoff = col(DeliverySlot.cutoff_at)
    db.exec(
        sa.update(DeliverySlot)
        .where(col(DeliverySlot.id).in_(slot_ids))
        .values(
            capacity=col(DeliverySlot.booked) + col(DeliverySlot.held),
            cutoff_at=sa.case(
                (cutoff > now, sa.literal(now, _SLOTS.c.cutoff_at.type)), else_=cutoff
            ),
        )
    )
    return sum(counts.values())


# --- the sweep ----------------------------------------------------------------------------------


def _sweep(db: Session, now: datetime, slot_ids: list[int] | None = None) -> int:
    """Release the expired holds (of these slots only, when given, whose rows the caller has
    locked already); the number released."""
    query = _EXPIRED_QUERY
    if slot_ids is not None:
        query = query.where(_HOLDS.c.slot_id.in_(slot_ids))
    expired = db.exec(query, params={"now": as_utc(now)}).all()
    if not expired:
        return 0
    if slot_ids is None:
        _lock_slots(db, (slot_id for _, slot_id in expired))
    counts = _release(db, [hold_id for hold_id, _ in expired], HELD)
    _give_back(db, counts, "held")
    total = sum(counts.values())
    if total:
        logger.info("released %d expired slot holds", total)
    return total


def sweep_expired_holds(db: Session, now: datetime) -> int:
    """Release every hold past its expiry and give its place back; the number released.

    Called lazily by list_slots (hold sweeps the slots it touches), and by a periodic task.
    Cheap when nothing expired: one indexed read and no write (on SQLite a write would queue
    behind every other writer)."""
    return _sweep(db, now)


# --- listing ------------------------------------------------------------------------------------


def list_slots(db: Session, kind: str, first_day: date, days: int, now: datetime) -> list[SlotDict]:
    """Every slot of the template for `days` days from `first_day`, with what is left of it.

    A slot that is full, or has passed its cut-off (or started), is listed as not available.
    """
    kind = slots.check_method(kind)
    now = as_utc(now)
    wanted = listed_days(first_day, days, now.date(), get_settings().slot_days_ahead)
    sweep_expired_holds(db, now)
    return [slot_dict(row, now) for row in ensure_days(db, kind, wanted)]


# --- holds --------------------------------------------------------------------------------------


def _hold_dict(db: Session, hold: SlotHold, now: datetime) -> HoldDict:
    assert hold.id is not None
    row = _fresh_slot(db, hold.slot_id)
    assert row is not None  # a hold's slot cannot go (ON DELETE CASCADE takes the hold too)
    return {
        "holdId": hold.id,
        "expiresAt": iso_utc(hold.expires_at) or "",
        "slot": slot_dict(row, now),
    }


def _user_holds(db: Session, user_id: int) -> list[SlotHold]:
    """The user's holds still counted on a slot (status held, expired or not), newest first."""
    query = (
        select(SlotHold)
        .where(col(SlotHold.user_id) == user_id, col(SlotHold.status) == HELD)
        .order_by(col(SlotHold.id).desc())
        .execution_options(populate_existing=True)
    )
    return list(db.exec(query).all())


def _release_held(db: Session, holds: list[SlotHold]) -> None:
    """Release these held holds and give their places back (their slots locked first)."""
    _lock_slots(db, (h.slot_id for h in holds))
    _give_back(db, _release(db, [h.id for h in holds if h.id is not None], HELD), "held")


def hold(db: Session, user: User, slot_id: int, now: datetime) -> HoldDict:
    """Hold a place of the slot for the shopper until `now` + GROCER_SLOT_HOLD_MINUTES (never
    past the slot's cut-off). The shopper's previous hold is released in the same transaction;
    holding the slot already held again renews that hold. SlotFull / SlotClosed (409) when no
    place can be had, NotFound for an unknown slot; the previous hold is then kept (the caller
    rolls the transaction back)."""
    assert user.id is not None
    now = as_utc(now)
    lock_user(db, user.id)  # one live hold per shopper: two tabs holding at once take turns
    touched = [slot_id, *(h.slot_id for h in _user_holds(db, user.id))]
    _lock_slots(db, touched)
    _sweep(db, now, touched)
    previous = [h for h in _user_holds(db, user.id) if h.id is not None]
    again = next((h for h in previous if h.slot_id == slot_id and as_utc(h.expires_at) > now), None)
    _release_held(db, [h for h in previous if h is not again])
    row = _fresh_slot(db, slot_id)
    if row is None:
        raise _slot_not_found()
    cutoff = as_utc(row.cutoff_at)
    if now >= cutoff:
        raise SlotClosed()
    expires = min(now + timedelta(minutes=get_settings().slot_hold_minutes), cutoff)
    if again is not None:  # the same slot chosen again (a replay, a second tab): renewed
        again.expires_at = expires
        db.add(again)
        db.flush()
        return _hold_dict(db, again, now)
    if not _claim(db, slot_id, "held", now):
        raise _refusal(db, slot_id, now)
    new = SlotHold(slot_id=slot_id, user_id=user.id, status=HELD, expires_at=expires)
    db.add(new)
    db.flush()
    return _hold_dict(db, new, now)


def current_hold(db: Session, user: User, now: datetime) -> HoldDict | None:
    """The shopper's live hold (status held, not expired), or None."""
    assert user.id is not None
    now = as_utc(now)
    live = [h for h in _user_holds(db, user.id) if as_utc(h.expires_at) > now]
    return _hold_dict(db, live[0], now) if live else None


def release_hold(db: Session, user: User, now: datetime) -> None:
    """Give back the shopper's held place, if any (idempotent)."""
    assert user.id is not None
    lock_user(db, user.id)
    _release_held(db, _user_holds(db, user.id))


# --- bookings (in the order's transaction) ------------------------------------------------------


def _booking_of(db: Session, order_id: int) -> SlotHold | None:
    query = (
        select(SlotHold)
        .where(col(SlotHold.order_id) == order_id, col(SlotHold.status) == BOOKED)
        .execution_options(populate_existing=True)
    )
    return db.exec(query).first()


def book(
    db: Session,
    user: User,
    *,
    hold_id: int | None,
    slot_id: int | None,
    order_id: int,
    now: datetime,
) -> SlotDict:
    """Book a place for the order, in the caller's (the order's) transaction.

    The shopper's live hold becomes the booking (held - 1, booked + 1). Without one (it
    expired, or only `slot_id` is given) the place is claimed directly by the same conditional
    UPDATE on `booked`: SlotFull / SlotClosed (409) when it cannot be. Idempotent per order:
    booking an order again answers its slot and takes nothing more. A hold that is not the
    shopper's is NotFound; a `slot_id` that names another slot than the hold's is refused.
    """
    assert user.id is not None
    now = as_utc(now)
    done = _booking_of(db, order_id)
    if done is not None:
        return slot_dict(_fresh_slot(db, done.slot_id), now)  # type: ignore[arg-type]
    held: SlotHold | None = None
    if hold_id is not None:
        held = db.get(SlotHold, hold_id, populate_existing=True)
        if held is None or held.user_id != user.id:
            raise no_hold()
        if slot_id is not None and slot_id != held.slot_id:
            message = "Le créneau ne correspond pas à la réservation"
            raise ValidationFailed("slotId", message, key="slots.errors.mismatch")
        slot_id = held.slot_id
    if slot_id is None:
        raise ValidationFailed("slotId", "Choisissez un créneau", key="slots.errors.required")
    _lock_slots(db, [slot_id])
    _sweep(db, now, [slot_id])  # expired holds (this shopper's too) give their places back
    converted = False
    if held is not None and held.id is not None:
        converted = bool(
            db.exec(
                sa.update(SlotHold)
                .where(
                    col(SlotHold.id) == held.id,
                    col(SlotHold.status) == HELD,
                    col(SlotHold.expires_at) > now,
                )
                .values(status=BOOKED, order_id=order_id)
            ).rowcount  # type: ignore[attr-defined]
        )
        if converted:
            db.exec(
                sa.update(DeliverySlot)
                .where(col(DeliverySlot.id) == slot_id)
                .values(held=col(DeliverySlot.held) - 1, booked=col(DeliverySlot.booked) + 1)
            )
        else:  # expired: its place goes back before the direct claim below
            _give_back(db, _release(db, [held.id], HELD), "held")
    if not converted:
        if not _claim(db, slot_id, "booked", now):
            raise _refusal(db, slot_id, now)
        db.add(
            SlotHold(
                slot_id=slot_id, user_id=user.id, status=BOOKED, expires_at=now, order_id=order_id
            )
        )
    db.flush()
    row = _fresh_slot(db, slot_id)
    assert row is not None
    return slot_dict(row, now)


def release_booking(db: Session, order_id: int, now: datetime) -> None:
    """Give back the order's booked place (a cancellation, a payment that expired or failed).
    Idempotent: a second call, or an order without a booking, changes nothing."""
    booking = _booking_of(db, order_id)
    if booking is None or booking.id is None:
        return
    _lock_slots(db, [booking.slot_id])
    _give_back(db, _release(db, [booking.id], BOOKED), "booked")
