"""The delivery-slot dialog (001 §2 "Delivery-slot dialogs"): days strip, hour select,
"Annuler" / "Enregistrer", the standard-slots banner and, signed out, the sign-in block.

Its slots are fetched ahead (grocer.state.slot_dialog), so the browser answers the opening, the
day and the hour at once (assets/open_now.js, issue 23): the day drawn filters the hours, and
an hour of another day is drawn unchosen, as the state's `choose_day` does. The state's answers
then rule again. The delivery dialog's "Enregistrer" draws it closed, and the hour chosen in
the cart overlay, at once too; the state's dialog and choice rule again once it has answered
the save (SlotDialogState.answered), so a refused slot brings the dialog back with its message.
"""

from __future__ import annotations

from typing import Any

import reflex as rx
from reflex.vars import VarData

from grocer.components.auth_dialog import INPUT, LABEL
from grocer.components.choice import action_button, choice_button
from grocer.components.dialog import dialog
from grocer.components.form_parts import PRIMARY, SECONDARY, error_box
from grocer.components.i18n import t, t_var
from grocer.components.open_now import (
    open_now_mark,
    saving_now,
    shown_value,
    step_now_mark,
    value_now_field,
    value_now_mark,
)
from grocer.state.session import SessionState
from grocer.state.slot_dialog import DELIVERY, DayTab, SlotDialogState, SlotRow

DELIVERY_NOW = "slotDelivery"
"""The delivery dialog's key: "Choisir l'heure de livraison" and "Annuler" draw it at once."""
DAY_NOW = "slotDay"
CHOICE_NOW = "slotChoice"
SAVE_NOW = "slotSave"
"""The delivery dialog's save: drawn as step 1 (saving) from the tap until the state's answer."""


def day_name(day: rx.Var[DayTab]) -> rx.Var[str]:
    """ "Aujourd'hui", "Demain", else "mer. 27 nov."."""
    return rx.cond(
        day["named"],
        t_var(day["name_key"]),
        t_var(day["name_key"]) + " " + day["day"].to_string() + " " + t_var(day["month_key"]),
    )


def slot_error() -> rx.Component:
    return error_box(SlotDialogState.error_key, "slot-error")


def dialog_buttons(
    save_label: Any, can_save: rx.Var[bool] | None = None, now_key: str | None = None
) -> rx.Component:
    """ "Annuler" and the save button, disabled until a slot is chosen (`can_save`, else the
    state's choice); with `now_key`, "Annuler" and the save draw the dialog closed at once
    (the save until the state has answered it: `saving_shown`)."""
    can = SlotDialogState.can_save if can_save is None else can_save
    return rx.el.div(
        action_button(
            t("checkout:slots.cancel"),
            SlotDialogState.close,
            f"{SECONDARY} flex-1",
            **({"custom_attrs": open_now_mark({now_key: False})} if now_key else {}),
        ),
        rx.el.button(
            rx.cond(SlotDialogState.busy, t("checkout:slots.saving"), save_label),
            type="button",
            on_click=SlotDialogState.save,
            disabled=~can,
            class_name=f"{PRIMARY} flex-1 whitespace-nowrap px-4 text-sm sm:text-base",
            **({"custom_attrs": step_now_mark(SAVE_NOW, 1, now_key)} if now_key else {}),
        ),
        class_name="flex gap-3 border-t border-gray-100 px-6 py-4",
    )


def saving_shown() -> rx.Var[bool]:
    """Whether "Enregistrer" was tapped and the state has not answered it yet."""
    return saving_now(SAVE_NOW, SlotDialogState.answered)


def _shown_day() -> rx.Var[str]:
    """The day drawn: the one just tapped, else the state's."""
    return shown_value(DAY_NOW, SlotDialogState.day)


def _shown_choice() -> rx.Var[str]:
    """The hour drawn chosen ("" for none): the one just taken, else the state's, and only if
    its slot is on the day drawn."""
    chosen = shown_value(CHOICE_NOW, SlotDialogState.chosen_value)
    day, days = _shown_day(), SlotDialogState.days
    expr = (
        f"(({days}).some((tab) => tab.iso === {day} && "
        f"tab.slots.some((row) => String(row.id) === {chosen}))"
        f' ? {chosen} : "")'
    )
    data = VarData.merge(*(var._get_all_var_data() for var in (chosen, day, days)))
    return rx.Var(_js_expr=expr, _var_type=str, _var_data=data).to(str)


def saving_choice() -> rx.Var[dict[str, Any]]:
    """While a save is on its way (`saving_shown`): the day drawn (`tab`, a DayTab) and the
    hour drawn chosen on it (`label`), as the overlay shows the kept choice; else null."""
    saving, day, chosen, days = saving_shown(), _shown_day(), _shown_choice(), SlotDialogState.days
    expr = (
        f"({saving} ? ((tab) => {{ const row = tab?.slots.find((row) => String(row.id) === "
        f"{chosen}); return row ? {{tab, label: row.label}} : null; }})"
        f"(({days}).find((tab) => tab.iso === {day})) : null)"
    )
    data = VarData.merge(*(var._get_all_var_data() for var in (saving, day, chosen, days)))
    return rx.Var(_js_expr=expr, _var_type=dict[str, Any], _var_data=data).to(dict)


def _day_button(day: rx.Var[DayTab]) -> rx.Component:
    return choice_button(
        day_name(day),
        on_click=SlotDialogState.choose_day(day["iso"]),
        selected=_shown_day() == day["iso"],
        size="h-10 shrink-0 px-4",
        off="border border-gray-200 bg-white text-gray-800 hover:border-green-600",
        custom_attrs={"data-day": day["iso"], **value_now_mark({DAY_NOW: day["iso"]})},
    )


def _option(row: rx.Var[SlotRow]) -> rx.Component:
    return rx.el.option(
        rx.cond(
            row["state_key"] != "",
            row["label"] + " — " + t_var(row["state_key"]),
            row["label"],
        ),
        value=row["id"].to_string(),
        disabled=~row["available"],
    )


def _day_options(day: rx.Var[DayTab]) -> rx.Component:
    """The slots of the day drawn (the other days' are not in the list)."""
    return rx.cond(day["iso"] == _shown_day(), rx.foreach(day["slots"], _option))


def signed_out_block() -> rx.Component:
    """ "Or sign in to add, edit, or view your address" with "Sign in" / "Sign up"."""
    return rx.cond(
        ~SessionState.is_authenticated,
        rx.el.div(
            rx.el.p(t("checkout:slots.signInPrompt"), class_name="text-sm text-gray-700"),
            rx.el.div(
                *(
                    action_button(t(key), handler, f"{SECONDARY} h-10 flex-1 text-sm")
                    for key, handler in (
                        ("checkout:slots.signIn", SlotDialogState.sign_in),
                        ("checkout:slots.signUp", SlotDialogState.sign_up),
                    )
                ),
                class_name="flex gap-2",
            ),
            class_name="flex flex-col gap-3 rounded-2xl bg-gray-50 p-4",
        ),
    )


def slot_dialog() -> rx.Component:
    body = rx.fragment(
        rx.el.div(
            rx.foreach(SlotDialogState.days, _day_button),
            role="group",
            aria_label=t("checkout:slots.days"),
            class_name="-mx-6 flex gap-2 overflow-x-auto px-6 pb-1",
        ),
        rx.el.div(
            rx.el.label(t("checkout:slots.selectHour"), html_for="slot-select", class_name=LABEL),
            rx.el.select(
                rx.el.option(t("checkout:slots.placeholder"), value="", disabled=True),
                rx.foreach(SlotDialogState.days, _day_options),
                id="slot-select",
                value=_shown_choice(),
                on_change=SlotDialogState.choose_slot,
                disabled=SlotDialogState.loading,
                class_name=f"{INPUT} pr-8",
                custom_attrs=value_now_field(CHOICE_NOW),
            ),
        ),
        rx.el.p(
            t("checkout:slots.standardBanner"),
            role="note",
            class_name="rounded-xl bg-green-50 px-4 py-3 text-sm text-green-900",
        ),
    )
    return slot_dialog_frame(
        body,
        kind=DELIVERY,
        title=t("checkout:slots.title"),
        save_label=t("checkout:slots.save"),
        dialog_id="slot-dialog",
        can_save=(_shown_choice() != "") & ~SlotDialogState.busy,
        now_key=DELIVERY_NOW,
    )


def slot_dialog_frame(
    *children: rx.Component,
    kind: str,
    title: Any,
    save_label: Any,
    dialog_id: str,
    size: str = "md",
    can_save: rx.Var[bool] | None = None,
    now_key: str | None = None,
) -> rx.Component:
    """What both slot dialogs share: the body's frame, the error, the signed-out block, the
    buttons; open while `kind` is the open dialog (drawn at once under `now_key`, if any, and
    drawn closed from the save's tap to its answer)."""
    body = rx.el.div(
        *children,
        slot_error(),
        signed_out_block(),
        class_name="flex flex-col gap-4 overflow-y-auto px-6 pb-4 pt-2",
    )
    open = SlotDialogState.kind == kind
    return dialog(
        body,
        dialog_buttons(save_label, can_save, now_key),
        open=open & ~saving_shown() if now_key else open,
        on_close=SlotDialogState.close,
        title=title,
        size=size,
        dialog_id=dialog_id,
        now_key=now_key,
    )
