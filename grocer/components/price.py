"""Prices in the shopper's currency: strings formatted by money.py, picked by currency code."""

from __future__ import annotations

from typing import Any

import reflex as rx

from grocer.state.currency import CurrencyState


def _shown(article: rx.Var[dict[str, Any]], field: str) -> rx.Var[str]:
    return article["display"].to(dict)[CurrencyState.code].to(dict)[field].to(str)


def price_of(article: rx.Var[dict[str, Any]]) -> rx.Var[str]:
    return _shown(article, "price")


def original_of(article: rx.Var[dict[str, Any]]) -> rx.Var[str]:
    return _shown(article, "original")


def saved_of(article: rx.Var[dict[str, Any]]) -> rx.Var[str]:
    return _shown(article, "saved")


PRICE_ROW = "flex flex-wrap items-baseline gap-x-2"
PRICE: dict[bool, str] = {
    False: "text-base font-bold text-gray-900",
    True: "text-2xl font-bold text-gray-900",
}
"""The price paid, by size (large: the product page); ORIGINAL the struck-through one."""
ORIGINAL: dict[bool, str] = {False: "text-xs text-gray-500", True: "text-base text-gray-500"}


def price_tag(article: rx.Var[dict[str, Any]], large: bool = False) -> rx.Component:
    """Sale (or regular) price, then the struck-through original price when on sale."""
    return rx.el.div(
        rx.el.span(
            price_of(article),
            class_name=PRICE[large],
        ),
        rx.cond(
            original_of(article) != "",
            rx.el.s(
                original_of(article),
                class_name=ORIGINAL[large],
            ),
        ),
        class_name=PRICE_ROW,
    )
