"""The account's delete confirmation (001 §4): "Confirmer la suppression", "Cette action est
irréversible", Annuler / Supprimer, busy "Suppression...". Used by the address and the
payment-method lists (any state built on grocer/state/owned_rows.py)."""

from __future__ import annotations

from typing import Any

import reflex as rx

from grocer.components.choice import action_button
from grocer.components.dialog import dialog, dialog_description
from grocer.components.form_parts import SECONDARY, spinner
from grocer.components.i18n import t
from grocer.views.styles import FOCUS

DANGER = (
    "inline-flex h-12 items-center justify-center gap-2 rounded-full bg-red-700 px-6 "
    "text-base font-semibold text-white transition hover:bg-red-800 "
    f"disabled:cursor-not-allowed disabled:bg-red-700/70 {FOCUS}"
)


def confirm_delete(state: Any, dialog_id: str) -> rx.Component:
    """The confirmation of `state.confirm_id`'s deletion (open while it is not 0)."""
    busy = state.deleting
    return dialog(
        rx.el.div(
            dialog_description(t("account:confirmDelete.text"), class_name="text-gray-700"),
            rx.el.div(
                action_button(
                    t("account:confirmDelete.cancel"),
                    state.cancel_delete,
                    f"{SECONDARY} flex-1",
                    disabled=busy,
                ),
                rx.el.button(
                    rx.cond(busy, spinner(), rx.fragment()),
                    rx.cond(
                        busy, t("account:confirmDelete.busy"), t("account:confirmDelete.confirm")
                    ),
                    type="button",
                    on_click=state.confirm_delete,
                    disabled=busy,
                    aria_busy=busy,
                    class_name=f"{DANGER} flex-1",
                ),
                class_name="flex flex-col-reverse gap-3 min-[420px]:flex-row",
            ),
            class_name="flex flex-col gap-5 px-6 pb-6 pt-2",
        ),
        open=state.confirm_id != 0,
        on_close=state.cancel_delete,
        title=t("account:confirmDelete.title"),
        size="sm",
        dialog_id=dialog_id,
    )
