"""The account's payment section (001 §2 "Account page", §5): the saved methods with their
type, card brand and last four / Mobile Money number and operator / PayPal e-mail, expiry,
Actif/Inactif, Vérifié/Non vérifié and the default badge; "Ajouter une méthode" opens the
shared add form (grocer/components/payment_form.py) in a modal; Supprimer asks first."""

from __future__ import annotations

from typing import Any

import reflex as rx

from grocer.components.account.confirm_delete import confirm_delete
from grocer.components.account.frame import section_frame
from grocer.components.account.list_parts import (
    GREEN,
    GREY,
    ROW,
    SMALL_DANGER,
    add_button,
    badge,
    list_body,
    small_button,
)
from grocer.components.auth_dialog import INPUT, LABEL
from grocer.components.dialog import dialog
from grocer.components.i18n import t
from grocer.components.payment_form import method_form
from grocer.services.payment_methods import (
    BILLING_COUNTRIES,
    CREDIT_CARD,
    DEFAULT_BILLING_COUNTRY,
    MOBILE_MONEY,
    PAYMENT_TYPES,
    PAYPAL,
)
from grocer.state.account_payment_methods import AccountPaymentMethodsState

NS = "addressbook:payment"


def _two_digits(value: rx.Var) -> rx.Var:
    return rx.Var(
        _js_expr=f'String({value!s} ?? "").padStart(2, "0")',
        _var_type=str,
        _var_data=value._get_all_var_data(),
    )


def method_details(method: Any) -> rx.Component:
    """What identifies the method, by its type (never more than a card's last four)."""
    detail = "text-sm text-gray-700 break-words"
    return rx.match(
        method["paymentType"],
        (
            CREDIT_CARD,
            rx.el.div(
                rx.el.p(
                    t(
                        f"{NS}.cardEnding",
                        brand=method["cardBrand"],
                        lastFour=method["cardLastFour"],
                    ),
                    class_name=detail,
                ),
                rx.cond(
                    method["expiryMonth"],
                    rx.el.p(
                        t(
                            f"{NS}.expires",
                            month=_two_digits(method["expiryMonth"]),
                            year=method["expiryYear"],
                        ),
                        class_name="text-xs text-gray-500",
                    ),
                ),
            ),
        ),
        (
            MOBILE_MONEY,
            rx.el.p(
                method["mobileMoneyNumber"],
                rx.cond(method["mobileMoneyProvider"], " · ", ""),
                method["mobileMoneyProvider"],
                class_name=detail,
            ),
        ),
        (PAYPAL, rx.el.p(method["paypalEmail"], class_name=detail)),
        rx.fragment(),
    )


def saved_method(method: Any) -> rx.Component:
    return rx.el.li(
        rx.el.div(
            rx.el.p(method["paymentName"], class_name="font-semibold text-gray-900 break-words"),
            rx.el.p(
                rx.match(
                    method["paymentType"],
                    *((kind, t(f"{NS}.types.{kind}")) for kind in PAYMENT_TYPES),
                    method["paymentTypeDisplayName"],
                ),
                class_name="text-xs font-bold uppercase tracking-wide text-gray-600",
            ),
            class_name="min-w-0",
        ),
        method_details(method),
        rx.el.div(
            rx.cond(
                method["isActive"],
                badge(t(f"{NS}.active"), GREEN),
                badge(t(f"{NS}.inactive"), GREY),
            ),
            rx.cond(
                method["isVerified"],
                badge(t(f"{NS}.verified"), GREEN),
                badge(t(f"{NS}.unverified"), GREY),
            ),
            rx.cond(method["isDefault"], badge(t(f"{NS}.default"), GREEN)),
            class_name="flex flex-wrap gap-1.5",
        ),
        rx.el.div(
            small_button(
                t(f"{NS}.delete"),
                AccountPaymentMethodsState.ask_delete(method["id"]),
                SMALL_DANGER,
                aria_label=t(f"{NS}.deleteLabel", name=method["paymentName"]),
            ),
            class_name="mt-auto flex",
        ),
        class_name=ROW,
    )


def billing_country() -> rx.Component:
    """The card's billing country (001 §2: default United States; the spec's choices are
    names, shown as they are in every language)."""
    return rx.el.div(
        rx.el.label(t(f"{NS}.billingCountry"), html_for="pm-billing-country", class_name=LABEL),
        rx.el.select(
            *(rx.el.option(name, value=name) for name in BILLING_COUNTRIES),
            id="pm-billing-country",
            name="billing_country",
            default_value=DEFAULT_BILLING_COUNTRY,
            class_name=INPUT,
        ),
    )


def set_default() -> rx.Component:
    return rx.el.label(
        rx.el.input(
            type="checkbox",
            id="pm-is-default",
            name="is_default",
            class_name="h-5 w-5 rounded accent-green-700",
        ),
        t(f"{NS}.setDefault"),
        html_for="pm-is-default",
        class_name="inline-flex cursor-pointer items-center gap-2.5 text-sm text-gray-800",
    )


def add_method_dialog() -> rx.Component:
    state = AccountPaymentMethodsState
    return dialog(
        method_form(
            tab=state.tab,
            choose_tab=state.choose_tab,
            error_key=state.error_key,
            busy=state.busy,
            on_submit=state.add_method,
            on_cancel=state.close_form,
            card_extra=(billing_country(),),
            extra=(set_default(),),
            busy_label=t(f"{NS}.saving"),
            class_name="flex flex-col gap-4 overflow-y-auto px-6 pb-6 pt-3 [&>*]:shrink-0",
            id="payment-method-form",
        ),
        open=state.form_open,
        on_close=state.close_form,
        title=t(f"{NS}.formTitle"),
        description=t(f"{NS}.formText"),
        describe_visibly=True,
        dialog_id="payment-method-dialog",
    )


def payment_methods_section() -> rx.Component:
    state = AccountPaymentMethodsState
    return section_frame(
        "account:nav.payment",
        rx.el.div(
            add_button(f"{NS}.add", state.open_form),
            class_name="flex justify-end",
        ),
        list_body(
            state,
            NS,
            rx.el.ul(
                rx.foreach(state.rows, saved_method),
                class_name="grid gap-3 sm:grid-cols-2",
                id="saved-methods",
            ),
        ),
        add_method_dialog(),
        confirm_delete(state, "method-delete-dialog"),
        on_mount=state.load,
        id="account-payment-methods",
    )
