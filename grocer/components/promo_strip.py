"""The promo banner (000 §4.3): visible until the shopper closes it."""

from __future__ import annotations

import reflex as rx

from grocer.components.dialog import FOCUS
from grocer.components.i18n import t
from grocer.state.bag import BagState


def promo_strip() -> rx.Component:
    return rx.cond(
        BagState.promo_banner_open,
        rx.el.div(
            rx.el.p(
                rx.el.span(
                    "%",
                    class_name="mr-2 inline-flex h-6 w-6 items-center justify-center rounded-full bg-black/20 text-xs font-bold",
                    aria_hidden="true",
                ),
                t("bag:promoBanner.text"),
                rx.el.strong(
                    "SAVE10", class_name="ml-1.5 rounded bg-black/20 px-1.5 font-mono tracking-wide"
                ),
                class_name="flex items-center text-sm",
            ),
            rx.el.button(
                rx.el.span("×", aria_hidden="true", class_name="text-xl leading-none"),
                type="button",
                on_click=BagState.close_promo_banner,
                aria_label=t("bag:promoBanner.close"),
                class_name=f"inline-flex h-8 w-8 items-center justify-center rounded-full hover:bg-white/15 {FOCUS}",
            ),
            role="region",
            aria_label=t("bag:promoBanner.label"),
            class_name="flex items-center justify-between gap-3 bg-orange-700 px-4 py-2 text-white",
        ),
    )
