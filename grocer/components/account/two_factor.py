"""Two-factor sign-in in Settings → security (001 §2: disabled, sms, email, app with the
"recommended" badge; §9): the current method, the four choices, the app's enrolment (QR code,
the key to type by hand, the code that switches it on), the recovery codes shown once, and
switching it off with the password. State: grocer.state.two_factor."""

from __future__ import annotations

from typing import Any

import reflex as rx

from grocer.components.auth_dialog import code_field, text_field
from grocer.components.choice import radio_card
from grocer.components.form_parts import (
    SECONDARY,
    checked_form,
    error_box,
    submit_button,
    verbatim_attrs,
)
from grocer.components.i18n import t
from grocer.state.forms import PASSWORD_MAX
from grocer.state.two_factor import CHOICES, TwoFactorState

PANEL = "space-y-4 rounded-xl border border-gray-200 bg-gray-50 p-4"
BADGE = "ml-2 rounded-full bg-green-100 px-2 py-0.5 text-xs font-semibold text-green-800"
ERROR_ID = "two-factor-error"


def _choice_label(method: str) -> Any:
    label = t(f"security:methods.{method}")
    if method != "app":
        return label
    return rx.fragment(label, rx.el.span(t("security:panel.recommended"), class_name=BADGE))


def _choice(method: str) -> rx.Component:
    return radio_card(
        "two-factor-method",
        method,
        _choice_label(method),
        t(f"security:hints.{method}"),
        checked=TwoFactorState.shown_choice == method,
        on_change=TwoFactorState.choose(method),
        disabled=TwoFactorState.busy,
    )


def _buttons(*children: rx.Component) -> rx.Component:
    return rx.el.div(*children, class_name="flex flex-wrap items-center gap-3 [&>button]:w-auto")


def _cancel() -> rx.Component:
    return rx.el.button(
        t("security:panel.cancel"),
        type="button",
        on_click=TwoFactorState.cancel,
        disabled=TwoFactorState.busy,
        class_name=SECONDARY,
    )


def _panel(title_key: str, text_key: str, *children: rx.Component, **props: Any) -> rx.Component:
    """A step of the panel: its title, what to do, then `children`."""
    return rx.el.div(
        rx.el.h4(t(title_key), class_name="font-semibold text-gray-900"),
        rx.el.p(t(text_key), class_name="text-sm text-gray-700"),
        *children,
        class_name=PANEL,
        **props,
    )


def _enrolment() -> rx.Component:
    """The QR code, the key written out, and the code that switches the app on."""
    return _panel(
        "security:enrol.title",
        "security:enrol.scan",
        rx.el.img(
            src=TwoFactorState.qr_code,
            alt=t("security:enrol.qrAlt"),
            custom_attrs={"width": "200", "height": "200"},
            class_name="h-[200px] w-[200px] rounded-lg border border-gray-200 bg-white",
        ),
        rx.el.p(t("security:enrol.manual"), class_name="text-sm text-gray-700"),
        rx.el.code(
            TwoFactorState.secret_text,
            id="two-factor-secret",
            class_name="block break-all rounded-lg bg-white px-3 py-2 font-mono text-base tracking-wider text-gray-900",
        ),
        checked_form(
            code_field("two-factor-code", error_id=ERROR_ID, invalid=TwoFactorState.error != ""),
            _buttons(
                submit_button(
                    t("security:enrol.activate"), t("security:panel.busy"), TwoFactorState.busy
                ),
                _cancel(),
            ),
            on_submit=TwoFactorState.confirm_app,
            form_id="two-factor-enrol-form",
            class_name="space-y-4",
        ),
    )


def _recovery_codes() -> rx.Component:
    """The recovery codes, this once, until "J'ai noté mes codes"."""
    return _panel(
        "security:recovery.title",
        "security:recovery.text",
        rx.el.ul(
            rx.foreach(
                TwoFactorState.recovery_codes,
                lambda code: rx.el.li(code, class_name="font-mono text-base text-gray-900"),
            ),
            id="two-factor-recovery-codes",
            class_name="grid grid-cols-2 gap-2 rounded-lg bg-white px-3 py-2",
        ),
        rx.el.button(
            t("security:recovery.noted"),
            type="button",
            on_click=TwoFactorState.codes_noted,
            class_name=SECONDARY,
        ),
    )


def _password_prompt() -> rx.Component:
    """Switching off asks for the current password."""
    return checked_form(
        rx.el.p(t("security:disable.text"), class_name="text-sm text-gray-700"),
        text_field(
            "password",
            t("security:disable.password"),
            "two-factor-password",
            type="password",
            autocomplete="current-password",
            error_id=ERROR_ID,
            invalid=TwoFactorState.error != "",
            autofocus=True,
            extra=verbatim_attrs(PASSWORD_MAX),
        ),
        _buttons(
            submit_button(
                t("security:disable.submit"), t("security:panel.busy"), TwoFactorState.busy
            ),
            _cancel(),
        ),
        on_submit=TwoFactorState.disable,
        form_id="two-factor-disable-form",
        class_name=PANEL,
    )


def two_factor_panel() -> rx.Component:
    """The panel the settings section places in its security block."""
    return rx.el.div(
        rx.el.h3(
            t("security:panel.title"),
            id="two-factor-title",
            class_name="text-lg font-semibold text-gray-900",
        ),
        rx.el.p(
            t("security:panel.current"),
            " ",
            rx.el.strong(
                rx.match(
                    TwoFactorState.method,
                    *((method, t(f"security:methods.{method}")) for method in CHOICES),
                    t("security:methods.disabled"),
                ),
                id="two-factor-current",
            ),
            class_name="text-sm text-gray-700",
        ),
        rx.el.fieldset(
            rx.el.legend(t("security:panel.choose"), class_name="sr-only"),
            *(_choice(method) for method in CHOICES),
            class_name="grid min-w-0 grid-cols-1 gap-3 sm:grid-cols-2",
        ),
        error_box(TwoFactorState.error, ERROR_ID),
        rx.cond(TwoFactorState.enrolling, _enrolment()),
        rx.cond(TwoFactorState.recovery_codes.length() > 0, _recovery_codes()),
        rx.cond(TwoFactorState.asking_password, _password_prompt()),
        on_mount=TwoFactorState.load,
        role="group",
        aria_labelledby="two-factor-title",
        id="two-factor-panel",
        class_name="space-y-4",
    )
