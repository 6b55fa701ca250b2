"""/commande/{id}: the confirmation of a placed order (the owner's only; else not found)."""

from __future__ import annotations

import reflex as rx

from grocer.components.checkout_summary import CARD
from grocer.components.form_parts import PRIMARY
from grocer.components.i18n import t
from grocer.components.layout import page_layout
from grocer.components.order_parts import order_facts, order_lines, total_line
from grocer.pages.errors import error_content
from grocer.state.order_confirmation import ROUTE, OrderConfirmationState

__all__ = ["ROUTE", "order_confirmation"]


def confirmation_card() -> rx.Component:
    order = OrderConfirmationState.order
    return rx.el.section(
        rx.el.div(
            rx.el.p(
                t("checkout:confirmation.thanks"), class_name="text-sm font-semibold text-green-800"
            ),
            rx.el.h1(
                t("checkout:confirmation.title", number=order["number"]),
                class_name="text-2xl font-bold tracking-tight text-gray-900 sm:text-3xl",
            ),
            rx.el.p(t("checkout:confirmation.receipt"), class_name="text-sm text-gray-600"),
            class_name="flex flex-col gap-1",
        ),
        order_facts(order, OrderConfirmationState.slot_day),
        order_lines(OrderConfirmationState.lines),
        total_line(
            t("checkout:totals.total"),
            OrderConfirmationState.total,
            custom_attrs={"data-total": "total"},
        ),
        rx.el.a(t("checkout:confirmation.backToShop"), href="/", class_name=PRIMARY),
        class_name=f"{CARD} mx-auto flex w-full max-w-2xl flex-col gap-4",
    )


def order_confirmation() -> rx.Component:
    return page_layout(
        rx.el.div(
            rx.cond(
                OrderConfirmationState.loading,
                rx.el.div(
                    class_name="mx-auto h-96 w-full max-w-2xl animate-pulse rounded-3xl bg-gray-100",
                    aria_busy="true",
                ),
                rx.cond(
                    OrderConfirmationState.found, confirmation_card(), error_content("notfound")
                ),
            ),
            class_name="px-0 py-6 sm:py-10",
        )
    )
