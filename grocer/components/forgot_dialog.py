"""The forgot-password dialog (000 §2.2): e-mail, 6-digit code, new password."""

from __future__ import annotations

import reflex as rx

from grocer.components.auth_dialog import to_dialog_button
from grocer.components.form_parts import LINK, submit_button
from grocer.components.i18n import t
from grocer.components.otp_step import code_flow_dialog, done_panel, email_step, password_step
from grocer.state.forgot import K_RESET_DONE, ForgotState


def _step_email() -> rx.Component:
    return email_step(
        ForgotState,
        "forgot",
        to_dialog_button("auth:forgot.backToLogin", "login", f"{LINK} self-center", delayed=False),
    )


def _step_password() -> rx.Component:
    return password_step(
        ForgotState,
        "forgot",
        t("auth:forgot.newPassword"),
        submit_button(t("auth:forgot.reset"), t("auth:forgot.resetting"), ForgotState.busy),
        on_submit=ForgotState.reset_password,
    )


def forgot_dialog() -> rx.Component:
    return code_flow_dialog(
        ForgotState,
        "forgot",
        titles=(
            "auth:forgot.titles.email",
            "auth:forgot.titles.verification",
            "auth:forgot.titles.password",
        ),
        description=t("auth:forgot.description"),
        email=_step_email(),
        later=(_step_password(),),
        done=done_panel(t(K_RESET_DONE), padding="py-6", role="status"),
    )
