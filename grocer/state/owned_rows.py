"""What the account's address and payment-method lists share (001 §2 "Account page", §4):
the signed-in shopper's own rows loaded from a service, the loading and error flags, and the
delete confirmation ("Confirmer la suppression" … busy "Suppression...").

A mixin: each list's state (grocer/state/account_addresses.py, account_payment_methods.py)
names its service calls (`_fetch`, `_remove`) and its toasts. Every handler verifies the
signed-in user itself, and an id from the browser is only a request: the services check that
the row belongs to the caller (grocer.services.ownership), so another customer's id changes
nothing and ends in the error toast.
"""

from __future__ import annotations

import logging
from typing import Any, ClassVar

import reflex as rx

from grocer.services.errors import ServiceError
from grocer.services.validation import record_id
from grocer.state import session_guard
from grocer.state.toast import show_toast

logger = logging.getLogger(__name__)


class OwnedRowsState(rx.State, mixin=True):
    """A list of the signed-in shopper's rows, with its delete confirmation."""

    rows: list[dict[str, Any]] = []
    loaded: bool = False  # the first answer arrived ("Chargement..." until then)
    failed: bool = False  # the last load failed (the reload button shows)
    confirm_id: int = 0  # the row the confirmation dialog asks about (0: closed)
    deleting: bool = False

    LOAD_FAILED_KEY: ClassVar[str] = ""
    DELETED_KEY: ClassVar[str] = ""
    DELETE_FAILED_KEY: ClassVar[str] = ""

    # --- what each list names ----------------------------------------------------------------

    async def _fetch(self, user_id: int) -> list[dict[str, Any]]:
        raise NotImplementedError

    async def _remove(self, user_id: int, row_id: int) -> None:
        raise NotImplementedError

    async def _shown(self, rows: list[dict[str, Any]]) -> None:
        """The rows just loaded (a list may tell another state, e.g. the header's address)."""
        self.rows = rows

    # --- shared ------------------------------------------------------------------------------

    def _forget(self) -> None:
        """Signed out: nothing of the account stays in the tab."""
        self.rows = []
        self.loaded = False
        self.failed = False
        self.confirm_id = 0
        self.deleting = False

    async def _reload(self, user_id: int) -> bool:
        """Fetch the rows again; False (and the error flag) when it failed."""
        try:
            rows = await self._fetch(user_id)
        except Exception as exc:
            if not isinstance(exc, ServiceError):
                logger.exception("%s: the list could not be loaded", self.get_name())
            self.failed = True
            self.loaded = True
            return False
        self.failed = False
        self.loaded = True
        await self._shown(rows)
        return True

    @rx.event
    async def load(self):
        """The section is shown (and 'Recharger'): the shopper's rows."""
        user_id = await session_guard.signed_in_user_id(self)
        if user_id is None:
            self._forget()
            return None
        if not await self._reload(user_id) and self.LOAD_FAILED_KEY:
            return await show_toast(self, self.LOAD_FAILED_KEY, error=True)
        return None

    @rx.event
    def ask_delete(self, row_id: int) -> None:
        """'Supprimer': the confirmation opens for a row of the list."""
        found = record_id(row_id, text=False)
        if found is not None and not self.deleting:
            self.confirm_id = found

    @rx.event
    def cancel_delete(self) -> None:
        """'Annuler', Escape or the backdrop (not while the deletion runs)."""
        if not self.deleting:
            self.confirm_id = 0

    @rx.event
    async def confirm_delete(self):
        """'Supprimer' in the confirmation: the service deletes the row if it is the caller's."""
        row_id = self.confirm_id
        if not row_id or self.deleting:
            return
        user_id = await session_guard.signed_in_user_id(self)
        if user_id is None:
            self.confirm_id = 0
            yield await show_toast(self, "account:toasts.notSignedIn", error=True)
            return
        self.deleting = True
        yield
        try:
            await self._remove(user_id, row_id)
        except Exception as exc:
            if not isinstance(exc, ServiceError):
                logger.exception("%s: the row could not be deleted", self.get_name())
            self.deleting = False
            self.confirm_id = 0
            yield await show_toast(self, self.DELETE_FAILED_KEY, error=True)
            return
        self.rows = [row for row in self.rows if row.get("id") != row_id]
        await self._reload(user_id)  # another row may have become the default
        self.deleting = False
        self.confirm_id = 0
        yield await show_toast(self, self.DELETED_KEY)
