"""The box shown while a mobile money payment waits for the shopper's phone: what to do, the
provider's payment page when it gave one, and the poll that asks how the payment stands."""

from __future__ import annotations

from typing import Any

import reflex as rx

from grocer.components.i18n import t
from grocer.components.session_hooks import Every


def payment_waiting(
    waiting: rx.Var[bool],
    payment_url: rx.Var[str],
    on_tick: Any,
    *,
    ms: int,
    title_key: str,
    text_key: str,
    link_key: str,
) -> rx.Component:
    return rx.cond(
        waiting,
        rx.el.div(
            rx.el.p(t(title_key), role="status", class_name="font-semibold"),
            rx.el.p(t(text_key), class_name="text-sm"),
            rx.cond(
                payment_url != "",
                rx.el.a(
                    t(link_key),
                    href=payment_url,
                    target="_blank",
                    rel="noopener",
                    class_name="text-sm font-semibold underline",
                ),
            ),
            Every.create(ms=ms, on_tick=on_tick),
            class_name="space-y-1 rounded-2xl bg-amber-50 p-4 text-amber-900",
        ),
    )
