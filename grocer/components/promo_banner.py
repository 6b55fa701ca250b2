"""The promotion banner: rotates the active banner promotions every 5 s (when several)."""

from __future__ import annotations

import reflex as rx

from grocer.components.carousel import Rotator
from grocer.components.i18n import t
from grocer.components.icons import icon
from grocer.views.catalogue import PromoView

ROTATION_MS = 5000


def _promo(p: rx.Var[PromoView]) -> rx.Component:
    return rx.el.p(
        icon("star", 16, "text-amber-300"),
        rx.el.span(p["name"], class_name="font-bold"),
        rx.el.span("·", aria_hidden="true", class_name="hidden sm:inline"),
        rx.el.span(p["description"], class_name="hidden truncate sm:inline"),
        rx.cond(
            p["promoCode"],
            rx.el.span(
                t("catalogue:promoCode", code=p["promoCode"]),
                class_name=(
                    "shrink-0 rounded-md bg-white/15 px-2 py-0.5 font-mono text-xs font-bold"
                ),
            ),
        ),
        class_name="flex min-w-0 items-center justify-center gap-2 truncate text-sm",
    )


def promo_banner(promotions: rx.Var[list[PromoView]]) -> rx.Component:
    """A slim strip of fixed height (no shift when promotions arrive)."""
    return rx.el.div(
        Rotator.create(
            rx.foreach(promotions, _promo),
            interval=ROTATION_MS,
            class_name=(
                "w-full [&:not([data-ready])>*:not(:first-child)]:hidden [&>[data-off]]:hidden"
            ),
        ),
        class_name=(
            "flex h-10 items-center overflow-hidden rounded-xl bg-gradient-to-r "
            "from-green-700 to-emerald-600 px-4 text-white"
        ),
        role="region",
        aria_label=t("catalogue:promotions"),
    )
