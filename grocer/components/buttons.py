"""Buttons and links whose text follows an icon (the most common control of the shop)."""

from __future__ import annotations

from typing import Any

import reflex as rx

from grocer.components.icons import icon


def icon_text_button(icon_name: str, label: Any, size: int = 18, **props: Any) -> rx.Component:
    """A button: the icon `icon_name`, then `label`; type="button", so it never submits the
    form it sits in."""
    return rx.el.button(icon(icon_name, size), label, type="button", **props)


def icon_text_link(icon_name: str, label: Any, size: int = 16, **props: Any) -> rx.Component:
    """A link (`href` in `props`): the icon `icon_name`, then `label`."""
    return rx.el.a(icon(icon_name, size), label, **props)
