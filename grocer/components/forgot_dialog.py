"""The forgot-password dialog (000 §2.2): e-mail, 6-digit code, new password."""

from __future__ import annotations

import reflex as rx

from grocer.components.auth_dialog import (
    CHECK,
    LINK,
    SECONDARY,
    error_box,
    info_box,
    network_notice,
    password_field,
    submit_button,
    svg_icon,
    text_field,
)
from grocer.components.dialog import dialog
from grocer.components.i18n import current_language, t
from grocer.components.session_hooks import digits_only
from grocer.components.signup_dialog import lang_input
from grocer.state.dialogs import DialogState
from grocer.state.forgot import K_RESET_DONE, ForgotState

_ERROR_ID = "forgot-error"


def _form(*children: rx.Component, on_submit, form_id: str) -> rx.Component:
    return rx.el.form(
        *children,
        on_submit=on_submit,
        reset_on_submit=False,
        custom_attrs={"noValidate": True},
        class_name="flex flex-col gap-4",
        id=form_id,
    )


def _step_email() -> rx.Component:
    return _form(
        rx.el.p(t("auth:forgot.emailIntro"), class_name="text-sm text-gray-600"),
        text_field(
            "email",
            t("auth:common.email"),
            "forgot-email",
            type="email",
            autocomplete="email",
            placeholder=t("auth:common.emailPlaceholder"),
            default_value=ForgotState.email,
            error_id=_ERROR_ID,
            invalid=ForgotState.error != "",
            autofocus=True,
            extra={"maxLength": "254", "autoCapitalize": "none", "spellCheck": "false"},
        ),
        lang_input(),
        submit_button(t("auth:forgot.sendCode"), t("auth:common.sending"), ForgotState.busy),
        rx.el.button(
            t("auth:forgot.backToLogin"),
            type="button",
            on_click=DialogState.open_dialog("login"),
            class_name=f"{LINK} self-center",
        ),
        on_submit=ForgotState.send_code,
        form_id="forgot-email-form",
    )


def _step_code() -> rx.Component:
    return _form(
        rx.el.p(
            t("auth:forgot.codeSent", email=ForgotState.email), class_name="text-sm text-gray-600"
        ),
        text_field(
            "code",
            t("auth:common.code"),
            "forgot-code",
            autocomplete="one-time-code",
            placeholder="000000",
            error_id=_ERROR_ID,
            invalid=ForgotState.error != "",
            autofocus=True,
            extra={
                "inputMode": "numeric",
                "maxLength": "6",
                "pattern": "[0-9]*",
                "onInput": digits_only(6),
            },
        ),
        submit_button(t("auth:forgot.verify"), t("auth:common.verifying"), ForgotState.busy),
        rx.el.div(
            rx.el.button(
                t("auth:common.back"),
                type="button",
                on_click=ForgotState.back,
                disabled=ForgotState.busy,
                class_name=SECONDARY,
            ),
            rx.el.button(
                rx.cond(
                    ForgotState.resend_seconds > 0,
                    t("auth:common.resendIn", seconds=ForgotState.resend_seconds),
                    t("auth:forgot.resend"),
                ),
                type="button",
                on_click=ForgotState.resend_code(current_language),
                disabled=(ForgotState.resend_seconds > 0) | ForgotState.busy,
                class_name=LINK,
            ),
            class_name="flex items-center justify-between gap-3",
        ),
        on_submit=ForgotState.verify_code,
        form_id="forgot-code-form",
    )


def _step_password() -> rx.Component:
    return _form(
        password_field(
            "password",
            t("auth:forgot.newPassword"),
            "forgot-password",
            shown=ForgotState.show_password,
            on_toggle=ForgotState.toggle_password,
            autocomplete="new-password",
            error_id=_ERROR_ID,
            invalid=ForgotState.error != "",
        ),
        password_field(
            "confirm",
            t("auth:common.confirmPassword"),
            "forgot-confirm",
            shown=ForgotState.show_confirm,
            on_toggle=ForgotState.toggle_confirm,
            autocomplete="new-password",
            error_id=_ERROR_ID,
            invalid=ForgotState.error != "",
        ),
        rx.el.p(t("auth:common.passwordHint"), class_name="-mt-2 text-xs text-gray-500"),
        submit_button(t("auth:forgot.reset"), t("auth:forgot.resetting"), ForgotState.busy),
        on_submit=ForgotState.reset_password,
        form_id="forgot-password-form",
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
                    (2, _step_code()),
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
