"""What a failure shows: the error box of a part of a page that failed to load (spec 001 §8:
home sections) and the pieces it shares with the error pages and the failure fallback.

The box of a load says which failure it was (spec 001 §8: "icon depends on network or server
type"), as the shopper experiences it (`load_failure`):

- **server** (server icon): the server answered, and said the load failed. Whatever the cause
  behind it (a database that times out, a provider that is down), the shopper's connection
  works and checking it would not help: it is the shop's fault, and "Réessayer" asks again.
- **network** (wifi-off icon): the browser cannot reach the server at all (the websocket keeps
  failing to connect) while the part still waits for its data. This is the shopper's link (or
  the way to the shop): "Réessayer" queues the load, which runs as soon as the link is back.
"""

from __future__ import annotations

from collections.abc import Iterable
from typing import Any

import reflex as rx
from reflex.components.core.banner import has_too_many_connection_errors

from grocer.components.buttons import icon_text_button
from grocer.components.i18n import t
from grocer.components.icons import icon, icon_badge
from grocer.components.product_card import FOCUS


def retry_button(on_retry: Any, spacing: str) -> rx.Component:
    """ "Réessayer" (`spacing`: its margin and height, which differ by where it stands)."""
    return icon_text_button(
        "refresh",
        t("errors:retry"),
        16,
        on_click=on_retry,
        class_name=(
            f"inline-flex items-center gap-2 rounded-full bg-green-700 px-5 {spacing} text-sm "
            f"font-semibold text-white hover:bg-green-800 {FOCUS}"
        ),
    )


def suggestions(
    heading: rx.Component, tips: Iterable[Any], list_class: str, class_name: str
) -> rx.Component:
    """What the shopper can try after a failure: `heading`, then `tips` as a bulleted list."""
    return rx.el.div(
        heading,
        rx.el.ul(
            *(rx.el.li(tip) for tip in tips),
            class_name=f"list-disc space-y-1 pl-5 text-left {list_class}",
        ),
        class_name=f"w-full rounded-2xl {class_name} text-left",
    )


def load_failure(server_failed: rx.Var[bool], waiting: rx.Var[bool]) -> rx.Var[str]:
    """The failure of a part's load: "server" when its handler reported a failure, "network"
    when it still `waiting` for data and the browser cannot reach the server, else ""."""
    return rx.cond(
        server_failed,
        "server",
        rx.cond(waiting & has_too_many_connection_errors, "network", ""),
    ).to(str)


def error_box(
    title_key: str,
    message_key: str,
    on_retry: Any,
    icon_name: str = "wifi-off",
    kind: rx.Var[str] | None = None,
) -> rx.Component:
    """A failed part of a page: icon, title, message and "Réessayer". With `kind` (see
    `load_failure`) the icon, and a line for screen readers, say which failure it was."""
    if kind is None:
        glyph: rx.Component = icon(icon_name, 28)
        kind_text: rx.Component = rx.fragment()
    else:
        glyph = rx.cond(kind == "server", icon("server", 28), icon("wifi-off", 28))
        kind_text = rx.el.span(
            rx.cond(kind == "server", t("errors:serverTitle"), t("errors:networkTitle")),
            class_name="sr-only",
        )
    return rx.el.div(
        icon_badge(glyph, "h-14 w-14", "rounded-full bg-red-50 text-red-600"),
        rx.el.h2(t(title_key), class_name="mt-3 text-lg font-bold text-gray-900"),
        kind_text,
        rx.el.p(t(message_key), class_name="mt-1 max-w-md text-sm text-gray-600"),
        retry_button(on_retry, "mt-4 py-2"),
        role="alert",
        custom_attrs={} if kind is None else {"data-failure": kind},
        class_name=(
            "my-8 flex flex-col items-center rounded-2xl border border-red-100 bg-white "
            "p-8 text-center"
        ),
    )
