"""The bag once the browser has saved the changes it kept while the websocket was down
(assets/offline.js calls BagState.offline_synced): a guest's stored bag is taken (checked), a
signed-in shopper's page shows the server bag again, which the browser wrote as absolute
quantities (PUT /cart/quantities)."""

from __future__ import annotations

import json
from typing import Any

from sqlmodel import Session

from grocer.services import cart
from grocer.state.bag import BagState
from tests.state.test_bag_never_lost import quantities, settle, signed_in_tab
from tests.support.state_harness import new_tree, server_lines, sub


def _stored(*lines: tuple[int, int]) -> str:
    return json.dumps(
        [{"id": str(i), "quantity": n, "name": f"article {i}", "price": "100"} for i, n in lines]
    )


def test_a_guest_bag_kept_offline_becomes_the_tabs_bag(shop: dict[str, Any]) -> None:
    first, second, _ = shop["articles"]
    tab = new_tree()
    settle(tab, BagState.offline_synced, _stored((first.id, 2), (second.id, 1)))
    assert quantities(tab) == {first.id: 2, second.id: 1}
    assert json.loads(sub(tab, BagState).unsaved)["guestKey"]  # merged once at sign-in


def test_garbage_from_the_browser_is_an_empty_bag() -> None:
    for stored in ("not json", '{"id": 1}', _stored((0, 1)), 42, None):
        tab = new_tree()
        settle(tab, BagState.offline_synced, stored)
        assert quantities(tab) == {}


def test_a_signed_in_tab_shows_the_server_bag_the_browser_saved(
    db: Session, shop: dict[str, Any]
) -> None:
    first, second, third = shop["articles"]
    alice = shop["alice"]
    tab = signed_in_tab(db, alice, first)
    # What the browser sent on reconnecting (assets/offline.js), as the API does it.
    cart.set_quantities(
        db, alice, [{"articleId": first.id, "quantity": 3}, {"articleId": third.id, "quantity": 1}]
    )
    db.commit()
    settle(tab, BagState.offline_synced, _stored((second.id, 5)))  # the browser copy is ignored
    assert quantities(tab) == {first.id: 3, third.id: 1} == server_lines(db, alice)
