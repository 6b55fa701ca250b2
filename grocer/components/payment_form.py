"""The add-payment-method form (001 §2, §5) of /payment (hidden until "Ajouter un moyen de
paiement") and of the account's payment section (in its modal); tabs card / mobile money /
PayPal. No card number nor CVV is kept (the service keeps brand, last four and expiry only);
the CVV field is hidden text, at most 4."""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import Any

import reflex as rx

from grocer.components.auth_dialog import INPUT, LABEL
from grocer.components.choice import action_button
from grocer.components.dialog import FOCUS
from grocer.components.form_parts import PRIMARY, SECONDARY, error_box
from grocer.components.i18n import t
from grocer.components.toast import toast_box
from grocer.services.payment_methods import EXPIRY_YEARS, MOBILE_MONEY_PROVIDERS
from grocer.state.payment import PaymentState
from grocer.state.payment_method_form import TAB_CARD, TAB_MOBILE, TAB_PAYPAL, TABS


def _field(label_key: str, name: str, **attrs: object) -> rx.Component:
    custom = attrs.pop("custom_attrs", {})
    return rx.el.div(
        rx.el.label(t(label_key), html_for=f"pm-{name}", class_name=LABEL),
        rx.el.input(id=f"pm-{name}", name=name, class_name=INPUT, custom_attrs=custom, **attrs),
    )


def _card_fields(*extra: rx.Component) -> rx.Component:
    return rx.el.div(
        _field("checkout:methods.cardName", "card_name", auto_complete="cc-name"),
        _field(
            "checkout:methods.cardNumber",
            "card_number",
            auto_complete="cc-number",
            custom_attrs={"inputMode": "numeric", "maxLength": "23", "pattern": "[0-9 ]*"},
        ),
        rx.el.div(
            _field(
                "checkout:methods.expiryMonth",
                "expiry_month",
                type="number",
                custom_attrs={"min": "1", "max": "12"},
            ),
            _field(
                "checkout:methods.expiryYear",
                "expiry_year",
                type="number",
                custom_attrs={"min": str(EXPIRY_YEARS[0]), "max": str(EXPIRY_YEARS[1])},
            ),
            _field(
                "checkout:methods.cvv",
                "cvv",
                type="password",
                auto_complete="cc-csc",
                custom_attrs={"maxLength": "4", "inputMode": "numeric"},
            ),
            class_name="grid grid-cols-3 items-end gap-3",
        ),
        *extra,
        class_name="flex flex-col gap-4",
    )


def _mobile_fields() -> rx.Component:
    return rx.el.div(
        rx.el.div(
            rx.el.label(t("checkout:methods.provider"), html_for="pm-provider", class_name=LABEL),
            rx.el.select(
                *(rx.el.option(name, value=name) for name in MOBILE_MONEY_PROVIDERS),
                id="pm-provider",
                name="provider",
                class_name=INPUT,
            ),
        ),
        _field(
            "checkout:methods.mobileNumber",
            "mobile_number",
            type="tel",
            custom_attrs={"inputMode": "tel", "maxLength": "20"},
        ),
        class_name="flex flex-col gap-4",
    )


def _paypal_fields() -> rx.Component:
    return _field(
        "checkout:methods.paypalEmail", "paypal_email", type="email", auto_complete="email"
    )


def _tab(tab: str, current: rx.Var[str], choose_tab: Callable[[str], Any]) -> rx.Component:
    selected = current == tab
    base = f"flex-1 rounded-full px-3 py-2 text-sm font-semibold {FOCUS} "
    return rx.el.button(
        t(f"checkout:methods.tabs.{tab}"),
        type="button",
        role="tab",
        on_click=choose_tab(tab),
        aria_selected=selected,
        class_name=rx.cond(
            selected, base + "bg-white text-gray-900 shadow", base + "text-gray-600"
        ),
    )


def method_form(
    *,
    tab: rx.Var[str],
    choose_tab: Callable[[str], Any],
    error_key: rx.Var[str],
    busy: rx.Var[bool],
    on_submit: Any,
    on_cancel: Any,
    card_extra: Sequence[rx.Component] = (),
    extra: Sequence[rx.Component] = (),
    busy_label: Any = None,
    **props: Any,
) -> rx.Component:
    """The add-payment-method form (tabs card / mobile money / PayPal), uncontrolled: the
    fields reach `on_submit` once (grocer/state/payment_method_form.py reads them). The
    account's form adds `card_extra` under the card fields and `extra` under every tab."""
    card = _card_fields(*card_extra)
    return rx.el.form(
        rx.el.div(
            *(_tab(name, tab, choose_tab) for name in TABS),
            role="tablist",
            class_name="flex gap-1 rounded-full bg-gray-100 p-1",
        ),
        rx.match(
            tab,
            (TAB_CARD, card),
            (TAB_MOBILE, _mobile_fields()),
            (TAB_PAYPAL, _paypal_fields()),
            card,
        ),
        *extra,
        error_box(error_key, "method-error"),
        rx.el.div(
            action_button(t("checkout:slots.cancel"), on_cancel, f"{SECONDARY} flex-1"),
            rx.el.button(
                rx.cond(busy, busy_label, t("checkout:methods.save"))
                if busy_label is not None
                else t("checkout:methods.save"),
                type="submit",
                disabled=busy,
                aria_busy=busy,
                class_name=f"{PRIMARY} flex-1",
            ),
            class_name="flex gap-3",
        ),
        on_submit=on_submit,
        reset_on_submit=False,
        key=tab,
        custom_attrs={"noValidate": True},
        **props,
    )


def payment_method_form() -> rx.Component:
    """/payment's form, shown under its "Ajouter un moyen de paiement" button."""
    form = method_form(
        tab=PaymentState.tab,
        choose_tab=PaymentState.choose_tab,
        error_key=PaymentState.add_error_key,
        busy=PaymentState.add_busy,
        on_submit=PaymentState.add_method,
        on_cancel=PaymentState.close_add,
        aria_label=t("checkout:methods.add"),
        class_name="flex flex-col gap-4 rounded-2xl border border-gray-200 p-4",
    )
    return rx.cond(
        PaymentState.add_open,
        form,
        rx.el.button(
            t("checkout:methods.add"),
            type="button",
            on_click=PaymentState.open_add,
            class_name=f"{SECONDARY} h-11 w-full text-sm",
        ),
    )


def payment_toast() -> rx.Component:
    return rx.cond(
        PaymentState.toast_key != "",
        toast_box(
            rx.cond(
                PaymentState.toast_error,
                t("checkout:payment.methodFailed"),
                t("checkout:payment.methodAdded"),
            ),
            error=PaymentState.toast_error,
            z_class="z-[60]",
        ),
    )
