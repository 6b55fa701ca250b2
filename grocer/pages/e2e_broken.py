"""A deliberately broken page for the browser test of the 500 fallback (000 §2.7).

Registered ONLY when the server runs with the switch GROCER_E2E_BROKEN_ROUTE=1
(grocer.testing_switches; tests/e2e/conftest.py sets it for its own server): it never exists in
a normal build. It renders fine on the server (prerender) and throws while rendering in the
browser, which is what the fallback catches.
"""

from __future__ import annotations

import reflex as rx

ROUTE = "/e2e-broken"

_THROW = rx.Var(
    _js_expr=(
        '(() => { if (typeof window !== "undefined") '
        '{ throw new Error("Grocer e2e: deliberate rendering error"); } return ""; })()'
    ),
    _var_type=str,
)


def broken() -> rx.Component:
    return rx.el.main(rx.el.p("…"), rx.el.p(_THROW))
