"""The account's delete confirmation (001 §4): "Confirmer la suppression", "Cette action est
irréversible", Annuler / Supprimer, busy "Suppression...". Used by the address and the
payment-method lists (any state built on grocer/state/owned_rows.py)."""

from __future__ import annotations

from typing import Any

import reflex as rx

from grocer.components.choice import action_button
from grocer.components.dialog import dialog, dialog_description
from grocer.components.form_parts import SECONDARY, busy_button
from grocer.components.i18n import t
from grocer.views.styles import FOCUS

DANGER = (
    "inline-flex h-12 items-center justify-center gap-2 rounded-full bg-red-700 px-6 "
    "text-base font-semibold text-white transition hover:bg-red-800 "
    f"disabled:cursor-not-allowed disabled:bg-red-700/70 {FOCUS}"
)


def confirm_buttons(
    keep_label: Any,
    on_keep: Any,
    confirm_label: Any,
    busy_label: Any,
    on_confirm: Any,
    busy: Any,
    class_name: str,
    danger: str = DANGER,
) -> rx.Component:
    """The two buttons of a confirmation: keep (no change), then the irreversible action with
    its busy state; both off while it runs, so a double click acts once."""
    return rx.el.div(
        action_button(keep_label, on_keep, f"{SECONDARY} flex-1", disabled=busy),
        busy_button(
            confirm_label, busy_label, busy, f"{danger} flex-1", type="button", on_click=on_confirm
        ),
        class_name=class_name,
    )


def confirm_delete(state: Any, dialog_id: str) -> rx.Component:
    """The confirmation of `state.confirm_id`'s deletion (open while it is not 0)."""
    busy = state.deleting
    return dialog(
        rx.el.div(
            dialog_description(t("account:confirmDelete.text"), class_name="text-gray-700"),
            confirm_buttons(
                t("account:confirmDelete.cancel"),
                state.cancel_delete,
                t("account:confirmDelete.confirm"),
                t("account:confirmDelete.busy"),
                state.confirm_delete,
                busy,
                "flex flex-col-reverse gap-3 min-[420px]:flex-row",
            ),
            class_name="flex flex-col gap-5 px-6 pb-6 pt-2",
        ),
        open=state.confirm_id != 0,
        on_close=state.cancel_delete,
        title=t("account:confirmDelete.title"),
        size="sm",
        dialog_id=dialog_id,
    )
