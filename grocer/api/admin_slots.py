"""API routes of the back-office's slots (issue 17, ★), under /admin. Every route needs a
signed-in account with the area's role (401 without a token, 403 for a shopper; staff may use
it); the services (grocer.services.admin.slots) check the role again and validate every value
themselves, so the bodies take any JSON value and a bad one is a 400 with the service's
message. `{kind}` is delivery or pickup, `{day}` YYYY-MM-DD."""

from __future__ import annotations

from typing import Annotated, Any

from fastapi import APIRouter, Depends, Path, Query
from pydantic import Field

from grocer.api.admin import _in_area
from grocer.api.auth import Now
from grocer.api.deps import SessionDep
from grocer.api.params import PathId
from grocer.api.schemas_account import CamelModel
from grocer.api.schemas_auth import error_responses
from grocer.models import User
from grocer.services.admin import slots as svc
from grocer.services.admin.slots import (
    ClosedDict,
    ClosureDict,
    ClosureEffectDict,
    MadeSlotDict,
    SlotDayDict,
    SlotDaysDict,
    TemplateDict,
    TemplateEffectDict,
    TemplateSavedDict,
)

router = APIRouter(prefix="/admin", tags=["admin"], responses=error_responses(401, 403))

Actor = Annotated[User, Depends(_in_area("slots"))]
Kind = Annotated[str, Path(max_length=10, description="delivery or pickup")]
Day = Annotated[str, Path(max_length=10, description="YYYY-MM-DD")]
_READ = error_responses(400)
_WRITE = error_responses(400, 404, 409)


class TemplateIn(CamelModel):
    cells: Any = Field(
        default=None,
        description="the whole week: [{weekday (0 = Monday), slot ('9-13'), open, capacity, "
        "cutoffMinutes}], one per weekday and slot of the kind",
    )


class CapacityIn(CamelModel):
    capacity: Any = None
    cutoff_minutes: Any = Field(default=None, description="left out: unchanged")


class ClosureIn(CamelModel):
    note: Any = None


@router.get("/slots/{kind}/template", response_model=TemplateDict, responses=_READ)
def read_template(kind: Kind, actor: Actor, db: SessionDep) -> Any:
    """The kind's week (the settings' capacity and cut-off until a template is saved)."""
    return svc.read_template(db, actor, kind)


@router.post("/slots/{kind}/template/preview", response_model=TemplateEffectDict, responses=_READ)
def preview_template(kind: Kind, body: TemplateIn, actor: Actor, db: SessionDep, now: Now) -> Any:
    """What saving this week would change on the slots already made (changes nothing)."""
    return svc.preview_template(db, actor, kind, body.cells, now=now)


@router.put("/slots/{kind}/template", response_model=TemplateSavedDict, responses=_READ)
def save_template(kind: Kind, body: TemplateIn, actor: Actor, db: SessionDep, now: Now) -> Any:
    """Save the week; the made future slots take it unless places taken forbid (`kept`)."""
    return svc.save_template(db, actor, kind, body.cells, now=now)


@router.get("/slots/{kind}/days", response_model=SlotDaysDict, responses=_READ)
def list_days(
    kind: Kind,
    actor: Actor,
    db: SessionDep,
    now: Now,
    first: Annotated[str | None, Query(alias="from", max_length=10)] = None,
) -> Any:
    """Seven days of slots from `from` (today when absent): capacity, booked, held, cut-off."""
    listed = svc.list_days(db, actor, kind, first, now=now)
    db.commit()  # the days listed first here are made, as the slot dialogs' listing does
    return listed


@router.put("/slots/made/{slot_id}", response_model=MadeSlotDict, responses=_WRITE)
def set_capacity(slot_id: PathId, body: CapacityIn, actor: Actor, db: SessionDep, now: Now) -> Any:
    """One slot's capacity (and cut-off minutes): 409 below the places booked and held."""
    return svc.set_capacity(db, actor, slot_id, body.capacity, body.cutoff_minutes, now=now)


@router.get("/slots/{kind}/closures", response_model=list[ClosureDict], responses=_READ)
def list_closures(kind: Kind, actor: Actor, db: SessionDep, now: Now) -> Any:
    """The closed days from today on."""
    return svc.list_closures(db, actor, kind, now=now)


@router.get(
    "/slots/{kind}/closures/{day}/effect", response_model=ClosureEffectDict, responses=_READ
)
def closure_effect(kind: Kind, day: Day, actor: Actor, db: SessionDep, now: Now) -> Any:
    """Before closing: the day's bookings (kept) and live holds (released)."""
    return svc.closure_effect(db, actor, kind, day, now=now)


@router.put("/slots/{kind}/closures/{day}", response_model=ClosedDict, responses=_WRITE)
def close_day(kind: Kind, day: Day, body: ClosureIn, actor: Actor, db: SessionDep, now: Now) -> Any:
    """Close the day: no new hold or booking from now; the bookings stay (409: closed)."""
    return svc.close_day(db, actor, kind, day, body.note, now=now)


@router.delete("/slots/{kind}/closures/{day}", response_model=SlotDayDict, responses=_WRITE)
def reopen_day(kind: Kind, day: Day, actor: Actor, db: SessionDep, now: Now) -> Any:
    """Reopen the day with the template's capacity and cut-off (404: it is not closed)."""
    return svc.reopen_day(db, actor, kind, day, now=now)
