"""What every view of an order draws the same way (the confirmation page, the account's
orders): the slot, address and payment facts, the lines, the amounts, the status badge and
dates in the shopper's language.

The pieces take Vars of the shapes of grocer.views.orders (texts keyed by display currency),
so the shopper's currency (`CurrencyState.code`) picks the amount with no round trip.
"""

from __future__ import annotations

from typing import Any

import reflex as rx
from reflex.vars import VarData

from grocer.components.checkout_summary import HEADING
from grocer.components.i18n import current_language, t, t_var
from grocer.components.slot_dialog import day_name
from grocer.state.currency import CurrencyState
from grocer.state.slot_dialog import DayTab
from grocer.views.orders import ShownLine

#: The badge of each status: colours that read on white, with text contrast above 4.5:1.
STATUS_BADGE: dict[str, str] = {
    "pending": "bg-amber-50 text-amber-900 ring-amber-200",
    "confirmed": "bg-sky-50 text-sky-900 ring-sky-200",
    "shipped": "bg-indigo-50 text-indigo-900 ring-indigo-200",
    "delivered": "bg-green-50 text-green-900 ring-green-200",
    "cancelled": "bg-red-50 text-red-800 ring-red-200",
}
_BADGE = "inline-flex items-center rounded-full px-2.5 py-0.5 text-xs font-semibold ring-1"


#: Intl.DateTimeFormat options of each way of writing a moment.
DATE_STYLES: dict[str, str] = {
    "long": '{dateStyle: "long"}',  # 25 novembre 2026
    "short": '{day: "numeric", month: "short"}',  # 25 nov.
    "long_time": '{dateStyle: "long", timeStyle: "short"}',  # 25 novembre 2026 à 12:31
}


def local_date(iso: rx.Var[str], *, style: str = "long") -> rx.Var[str]:
    """An ISO moment written in the shown language's own format (`style`: DATE_STYLES), in
    the browser's time zone; "" for ""."""
    expr = (
        f"(({iso!s}) ? new Intl.DateTimeFormat({current_language!s}, {DATE_STYLES[style]})"
        f'.format(new Date({iso!s})) : "")'
    )
    return rx.Var(
        _js_expr=expr,
        _var_type=str,
        _var_data=VarData.merge(iso._get_all_var_data(), current_language._get_all_var_data()),
    ).to(str)


def status_badge(status: rx.Var[str]) -> rx.Component:
    """ "En attente", "Livrée", … in the status's colours."""
    return rx.el.span(
        t_var("orders:status." + status),
        class_name=rx.match(
            status,
            *((name, f"{_BADGE} {colours}") for name, colours in STATUS_BADGE.items()),
            f"{_BADGE} bg-gray-50 text-gray-800 ring-gray-200",
        ),
        custom_attrs={"data-status": status},
    )


def fact(heading_key: str, value: rx.Component) -> rx.Component:
    """One fact of an order: its small heading, then its value."""
    return rx.el.div(
        rx.el.dt(t(heading_key), class_name=HEADING), rx.el.dd(value), class_name="py-2"
    )


def order_facts(order: rx.Var[dict[str, str]], slot_day: rx.Var[DayTab]) -> rx.Component:
    """Slot (delivery or pickup, day and hours), address (the shop's for a pickup) and payment
    (method and status)."""
    is_pickup = order["kind"] == "pickup"
    return rx.el.dl(
        fact(
            "checkout:confirmation.slot",
            rx.el.span(
                rx.cond(
                    is_pickup,
                    t("checkout:confirmation.pickup"),
                    t("checkout:confirmation.delivery"),
                ),
                " · ",
                day_name(slot_day),
                " · ",
                order["slotLabel"],
                class_name="font-semibold text-gray-900",
            ),
        ),
        fact(
            "checkout:confirmation.address",
            rx.el.span(
                rx.cond(is_pickup, t("checkout:summary.storeAddress"), order["address"]),
                class_name="text-gray-900",
            ),
        ),
        payment_fact(order),
        class_name="grid gap-x-6 divide-y divide-gray-100 sm:grid-cols-1",
    )


def payment_fact(order: rx.Var[dict[str, str]]) -> rx.Component:
    is_pickup = order["kind"] == "pickup"
    return fact(
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


def order_lines(lines: rx.Var[list[ShownLine]], **props: Any) -> rx.Component:
    """ "2 × Riz 5 kg ........ 13 000 XOF", one line each."""
    return rx.el.ul(
        rx.foreach(lines, _line),
        class_name="divide-y divide-gray-100 border-t border-gray-100",
        **props,
    )


def total_line(label: Any, amount: rx.Var[dict[str, str]], **props: Any) -> rx.Component:
    """The order's total, in the shopper's currency."""
    return rx.el.div(
        rx.el.span(label, class_name="font-bold text-gray-900"),
        rx.el.span(
            amount[CurrencyState.code],
            class_name="text-xl font-bold tabular-nums text-gray-900",
            **props,
        ),
        class_name="flex items-center justify-between border-t border-gray-100 pt-4",
    )
