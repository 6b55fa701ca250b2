"""The sign-in dialog, the account menu, and the session's start, check and logout.

`AuthState` is a substate of `SessionState` (grocer/state/session.py), which holds the tokens
the browser keeps, what the page draws from them and their refresh; the handlers here restore
the session on start, check it every 5 minutes, sign in and log out. What else a sign-in, a
start or a logout changes (the bag, the dialogs) is done by the listeners registered in
grocer.state.session_events: this module names none of them.

Nothing here is trusted: whatever the browser stores is re-checked on the server. Who is
signed in, for a handler, is `session_guard.signed_in_user_id` (the access token decoded with
the server secret and checked against revocation each time; a revoked session is signed out
by the next handler or 5-minute check). Passwords only pass through handler arguments and are
never kept.
"""

from __future__ import annotations

import asyncio
import logging
import random
from collections.abc import Mapping
from typing import Any

import reflex as rx

from grocer.db import DatabaseUnavailable
from grocer.models.base import utcnow
from grocer.services import accounts, second_factor
from grocer.services.errors import (
    InvalidCredentials,
    RateLimited,
    ServiceError,
    ValidationFailed,
)
from grocer.services.second_factor import SecondFactorRequired
from grocer.state import session_events, session_guard
from grocer.state.client_address import router_client_address, router_device
from grocer.state.dialogs import DialogState, reset_on_open
from grocer.state.forms import PASSWORD_MAX, form_checked, form_text
from grocer.state.otp_flow import RESEND_SECONDS, code_digits, tick_down
from grocer.state.session import MAX_TOKEN_LENGTH, SESSION_KEYS, SessionState

logger = logging.getLogger(__name__)

#: What a sign-in form field may carry at most (longer input is cut, never stored).
IDENTIFIER_MAX = accounts.EMAIL_MAX
#: Upper bound of the random wait before refreshing an expired session at start (seconds).
START_REFRESH_JITTER = 1.5

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
K_CODE_FORMAT = "security:errors.codeFormat"
K_RECOVERY_FORMAT = "security:errors.recoveryFormat"
K_CODE_RESENT = "security:signIn.resent"
#: What the second step's code field may carry at most (a recovery code with spaces).
SECOND_CODE_MAX = 32


# --- pure rules (unit-tested) -----------------------------------------------------------------


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
    if isinstance(exc, DatabaseUnavailable):
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


def second_factor_error_key(exc: BaseException) -> str:
    """The second step's message: the two-factor service's own (codes, tries, resend wait),
    else the sign-in catalogue's (`login_error_key`)."""
    if isinstance(exc, ServiceError) and exc.key.startswith("security."):
        return "security:" + exc.key.removeprefix("security.")
    return login_error_key(exc)


def second_code_problem(code: str, recovery: bool) -> str:
    """The second step's field before any call: 6 digits (the sign-up code's rule), or in
    recovery mode a code of the recovery format ("" when fine)."""
    if recovery:
        return "" if second_factor.normalise_recovery_code(code) else K_RECOVERY_FORMAT
    return "" if len(code) == second_factor.CODE_LENGTH else K_CODE_FORMAT


class AuthState(SessionState):
    """The sign-in dialog, the account menu and the session's handlers (a substate of the
    session: its tokens and computed vars read as this state's own)."""

    # The sign-in dialog (what it shows; never the password).
    login_error: str = ""
    login_busy: bool = False
    show_password: bool = False
    # The sign-in's second step (two-factor): shown instead of the password step.
    second_step: bool = False
    second_method: str = ""  # email, sms or app
    recovery_mode: bool = False  # typing a recovery code instead of the app's
    second_info: str = ""
    second_resend_seconds: int = 0
    # The account menu.
    menu_open: bool = False

    _started: str = ""  # the connection the session was last restored for
    _challenge: str = ""  # the pending sign-in's token: backend only, never sent to the page
    _second_ticked_at: float = 0.0

    # --- the sign-in dialog --------------------------------------------------------------

    @rx.event
    def toggle_password(self) -> None:
        self.show_password = not self.show_password

    def _reset_on_open(self) -> None:
        """The dialog opens clean (DialogState calls this on open: `reset_on_open` below)."""
        self.login_error = ""
        self.show_password = False
        self.login_busy = False
        self._leave_second_step()

    def _leave_second_step(self) -> None:
        self.second_step = False
        self.second_method = ""
        self.recovery_mode = False
        self.second_info = ""
        self.second_resend_seconds = 0
        self._challenge = ""

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
                device=router_device(self.router),
            )
            payload = result.to_json()
        except Exception as exc:  # every failure has a message in the catalogue
            self.login_busy = False
            self.login_error = login_error_key(exc)
            return
        if isinstance(result, SecondFactorRequired):
            yield self._begin_second_step(result)
            return
        yield await self._signed_in(payload)

    async def _signed_in(self, payload: Mapping) -> list:
        """THE end of a sign-in in the dialog (after the password alone, or after its second
        factor): keep the session, close the dialog, then the welcome and the listeners of
        SIGNED_IN (the bag merge...). Answers the events to send."""
        self.login_busy = False
        problem = login_response_problem(payload)
        if problem:
            self.login_error = problem
            return []
        self._store_login(payload)
        self.show_password = False
        self._leave_second_step()
        (await self.get_state(DialogState))._close()
        return [
            rx.set_value("login-username", ""),
            rx.set_value("login-password", ""),
            DialogState.welcome_after_sign_in,
            *await session_events.fire(session_events.SIGNED_IN, self),
        ]

    # --- the second step (two-factor sign-in) ---------------------------------------------

    def _begin_second_step(self, required: SecondFactorRequired) -> list:
        """The password was right: the dialog asks for the code (the challenge stays here)."""
        self.login_busy = False
        self.login_error = ""
        self._challenge = required.challenge
        self.second_step = True
        self.second_method = required.method
        self.recovery_mode = False
        self.second_info = ""
        sent = required.method in (second_factor.EMAIL, second_factor.SMS)
        self.second_resend_seconds = RESEND_SECONDS if sent else 0
        return [
            rx.set_value("login-password", ""),
            *([AuthState.run_second_countdown] if sent else []),
        ]

    def _second_busy(self) -> None:
        self.login_error = ""
        self.second_info = ""
        self.login_busy = True

    async def _second_call(self, fn: Any, *args: Any, **kwargs: Any) -> tuple[bool, Any]:
        """One call of the second step: (True, its answer), or (False, None) with its message
        shown and the dialog no longer busy."""
        try:
            return True, await session_guard.call(fn, *args, **kwargs)
        except Exception as exc:
            self.login_busy = False
            self.login_error = second_factor_error_key(exc)
            return False, None

    @rx.event
    async def submit_second_factor(self, form_data: dict):
        """Finish the sign-in with the code (never kept), then the normal signed-in flow."""
        if self.login_busy or not self.second_step or not self._challenge:
            return
        typed = form_text(form_data, "code", SECOND_CODE_MAX)
        code = typed.strip() if self.recovery_mode else code_digits(typed)
        problem = second_code_problem(code, self.recovery_mode)
        if problem:
            self.login_error = problem
            return
        self._second_busy()
        yield
        done, result = await self._second_call(
            accounts.login_second_factor, self._challenge, code, utcnow(), ip=self._client_ip()
        )
        if done:
            yield [rx.set_value("login-code", ""), *await self._signed_in(result.to_json())]

    @rx.event
    async def resend_second_factor(self):
        """ "Renvoyer le code" (e-mail and SMS), once the 60 s countdown is over."""
        if self.login_busy or self.second_resend_seconds > 0 or not self._challenge:
            return
        self._second_busy()
        yield
        done, _ = await self._second_call(second_factor.resend, self._challenge, utcnow())
        if not done:
            return
        self.login_busy = False
        self.second_info = K_CODE_RESENT
        self.second_resend_seconds = RESEND_SECONDS
        yield AuthState.run_second_countdown

    @rx.event(background=True)
    async def run_second_countdown(self):
        """The resend countdown of the second step (stops when the step is left)."""
        await tick_down(self, "second_resend_seconds", "_second_ticked_at")

    @rx.event
    def toggle_recovery(self):
        """ "Utiliser un code de secours" and back to the app's code."""
        self.recovery_mode = not self.recovery_mode
        self.login_error = ""
        return rx.set_value("login-code", "")

    @rx.event
    def back_to_password(self) -> None:
        """ "Retour": the password step again (this pending sign-in is dropped)."""
        if not self.login_busy:
            self.login_error = ""
            self._leave_second_step()

    def _client_ip(self) -> str:
        """The shopper's address for rate limits (grocer.state.client_address)."""
        return router_client_address(self.router)

    def _connection_id(self) -> str:
        try:
            return self.router.session.session_id or "-"
        except Exception:
            return "-"

    # --- the session ----------------------------------------------------------------------

    @rx.event
    async def start_session(self):
        """On start (000 §4.1): restore the stored session, refreshing an expired access
        token once; a signed-in shopper's bag then comes from the server. Run by the page start
        of a page load (grocer.state.page_start), not after a reconnect."""
        connection = self._connection_id()
        if self._started == connection:
            return None  # a client-side navigation: same connection, nothing to restore
        self._started = connection
        # A (re)loaded page opens clean: the tab's state outlives a reload, its overlays
        # should not.
        await session_events.fire(session_events.OPENED, self)
        self.menu_open = False
        self.login_busy = False
        try:
            user_id = await session_guard.verified_user_id(self.access_token)
        except Exception:  # a failure to check is no revocation: the next handler checks
            logger.warning("session: revocation check failed at start", exc_info=True)
            return None
        if user_id is not None:
            return await session_events.fire(session_events.RESTORED, self)
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
        await asyncio.sleep(random.uniform(0.05, START_REFRESH_JITTER))
        async with self:
            if not (self.access_token or self.refresh_token):
                return None
            user_id = await session_guard.signed_in_user_id(self)
            if user_id is None:
                return None
            return await session_events.fire(session_events.RESTORED, self)

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
        what the listeners keep (the bag) from the browser."""
        token = self.refresh_token or ""
        if token and len(token) <= MAX_TOKEN_LENGTH:
            try:
                await session_guard.call(accounts.logout, token, utcnow())
            except Exception:
                logger.info("logout: server call failed, signing out locally")
        self._clear_tokens()
        self.menu_open = False
        removals = [rx.remove_local_storage(key) for key in SESSION_KEYS]
        return [*removals, *await session_events.fire(session_events.LOGGED_OUT, self)]

    # --- the account menu -----------------------------------------------------------------

    @rx.event
    def toggle_menu(self) -> None:
        self.menu_open = not self.menu_open

    @rx.event
    def close_menu(self) -> None:
        self.menu_open = False

    @rx.event
    def go_to_account(self, section: str = "profile"):
        """Every entry of the menu leads to the account area (001 §2), at its own section."""
        self.menu_open = False
        safe = section if section.isascii() and section.isalpha() and len(section) <= 20 else ""
        return rx.redirect(f"/account?section={safe}" if safe else "/account")


reset_on_open("login", AuthState)


@session_events.on(session_events.ENDED)
async def _close_menu_when_the_session_ends(state: rx.State) -> None:
    """The account menu belongs to the session: it closes with it."""
    (await state.get_state(AuthState)).menu_open = False
