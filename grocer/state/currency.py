"""The display currency (XOF, EUR, USD): the shopper's manual choice, else detected by country.

How amounts are formatted, and why it is done this way: every amount a page shows is formatted
on the server by `grocer.services.money.format_amount` in each of the three currencies at once
(`display_prices`), and the page picks the string of the current currency
(`article["display"][CurrencyState.currency]`). So the one rule for conversion, rounding and
French grouping stays in money.py (no JS copy of it), and switching currency changes every
amount at once with no round trip per amount and no layout shift.
"""

from __future__ import annotations

import logging
from decimal import Decimal, InvalidOperation
from typing import Any

import reflex as rx

from grocer.services import geoip, money
from grocer.services.money import normalise_currency as supported_currency
from grocer.state.client_address import router_client_address

log = logging.getLogger(__name__)

CURRENCIES: tuple[str, ...] = money.SUPPORTED
SYMBOLS: dict[str, str] = dict(money.SYMBOLS)


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


def display_prices(article: dict[str, Any]) -> dict[str, dict[str, str]]:
    """What a product card shows, per currency: price paid, struck original, amount saved."""
    price = _decimal(article.get("price"))
    sale = _decimal(article.get("salePrice"))
    original = _decimal(article.get("originalPrice"))
    shown = sale if sale is not None else price
    if original is not None and shown is not None and original <= shown:
        original = None
    saved = original - shown if original is not None and shown is not None else None
    out: dict[str, dict[str, str]] = {}
    for code in CURRENCIES:
        out[code] = {
            "price": money.format_amount(shown, code) if shown is not None else "",
            "original": money.format_amount(original, code) if original is not None else "",
            "saved": money.format_amount(saved, code) if saved is not None else "",
        }
    return out


class CurrencyState(rx.State):
    """Currency state (spec 000 §3): currency, loading flag, detected country, auto flag."""

    currency: str = rx.LocalStorage("XOF", name="preferredCurrency", sync=True)
    set_manually: str = rx.LocalStorage("false", name="currencySetManually", sync=True)
    detected_country: str = ""
    loading: bool = False
    _asked: bool = False

    @rx.var
    def code(self) -> str:
        """The current currency, always a supported one (the stored value may be stale)."""
        return supported_currency(self.currency) or money.BASE_CURRENCY

    @rx.var
    def auto_detected(self) -> bool:
        return self.set_manually != "true"

    @rx.event
    def choose(self, code: str) -> None:
        """A manual choice from the header or the mobile menu; remembered as manual."""
        chosen = supported_currency(code if isinstance(code, str) else None)
        if chosen is None:
            return
        self.currency = chosen
        self.set_manually = "true"

    @rx.event(background=True)
    async def detect(self) -> None:
        """First load: unless the shopper chose a currency, follow the country of their IP."""
        async with self:
            if self._asked:
                return
            self._asked = True
            manual = self.currency
            set_manually = self.set_manually == "true"
            ip = router_client_address(self.router)
            headers = dict(self.router.headers.raw_headers or {})
            self.loading = True
        try:
            found = await geoip.detect_currency_async(ip, headers, manual, set_manually)
        except Exception:  # detection is a nicety: a failure keeps the current currency
            log.warning("currency detection failed", exc_info=True)
            found = None
        async with self:
            self.loading = False
            if not found:
                return
            self.detected_country = found.get("country") or ""
            if found.get("autoDetected"):
                self.currency = found.get("currency") or money.BASE_CURRENCY
                self.set_manually = "false"
