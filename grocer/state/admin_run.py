"""How a back-office state calls a service: as the signed-in account (verified token, through
`session_guard`), never as the role the tab says it has; a refusal becomes a toast's key.

Every panel's state (orders and accounts in grocer.state.admin, the catalogue, the home page
and the slots in their own modules) goes through `run_service`."""

from __future__ import annotations

from typing import Any

import reflex as rx

from grocer.services.catalogue import page_count
from grocer.services.errors import Conflict, Forbidden, NotFound, ServiceError, ValidationFailed
from grocer.state import session_guard

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
