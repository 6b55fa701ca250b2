"""The account's "Mes commandes" section (001 §2 "Account page", issue 15): the list (number,
date, status, total in the shopper's currency), an order's details in place (tracking,
slot, address, payment, lines, amounts, history), cancelling while pending and reordering.

The spec shows only the empty state (a message and a button back to the shop); it is kept for
a shopper without orders.
"""

from __future__ import annotations

import reflex as rx
from reflex_base.vars.base import Var
from reflex_base.vars.function import ArgsFunctionOperation

from grocer.components.account.confirm_delete import confirm_buttons
from grocer.components.account.frame import empty_state, loading_text, section_frame
from grocer.components.bag_now import opens_bag
from grocer.components.browser import on_each_value
from grocer.components.buttons import text_button
from grocer.components.dialog import dialog
from grocer.components.error_box import retry_button
from grocer.components.form_parts import ALERT, CHECK, LINK, PRIMARY, spinner
from grocer.components.i18n import t, t_var
from grocer.components.icons import stroke_icon
from grocer.components.order_parts import (
    fact,
    local_date,
    order_facts,
    order_lines,
    payment_fact,
    status_badge,
    total_line,
)
from grocer.state.account_orders import AccountOrdersState as S
from grocer.state.bag import BagState
from grocer.state.currency import CurrencyState
from grocer.views.orders import HistoryRow, OrderRow, TotalRow, TrackStep
from grocer.views.styles import FOCUS

_SUBHEADING = "text-base font-bold text-gray-900"
_DANGER = (
    "inline-flex h-12 items-center justify-center gap-2 rounded-full border border-red-300 "
    "bg-white px-5 text-base font-semibold text-red-700 transition hover:bg-red-50 "
    f"disabled:cursor-not-allowed disabled:opacity-60 {FOCUS}"
)
_DANGER_FILLED = (
    "inline-flex h-12 items-center justify-center gap-2 rounded-full bg-red-700 px-5 "
    "text-base font-semibold text-white transition hover:bg-red-800 "
    f"disabled:cursor-not-allowed disabled:bg-red-700/60 {FOCUS}"
)
_BACK = ("M15 18l-6-6 6-6",)


# --- the list ------------------------------------------------------------------------------


def _row(row: rx.Var[OrderRow]) -> rx.Component:
    return rx.el.li(
        rx.el.div(
            rx.el.div(
                rx.el.p(
                    t("orders:number", number=row["number"]),
                    class_name="break-all font-semibold text-gray-900",
                ),
                rx.cond(
                    row["kind"] == "giftcard",
                    rx.el.span(
                        t("orders:giftCard"),
                        class_name=(
                            "rounded-full bg-purple-50 px-2 py-0.5 text-xs font-semibold "
                            "text-purple-900 ring-1 ring-purple-200"
                        ),
                    ),
                ),
                class_name="flex flex-wrap items-center gap-2",
            ),
            rx.el.p(
                rx.el.time(local_date(row["date"]), date_time=row["date"]),
                " · ",
                t("orders:articles", count=row["count"]),
                class_name="text-sm text-gray-600",
            ),
            class_name="min-w-0 flex-1 space-y-1",
        ),
        rx.el.div(
            status_badge(row["status"]),
            rx.el.span(
                row["total"][CurrencyState.code],
                class_name="font-bold tabular-nums text-gray-900",
            ),
            rx.el.button(
                t("orders:view"),
                type="button",
                on_click=S.open_order(row["id"]),
                aria_label=t("orders:viewLabel", number=row["number"]),
                class_name=LINK,
            ),
            class_name="flex flex-wrap items-center gap-x-4 gap-y-2 sm:justify-end",
        ),
        class_name=(
            "flex flex-col gap-3 rounded-xl border border-gray-200 p-4 sm:flex-row sm:items-center"
        ),
        custom_attrs={"data-order": row["number"]},
    )


def _list() -> rx.Component:
    return rx.el.ul(
        rx.foreach(S.rows, _row), aria_label=t("orders:listLabel"), class_name="space-y-3"
    )


def _empty() -> rx.Component:
    return empty_state(
        "orders:empty.title",
        "orders:empty.text",
        rx.el.a(t("orders:empty.action"), href="/", class_name=f"{PRIMARY} w-auto"),
    )


def _failed() -> rx.Component:
    return rx.el.div(
        stroke_icon(ALERT, 28, "text-red-600"),
        rx.el.p(t("orders:loadFailed.title"), class_name="font-semibold text-gray-900"),
        rx.el.p(t("orders:loadFailed.text"), class_name="text-sm text-gray-600"),
        retry_button(S.load, "mt-2 py-2"),
        role="alert",
        class_name=(
            "flex flex-col items-center gap-2 rounded-xl border border-red-100 px-4 py-8 "
            "text-center"
        ),
    )


# --- one order -----------------------------------------------------------------------------


def _step(step: rx.Var[TrackStep]) -> rx.Component:
    done = step["state"] != "todo"
    return rx.el.li(
        rx.el.span(
            rx.cond(done, stroke_icon(CHECK, 16), rx.fragment()),
            class_name=rx.cond(
                done,
                "flex h-8 w-8 items-center justify-center rounded-full bg-green-700 text-white",
                "flex h-8 w-8 items-center justify-center rounded-full border-2 border-gray-300 "
                "bg-white",
            ),
        ),
        rx.el.span(
            t_var("orders:status." + step["status"]),
            class_name=rx.cond(
                step["state"] == "current",
                "text-xs font-bold text-gray-900 sm:text-sm",
                rx.cond(
                    done, "text-xs text-gray-900 sm:text-sm", "text-xs text-gray-600 sm:text-sm"
                ),
            ),
        ),
        rx.el.span(local_date(step["date"], style="short"), class_name="text-xs text-gray-600"),
        aria_current=rx.cond(step["state"] == "current", "step", None),
        class_name="flex min-w-0 flex-col items-center gap-1 text-center",
        custom_attrs={"data-step": step["status"], "data-state": step["state"]},
    )


def _tracking() -> rx.Component:
    return rx.cond(
        S.order["status"] == "cancelled",
        rx.el.p(
            stroke_icon(ALERT, 18, "mt-0.5 shrink-0 text-red-700"),
            t("orders:tracking.cancelled"),
            role="status",
            class_name=(
                "flex items-start gap-2 rounded-xl border border-red-200 bg-red-50 px-3 py-2.5 "
                "text-sm font-semibold text-red-800"
            ),
        ),
        rx.el.ol(
            rx.foreach(S.steps, _step),
            aria_label=t("orders:tracking.label"),
            class_name="grid grid-cols-4 gap-1 rounded-xl bg-gray-50 px-2 py-4",
        ),
    )


def _total_row(row: rx.Var[TotalRow]) -> rx.Component:
    return rx.el.div(
        rx.el.dt(t_var(row["key"])),
        rx.el.dd(
            rx.cond(row["negative"], "− ", ""),
            row["amount"][CurrencyState.code],
            class_name="tabular-nums",
        ),
        class_name="flex justify-between gap-3 py-1 text-sm text-gray-700",
    )


def _history_row(row: rx.Var[HistoryRow]) -> rx.Component:
    return rx.el.li(
        rx.el.span(t_var("orders:status." + row["status"]), class_name="font-semibold"),
        rx.el.span(
            rx.el.time(local_date(row["date"], style="long_time"), date_time=row["date"]),
            rx.cond(row["note_key"] != "", rx.el.span(" · ", t_var(row["note_key"]))),
            class_name="text-gray-600",
        ),
        class_name="flex flex-col gap-0.5 border-l-2 border-green-700 py-1 pl-3 text-sm sm:flex-row sm:gap-3",
    )


def _history() -> rx.Component:
    return rx.el.section(
        rx.el.h4(t("orders:history.title"), class_name=_SUBHEADING),
        rx.cond(
            S.history.length() > 0,
            rx.el.ol(rx.foreach(S.history, _history_row), class_name="mt-2 space-y-2"),
            rx.el.p(t("orders:history.empty"), class_name="mt-2 text-sm text-gray-600"),
        ),
        aria_label=t("orders:history.title"),
    )


def _reorder_notice() -> rx.Component:
    return rx.cond(
        S.reordered,
        rx.el.div(
            rx.cond(
                S.unavailable.length() > 0,
                rx.el.p(t("orders:reorder.unavailable", names=S.unavailable.join(", "))),
                rx.el.p(t("orders:reorder.done")),
            ),
            text_button(
                t("orders:reorder.viewBag"),
                BagState.open_panel,
                LINK,
                custom_attrs=opens_bag(panel=True),
            ),
            role="status",
            class_name=rx.cond(
                S.unavailable.length() > 0,
                "flex flex-col items-start gap-2 rounded-xl border border-amber-200 bg-amber-50 "
                "px-3 py-2.5 text-sm font-medium text-amber-900",
                "flex flex-col items-start gap-2 rounded-xl border border-green-200 bg-green-50 "
                "px-3 py-2.5 text-sm font-medium text-green-900",
            ),
        ),
    )


def _actions() -> rx.Component:
    return rx.el.div(
        rx.cond(
            S.reorderable,
            rx.el.button(
                rx.cond(S.reordering, spinner(), rx.fragment()),
                rx.cond(S.reordering, t("orders:actions.reordering"), t("orders:actions.reorder")),
                type="button",
                on_click=S.reorder(S.reorder_serial),
                disabled=S.reordering,
                aria_busy=S.reordering,
                class_name=f"{PRIMARY} sm:w-auto",
            ),
        ),
        rx.cond(
            S.cancellable,
            rx.el.button(
                t("orders:actions.cancel"),
                type="button",
                on_click=S.ask_cancel,
                disabled=S.cancelling,
                class_name=_DANGER,
            ),
        ),
        class_name="flex flex-col gap-3 empty:hidden sm:flex-row",
    )


def _details() -> rx.Component:
    order = S.order
    is_gift = order["kind"] == "giftcard"
    return rx.el.article(
        rx.el.button(
            stroke_icon(_BACK, 18),
            t("orders:back"),
            type="button",
            on_click=S.close_order,
            class_name=f"inline-flex items-center gap-1 {LINK}",
        ),
        rx.el.div(
            rx.el.h3(
                t("orders:number", number=order["number"]),
                class_name="break-all text-lg font-bold text-gray-900",
            ),
            status_badge(order["status"]),
            class_name="flex flex-wrap items-center gap-3",
        ),
        rx.el.p(
            t("orders:placedOn", date=local_date(order["date"])),
            class_name="-mt-2 text-sm text-gray-600",
        ),
        _tracking(),
        rx.cond(
            is_gift,
            rx.el.dl(
                fact("orders:kind", rx.el.span(t("orders:giftCard"), class_name="text-gray-900")),
                payment_fact(order),
                class_name="divide-y divide-gray-100",
            ),
            order_facts(order, S.slot_day),
        ),
        rx.el.section(
            rx.el.h4(t("orders:lines"), class_name=_SUBHEADING),
            order_lines(S.lines, custom_attrs={"data-lines": "order"}),
            rx.el.dl(rx.foreach(S.totals, _total_row), class_name="border-t border-gray-100 pt-2"),
            total_line(t("checkout:totals.total"), S.total, custom_attrs={"data-total": "total"}),
            aria_label=t("orders:lines"),
            class_name="space-y-2",
        ),
        _history(),
        _reorder_notice(),
        _actions(),
        aria_label=t("orders:number", number=order["number"]),
        class_name="space-y-5",
    )


def _cancel_dialog() -> rx.Component:
    return dialog(
        confirm_buttons(
            t("orders:cancelDialog.keep"),
            S.keep_order,
            t("orders:cancelDialog.confirm"),
            t("orders:cancelDialog.busy"),
            S.cancel_order,
            S.cancelling,
            "flex flex-col gap-3 px-6 pb-6 pt-4 sm:flex-row",
            danger=_DANGER_FILLED,
        ),
        open=S.confirm_cancel,
        on_close=S.keep_order,
        title=t("orders:cancelDialog.title"),
        description=t("orders:cancelDialog.text", number=S.order["number"]),
        describe_visibly=True,
        size="md",
        dialog_id="cancel-order-dialog",
    )


def _address_follows() -> rx.Component:
    """The state's `url` written into the address bar without a navigation (the router's
    history entry kept): an open order can be linked to, and a reload opens it again. Code
    of the page, not sent by a handler (the CSP forbids eval)."""
    replace = Var(
        _js_expr=f"window.history.replaceState(window.history.state, '', {S.url!s})",
        _var_data=S.url._get_all_var_data(),
    )
    return on_each_value(S.url, rx.call_function(ArgsFunctionOperation.create((), replace)))


def orders_section() -> rx.Component:
    return section_frame(
        "account:nav.orders",
        rx.cond(
            S.loading,
            loading_text("orders:loading"),
            rx.cond(
                S.failed,
                _failed(),
                rx.cond(
                    S.open_id != 0,
                    _details(),
                    rx.cond(S.rows.length() > 0, _list(), _empty()),
                ),
            ),
        ),
        _cancel_dialog(),
        _address_follows(),
        description_key="orders:description",
        on_mount=S.load,
        id="orders-section",
    )
