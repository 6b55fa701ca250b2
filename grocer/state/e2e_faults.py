"""A handler that fails on purpose, for the browser test of the error routing (spec 001 §8:
an unexpected exception in a handler sends the tab to /error/server).

Only the page /e2e-broken-handler calls it, and that page exists only when the browser tests
turn the switch GROCER_E2E_BROKEN_ROUTE on (grocer.testing_switches); without the switch the
handler does nothing, whoever sends it.
"""

from __future__ import annotations

import reflex as rx

from grocer import testing_switches


class E2EFaultState(rx.State):
    @rx.event
    def fail(self) -> None:
        if testing_switches.broken_route_enabled():
            raise RuntimeError("Grocer e2e: deliberate handler failure")
