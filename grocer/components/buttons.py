"""The plain buttons of the shop: with a text, with only an icon, with an icon then a text
(and the link of that last look).

All are `type="button"`, so a button inside a form never submits it by accident, and an icon
button always carries the accessible name a screen reader announces (it shows no text).
"""

from __future__ import annotations

from typing import Any

import reflex as rx

from grocer.components.icons import icon

ROUND = "inline-flex items-center justify-center rounded-full"
"""The round shape of an icon button; callers add its size, colours and the focus ring."""


def text_button(
    label: Any, on_click: Any, class_name: Any, *extra: Any, **props: Any
) -> rx.Component:
    """A button showing `label` (then `extra` children, e.g. an icon after the text);
    `on_click` None: a button that only closes (inside `closing(...)`)."""
    if on_click is not None:
        props["on_click"] = on_click
    return rx.el.button(label, *extra, type="button", class_name=class_name, **props)


def icon_button(label: Any, class_name: Any, *glyph: rx.Component, **props: Any) -> rx.Component:
    """A button showing only `glyph` (an icon, perhaps a badge); `label` is its accessible name
    (aria-label)."""
    return rx.el.button(*glyph, type="button", aria_label=label, class_name=class_name, **props)


def icon_text_button(icon_name: str, label: Any, size: int = 18, **props: Any) -> rx.Component:
    """A button: the icon `icon_name`, then `label`."""
    return rx.el.button(icon(icon_name, size), label, type="button", **props)


def icon_text_link(icon_name: str, label: Any, size: int = 16, **props: Any) -> rx.Component:
    """A link (`href` in `props`): the icon `icon_name`, then `label`."""
    return rx.el.a(icon(icon_name, size), label, **props)
