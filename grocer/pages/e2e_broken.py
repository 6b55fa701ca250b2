"""A deliberately broken page for the browser test of the 500 fallback (000 §2.7).

Registered ONLY when the server runs with GROCER_E2E_BROKEN_ROUTE=1 (tests/e2e/conftest.py
sets it for its own server); it never exists in a normal build. It renders fine on the server
(prerender) and throws while rendering in the browser, which is what the fallback catches.
"""

from __future__ import annotations

import os

import reflex as rx

ENV = "GROCER_E2E_BROKEN_ROUTE"
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


def enabled() -> bool:
    return os.environ.get(ENV, "").strip() == "1"


def register(app: rx.App) -> None:
    if enabled():
        app.add_page(broken, route=ROUTE, title="Grocer")
