"""The account's "addresses" section (001 §2 "Account page"). Placeholder until its issue part lands."""

from __future__ import annotations

import reflex as rx

from grocer.components.account.frame import section_frame


def addresses_section() -> rx.Component:
    return section_frame("account:nav.addresses")
