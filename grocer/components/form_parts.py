"""The pieces every form dialog draws the same way (sign-in, sign-up, forgot password, the
delivery address, the bag's prompts): the buttons' looks, the two message boxes, the submit
button that shows its call running and the coordinate inputs.

A message box takes a message *key* that a state sets ("" hides the box) and translates it
with `t_var`, so the state never holds a sentence.
"""

from __future__ import annotations

from typing import Any

import reflex as rx
from reflex.components.core.banner import has_connection_errors

from grocer.components.i18n import t, t_var
from grocer.components.icons import stroke_icon
from grocer.services.phones import COUNTRY_CODES
from grocer.services.validation import COORDINATE_RULES
from grocer.views.styles import FOCUS

PRIMARY = (
    "inline-flex h-12 w-full items-center justify-center gap-2 rounded-full bg-green-700 px-6 "
    "text-base font-semibold text-white shadow-sm transition hover:bg-green-800 "
    f"disabled:cursor-not-allowed disabled:bg-green-700/60 {FOCUS}"
)
SECONDARY = (
    "inline-flex h-12 items-center justify-center gap-2 rounded-full border border-gray-300 "
    "bg-white px-5 text-base font-semibold text-gray-800 transition hover:bg-gray-50 "
    f"disabled:cursor-not-allowed disabled:opacity-60 {FOCUS}"
)
LINK = (
    "rounded text-sm font-semibold text-green-800 underline-offset-4 hover:underline "
    f"disabled:cursor-not-allowed disabled:text-gray-400 disabled:no-underline {FOCUS}"
)

CHECK = ("m5 12 5 5L20 7",)
ALERT = (
    "M12 9v4",
    "M12 17h.01",
    "M10.3 3.9 1.8 18a2 2 0 0 0 1.7 3h17a2 2 0 0 0 1.7-3L13.7 3.9a2 2 0 0 0-3.4 0Z",
)
"""The account dialogs' warning sign (the address dialog keeps the shop's "alert" icon)."""
SPINNER = ("M12 3a9 9 0 1 0 9 9",)


def field_input(
    field_id: str,
    *,
    name: str,
    class_name: str,
    autocomplete: str = "off",
    invalid: rx.Var[bool] | bool = False,
    error_id: str = "",
    placeholder: Any = None,
    attrs: dict[str, Any] | None = None,
    **props: Any,
) -> rx.Component:
    """An input that tells assistive technology when it is `invalid` and which message
    (`error_id`) says why; `attrs` go to the element as they are (maxLength, inputMode, …)."""
    described = {"aria-describedby": error_id} if error_id else {}
    return rx.el.input(
        id=field_id,
        name=name,
        auto_complete=autocomplete,
        class_name=class_name,
        custom_attrs={"aria-invalid": invalid, **described, **(attrs or {})},
        **({"placeholder": placeholder} if placeholder is not None else {}),
        **props,
    )


def phone_fields(
    field_id: str,
    *,
    input_class: str,
    country_code: rx.Var[str] | str,
    invalid: rx.Var[bool] | bool,
    error_id: str,
    attrs: dict[str, Any] | None = None,
    prefix: str = "",
    country_label: Any = None,
    **props: Any,
) -> rx.Component:
    """A phone number as the account keeps it (sign-up, checkout contact, profile): the
    country code select (`country_code` preselected, form field "{prefix}country_code", named
    `country_label` for assistive technology) beside the national number (`field_id`, form
    field "{prefix}phone"), on one row that also fits a phone's width. `attrs` and `props` go
    to the number's input (an input filter, a default value, autofocus)."""
    return rx.el.div(
        rx.el.div(
            rx.el.select(
                *(rx.el.option(code, value=code) for code in COUNTRY_CODES),
                name=f"{prefix}country_code",
                default_value=country_code,
                aria_label=country_label
                if country_label is not None
                else t("auth:signup.countryCode"),
                class_name=f"{input_class} pr-2",
            ),
            class_name="w-28 shrink-0",
        ),
        rx.el.div(
            field_input(
                field_id,
                name=f"{prefix}phone",
                type="tel",
                autocomplete="tel-national",
                placeholder="70 12 34 56",
                class_name=input_class,
                invalid=invalid,
                error_id=error_id,
                attrs={"inputMode": "numeric", "maxLength": "20", **(attrs or {})},
                **props,
            ),
            class_name="min-w-0 flex-1",
        ),
        class_name="flex gap-2",
    )


def verbatim_attrs(max_length: int) -> dict[str, str]:
    """For text that must arrive as typed (a login, an e-mail, a password): at most
    `max_length` characters, no automatic capital, no spell check."""
    return {"maxLength": str(max_length), "autoCapitalize": "none", "spellCheck": "false"}


def coordinate_attrs(axis: str) -> dict[str, str]:
    """A number input for a latitude or longitude (`axis`): the range of the rule that checks
    it (grocer.services.validation), any decimals, the phone's decimal keypad."""
    low, high = COORDINATE_RULES[axis][:2]
    return {
        "type": "number",
        "step": "any",
        "min": f"{low:g}",
        "max": f"{high:g}",
        "inputMode": "decimal",
    }


def checked_form(
    *children: rx.Component,
    on_submit: Any,
    form_id: str,
    class_name: str = "flex flex-col gap-4",
    attrs: dict[str, Any] | None = None,
) -> rx.Component:
    """A form of uncontrolled inputs, checked by the state rather than the browser (what is
    typed reaches the handler as the submitted form, never a state var); `attrs`: more
    attributes of the form."""
    return rx.el.form(
        *children,
        on_submit=on_submit,
        reset_on_submit=False,
        custom_attrs={"noValidate": True, **(attrs or {})},
        class_name=class_name,
        id=form_id,
    )


def spinner(size: int = 18) -> rx.Component:
    """The turning arc of a call that is running."""
    return stroke_icon(SPINNER, size, "animate-spin")


def error_box(
    key: rx.Var[str], box_id: str, sign: tuple[str, ...] = ALERT, params: rx.Var | None = None
) -> rx.Component:
    """The message of a failed step (role=alert, so screen readers hear it at once); `box_id`
    is what the inputs name in aria-describedby; `params` fill the message's placeholders."""
    return rx.cond(
        key != "",
        rx.el.div(
            stroke_icon(sign, 18, "mt-0.5 text-red-600"),
            rx.el.p(t_var(key, params)),
            id=box_id,
            role="alert",
            class_name=(
                "flex items-start gap-2 rounded-xl border border-red-200 bg-red-50 px-3 py-2.5 "
                "text-sm font-medium text-red-800"
            ),
        ),
    )


def info_box(key: rx.Var[str], box_id: str = "", params: rx.Var | None = None) -> rx.Component:
    """A success or progress message (role=status)."""
    return rx.cond(
        key != "",
        rx.el.div(
            stroke_icon(CHECK, 18, "mt-0.5 text-green-700"),
            rx.el.p(t_var(key, params)),
            role="status",
            class_name=(
                "flex items-start gap-2 rounded-xl border border-green-200 bg-green-50 px-3 "
                "py-2.5 text-sm font-medium text-green-900"
            ),
            **({"id": box_id} if box_id else {}),
        ),
    )


def busy_button(
    label: Any, busy_label: Any, busy: rx.Var[bool], class_name: str, **props: Any
) -> rx.Component:
    """A button that, while its action runs, is disabled and shows a spinner and `busy_label`
    (so a double click acts once)."""
    return rx.el.button(
        rx.cond(busy, spinner(), rx.fragment()),
        rx.cond(busy, busy_label, label),
        disabled=busy,
        aria_busy=busy,
        class_name=class_name,
        **props,
    )


def submit_button(label: Any, busy_label: Any, busy: rx.Var[bool], **props: Any) -> rx.Component:
    """The form's main button: disabled, with a spinner and `busy_label`, while it runs."""
    return busy_button(label, busy_label, busy, PRIMARY, type="submit", **props)


def network_notice() -> rx.Component:
    """000 §8 "Network error": shown while the page cannot reach the server."""
    return rx.cond(
        has_connection_errors,
        rx.el.p(
            t("auth:errors.network"),
            role="alert",
            class_name="rounded-xl bg-amber-50 px-3 py-2 text-sm font-medium text-amber-900",
        ),
    )
