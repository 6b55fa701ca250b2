"""The toast (001 §8): bottom of the screen, 3 s, a status or an alert; mounted once, on every
page (grocer.components.overlays)."""

from __future__ import annotations

import reflex as rx

from grocer.components.i18n import t, t_var
from grocer.state.toast import ToastState


def toast() -> rx.Component:
    return rx.cond(
        ToastState.key != "",
        rx.el.div(
            rx.el.p(t_var(ToastState.key), class_name="flex-1"),
            rx.el.button(
                "×",
                type="button",
                on_click=ToastState.dismiss,
                aria_label=t("account:toasts.close"),
                class_name="rounded px-2 text-lg leading-none opacity-80 hover:opacity-100",
            ),
            role=rx.cond(ToastState.error, "alert", "status"),
            class_name=rx.cond(
                ToastState.error,
                "bg-red-700 text-white",
                "bg-green-800 text-white",
            ).to(str)
            + (
                " fixed bottom-4 left-1/2 z-[70] flex w-[min(92vw,28rem)] -translate-x-1/2 "
                "items-center gap-3 rounded-xl px-4 py-3 text-sm font-medium shadow-lg"
            ),
        ),
    )
