"""The forgot-password dialog (000 §2.2): e-mail, 6-digit code, new password."""

from __future__ import annotations

import reflex as rx

from grocer.components.auth_dialog import svg_icon
from grocer.components.dialog import dialog
from grocer.components.form_parts import (
    CHECK,
    LINK,
    error_box,
    info_box,
    network_notice,
    submit_button,
)
from grocer.components.i18n import t
from grocer.components.otp_step import code_step, email_step, password_step
from grocer.state.dialogs import DialogState
from grocer.state.forgot import K_RESET_DONE, ForgotState

_ERROR_ID = "forgot-error"


def _step_email() -> rx.Component:
    return email_step(
        ForgotState,
        "forgot",
        rx.el.button(
            t("auth:forgot.backToLogin"),
            type="button",
            on_click=DialogState.open_dialog("login"),
            class_name=f"{LINK} self-center",
        ),
    )


def _step_password() -> rx.Component:
    return password_step(
        ForgotState,
        "forgot",
        t("auth:forgot.newPassword"),
        submit_button(t("auth:forgot.reset"), t("auth:forgot.resetting"), ForgotState.busy),
        on_submit=ForgotState.reset_password,
    )


def _success() -> rx.Component:
    return rx.el.div(
        rx.el.span(
            svg_icon(CHECK, 32),
            class_name="inline-flex h-16 w-16 items-center justify-center rounded-full bg-green-100 text-green-700",
        ),
        rx.el.p(t(K_RESET_DONE), role="status", class_name="text-lg font-bold text-gray-900"),
        class_name="flex flex-col items-center gap-4 py-6 text-center",
    )


def forgot_dialog() -> rx.Component:
    title = rx.match(
        ForgotState.step,
        (2, t("auth:forgot.titles.verification")),
        (3, t("auth:forgot.titles.password")),
        t("auth:forgot.titles.email"),
    )
    return dialog(
        rx.el.div(
            network_notice(),
            error_box(ForgotState.error, _ERROR_ID),
            rx.cond(ForgotState.done, rx.fragment(), info_box(ForgotState.info)),
            rx.cond(
                ForgotState.done,
                _success(),
                rx.match(
                    ForgotState.step,
                    (2, code_step(ForgotState, "forgot")),
                    (3, _step_password()),
                    _step_email(),
                ),
            ),
            class_name="flex flex-col gap-4 overflow-y-auto px-6 pb-6 pt-2",
        ),
        open=DialogState.active == "forgot",
        on_close=DialogState.close_dialog,
        title=title,
        description=t("auth:forgot.description"),
        dialog_id="forgot-dialog",
    )
