"""The confirmation page /commande/{id}: the shopper's own order (another's is not found)."""

from __future__ import annotations

import logging
import re
from datetime import date
from decimal import Decimal, InvalidOperation
from typing import Any, TypedDict

import reflex as rx

from grocer.models.base import utcnow
from grocer.services import money, orders
from grocer.services.errors import Forbidden, NotFound
from grocer.state import session_guard
from grocer.state.slot_dialog import DayTab, day_tabs

logger = logging.getLogger(__name__)

ROUTE = "/commande/[order_id]"
_PATH = re.compile(r"^/commande/(\d{1,12})/?$")


class ShownLine(TypedDict):
    name: str
    quantity: int
    total: dict[str, str]


def order_id_from_path(path: str) -> int:
    match = _PATH.match(path or "")
    return int(match.group(1)) if match else 0


def _amount(value: Any) -> dict[str, str]:
    try:
        return money.format_all(Decimal(str(value or "0")))
    except InvalidOperation:
        return money.format_all(Decimal(0))


def shown_order(order: dict[str, Any]) -> dict[str, str]:
    """The order's texts as the page draws them."""
    slot = order.get("slot") or {}
    address = order.get("address") or {}
    address_line = ", ".join(
        str(address.get(key)).strip()
        for key in ("streetAddress", "city", "state", "country")
        if address.get(key)
    )
    return {
        "number": str(order.get("number") or ""),
        "status": str(order.get("status") or ""),
        "kind": str(order.get("kind") or "delivery"),
        "slotDate": str(slot.get("date") or ""),
        "slotLabel": str(slot.get("label") or ""),
        "address": address_line,
        "paymentMethod": str(order.get("paymentMethod") or "cash"),
        "paymentStatus": str(order.get("paymentStatus") or "unpaid"),
    }


class OrderConfirmationState(rx.State):
    found: bool = False
    loading: bool = True
    order: dict[str, str] = {}
    total: dict[str, str] = {}
    slot_day: DayTab = day_tabs([], date(2000, 1, 1), 1, date(2000, 1, 1))[0]
    lines: list[ShownLine] = []

    @rx.event
    async def load(self):
        self.loading = True
        self.found = False
        order_id = order_id_from_path(self.router.url.path)
        user_id = await session_guard.signed_in_user_id(self)
        if not order_id or user_id is None:
            self.loading = False
            return
        try:
            answer = await session_guard.call(orders.get_order, user_id, order_id, as_user=user_id)
        except (NotFound, Forbidden):
            self.loading = False
            return
        except Exception:
            logger.warning("confirmation: could not read the order", exc_info=True)
            self.loading = False
            return
        self.order = shown_order(dict(answer))
        self.total = _amount(answer.get("total"))
        try:
            day = date.fromisoformat(str((answer.get("slot") or {}).get("date")))
            self.slot_day = day_tabs([], day, 1, utcnow().date())[0]
        except ValueError:
            pass
        self.lines = [
            ShownLine(
                name=str(line.get("name") or ""),
                quantity=int(line.get("quantity") or 0),
                total=_amount(line.get("lineTotal")),
            )
            for line in answer.get("lines") or []
        ]
        self.found = True
        self.loading = False
