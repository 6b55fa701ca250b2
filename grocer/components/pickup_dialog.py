"""The pickup dialog "Options de retrait" (001 §2): the address line, six day columns paged
with arrows, slots 9h - 13h and 15h - 17h, "Confirmer le créneau" disabled until chosen."""

from __future__ import annotations

import reflex as rx

from grocer.components.choice import choice_button
from grocer.components.dialog import FOCUS
from grocer.components.i18n import t, t_var
from grocer.components.icons import stroke_icon
from grocer.components.slot_dialog import day_name, slot_dialog_frame
from grocer.state.slot_dialog import PICKUP, PICKUP_PAGES, DayTab, SlotDialogState, SlotRow

CHEVRON_LEFT = ("m15 18-6-6 6-6",)
CHEVRON_RIGHT = ("m9 18 6-6-6-6",)
ARROW = (
    "inline-flex h-9 w-9 shrink-0 items-center justify-center rounded-full border "
    f"border-gray-200 bg-white hover:bg-gray-50 disabled:opacity-40 {FOCUS}"
)


def _slot_button(row: rx.Var[SlotRow]) -> rx.Component:
    return choice_button(
        rx.el.span(row["label"]),
        rx.cond(
            row["state_key"] != "",
            rx.el.span(t_var(row["state_key"]), class_name="text-[10px] font-medium"),
        ),
        on_click=SlotDialogState.choose_slot(row["id"]),
        selected=SlotDialogState.chosen == row["id"],
        size="w-full flex-col rounded-xl px-1 py-2 text-xs",
        off=(
            "border border-gray-200 bg-white text-gray-800 hover:border-green-600 "
            "disabled:cursor-not-allowed disabled:border-dashed disabled:bg-gray-50 "
            "disabled:text-gray-400"
        ),
        disabled=~row["available"],
        custom_attrs={"data-slot": row["slot"], "data-date": row["date"]},
    )


def _column(day: rx.Var[DayTab]) -> rx.Component:
    return rx.el.div(
        rx.el.p(
            rx.el.span(t_var(day["name_key"]), class_name="block truncate font-bold text-gray-900"),
            rx.el.span(
                day["day"].to_string() + " " + t_var(day["month_key"]),
                class_name="block text-gray-500",
            ),
            class_name="text-center text-xs leading-4",
        ),
        rx.foreach(day["slots"], _slot_button),
        role="group",
        aria_label=day_name(day),
        class_name="flex min-w-0 flex-col gap-2",
    )


def pickup_dialog() -> rx.Component:
    return slot_dialog_frame(
        rx.el.p(
            rx.cond(
                SlotDialogState.pickup_address != "",
                SlotDialogState.pickup_address,
                t("checkout:pickup.noAddress"),
            ),
            class_name="rounded-xl bg-gray-50 px-4 py-3 text-sm text-gray-800",
        ),
        rx.el.div(
            rx.el.button(
                stroke_icon(CHEVRON_LEFT, 18),
                type="button",
                on_click=SlotDialogState.previous_page,
                disabled=SlotDialogState.page <= 0,
                aria_label=t("checkout:pickup.previous"),
                class_name=ARROW,
            ),
            rx.el.div(
                rx.foreach(SlotDialogState.days, _column),
                class_name="grid flex-1 grid-cols-3 gap-2 sm:grid-cols-6",
            ),
            rx.el.button(
                stroke_icon(CHEVRON_RIGHT, 18),
                type="button",
                on_click=SlotDialogState.next_page,
                disabled=SlotDialogState.page >= PICKUP_PAGES - 1,
                aria_label=t("checkout:pickup.next"),
                class_name=ARROW,
            ),
            class_name="flex items-start gap-2",
        ),
        kind=PICKUP,
        title=t("checkout:pickup.title"),
        save_label=t("checkout:pickup.confirm"),
        dialog_id="pickup-dialog",
        size="lg",
    )
