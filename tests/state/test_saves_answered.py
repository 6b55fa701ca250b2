"""The saves the browser draws done at once (issue 23): the address dialog's submit and the
delivery dialog's "Enregistrer" close their dialog in the browser from the tap, until the
state's count of answered saves catches up (assets/open_now.js). Every answer counts, a refusal
as much as a save, or the dialog would stay drawn closed; the state still decides what is
kept (real database)."""

from __future__ import annotations

from datetime import timedelta

from sqlmodel import Session

from grocer.models.base import utcnow
from grocer.services import slot_capacity
from grocer.state.address import AddressState
from grocer.state.delivery_panel import DeliveryPanelState
from grocer.state.dialogs import DialogState
from grocer.state.slot_dialog import DELIVERY, SlotDialogState
from tests.support.address_dialog import FULL_ADDRESS, fill, opened, saved
from tests.support.state_harness import add_user, new_tree, run, sign_in, sub


def test_every_address_submit_is_answered_refused_or_saved(db: Session) -> None:
    alice = add_user(db, "addresssaves")
    root = new_tree()
    sign_in(root, db, alice)
    form = opened(root)
    run(AddressState.submit, form, {})  # blank: refused, outlined
    assert form.answered == 1 and sub(root, DialogState).active == "address"
    assert saved(db, alice) == []
    fill(form, FULL_ADDRESS)
    run(AddressState.submit, form, {})
    assert form.answered == 2 and sub(root, DialogState).active == ""
    assert len(saved(db, alice)) == 1


def test_a_busy_submit_is_answered_too() -> None:
    """A second submit while the first is being saved does nothing, but is answered."""
    root = new_tree()
    form = opened(root)
    form.busy = True
    run(AddressState.submit, form, {})
    assert form.answered == 1 and sub(root, DialogState).active == "address"


def _chosen_tomorrow(db: Session, root: object) -> tuple[SlotDialogState, dict]:
    panel = sub(root, DeliveryPanelState)
    run(DeliveryPanelState.toggle_slots, panel)
    dialog = sub(root, SlotDialogState)
    run(SlotDialogState.open_delivery, dialog, "")
    day = utcnow().date() + timedelta(days=1)
    slot = next(
        row for row in slot_capacity.list_slots(db, DELIVERY, day, 1, utcnow()) if row["available"]
    )
    db.commit()
    run(SlotDialogState.choose_day, dialog, slot["date"])
    run(SlotDialogState.choose_slot, dialog, str(slot["id"]))
    return dialog, slot


def test_a_slot_save_refused_is_answered_and_keeps_the_dialog_open(db: Session, shop: dict) -> None:
    alice = add_user(db, "addresssaves")
    root = new_tree()
    sign_in(root, db, alice)
    dialog, slot = _chosen_tomorrow(db, root)
    slot_capacity.close_slots(db, [slot["id"]], utcnow())
    db.commit()
    run(SlotDialogState.save, dialog)
    assert dialog.answered == 1
    assert dialog.kind == DELIVERY and dialog.error_key != "" and dialog.timeslot == ""


def test_a_slot_save_kept_is_answered_and_closes_the_dialog(db: Session, shop: dict) -> None:
    alice = add_user(db, "slotkept")
    root = new_tree()
    sign_in(root, db, alice)
    dialog, slot = _chosen_tomorrow(db, root)
    run(SlotDialogState.save, dialog)
    assert dialog.answered == 1
    assert dialog.kind == "" and str(slot["id"]) in dialog.timeslot
