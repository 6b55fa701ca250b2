"""Prices in the shopper's currency: strings formatted by money.py, picked by currency code."""

from __future__ import annotations

import reflex as rx

from grocer.state.currency import CurrencyState
from grocer.views.catalogue import CardView
from grocer.views.styles import ORIGINAL, PRICE, PRICE_ROW


def _shown(article: rx.Var[CardView], field: str) -> rx.Var[str]:
    return article["display"][CurrencyState.code][field]


def price_of(article: rx.Var[CardView]) -> rx.Var[str]:
    return _shown(article, "price")


def original_of(article: rx.Var[CardView]) -> rx.Var[str]:
    return _shown(article, "original")


def saved_of(article: rx.Var[CardView]) -> rx.Var[str]:
    return _shown(article, "saved")


def price_tag(article: rx.Var[CardView], large: bool = False) -> rx.Component:
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
