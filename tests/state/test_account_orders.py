"""The account's orders section on a real database (issue 15): the list is the caller's own,
details show tracking and history, a cancel or a reorder happens once however often it is
clicked, and an order id that is not the caller's opens, cancels and reorders nothing."""

from __future__ import annotations

from decimal import Decimal
from typing import Any

import pytest
from sqlalchemy.exc import OperationalError
from sqlmodel import Session

from grocer.models import Article, Order, OrderLine, User
from grocer.models.base import utcnow
from grocer.services import money, orders
from grocer.services.orders import LineInput, OrderTotals
from grocer.state.account_orders import AccountOrdersState
from grocer.state.bag import BagState
from grocer.state.toast import ToastState
from tests.support.state_harness import new_tree, run, server_lines, sign_in, sub


def place(db: Session, user: User, articles: list[Article], quantity: int = 2) -> dict[str, Any]:
    """A pending order of `quantity` of each article."""
    lines = [LineInput(a.id, a.name, quantity, a.price) for a in articles]
    subtotal = sum((a.price * quantity for a in articles), Decimal(0))
    placed = orders.place_order(
        db, user, lines, OrderTotals(subtotal=subtotal, total=subtotal), now=utcnow()
    )
    db.commit()
    return dict(placed)


def signed_in(db: Session, user: User, opened: dict[str, Any] | None = None) -> tuple[Any, Any]:
    """A tab of `user` showing Mes commandes (the list loaded, the `opened` order open)."""
    root = new_tree()
    sign_in(root, db, user)
    state = sub(root, AccountOrdersState)
    run(AccountOrdersState.load, state)
    if opened is not None:
        run(AccountOrdersState.open_order, state, opened["id"])
    return root, state


def toast(root: Any) -> tuple[str, bool]:
    state = sub(root, ToastState)
    return state.key, state.error


def test_the_list_is_the_callers_own_newest_first(db: Session, shop: dict) -> None:
    alice, bob = shop["alice"], shop["bob"]
    first = place(db, alice, shop["articles"][:1])
    second = place(db, alice, shop["articles"][1:], quantity=3)
    place(db, bob, shop["articles"][:1])
    root, state = signed_in(db, alice)

    assert not state.loading and not state.failed
    assert [row["number"] for row in state.rows] == [second["number"], first["number"]]
    row = state.rows[0]
    assert (row["status"], row["kind"], row["count"]) == ("pending", "delivery", 6)
    assert row["total"]["XOF"] == money.format_amount(Decimal(second["total"]), "XOF")
    assert row["total"]["EUR"] == money.format_amount(Decimal(second["total"]), "EUR")
    assert state.open_id == 0 and state.url == ""


def test_signed_out_nothing_is_read(db: Session, shop: dict) -> None:
    place(db, shop["alice"], shop["articles"][:1])
    root = new_tree()
    state = sub(root, AccountOrdersState)
    run(AccountOrdersState.load, state)
    assert state.rows == [] and toast(root) == ("account:toasts.notSignedIn", True)


def test_details_show_tracking_history_lines_and_amounts(db: Session, shop: dict) -> None:
    alice = shop["alice"]
    placed = place(db, alice, shop["articles"][:2])
    root, state = signed_in(db, alice, placed)

    assert state.open_id == placed["id"]
    assert state.url == f"/account?section=orders&order={placed['number']}"
    assert state.order["number"] == placed["number"] and state.order["status"] == "pending"
    assert [(s["status"], s["state"]) for s in state.steps] == [
        ("pending", "current"), ("confirmed", "todo"), ("shipped", "todo"), ("delivered", "todo"),
    ]  # fmt: skip
    assert state.steps[0]["date"] == placed["date"]
    assert [(h["status"], h["note_key"]) for h in state.history] == [("pending", "")]
    assert [(line["name"], line["quantity"]) for line in state.lines] == [
        (shop["articles"][0].name, 2), (shop["articles"][1].name, 2),
    ]  # fmt: skip
    assert state.total["XOF"] == money.format_amount(Decimal(placed["total"]), "XOF")
    assert state.cancellable and state.reorderable

    run(AccountOrdersState.close_order, state)
    assert state.open_id == 0 and state.url == "/account?section=orders"


def test_another_users_order_does_not_open(db: Session, shop: dict) -> None:
    bobs = place(db, shop["bob"], shop["articles"][:1])
    root, state = signed_in(db, shop["alice"])

    for forged in (bobs["id"], "abc", -1, True, None):
        run(AccountOrdersState.open_order, state, forged)
        assert state.open_id == 0 and state.order == {}
        assert toast(root) == ("orders:toasts.notFound", True)


def test_cancel_needs_the_confirmation_and_happens_once(db: Session, shop: dict) -> None:
    alice = shop["alice"]
    placed = place(db, alice, shop["articles"][:1])
    root, state = signed_in(db, alice, placed)

    run(AccountOrdersState.cancel_order, state)  # no confirmation asked: nothing
    assert db.get(Order, placed["id"]).status == "pending"

    run(AccountOrdersState.ask_cancel, state)
    assert state.confirm_cancel
    run(AccountOrdersState.cancel_order, state)
    run(AccountOrdersState.cancel_order, state)  # the double click's second event

    db.expire_all()
    assert db.get(Order, placed["id"]).status == "cancelled"
    assert toast(root) == ("orders:toasts.cancelled", False)
    assert not state.confirm_cancel and not state.cancelling and not state.cancellable
    assert state.order["status"] == "cancelled" and state.rows[0]["status"] == "cancelled"
    assert [h["status"] for h in state.history] == ["cancelled", "pending"]
    assert state.history[0]["note_key"] == "orders:notes.customer"
    history = orders.get_order(db, alice, alice.id, placed["id"])["history"]
    assert [step["status"] for step in history] == ["pending", "cancelled"]


def test_a_confirmed_order_is_not_cancelled_even_when_forced(db: Session, shop: dict) -> None:
    alice = shop["alice"]
    placed = place(db, alice, shop["articles"][:1])
    root, state = signed_in(db, alice, placed)
    row = db.get(Order, placed["id"])
    orders.move_to(db, row, "confirmed", utcnow(), note="shop")  # meanwhile, at the shop
    db.commit()

    state.confirm_cancel = True  # the dialog was still open
    run(AccountOrdersState.cancel_order, state)

    db.expire_all()
    assert db.get(Order, placed["id"]).status == "confirmed"
    assert toast(root) == ("orders:toasts.cancelNotAllowed", True)
    assert state.order["status"] == "confirmed" and not state.cancellable


def test_reorder_fills_the_bag_once_per_click_and_names_the_unsold(db: Session, shop: dict) -> None:
    alice = shop["alice"]
    rice, oil = shop["articles"][:2]
    placed = place(db, alice, [rice, oil], quantity=3)
    oil.status = "INACTIVE"
    db.add(oil)
    db.commit()
    root, state = signed_in(db, alice, placed)
    serial = state.reorder_serial

    events = run(AccountOrdersState.reorder, state, serial)
    run(AccountOrdersState.reorder, state, serial)  # the double click's second event

    assert server_lines(db, alice) == {rice.id: 3}
    assert state.reordered and state.unavailable == [oil.name]
    assert not state.reordering and state.reorder_serial == serial + 1
    assert toast(root) == ("orders:toasts.reorderedPartly", False)
    assert BagState.load_account_bag in events  # the bag shows the new lines at once
    bag = sub(root, BagState)
    run(BagState.load_account_bag, bag)
    assert bag.count == 3

    run(AccountOrdersState.reorder, state, state.reorder_serial)  # a deliberate second time
    assert server_lines(db, alice) == {rice.id: 6}


def test_reorder_of_an_order_that_is_not_the_callers_changes_no_bag(
    db: Session, shop: dict
) -> None:
    alice, bob = shop["alice"], shop["bob"]
    bobs = place(db, bob, shop["articles"][:1])
    root, state = signed_in(db, alice)
    state.open_id = bobs["id"]  # as if the tab's state had been tampered with

    run(AccountOrdersState.reorder, state, state.reorder_serial)
    assert toast(root) == ("orders:toasts.notFound", True)
    state.confirm_cancel = True
    run(AccountOrdersState.cancel_order, state)
    assert toast(root) == ("orders:toasts.notFound", True)

    db.expire_all()
    assert server_lines(db, alice) == {} and server_lines(db, bob) == {}
    assert db.get(Order, bobs["id"]).status == "pending"


def test_a_gift_card_order_is_listed_and_labelled_but_not_reordered(
    db: Session, shop: dict
) -> None:
    alice = shop["alice"]
    card = Order(
        number="CMD-GIFT-0001",
        user_id=alice.id,
        kind="giftcard",
        subtotal=Decimal(6560),
        total=Decimal(6560),
        created_at=utcnow(),
    )
    db.add(card)
    db.flush()
    db.add(
        OrderLine(
            order_id=card.id,
            name="Carte cadeau",
            quantity=1,
            unit_price=Decimal(6560),
            line_total=Decimal(6560),
        )
    )
    db.commit()
    root, state = signed_in(db, alice, {"id": card.id})

    assert [(row["number"], row["kind"]) for row in state.rows] == [("CMD-GIFT-0001", "giftcard")]
    assert state.order["kind"] == "giftcard" and not state.reorderable
    run(AccountOrdersState.reorder, state, state.reorder_serial)  # forced: nothing sold
    assert toast(root) == ("orders:toasts.nothingSold", True)
    assert server_lines(db, alice) == {}


def test_a_list_that_cannot_be_read_shows_the_error_then_retry_reads_it(
    db: Session, shop: dict, monkeypatch: pytest.MonkeyPatch
) -> None:
    alice = shop["alice"]
    placed = place(db, alice, shop["articles"][:1])

    def unreachable(*_: Any) -> None:
        raise OperationalError("SELECT", {}, Exception("database is locked"))

    with monkeypatch.context() as patch:
        patch.setattr(orders, "list_orders", unreachable)  # the database, not our rules
        root, state = signed_in(db, alice)
    assert state.failed and not state.loading and state.rows == []

    run(AccountOrdersState.load, state)  # "Réessayer"
    assert not state.failed and [row["number"] for row in state.rows] == [placed["number"]]
