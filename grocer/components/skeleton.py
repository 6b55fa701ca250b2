"""Skeletons of the final size, so that data arriving later moves nothing (no layout shift)."""

from __future__ import annotations

import reflex as rx

PULSE = "animate-pulse rounded-lg bg-gray-200"


def block(class_name: str) -> rx.Component:
    return rx.el.div(class_name=f"{PULSE} {class_name}", aria_hidden="true")


def card_skeleton() -> rx.Component:
    """The size of a product card."""
    return rx.el.div(
        block("aspect-square w-full rounded-xl"),
        block("mt-3 h-4 w-3/4"),
        block("mt-2 h-4 w-1/2"),
        block("mt-3 h-9 w-full rounded-full"),
        class_name="flex flex-col p-2",
        aria_hidden="true",
    )


def row_skeleton(count: int = 6) -> rx.Component:
    """A section row while loading: title bar and `count` cards (fewer shown on small screens)."""
    hide = {3: "hidden sm:flex", 4: "hidden lg:flex", 5: "hidden lg:flex"}
    return rx.el.div(
        rx.el.div(
            block("h-6 w-48"), block("h-9 w-24 rounded-full"), class_name="flex justify-between"
        ),
        rx.el.div(
            *(
                rx.el.div(card_skeleton(), class_name=f"{hide.get(i, 'flex')} flex-col")
                for i in range(count)
            ),
            class_name="mt-4 grid grid-cols-2 gap-3 sm:grid-cols-3 lg:grid-cols-6",
        ),
        class_name="py-6",
        aria_hidden="true",
    )


def grid_skeleton(count: int = 12) -> rx.Component:
    return rx.el.div(
        *(card_skeleton() for _ in range(count)),
        class_name="grid grid-cols-2 gap-3 sm:grid-cols-3 md:grid-cols-4 lg:grid-cols-6",
        aria_hidden="true",
    )
