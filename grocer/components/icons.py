"""Inline SVG icons (24×24, stroke = currentColor), drawn from the paths of grocer.views.icons."""

from __future__ import annotations

import reflex as rx

from grocer.views.icons import PATHS

_ATTRS = {
    "fill": "none",
    "stroke": "currentColor",
    "strokeWidth": "2",
    "strokeLinecap": "round",
    "strokeLinejoin": "round",
    "aria-hidden": "true",
    "focusable": "false",
}


def stroke_icon(
    paths: tuple[str, ...], size: int = 20, class_name: str = "", filled: bool = False
) -> rx.Component:
    """A decorative icon drawn from its own paths (hidden from screen readers: the control
    around it carries the name); for icons that only one dialog needs."""
    attrs = dict(_ATTRS)
    if filled:
        attrs["fill"] = "currentColor"
    return rx.el.svg(
        *(rx.el.svg.path(d=d) for d in paths),
        view_box="0 0 24 24",
        width=str(size),
        height=str(size),
        class_name=f"shrink-0 {class_name}".strip(),
        custom_attrs=attrs,
    )


def icon(name: str, size: int = 20, class_name: str = "", filled: bool = False) -> rx.Component:
    """A decorative icon of the set above, by name."""
    return stroke_icon(PATHS[name], size, class_name, filled)


def logo(class_name: str = "") -> rx.Component:
    """The Grocer mark: a green leaf in a rounded square, then the name."""
    return rx.el.span(
        rx.el.span(
            icon("leaf", 20, "text-white"),
            class_name="inline-flex h-9 w-9 items-center justify-center rounded-xl bg-green-600",
        ),
        rx.el.span("Grocer", class_name="text-xl font-extrabold tracking-tight text-green-800"),
        class_name=f"inline-flex items-center gap-2 {class_name}".strip(),
    )


def icon_badge(glyph: rx.Component, size: str, look: str) -> rx.Component:
    """An icon centred in a tinted badge (the top of a notice, an avatar): `size` its height and
    width classes, `look` its shape and colours."""
    return rx.el.span(glyph, class_name=f"inline-flex {size} items-center justify-center {look}")
