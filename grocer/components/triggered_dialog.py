"""A dialog that opens through its own trigger button (the Refine dialog, the phone menu), on
the shop's Radix dialog parts (grocer.components.dialog): focus trap, Escape, focus return to
the trigger, scroll lock. Unlike `dialog(...)`, Radix keeps the open flag unless the caller
controls it through the root's `open` / `on_open_change`."""

from __future__ import annotations

from typing import Any

import reflex as rx

from grocer.components.buttons import ROUND, icon_button
from grocer.components.dialog import (
    DialogClose,
    DialogContent,
    DialogOverlay,
    DialogPortal,
    DialogRoot,
    DialogTrigger,
)
from grocer.components.icons import icon
from grocer.views.styles import FOCUS

BACKDROP = "fixed inset-0 z-50 bg-black/40"


def closing(child: rx.Component) -> rx.Component:
    """`child` (a button or a link) also closes the dialog it is in."""
    return DialogClose.create(child, as_child=True)


def close_button(label: rx.Var[str] | str) -> rx.Component:
    """The round × of a triggered dialog's top bar."""
    return closing(
        icon_button(
            label, f"{ROUND} h-9 w-9 text-gray-600 hover:bg-gray-100 {FOCUS}", icon("close", 20)
        )
    )


def triggered_dialog(
    trigger: rx.Component,
    *children: rx.Component,
    content_class: str,
    root: type[DialogRoot] = DialogRoot,
    **root_props: Any,
) -> rx.Component:
    """`trigger` opens a modal holding `children` (which include its DialogTitle)."""
    return root.create(
        DialogTrigger.create(trigger, as_child=True),
        DialogPortal.create(
            DialogOverlay.create(class_name=BACKDROP),
            DialogContent.create(*children, class_name=content_class),
        ),
        **root_props,
    )
