"""The order summary of /checkout and /payment: slot, address (or the store), lines, total."""

from __future__ import annotations

from typing import Any

import reflex as rx

from grocer.components.address_dialog import open_address_dialog, opens_address_now, shown_label
from grocer.components.bag_panel import amount, line_image
from grocer.components.dialog import FOCUS
from grocer.components.i18n import t
from grocer.components.slot_dialog import day_name
from grocer.state.bag import BagRow, BagState
from grocer.state.currency import CurrencyState
from grocer.state.slot_dialog import PICKUP, SlotDialogState

CARD = "rounded-3xl bg-white p-5 shadow-sm ring-1 ring-gray-100 sm:p-6"
SMALL_BUTTON = (
    "inline-flex h-9 shrink-0 items-center rounded-full border border-gray-300 bg-white px-4 "
    f"text-sm font-semibold text-gray-800 hover:border-green-700 hover:text-green-800 {FOCUS}"
)
HEADING = "text-xs font-semibold uppercase tracking-wide text-gray-500"


def _row(heading: Any, value: rx.Component, action: rx.Component) -> rx.Component:
    return rx.el.div(
        rx.el.div(
            rx.el.p(heading, class_name=HEADING),
            value,
            class_name="min-w-[10rem] flex-1",
        ),
        action,
        class_name="flex flex-wrap items-center justify-between gap-x-3 gap-y-2 py-3",
    )


def _slot_button(on_click: Any) -> rx.Component:
    return rx.el.button(
        rx.cond(
            SlotDialogState.has_choice,
            t("checkout:summary.change"),
            t("checkout:summary.chooseSlot"),
        ),
        type="button",
        on_click=on_click,
        class_name=SMALL_BUTTON,
    )


def slot_summary() -> rx.Component:
    stored = SlotDialogState.stored
    is_pickup = stored["kind"] == PICKUP
    return _row(
        rx.cond(is_pickup, t("checkout:summary.pickupSlot"), t("checkout:summary.deliverySlot")),
        rx.cond(
            SlotDialogState.has_choice,
            rx.el.p(
                day_name(SlotDialogState.stored_day),
                ", ",
                stored["label"].to(str),
                class_name="font-semibold text-gray-900",
                custom_attrs={"data-testid": "chosen-slot"},
            ),
            rx.el.p(t("checkout:summary.noSlot"), class_name="text-sm text-amber-800"),
        ),
        rx.cond(
            is_pickup,
            _slot_button(SlotDialogState.open_pickup),
            _slot_button(SlotDialogState.open_delivery("")),
        ),
    )


def address_summary() -> rx.Component:
    is_pickup = SlotDialogState.stored["kind"] == PICKUP
    label = shown_label()
    has_address = label != ""
    return rx.cond(
        is_pickup,
        _row(
            t("checkout:summary.store"),
            rx.el.p(t("checkout:summary.storeAddress"), class_name="text-gray-900"),
            rx.fragment(),
        ),
        _row(
            t("checkout:summary.address"),
            rx.el.p(
                rx.cond(has_address, label, t("checkout:summary.noAddress")),
                class_name=rx.cond(has_address, "text-gray-900", "text-sm text-amber-800"),
            ),
            rx.el.button(
                rx.cond(
                    has_address, t("checkout:summary.change"), t("checkout:summary.addAddress")
                ),
                type="button",
                on_click=open_address_dialog(),
                custom_attrs=opens_address_now(),
                class_name=SMALL_BUTTON,
            ),
        ),
    )


def _line(item: rx.Var[BagRow]) -> rx.Component:
    return rx.el.li(
        line_image(item, "h-12 w-12"),
        rx.el.div(
            rx.el.p(item["name"], class_name="truncate text-sm font-semibold text-gray-900"),
            rx.el.p(
                item["quantity"].to(str) + " × " + item["unit"][CurrencyState.code],
                class_name="text-xs text-gray-500",
            ),
            class_name="min-w-0 flex-1",
        ),
        amount(item["total"], "shrink-0 text-sm font-bold text-gray-900 tabular-nums"),
        class_name="flex items-center gap-3 py-2",
    )


def lines_summary() -> rx.Component:
    return rx.el.details(
        rx.el.summary(
            t("bag:title", count=BagState.count),
            class_name=f"cursor-pointer rounded py-2 text-sm font-semibold text-gray-900 {FOCUS}",
        ),
        rx.el.ul(rx.foreach(BagState.items, _line), class_name="divide-y divide-gray-100"),
        open=True,
        class_name="border-t border-gray-100 pt-2",
    )


def checkout_summary(total: rx.Component | None = None) -> rx.Component:
    """The summary card; `total` replaces the bag's subtotal line (the payment page's totals)."""
    return rx.el.section(
        rx.el.h2(t("checkout:summary.title"), class_name="text-lg font-bold text-gray-900"),
        rx.el.div(slot_summary(), address_summary(), class_name="divide-y divide-gray-100"),
        lines_summary(),
        total
        if total is not None
        else rx.el.div(
            rx.el.span(t("bag:subtotal"), class_name="font-semibold text-gray-700"),
            amount(BagState.subtotal, "text-xl font-bold text-gray-900 tabular-nums"),
            class_name="flex items-center justify-between border-t border-gray-100 pt-4",
        ),
        aria_label=t("checkout:summary.title"),
        class_name=f"{CARD} flex flex-col gap-2",
    )
