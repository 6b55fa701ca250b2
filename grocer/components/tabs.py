"""A tab list and its panels (WAI-ARIA tabs: role="tab" buttons that name the panel they
control, a role="tabpanel" labelled by its tab), as the product page and the deals page use.

Ids: `{prefix}tab-{value}` for a tab, `{prefix}panel-{value}` for its panel.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import Any

import reflex as rx

from grocer.components.i18n import t
from grocer.views.styles import FOCUS


def tab_list(
    tabs: Sequence[tuple[str, str]],
    current: rx.Var[str],
    select: Callable[[str], Any],
    label: Any,
    size: str,
    class_name: str,
    prefix: str = "",
) -> rx.Component:
    """A tab per (value, message key); `select(value)` is its on_click; `size` its padding and
    text size."""

    def tab(value: str, key: str) -> rx.Component:
        selected = current == value
        return rx.el.button(
            t(key),
            type="button",
            role="tab",
            id=f"{prefix}tab-{value}",
            aria_selected=rx.cond(selected, "true", "false"),
            aria_controls=f"{prefix}panel-{value}",
            on_click=select(value),
            class_name=rx.cond(
                selected,
                f"{size} border-b-2 border-green-700 font-bold text-green-800 {FOCUS}",
                f"{size} border-b-2 border-transparent font-medium text-gray-600 "
                f"hover:text-gray-900 {FOCUS}",
            ),
        )

    return rx.el.div(
        *(tab(value, key) for value, key in tabs),
        role="tablist",
        aria_label=label,
        class_name=class_name,
    )


def tab_panel(
    value: rx.Var[str] | str, *children: rx.Component, prefix: str = "", **props: Any
) -> rx.Component:
    """The panel of the tab `value`."""
    return rx.el.div(
        *children,
        role="tabpanel",
        id=f"{prefix}panel-" + value,
        aria_labelledby=f"{prefix}tab-" + value,
        **props,
    )
