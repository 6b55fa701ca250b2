"""The account's "payment" section (001 §2 "Account page"). Placeholder until its issue part lands."""

from __future__ import annotations

import reflex as rx

from grocer.components.account.frame import section_frame


def payment_methods_section() -> rx.Component:
    return section_frame("account:nav.payment")
