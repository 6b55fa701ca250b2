"""The 4-step sign-up dialog (001 §2): Email, Vérification, Mot de passe, Téléphone."""

from __future__ import annotations

import reflex as rx

from grocer.components.auth_dialog import (
    INPUT,
    LABEL,
    svg_icon,
    switch_prompt,
    to_dialog_button,
)
from grocer.components.form_parts import CHECK, PRIMARY, info_box, phone_fields, submit_button
from grocer.components.i18n import t
from grocer.components.open_now import close_after, dialog_key
from grocer.components.otp_step import (
    back_button,
    code_flow_dialog,
    done_panel,
    email_step,
    lang_input,
    password_step,
    shown_step,
    step_error,
    step_form,
)
from grocer.components.prefetch import checkout_ahead
from grocer.components.session_hooks import digits_only
from grocer.services.phones import PHONE_MAX_DIGITS
from grocer.state.signup import (
    DEFAULT_COUNTRY_CODE,
    K_CREATED_SIGN_IN,
    K_CREATED_SIGNED_IN,
    STEPS,
    SUCCESS_CLOSE_SECONDS,
    SignupState,
)

STEP_LABELS = (
    "auth:signup.steps.email",
    "auth:signup.steps.verification",
    "auth:signup.steps.password",
    "auth:signup.steps.phone",
)
STEP_TITLES = (
    "auth:signup.titles.email",
    "auth:signup.titles.verification",
    "auth:signup.titles.password",
    "auth:signup.titles.phone",
)

_ERROR_ID = "signup-error"


def step_indicator(step: rx.Var[int]) -> rx.Component:
    """Email · Vérification · Mot de passe · Téléphone, the current one marked."""
    items = []
    for index, key in enumerate(STEP_LABELS, start=1):
        done = step > index
        current = step == index
        items.append(
            rx.el.li(
                rx.el.span(
                    rx.cond(done, svg_icon(CHECK, 14), str(index)),
                    class_name=rx.cond(
                        done | current,
                        "inline-flex h-7 w-7 items-center justify-center rounded-full bg-green-700 text-xs font-bold text-white",
                        "inline-flex h-7 w-7 items-center justify-center rounded-full bg-gray-100 text-xs font-bold text-gray-500",
                    ),
                    aria_hidden="true",
                ),
                rx.el.span(
                    t(key),
                    class_name=rx.cond(
                        current,
                        "text-[11px] font-semibold text-gray-900 sm:text-xs",
                        "text-[11px] text-gray-500 sm:text-xs",
                    ),
                ),
                custom_attrs={"aria-current": rx.cond(current, "step", "false")},
                class_name="flex flex-1 flex-col items-center gap-1 text-center",
            )
        )
    return rx.el.ol(
        *items,
        aria_label=t("auth:signup.progress"),
        class_name="flex items-start justify-between gap-1 px-6 pt-1",
    )


def _step_password() -> rx.Component:
    return password_step(
        SignupState,
        "signup",
        t("auth:common.password"),
        rx.el.div(
            back_button(SignupState),
            rx.el.button(t("auth:common.continue"), type="submit", class_name=f"{PRIMARY} flex-1"),
            class_name="flex gap-3",
        ),
        on_submit=SignupState.set_password,
        next_step="signup=4",
    )


def _step_phone() -> rx.Component:
    return step_form(
        rx.el.p(t("auth:signup.phoneIntro"), class_name="text-sm text-gray-600"),
        rx.el.div(
            rx.el.label(t("auth:signup.phone"), html_for="signup-phone", class_name=LABEL),
            phone_fields(
                "signup-phone",
                input_class=INPUT,
                country_code=DEFAULT_COUNTRY_CODE,
                invalid=step_error(SignupState, "signup") != "",
                error_id=_ERROR_ID,
                attrs={"onInput": digits_only(PHONE_MAX_DIGITS)},
                auto_focus=True,
            ),
        ),
        lang_input(),
        rx.el.div(
            back_button(SignupState),
            rx.el.div(
                submit_button(t("auth:signup.create"), t("auth:signup.creating"), SignupState.busy),
                class_name="flex-1",
            ),
            class_name="flex gap-3",
        ),
        on_submit=SignupState.register,
        form_id="signup-phone-form",
    )


def signup_dialog() -> rx.Component:
    return code_flow_dialog(
        SignupState,
        "signup",
        titles=STEP_TITLES,
        description=t("auth:signup.description", steps=STEPS),
        email=email_step(SignupState, "signup"),
        later=(_step_password(), _step_phone()),
        done=done_panel(
            t("auth:signup.created"),
            info_box(SignupState.info, "signup-info"),
            rx.cond(
                SignupState.info == K_CREATED_SIGN_IN,
                to_dialog_button("auth:login.submit", "login", PRIMARY),
            ),
            checkout_ahead(),
            rx.cond(
                SignupState.info == K_CREATED_SIGNED_IN,
                close_after(dialog_key("signup"), SUCCESS_CLOSE_SECONDS),
            ),
        ),
        header=step_indicator(shown_step(SignupState, "signup")),
        footer=switch_prompt("auth:signup.haveAccount", "auth:signup.signIn", "login"),
        padding_top="pt-4",
    )
