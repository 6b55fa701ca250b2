"""A move between pages (grocer.web.storage_updates): the browser's stored values that its
states already hold are not set again, so the answer does not carry them back; a changed one is
set, as Reflex sets it."""

from __future__ import annotations

import asyncio
from typing import Any

import pytest
from reflex.state import UpdateVarsInternalState

from grocer.state.checkout import CheckoutState
from grocer.state.currency import CurrencyState
from grocer.state.session import SessionState
from grocer.web import storage_updates
from tests.support.state_harness import new_tree, sub

TOKEN = "eyJ.a-token.sig"


def field(cls: type, name: str) -> str:
    return f"{cls.get_full_name()}.{name}_rx_state_"


@pytest.fixture(autouse=True)
def installed() -> None:
    storage_updates.install()


def moved(root: Any, values: dict[str, Any]) -> dict[str, Any]:
    """What `update_vars_internal` (as the websocket calls it) changes: the resolved delta."""
    updater = sub(root, UpdateVarsInternalState)
    handler = UpdateVarsInternalState.event_handlers["update_vars_internal"]

    async def go() -> dict[str, Any]:
        await handler.fn(updater, vars=values)
        return await root._get_resolved_delta()

    return asyncio.run(go())


def a_signed_in_tab() -> Any:
    root = new_tree()
    session = sub(root, SessionState)
    session.access_token = TOKEN
    sub(root, CurrencyState).currency = "EUR"
    sub(root, CheckoutState).instructions = '{"phone": "+22670123456"}'
    root._clean()
    return root


def test_values_the_states_hold_are_not_sent_back() -> None:
    root = a_signed_in_tab()
    delta = moved(
        root,
        {
            field(SessionState, "access_token"): TOKEN,
            field(CurrencyState, "currency"): "EUR",
            field(CheckoutState, "instructions"): '{"phone": "+22670123456"}',
        },
    )
    assert SessionState.get_full_name() not in delta
    assert CurrencyState.get_full_name() not in delta
    assert CheckoutState.get_full_name() not in delta
    assert sub(root, SessionState).access_token == TOKEN


def test_a_changed_value_is_set_and_sent_with_what_reads_it() -> None:
    root = a_signed_in_tab()
    delta = moved(
        root,
        {field(SessionState, "access_token"): TOKEN, field(CurrencyState, "currency"): "USD"},
    )
    assert sub(root, CurrencyState).currency == "USD"
    assert delta[CurrencyState.get_full_name()]["currency_rx_state_"] == "USD"
    assert SessionState.get_full_name() not in delta


def test_a_signed_out_tab_learns_a_token_another_tab_stored() -> None:
    root = new_tree()
    root._clean()
    delta = moved(root, {field(SessionState, "access_token"): TOKEN})
    assert sub(root, SessionState).access_token == TOKEN
    assert delta[SessionState.get_full_name()]["access_token_rx_state_"] == TOKEN


def test_a_name_that_is_no_stored_var_is_still_refused_as_reflex_refuses_it() -> None:
    root = new_tree()
    with pytest.raises(ValueError):
        moved(root, {"reflex___state____state.no_such_state.x_rx_state_": "1"})


def test_a_sign_out_in_another_tab_reaches_this_tab_at_its_next_move() -> None:
    """The other tab emptied the stored token: this tab's state must not keep the old one."""
    root = a_signed_in_tab()
    delta = moved(root, {field(SessionState, "access_token"): ""})
    assert sub(root, SessionState).access_token == ""
    assert delta[SessionState.get_full_name()]["access_token_rx_state_"] == ""
