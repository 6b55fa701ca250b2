"""The full-screen cart overlay (000 §2.6, §4.3, §4.6)."""

from __future__ import annotations

from typing import Any

import reflex as rx

from grocer.components.address_dialog import open_address_dialog, opens_address_now, shown_label
from grocer.components.auth_dialog import INPUT, svg_icon
from grocer.components.bag_now import OVERLAY, closes_overlay, shown_line
from grocer.components.bag_panel import amount, empty_bag_view, line_image, stepper
from grocer.components.dialog import FOCUS, dialog, dialog_title
from grocer.components.form_parts import PRIMARY
from grocer.components.i18n import t, t_var
from grocer.components.offline_marks import REMOVE_STEP, bag_step_mark
from grocer.components.open_now import TOGGLE, open_now_mark, shown_open
from grocer.components.overlay_checkout import (
    choose_hour_button,
    choose_pickup_button,
    chosen_slot,
    continue_to_checkout,
    to_checkout_button,
)
from grocer.components.prefetch import checkout_ahead
from grocer.state.bag import PROMO_MAX, BagRow, BagState
from grocer.state.currency import CurrencyState
from grocer.state.delivery_panel import DayCard, DeliveryPanelState

ARROW_LEFT = ("M19 12H5", "m12 19-7-7 7-7")
CHEVRON_LEFT = ("m15 18-6-6 6-6",)
CHEVRON_RIGHT = ("m9 18 6-6-6-6",)
PIN = (
    "M12 21s-7-6.2-7-11.5a7 7 0 0 1 14 0C19 14.8 12 21 12 21Z",
    "M12 12.5a2.5 2.5 0 1 0 0-5 2.5 2.5 0 0 0 0 5Z",
)
BOLT = ("M13 2 4 14h7l-1 8 9-12h-7l1-8Z",)
TRUCK = (
    "M3 6h11v10H3z",
    "M14 10h4l3 3v3h-7",
    "M7 19a2 2 0 1 0 0-4 2 2 0 0 0 0 4Z",
    "M17 19a2 2 0 1 0 0-4 2 2 0 0 0 0 4Z",
)
CARD = "rounded-3xl bg-white p-5 shadow-sm ring-1 ring-gray-100 sm:p-6"
OUTLINE = (
    "inline-flex h-11 w-full items-center justify-center gap-2 rounded-full border border-gray-300 "
    f"bg-white px-4 text-sm font-semibold text-gray-800 hover:border-green-700 hover:text-green-800 {FOCUS}"
)


def save_failed_notice() -> rx.Component:
    """000 §4.3: the red notice after 5 failed saves, with the manual resync and checkout."""
    return rx.cond(
        BagState.save_failed,
        rx.el.div(
            rx.el.p(
                t("bag:saveFailed", n=BagState.save_attempts),
                " ",
                rx.el.button(
                    t("bag:resync"),
                    type="button",
                    on_click=BagState.resync,
                    disabled=BagState.is_saving,
                    class_name=(
                        "font-semibold underline underline-offset-2 disabled:cursor-wait "
                        f"disabled:opacity-60 {FOCUS}"
                    ),
                ),
            ),
            to_checkout_button(
                t("bag:placeOrder"),
                "inline-flex h-10 shrink-0 items-center rounded-full bg-red-700 px-4 text-sm "
                f"font-semibold text-white hover:bg-red-800 {FOCUS}",
            ),
            role="alert",
            class_name=(
                "flex flex-col gap-3 rounded-2xl border border-red-200 bg-red-50 p-4 text-sm "
                "text-red-800 sm:flex-row sm:items-center sm:justify-between"
            ),
        ),
    )


def overlay_line(item: rx.Var[BagRow]) -> rx.Component:
    return rx.el.li(
        line_image(item, "h-20 w-20"),
        rx.el.div(
            rx.el.span(
                svg_icon(BOLT, 12),
                "EXPRESS",
                class_name=(
                    "inline-flex w-fit items-center gap-1 rounded-full bg-yellow-300 px-2 py-0.5 "
                    "text-[10px] font-extrabold tracking-wider text-gray-900"
                ),
            ),
            rx.el.p(item["name"], class_name="font-semibold text-gray-900"),
            rx.el.p(
                item["weight"],
                " · ",
                item["unit"][CurrencyState.code],
                class_name="text-xs text-gray-500",
            ),
            rx.el.div(
                stepper(item),
                rx.el.button(
                    t("bag:remove"),
                    type="button",
                    on_click=BagState.remove(item["id"]),
                    aria_label=t("bag:removeItem", name=item["name"]),
                    class_name=f"rounded text-xs font-semibold text-gray-500 hover:text-red-700 {FOCUS}",
                    custom_attrs=bag_step_mark(item["id"], REMOVE_STEP),
                ),
                class_name="mt-1 flex items-center gap-4",
            ),
            class_name="flex min-w-0 flex-1 flex-col gap-1",
        ),
        amount(item["total"], "shrink-0 font-bold text-gray-900 tabular-nums"),
        class_name="flex gap-4 py-4",
    )


def promo_box() -> rx.Component:
    return rx.el.div(
        rx.el.form(
            rx.el.label(t("bag:promo.label"), html_for="promo-code", class_name="sr-only"),
            rx.el.input(
                id="promo-code",
                name="promo_code",
                placeholder=t("bag:promo.placeholder"),
                auto_complete="off",
                class_name=f"{INPUT} h-11 uppercase placeholder:normal-case",
                custom_attrs={"maxLength": str(PROMO_MAX), "autoCapitalize": "characters"},
            ),
            rx.el.button(
                t("bag:promo.add"),
                type="submit",
                class_name=(
                    "inline-flex h-11 shrink-0 items-center rounded-full bg-gray-900 px-5 text-sm "
                    f"font-semibold text-white hover:bg-gray-700 {FOCUS}"
                ),
            ),
            on_submit=BagState.apply_promo,
            reset_on_submit=False,
            class_name="flex gap-2",
        ),
        rx.cond(
            BagState.promo_code != "",
            rx.el.p(
                t(
                    "bag:promo.applied",
                    amount=BagState.promo_discount[CurrencyState.code],
                ),
                role="status",
                class_name="mt-2 text-sm font-medium text-green-800",
            ),
        ),
    )


def minimum_notice() -> rx.Component:
    """Shown while the subtotal is below the delivery minimum (35 EUR, converted)."""
    return rx.cond(
        BagState.below_minimum,
        rx.el.div(
            svg_icon(TRUCK, 20, "text-amber-700"),
            rx.el.p(
                t(
                    "bag:minimum",
                    amount=BagState.minimum_remaining[CurrencyState.code],
                )
            ),
            role="status",
            class_name="flex items-center gap-3 rounded-2xl bg-amber-50 p-4 text-sm font-medium text-amber-900",
        ),
    )


def day_card(day: rx.Var[DayCard]) -> rx.Component:
    index = day["index"]
    selected = DeliveryPanelState.selected_day == index
    base = (
        f"flex min-w-0 flex-col items-center rounded-2xl px-1 py-2 text-center transition {FOCUS} "
    )
    return rx.el.button(
        rx.el.span(t_var(day["label_key"]), class_name="w-full truncate text-[11px] font-semibold"),
        rx.el.span(day["day"], class_name="text-xl font-bold leading-7"),
        rx.el.span(t_var(day["month_key"]), class_name="text-[11px]"),
        type="button",
        on_click=DeliveryPanelState.select_day(index),
        aria_pressed=selected,
        title=t_var(day["name_key"]),
        custom_attrs={
            "data-day": day["iso"],
            "aria-label": t_var(day["name_key"])
            + " "
            + day["day"].to_string()
            + " "
            + t_var(day["month_key"]),
        },
        class_name=rx.cond(
            selected,
            base + "border-2 border-green-700 bg-green-50 text-green-900",
            base + "border border-gray-200 bg-white text-gray-800 hover:border-green-600",
        ),
    )


def _arrow(
    paths: tuple[str, ...], label: Any, on_click: Any, disabled: Any = False
) -> rx.Component:
    return rx.el.button(
        svg_icon(paths, 18),
        type="button",
        on_click=on_click,
        disabled=disabled,
        aria_label=label,
        class_name=(
            "inline-flex h-9 w-9 shrink-0 items-center justify-center rounded-full border "
            f"border-gray-200 bg-white hover:bg-gray-50 disabled:opacity-40 {FOCUS}"
        ),
    )


def slot_area() -> rx.Component:
    return rx.el.section(
        rx.el.div(
            rx.el.h3(t("bag:slots.selectDay"), class_name="font-semibold text-gray-900"),
            rx.el.div(
                _arrow(
                    CHEVRON_LEFT,
                    t("bag:slots.previousWeek"),
                    DeliveryPanelState.previous_week,
                    DeliveryPanelState.week_offset <= 0,
                ),
                _arrow(CHEVRON_RIGHT, t("bag:slots.nextWeek"), DeliveryPanelState.next_week),
                class_name="flex gap-2",
            ),
            class_name="flex items-center justify-between gap-2",
        ),
        rx.el.div(
            rx.foreach(DeliveryPanelState.days, day_card),
            class_name=rx.cond(
                DeliveryPanelState.full_week,
                "mt-3 grid grid-cols-4 gap-2 sm:grid-cols-7 lg:grid-cols-4",
                "mt-3 grid grid-cols-5 gap-1.5",
            ),
        ),
        rx.el.button(
            rx.cond(
                DeliveryPanelState.full_week, t("bag:slots.fewerDays"), t("bag:slots.fullWeek")
            ),
            type="button",
            on_click=DeliveryPanelState.toggle_full_week,
            aria_pressed=DeliveryPanelState.full_week,
            class_name=f"mt-3 rounded text-sm font-semibold text-green-800 hover:underline {FOCUS}",
        ),
        choose_hour_button(),
        aria_label=t("bag:slots.selectDay"),
        class_name="rounded-2xl bg-gray-50 p-4",
        id="slot-area",
    )


SLOTS = "slots"
"""The slot list's key: "Voir les créneaux" shows or hides it at once (assets/open_now.js)."""


def delivery_panel() -> rx.Component:
    label = shown_label()
    has_address = label != ""
    slots_shown = shown_open(SLOTS, DeliveryPanelState.show_slots)
    return rx.el.aside(
        rx.el.h2(t("bag:delivery.title"), class_name="text-lg font-bold text-gray-900"),
        rx.el.div(
            svg_icon(PIN, 20, "mt-0.5 text-green-700"),
            rx.el.div(
                rx.el.p(
                    t("bag:delivery.address"),
                    class_name="text-xs font-semibold uppercase tracking-wide text-gray-500",
                ),
                rx.el.p(
                    rx.cond(has_address, label, t("bag:delivery.noAddress")),
                    class_name="text-sm text-gray-900",
                ),
            ),
            class_name="flex gap-3 rounded-2xl bg-gray-50 p-4",
        ),
        rx.el.button(
            rx.cond(has_address, t("bag:delivery.editAddress"), t("bag:delivery.addAddress")),
            type="button",
            on_click=open_address_dialog(),
            custom_attrs=opens_address_now(),
            class_name=OUTLINE,
        ),
        rx.el.label(
            rx.el.input(
                type="checkbox",
                checked=DeliveryPanelState.professional,
                on_change=DeliveryPanelState.toggle_professional,
                class_name="mt-0.5 h-4 w-4 rounded accent-green-700",
            ),
            t("bag:delivery.professional"),
            class_name="flex cursor-pointer items-start gap-2 text-sm text-gray-800",
        ),
        rx.el.div(
            rx.el.button(
                t("bag:delivery.seeSlots"),
                type="button",
                on_click=DeliveryPanelState.toggle_slots,
                aria_expanded=slots_shown,
                custom_attrs=open_now_mark({SLOTS: TOGGLE}),
                aria_controls="slot-area",
                class_name=PRIMARY.replace("h-12", "h-11").replace("text-base", "text-sm"),
            ),
            rx.el.button(
                t("bag:delivery.pickup"),
                type="button",
                on_click=DeliveryPanelState.toggle_pickup,
                aria_pressed=DeliveryPanelState.pickup,
                class_name=rx.cond(
                    DeliveryPanelState.pickup,
                    OUTLINE.replace("border-gray-300", "border-green-700")
                    + " bg-green-50 text-green-900",
                    OUTLINE,
                ),
            ),
            class_name="flex flex-col gap-2",
        ),
        rx.cond(
            DeliveryPanelState.pickup,
            rx.el.div(
                rx.el.p(
                    t("bag:delivery.pickupChosen"),
                    role="status",
                    class_name="text-sm text-green-800",
                ),
                choose_pickup_button(),
                class_name="flex flex-col gap-2",
            ),
        ),
        rx.cond(slots_shown, slot_area()),
        chosen_slot(),
        class_name=f"{CARD} flex flex-col gap-4 lg:sticky lg:top-6",
        aria_label=t("bag:delivery.title"),
    )


def cart_overlay() -> rx.Component:
    top = rx.el.div(
        rx.el.div(
            rx.el.button(
                svg_icon(ARROW_LEFT, 18),
                t("bag:continueShopping"),
                type="button",
                on_click=BagState.close_overlay,
                custom_attrs=closes_overlay(),
                class_name=(
                    "inline-flex h-10 items-center gap-2 rounded-full px-3 text-sm font-semibold "
                    f"text-gray-800 hover:bg-gray-100 {FOCUS}"
                ),
            ),
            dialog_title(
                t("bag:title", count=BagState.count),
                class_name="text-lg font-bold text-gray-900 sm:text-xl",
            ),
            rx.el.span(class_name="hidden w-40 sm:block"),
            class_name="mx-auto flex w-full max-w-6xl items-center justify-between gap-3 px-4 py-3",
        ),
        class_name="border-b border-gray-200 bg-white",
    )
    body = rx.el.div(
        rx.el.div(
            save_failed_notice(),
            rx.cond(
                BagState.count > 0,
                rx.el.div(
                    rx.el.section(
                        rx.el.ul(
                            rx.foreach(BagState.items, shown_line(overlay_line)),
                            class_name="divide-y divide-gray-100",
                            aria_label=t("bag:lines"),
                        ),
                        class_name=CARD,
                    ),
                    rx.el.section(
                        promo_box(),
                        minimum_notice(),
                        rx.el.div(
                            rx.el.span(t("bag:subtotal"), class_name="font-semibold text-gray-700"),
                            amount(
                                BagState.subtotal, "text-xl font-bold text-gray-900 tabular-nums"
                            ),
                            class_name="flex items-center justify-between border-t border-gray-100 pt-4",
                        ),
                        continue_to_checkout(),
                        checkout_ahead(),
                        class_name=f"{CARD} flex flex-col gap-4",
                        aria_label=t("bag:summary"),
                    ),
                    class_name="flex flex-col gap-4",
                ),
                rx.el.div(empty_bag_view(), class_name=CARD),
            ),
            class_name="flex min-w-0 flex-col gap-4",
        ),
        delivery_panel(),
        class_name=(
            "mx-auto grid w-full max-w-6xl flex-1 grid-cols-1 items-start gap-4 px-4 py-4 "
            "lg:grid-cols-[minmax(0,1fr)_380px] lg:gap-6 lg:py-8"
        ),
    )
    return dialog(
        top,
        rx.el.div(body, class_name="flex-1 overflow-y-auto"),
        open=BagState.overlay_open,
        on_close=BagState.close_overlay,
        title=t("bag:title", count=BagState.count),
        variant="full",
        header=False,
        dialog_id="cart-overlay",
        now_key=OVERLAY,
    )
