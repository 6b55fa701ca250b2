"""Prices in the shopper's currency: strings formatted by money.py, picked by currency code."""

from __future__ import annotations

import reflex as rx

from grocer.state.currency import CurrencyState
from grocer.views.catalogue import CardView
from grocer.views.styles import ORIGINAL, PRICE, PRICE_ROW

Code = rx.Var[str] | None
"""The currency to show: the shopper's (CurrencyState.code) unless a component passes its own
(the product card gets it as a prop, so that it reads no state itself)."""


def _shown(article: rx.Var[CardView], field: str, code: Code = None) -> rx.Var[str]:
    return article["display"][CurrencyState.code if code is None else code][field]


def price_of(article: rx.Var[CardView], code: Code = None) -> rx.Var[str]:
    return _shown(article, "price", code)


def original_of(article: rx.Var[CardView], code: Code = None) -> rx.Var[str]:
    return _shown(article, "original", code)


def saved_of(article: rx.Var[CardView], code: Code = None) -> rx.Var[str]:
    return _shown(article, "saved", code)


def price_tag(article: rx.Var[CardView], large: bool = False, code: Code = None) -> rx.Component:
    """Sale (or regular) price, then the struck-through original price when on sale."""
    return rx.el.div(
        rx.el.span(
            price_of(article, code),
            class_name=PRICE[large],
        ),
        rx.cond(
            original_of(article, code) != "",
            rx.el.s(
                original_of(article, code),
                class_name=ORIGINAL[large],
            ),
        ),
        class_name=PRICE_ROW,
    )
