"""The display currency (XOF, EUR, USD): the shopper's manual choice, else detected by country.

Every amount a page shows is already written in the three currencies on the server
(grocer.views.prices); the page picks the string of `CurrencyState.code`.
"""

from __future__ import annotations

import asyncio
import logging
from typing import Any

import reflex as rx

from grocer.services import geoip, money
from grocer.services.money import normalise_currency as supported_currency
from grocer.state.client_address import router_client_address

log = logging.getLogger(__name__)

CURRENCIES: tuple[str, ...] = money.SUPPORTED
SYMBOLS: dict[str, str] = dict(money.SYMBOLS)


async def warm_up_detection() -> None:
    """A lifespan task: the country detection ready before the first tab (geoip.warm_up)."""
    await asyncio.to_thread(geoip.warm_up)


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

    def detect_at_once(self) -> bool:
        """The tab's first page (PageStartState.start): the currency by country when the answer
        needs no wait (a manual choice, a private address, the proxy's header, the cache, the
        offline database), in the page start's own event. False when it needs one: the caller
        then starts `detect`, in the background."""
        if self._asked:
            return True
        try:
            found = geoip.detect_currency(*self._detection_inputs(), wait=False)
        except geoip.WouldWait:
            return False
        except Exception:  # detection is a nicety: a failure keeps the current currency
            log.warning("currency detection failed", exc_info=True)
            found = None
        self._asked = True
        self._follow(found)
        return True

    @rx.event(background=True)
    async def detect(self) -> None:
        """First load, when the answer needs a wait (a public service, the database's first
        load): unless the shopper chose a currency, follow the country of their IP."""
        async with self:
            if self._asked:
                return
            self._asked = True
            inputs = self._detection_inputs()
            self.loading = True
        try:
            found = await geoip.detect_currency_async(*inputs)
        except Exception:  # detection is a nicety: a failure keeps the current currency
            log.warning("currency detection failed", exc_info=True)
            found = None
        async with self:
            self.loading = False
            self._follow(found)

    def _detection_inputs(self) -> tuple[str, dict[str, str], str, bool]:
        """What detection reads: the client's address, the headers, the stored choice."""
        return (
            router_client_address(self.router),
            dict(self.router.headers.raw_headers or {}),
            self.currency,
            self.set_manually == "true",
        )

    def _follow(self, found: dict[str, Any] | None) -> None:
        """What detection found: the country, and its currency unless the choice was manual."""
        if not found:
            return
        self.detected_country = found.get("country") or ""
        if found.get("autoDetected"):
            self.currency = found.get("currency") or money.BASE_CURRENCY
            self.set_manually = "false"
