"""Every page's loading in one event: the category tree, the page's own loads, the server bag
again after a reconnect, and the currency by country (once per tab).

Why one event: Reflex runs each on-load handler as an event turn of its own on the server
(the events a handler returns are chained there, not sent back to the browser), each taking
the tab's state lock and sending its own updates down: a page change answered with 8–11
messages. One event sends the page's data in fewer messages, keeps the tree and the currency
off pages that have them, and lets a client start only what a route declares.

The session's start is part of the page start of a page load (one event turn and message less
for every new tab, issue 18's storm), not of every page start: the page start also runs after a
mere reconnect of the websocket, where the session must not start again (it would close the open
bag and reload it over a change being written). A page load is known by its hydration, which
carries the page's hashes (grocer.web.hydrate_snapshot.on_page_load), also when its first
connection failed and was retried (grocer.web.first_hydration).

A new tab's tree goes down in an update of its own, before the page's loads: one message more
but no round trip more. Rendered with the home's sections or a category page's rows, it made one
task past a phone's 50 ms (issue 21: the last long task is where Lighthouse's time to
interactive ends); each alone stays under.

The page sends its route; the loads come from `PAGE_LOADS`, which `grocer.pages` fills from its
`Page` rows when it is imported.
"""

from __future__ import annotations

import inspect
from collections.abc import AsyncIterator, Sequence
from typing import Any

import reflex as rx
from reflex.event import EventHandler

from grocer.state.auth import AuthState
from grocer.state.bag import BagState
from grocer.state.catalogue import CatalogueState
from grocer.state.currency import CurrencyState
from grocer.web.hydrate_snapshot import on_page_load

#: route → the handlers that load its data, in order (after the tree).
PAGE_LOADS: dict[str, tuple[EventHandler, ...]] = {}


def declare(route: str, loads: Sequence[EventHandler]) -> None:
    """What `route` loads (grocer.pages declares every row)."""
    for handler in loads:
        if handler.is_background:
            raise ValueError(f"{route}: a background handler cannot run inside the page start")
    PAGE_LOADS[route] = tuple(loads)


async def _run(state: rx.State, handler: EventHandler) -> AsyncIterator[Any]:
    """What `handler` would have sent as an event of its own: its intermediate updates (a
    generator's yields) and the events it returns."""
    result = handler.fn(state)
    if inspect.isasyncgen(result):
        async for item in result:
            yield item
        return
    if inspect.isgenerator(result):
        for item in result:
            yield item
        return
    if inspect.isawaitable(result):
        result = await result
    if result is not None:
        yield result


class PageStartState(rx.State):
    """The one on-load event of every page."""

    _page_load: bool = False  # this tab's last hydration was a page load's (not a reconnect's)

    @rx.event
    async def start(self, route: str):
        catalogue = await self.get_state(CatalogueState)
        new_tree = not catalogue.nav_loaded
        await catalogue._ensure_nav()
        loads = PAGE_LOADS.get(route, ()) if isinstance(route, str) else ()
        if new_tree and loads:
            yield  # the tree in an update of its own: see the module's note
        for handler in loads:
            async for item in _run(await self.get_state(handler.state), handler):
                yield item
        bag = await self.get_state(BagState)
        if (refresh := bag.after_reconnect(self.router.session.session_id)) is not None:
            yield refresh
        currency = await self.get_state(CurrencyState)
        if not currency.detect_at_once():  # once per tab; what must wait goes to the background
            yield CurrencyState.detect
        if self._page_load:
            self._page_load = False
            async for item in _run(await self.get_state(AuthState), AuthState.start_session):
                yield item


async def _mark_page_load(root: rx.State) -> None:
    (await root.get_state(PageStartState))._page_load = True


on_page_load(_mark_page_load)
