"""The checkout states on a real database (issue 14, piece U): the slot dialog holds on the
server and says when a slot is full, a guest's choice is held at checkout, the instructions
form checks before it keeps anything, the pay button makes one order however often it is
pressed, and a confirmation page shows only the shopper's own order."""

from __future__ import annotations

import asyncio
import json
from datetime import timedelta
from decimal import Decimal
from typing import Any

import pytest
from sqlmodel import Session, select

from grocer.models import DeliverySlot, Order, SlotHold
from grocer.models.base import utcnow
from grocer.services import cart, money, slot_capacity
from grocer.state.bag import BagState
from grocer.state.checkout import CheckoutState
from grocer.state.order_confirmation import OrderConfirmationState
from grocer.state.payment import PaymentState
from grocer.state.route_guard import RouteGuardState
from grocer.state.slot_dialog import SlotDialogState
from tests.support.state_harness import new_tree, run, sign_in, sub

GOOD_FORM = {
    "recipient_first_name": "Alice",
    "recipient_last_name": "Ouédraogo",
    "country_code": "+226",
    "phone": "70 12 34 56",
    "delivery_preference": "neighbor",
    "delivery_notes": "Portail vert",
}


def _tomorrows_slot(db: Session, kind: str = "pickup") -> dict[str, Any]:
    rows = slot_capacity.list_slots(db, kind, utcnow().date() + timedelta(days=1), 1, utcnow())
    db.commit()
    return next(row for row in rows if row["available"])


def _open_and_choose(root: Any, slot: dict[str, Any]) -> Any:
    dialog = sub(root, SlotDialogState)
    handler = (
        SlotDialogState.open_pickup if slot["kind"] == "pickup" else SlotDialogState.open_delivery
    )
    run(handler, dialog)
    if slot["kind"] == "delivery":
        run(SlotDialogState.choose_day, dialog, slot["date"])
    run(SlotDialogState.choose_slot, dialog, str(slot["id"]))
    assert dialog.chosen == slot["id"]
    return dialog


def _holds(db: Session, user_id: int) -> list[SlotHold]:
    db.expire_all()
    return list(db.exec(select(SlotHold).where(SlotHold.user_id == user_id)).all())


def _orders(db: Session, user_id: int) -> list[Order]:
    db.expire_all()
    return list(db.exec(select(Order).where(Order.user_id == user_id)).all())


def test_signed_in_choice_is_held_and_kept_as_the_spec_says(db: Session, shop: dict) -> None:
    root = new_tree()
    alice = shop["alice"]
    sign_in(root, db, alice)
    slot = _tomorrows_slot(db)
    dialog = _open_and_choose(root, slot)
    run(SlotDialogState.save, dialog)
    stored = json.loads(dialog.timeslot)
    assert stored["dayOffset"] == 1 and stored["slot"] == slot["slot"]
    assert stored["slotId"] == slot["id"] and stored["kind"] == "pickup"
    (hold,) = _holds(db, alice.id)
    assert stored["holdId"] == hold.id and hold.status == "held"
    assert dialog.kind == ""  # closed


def test_a_full_slot_is_refused_with_a_message_and_a_fresh_list(db: Session, shop: dict) -> None:
    root = new_tree()
    sign_in(root, db, shop["alice"])
    slot = _tomorrows_slot(db, "delivery")
    dialog = _open_and_choose(root, slot)
    row = db.get(DeliverySlot, slot["id"])
    row.booked = row.capacity  # somebody else took the last place meanwhile
    db.add(row)
    db.commit()
    run(SlotDialogState.save, dialog)
    assert dialog.error_key == "checkout:slots.errors.full"
    assert dialog.timeslot == "" and dialog.chosen == 0
    listed = next(r for r in dialog._rows if r["id"] == slot["id"])
    assert not listed["available"] and listed["state_key"] == "checkout:slots.full"
    # A forged choice of the full slot is refused too.
    run(SlotDialogState.choose_slot, dialog, str(slot["id"]))
    assert dialog.chosen == 0


def test_guest_choice_is_held_at_checkout_and_the_form_checks_first(
    db: Session, shop: dict
) -> None:
    root = new_tree()
    alice = shop["alice"]
    slot = _tomorrows_slot(db)
    dialog = _open_and_choose(root, slot)
    run(SlotDialogState.save, dialog)  # signed out: the browser keeps it, nothing held
    assert "holdId" not in json.loads(dialog.timeslot)
    assert _holds(db, alice.id) == []

    sign_in(root, db, alice)
    cart.add_item(db, alice, shop["articles"][0].id, 2)
    db.commit()
    run(BagState.load_account_bag, sub(root, BagState))
    checkout = sub(root, CheckoutState)
    run(CheckoutState.load, checkout)
    assert checkout.ready
    assert json.loads(dialog.timeslot)["holdId"] == _holds(db, alice.id)[0].id

    payment = sub(root, PaymentState)
    confirm = PaymentState.confirm_instructions
    out = run(confirm, payment, {**GOOD_FORM, "recipient_first_name": " "})
    assert checkout.errors == {"recipientFirstName": "checkout:instructions.errors.firstName"}
    assert checkout.instructions == "" and out == [None] and not payment.ready
    (to_payment,) = run(confirm, payment, GOOD_FORM)
    assert checkout.errors == {}
    # /payment is prepared in the same answer as the move: its quote shows with the page.
    assert "/payment" in str(to_payment) and payment.ready
    assert payment.amounts["total"]["XOF"]
    assert json.loads(checkout.instructions) == {
        "recipientFirstName": "Alice",
        "recipientLastName": "Ouédraogo",
        "phone": "+22670123456",
        "deliveryPreference": "neighbor",
        "deliveryNotes": "Portail vert",
    }


def test_a_double_tap_on_the_way_in_holds_the_guests_slot_once(db: Session, shop: dict) -> None:
    """ "Continuer vers la commande" tapped twice, then the page's start: the guest's choice is
    held once, and the form is ready."""
    root = new_tree()
    alice = shop["alice"]
    dialog = _open_and_choose(root, _tomorrows_slot(db))
    run(SlotDialogState.save, dialog)  # signed out: nothing held yet
    sign_in(root, db, alice)
    cart.add_item(db, alice, shop["articles"][0].id, 1)
    db.commit()
    run(BagState.load_account_bag, sub(root, BagState))
    checkout = sub(root, CheckoutState)
    for handler in (CheckoutState.go, CheckoutState.go, CheckoutState.load):
        run(handler, checkout)
    (hold,) = _holds(db, alice.id)
    assert json.loads(dialog.timeslot)["holdId"] == hold.id and checkout.ready


@pytest.mark.parametrize("way_in", [CheckoutState.load, CheckoutState.go, CheckoutState.moved])
def test_signed_out_checkout_goes_home_with_the_sign_in_dialog(way_in: Any) -> None:
    """/checkout's start, and the bag's ways in (a forged `moved` too), send a signed-out
    visitor to sign in."""
    root = new_tree()
    checkout = sub(root, CheckoutState)
    (events,) = run(way_in, checkout)
    guard = sub(root, RouteGuardState)
    assert not checkout.ready and guard._return_to == "/checkout"
    assert len(events) == 2 and guard._ask_sign_in  # to /, then the sign-in dialog


def _overlay_open_with_a_bag(db: Session, shop: dict) -> tuple[BagState, CheckoutState]:
    """A tab signed in as Alice, one article in her bag, the cart overlay open."""
    root = new_tree()
    user = shop["alice"]
    sign_in(root, db, user)
    cart.add_item(db, user, shop["articles"][0].id, 1)
    db.commit()
    bag = sub(root, BagState)
    run(BagState.load_account_bag, bag)
    bag.overlay_open = True
    return bag, sub(root, CheckoutState)


def test_the_bag_opens_checkout_with_its_form_ready(db: Session, shop: dict) -> None:
    """ "Continuer vers la commande": the overlay closes and /checkout's form is prefilled in
    the same answer as the move (the page shows without waiting for its start)."""
    bag, checkout = _overlay_open_with_a_bag(db, shop)
    (events,) = run(CheckoutState.go, checkout)
    assert "/checkout" in str(events)
    assert checkout.ready and not bag.overlay_open and not bag.panel_open
    run(CheckoutState.load, checkout)  # the page's start then finds the same form
    assert checkout.ready


def test_a_tap_that_moved_at_once_gets_its_form_without_a_move(db: Session, shop: dict) -> None:
    """Signed in, the tap moved the browser itself: its event closes the overlay and prefills
    the form, and sends no move of its own; an empty bag still goes home."""
    alice = shop["alice"]
    bag, checkout = _overlay_open_with_a_bag(db, shop)
    assert run(CheckoutState.moved, checkout) == [None]
    assert checkout.ready and not bag.overlay_open and not bag.panel_open
    assert checkout.first_name == alice.first_name
    cart.clear(db, alice)
    db.commit()
    run(BagState.load_account_bag, bag)
    (events,) = run(CheckoutState.moved, checkout)
    assert not checkout.ready and '"/"' in str(events)


def _form(checkout: CheckoutState) -> tuple[str, ...]:
    return (checkout.first_name, checkout.last_name, checkout.country_code, checkout.phone)


def test_opening_the_cart_overlay_prefills_the_checkout_form_ahead(db: Session, shop: dict) -> None:
    """Signed in with a bag, the cart overlay's opening prefills /checkout's form (issue 23,
    "Fetch ahead"): the move finds it ready and changes nothing of it. Nothing is held ahead:
    a slot chosen before signing in is held by the move's guard, as before."""
    root = new_tree()
    alice = shop["alice"]
    dialog = _open_and_choose(root, _tomorrows_slot(db))
    run(SlotDialogState.save, dialog)  # signed out: the browser keeps it, nothing held
    sign_in(root, db, alice)
    cart.add_item(db, alice, shop["articles"][0].id, 1)
    db.commit()
    bag, checkout = sub(root, BagState), sub(root, CheckoutState)
    run(BagState.load_account_bag, bag)
    run(BagState.open_overlay, bag)
    assert bag.overlay_open and checkout.ready
    assert (checkout.first_name, checkout.last_name) == (alice.first_name, alice.last_name)
    assert _holds(db, alice.id) == []
    filled = _form(checkout)
    assert run(CheckoutState.moved, checkout) == [None]
    assert checkout.ready and not bag.overlay_open and _form(checkout) == filled
    (hold,) = _holds(db, alice.id)
    assert json.loads(dialog.timeslot)["holdId"] == hold.id


def test_the_overlay_prefills_nothing_for_a_visitor_or_an_empty_bag(
    db: Session, shop: dict
) -> None:
    root = new_tree()
    bag, checkout = sub(root, BagState), sub(root, CheckoutState)
    run(BagState.open_overlay, bag)  # signed out
    assert not checkout.ready and checkout.first_name == ""
    sign_in(root, db, shop["alice"])
    run(BagState.open_overlay, bag)  # signed in, nothing in the bag
    assert not checkout.ready and checkout.first_name == ""


@pytest.mark.parametrize("forged", ["x", None, [], 42])
def test_confirming_anything_but_a_form_keeps_the_shopper_on_checkout(forged: Any) -> None:
    root = new_tree()
    payment = sub(root, PaymentState)
    out = run(PaymentState.confirm_instructions, payment, forged)
    assert out == [None] and not payment.ready
    assert sub(root, CheckoutState).instructions == ""


def test_confirming_signed_out_goes_where_payment_would_send_the_visitor() -> None:
    """A request that bypasses /checkout's guard: the instructions are checked and kept in the
    browser's own storage, and the visitor is sent to sign in, as /payment's start would."""
    root = new_tree()
    choice = {"dayOffset": 1, "slot": "9-13", "kind": "pickup", "date": "2026-12-01"}
    sub(root, SlotDialogState).timeslot = json.dumps({**choice, "slotId": 1})
    payment = sub(root, PaymentState)
    (events,) = run(PaymentState.confirm_instructions, payment, GOOD_FORM)
    assert not payment.ready and sub(root, RouteGuardState)._ask_sign_in
    assert "/payment" not in str(events)


@pytest.mark.parametrize("presses", [1, 3])
def test_pressing_pay_again_makes_one_order(db: Session, shop: dict, presses: int) -> None:
    root = new_tree()
    alice = shop["alice"]
    sign_in(root, db, alice)
    cart.add_item(db, alice, shop["articles"][2].id, 3)
    db.commit()
    run(BagState.load_account_bag, sub(root, BagState))
    dialog = _open_and_choose(root, _tomorrows_slot(db))
    run(SlotDialogState.save, dialog)
    checkout = sub(root, CheckoutState)
    run(CheckoutState.load, checkout)
    payment = sub(root, PaymentState)
    run(PaymentState.confirm_instructions, payment, GOOD_FORM)
    run(PaymentState.load, payment)
    assert payment.ready and payment.method == "cash"
    assert payment.amounts["total"]["XOF"]
    # a pickup slot: the quote has no delivery fee nor surcharge, like the order
    assert payment.pickup
    nothing = money.format_all(Decimal(0))
    assert (payment.amounts["deliveryFee"], payment.amounts["surcharge"]) == (nothing, nothing)
    key = payment._attempt_key
    for _ in range(presses):
        payment.placing = False  # as if the answer were lost and the shopper pressed again
        run(PaymentState.pay, payment)
    assert payment._attempt_key == key
    (order,) = _orders(db, alice.id)
    assert order.idempotency_key == key and order.payment_method == "cash"
    assert (order.kind, order.delivery_fee, order.surcharge) == ("pickup", 0, 0)
    assert dialog.timeslot == "" and checkout.instructions == ""
    assert cart.get_cart(db, alice)["items"] == []

    # The confirmation: the move there came with the order read (the page shows it as it
    # opens); the owner sees it; Bob, with the same number, does not.
    page = sub(root, OrderConfirmationState)
    assert page.found and not page.loading and page.order["number"] == order.number
    asyncio.run(page._read(alice.id, order.number))
    assert page.found and page.order["number"] == order.number
    assert page.order["paymentMethod"] == "cash" and not page.pending
    bobs = sub(new_tree(), OrderConfirmationState)
    asyncio.run(bobs._read(shop["bob"].id, order.number))
    assert not bobs.found
