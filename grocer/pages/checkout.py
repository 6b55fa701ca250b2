"""/checkout: a placeholder until the checkout issue lands — the bag summary, honestly labelled.

Checkout itself (delivery instructions, payment) is a later issue; this page says so
("Le paiement arrive bientôt") and shows what the shopper is about to order.
"""

from __future__ import annotations

import reflex as rx

from grocer.components.bag_panel import amount, line_image
from grocer.components.dialog import FOCUS
from grocer.components.i18n import t
from grocer.state.bag import BagRow, BagState
from grocer.state.currency import CurrencyState

ROUTE = "/checkout"


def _line(item: rx.Var[BagRow]) -> rx.Component:
    return rx.el.li(
        line_image(item, "h-14 w-14"),
        rx.el.div(
            rx.el.p(item["name"], class_name="font-semibold text-gray-900"),
            rx.el.p(
                item["quantity"].to(str) + " × " + item["unit"][CurrencyState.code],
                class_name="text-sm text-gray-500",
            ),
            class_name="min-w-0 flex-1",
        ),
        amount(item["total"], "font-bold text-gray-900 tabular-nums"),
        class_name="flex items-center gap-4 py-3",
    )


def checkout_content() -> rx.Component:
    return rx.el.div(
        rx.el.h1(
            t("bag:checkoutPage.title"),
            class_name="text-3xl font-bold tracking-tight text-gray-900",
        ),
        rx.el.div(
            rx.el.p(t("bag:checkoutPage.comingSoon"), class_name="text-lg font-bold"),
            rx.el.p(t("bag:checkoutPage.comingSoonText"), class_name="text-sm"),
            role="status",
            class_name="rounded-2xl border border-amber-200 bg-amber-50 p-4 text-amber-900",
        ),
        rx.cond(
            BagState.count > 0,
            rx.el.section(
                rx.el.h2(t("bag:title", count=BagState.count), class_name="text-lg font-bold"),
                rx.el.ul(rx.foreach(BagState.items, _line), class_name="divide-y divide-gray-100"),
                rx.el.div(
                    rx.el.span(t("bag:subtotal"), class_name="font-semibold text-gray-700"),
                    amount(BagState.subtotal, "text-xl font-bold text-gray-900 tabular-nums"),
                    class_name="flex items-center justify-between border-t border-gray-100 pt-4",
                ),
                class_name="rounded-3xl bg-white p-6 shadow-sm ring-1 ring-gray-100",
            ),
            rx.el.p(t("bag:empty.title"), class_name="text-gray-600"),
        ),
        rx.el.a(
            t("bag:continueShopping"),
            href="/",
            class_name=(
                "inline-flex h-12 w-fit items-center rounded-full bg-green-700 px-6 font-semibold "
                f"text-white hover:bg-green-800 {FOCUS}"
            ),
        ),
        class_name="mx-auto flex w-full max-w-3xl flex-col gap-6 py-8",
    )


def checkout() -> rx.Component:
    from grocer.components.layout import page_layout

    return page_layout(checkout_content())
