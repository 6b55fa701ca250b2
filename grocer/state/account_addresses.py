"""The account's addresses section (001 §2 "Account page", §8; 000 §2.3 for the dialog).

The saved addresses come from grocer.services.addresses (the caller's own, the default first).
Adding and editing happen in the address dialog (grocer/state/address.py): the section opens
it (`AddressState.new_address`, `edit_address`, `edit_stored`) and reloads when the dialog
announces a save (`grocer.state.address.on_saved`). The recent local address is the one this browser
keeps under userAddress; "Ajouter à mes adresses" saves it to the account.
"""

from __future__ import annotations

import logging
from collections.abc import Mapping
from typing import Any, ClassVar

import reflex as rx

from grocer.services import addresses
from grocer.services.errors import ServiceError
from grocer.state import session_events, session_guard
from grocer.state.address import AddressState, clean_address, on_saved
from grocer.state.owned_rows import OwnedRowsState
from grocer.state.toast import show_toast

logger = logging.getLogger(__name__)

K_ADDED = "addressbook:addresses.toast.added"
K_ADD_FAILED = "addressbook:addresses.toast.addFailed"
K_NONE_SELECTED = "addressbook:addresses.toast.noneSelected"


#: What makes two addresses the same place (the type and the default flag do not).
PLACE_KEYS = ("streetAddress", "apartment", "city", "state", "postalCode", "country")


def _same_place(one: Mapping[str, Any], other: Mapping[str, Any]) -> bool:
    return all((one.get(key) or "") == (other.get(key) or "") for key in PLACE_KEYS)


class AccountAddressesState(OwnedRowsState, rx.State):
    """The saved addresses, the recent local one's "Ajouter à mes adresses", deletion."""

    adding: bool = False  # "Ajouter à mes adresses" is running

    DELETED_KEY: ClassVar[str] = "addressbook:addresses.toast.deleted"
    DELETE_FAILED_KEY: ClassVar[str] = "addressbook:addresses.toast.deleteFailed"

    async def _fetch(self, user_id: int) -> list[dict[str, Any]]:
        return await session_guard.call(addresses.list_for_user, user_id, as_user=user_id)

    async def _remove(self, user_id: int, row_id: int) -> None:
        await session_guard.call(addresses.delete, row_id, as_user=user_id)

    async def _shown(self, rows: list[dict[str, Any]]) -> None:
        """The header shows the account's default address: it follows the list."""
        self.rows = rows
        header = await self.get_state(AddressState)
        header.account_address = clean_address(rows[0]) if rows else {}

    @rx.event
    async def add_recent(self):
        """'Ajouter à mes adresses': the address kept in this browser joins the account's."""
        if self.adding:
            return
        user_id = await session_guard.signed_in_user_id(self)
        if user_id is None:
            yield await show_toast(self, "account:toasts.notSignedIn", error=True)
            return
        recent = (await self.get_state(AddressState)).stored_address
        if not recent:
            yield await show_toast(self, K_NONE_SELECTED, error=True)
            return
        if any(_same_place(recent, row) for row in self.rows):
            # Already among the account's (a second click queued behind the first).
            yield await show_toast(self, K_ADDED)
            return
        self.adding = True
        yield
        try:
            await session_guard.call(addresses.create, dict(recent), as_user=user_id)
        except Exception as exc:
            if not isinstance(exc, ServiceError):
                logger.exception("addresses: the recent address could not be added")
            self.adding = False
            yield await show_toast(self, K_ADD_FAILED, error=True)
            return
        await self._reload(user_id)
        self.adding = False
        yield await show_toast(self, K_ADDED)


@on_saved
async def _follow_the_dialog(state: rx.State, user_id: int) -> None:
    """The address dialog saved an address: a list on show takes it in."""
    shown = await state.get_state(AccountAddressesState)
    if shown.loaded:
        await shown._reload(user_id)


async def _forget(state: rx.State) -> None:
    (await state.get_state(AccountAddressesState))._forget()


for _moment in (session_events.LOGGED_OUT, session_events.ENDED, session_events.SIGNED_IN):
    session_events.on(_moment)(_forget)
