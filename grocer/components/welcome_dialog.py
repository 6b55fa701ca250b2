"""The welcome dialog (001 §2): "Welcome back, {name}!", closes itself after 4 s."""

from __future__ import annotations

import reflex as rx

from grocer.components.auth_dialog import svg_icon
from grocer.components.dialog import notice_dialog
from grocer.components.form_parts import CHECK, PRIMARY
from grocer.components.i18n import t
from grocer.components.icons import icon_badge
from grocer.components.prefetch import checkout_ahead
from grocer.state.dialogs import DialogState


def welcome_dialog() -> rx.Component:
    return notice_dialog(
        icon_badge(svg_icon(CHECK, 30), "h-16 w-16", "rounded-full bg-green-100 text-green-700"),
        t("auth:welcome.message"),
        rx.el.button(
            t("auth:welcome.continue"),
            type="button",
            on_click=DialogState.close_dialog,
            class_name=PRIMARY,
        ),
        checkout_ahead(),
        open=DialogState.active == "welcome",
        on_close=DialogState.close_dialog,
        title=t("auth:welcome.title", name=DialogState.welcome_name),
        title_inside=True,
        dialog_id="welcome-dialog",
        spacing="gap-3 px-6 pb-8 pt-8",
    )
