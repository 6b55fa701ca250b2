"""The tab's bag never loses a line nor overwrites the server bag with a stale copy (issue 12,
item 7). Handlers are called the way the websocket calls them, on a real database; a second
tab or device is a second state tree (tabs of one browser share its localStorage, copied here
the way the browser's storage sync does) or a direct service call.

Saves are refused through the shop's own fault switch (GROCER_FAULT_CART_SAVE_FILE).
"""

from __future__ import annotations

import json
from collections.abc import Iterator
from datetime import timedelta
from decimal import Decimal
from pathlib import Path
from typing import Any

import pytest
from reflex_base.event import EventHandler, EventSpec
from sqlmodel import Session, select

from grocer import testing_switches
from grocer.models import Cart, CartMerge
from grocer.models.base import utcnow
from grocer.services import cart, tokens
from grocer.services.money import format_amount
from grocer.state import bag as bag_module
from grocer.state.auth import AuthState
from grocer.state.bag import BagState
from tests.support.state_harness import new_tree, run, server_lines, sign_in, sub

SHARED = {AuthState: ("access_token", "auth_token", "refresh_token", "expires_at", "user_info")}
SHARED[BagState] = ("cart", "pending_save", "unsaved")


@pytest.fixture
def refuse(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Iterator[Any]:
    """`refuse(n)`: the next n bag saves are refused (0: none); no waiting between tries."""
    fault = tmp_path / "fault"
    fault.write_text("0")
    monkeypatch.setenv(testing_switches.FAULT_CART_SAVE_ENV, str(fault))
    monkeypatch.setattr(bag_module, "SAVE_WAIT_SECONDS", 0)
    yield lambda count: fault.write_text(str(count))


def settle(root: Any, handler: EventHandler, *args: Any) -> None:
    """Run a handler, then the bag and session events it hands back, as the browser would."""
    queue: list[tuple[EventHandler, tuple[Any, ...]]] = [(handler, args)]
    while queue:
        handler, args = queue.pop(0)
        for item in run(handler, sub(root, handler.state), *args):
            for event in item if isinstance(item, list) else [item]:
                if isinstance(event, EventHandler):
                    queue.append((event, ()))
                elif isinstance(event, EventSpec) and not event.args:
                    queue.append((event.handler, ()))


def share_storage(source: Any, target: Any) -> None:
    """What the browser's storage sync does between two tabs."""
    for cls, names in SHARED.items():
        for name in names:
            if hasattr(sub(source, cls), name):
                setattr(sub(target, cls), name, getattr(sub(source, cls), name))


def quantities(root: Any) -> dict[int, int]:
    return {int(k): v for k, v in sub(root, BagState).quantities.items()}


def signed_in_tab(db: Session, user: Any, *articles: Any) -> Any:
    """A signed-in tab that added one of each article (saved)."""
    tab = new_tree()
    sign_in(tab, db, user)
    for article in articles:
        settle(tab, BagState.add_item, {"id": article.id, "name": article.name, "price": "1"})
    return tab


def end_session(tab: Any, user: Any) -> None:
    """The access token expired and the refresh token no longer works (revoked)."""
    auth = sub(tab, AuthState)
    auth.access_token = tokens.create_access_token(user.id, [], utcnow() - timedelta(hours=1))
    auth.refresh_token = "revoked-refresh-token"
    settle(tab, AuthState.check_session)
    assert not auth.is_authenticated


# --- a failed save, then another device, then the resync or a reload -------------------------


@pytest.mark.parametrize("then", ["resync", "reload"])
def test_a_failed_save_never_erases_what_another_device_added(
    db: Session, shop: dict, refuse: Any, then: str
) -> None:
    alice = shop["alice"]
    a0, a1 = shop["articles"][0], shop["articles"][1]
    tab = signed_in_tab(db, alice, a0)
    assert server_lines(db, alice) == {a0.id: 1}

    refuse(99)  # the database is out of reach: the change, then a resync, fail
    settle(tab, BagState.increment, str(a0.id))
    settle(tab, BagState.resync)
    bag = sub(tab, BagState)
    assert bag.save_failed and bag.save_attempts == 5
    assert quantities(tab) == {a0.id: 2}

    cart.add_item(db, alice, a1.id, 3)  # another device, meanwhile
    db.commit()
    refuse(0)
    if then == "resync":
        settle(tab, BagState.resync)
    else:  # the next page load, in a new tab of the same browser
        reloaded = new_tree()
        share_storage(tab, reloaded)
        tab, bag = reloaded, sub(reloaded, BagState)
        settle(tab, AuthState.start_session)
    assert server_lines(db, alice) == {a0.id: 2, a1.id: 3}
    assert quantities(tab) == {a0.id: 2, a1.id: 3}
    assert not bag.save_failed and bag.pending_save == ""
    assert json.loads(bag.unsaved)["batches"] == []


def test_plus_and_minus_one_from_a_stale_copy_change_what_the_server_holds(
    db: Session, shop: dict
) -> None:
    alice, a0 = shop["alice"], shop["articles"][0]
    tab = signed_in_tab(db, alice, a0)
    cart.add_item(db, alice, a0.id, 4)  # another device: 5 on the server, the tab shows 1
    db.commit()
    settle(tab, BagState.increment, str(a0.id))
    assert server_lines(db, alice) == {a0.id: 6} and quantities(tab) == {a0.id: 6}
    cart.add_item(db, alice, a0.id, 2)
    db.commit()
    settle(tab, BagState.decrement, str(a0.id))
    assert server_lines(db, alice) == {a0.id: 7} and quantities(tab) == {a0.id: 7}


def test_emptying_a_stale_copy_keeps_a_line_it_never_saw(db: Session, shop: dict) -> None:
    alice, a0, a1 = shop["alice"], shop["articles"][0], shop["articles"][1]
    tab = signed_in_tab(db, alice, a0)
    cart.add_item(db, alice, a1.id, 2)  # unseen by the tab
    db.commit()
    settle(tab, BagState.ask_empty)
    settle(tab, BagState.empty_bag)
    assert server_lines(db, alice) == {a1.id: 2} and quantities(tab) == {a1.id: 2}


def test_unsaved_changes_keep_their_order(db: Session, shop: dict, refuse: Any) -> None:
    """Removed then added again while the saves fail: the line is there once, at 1."""
    alice, a0, a1 = shop["alice"], shop["articles"][0], shop["articles"][1]
    tab = signed_in_tab(db, alice, a0, a1)
    settle(tab, BagState.increment, str(a0.id))
    refuse(99)
    settle(tab, BagState.remove, str(a0.id))
    settle(tab, BagState.add_item, {"id": a0.id, "name": "again", "price": "1"})
    settle(tab, BagState.increment, str(a1.id))
    settle(tab, BagState.increment, str(a1.id))
    assert quantities(tab) == {a0.id: 1, a1.id: 3}
    refuse(0)
    settle(tab, BagState.resync)
    assert server_lines(db, alice) == {a0.id: 1, a1.id: 3} == quantities(tab)


def test_a_batch_the_server_already_applied_is_not_applied_again(
    db: Session, shop: dict, refuse: Any
) -> None:
    """The first attempt went through but its answer was lost: the resend is a no-op."""
    alice, a0 = shop["alice"], shop["articles"][0]
    tab = signed_in_tab(db, alice, a0)
    refuse(99)
    settle(tab, BagState.increment, str(a0.id))
    refuse(0)
    batches = json.loads(sub(tab, BagState).unsaved)["batches"]
    cart.apply_batches(db, alice, bag_module.batch_deltas(batches))  # the lost attempt's work
    db.commit()
    assert server_lines(db, alice) == {a0.id: 2}
    settle(tab, BagState.resync)
    assert server_lines(db, alice) == {a0.id: 2} == quantities(tab)


# --- signing in with a guest bag -----------------------------------------------------------------


def test_two_tabs_signing_in_with_one_guest_bag_merge_it_once(db: Session, shop: dict) -> None:
    alice, a0, a1 = shop["alice"], shop["articles"][0], shop["articles"][1]
    cart.add_item(db, alice, a0.id, 1)
    db.commit()
    first, second, third = new_tree(), new_tree(), new_tree()
    for article in (a0, a0, a1):
        settle(first, BagState.add_item, {"id": article.id, "name": "x", "price": "1"})
    share_storage(first, second)
    share_storage(first, third)
    for tab in (first, second, third):
        sign_in(tab, db, alice)
    # Two tabs merge before either hears of the other (both hold the guest bag and its key).
    settle(first, BagState.after_sign_in)
    settle(second, BagState.after_sign_in)
    assert server_lines(db, alice) == {a0.id: 3, a1.id: 1}
    assert quantities(first) == quantities(second) == {a0.id: 3, a1.id: 1}
    # A third tab that already received the merged bag (server lines, no guest key).
    share_storage(first, third)
    settle(third, BagState.after_sign_in)
    assert server_lines(db, alice) == {a0.id: 3, a1.id: 1} == quantities(third)
    found = db.exec(select(Cart).where(Cart.user_id == alice.id)).one()
    assert len(db.exec(select(CartMerge).where(CartMerge.cart_id == found.id)).all()) == 1


def test_a_failed_guest_merge_is_merged_once_by_the_retry_and_a_reload(
    db: Session, shop: dict, refuse: Any
) -> None:
    alice, a0 = shop["alice"], shop["articles"][0]
    tab = new_tree()
    settle(tab, BagState.add_item, {"id": a0.id, "name": "x", "price": "1"})
    sign_in(tab, db, alice)
    refuse(5)
    settle(tab, BagState.after_sign_in)
    assert sub(tab, BagState).save_failed and sub(tab, BagState).pending_save == "sync"
    reloaded = new_tree()
    share_storage(tab, reloaded)
    settle(tab, BagState.resync)
    settle(reloaded, AuthState.start_session)  # its storage still says "sync"
    assert server_lines(db, alice) == {a0.id: 1} == quantities(tab) == quantities(reloaded)


# --- the session ends ---------------------------------------------------------------------------


def test_unsaved_changes_outlive_the_session_as_a_guest_bag(
    db: Session, shop: dict, refuse: Any
) -> None:
    alice, a0, a1, a2 = shop["alice"], *shop["articles"]
    tab = signed_in_tab(db, alice, a0, a2)
    refuse(99)
    settle(tab, BagState.add_item, {"id": a1.id, "name": "Lait", "price": "750"})
    settle(tab, BagState.increment, str(a0.id))
    settle(tab, BagState.increment, str(a0.id))
    settle(tab, BagState.remove, str(a2.id))
    assert server_lines(db, alice) == {a0.id: 1, a2.id: 1}

    end_session(tab, alice)
    # What the server never took is a guest bag now (what it holds stays there).
    assert quantities(tab) == {a0.id: 2, a1.id: 1}
    names = {item["id"]: item["name"] for item in sub(tab, BagState).items}
    assert names[str(a1.id)] == "Lait"
    other = new_tree()  # a second tab of the browser, signed out with it
    share_storage(tab, other)

    refuse(0)
    for signed_out in (tab, other):
        sign_in(signed_out, db, alice)
        settle(signed_out, BagState.after_sign_in)
    # Merged once: +2 and +1 added; the removal never reached the server, nothing is lost.
    assert server_lines(db, alice) == {a0.id: 3, a1.id: 1, a2.id: 1}
    assert quantities(tab) == quantities(other) == {a0.id: 3, a1.id: 1, a2.id: 1}


def test_a_session_ending_with_everything_saved_leaves_no_bag(db: Session, shop: dict) -> None:
    alice, a0 = shop["alice"], shop["articles"][0]
    tab = signed_in_tab(db, alice, a0)
    end_session(tab, alice)
    assert quantities(tab) == {} and sub(tab, BagState).unsaved == ""
    sign_in(tab, db, alice)
    settle(tab, BagState.after_sign_in)
    assert server_lines(db, alice) == {a0.id: 1} == quantities(tab)


def test_a_logout_still_takes_unsaved_changes_out_of_the_browser(
    db: Session, shop: dict, refuse: Any
) -> None:
    alice, a0 = shop["alice"], shop["articles"][0]
    tab = signed_in_tab(db, alice, a0)
    refuse(99)
    settle(tab, BagState.increment, str(a0.id))
    run(AuthState.logout, sub(tab, AuthState))
    bag = sub(tab, BagState)
    assert bag.cart == "" and bag.unsaved == "" and bag.pending_save == ""
    assert "cartChanges" in bag_module.BAG_STORAGE_KEYS


# --- a whole bag left by an earlier version of the shop -------------------------------------------


def test_a_stale_whole_bag_is_merged_after_a_412_not_replaced(db: Session, shop: dict) -> None:
    """A browser that kept `cartPendingSave=replace` (earlier versions) and an old version:
    the replace is refused (412), both sides are merged at the larger quantity, retried."""
    alice, a0, a1 = shop["alice"], shop["articles"][0], shop["articles"][1]
    answer = cart.add_item(db, alice, a0.id, 1)
    cart.add_item(db, alice, a1.id, 2)
    db.commit()
    tab = new_tree()
    sign_in(tab, db, alice)
    bag = sub(tab, BagState)
    bag.cart = json.dumps([{"id": str(a0.id), "quantity": 3, "price": "1"}])
    bag.pending_save = "replace"
    bag.unsaved = json.dumps({"etag": f'"{answer["id"]}-1"'})  # the server is at version 2
    settle(tab, AuthState.start_session)
    assert server_lines(db, alice) == {a0.id: 3, a1.id: 2} == quantities(tab)
    assert bag.pending_save == "" and not bag.save_failed


# --- the unsaved-changes record (pure) -----------------------------------------------------------


def test_changes_join_a_batch_until_it_is_sent_or_turns_around() -> None:
    batches = bag_module.with_delta([], "7", 1)
    batches = bag_module.with_delta(batches, "7", 1)
    batches = bag_module.with_delta(batches, "8", -1)
    assert [b["deltas"] for b in batches] == [{"7": 2, "8": -1}]
    batches = bag_module.with_delta(batches, "7", bag_module.REMOVE_DELTA)  # turns around
    batches = bag_module.with_delta(batches, "7", 1)  # added again after the removal
    assert [b["deltas"] for b in batches] == [{"7": 2, "8": -1}, {"7": -99}, {"7": 1}]
    batches[-1]["sent"] = True
    batches = bag_module.with_delta(batches, "7", 1)  # a sent batch keeps its content
    assert [b["deltas"] for b in batches][-2:] == [{"7": 1}, {"7": 1}]
    assert len({b["key"] for b in batches}) == len(batches)
    # As a guest bag: what was added (after the last removal), nothing lowered.
    assert bag_module.raised_by(batches) == {"7": 2, "8": 0}


@pytest.mark.parametrize(
    "stored",
    [
        None,
        "",
        "{",
        "[]",
        '{"batches": 5}',
        '{"guestKey": "<script>", "etag": "W/\\"1-2\\"", "batches": [1, {"key": "short"}]}',
        json.dumps({"batches": [{"key": "k" * 20, "deltas": {"abc": 1, "5": 500, "6": True}}]}),
        "x" * 200_000,
    ],
)
def test_forged_unsaved_changes_are_ignored(stored: Any) -> None:
    assert bag_module.read_changes(stored) == {"guestKey": "", "etag": "", "batches": []}


# --- the totals a signed-in page shows (issue 13) ----------------------------------------------


def test_signed_in_totals_are_the_servers_answer(db: Session, shop: dict) -> None:
    """The bag's totals come from the cart service's answer, not from the page's price texts:
    a line no longer on sale stays in the bag but out of the subtotal, as the server counts it;
    once the session is over, the guest bag's totals are computed from its lines again."""
    alice, a0, a1 = shop["alice"], *shop["articles"][:2]
    tab = signed_in_tab(db, alice, a0, a1)
    a0.status = "WITHDRAWN"
    db.add(a0)
    db.commit()
    settle(tab, BagState.load_account_bag)
    bag = sub(tab, BagState)
    answer = cart.get_cart(db, alice)
    assert quantities(tab) == {a0.id: 1, a1.id: 1}
    assert bag.subtotal_xof == answer["subtotal"] == "200.00"  # a1 only
    assert bag.subtotal["XOF"] == format_amount(Decimal("200"), "XOF")
    remaining = Decimal(answer["deliveryMinimumRemaining"])
    assert bag.minimum_remaining["XOF"] == format_amount(remaining, "XOF")

    end_session(tab, alice)  # nothing unsaved: the bag leaves with the session
    bag.cart = json.dumps([{"id": str(a0.id), "quantity": 2, "price": "150"}])
    assert bag.subtotal_xof == "300.00"  # a guest's bag: its own lines' texts
