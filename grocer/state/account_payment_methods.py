"""The account's payment-methods section (001 §2 "Account page", §5, §8).

The list and the saves go through grocer.services.payment_methods, which keeps a card's brand,
last four and expiry only. The add form is uncontrolled (grocer/state/payment_method_form.py):
its card number and CVV reach `add_method` once, are handed to the service and are never put
in a state var.
"""

from __future__ import annotations

import logging
from typing import Any, ClassVar

import reflex as rx

from grocer.services import payment_methods
from grocer.state import session_events, session_guard
from grocer.state.owned_rows import OwnedRowsState
from grocer.state.payment_method_form import TAB_CARD, TABS, card_payload, method_error_key
from grocer.state.toast import show_toast

logger = logging.getLogger(__name__)

K_ADDED = "addressbook:payment.toast.added"
K_ADD_FAILED = "addressbook:payment.toast.addFailed"


class AccountPaymentMethodsState(OwnedRowsState, rx.State):
    """The saved payment methods, the "Ajouter une méthode" modal, deletion."""

    form_open: bool = False
    tab: str = TAB_CARD
    busy: bool = False
    error_key: str = ""

    LOAD_FAILED_KEY: ClassVar[str] = "addressbook:payment.toast.loadFailed"
    DELETED_KEY: ClassVar[str] = "addressbook:payment.toast.deleted"
    DELETE_FAILED_KEY: ClassVar[str] = "addressbook:payment.toast.deleteFailed"

    async def _fetch(self, user_id: int) -> list[dict[str, Any]]:
        return await session_guard.call(payment_methods.list_for_user, as_user=user_id)

    async def _remove(self, user_id: int, row_id: int) -> None:
        await session_guard.call(payment_methods.delete, row_id, as_user=user_id)

    def _forget(self) -> None:
        super()._forget()
        self.form_open = False
        self.busy = False
        self.error_key = ""

    @rx.event
    def open_form(self) -> None:
        """'Ajouter une méthode': the modal opens on the card tab."""
        self.form_open = True
        self.tab = TAB_CARD
        self.error_key = ""

    @rx.event
    def close_form(self) -> None:
        if not self.busy:
            self.form_open = False
            self.error_key = ""

    @rx.event
    def choose_tab(self, tab: str) -> None:
        if tab in TABS and not self.busy:
            self.tab = tab
            self.error_key = ""

    @rx.event
    async def add_method(self, form: dict):
        """The modal's submit: the service checks the fields (Luhn, expiry, e-mail, phone) and
        keeps no card number nor CVV; `form` itself is dropped with this call."""
        if self.busy or not self.form_open or not isinstance(form, dict):
            return  # a second click queued behind a save that closed the form: nothing
        user_id = await session_guard.signed_in_user_id(self)
        if user_id is None:
            yield await show_toast(self, "account:toasts.notSignedIn", error=True)
            return
        payload = card_payload(self.tab, form)
        self.busy = True
        self.error_key = ""
        yield
        try:
            await session_guard.call(payment_methods.create, payload, as_user=user_id)
        except Exception as exc:
            self.busy = False
            self.error_key = method_error_key(
                exc,
                session_guard.message_key(exc, {}, K_ADD_FAILED, context="account: add method"),
            )
            yield await show_toast(self, K_ADD_FAILED, error=True)
            return
        finally:
            payload.clear()
        self.busy = False
        self.form_open = False
        await self._reload(user_id)
        yield await show_toast(self, K_ADDED)


async def _forget(state: rx.State) -> None:
    (await state.get_state(AccountPaymentMethodsState))._forget()


for _moment in (session_events.LOGGED_OUT, session_events.ENDED, session_events.SIGNED_IN):
    session_events.on(_moment)(_forget)
