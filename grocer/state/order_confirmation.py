"""The confirmation page /order-confirmation?number=…: the shopper's own order (another's, or
none, is not found). It is also where the mobile-money provider sends the shopper back
(grocer.services.payments RETURN_PATH): while the payment is pending the page asks its status.
"""

from __future__ import annotations

import asyncio
import logging
import re
from datetime import date
from typing import Any

import reflex as rx

from grocer.models.base import utcnow
from grocer.services import orders
from grocer.services.payments import service as payments
from grocer.state import session_guard
from grocer.state.bag import BagState
from grocer.state.slot_dialog import DayTab, day_tabs
from grocer.views.orders import ShownLine, order_amount, shown_lines, shown_order

logger = logging.getLogger(__name__)

ROUTE = "/order-confirmation"
NUMBER = re.compile(r"^[A-Za-z0-9-]{1,40}$")
POLL_MS = 4_000


def order_number(params: Any) -> str:
    """The `number` query parameter when it looks like an order number, else ""."""
    value = params.get("number") if hasattr(params, "get") else None
    return checked_number(value)


def checked_number(value: Any) -> str:
    """`value` (a query parameter, perhaps repeated) when it looks like an order number."""
    value = value[0] if isinstance(value, list) and value else value
    return value if isinstance(value, str) and NUMBER.match(value) else ""


def slot_day_of(order: dict[str, Any]) -> DayTab | None:
    """The day of the order's slot as the slot dialogs name it; None when it has none."""
    try:
        day = date.fromisoformat(str((order.get("slot") or {}).get("date")))
    except ValueError:
        return None
    return day_tabs([], day, 1, utcnow().date())[0]


def _own_order(db: Any, user: Any, number: str) -> dict[str, Any]:
    """The caller's order of that number (orders.list_orders is the caller's own list)."""
    for order in orders.list_orders(db, user, user.id):
        if order["number"] == number:
            return dict(order)
    return {}


class OrderConfirmationState(rx.State):
    found: bool = False
    loading: bool = True
    order: dict[str, str] = {}
    total: dict[str, str] = {}
    lines: list[ShownLine] = []
    slot_day: DayTab = day_tabs([], date(2000, 1, 1), 1, date(2000, 1, 1))[0]
    pending: bool = False  # mobile money still waiting: the page asks its status

    _reference: str = ""

    async def _read(self, user_id: int, number: str) -> None:
        try:
            answer = await session_guard.call(_own_order, number, as_user=user_id)
        except Exception:
            logger.warning("confirmation: could not read the order", exc_info=True)
            answer = {}
        if not answer:
            self.found = False
            return
        self.order = shown_order(answer)
        self.total = order_amount(answer, "total")
        self.lines = shown_lines(answer)
        self.slot_day = slot_day_of(answer) or self.slot_day
        self._reference = str(answer.get("paymentReference") or "")
        self.pending = self.order["paymentStatus"] == "pending" and bool(self._reference)
        self.found = True

    async def prepare(self, user_id: int, number: str) -> None:
        """The order shown before the page asks: the payment's move here comes with it, so
        the page shows the order as it opens (on a slow link, one round trip less, issue 23);
        its start then reads it again."""
        self.pending = False
        await self._read(user_id, number)
        self.loading = False

    @rx.event
    async def load(self):
        """The order; and the bag as the server has it (emptied by the order). The payment
        step asked for that too, but the page change to here sends the browser's stored bag
        up again (Reflex's storage sync on navigation), and when that copy was still the old
        one (seen after a reconnect to another worker) the full bag came back on screen."""
        self.loading = True
        self.found = False
        self.pending = False
        number = order_number(self.router.url.query_parameters)
        user_id = await session_guard.signed_in_user_id(self)
        if number and user_id is not None:
            await self._read(user_id, number)
        self.loading = False
        return BagState.load_account_bag if self.found else None

    @rx.event
    async def poll(self):
        """While a mobile-money payment is pending: ask the provider (through the payment
        service), then show the order as it now is."""
        if not self.pending or not self._reference:
            return
        user_id = await session_guard.signed_in_user_id(self)
        if user_id is None:
            return
        try:
            await asyncio.to_thread(payments.refresh, self._reference)
        except Exception:
            logger.warning("confirmation: payment status check failed", exc_info=True)
            return
        await self._read(user_id, self.order.get("number", ""))
