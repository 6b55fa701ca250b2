"""The delivery dialog's slots fetched ahead (issue 23): "Voir les créneaux" lists them, so the
browser can open the dialog, change its day and take an hour at once; the opening that follows
changes nothing the browser drew, and the state still decides (real database)."""

from __future__ import annotations

import asyncio
import json
from datetime import timedelta
from typing import Any

from sqlmodel import Session

from grocer.models.base import utcnow
from grocer.services import slot_capacity
from grocer.state.bag import BagState
from grocer.state.delivery_panel import DeliveryPanelState
from grocer.state.slot_dialog import DELIVERY, PICKUP, SlotDialogState, timeslot_record
from tests.support.state_harness import new_tree, run, sub


def _free_slot(db: Session, kind: str, days_ahead: int) -> dict[str, Any]:
    day = utcnow().date() + timedelta(days=days_ahead)
    rows = slot_capacity.list_slots(db, kind, day, 1, utcnow())
    db.commit()
    return next(row for row in rows if row["available"])


def _show_slot_list(root: Any) -> SlotDialogState:
    panel = sub(root, DeliveryPanelState)
    run(DeliveryPanelState.toggle_slots, panel)
    assert panel.show_slots
    return sub(root, SlotDialogState)


def test_showing_the_slot_list_fetches_the_delivery_slots_ahead(db: Session, shop: dict) -> None:
    root = new_tree()
    dialog = _show_slot_list(root)
    today = utcnow().date()
    assert dialog.kind == ""  # still closed
    assert dialog.listed == DELIVERY and dialog._rows
    assert [tab["iso"] for tab in dialog.days] == [
        (today + timedelta(days=i)).isoformat() for i in range(7)
    ]
    assert dialog.day == today.isoformat() and dialog.chosen == 0


def test_the_opening_after_the_fetch_changes_nothing_drawn_in_one_update(
    db: Session, shop: dict
) -> None:
    root = new_tree()
    slot = _free_slot(db, DELIVERY, 2)
    dialog = sub(root, SlotDialogState)
    dialog.timeslot = json.dumps(timeslot_record(slot, utcnow().date()))
    _show_slot_list(root)
    fetched = (dialog.day, dialog.chosen, dialog.chosen_value, list(dialog._rows))
    assert fetched[:3] == (slot["date"], slot["id"], str(slot["id"]))

    updates = run(SlotDialogState.open_delivery, dialog, "")
    assert updates == []  # no intermediate update: opened with its slots, in one answer
    assert dialog.kind == DELIVERY
    assert (dialog.day, dialog.chosen, dialog.chosen_value) == fetched[:3]


def test_without_the_fetch_the_dialog_opens_first_then_lists(db: Session, shop: dict) -> None:
    root = new_tree()
    dialog = sub(root, SlotDialogState)
    updates = run(SlotDialogState.open_delivery, dialog, "")
    assert len(updates) == 1  # the dialog shows while its slots load
    assert dialog.kind == DELIVERY and dialog.listed == DELIVERY and dialog._rows
    assert dialog.day == utcnow().date().isoformat()


def test_the_day_asked_by_the_opener_wins_when_it_is_listed(db: Session, shop: dict) -> None:
    root = new_tree()
    dialog = _show_slot_list(root)
    in_three_days = (utcnow().date() + timedelta(days=3)).isoformat()
    run(SlotDialogState.open_delivery, dialog, in_three_days)
    assert dialog.day == in_three_days
    run(SlotDialogState.close, dialog)
    run(SlotDialogState.open_delivery, dialog, "2099-01-01")  # not listed: the first day
    assert dialog.day == utcnow().date().isoformat()


def test_the_fetch_leaves_an_open_dialog_alone(db: Session, shop: dict) -> None:
    root = new_tree()
    slot = _free_slot(db, PICKUP, 1)
    dialog = sub(root, SlotDialogState)
    run(SlotDialogState.open_pickup, dialog)
    run(SlotDialogState.choose_slot, dialog, str(slot["id"]))
    _show_slot_list(root)
    assert dialog.kind == PICKUP and dialog.listed == PICKUP
    assert dialog.chosen == slot["id"]
    assert len(dialog.days) == 6  # the pickup columns, not the delivery strip


def test_pickup_after_a_delivery_fetch_lists_its_own_slots(db: Session, shop: dict) -> None:
    root = new_tree()
    dialog = _show_slot_list(root)
    run(SlotDialogState.open_pickup, dialog)
    assert dialog.kind == PICKUP and dialog.listed == PICKUP
    assert {row["kind"] for row in dialog._rows} == {PICKUP}
    assert len(dialog.days) == 6
    run(SlotDialogState.close, dialog)
    run(SlotDialogState.open_delivery, dialog, "")
    assert dialog.listed == DELIVERY and {row["kind"] for row in dialog._rows} == {DELIVERY}
    assert len(dialog.days) == 7


def test_an_hour_of_the_fetched_list_is_still_checked_by_the_state(db: Session, shop: dict) -> None:
    """The browser draws what was tapped; the state keeps only a listed, free slot."""
    root = new_tree()
    dialog = _show_slot_list(root)
    run(SlotDialogState.open_delivery, dialog, "")
    tomorrow = _free_slot(db, DELIVERY, 1)
    run(SlotDialogState.choose_day, dialog, tomorrow["date"])
    run(SlotDialogState.choose_slot, dialog, str(tomorrow["id"]))
    assert dialog.chosen == tomorrow["id"] and dialog.can_save
    run(SlotDialogState.choose_slot, dialog, "999999")  # not listed
    assert dialog.chosen == 0 and not dialog.can_save
    run(SlotDialogState.choose_day, dialog, "2099-01-01")  # not a tab: nothing changes
    assert dialog.day == tomorrow["date"]


def _opened_delta(root: Any, dialog: SlotDialogState) -> dict[str, Any]:
    """What the opening's answer carries for the dialog (its resolved delta)."""
    root._clean()
    run(SlotDialogState.open_delivery, dialog, "")
    delta = asyncio.run(root._get_resolved_delta())
    return delta.get(SlotDialogState.get_full_name(), {})


def test_the_opening_after_the_fetch_does_not_send_the_same_list_again(
    db: Session, shop: dict
) -> None:
    root = new_tree()
    dialog = _show_slot_list(root)
    sent = _opened_delta(root, dialog)
    assert sent["kind_rx_state_"] == DELIVERY
    assert "days_rx_state_" not in sent


def test_a_slot_that_closed_since_the_fetch_is_sent_with_the_opening(
    db: Session, shop: dict
) -> None:
    root = new_tree()
    slot = _free_slot(db, DELIVERY, 2)
    dialog = _show_slot_list(root)
    slot_capacity.close_slots(db, [slot["id"]], utcnow())
    db.commit()
    sent = _opened_delta(root, dialog)
    day = next(tab for tab in sent["days_rx_state_"] if tab["iso"] == slot["date"])
    shown = next(row for row in day["slots"] if row["id"] == slot["id"])
    assert shown["available"] is False


def test_opening_the_cart_overlay_fetches_the_delivery_slots_ahead(db: Session, shop: dict) -> None:
    root = new_tree()
    bag = sub(root, BagState)
    run(BagState.open_overlay, bag)
    dialog = sub(root, SlotDialogState)
    assert bag.overlay_open and dialog.kind == ""  # the dialog itself stays closed
    assert dialog.listed == DELIVERY and dialog._rows
    # "Voir les créneaux" then "Choisir l'heure" find them: nothing listed again is sent
    _show_slot_list(root)
    assert "days_rx_state_" not in _opened_delta(root, dialog)
