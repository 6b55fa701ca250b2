"""How a back-office state calls a service: as the signed-in account (verified token, through
`session_guard`), never as the role the tab says it has; a refusal becomes a toast's key.

Every panel's state (orders and accounts in grocer.state.admin, the catalogue, the home page
and the slots in their own modules) goes through `run_service`."""

from __future__ import annotations

from typing import Any

import reflex as rx

from grocer.services.catalogue import page_count
from grocer.services.errors import Conflict, Forbidden, NotFound, ServiceError, ValidationFailed
from grocer.state import session_events, session_guard
from grocer.state.toast import show_toast

ERRORS: dict[type[BaseException], str] = {
    Conflict: "admin:toasts.notAllowed",
    ValidationFailed: "admin:toasts.invalid",
    NotFound: "admin:toasts.notFound",
    Forbidden: "admin:toasts.denied",
}


class Shown(ServiceError):
    """A refusal already turned into a toast's key."""

    def __init__(self, key: str, field: str = "", field_message: str = "") -> None:
        super().__init__(key=key)
        self.field = field  # a refused form's field, and the service's (French) message for it
        self.field_message = field_message


class SignedOut(Exception):
    """No account is signed in in this tab any more: the panel shows nothing."""


def pages_of(total: int, size: int) -> int:
    """A list's pages for the pager: at least one, also when it is empty."""
    return max(1, page_count(total, size))


async def run_service(state: rx.State, fn: Any, *args: Any, **kwargs: Any) -> Any:
    """`fn(db, actor, *args, **kwargs)` as the signed-in account. SignedOut without one;
    Shown (with the toast's key and, for a form, the service's own message) on a refusal."""
    user_id = await session_guard.signed_in_user_id(state)
    if user_id is None:
        raise SignedOut()
    try:
        return await session_guard.call(fn, *args, as_user=user_id, **kwargs)
    except Exception as exc:
        key = session_guard.message_key(
            exc, ERRORS, "admin:toasts.failed", context="admin " + fn.__name__
        )
        if isinstance(exc, ValidationFailed):
            raise Shown(key, exc.field, exc.message) from exc
        raise Shown(key) from exc


class PanelState(rx.State, mixin=True):
    """What every back-office panel's state shares: one change at a time (`_guarded`), a
    refusal's message kept for the form it belongs to (`error_field`: the field, or the form),
    and nothing kept once the tab is signed out (`_clear`, `forget_on_sign_out`)."""

    busy: bool = False
    error_field: str = ""
    error_message: str = ""

    def _clear(self) -> None:
        """Empty the panel's data (each panel names its own)."""
        raise NotImplementedError

    def _refused(self, shown: Shown, where: str) -> None:
        """Keep a refusal's message for its form: by default the service's message for the
        refused field."""
        self.error_field, self.error_message = where or shown.field, shown.field_message

    async def _run(self, fn: Any, *args: Any, where: str = "", **kwargs: Any) -> Any:
        """A service as the signed-in account (SignedOut: the panel empties); a refusal
        raises Shown, its message kept for the form `where` (default: the refused field)."""
        try:
            return await run_service(self, fn, *args, **kwargs)
        except SignedOut:
            self._clear()
            raise
        except Shown as shown:
            self._refused(shown, where)
            raise

    async def _guarded(self, work: Any, done: str = "") -> Any:
        """One change at a time: `work()`, then a toast (`done` on success, the refusal's
        key otherwise)."""
        if self.busy:
            return None
        self.busy = True
        try:
            await work()
            return await show_toast(self, done) if done else None
        except SignedOut:
            return None
        except Shown as shown:
            return await show_toast(self, shown.key, error=True)
        finally:
            self.busy = False


def forget_on_sign_out(panel: type[PanelState]) -> None:
    """Signed out (here, in another tab, or by the server: a disabled account): `panel`
    keeps nothing."""

    async def forget(state: rx.State) -> Any:
        (await state.get_state(panel))._clear()
        return None

    # One hook per panel (hooks are registered once per module and name).
    forget.__qualname__ = f"forget_{panel.__name__}"

    session_events.on(session_events.LOGGED_OUT)(forget)
    session_events.on(session_events.ENDED)(forget)
