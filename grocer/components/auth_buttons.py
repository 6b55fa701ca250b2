"""The "sign in" and "create account" buttons that the header, the phone menu and the bag's
save prompt show to a signed-out shopper: each opens its dialog, only the looks differ."""

from __future__ import annotations

from typing import Any

import reflex as rx

from grocer.components.buttons import text_button
from grocer.state.dialogs import DialogState


def sign_in_button(label: Any, class_name: str) -> rx.Component:
    """Opens the sign-in dialog (a tap before the app runs is kept: grocer.web.tap_replay)."""
    return text_button(
        label, DialogState.open_dialog("login"), class_name, custom_attrs={"data-tap": "signin"}
    )


def sign_up_button(label: Any, class_name: str) -> rx.Component:
    """Opens the create-account dialog."""
    return text_button(label, DialogState.open_dialog("signup"), class_name)
