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


def price_tag(article: rx.Var[dict[str, Any]], large: bool = False) -> rx.Component:
    """Sale (or regular) price, then the struck-through original price when on sale."""
    return rx.el.div(
        rx.el.span(
            price_of(article),
            class_name=(
                "text-2xl font-bold text-gray-900" if large else "text-base font-bold text-gray-900"
            ),
        ),
        rx.cond(
            original_of(article) != "",
            rx.el.s(
                original_of(article),
                class_name="text-base text-gray-500" if large else "text-xs text-gray-500",
            ),
        ),
        class_name="flex flex-wrap items-baseline gap-x-2",
    )
