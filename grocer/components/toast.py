"""The toasts (001 §8, 3 s): one look for every toast of the shop, and the shop-wide one,
mounted once on every page (grocer.components.overlays).

A tap on a toast's text goes through to what is under it; only its × takes taps. On a phone a
toast sits over the bottom of the page for 3 s, where the next step's button often is ("Choisir
l'heure de livraison" right after "Adresse enregistrée"), and that tap must not be lost.
"""

from __future__ import annotations

from typing import Any

import reflex as rx

from grocer.components.dialog import FOCUS
from grocer.components.i18n import t, t_var
from grocer.components.icons import icon
from grocer.state.toast import ToastState

_BOX = (
    "flex w-full max-w-md items-center gap-3 rounded-2xl px-4 py-3 text-sm font-semibold "
    "text-white shadow-xl"
)


def toast_box(
    message: rx.Component,
    *,
    error: rx.Var[bool] | bool,
    close_label: rx.Var[str] | None = None,
    on_dismiss: Any = None,
    element_id: str | None = None,
    z_class: str = "z-[70]",
) -> rx.Component:
    """A toast at the bottom of the screen: a status (green tick) or an alert (red), with a ×
    when `on_dismiss` is given. The caller decides when it is shown."""
    error_var = rx.Var.create(error)
    parts: list[rx.Component] = [
        rx.cond(error_var, icon("alert", 20, "text-red-200"), icon("check", 20, "text-green-300")),
        rx.el.p(message, class_name="flex-1"),
    ]
    if on_dismiss is not None:
        parts.append(
            rx.el.button(
                icon("close", 16),
                type="button",
                on_click=on_dismiss,
                aria_label=close_label,
                class_name=(
                    "pointer-events-auto inline-flex h-8 w-8 items-center justify-center "
                    f"rounded-full text-white/80 hover:bg-white/10 hover:text-white {FOCUS}"
                ),
            )
        )
    return rx.el.div(
        rx.el.div(
            *parts,
            role=rx.cond(error_var, "alert", "status"),
            class_name=rx.cond(error_var, f"{_BOX} bg-red-700", f"{_BOX} bg-gray-900"),
            id=element_id,
        ),
        class_name=f"pointer-events-none fixed inset-x-0 bottom-4 {z_class} flex justify-center px-4",
    )


def toast() -> rx.Component:
    """The shop-wide toast (`ToastState`)."""
    return rx.cond(
        ToastState.key != "",
        toast_box(
            t_var(ToastState.key),
            error=ToastState.error,
            close_label=t("account:toasts.close"),
            on_dismiss=ToastState.dismiss,
        ),
    )
