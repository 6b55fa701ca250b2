"""The one door keeper of the Reflex states: who is signed in on this tab, checked server-side.

Every handler that touches an account asks here, each time, instead of trusting anything the
browser says. The browser holds the access token (localStorage `accessToken`, mirrored into
`AuthState.access_token`); any client can put anything there, so the token is decoded and
verified (signature, expiry, type) with the server secret on every call. An expired token is
refreshed once with the refresh token; a failed refresh clears the session.

    user_id = await session_guard.signed_in_user_id(self)
    if user_id is None:
        return                      # stopped: nothing touched
    with session_guard.db_session() as db:
        user = session_guard.active_user(db, user_id)

The functions that do not need Reflex (`token_user_id`, `active_user`) are plain, so that the
tests can drive them with forged tokens.
"""

from __future__ import annotations

import asyncio
import logging
from collections.abc import Callable
from contextlib import AbstractContextManager
from typing import TYPE_CHECKING, Any, TypeVar

from sqlmodel import Session

from grocer.db import session_scope
from grocer.models import User
from grocer.services.errors import Unauthorized
from grocer.services.tokens import decode_access_token

if TYPE_CHECKING:
    import reflex as rx

logger = logging.getLogger(__name__)

T = TypeVar("T")

#: Longest access token accepted for decoding (ours are ~300 characters).
MAX_TOKEN_LENGTH = 4096


def token_user_id(token: object) -> int | None:
    """The user id inside a valid, unexpired access token; None for anything else."""
    if not isinstance(token, str) or not token or len(token) > MAX_TOKEN_LENGTH:
        return None
    try:
        return decode_access_token(token)
    except Unauthorized:
        return None


def active_user(db: Session, user_id: int | None) -> User | None:
    """The account behind a verified id, if it still exists and is active."""
    if user_id is None:
        return None
    user = db.get(User, user_id)
    if user is None or not user.is_active:
        return None
    return user


def db_session() -> AbstractContextManager[Session]:
    """A unit of work (commit on success, rollback on error)."""
    return session_scope()


async def in_db(fn: Callable[..., T], *args: Any, **kwargs: Any) -> T:
    """Run a blocking service call (database, bcrypt, SMTP) in a worker thread, in its own
    unit of work, so the event loop keeps serving other shoppers. `fn(db, *args, **kwargs)`."""

    def run() -> T:
        with session_scope() as db:
            return fn(db, *args, **kwargs)

    return await asyncio.to_thread(run)


CALL_TIMEOUT_SECONDS = 60.0
"""The HTTP time-out of the spec (000 §9), applied to a service call from a handler."""


async def call(fn: Callable[..., T], *args: Any, **kwargs: Any) -> T:
    """`in_db`, given up after CALL_TIMEOUT_SECONDS, so that a stuck database or mail server
    frees the dialog that waits on it instead of leaving it busy."""
    return await asyncio.wait_for(in_db(fn, *args, **kwargs), timeout=CALL_TIMEOUT_SECONDS)


async def signed_in_user_id(state: rx.State, *, refresh: bool = True) -> int | None:
    """The id of the user signed in on this tab, verified now; None means "stop".

    With `refresh`, an expired access token is exchanged once for a new pair (the new tokens
    reach the browser with the handler's delta); when that fails the session is cleared.
    Must be called with the state lock held (a normal handler, or inside `async with self`).
    """
    from grocer.state.auth import AuthState

    auth = await state.get_state(AuthState)
    user_id = token_user_id(auth.access_token)
    if user_id is not None or not refresh:
        return user_id
    if not auth.access_token and not auth.refresh_token:
        return None
    if await auth._refresh_once():
        return token_user_id(auth.access_token)
    return None
