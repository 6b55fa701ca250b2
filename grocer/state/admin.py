"""/admin, the back-office (issue 17, ★): the dashboard, orders, accounts and the audit trail.

Every handler asks who is signed in (verified token, `session_guard`) and the service checks
that account's role again from its row: a tab cannot make itself an admin by changing
`userRoles` in its storage. A shopper or a visitor who opens /admin is sent to / with a message
(a visitor to the sign-in first, and back here after it).
"""

from __future__ import annotations

import logging
from typing import Any

import reflex as rx

from grocer.models import ORDER_STATUSES
from grocer.services.admin import access, audit, orders, users
from grocer.state import route_guard, session_events, session_guard
from grocer.state.admin_catalogue import AdminCatalogueState
from grocer.state.admin_home import AdminHomeState
from grocer.state.admin_run import Shown, SignedOut, pages_of, run_service
from grocer.state.admin_slots import AdminSlotsState
from grocer.state.toast import show_toast
from grocer.views.admin import (
    EMPTY_DASHBOARD,
    AuditRow,
    Dashboard,
    OrderRow,
    ReviewRow,
    UserRow,
    audit_row,
    dashboard,
    order_row,
    review_row,
    user_row,
)

logger = logging.getLogger(__name__)

ROUTE = "/admin"
TABS: tuple[str, ...] = ("dashboard", "orders", "slots", "catalogue", "home", "users", "audit")
_TAB_AREA: dict[str, access.Area] = {
    "dashboard": "orders",
    "orders": "orders",
    "slots": "slots",
    "catalogue": "catalogue",
    "home": "catalogue",
    "users": "users",
    "audit": "audit",
}
#: The tabs whose panel has its own state: opening one starts that state's `load`.
_PANEL_LOADS: dict[str, Any] = {
    "catalogue": AdminCatalogueState.load,
    "home": AdminHomeState.load,
    "slots": AdminSlotsState.load,
}


class AdminState(rx.State):
    ready: bool = False
    tabs: list[str] = []  # the tabs this account may open
    tab: str = "dashboard"
    busy: bool = False

    board: Dashboard = EMPTY_DASHBOARD

    orders: list[OrderRow] = []
    order_status: str = ""  # the list's filter ("": every status)
    order_query: str = ""
    order_page: int = 1
    order_pages: int = 1
    order_total: int = 0
    notes: dict[str, str] = {}  # order id → the note typed beside it
    reviews: list[ReviewRow] = []  # payments a person must look at

    users: list[UserRow] = []
    user_query: str = ""
    user_page: int = 1
    user_pages: int = 1

    trail: list[AuditRow] = []
    trail_action: str = ""
    trail_page: int = 1
    trail_pages: int = 1

    async def _run(self, fn: Any, *args: Any, **kwargs: Any) -> Any:
        """A back-office service as the signed-in account (None, and the back-office closed,
        when no one is signed in any more); a refusal raises Shown."""
        try:
            return await run_service(self, fn, *args, **kwargs)
        except SignedOut:
            self.ready = False
            return None

    @rx.event
    async def load(self):
        """The page's start: the guard, then the first tab this account may open."""
        user_id, away = await route_guard.require_sign_in(self, ROUTE)
        if user_id is None:
            self.ready = False
            return away
        try:
            allowed = await session_guard.call(access.areas_of, as_user=user_id)
        except Exception:
            logger.warning("admin: could not read the account's roles", exc_info=True)
            allowed = []
        self.tabs = [tab for tab in TABS if _TAB_AREA[tab] in allowed]
        if not self.tabs:
            self.ready = False
            return [route_guard.leave("/"), await show_toast(self, "admin:denied", error=True)]
        self.ready = True
        if self.tab not in self.tabs:
            self.tab = self.tabs[0]
        return await self._refresh()

    async def _refresh(self) -> Any:
        if self.tab in _PANEL_LOADS:
            return _PANEL_LOADS[self.tab]
        try:
            if self.tab == "dashboard":
                board = await self._run(orders.dashboard)
                self.board = dashboard(board) if board is not None else EMPTY_DASHBOARD
            elif self.tab == "orders":
                await self._load_orders()
            elif self.tab == "users":
                await self._load_users()
            elif self.tab == "audit":
                await self._load_trail()
        except Shown as shown:
            return await show_toast(self, shown.key, error=True)
        return None

    @rx.event
    async def open_tab(self, tab: str):
        if tab not in self.tabs:
            return None
        self.tab = tab
        return await self._refresh()

    # --- orders ---------------------------------------------------------------------------

    async def _load_orders(self) -> None:
        page = await self._run(
            orders.list_orders,
            status=self.order_status or None,
            q=self.order_query or None,
            page=self.order_page,
        )
        if page is None:
            return
        self.orders = [order_row(row) for row in page["items"]]
        found = await self._run(orders.payments_to_review)
        self.reviews = [review_row(row) for row in found or []]
        self.order_total = page["total"]
        self.order_pages = pages_of(page["total"], page["size"])

    @rx.event
    async def filter_orders(self, form: dict[str, Any]):
        status = form.get("status")
        self.order_status = status if status in ORDER_STATUSES else ""
        self.order_query = str(form.get("q") or "").strip()[:100]
        self.order_page = 1
        return await self._refresh()

    @rx.event
    async def show_order(self, number: str):
        """The orders list narrowed to one order (from the payments to review)."""
        self.order_status, self.order_query, self.order_page = "", str(number)[:100], 1
        return await self._refresh()

    @rx.event
    async def orders_page(self, step: int):
        if not isinstance(step, int) or step not in (-1, 1):
            return None
        self.order_page = min(max(1, self.order_page + step), self.order_pages)
        return await self._refresh()

    @rx.event
    def set_note(self, order_id: str, text: str) -> None:
        if isinstance(text, str) and len(self.notes) < 200:
            self.notes[str(order_id)] = text[: audit.NOTE_MAX]

    @rx.event
    async def change_status(self, order_id: int, status: str):
        """Move one order; the list shows it as it now is, and the trail has the change."""
        if self.busy:
            return
        self.busy = True
        yield
        try:
            note = self.notes.get(str(order_id), "")
            await self._run(orders.change_status, order_id, status, note)
            self.notes.pop(str(order_id), None)
            await self._load_orders()
            yield await show_toast(self, "admin:toasts.statusChanged")
        except Shown as shown:
            yield await show_toast(self, shown.key, error=True)
        finally:
            self.busy = False

    # --- accounts -------------------------------------------------------------------------

    async def _load_users(self) -> None:
        page = await self._run(users.search_users, q=self.user_query or None, page=self.user_page)
        if page is None:
            return
        self.users = [user_row(row) for row in page["items"]]
        self.user_pages = pages_of(page["total"], page["size"])

    @rx.event
    async def search_users(self, form: dict[str, Any]):
        self.user_query = str(form.get("q") or "").strip()[:100]
        self.user_page = 1
        return await self._refresh()

    @rx.event
    async def users_page(self, step: int):
        if not isinstance(step, int) or step not in (-1, 1):
            return None
        self.user_page = min(max(1, self.user_page + step), self.user_pages)
        return await self._refresh()

    async def _user_change(self, fn: Any, user_id: Any, value: Any, done: str):
        if self.busy:
            return None
        self.busy = True
        try:
            await self._run(fn, user_id, value)
            await self._load_users()
            return await show_toast(self, done)
        except Shown as shown:
            return await show_toast(self, shown.key, error=True)
        finally:
            self.busy = False

    @rx.event
    async def set_active(self, user_id: int, active: bool):
        return await self._user_change(users.set_active, user_id, active, "admin:toasts.saved")

    @rx.event
    async def set_role(self, user_id: int, role: str):
        return await self._user_change(users.set_main_role, user_id, role, "admin:toasts.saved")

    # --- the audit trail ------------------------------------------------------------------

    async def _load_trail(self) -> None:
        page = await self._run(
            audit.list_entries, action=self.trail_action or None, page=self.trail_page
        )
        if page is None:
            return
        self.trail = [audit_row(row) for row in page["items"]]
        self.trail_pages = pages_of(page["total"], page["size"])

    @rx.event
    async def filter_trail(self, action: str):
        self.trail_action = action if action in audit.ACTIONS else ""
        self.trail_page = 1
        return await self._refresh()

    @rx.event
    async def trail_page_step(self, step: int):
        if not isinstance(step, int) or step not in (-1, 1):
            return None
        self.trail_page = min(max(1, self.trail_page + step), self.trail_pages)
        return await self._refresh()


async def _close_the_back_office(state: rx.State) -> Any:
    """Signed out (here, in another tab, or by the server: a disabled account): the back-office
    closes, and a tab showing it goes to the shop."""
    admin = await state.get_state(AdminState)
    admin.ready, admin.tabs = False, []
    admin.orders, admin.users, admin.trail, admin.board = [], [], [], EMPTY_DASHBOARD
    admin.reviews = []
    return route_guard.leave("/") if state.router.url.path == ROUTE else None


session_events.on(session_events.LOGGED_OUT)(_close_the_back_office)
session_events.on(session_events.ENDED)(_close_the_back_office)
