"""/commande/{id}: the confirmation of a placed order (the owner's only; else not found)."""

from __future__ import annotations

import reflex as rx

from grocer.components.checkout_summary import CARD, HEADING
from grocer.components.form_parts import PRIMARY
from grocer.components.i18n import t, t_var
from grocer.components.layout import page_layout
from grocer.components.slot_dialog import day_name
from grocer.pages.errors import error_content
from grocer.state.currency import CurrencyState
from grocer.state.order_confirmation import ROUTE, OrderConfirmationState, ShownLine

__all__ = ["ROUTE", "order_confirmation"]


def _fact(heading_key: str, value: rx.Component) -> rx.Component:
    return rx.el.div(
        rx.el.dt(t(heading_key), class_name=HEADING), rx.el.dd(value), class_name="py-2"
    )


def _line(line: rx.Var[ShownLine]) -> rx.Component:
    return rx.el.li(
        rx.el.span(
            line["quantity"].to_string() + " × " + line["name"],
            class_name="min-w-0 flex-1 truncate",
        ),
        rx.el.span(line["total"][CurrencyState.code], class_name="font-semibold tabular-nums"),
        class_name="flex gap-3 py-2 text-sm",
    )


def confirmation_card() -> rx.Component:
    order = OrderConfirmationState.order
    is_pickup = order["kind"] == "pickup"
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
        rx.el.dl(
            _fact(
                "checkout:confirmation.slot",
                rx.el.span(
                    rx.cond(
                        is_pickup,
                        t("checkout:confirmation.pickup"),
                        t("checkout:confirmation.delivery"),
                    ),
                    " · ",
                    day_name(OrderConfirmationState.slot_day),
                    " · ",
                    order["slotLabel"],
                    class_name="font-semibold text-gray-900",
                ),
            ),
            _fact(
                "checkout:confirmation.address",
                rx.el.span(
                    rx.cond(is_pickup, t("checkout:summary.storeAddress"), order["address"]),
                    class_name="text-gray-900",
                ),
            ),
            _fact(
                "checkout:confirmation.payment",
                rx.el.span(
                    t_var("checkout:confirmation.methods." + order["paymentMethod"]),
                    " · ",
                    rx.cond(
                        is_pickup & (order["paymentStatus"] == "unpaid"),
                        t("checkout:confirmation.unpaidPickup"),  # paid at the shop
                        t_var("checkout:confirmation.paymentStatus." + order["paymentStatus"]),
                    ),
                    class_name="text-gray-900",
                ),
            ),
            class_name="grid gap-x-6 divide-y divide-gray-100 sm:grid-cols-1",
        ),
        rx.el.ul(
            rx.foreach(OrderConfirmationState.lines, _line),
            class_name="divide-y divide-gray-100 border-t border-gray-100",
        ),
        rx.el.div(
            rx.el.span(t("checkout:totals.total"), class_name="font-bold text-gray-900"),
            rx.el.span(
                OrderConfirmationState.total[CurrencyState.code],
                class_name="text-xl font-bold tabular-nums text-gray-900",
                custom_attrs={"data-total": "total"},
            ),
            class_name="flex items-center justify-between border-t border-gray-100 pt-4",
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
