"""PLACEHOLDER (piece O): the two functions of piece S's slot capacity that checkout calls,
written to the contract so that orders can be placed before S lands. The lead replaces this
file with S's real module.
"""

from __future__ import annotations

from datetime import datetime
from typing import Any

import sqlalchemy as sa
from sqlmodel import Session, col, select

from grocer.models import DeliverySlot, SlotHold, User
from grocer.models.base import as_utc, iso_utc
from grocer.services.errors import Conflict, NotFound


def _slot_dict(slot: DeliverySlot, now: datetime) -> dict[str, Any]:
    remaining = max(0, slot.capacity - slot.booked - slot.held)
    return {
        "id": slot.id,
        "kind": slot.kind,
        "date": slot.day.isoformat(),
        "start": f"{slot.start_hour:02d}:00",
        "end": f"{slot.end_hour:02d}:00",
        "slot": f"{slot.start_hour}-{slot.end_hour}",
        "label": f"{slot.start_hour}h - {slot.end_hour}h",
        "capacity": slot.capacity,
        "remaining": remaining,
        "cutoffAt": iso_utc(slot.cutoff_at),
        "available": remaining > 0 and as_utc(now) < as_utc(slot.cutoff_at),
    }


def book(
    db: Session,
    user: User,
    *,
    hold_id: int | None,
    slot_id: int | None,
    order_id: int,
    now: datetime,
) -> dict[str, Any]:
    """A live hold becomes a booking; otherwise one place is claimed directly."""
    hold = db.get(SlotHold, hold_id) if hold_id is not None else None
    if hold_id is not None and (hold is None or hold.user_id != user.id):
        raise NotFound()
    if hold is not None and hold.status == "held" and as_utc(hold.expires_at) > as_utc(now):
        db.exec(
            sa.update(DeliverySlot)
            .where(col(DeliverySlot.id) == hold.slot_id)
            .values(held=DeliverySlot.held - 1, booked=DeliverySlot.booked + 1)
        )
        hold.status, hold.order_id = "booked", order_id
        db.add(hold)
        target = hold.slot_id
    else:
        target = hold.slot_id if hold is not None else slot_id
        slot = db.get(DeliverySlot, target) if target is not None else None
        if slot is None:
            raise NotFound()
        claimed = db.exec(
            sa.update(DeliverySlot)
            .where(
                col(DeliverySlot.id) == target,
                DeliverySlot.booked + DeliverySlot.held < DeliverySlot.capacity,
                col(DeliverySlot.cutoff_at) > as_utc(now),
            )
            .values(booked=DeliverySlot.booked + 1)
        )
        if claimed.rowcount != 1:  # type: ignore[attr-defined]
            closed = as_utc(now) >= as_utc(slot.cutoff_at)
            key = "slots.errors.closed" if closed else "slots.errors.full"
            raise Conflict("Ce créneau n'est plus disponible", key=key)
        assert user.id is not None and target is not None
        db.add(
            SlotHold(
                slot_id=target, user_id=user.id, status="booked", expires_at=now, order_id=order_id
            )
        )
    db.flush()
    query = select(DeliverySlot).where(col(DeliverySlot.id) == target)
    return _slot_dict(db.exec(query.execution_options(populate_existing=True)).one(), now)


def release_booking(db: Session, order_id: int, now: datetime) -> None:
    """The order's booked place goes back to the slot (idempotent)."""
    holds = db.exec(
        select(SlotHold).where(col(SlotHold.order_id) == order_id, col(SlotHold.status) == "booked")
    ).all()
    for hold in holds:
        db.exec(
            sa.update(DeliverySlot)
            .where(col(DeliverySlot.id) == hold.slot_id, col(DeliverySlot.booked) > 0)
            .values(booked=DeliverySlot.booked - 1)
        )
        hold.status = "released"
        db.add(hold)
    db.flush()
