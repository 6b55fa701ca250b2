"""/checkout: the delivery-instructions step (001 §2), between the bag and /payment."""

from __future__ import annotations

from typing import Any

import reflex as rx

from grocer.components.auth_dialog import INPUT, LABEL
from grocer.components.checkout_summary import CARD, checkout_summary
from grocer.components.choice import radio_card
from grocer.components.form_parts import PRIMARY, error_box, phone_fields
from grocer.components.i18n import t, t_var
from grocer.components.layout import page_layout
from grocer.components.prefetch import prefetch_page
from grocer.state.checkout import (
    NAME_MAX,
    NOTES_MAX,
    PAYMENT_ROUTE,
    PREFERENCES,
    ROUTE,
    CheckoutState,
)
from grocer.state.payment import PaymentState

__all__ = ["ROUTE", "checkout", "checkout_shell", "field_error"]


def field_error(name: str) -> rx.Component:
    key = CheckoutState.errors[name].to(str)
    return rx.cond(
        CheckoutState.errors.contains(name),
        rx.el.p(t_var(key), id=f"err-{name}", role="alert", class_name="mt-1 text-sm text-red-700"),
    )


def _text_field(name: str, form_name: str, label_key: str, value: Any, auto: str) -> rx.Component:
    return rx.el.div(
        rx.el.label(t(label_key), html_for=f"co-{name}", class_name=LABEL),
        rx.el.input(
            id=f"co-{name}",
            name=form_name,
            default_value=value,
            auto_complete=auto,
            class_name=INPUT,
            custom_attrs={
                "maxLength": str(NAME_MAX),
                "aria-invalid": CheckoutState.errors.contains(name),
                "aria-describedby": f"err-{name}",
            },
        ),
        field_error(name),
    )


def _preference(value: str) -> rx.Component:
    return radio_card(
        "delivery_preference",
        value,
        t(f"checkout:instructions.preferences.{value}"),
        default_checked=CheckoutState.preference == value,
    )


def instructions_form() -> rx.Component:
    return rx.el.form(
        rx.el.h2(t("checkout:instructions.title"), class_name="text-lg font-bold text-gray-900"),
        rx.el.div(
            _text_field(
                "recipientFirstName",
                "recipient_first_name",
                "checkout:instructions.firstName",
                CheckoutState.first_name,
                "given-name",
            ),
            _text_field(
                "recipientLastName",
                "recipient_last_name",
                "checkout:instructions.lastName",
                CheckoutState.last_name,
                "family-name",
            ),
            class_name="grid gap-4 sm:grid-cols-2",
        ),
        rx.el.div(
            rx.el.label(t("checkout:instructions.phone"), html_for="co-phone", class_name=LABEL),
            phone_fields(
                "co-phone",
                input_class=INPUT,
                country_code=CheckoutState.country_code,
                invalid=CheckoutState.errors.contains("phone"),
                error_id="err-phone",
                default_value=CheckoutState.phone,
            ),
            field_error("phone"),
        ),
        rx.el.fieldset(
            rx.el.legend(t("checkout:instructions.preference"), class_name=LABEL),
            rx.el.div(
                *(_preference(value) for value in PREFERENCES),
                class_name="grid gap-2 sm:grid-cols-2",
            ),
            field_error("deliveryPreference"),
        ),
        rx.el.div(
            rx.el.label(t("checkout:instructions.notes"), html_for="co-notes", class_name=LABEL),
            rx.el.textarea(
                id="co-notes",
                name="delivery_notes",
                default_value=CheckoutState.notes,
                placeholder=t("checkout:instructions.notesPlaceholder"),
                rows=3,
                class_name=INPUT.replace("h-12", "min-h-24") + " py-3",
                custom_attrs={"maxLength": str(NOTES_MAX)},
            ),
            field_error("deliveryNotes"),
        ),
        error_box(CheckoutState.slot_error_key, "checkout-error"),
        rx.el.button(t("checkout:instructions.confirm"), type="submit", class_name=PRIMARY),
        rx.el.p(
            t("checkout:instructions.nextStep"), class_name="text-center text-sm text-gray-600"
        ),
        on_submit=PaymentState.confirm_instructions,
        reset_on_submit=False,
        class_name=f"{CARD} flex flex-col gap-5",
        custom_attrs={"noValidate": True},
    )


def checkout_shell(
    title_key: str,
    ready: rx.Var[bool],
    main: rx.Component,
    side: rx.Component,
    side_first: bool = False,
) -> rx.Component:
    """The layout of the checkout steps: title, then the step and the summary side by side
    (stacked on a phone); a calm placeholder while the guard runs."""
    return rx.el.div(
        rx.el.h1(
            t(title_key), class_name="text-2xl font-bold tracking-tight text-gray-900 sm:text-3xl"
        ),
        rx.cond(
            ready,
            rx.el.div(
                rx.el.div(
                    main, class_name="min-w-0" + (" order-2 lg:order-1" if side_first else "")
                ),
                rx.el.div(side, class_name="order-1 lg:order-2" if side_first else ""),
                class_name="grid grid-cols-1 items-start gap-4 lg:grid-cols-[minmax(0,1fr)_400px] lg:gap-6",
            ),
            rx.el.div(
                rx.el.div(class_name="h-64 animate-pulse rounded-3xl bg-gray-100"),
                rx.el.div(class_name="h-64 animate-pulse rounded-3xl bg-gray-100"),
                aria_busy="true",
                class_name="grid gap-4 lg:grid-cols-[minmax(0,1fr)_400px]",
            ),
        ),
        class_name="mx-auto flex w-full max-w-6xl flex-col gap-6 px-4 py-6 sm:py-8",
    )


def checkout() -> rx.Component:
    return page_layout(
        checkout_shell(
            "checkout:instructions.pageTitle",
            CheckoutState.ready,
            instructions_form(),
            checkout_summary(),
            side_first=True,
        ),
        prefetch_page(PAYMENT_ROUTE),
    )
