"""/payment (001 §2 "Payment page"): summary, contact, tip, promo code, gift card, totals
from the server, the payment choice, the add-payment-method form, and the pay button."""

from __future__ import annotations

from typing import Any

import reflex as rx

from grocer.components.auth_dialog import INPUT, LABEL
from grocer.components.checkout_summary import CARD, SMALL_BUTTON, checkout_summary
from grocer.components.choice import choice_button, radio_card
from grocer.components.dialog import FOCUS
from grocer.components.form_parts import PRIMARY, error_box
from grocer.components.i18n import t
from grocer.components.layout import page_layout
from grocer.components.payment_form import payment_method_form, payment_toast
from grocer.components.payment_wait import payment_waiting
from grocer.components.prefetch import prefetch_page
from grocer.pages.checkout import checkout_shell
from grocer.state.checkout import CheckoutState
from grocer.state.currency import CurrencyState
from grocer.state.payment import (
    CASH,
    CONFIRMATION_ROUTE,
    MOBILE_MONEY,
    POLL_MS,
    ROUTE,
    TIP_CHOICES,
    PaymentState,
)

__all__ = ["ROUTE", "payment"]

H2 = "text-lg font-bold text-gray-900"
CHIP = (
    f"inline-flex h-11 items-center justify-center rounded-full px-4 text-sm font-semibold {FOCUS} "
)


def _total_row(
    label_key: str, key: str, negative: bool = False, strong: bool = False
) -> rx.Component:
    value = PaymentState.amounts[key].to(dict[str, str])
    return rx.el.div(
        rx.el.dt(t(label_key), class_name="text-gray-900 font-bold" if strong else "text-gray-600"),
        rx.el.dd(
            "− " if negative else "",
            value[CurrencyState.code],
            class_name="tabular-nums "
            + ("text-xl font-bold text-gray-900" if strong else "text-gray-900"),
            custom_attrs={"data-total": key},
        ),
        class_name="flex items-center justify-between gap-4 py-1 text-sm",
    )


def totals() -> rx.Component:
    return rx.el.dl(
        _total_row("checkout:totals.subtotal", "subtotal"),
        _total_row("checkout:totals.deliveryFee", "deliveryFee"),
        _total_row("checkout:totals.surcharge", "surcharge"),
        _total_row("checkout:totals.tip", "tip"),
        rx.cond(
            PaymentState.promo_code != "", _total_row("checkout:totals.discount", "discount", True)
        ),
        rx.cond(
            PaymentState.gift_code != "", _total_row("checkout:totals.giftCard", "giftCard", True)
        ),
        rx.cond(PaymentState.credit_used, _total_row("wallet:checkout.creditUsed", "credit", True)),
        rx.el.div(
            _total_row("checkout:totals.total", "total", strong=True),
            class_name="mt-2 border-t border-gray-100 pt-2",
        ),
        aria_label=t("checkout:totals.title"),
        class_name="border-t border-gray-100 pt-3",
    )


def contact() -> rx.Component:
    stored = CheckoutState.stored
    return rx.el.section(
        rx.el.div(
            rx.el.h2(t("checkout:payment.contact"), class_name=H2),
            rx.el.a(t("checkout:summary.change"), href="/checkout", class_name=SMALL_BUTTON),
            class_name="flex items-center justify-between gap-3",
        ),
        rx.el.p(
            stored["recipientFirstName"],
            " ",
            stored["recipientLastName"],
            class_name="font-semibold text-gray-900",
        ),
        rx.el.p(stored["phone"], class_name="text-sm text-gray-600"),
        class_name=f"{CARD} flex flex-col gap-1",
    )


def _tip_button(choice: str) -> rx.Component:
    label: Any = (
        t("checkout:payment.customTip")
        if choice == "custom"
        else PaymentState.tip_amounts[choice][CurrencyState.code]
    )
    return choice_button(
        label,
        on_click=PaymentState.choose_tip(choice),
        selected=PaymentState.tip_choice == choice,
    )


def _blur_field(
    label_key: str, field_id: str, value: Any, on_blur: Any, input_mode: str, max_length: str
) -> rx.Component:
    """A labelled text field whose value reaches the state when it loses focus."""
    return rx.el.div(
        rx.el.label(t(label_key), html_for=field_id, class_name=LABEL),
        rx.el.input(
            id=field_id,
            type="text",
            default_value=value,
            on_blur=on_blur,
            class_name=INPUT,
            custom_attrs={"inputMode": input_mode, "maxLength": max_length},
        ),
    )


def tip() -> rx.Component:
    return rx.el.section(
        rx.el.h2(t("checkout:payment.tip"), class_name=H2),
        rx.el.p(
            rx.cond(
                PaymentState.pickup,
                t("checkout:payment.tipTextPickup"),  # collected: the shop team gets it
                t("checkout:payment.tipText"),
            ),
            class_name="text-sm text-gray-600",
        ),
        rx.el.div(
            *(_tip_button(choice) for choice in TIP_CHOICES),
            class_name="grid grid-cols-2 gap-2 sm:grid-cols-4",
        ),
        rx.cond(
            PaymentState.tip_choice == "custom",
            _blur_field(
                "checkout:payment.customTipLabel",
                "custom-tip",
                PaymentState.custom_tip,
                PaymentState.set_custom_tip,
                "decimal",
                "12",
            ),
        ),
        error_box(PaymentState.field_error_key, "payment-field-error"),
        class_name=f"{CARD} flex flex-col gap-3",
    )


def _code_form(name: str, label_key: str, on_submit: Any, field_id: str) -> rx.Component:
    return rx.el.form(
        rx.el.label(t(label_key), html_for=field_id, class_name="sr-only"),
        rx.el.input(
            id=field_id,
            name=name,
            placeholder=t(label_key),
            auto_complete="off",
            class_name=f"{INPUT} h-11 uppercase placeholder:normal-case",
            custom_attrs={"maxLength": "40"},
        ),
        rx.el.button(
            t("checkout:payment.apply"),
            type="submit",
            class_name=(
                "inline-flex h-11 shrink-0 items-center rounded-full bg-gray-900 px-5 text-sm "
                f"font-semibold text-white hover:bg-gray-700 {FOCUS}"
            ),
        ),
        on_submit=on_submit,
        reset_on_submit=False,
        class_name="flex gap-2",
    )


def _applied(shown: rx.Var[bool], text: rx.Var[str]) -> rx.Component:
    """ "Code appliqué. Réduction: …" and the gift card's line, once applied."""
    return rx.cond(
        shown,
        rx.el.p(text, role="status", class_name="text-sm font-medium text-green-800"),
    )


def codes() -> rx.Component:
    discount = PaymentState.amounts["discount"].to(dict[str, str])[CurrencyState.code]
    gift = PaymentState.amounts["giftCard"].to(dict[str, str])[CurrencyState.code]
    return rx.el.section(
        rx.el.h2(t("checkout:payment.promo"), class_name=H2),
        _code_form(
            "promo_code", "checkout:payment.promoPlaceholder", PaymentState.apply_promo, "pay-promo"
        ),
        _applied(
            PaymentState.promo_code != "", t("checkout:payment.promoApplied", amount=discount)
        ),
        rx.el.button(
            t("checkout:payment.giftToggle"),
            type="button",
            on_click=PaymentState.toggle_gift,
            aria_expanded=PaymentState.gift_open,
            class_name=f"w-fit rounded text-sm font-semibold text-green-800 hover:underline {FOCUS}",
        ),
        rx.cond(
            PaymentState.gift_open,
            _code_form(
                "gift_code", "checkout:payment.giftPlaceholder", PaymentState.apply_gift, "pay-gift"
            ),
        ),
        _applied(PaymentState.gift_code != "", t("checkout:payment.giftApplied", amount=gift)),
        class_name=f"{CARD} flex flex-col gap-3",
    )


def _method(value: str, label_key: str, text_key: str) -> rx.Component:
    return radio_card(
        "payment_method",
        value,
        t(label_key),
        t(text_key),
        default_checked=PaymentState.method == value,
        on_change=PaymentState.choose_method(value),
    )


def _channel(value: str, label: str) -> rx.Component:
    return choice_button(
        label,
        on_click=PaymentState.choose_channel(value),
        selected=PaymentState.channel == value,
        size="h-11 flex-1 px-4",
        on="bg-gray-900 text-white",
    )


def methods() -> rx.Component:
    return rx.el.section(
        rx.el.h2(t("checkout:payment.method"), class_name=H2),
        rx.el.div(
            _method(CASH, "checkout:payment.cash", "checkout:payment.cashText"),
            rx.cond(
                PaymentState.mobile_offered,
                _method(
                    MOBILE_MONEY, "checkout:payment.mobileMoney", "checkout:payment.mobileMoneyText"
                ),
            ),
            role="radiogroup",
            aria_label=t("checkout:payment.method"),
            class_name="flex flex-col gap-2",
        ),
        rx.cond(
            PaymentState.method == MOBILE_MONEY,
            rx.el.div(
                rx.el.div(
                    _channel("orange", "Orange Money"),
                    _channel("moov", "Moov Money"),
                    class_name="flex gap-2",
                ),
                _blur_field(
                    "checkout:payment.mobilePhone",
                    "mm-phone",
                    PaymentState.mm_phone,
                    PaymentState.set_mm_phone,
                    "tel",
                    "20",
                ),
                class_name="flex flex-col gap-2",
            ),
        ),
        payment_method_form(),
        class_name=f"{CARD} flex flex-col gap-3",
    )


def pay_button() -> rx.Component:
    total = PaymentState.amounts["total"].to(dict[str, str])[CurrencyState.code]
    return rx.el.div(
        error_box(PaymentState.error_key, "payment-error"),
        payment_waiting(
            PaymentState.waiting,
            PaymentState.payment_url,
            PaymentState.poll,
            ms=POLL_MS,
            title_key="checkout:payment.waiting",
            text_key="checkout:payment.waitingText",
            link_key="checkout:payment.openPaymentPage",
        ),
        rx.el.button(
            rx.cond(
                PaymentState.placing,
                t("checkout:payment.placing"),
                t("checkout:payment.pay", amount=total),
            ),
            type="button",
            on_click=PaymentState.pay,
            disabled=PaymentState.placing | PaymentState.waiting,
            aria_busy=PaymentState.placing,
            id="pay-button",
            class_name=PRIMARY,
        ),
        class_name="flex flex-col gap-3",
    )


def payment_main() -> rx.Component:
    return rx.el.div(contact(), tip(), codes(), methods(), class_name="flex flex-col gap-4")


def payment_side() -> rx.Component:
    return rx.el.div(
        checkout_summary(totals()),
        pay_button(),
        class_name="flex flex-col gap-4 lg:sticky lg:top-6",
    )


def payment() -> rx.Component:
    return page_layout(
        checkout_shell(
            "checkout:payment.title", PaymentState.ready, payment_main(), payment_side()
        ),
        payment_toast(),
        prefetch_page(CONFIRMATION_ROUTE),
    )
