"""The back-office's slots panel handlers (grocer.state.admin_slots) called the way the
websocket would: an admin changes a slot's capacity (a refusal shows the service's message by
that slot), previews then saves the weekly template, previews then closes a day and reopens
it, and switches to pickup. A shopper whose tab claims the admin role and a visitor change
nothing; staff may; signing out empties the panel."""

from __future__ import annotations

import asyncio
import json
from datetime import timedelta
from typing import Any

import pytest
from sqlmodel import Session, func, select

from grocer.models import AuditEntry, DeliverySlot, SlotClosure, SlotTemplate, User
from grocer.models.base import utcnow
from grocer.services import slot_capacity
from grocer.state import session_events
from grocer.state.admin_slots import AdminSlotsState
from grocer.state.auth import AuthState
from grocer.state.toast import ToastState
from tests.support.state_harness import new_tree, run, sign_in, sub

State = AdminSlotsState


def panel_of(db: Session, user: User, roles: list[str]) -> tuple[Any, Any]:
    user.roles = roles
    db.add(user)
    db.commit()
    root = new_tree()
    sign_in(root, db, user)
    return root, sub(root, State)


def toast(root: Any) -> str:
    return sub(root, ToastState).key


def tomorrow() -> str:
    return (utcnow().date() + timedelta(days=1)).isoformat()


def template_form(panel: Any, **changes: Any) -> dict[str, str]:
    """The template form as the browser sends it: the loaded values, ticked boxes as "on"
    (an unticked box is not sent), `changes` by input name."""
    form: dict[str, str] = {}
    for day in panel.template:
        for cell in day["cells"]:
            if cell["open"]:
                form[f"{cell['name']}-open"] = "on"
            form[f"{cell['name']}-capacity"] = str(cell["capacity"])
            form[f"{cell['name']}-cutoff"] = str(cell["cutoff"])
    form.update(changes)
    return {k: v for k, v in form.items() if v is not None}


def tomorrow_morning(panel: Any) -> dict[str, Any]:
    day = next(d for d in panel.days if d["date"] == tomorrow())
    return day["slots"][0]


def stored(db: Session, ident: int) -> DeliverySlot:
    db.expire_all()
    row = db.get(DeliverySlot, ident)
    assert row is not None
    return row


def test_an_admin_runs_the_slots(db: Session, shop: dict[str, Any]) -> None:
    root, panel = panel_of(db, shop["alice"], ["admin"])
    run(State.load, panel)
    assert len(panel.days) == 7 and panel.days[0]["date"] == utcnow().date().isoformat()
    assert [len(d["cells"]) for d in panel.template] == [3] * 7
    assert panel.next_day and not panel.previous_day
    slot = tomorrow_morning(panel)
    assert (slot["label"], slot["capacity"], slot["cutoff"]) == ("9h - 13h", 20, 120)

    # one slot's capacity; below what is taken: the service's message by that slot
    slot_capacity.hold(db, shop["bob"], slot["id"], utcnow())
    db.commit()
    run(State.save_capacity, panel, {"slot": str(slot["id"]), "capacity": "0", "cutoff": "120"})
    assert toast(root) == "admin:toasts.notAllowed"
    assert panel.error_field == f"slot-{slot['id']}"
    assert panel.error_message.startswith("1 place déjà prise (réservée ou retenue)")
    run(State.save_capacity, panel, {"slot": str(slot["id"]), "capacity": "x", "cutoff": "120"})
    assert panel.error_field == f"slot-{slot['id']}" and "capacité" in panel.error_message
    run(State.save_capacity, panel, {"slot": str(slot["id"]), "capacity": "1", "cutoff": "60"})
    assert toast(root) == "admin:slots.toasts.capacitySaved" and panel.error_field == ""
    assert (stored(db, slot["id"]).capacity, tomorrow_morning(panel)["cutoff"]) == (1, 60)

    # the template: its effect first, saved on confirmation only
    weekday = (utcnow().date() + timedelta(days=1)).weekday()
    changed = {f"c-{weekday}-13-17-capacity": "4"}
    run(State.preview_template, panel, template_form(panel, **{f"c-{weekday}-9-13-capacity": "-1"}))
    assert panel.error_field == "template" and "capacité" in panel.error_message
    assert not panel.previewing
    run(State.preview_template, panel, template_form(panel, **changed))
    # the morning slot changed by hand goes back to the template's values too
    assert panel.previewing
    assert [(c["label"], c["change"]) for c in panel.changes] == [
        ("9h - 13h", "1 → 20, 60 → 120 min"),
        ("13h - 17h", "20 → 4"),
    ]
    assert db.exec(select(func.count()).select_from(SlotTemplate)).one() == 0
    run(State.save_template, panel)
    assert toast(root) == "admin:slots.toasts.templateSaved" and not panel.previewing
    assert db.exec(select(func.count()).select_from(SlotTemplate)).one() == 21
    day = next(d for d in panel.days if d["date"] == tomorrow())
    assert [s["capacity"] for s in day["slots"]] == [20, 4, 20]
    assert panel.template[weekday]["cells"][1]["capacity"] == 4

    # closing tomorrow: the effect, then the closing; reopening
    run(State.preview_closure, panel, {"day": tomorrow(), "note": "Fête"})
    assert panel.closing_day == tomorrow() and panel.holds == 1 and panel.bookings == []
    assert db.get(SlotClosure, ("delivery", utcnow().date() + timedelta(days=1))) is None
    run(State.close_day, panel)
    assert toast(root) == "admin:slots.toasts.closed" and panel.closing_day == ""
    assert [(c["date"], c["note"]) for c in panel.closures] == [(tomorrow(), "Fête")]
    assert next(d for d in panel.days if d["date"] == tomorrow())["closed"]
    run(State.preview_closure, panel, {"day": "hier", "note": ""})
    assert panel.error_field == "closure" and panel.closing_day == ""
    run(State.reopen, panel, tomorrow())
    assert toast(root) == "admin:slots.toasts.reopened" and panel.closures == []

    run(State.set_kind, panel, "pickup")
    assert panel.kind == "pickup" and [len(d["cells"]) for d in panel.template] == [2] * 7
    run(State.days_page, panel, "next")
    assert panel.first == (utcnow().date() + timedelta(days=7)).isoformat()
    assert panel.previous_day
    actions = db.exec(select(AuditEntry.action).order_by(AuditEntry.id)).all()
    assert list(actions) == ["slot.capacity", "slot.template", "slot.closure", "slot.closure"]


def test_staff_may_change_a_capacity(db: Session, shop: dict[str, Any]) -> None:
    root, panel = panel_of(db, shop["alice"], ["staff"])
    run(State.load, panel)
    slot = tomorrow_morning(panel)
    run(State.save_capacity, panel, {"slot": str(slot["id"]), "capacity": "3", "cutoff": "120"})
    assert toast(root) == "admin:slots.toasts.capacitySaved"
    assert stored(db, slot["id"]).capacity == 3


def every_handler(panel: Any, slot_id: int) -> None:
    """Each handler once, as a forged client would send it."""
    run(State.load, panel)
    run(State.set_kind, panel, "pickup")
    run(State.set_kind, panel, "delivery")
    panel.next_day = tomorrow()
    run(State.days_page, panel, "next")
    run(State.save_capacity, panel, {"slot": str(slot_id), "capacity": "0", "cutoff": "0"})
    form = {f"c-{w}-{s}-{k}": "1" for w in range(7) for s in ("9-13", "13-17", "17-21")
            for k in ("open", "capacity", "cutoff")}  # fmt: skip
    run(State.preview_template, panel, form)
    panel.previewing = True
    panel._draft = [
        {"weekday": w, "slot": s, "open": False, "capacity": 0, "cutoffMinutes": 0}
        for w in range(7)
        for s in ("9-13", "13-17", "17-21")
    ]
    run(State.save_template, panel)
    run(State.preview_closure, panel, {"day": tomorrow(), "note": "forged"})
    panel.closing_day = tomorrow()
    run(State.close_day, panel)
    run(State.reopen, panel, tomorrow())


def unchanged(db: Session, slot_id: int) -> bool:
    db.expire_all()
    counts = [
        db.exec(select(func.count()).select_from(table)).one()
        for table in (SlotTemplate, SlotClosure, AuditEntry)
    ]
    return counts == [0, 0, 0] and stored(db, slot_id).capacity == 20


@pytest.fixture
def slot_id(db: Session) -> int:
    listed = slot_capacity.list_slots(
        db, "delivery", utcnow().date() + timedelta(days=1), 1, utcnow()
    )
    db.commit()
    return listed[0]["id"]


def test_a_shopper_claiming_the_admin_role_changes_nothing(
    db: Session, shop: dict[str, Any], slot_id: int
) -> None:
    root, panel = panel_of(db, shop["alice"], ["consumer"])
    sub(root, AuthState).user_roles = json.dumps(["admin"])  # a forged browser storage
    every_handler(panel, slot_id)
    assert unchanged(db, slot_id)
    assert toast(root) == "admin:toasts.denied"
    assert panel.days == [] and panel.template == [] and panel.closures == []


def test_a_visitor_changes_nothing(db: Session, shop: dict[str, Any], slot_id: int) -> None:
    panel = sub(new_tree(), State)
    every_handler(panel, slot_id)
    assert unchanged(db, slot_id)
    assert panel.days == [] and panel.template == []


def test_signing_out_empties_the_panel(db: Session, shop: dict[str, Any]) -> None:
    root, panel = panel_of(db, shop["alice"], ["admin"])
    run(State.load, panel)
    run(State.preview_closure, panel, {"day": tomorrow(), "note": ""})
    assert panel.days and panel.template and panel.closing_day
    asyncio.run(session_events.fire(session_events.LOGGED_OUT, sub(root, AuthState)))
    assert panel.days == [] and panel.template == [] and panel.closing_day == ""
