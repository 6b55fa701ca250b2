"""The bag side panel (001 §2 "Bag side panel"): lines, legend, subtotal, Check out."""

from __future__ import annotations

from typing import Any

import reflex as rx

from grocer.components.auth_buttons import sign_in_button, sign_up_button
from grocer.components.auth_dialog import svg_icon
from grocer.components.bag_now import PANEL, ShownQuantity, opens_bag, shown_line
from grocer.components.buttons import icon_button, text_button
from grocer.components.dialog import FOCUS, dialog, dialog_description
from grocer.components.form_parts import PRIMARY, SECONDARY
from grocer.components.i18n import t
from grocer.components.offline_marks import REMOVE_STEP, bag_step_mark
from grocer.components.picture import small_image
from grocer.components.prefetch import checkout_ahead
from grocer.components.promo_strip import promo_strip
from grocer.components.status import status_heading
from grocer.state.bag import MAX_QUANTITY, BagRow, BagState
from grocer.state.currency import CurrencyState
from grocer.state.session import SessionState

BAG = ("M6 7h12l-1 13H7L6 7Z", "M9 7V6a3 3 0 0 1 6 0v1")
PLUS = ("M12 5v14", "M5 12h14")
MINUS = ("M5 12h14",)
TRASH = ("M4 7h16", "M10 11v6", "M14 11v6", "M6 7l1 13h10l1-13", "M9 7V4h6v3")

LEGEND = (
    ("C", "bag:legend.estimated"),
    ("T", "bag:legend.taxable"),
    ("D", "bag:legend.deposit"),
    ("S", "bag:legend.special"),
)

_ROUND = (
    "inline-flex h-8 w-8 items-center justify-center rounded-full text-gray-700 "
    f"hover:bg-white hover:text-green-800 disabled:opacity-40 {FOCUS}"
)

_LETTER = (
    "inline-flex h-5 w-5 items-center justify-center rounded bg-gray-100 text-[11px] "
    "font-bold text-gray-700"
)
"""A legend letter's box (C, T, D, S)."""
_REMOVE = (
    "inline-flex items-center gap-1 rounded-full px-2 py-1 text-xs font-semibold "
    f"text-gray-500 hover:bg-red-50 hover:text-red-700 {FOCUS}"
)
_SAVE_SIGN_UP = f"rounded-full bg-green-700 px-4 py-1.5 text-sm font-semibold text-white hover:bg-green-800 {FOCUS}"
_SAVE_SIGN_IN = (
    "rounded-full px-4 py-1.5 text-sm font-semibold text-green-800 "
    f"ring-1 ring-green-700/30 hover:bg-white {FOCUS}"
)
_CONFIRM_EMPTY = (
    "inline-flex h-12 flex-1 items-center justify-center rounded-full bg-red-600 px-5 "
    f"font-semibold text-white hover:bg-red-700 {FOCUS}"
)
_ASK_EMPTY = (
    "self-center rounded-full px-3 py-1 text-sm font-semibold text-gray-600 "
    f"hover:bg-gray-100 hover:text-red-700 {FOCUS}"
)


def amount(amounts: rx.Var[dict[str, str]], class_name: str = "") -> rx.Component:
    """An amount in the shopper's currency (each var holds it in every currency)."""
    return rx.el.span(amounts[CurrencyState.code], class_name=class_name)


def line_image(item: rx.Var[BagRow], size: str = "h-16 w-16") -> rx.Component:
    return rx.el.div(
        rx.cond(
            item["image"] != "",
            small_image(item["image"], 64, "h-full w-full object-contain"),
            svg_icon(BAG, 24, "text-gray-300"),
        ),
        class_name=f"flex {size} shrink-0 items-center justify-center overflow-hidden rounded-xl bg-gray-50 p-1",
    )


def stepper(item: rx.Var[BagRow]) -> rx.Component:
    ident = item["id"]
    name = item["name"]
    return rx.el.div(
        icon_button(
            t("bag:decrease", name=name),
            _ROUND,
            svg_icon(MINUS, 16),
            on_click=BagState.decrement(ident),
            custom_attrs=bag_step_mark(ident, -1),
        ),
        rx.el.span(
            ShownQuantity.create(article_id=ident, quantity=item["quantity"]),
            class_name="min-w-6 text-center text-sm font-semibold tabular-nums",
            aria_live="polite",
        ),
        icon_button(
            t("bag:increase", name=name),
            _ROUND,
            svg_icon(PLUS, 16),
            on_click=BagState.increment(ident),
            disabled=item["quantity"] >= MAX_QUANTITY,
            custom_attrs=bag_step_mark(ident, 1),
        ),
        class_name="inline-flex items-center gap-1 rounded-full bg-gray-100 p-0.5",
    )


def remove_button(
    item: rx.Var[BagRow], class_name: str, label: Any, *extra: rx.Component
) -> rx.Component:
    """Takes the line out of the bag (named after the article for screen readers)."""
    return text_button(
        label,
        BagState.remove(item["id"]),
        class_name,
        *extra,
        aria_label=t("bag:removeItem", name=item["name"]),
        custom_attrs=bag_step_mark(item["id"], REMOVE_STEP),
    )


def bag_line(item: rx.Var[BagRow]) -> rx.Component:
    return rx.el.li(
        line_image(item),
        rx.el.div(
            rx.el.div(
                rx.el.div(
                    rx.el.p(
                        item["name"],
                        class_name="line-clamp-2 text-sm font-semibold text-gray-900",
                    ),
                    rx.cond(
                        item["weight"] != "",
                        rx.el.p(item["weight"], class_name="text-xs text-gray-500"),
                    ),
                    class_name="min-w-0",
                ),
                rx.el.div(
                    amount(item["total"], "text-sm font-bold text-gray-900 tabular-nums"),
                    rx.cond(
                        item["original"][CurrencyState.code] != "",
                        rx.el.s(
                            item["original"][CurrencyState.code],
                            class_name="block text-xs text-gray-500",
                        ),
                    ),
                    class_name="shrink-0 text-right",
                ),
                class_name="flex items-start justify-between gap-3",
            ),
            rx.el.div(
                stepper(item),
                remove_button(item, _REMOVE, svg_icon(TRASH, 16), rx.el.span(t("bag:remove"))),
                class_name="mt-2 flex items-center justify-between",
            ),
            class_name="min-w-0 flex-1",
        ),
        class_name="flex gap-3 py-4",
    )


def empty_bag_view() -> rx.Component:
    return rx.el.div(
        status_heading(svg_icon(BAG, 36), "h-20 w-20 bg-green-50", t("bag:empty.title")),
        rx.el.p(t("bag:empty.text"), class_name="text-sm text-gray-600"),
        text_button(
            t("bag:startShopping"),
            BagState.close_panel,
            f"{SECONDARY} mt-2",
            custom_attrs=opens_bag(panel=False),
        ),
        class_name="flex flex-1 flex-col items-center justify-center gap-2 px-6 py-16 text-center",
    )


def save_prompt() -> rx.Component:
    """Signed-out popover: "Sauvegardez votre panier (n articles)..." (001 §2)."""
    return rx.cond(
        ~SessionState.is_authenticated & (BagState.count > 0),
        rx.el.div(
            rx.el.p(
                t("bag:savePrompt", count=BagState.count),
                class_name="text-sm font-medium text-gray-800",
            ),
            rx.el.div(
                sign_up_button(t("bag:createAccount"), _SAVE_SIGN_UP),
                sign_in_button(t("bag:signIn"), _SAVE_SIGN_IN),
                class_name="mt-2 flex flex-wrap gap-2",
            ),
            role="note",
            class_name="mx-5 mt-4 rounded-2xl bg-green-50 p-4",
        ),
    )


def legend() -> rx.Component:
    return rx.el.dl(
        *(
            rx.el.div(
                rx.el.dt(letter, class_name=_LETTER),
                rx.el.dd(t(key), class_name="text-xs text-gray-600"),
                class_name="flex items-center gap-1.5",
            )
            for letter, key in LEGEND
        ),
        aria_label=t("bag:legend.label"),
        class_name="grid grid-cols-2 gap-x-4 gap-y-1",
    )


def empty_confirmation() -> rx.Component:
    """ "Empty bag" asks first (001 §2)."""
    return dialog(
        rx.el.div(
            dialog_description(t("bag:confirmEmpty.text"), class_name="text-gray-700"),
            rx.el.p(t("bag:confirmEmpty.warning"), class_name="text-sm font-semibold text-red-700"),
            rx.el.div(
                text_button(
                    t("bag:confirmEmpty.cancel"), BagState.cancel_empty, f"{SECONDARY} flex-1"
                ),
                text_button(t("bag:emptyBag"), BagState.empty_bag, _CONFIRM_EMPTY),
                class_name="mt-2 flex gap-3",
            ),
            class_name="flex flex-col gap-2 px-6 pb-6",
        ),
        open=BagState.confirm_empty,
        on_close=BagState.cancel_empty,
        title=t("bag:confirmEmpty.title"),
        size="sm",
        dialog_id="empty-bag-dialog",
    )


def bag_panel() -> rx.Component:
    footer = rx.el.div(
        legend(),
        rx.el.div(
            rx.el.span(
                t("bag:subtotalBeforeTax"), class_name="text-sm font-semibold text-gray-700"
            ),
            amount(BagState.subtotal, "text-lg font-bold text-gray-900 tabular-nums"),
            class_name="flex items-center justify-between",
        ),
        text_button(
            t("bag:checkout"),
            BagState.open_overlay,
            PRIMARY,
            custom_attrs=opens_bag(panel=False, overlay=True),
        ),
        text_button(t("bag:emptyBag"), BagState.ask_empty, _ASK_EMPTY),
        checkout_ahead(),
        class_name="flex flex-col gap-3 border-t border-gray-100 bg-white px-5 pb-5 pt-4",
    )
    return rx.fragment(
        dialog(
            promo_strip(),
            rx.cond(
                BagState.count > 0,
                rx.fragment(
                    save_prompt(),
                    rx.el.ul(
                        rx.foreach(BagState.items, shown_line(bag_line)),
                        class_name="flex-1 divide-y divide-gray-100 overflow-y-auto px-5",
                        aria_label=t("bag:lines"),
                    ),
                    footer,
                ),
                empty_bag_view(),
            ),
            open=BagState.panel_open,
            on_close=BagState.close_panel,
            title=t("bag:title", count=BagState.count),
            variant="side",
            dialog_id="bag-panel",
            now_key=PANEL,
        ),
        empty_confirmation(),
    )
