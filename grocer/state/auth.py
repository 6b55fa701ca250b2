"""The shopper's session: tokens kept by the browser, the sign-in dialog, the account menu.

The browser keeps the spec's keys in localStorage (000 §3): accessToken, authToken,
refreshToken, tokenType, expiresIn, refreshExpiresIn, expiresAt, userInfo, userRoles,
loginResponse (the login answer without its refresh token, which is kept once). Each is an
`rx.LocalStorage` var with `sync=True`, so a sign-in or sign-out in one tab reaches the others
(the spec requires it for accessToken, userInfo and userRoles; the other keys follow so that
every tab holds one consistent session, e.g. the rotated refresh token after a refresh).

Nothing here is trusted: whatever the browser stores is re-checked on the server. Who is
signed in, for a handler, is `session_guard.signed_in_user_id` (the access token decoded with
the server secret and checked against revocation each time; a revoked session is signed out
by the next handler or 5-minute check). The display values (name, roles, badges) are read
from userInfo only to draw the page. Passwords only pass through handler arguments and are
never kept.
"""

from __future__ import annotations

import asyncio
import json
import logging
import random
import time
from collections.abc import Mapping
from typing import Any

import reflex as rx
from sqlalchemy.exc import OperationalError

from grocer.models.base import utcnow
from grocer.models.constants import ADMIN_ROLE
from grocer.services import accounts
from grocer.services.errors import (
    InvalidCredentials,
    RateLimited,
    ServiceError,
    ValidationFailed,
)
from grocer.services.names import display_name as _display_name
from grocer.state import session_guard
from grocer.state.client_address import router_client_address

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

#: What a sign-in form field may carry at most (longer input is cut, never stored).
IDENTIFIER_MAX = accounts.EMAIL_MAX
PASSWORD_MAX = 256
#: Upper bound of the random wait before refreshing an expired session at start (seconds).
START_REFRESH_JITTER = 1.5
#: Longest userInfo / userRoles text read back from the browser.
_STORED_JSON_MAX = 8192

# Message keys (assets/locales/*/auth.json). The fr catalog holds the spec's exact French.
K_WRONG_CREDENTIALS = "auth:errors.wrongCredentials"
K_UNAUTHORIZED = "auth:errors.unauthorized"
K_BAD_REQUEST = "auth:errors.badRequest"
K_FORBIDDEN = "auth:errors.forbidden"
K_NOT_FOUND = "auth:errors.serviceUnavailable"
K_SERVER = "auth:errors.server"
K_NETWORK = "auth:errors.network"
K_TIMEOUT = "auth:errors.timeout"
K_UNEXPECTED = "auth:errors.unexpected"
K_INVALID_RESPONSE = "auth:errors.invalidResponse"
K_TOO_MANY = "auth:errors.tooManyAttempts"


# --- pure rules (unit-tested) -----------------------------------------------------------------


def now_ms() -> int:
    return int(time.time() * 1000)


def form_text(form: Mapping[str, Any], name: str, limit: int) -> str:
    """A text field of a submitted form: anything but text is empty; cut at `limit`."""
    value = form.get(name) if isinstance(form, Mapping) else None
    return value[:limit] if isinstance(value, str) else ""


def form_checked(form: Mapping[str, Any], name: str) -> bool:
    """A checkbox of a submitted form (the browser sends "on", Reflex may send a bool)."""
    value = form.get(name) if isinstance(form, Mapping) else None
    return value is True or (isinstance(value, str) and value.lower() in {"on", "true", "1"})


def login_validation_key(username: str, password: str) -> str:
    """000 §5, the account service's rule (`accounts.check_login_form`, which the API applies
    too); "" when both fields pass, else the message key of its error."""
    try:
        accounts.check_login_form(username, password)
    except ValidationFailed as exc:
        return f"auth:{exc.key}"
    return ""


def login_error_key(exc: BaseException) -> str:
    """The login error catalogue of 000 §8: a service error (or a failure reaching it) to the
    message key the dialog shows."""
    if isinstance(exc, InvalidCredentials):
        return K_WRONG_CREDENTIALS
    if isinstance(exc, RateLimited):
        return K_TOO_MANY
    if isinstance(exc, ServiceError):
        status = exc.status
        if status == 401:
            return K_UNAUTHORIZED
        if status == 400:
            return K_BAD_REQUEST
        if status == 403:
            return K_FORBIDDEN
        if status == 404:
            return K_NOT_FOUND
        if status >= 500:
            logger.error("sign-in: server error %s", exc.message)
            return K_SERVER
        return K_UNEXPECTED
    if isinstance(exc, TimeoutError | asyncio.TimeoutError):
        return K_TIMEOUT
    if isinstance(exc, OperationalError):
        logger.error("sign-in: database unavailable", exc_info=exc)
        return K_SERVER
    if isinstance(exc, ConnectionError | OSError):
        return K_NETWORK
    logger.exception("sign-in: unexpected error", exc_info=exc)
    return K_UNEXPECTED


def login_response_problem(payload: object) -> str:
    """ "" for a usable login response; else the message key of 000 §8 (no token or no
    userInfo: "Identifiants incorrects"; anything else malformed: invalid response)."""
    if not isinstance(payload, Mapping):
        return K_INVALID_RESPONSE
    token, info = payload.get("accessToken"), payload.get("userInfo")
    if not token or not info:
        return K_UNAUTHORIZED
    if not isinstance(token, str) or not isinstance(info, Mapping):
        return K_INVALID_RESPONSE
    expires_in = payload.get("expiresIn")
    if isinstance(expires_in, bool) or not isinstance(expires_in, int) or expires_in <= 0:
        return K_INVALID_RESPONSE
    return ""


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


class AuthState(rx.State):
    """The session (tokens in localStorage) and the sign-in dialog."""

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

    # The sign-in dialog (what it shows; never the password).
    login_error: str = ""
    login_busy: bool = False
    show_password: bool = False
    # The account menu.
    menu_open: bool = False

    _started: str = ""  # the connection the session was last restored for

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
            and session_guard.display_user_id(token) is not None
        )

    @rx.var
    def roles(self) -> list[str]:
        return roles_of(self.user_roles, self.user_info) if self.is_authenticated else []

    @rx.var
    def is_admin(self) -> bool:
        return ADMIN_ROLE in self.roles

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

    # --- the sign-in dialog --------------------------------------------------------------

    @rx.event
    def toggle_password(self) -> None:
        self.show_password = not self.show_password

    def _reset_login(self) -> None:
        """The dialog opens clean (DialogState calls this on open)."""
        self.login_error = ""
        self.show_password = False
        self.login_busy = False

    @rx.event
    async def submit_login(self, form_data: dict):
        """Sign in (000 §4.1). The password lives only in this call's arguments."""
        if self.login_busy:
            return
        username = form_text(form_data, "username", IDENTIFIER_MAX).strip()
        password = form_text(form_data, "password", PASSWORD_MAX)
        remember_me = form_checked(form_data, "remember_me")
        problem = login_validation_key(username, password)
        if problem:
            self.login_error = problem
            return
        self.login_error = ""
        self.login_busy = True
        yield
        try:
            result = await session_guard.call(
                accounts.login,
                username,
                password,
                utcnow(),
                remember_me=remember_me,
                ip=self._client_ip(),
            )
            payload = result.to_json()
        except Exception as exc:  # every failure has a message in the catalogue
            self.login_busy = False
            self.login_error = login_error_key(exc)
            return
        problem = login_response_problem(payload)
        if problem:
            self.login_busy = False
            self.login_error = problem
            return
        self._store_login(payload)
        self.login_busy = False
        self.show_password = False
        from grocer.state.bag import BagState
        from grocer.state.dialogs import DialogState

        dialogs = await self.get_state(DialogState)
        dialogs._close()
        yield [
            rx.set_value("login-username", ""),
            rx.set_value("login-password", ""),
            DialogState.welcome_after_sign_in,
            BagState.after_sign_in,
        ]

    def _client_ip(self) -> str:
        """The shopper's address for rate limits (grocer.state.client_address)."""
        return router_client_address(self.router)

    def _connection_id(self) -> str:
        try:
            return self.router.session.session_id or "-"
        except Exception:
            return "-"

    # --- the session ----------------------------------------------------------------------

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
        self.menu_open = False

    async def _end_session(self) -> None:
        """The session is over (logout, failed refresh): tokens go, and the bag's copy of
        the server bag with them (what was never saved stays as a guest bag)."""
        self._clear_tokens()
        from grocer.state.bag import BagState

        bag = await self.get_state(BagState)
        bag._forget_account_bag()

    async def _refresh_once(self) -> bool:
        """Exchange the refresh token for a new pair, once; on any failure the session is
        cleared (000 §4.1). True when the tab holds a fresh access token."""
        token = self.refresh_token or ""
        if not token or len(token) > session_guard.MAX_TOKEN_LENGTH:
            logger.info("session: %s", "Aucun refresh token disponible")
            await self._end_session()
            return False
        try:
            pair = await session_guard.call(accounts.refresh, token, utcnow())
        except Exception as exc:
            logger.info("session: refresh failed (%s)", type(exc).__name__)
            await self._end_session()
            return False
        payload = pair.to_json()
        if not payload.get("accessToken"):
            logger.warning("session: %s", "Réponse de rafraîchissement invalide")
            await self._end_session()
            return False
        self._store_tokens(payload)
        return True

    @rx.event
    async def start_session(self):
        """On start (000 §4.1): restore the stored session, refreshing an expired access
        token once; a signed-in shopper's bag then comes from the server."""
        connection = self._connection_id()
        if self._started == connection:
            return  # a client-side navigation: same connection, nothing to restore
        self._started = connection
        from grocer.state.bag import BagState
        from grocer.state.dialogs import DialogState

        # A (re)loaded page opens clean: the tab's state outlives a reload, its overlays
        # should not.
        (await self.get_state(BagState))._close_overlays()
        (await self.get_state(DialogState))._close()
        self.menu_open = False
        self.login_busy = False
        try:
            user_id = await session_guard.verified_user_id(self.access_token)
        except Exception:  # a failure to check is no revocation: the next handler checks
            logger.warning("session: revocation check failed at start", exc_info=True)
            return None
        if user_id is not None:
            return BagState.restore_account_bag
        if self.refresh_token:
            return AuthState.refresh_after_start
        if self.access_token:
            await self._end_session()  # a token that can be neither used nor refreshed
        return None

    @rx.event(background=True)
    async def refresh_after_start(self):
        """An expired session at start is refreshed after a short random wait: tabs that
        load together (a restored browser session) share one refresh token, and the first
        tab's new tokens reach the others through localStorage before they try, so a
        rotated token is not presented twice (which would end the whole sign-in)."""
        from grocer.state.bag import BagState

        await asyncio.sleep(random.uniform(0.05, START_REFRESH_JITTER))
        async with self:
            if not (self.access_token or self.refresh_token):
                return None
            user_id = await session_guard.signed_in_user_id(self)
        return BagState.restore_account_bag if user_id is not None else None

    @rx.event
    async def check_session(self):
        """Every 5 minutes (001 §4): an expired session is refreshed, or else signed out; so is
        a revoked one (its refresh token was revoked with it)."""
        if not (self.access_token or self.refresh_token):
            return
        await session_guard.signed_in_user_id(self)

    @rx.event
    async def logout(self):
        """000 §4.1: tell the server (failure ignored), then remove every session key and
        the bag from the browser."""
        token = self.refresh_token or ""
        if token and len(token) <= session_guard.MAX_TOKEN_LENGTH:
            try:
                await session_guard.call(accounts.logout, token, utcnow())
            except Exception:
                logger.info("logout: server call failed, signing out locally")
        self._clear_tokens()
        from grocer.state.bag import BAG_STORAGE_KEYS, BagState
        from grocer.state.dialogs import DialogState

        bag = await self.get_state(BagState)
        bag._clear_all()
        dialogs = await self.get_state(DialogState)
        if dialogs.active == "welcome":
            dialogs._close()
        return [rx.remove_local_storage(key) for key in (*SESSION_KEYS, *BAG_STORAGE_KEYS)]

    # --- the account menu -----------------------------------------------------------------

    @rx.event
    def toggle_menu(self) -> None:
        self.menu_open = not self.menu_open

    @rx.event
    def close_menu(self) -> None:
        self.menu_open = False

    @rx.event
    def go_to_account(self):
        """Every entry of the menu leads to the account area (001 §2)."""
        self.menu_open = False
        return rx.redirect("/account")
