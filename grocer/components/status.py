"""A big round green icon over a bold line: the head of a result view (an empty bag, an account
just created)."""

from __future__ import annotations

from typing import Any

import reflex as rx

from grocer.components.buttons import ROUND


def status_heading(glyph: rx.Component, circle: str, title: Any) -> rx.Component:
    """`glyph` in a green circle (`circle`: its size and background), then `title`."""
    return rx.fragment(
        rx.el.span(glyph, class_name=f"{ROUND} {circle} text-green-700"),
        rx.el.p(title, class_name="text-lg font-bold text-gray-900"),
    )
