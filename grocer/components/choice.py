"""The checkout's small choice controls: a pressed/unpressed button and a radio card."""

from __future__ import annotations

from typing import Any

import reflex as rx

from grocer.components.dialog import FOCUS

CHIP = f"inline-flex items-center justify-center rounded-full text-sm font-semibold {FOCUS} "
ON = "bg-green-700 text-white "
OFF = "border border-gray-300 bg-white text-gray-800 hover:border-green-700 "


def choice_button(
    *children: Any,
    on_click: Any,
    selected: rx.Var[bool],
    size: str = "h-11 px-4",
    on: str = ON,
    off: str = OFF,
    **attrs: Any,
) -> rx.Component:
    """A button that shows whether it is the chosen one (aria-pressed)."""
    base = f"{CHIP}{size} "
    return rx.el.button(
        *children,
        type="button",
        on_click=on_click,
        aria_pressed=selected,
        class_name=rx.cond(selected, base + on, base + off),
        **attrs,
    )


def radio_card(
    name: str, value: str, label: Any, text: Any = None, **input_attrs: Any
) -> rx.Component:
    """A labelled radio as a card, outlined when checked."""
    return rx.el.label(
        rx.el.input(
            type="radio",
            name=name,
            value=value,
            class_name="mt-0.5 h-4 w-4 shrink-0 accent-green-700",
            **input_attrs,
        ),
        rx.el.span(
            rx.el.span(label, class_name="block font-semibold text-gray-900"),
            rx.el.span(text, class_name="block text-sm text-gray-600")
            if text is not None
            else rx.fragment(),
        ),
        class_name=(
            "flex cursor-pointer items-start gap-3 rounded-2xl border border-gray-200 px-4 py-3 "
            "has-[:checked]:border-green-700 has-[:checked]:bg-green-50"
        ),
    )


def action_button(label: Any, on_click: Any, look: str, **attrs: Any) -> rx.Component:
    """A plain button (type=button) with one of form_parts' looks."""
    return rx.el.button(label, type="button", on_click=on_click, class_name=look, **attrs)
