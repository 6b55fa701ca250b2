"""The account's orders (/account?section=orders): the list, one order's details (tracking,
history), cancelling while pending and reordering.

Thin: every handler asks who is signed in (session_guard) and hands the order id to a service
that checks the order is theirs (orders.get_order, checkout.cancel, reorder.reorder); an id
from the browser is only ever a question. One order's details are deep-linkable:
`/account?section=orders&order=<number>`.

A double click makes one cancel and one reorder: Reflex runs a tab's events one after the
other, so the second click runs once the first is done. Cancelling needs the confirmation
dialog open (the first click closed it); reordering carries the serial the button was drawn
with (the first click moved it on).
"""

from __future__ import annotations

import logging
from datetime import date
from typing import Any

import reflex as rx

from grocer.models.base import utcnow
from grocer.services import checkout, orders
from grocer.services import reorder as reorder_service
from grocer.services.errors import Conflict, NotFound, ValidationFailed
from grocer.services.validation import record_id
from grocer.state import session_events, session_guard
from grocer.state.account import section_route
from grocer.state.bag import BagState
from grocer.state.order_confirmation import checked_number, slot_day_of
from grocer.state.slot_dialog import DayTab, day_tabs
from grocer.state.toast import show_toast
from grocer.views.orders import (
    HistoryRow,
    OrderRow,
    ShownLine,
    TotalRow,
    TrackStep,
    can_cancel,
    can_reorder,
    history_rows,
    order_amount,
    order_row,
    shown_lines,
    shown_order,
    total_rows,
    tracking,
)

logger = logging.getLogger(__name__)

SECTION_ROUTE = section_route("orders")
_NO_DAY: DayTab = day_tabs([], date(2000, 1, 1), 1, date(2000, 1, 1))[0]

K_NOT_SIGNED_IN = "account:toasts.notSignedIn"
K_NOT_FOUND = "orders:toasts.notFound"
K_CANCELLED = "orders:toasts.cancelled"
K_CANCEL_REFUSED = "orders:toasts.cancelNotAllowed"
K_CANCEL_FAILED = "orders:toasts.cancelFailed"
K_REORDERED = "orders:toasts.reordered"
K_REORDERED_PART = "orders:toasts.reorderedPartly"
K_NOTHING_SOLD = "orders:toasts.nothingSold"
K_BAG_FULL = "orders:toasts.bagFull"
K_REORDER_FAILED = "orders:toasts.reorderFailed"
CANCEL_ERRORS = {Conflict: K_CANCEL_REFUSED, NotFound: K_NOT_FOUND}
REORDER_ERRORS = {ValidationFailed: K_BAG_FULL, NotFound: K_NOT_FOUND}


def order_url(number: str) -> str:
    return f"{SECTION_ROUTE}&order={number}" if number else SECTION_ROUTE


def reorder_toast(answer: dict[str, Any]) -> tuple[str, bool]:
    """The toast after a reorder (key, error): all back, some back, none."""
    if not answer["added"]:
        return K_NOTHING_SOLD, True
    return (K_REORDERED_PART if answer["unavailable"] else K_REORDERED), False


class AccountOrdersState(rx.State):
    loading: bool = True
    failed: bool = False
    rows: list[OrderRow] = []
    # The address the section shows (the page writes it into the address bar without a
    # navigation, grocer.components.account.orders): the open order can be linked to.
    url: str = ""

    # The open order (0: the list shows).
    open_id: int = 0
    order: dict[str, str] = {}
    lines: list[ShownLine] = []
    totals: list[TotalRow] = []
    total: dict[str, str] = {}
    steps: list[TrackStep] = []
    history: list[HistoryRow] = []
    slot_day: DayTab = _NO_DAY
    cancellable: bool = False
    reorderable: bool = False

    confirm_cancel: bool = False
    cancelling: bool = False
    reordering: bool = False
    reorder_serial: int = 0
    unavailable: list[str] = []
    reordered: bool = False  # the notice of the last reorder shows

    # --- showing --------------------------------------------------------------------------

    def _show(self, answer: dict[str, Any]) -> None:
        """The order `answer` (the service's) becomes the open one."""
        self.open_id = int(answer["id"])
        self.order = shown_order(answer)
        self.lines = shown_lines(answer)
        self.totals = total_rows(answer)
        self.total = order_amount(answer, "total")
        self.steps = tracking(answer)
        self.history = history_rows(answer)
        self.slot_day = slot_day_of(answer) or _NO_DAY
        self.cancellable = can_cancel(answer)
        self.reorderable = can_reorder(answer)
        row = order_row(answer)
        self.rows = [row if r["id"] == row["id"] else r for r in self.rows]

    def _close(self) -> None:
        self.open_id = 0
        self.order = {}
        self.confirm_cancel = False
        self.reordered = False
        self.unavailable = []

    def _forget(self) -> None:
        """Signed out: nothing of the account stays in the tab."""
        self._close()
        self.rows = []
        self.loading = True
        self.failed = False

    async def _read(self, user_id: int, order_id: int) -> bool:
        """Open the caller's order `order_id`; False when it is not theirs (or not there)."""
        try:
            answer = await session_guard.call(orders.get_order, user_id, order_id, as_user=user_id)
        except NotFound:
            return False
        self._show(dict(answer))
        return True

    @rx.event
    async def load(self):
        """The section is shown: the caller's orders, newest first; with `order=<number>` in
        the address, that order opens."""
        self.loading, self.failed = True, False
        self._close()
        self.url = ""
        yield
        user_id = await session_guard.signed_in_user_id(self)
        if user_id is None:
            self.loading = False
            yield await show_toast(self, K_NOT_SIGNED_IN, error=True)
            return
        try:
            listed = await session_guard.call(orders.list_orders, user_id, as_user=user_id)
        except Exception:
            logger.warning("orders: the list could not be read", exc_info=True)
            self.failed, self.loading = True, False
            return
        self.rows = [order_row(dict(order)) for order in listed]
        self.loading = False
        wanted = checked_number(self.router.url.query_parameters.get("order"))
        match = next((dict(o) for o in listed if o["number"] == wanted), None) if wanted else None
        if match is not None:
            self._show(match)
            self.url = order_url(wanted)

    @rx.event
    async def open_order(self, order_id: Any):
        ident = record_id(order_id)
        user_id = await session_guard.signed_in_user_id(self)
        if user_id is None:
            return await show_toast(self, K_NOT_SIGNED_IN, error=True)
        self._close()
        if ident is None or not await self._read(user_id, ident):
            return await show_toast(self, K_NOT_FOUND, error=True)
        self.url = order_url(self.order["number"])
        return None

    @rx.event
    def close_order(self) -> None:
        self._close()
        self.url = SECTION_ROUTE

    # --- cancelling ------------------------------------------------------------------------

    @rx.event
    def ask_cancel(self) -> None:
        if self.open_id and self.cancellable:
            self.confirm_cancel = True

    @rx.event
    def keep_order(self) -> None:
        if not self.cancelling:
            self.confirm_cancel = False

    @rx.event
    async def cancel_order(self):
        """ "Annuler la commande", confirmed: the service cancels it while pending (and gives
        the slot back); the list and the details show it cancelled."""
        if not self.confirm_cancel or self.cancelling or not self.open_id:
            return
        self.cancelling = True
        yield
        order_id = self.open_id
        user_id = await session_guard.signed_in_user_id(self)
        key = K_NOT_SIGNED_IN if user_id is None else K_CANCELLED
        try:
            if user_id is not None:
                answer = await session_guard.call(
                    checkout.cancel, user_id, order_id, utcnow(), as_user=user_id
                )
                self._show(dict(answer))
        except Exception as exc:
            key = session_guard.message_key(
                exc, CANCEL_ERRORS, K_CANCEL_FAILED, context="orders: cancel"
            )
            if isinstance(exc, Conflict) and user_id is not None:
                await self._read(user_id, order_id)  # shown as it now is
        finally:
            self.cancelling = False
            self.confirm_cancel = False
        yield await show_toast(self, key, error=key != K_CANCELLED)

    # --- reordering ------------------------------------------------------------------------

    @rx.event
    async def reorder(self, serial: Any):
        """ "Commander à nouveau": the order's articles back in the bag (the bag shows them at
        once); the ones no longer sold are named. `serial` is the one the button was drawn
        with: a second click of the same drawing does nothing."""
        if serial != self.reorder_serial or self.reordering or not self.open_id:
            return
        self.reorder_serial += 1
        self.reordering = True
        self.reordered = False
        yield
        user_id = await session_guard.signed_in_user_id(self)
        answer: dict[str, Any] = {}
        key, error = K_NOT_SIGNED_IN, True
        try:
            if user_id is not None:
                answer = dict(
                    await session_guard.call(reorder_service.reorder, self.open_id, as_user=user_id)
                )
                key, error = reorder_toast(answer)
        except Exception as exc:
            key = session_guard.message_key(
                exc, REORDER_ERRORS, K_REORDER_FAILED, context="orders: reorder"
            )
        finally:
            self.reordering = False
        yield await show_toast(self, key, error=error)
        if answer:
            self.unavailable = list(answer["unavailable"])
            self.reordered = True
            yield BagState.load_account_bag


async def _forget_the_orders(state: rx.State) -> None:
    (await state.get_state(AccountOrdersState))._forget()


session_events.on(session_events.LOGGED_OUT)(_forget_the_orders)
session_events.on(session_events.ENDED)(_forget_the_orders)
