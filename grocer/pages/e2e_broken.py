"""Deliberately broken pages for the browser tests of the 500 fallback (000 §2.7) and of the
error routing (001 §8: a handler's unexpected exception goes to /error/server).

Registered ONLY when the server runs with the switch GROCER_E2E_BROKEN_ROUTE=1
(grocer.testing_switches; tests/e2e/conftest.py sets it for its own server): it never exists in
a normal build. It renders fine on the server (prerender) and throws while rendering in the
browser, which is what the fallback catches.
"""

from __future__ import annotations

import reflex as rx

from grocer.state.e2e_faults import E2EFaultState

ROUTE = "/e2e-broken"
HANDLER_ROUTE = "/e2e-broken-handler"

_THROW = rx.Var(
    _js_expr=(
        '(() => { if (typeof window !== "undefined") '
        '{ throw new Error("Grocer e2e: deliberate rendering error"); } return ""; })()'
    ),
    _var_type=str,
)


def broken() -> rx.Component:
    return rx.el.main(rx.el.p("…"), rx.el.p(_THROW))


def broken_handler() -> rx.Component:
    """A page whose one button runs a handler that raises."""
    return rx.el.main(
        rx.el.button("Déclencher une panne", type="button", on_click=E2EFaultState.fail)
    )
