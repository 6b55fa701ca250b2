"""What the account's address and payment-method lists draw alike: the switch between
loading, failed (with its reload button), empty and the list; a row's badges and buttons."""

from __future__ import annotations

from typing import Any

import reflex as rx

from grocer.components.account.frame import empty_state, loading_text
from grocer.components.i18n import t
from grocer.components.icons import icon
from grocer.views.styles import FOCUS

SMALL_BUTTON = (
    "inline-flex h-10 items-center justify-center gap-1.5 rounded-full border border-gray-300 "
    "bg-white px-4 text-sm font-semibold text-gray-800 transition hover:bg-gray-50 "
    f"disabled:cursor-wait disabled:opacity-60 {FOCUS}"
)
SMALL_DANGER = (
    "inline-flex h-10 items-center justify-center gap-1.5 rounded-full border border-red-200 "
    f"bg-white px-4 text-sm font-semibold text-red-700 transition hover:bg-red-50 {FOCUS}"
)
ADD_BUTTON = (
    "inline-flex h-11 items-center justify-center gap-2 rounded-full bg-green-700 px-5 "
    f"text-sm font-semibold text-white shadow-sm transition hover:bg-green-800 {FOCUS}"
)
ROW = "flex min-w-0 flex-col gap-3 rounded-xl border border-gray-200 p-4"
#: Badge looks: green (default, active, verified), grey (inactive, not verified), blue (recent).
GREEN = "bg-green-100 text-green-800"
GREY = "bg-gray-100 text-gray-700"
BLUE = "bg-blue-100 text-blue-800"


def badge(label: Any, look: str) -> rx.Component:
    return rx.el.span(
        label, class_name=f"inline-flex rounded-full px-2.5 py-0.5 text-xs font-semibold {look}"
    )


def small_button(label: Any, on_click: Any, look: str = SMALL_BUTTON, **props: Any) -> rx.Component:
    return rx.el.button(label, type="button", on_click=on_click, class_name=look, **props)


def add_button(label_key: str, on_click: Any, **props: Any) -> rx.Component:
    return rx.el.button(
        icon("plus", 18), t(label_key), type="button", on_click=on_click, class_name=ADD_BUTTON,
        **props,
    )  # fmt: skip


def list_body(state: Any, ns: str, shown: rx.Component) -> rx.Component:
    """`state` (grocer/state/owned_rows.py) failed → its message and the reload button; not
    loaded yet → the loading text; no rows → the empty texts; else `shown`. The texts are the
    keys loading, loadFailed, reload, empty.title and empty.text under `ns`."""
    return rx.cond(
        state.failed,
        rx.el.div(
            rx.el.p(
                t(f"{ns}.loadFailed"), role="alert", class_name="text-sm font-medium text-red-800"
            ),
            small_button(t(f"{ns}.reload"), state.load),
            class_name=(
                "flex flex-col items-start gap-3 rounded-xl border border-red-200 bg-red-50 p-4 "
                "sm:flex-row sm:items-center sm:justify-between"
            ),
        ),
        rx.cond(
            state.loaded,
            rx.cond(
                state.rows.length() > 0, shown, empty_state(f"{ns}.empty.title", f"{ns}.empty.text")
            ),
            loading_text(f"{ns}.loading"),
        ),
    )
