"""The shopper's session: the tokens the browser keeps, their checks and their refresh.

The browser keeps the spec's keys in localStorage (000 §3): accessToken, authToken,
refreshToken, tokenType, expiresIn, refreshExpiresIn, expiresAt, userInfo, userRoles,
loginResponse (the login answer without its refresh token, which is kept once). Each is an
`rx.LocalStorage` var with `sync=True`, so a sign-in or sign-out in one tab reaches the others
(the spec requires it for accessToken, userInfo and userRoles; the other keys follow so that
every tab holds one consistent session, e.g. the rotated refresh token after a refresh).

Nothing here is trusted: whatever the browser stores is re-checked on the server. Who is
signed in, for a handler, is `session_guard.signed_in_user_id` (the access token decoded with
the server secret and checked against revocation each time, refreshed here once when it no
longer passes). The display values (name, roles, badges) are read from userInfo only to draw
the page. When the session ends, the listeners registered in grocer.state.session_events
hear of it (the bag keeps what the server never took).

The sign-in dialog, the account menu and the session's start, check and logout handlers are
`AuthState` (grocer/state/auth.py), a substate of this one.
"""

from __future__ import annotations

import asyncio
import json
import logging
import time
from collections.abc import Mapping
from typing import Any

import reflex as rx

from grocer.models.base import utcnow
from grocer.models.constants import ADMIN_ROLE
from grocer.services import accounts, tokens
from grocer.services.admin import access
from grocer.services.errors import Unauthorized
from grocer.services.names import display_name as _display_name
from grocer.state import session_events, worker

logger = logging.getLogger(__name__)

#: Every localStorage key of a session (000 §3), removed on logout.
SESSION_KEYS: tuple[str, ...] = (
    "accessToken",
    "authToken",
    "refreshToken",
    "tokenType",
    "expiresIn",
    "refreshExpiresIn",
    "expiresAt",
    "userInfo",
    "userRoles",
    "loginResponse",
)

#: Longest access token accepted for decoding (ours are ~300 characters).
MAX_TOKEN_LENGTH = 4096
#: Longest userInfo / userRoles text read back from the browser.
_STORED_JSON_MAX = 8192


# --- the access token (no Reflex) ---------------------------------------------------------------


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
    to decide what a handler may read or change: that is `session_guard.signed_in_user_id`."""
    claims = _claims(token)
    return None if claims is None else claims.user_id


def token_user_id(token: object) -> int | None:
    """The user id of a valid, unexpired, unrevoked access token; None for anything else.

    Blocking (`verified_user_id` on an event loop of its own): for worker threads and tests,
    never from a handler.
    """
    return asyncio.run(verified_user_id(token))


async def verified_user_id(token: object) -> int | None:
    """The user id of a valid, unexpired, unrevoked access token; None for anything else.
    The database is read in a worker thread, and only when the cache of recent answers cannot
    tell."""
    claims = _claims(token)
    if claims is None:
        return None
    if tokens.is_known_live(claims):
        return claims.user_id
    try:
        return (await worker.call(tokens.verify_claims, claims)).user_id
    except Unauthorized:
        return None


# --- what the browser stored (pure) ---------------------------------------------------------------


def now_ms() -> int:
    return int(time.time() * 1000)


def parse_json(text: object, kind: type) -> Any:
    """A stored JSON value of the expected kind (dict or list), else an empty one."""
    if not isinstance(text, str) or not text or len(text) > _STORED_JSON_MAX:
        return kind()
    try:
        value = json.loads(text)
    except ValueError:
        return kind()
    return value if isinstance(value, kind) else kind()


def stored_int(text: object) -> int:
    if isinstance(text, int) and not isinstance(text, bool):
        return text
    if isinstance(text, str) and text.strip().isdigit() and len(text.strip()) < 19:
        return int(text.strip())
    return 0


def roles_of(user_roles: object, user_info: object) -> list[str]:
    """000 §6: roles from the stored userRoles list and from userInfo.roles."""
    roles: list[str] = []
    info_roles = parse_json(user_info, dict).get("roles")
    for source in (
        parse_json(user_roles, list),
        info_roles if isinstance(info_roles, list) else [],
    ):
        for role in source:
            if isinstance(role, str) and role not in roles and len(role) <= 40:
                roles.append(role)
    return roles


def _text(info: Mapping[str, Any], name: str, limit: int = 200) -> str:
    value = info.get(name)
    return value[:limit] if isinstance(value, str) else ""


class SessionState(rx.State):
    """The session's tokens (localStorage), what the page draws from them, and their refresh."""

    access_token: str = rx.LocalStorage("", name="accessToken", sync=True)
    auth_token: str = rx.LocalStorage("", name="authToken", sync=True)
    refresh_token: str = rx.LocalStorage("", name="refreshToken", sync=True)
    token_type: str = rx.LocalStorage("", name="tokenType", sync=True)
    expires_in: str = rx.LocalStorage("", name="expiresIn", sync=True)
    refresh_expires_in: str = rx.LocalStorage("", name="refreshExpiresIn", sync=True)
    expires_at: str = rx.LocalStorage("", name="expiresAt", sync=True)
    user_info: str = rx.LocalStorage("", name="userInfo", sync=True)
    user_roles: str = rx.LocalStorage("", name="userRoles", sync=True)
    login_response: str = rx.LocalStorage("", name="loginResponse", sync=True)

    # --- what the page shows -------------------------------------------------------------

    @rx.var
    def is_authenticated(self) -> bool:
        """000 §4.1: an access token exists and now is before expiresAt (and, here, the
        token is genuine: signed by this server and unexpired). Drawing only: a computed var
        runs on the event loop, so the revocation check (a database read) is the handlers'
        job, and a revoked session is cleared by the first one that runs."""
        token = self.access_token or ""
        return (
            bool(token)
            and now_ms() < stored_int(self.expires_at)
            and display_user_id(token) is not None
        )

    @rx.var
    def roles(self) -> list[str]:
        return roles_of(self.user_roles, self.user_info) if self.is_authenticated else []

    @rx.var
    def is_admin(self) -> bool:
        return ADMIN_ROLE in self.roles

    @rx.var
    def is_team(self) -> bool:
        """The shop's team (the roles that open the back-office): the menu offers it. Only a
        link: /admin checks the account's role on the server."""
        return bool(access.role_areas(self.roles))

    @rx.var
    def display_name(self) -> str:
        """000 §9: first plus last name; else the first name; else the username."""
        if not self.is_authenticated:
            return ""
        info = parse_json(self.user_info, dict)
        return _display_name(
            _text(info, "firstName"), _text(info, "lastName"), _text(info, "username")
        )

    @rx.var
    def first_name_or_username(self) -> str:
        """The header's "Account" name and the welcome name: first name, else username."""
        if not self.is_authenticated:
            return ""
        info = parse_json(self.user_info, dict)
        return (_text(info, "firstName").strip() or _text(info, "username")).strip()

    @rx.var
    def email(self) -> str:
        if not self.is_authenticated:
            return ""
        return _text(parse_json(self.user_info, dict), "email", 254)

    @rx.var
    def email_verified(self) -> bool:
        return (
            self.is_authenticated and parse_json(self.user_info, dict).get("emailVerified") is True
        )

    # --- keeping and ending the session --------------------------------------------------------

    def _store_login(self, payload: Mapping[str, Any]) -> None:
        """Keep a login (or register) response as the spec's keys (000 §3)."""
        info = dict(payload.get("userInfo") or {})
        roles = [r for r in info.get("roles") or [] if isinstance(r, str)]
        self._store_tokens(payload)
        self.user_info = json.dumps(info, ensure_ascii=False)
        self.user_roles = json.dumps(roles)
        # The refresh token is kept once, under refreshToken: a second copy in loginResponse
        # would survive a rotation (a refresh updates refreshToken only) and double the exposure.
        response = {k: v for k, v in payload.items() if k != "refreshToken"}
        self.login_response = json.dumps(response, ensure_ascii=False)

    def _store_tokens(self, payload: Mapping[str, Any]) -> None:
        expires_in = int(payload.get("expiresIn") or 0)
        token = str(payload.get("accessToken") or "")
        self.access_token = token
        self.auth_token = token
        self.refresh_token = str(payload.get("refreshToken") or "")
        self.token_type = str(payload.get("tokenType") or "Bearer")
        self.expires_in = str(expires_in)
        self.refresh_expires_in = str(int(payload.get("refreshExpiresIn") or 0))
        self.expires_at = str(now_ms() + expires_in * 1000)

    def _clear_tokens(self) -> None:
        for name in (
            "access_token",
            "auth_token",
            "refresh_token",
            "token_type",
            "expires_in",
            "refresh_expires_in",
            "expires_at",
            "user_info",
            "user_roles",
            "login_response",
        ):
            setattr(self, name, "")

    async def _end_session(self) -> None:
        """The session is over without a logout (expiry, revocation, failed refresh): the
        tokens go, and the listeners hear of it (session_events.ENDED)."""
        self._clear_tokens()
        await session_events.fire(session_events.ENDED, self)

    async def _refresh_once(self) -> bool:
        """Exchange the refresh token for a new pair, once; on any failure the session is
        ended (000 §4.1). True when the tab holds a fresh access token."""
        token = self.refresh_token or ""
        if not token or len(token) > MAX_TOKEN_LENGTH:
            logger.info("session: no refresh token to use")
            await self._end_session()
            return False
        try:
            pair = await worker.call(accounts.refresh, token, utcnow())
        except Exception as exc:
            logger.info("session: refresh failed (%s)", type(exc).__name__)
            await self._end_session()
            return False
        payload = pair.to_json()
        if not payload.get("accessToken"):
            logger.warning("session: the refresh answer holds no access token")
            await self._end_session()
            return False
        self._store_tokens(payload)
        return True
