"""The hydration's snapshot (grocer.web.hydrate_snapshot) sends exactly what Reflex's own would:
on a new tab's tree, on a used one, and when the page was built with other defaults."""

from __future__ import annotations

import asyncio
from typing import Any

import pytest
import reflex.state as reflex_state
from reflex.istate.data import RouterData
from reflex.state import State
from reflex_base.utils.format import format_event_handler

from grocer.state.bag import BagState
from grocer.state.catalogue import CatalogueState
from grocer.state.currency import CurrencyState
from grocer.state.dialogs import DialogState
from grocer.state.language import LanguageState
from grocer.web import hydrate_snapshot
from tests.support.state_harness import new_tree, sub


def page_hashes() -> list[str]:
    """The hashes a page built from this code sends with its hydration."""
    defaults = State(_reflex_internal_init=True).dict(initial=True)
    snapshot = asyncio.run(reflex_state._resolve_delta(defaults))
    reflex_state.cache_initial_snapshot(State, snapshot)  # what the build does
    return reflex_state.state_snapshot_hashes(snapshot)


def sent(root: Any, hashes: list[str], matching: frozenset[str] | None) -> dict[str, Any]:
    """The hydration's delta: the snapshot (ours with `matching`, else Reflex's), then the diff."""

    async def go() -> dict[str, Any]:
        token = hydrate_snapshot._MATCHING.set(matching)
        try:
            snapshot = await reflex_state._resolve_delta(root.dict())
        finally:
            hydrate_snapshot._MATCHING.reset(token)
        return await reflex_state._diff_against_initial_state(State, snapshot, hashes)

    return asyncio.run(go())


def hydrating(root: Any) -> Any:
    """What hydrate_and_load does to the tree before its snapshot: the router, the storage reset
    and the browser's stored values."""
    root.router = RouterData.from_router_data({"pathname": "/", "asPath": "/", "ip": "127.0.0.1"})
    root._reset_client_storage()
    sub(root, LanguageState).language = "en"
    sub(root, CurrencyState).currency = "EUR"
    root._clean()
    root.is_hydrated = False
    return root


@pytest.fixture(autouse=True)
def installed() -> None:
    hydrate_snapshot.install()


def both(root_factory: Any) -> tuple[dict[str, Any], dict[str, Any], frozenset[str]]:
    hashes = page_hashes()
    matching = hydrate_snapshot.matching_states(hashes)
    assert matching is not None and len(matching) == len(hashes) - 1
    return sent(root_factory(), hashes, None), sent(root_factory(), hashes, matching), matching


def test_a_new_tab_gets_the_same_delta() -> None:
    reflex_way, ours, _ = both(lambda: hydrating(new_tree()))
    assert ours == reflex_way
    language = LanguageState.get_full_name()
    assert ours[language]["language_rx_state_"] == "en"  # what differs is still sent


def test_a_used_tab_gets_the_same_delta() -> None:
    def used() -> Any:
        root = hydrating(new_tree())
        bag = sub(root, BagState)
        bag.panel_open = True
        bag.cart = '[{"id": 7, "quantity": 2}]'
        catalogue = sub(root, CatalogueState)
        catalogue.home_loading = True  # set back to its default: read, not different
        catalogue.express = True
        sub(root, DialogState).active = "address"
        _ = sub(root, CurrencyState).detected_country  # read only
        return root

    reflex_way, ours, _ = both(used)
    assert ours == reflex_way
    assert ours[DialogState.get_full_name()]["active_rx_state_"] == "address"


def test_a_page_built_with_other_defaults_gets_that_state_whole() -> None:
    hashes = page_hashes()
    names = sorted(reflex_state._initial_snapshot_cache[State].hashes)
    dialogs = DialogState.get_full_name()
    hashes[1 + names.index(dialogs)] = "0" * 16  # the page's DialogState was built otherwise
    matching = hydrate_snapshot.matching_states(hashes)
    assert matching is not None and dialogs not in matching
    reflex_way = sent(hydrating(new_tree()), hashes, None)
    ours = sent(hydrating(new_tree()), hashes, matching)
    assert ours == reflex_way
    whole = asyncio.run(reflex_state._resolve_delta(hydrating(new_tree()).dict()))[dialogs]
    assert ours[dialogs] == whole  # every var of that state, defaults included


@pytest.mark.parametrize("hashes", [[], ["x"], "not a list", None])
def test_a_page_of_other_states_gets_reflexs_snapshot(hashes: Any) -> None:
    page_hashes()
    assert hydrate_snapshot.matching_states(hashes) is None


def test_the_handler_is_in_place_under_its_own_name() -> None:
    """Reflex tells a hydration from other events by the handler's name: a wrong one would make
    it send a second, whole snapshot before every tab's first event."""
    handler = State.event_handlers["hydrate_and_load"]
    assert handler.fn is hydrate_snapshot._hydrate_and_load
    assert State.dict is hydrate_snapshot._snapshot
    assert format_event_handler(handler) == "reflex___state____state.hydrate_and_load"
