"""The one door keeper of the Reflex states: who is signed in on this tab, checked server-side,
and the one way a handler calls a service.

Every handler that touches an account asks here, each time, instead of trusting anything the
browser says. The browser holds the access token (localStorage `accessToken`, mirrored into
`SessionState.access_token`); any client can put anything there, so the token is decoded and
verified (signature, expiry, type) with the server secret on every call, and checked against
revocation (`tokens.verify_access`, the REST API's check too: a logout, "log out of all
devices", a password reset or change, a replayed refresh token end it at once). An expired or
revoked token is refreshed once with the refresh token; a failed refresh ends the session.

    user_id = await session_guard.signed_in_user_id(self)
    if user_id is None:
        return                      # stopped: nothing touched
    answer = await session_guard.call(cart.get_cart, as_user=user_id)

`call` (grocer/state/worker.py) runs the service in a worker thread, in its own unit of work,
with the account of `as_user` (the Reflex counterpart of the API's `CurrentUser`), and raises
the services' typed errors, which `message_key` turns into the dialog's message keys.
"""

from __future__ import annotations

import logging

import reflex as rx

from grocer.state.session import SessionState, token_user_id, verified_user_id
from grocer.state.worker import CALL_TIMEOUT_SECONDS, call, message_key

__all__ = [
    "CALL_TIMEOUT_SECONDS",
    "call",
    "message_key",
    "signed_in_user_id",
    "token_user_id",
    "verified_user_id",
]

logger = logging.getLogger(__name__)


async def signed_in_user_id(state: rx.State, *, refresh: bool = True) -> int | None:
    """The id of the user signed in on this tab, verified now (revocation included); None
    means "stop".

    With `refresh`, an expired or revoked access token is exchanged once for a new pair (the
    new tokens reach the browser with the handler's delta); when that fails (a revoked session's
    refresh token is revoked too) the session is ended. When the database cannot be reached
    the answer is None as well, but the session is kept: a failure to check is no revocation.
    Must be called with the state lock held (a normal handler, or inside `async with self`).
    """
    session = await state.get_state(SessionState)
    try:
        user_id = await verified_user_id(session.access_token)
    except Exception:
        logger.warning("session: revocation check failed", exc_info=True)
        return None
    if user_id is not None or not refresh:
        return user_id
    if not session.access_token and not session.refresh_token:
        return None
    if await session._refresh_once():
        try:
            return await verified_user_id(session.access_token)
        except Exception:
            logger.warning("session: revocation check failed", exc_info=True)
    return None
