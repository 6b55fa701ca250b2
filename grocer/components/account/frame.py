"""What every account section shares: its card, heading and texts for loading and empty lists."""

from __future__ import annotations

import reflex as rx

from grocer.components.i18n import t

CARD = "rounded-2xl border border-gray-200 bg-white p-4 sm:p-6"
HEADING = "text-xl font-bold text-gray-900"


def section_frame(
    title_key: str, *children: rx.Component, description_key: str | None = None, **props
) -> rx.Component:
    """A section: its heading (the page's h2), an optional line under it, then its content."""
    return rx.el.section(
        rx.el.h2(t(title_key), class_name=HEADING),
        rx.el.p(t(description_key), class_name="mt-1 text-sm text-gray-600")
        if description_key
        else rx.fragment(),
        rx.el.div(*children, class_name="mt-5 space-y-5"),
        class_name=CARD,
        **props,
    )


def loading_text(key: str) -> rx.Component:
    return rx.el.p(t(key), role="status", class_name="py-6 text-center text-sm text-gray-600")


def empty_state(
    title_key: str, text_key: str | None = None, *actions: rx.Component
) -> rx.Component:
    return rx.el.div(
        rx.el.p(t(title_key), class_name="font-semibold text-gray-900"),
        rx.el.p(t(text_key), class_name="mt-1 text-sm text-gray-600")
        if text_key
        else rx.fragment(),
        rx.el.div(*actions, class_name="mt-4 flex flex-wrap justify-center gap-2 empty:hidden"),
        class_name="rounded-xl border border-dashed border-gray-300 px-4 py-8 text-center",
    )
