"""API routes: delivery and pickup slots with what is left of them, and the shopper's hold.

Thin: who asks, what they want, which service answers (grocer.services.slot_capacity). The
listing is public; holding is for a signed-in shopper (401 otherwise) and acts only on the
caller's own hold. A full or closed slot is a 409 with its key (`slots.errors.full`,
`slots.errors.closed`); bad query values are the usual 400.

The routes that write commit before they return (the session dependency's own commit is then
empty). Why: FastAPI runs that commit in a worker thread of its own; in a burst of holds every
worker thread may be waiting for the lock the request holds (SQLite's write lock, a slot row on
PostgreSQL), and the holder could not get a thread to commit and let go of it. Measured: 50
shoppers holding one slot at once on SQLite got 40 answers of 500 after 30 s before this.
"""

from __future__ import annotations

from typing import Annotated, Literal

from fastapi import APIRouter, Query, status

from grocer.api.auth import Now
from grocer.api.deps import CurrentUser, SessionDep
from grocer.api.params import PathId
from grocer.api.schemas_auth import error_responses
from grocer.services import slot_capacity
from grocer.services.slot_capacity import MAX_LIST_DAYS, HoldDict, SlotDict

router = APIRouter(prefix="/delivery-slots", tags=["slots"])

_SIGNED_IN = error_responses(401)


@router.get("", responses=error_responses(400))
def list_delivery_slots(
    db: SessionDep,
    now: Now,
    kind: Annotated[Literal["delivery", "pickup"], Query()] = "delivery",
    first_day: Annotated[
        str | None,
        Query(
            alias="from",
            max_length=10,
            pattern=r"^[0-9]{4}-[0-9]{2}-[0-9]{2}$",
            description="First day, YYYY-MM-DD (today when absent; not in the past)",
        ),
    ] = None,
    days: Annotated[int, Query(ge=1, le=MAX_LIST_DAYS, description="How many days")] = 7,
) -> list[SlotDict]:
    """Every slot of `days` days from `from`: capacity, places left, cut-off and whether it
    can be chosen. Days past GROCER_SLOT_DAYS_AHEAD are not listed (a start beyond is a 400)."""
    day = slot_capacity.parse_day(first_day, now.date())
    listed = slot_capacity.list_slots(db, kind, day, days, now)
    db.commit()  # the first listing of a day makes its rows; the sweep gives places back
    return listed


@router.get("/hold", responses={**_SIGNED_IN, **error_responses(404)})
def read_hold(user: CurrentUser, db: SessionDep, now: Now) -> HoldDict:
    """The caller's live hold; 404 when there is none (or it expired)."""
    held = slot_capacity.current_hold(db, user, now)
    if held is None:
        raise slot_capacity.no_hold()
    return held


@router.delete("/hold", status_code=status.HTTP_204_NO_CONTENT, responses=_SIGNED_IN)
def release_hold(user: CurrentUser, db: SessionDep, now: Now) -> None:
    """Give the caller's held place back (nothing to do is fine)."""
    slot_capacity.release_hold(db, user, now)
    db.commit()


@router.post("/{slot_id}/hold", responses={**_SIGNED_IN, **error_responses(404, 409)})
def hold_slot(slot_id: PathId, user: CurrentUser, db: SessionDep, now: Now) -> HoldDict:
    """Hold a place of the slot for the caller (their previous hold is released); 409 with
    `slots.errors.full` or `slots.errors.closed` when it cannot be had."""
    held = slot_capacity.hold(db, user, slot_id, now)
    db.commit()
    return held
