"""Amounts as the pages show them: every amount written in each display currency at once.

Every amount a page shows is formatted on the server by `grocer.services.money.format_amount`
in each of the three currencies (`display_prices`, `amount_in_all`), and the page picks the
string of the current currency (`article["display"][CurrencyState.code]`). So the one rule for
conversion, rounding and French grouping stays in money.py (no JS copy of it), and switching
currency changes every amount at once with no round trip per amount and no layout shift.
"""

from __future__ import annotations

from decimal import Decimal, InvalidOperation
from typing import Any, TypedDict

from grocer.services import money

CURRENCIES: tuple[str, ...] = money.SUPPORTED


class DisplayPrices(TypedDict):
    """A card's amounts in one currency ("" when there is none)."""

    price: str
    """The price paid (the sale price when on sale)."""
    original: str
    """The struck-through price, only when it is above the price paid."""
    saved: str


def _decimal(value: Any) -> Decimal | None:
    if value is None or value == "":
        return None
    try:
        result = Decimal(str(value))
    except (InvalidOperation, ValueError):
        return None
    return result if result.is_finite() else None


def amount_in_all(amount_xof: Any) -> dict[str, str]:
    """An XOF amount written in every display currency ({"XOF": "1 250 XOF", "EUR": ...})."""
    value = _decimal(amount_xof)
    if value is None:
        return dict.fromkeys(CURRENCIES, "")
    return {code: money.format_amount(value, code) for code in CURRENCIES}


def display_prices(article: dict[str, Any]) -> dict[str, DisplayPrices]:
    """What a product card shows, per currency: price paid, struck original, amount saved."""
    price = _decimal(article.get("price"))
    sale = _decimal(article.get("salePrice"))
    original = _decimal(article.get("originalPrice"))
    shown = sale if sale is not None else price
    if original is not None and shown is not None and original <= shown:
        original = None
    saved = original - shown if original is not None and shown is not None else None
    out: dict[str, DisplayPrices] = {}
    for code in CURRENCIES:
        out[code] = {
            "price": money.format_amount(shown, code) if shown is not None else "",
            "original": money.format_amount(original, code) if original is not None else "",
            "saved": money.format_amount(saved, code) if saved is not None else "",
        }
    return out
