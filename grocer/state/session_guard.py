"""The one door keeper of the Reflex states: who is signed in on this tab, checked server-side.

Every handler that touches an account asks here, each time, instead of trusting anything the
browser says. The browser holds the access token (localStorage `accessToken`, mirrored into
`AuthState.access_token`); any client can put anything there, so the token is decoded and
verified (signature, expiry, type) with the server secret on every call, and checked against
revocation (`tokens.verify_access`, the REST API's check too: a logout, "log out of all
devices", a password reset or change, a replayed refresh token end it at once). An expired or
revoked token is refreshed once with the refresh token; a failed refresh clears the session.

    user_id = await session_guard.signed_in_user_id(self)
    if user_id is None:
        return                      # stopped: nothing touched
    with session_guard.db_session() as db:
        user = session_guard.active_user(db, user_id)

The functions that do not need Reflex (`token_user_id`, `verified_user_id`, `active_user`) are
plain, so that the tests can drive them with forged tokens. The revocation check reads the
database only when the per-process cache (1 s) has no answer, and then in a worker thread.
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
from grocer.services import tokens
from grocer.services.errors import Unauthorized

if TYPE_CHECKING:
    import reflex as rx

logger = logging.getLogger(__name__)

T = TypeVar("T")

#: Longest access token accepted for decoding (ours are ~300 characters).
MAX_TOKEN_LENGTH = 4096


def _claims(token: object) -> tokens.AccessClaims | None:
    if not isinstance(token, str) or not token or len(token) > MAX_TOKEN_LENGTH:
        return None
    try:
        return tokens.read_access_token(token)
    except Unauthorized:
        return None


def display_user_id(token: object) -> int | None:
    """The user id a genuine, unexpired access token names, without the revocation check (no
    database): only to draw the page from computed vars, which run on the event loop. Never
    to decide what a handler may read or change: that is `signed_in_user_id`."""
    claims = _claims(token)
    return None if claims is None else claims.user_id


def _verified(db: Session, claims: tokens.AccessClaims) -> int | None:
    try:
        return tokens.verify_claims(db, claims).user_id
    except Unauthorized:
        return None


def token_user_id(token: object) -> int | None:
    """The user id of a valid, unexpired, unrevoked access token; None for anything else.

    Blocking (a database read when the cache has no answer): for worker threads and tests.
    Handlers use `verified_user_id` or `signed_in_user_id`.
    """
    claims = _claims(token)
    if claims is None:
        return None
    if tokens.is_known_live(claims):
        return claims.user_id
    with session_scope() as db:
        return _verified(db, claims)


async def verified_user_id(token: object) -> int | None:
    """`token_user_id` for the event loop: the database is read in a worker thread, and only
    when the cache of recent answers cannot tell."""
    claims = _claims(token)
    if claims is None:
        return None
    if tokens.is_known_live(claims):
        return claims.user_id
    return await in_db(_verified, claims)


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
    """The id of the user signed in on this tab, verified now (revocation included); None
    means "stop".

    With `refresh`, an expired or revoked access token is exchanged once for a new pair (the
    new tokens reach the browser with the handler's delta); when that fails (a revoked session's
    refresh token is revoked too) the session is cleared. When the database cannot be reached
    the answer is None as well, but the session is kept: a failure to check is no revocation.
    Must be called with the state lock held (a normal handler, or inside `async with self`).
    """
    from grocer.state.auth import AuthState

    auth = await state.get_state(AuthState)
    try:
        user_id = await verified_user_id(auth.access_token)
    except Exception:
        logger.warning("session: revocation check failed", exc_info=True)
        return None
    if user_id is not None or not refresh:
        return user_id
    if not auth.access_token and not auth.refresh_token:
        return None
    if await auth._refresh_once():
        try:
            return await verified_user_id(auth.access_token)
        except Exception:
            logger.warning("session: revocation check failed", exc_info=True)
    return None
