"""The account's "settings" section (001 §2 "Account page"). Placeholder until its issue part lands."""

from __future__ import annotations

import reflex as rx

from grocer.components.account.frame import section_frame
from grocer.components.account.two_factor import two_factor_panel


def settings_section() -> rx.Component:
    return section_frame("account:nav.settings", two_factor_panel())
