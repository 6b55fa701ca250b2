"""The sign-in dialog (000 §2.1) and the fields the account dialogs share.

Inputs are uncontrolled (the browser holds what is typed; the handler receives the submitted
form), so a password never becomes a state var. Every message is a key the state sets and
`t_var` translates.
"""

from __future__ import annotations

from typing import Any

import reflex as rx

from grocer.components.dialog import FOCUS, dialog
from grocer.components.form_parts import (
    LINK,
    SECONDARY,
    checked_form,
    error_box,
    field_input,
    info_box,
    network_notice,
    submit_button,
    verbatim_attrs,
)
from grocer.components.i18n import t
from grocer.components.icons import stroke_icon as svg_icon  # the account dialogs' name
from grocer.components.open_now import dialog_key, open_now_mark
from grocer.components.session_hooks import digits_only
from grocer.state.auth import IDENTIFIER_MAX, PASSWORD_MAX, SECOND_CODE_MAX, AuthState
from grocer.state.dialogs import SWITCH_DELAY, DialogState
from grocer.state.otp_flow import CODE_LENGTH

INPUT = (
    "block h-12 w-full rounded-xl border border-gray-300 bg-white px-4 text-base text-gray-900 "
    "placeholder:text-gray-400 shadow-sm transition focus:border-green-600 focus:outline-none "
    "focus:ring-4 focus:ring-green-600/15 aria-[invalid=true]:border-red-500"
)
LABEL = "mb-1.5 block text-sm font-semibold text-gray-800"
FORM = "flex flex-col gap-4 px-6 pb-6 pt-2"  # the sign-in dialog's steps

_EYE = ("M2 12s3.5-7 10-7 10 7 10 7-3.5 7-10 7S2 12 2 12Z", "M12 15a3 3 0 1 0 0-6 3 3 0 0 0 0 6Z")
_EYE_OFF = (
    "M3 3l18 18",
    "M10.6 6.1A10.7 10.7 0 0 1 12 6c6.5 0 10 6 10 6a17 17 0 0 1-3.2 3.9",
    "M6.6 6.6A17 17 0 0 0 2 12s3.5 6 10 6a9.7 9.7 0 0 0 5.4-1.6",
    "M9.9 9.9a3 3 0 0 0 4.2 4.2",
)


def text_field(
    name: str,
    label: Any,
    field_id: str,
    *,
    type: str = "text",
    autocomplete: str = "off",
    placeholder: Any = None,
    error_id: str = "",
    invalid: rx.Var[bool] | bool = False,
    autofocus: bool = False,
    extra: dict[str, Any] | None = None,
    **props: Any,
) -> rx.Component:
    return rx.el.div(
        rx.el.label(label, html_for=field_id, class_name=LABEL),
        field_input(
            field_id,
            name=name,
            class_name=INPUT,
            autocomplete=autocomplete,
            invalid=invalid,
            error_id=error_id,
            placeholder=placeholder,
            attrs=extra,
            type=type,
            auto_focus=autofocus,
            **props,
        ),
    )


def password_field(
    name: str,
    label: Any,
    field_id: str,
    *,
    shown: rx.Var[bool],
    on_toggle: Any,
    autocomplete: str = "current-password",
    error_id: str = "",
    invalid: rx.Var[bool] | bool = False,
) -> rx.Component:
    """A password input with a show/hide toggle (the typed text stays in the browser)."""
    return rx.el.div(
        rx.el.label(label, html_for=field_id, class_name=LABEL),
        rx.el.div(
            field_input(
                field_id,
                name=name,
                class_name=f"{INPUT} pr-12",
                autocomplete=autocomplete,
                invalid=invalid,
                error_id=error_id,
                attrs=verbatim_attrs(PASSWORD_MAX),
                type=rx.cond(shown, "text", "password"),
            ),
            rx.el.button(
                rx.cond(shown, svg_icon(_EYE_OFF, 20), svg_icon(_EYE, 20)),
                type="button",
                on_click=on_toggle,
                aria_label=rx.cond(
                    shown, t("auth:common.hidePassword"), t("auth:common.showPassword")
                ),
                aria_pressed=shown,
                aria_controls=field_id,
                class_name=(
                    "absolute inset-y-0 right-1 my-auto inline-flex h-10 w-10 items-center "
                    f"justify-center rounded-full text-gray-500 hover:bg-gray-100 hover:text-gray-800 {FOCUS}"
                ),
            ),
            class_name="relative",
        ),
    )


def code_field(field_id: str, *, error_id: str, invalid: rx.Var[bool] | bool) -> rx.Component:
    """The 6-digit code (001 §5): digits only, cut at 6, the phone's number pad."""
    return text_field(
        "code",
        t("auth:common.code"),
        field_id,
        autocomplete="one-time-code",
        placeholder="0" * CODE_LENGTH,
        error_id=error_id,
        invalid=invalid,
        autofocus=True,
        extra={
            "inputMode": "numeric",
            "maxLength": str(CODE_LENGTH),
            "pattern": "[0-9]*",
            "onInput": digits_only(CODE_LENGTH),
        },
    )


def to_dialog_button(
    label_key: str,
    target: str,
    class_name: str = LINK,
    *,
    delayed: bool = True,
    drawn_from: str | None = None,
    ahead: rx.Var[bool] | None = None,
) -> rx.Component:
    """A button to another account dialog: `delayed` closes this one and opens `target` 300 ms
    later (000 §2.1, 001 §2); otherwise `target` takes its place at once. With `drawn_from`
    (this dialog's name), the browser draws the switch itself (assets/open_now.js, issue 23):
    this dialog closed at once and, while `ahead` holds (the target would open as it is
    drawn), `target` opened after the same delay; the state's switch follows."""
    go = DialogState.switch_dialog if delayed else DialogState.open_dialog
    attrs: dict[str, Any] = {}
    if drawn_from is not None:
        close = {dialog_key(drawn_from): False}
        mark: Any = open_now_mark(close)["data-open-now"]
        if ahead is not None:
            later = {dialog_key(target): (True, SWITCH_DELAY if delayed else 0.0)}
            mark = rx.cond(ahead, open_now_mark(close, later)["data-open-now"], mark)
        attrs = {"data-open-now": mark}
    return rx.el.button(
        t(label_key), type="button", on_click=go(target), class_name=class_name, custom_attrs=attrs
    )


def switch_prompt(question_key: str, action_key: str, target: str) -> rx.Component:
    """The footer line that swaps the sign-in and sign-up dialogs ("No account? Create one")."""
    return rx.el.p(
        t(question_key),
        " ",
        to_dialog_button(action_key, target),
        class_name="border-t border-gray-100 pt-4 text-center text-sm text-gray-600",
    )


def _second_intro() -> rx.Component:
    """Where the code is: sent by e-mail or SMS, shown by the app, or a recovery code."""
    return rx.el.p(
        rx.cond(
            AuthState.recovery_mode,
            t("security:signIn.recoveryIntro"),
            rx.match(
                AuthState.second_method,
                ("email", t("security:signIn.sentEmail")),
                ("sms", t("security:signIn.sentSms")),
                t("security:signIn.app"),
            ),
        ),
        class_name="text-sm text-gray-600",
    )


def _recovery_field(invalid: rx.Var[bool]) -> rx.Component:
    return text_field(
        "code",
        t("security:signIn.recoveryCode"),
        "login-code",
        placeholder="ABCDE-FGHJK",
        error_id="login-error",
        invalid=invalid,
        autofocus=True,
        extra=verbatim_attrs(SECOND_CODE_MAX),
    )


def _second_links() -> rx.Component:
    """ "Retour", and "Renvoyer le code" (e-mail, SMS) or "Utiliser un code de secours" (app)."""
    resend = rx.el.button(
        rx.cond(
            AuthState.second_resend_seconds > 0,
            t("auth:common.resendIn", seconds=AuthState.second_resend_seconds),
            t("security:signIn.resend"),
        ),
        type="button",
        on_click=AuthState.resend_second_factor,
        disabled=(AuthState.second_resend_seconds > 0) | AuthState.login_busy,
        class_name=LINK,
    )
    recovery = rx.el.button(
        rx.cond(
            AuthState.recovery_mode,
            t("security:signIn.useApp"),
            t("security:signIn.useRecovery"),
        ),
        type="button",
        on_click=AuthState.toggle_recovery,
        class_name=LINK,
    )
    return rx.el.div(
        rx.el.button(
            t("auth:common.back"),
            type="button",
            on_click=AuthState.back_to_password,
            disabled=AuthState.login_busy,
            class_name=SECONDARY,
        ),
        rx.cond(AuthState.second_method == "app", recovery, resend),
        class_name="flex flex-wrap items-center justify-between gap-3",
    )


def second_factor_step() -> rx.Component:
    """The sign-in's second step (two-factor), in the same dialog: the code, then the usual
    signed-in flow."""
    invalid = AuthState.login_error != ""
    return checked_form(
        network_notice(),
        error_box(AuthState.login_error, "login-error"),
        info_box(AuthState.second_info),
        _second_intro(),
        rx.cond(
            AuthState.recovery_mode,
            _recovery_field(invalid),
            code_field("login-code", error_id="login-error", invalid=invalid),
        ),
        submit_button(
            t("security:signIn.submit"), t("auth:common.verifying"), AuthState.login_busy
        ),
        _second_links(),
        on_submit=AuthState.submit_second_factor,
        form_id="login-code-form",
        class_name=FORM,
    )


def _password_step() -> rx.Component:
    """The username and password (000 §2.1)."""
    invalid = AuthState.login_error != ""
    return checked_form(
        network_notice(),
        error_box(AuthState.login_error, "login-error"),
        text_field(
            "username",
            t("auth:login.username"),
            "login-username",
            autocomplete="username",
            placeholder=t("auth:login.usernamePlaceholder"),
            error_id="login-error",
            invalid=invalid,
            autofocus=True,
            extra=verbatim_attrs(IDENTIFIER_MAX),
        ),
        password_field(
            "password",
            t("auth:login.password"),
            "login-password",
            shown=AuthState.show_password,
            on_toggle=AuthState.toggle_password,
            error_id="login-error",
            invalid=invalid,
        ),
        rx.el.div(
            rx.el.label(
                rx.el.input(
                    type="checkbox",
                    name="remember_me",
                    default_checked=True,
                    class_name="h-4 w-4 rounded accent-green-700",
                ),
                t("auth:login.rememberMe"),
                class_name="inline-flex cursor-pointer items-center gap-2 text-sm text-gray-800",
            ),
            to_dialog_button("auth:login.forgot", "forgot", delayed=False),
            class_name="flex items-center justify-between gap-3",
        ),
        submit_button(t("auth:login.submit"), t("auth:login.busy"), AuthState.login_busy),
        switch_prompt("auth:login.noAccount", "auth:login.createAccount", "signup"),
        on_submit=AuthState.submit_login,
        form_id="login-form",
        class_name=FORM,
    )


def login_dialog() -> rx.Component:
    """ "Connectez-vous à votre compte" (000 §2.1), then the second factor when the account
    asks for one (two-factor sign-in)."""
    return dialog(
        rx.cond(AuthState.second_step, second_factor_step(), _password_step()),
        open=DialogState.active == "login",
        on_close=DialogState.close_dialog,
        title=rx.cond(AuthState.second_step, t("security:signIn.title"), t("auth:login.title")),
        description=rx.cond(
            AuthState.second_step, t("security:signIn.description"), t("auth:login.subtitle")
        ),
        describe_visibly=True,
        dialog_id="login-dialog",
    )
