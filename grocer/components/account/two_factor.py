"""Two-factor sign-in in the settings section (001 §2, §9). Placeholder until its part lands."""

from __future__ import annotations

import reflex as rx


def two_factor_panel() -> rx.Component:
    return rx.fragment()
