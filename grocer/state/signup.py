"""The 4-step sign-up dialog (001 §2, §4, §5, §8): e-mail, code, password, phone.

The e-mail must be proven by a code (grocer.services.accounts): step 1 sends it, step 2 checks
it, step 3 takes the password (kept in a backend-only var until step 4, never sent to the
browser), step 4 takes the phone and creates the account, signed in at once. The code itself
is never kept. Opening the dialog resets everything (DialogState calls `_reset`).
"""

from __future__ import annotations

import asyncio
import logging
import re
import time
from typing import Any

import reflex as rx

from grocer.models.base import utcnow
from grocer.services import accounts
from grocer.services.errors import RateLimited, ServiceError, ValidationFailed
from grocer.state import session_guard
from grocer.state.auth import (
    CALL_TIMEOUT_SECONDS,
    PASSWORD_MAX,
    AuthState,
    form_text,
    login_response_problem,
)

logger = logging.getLogger(__name__)

STEPS = 4
RESEND_SECONDS = 60  # 001 §9
SUCCESS_CLOSE_SECONDS = 1.2  # 001 §9
RESEND_MESSAGE_SECONDS = 3.0  # 001 §8
CODE_LENGTH = 6
COUNTRY_CODES = accounts.COUNTRY_CODES
DEFAULT_COUNTRY_CODE = accounts.DEFAULT_COUNTRY_CODE
LANGUAGES = accounts.LANGUAGES
EMAIL_MAX = accounts.EMAIL_MAX
PHONE_MAX = 30

K_EMAIL_REQUIRED = "auth:signup.errors.emailRequired"
K_EMAIL_INVALID = "auth:signup.errors.emailInvalid"
K_SEND_400 = "auth:signup.errors.emailUnavailable"
K_TOO_MANY = "auth:signup.errors.tooManyAttempts"
K_SERVER = "auth:signup.errors.server"
K_SEND_OTHER = "auth:signup.errors.sendFailed"
K_CODE_FORMAT = "auth:signup.errors.codeFormat"
K_VERIFY_400 = "auth:signup.errors.codeInvalid"
K_VERIFY_OTHER = "auth:signup.errors.verifyFailed"
K_RESEND_400 = "auth:signup.errors.resendInvalidEmail"
K_RESEND_OTHER = "auth:signup.errors.resendFailed"
K_RESENT = "auth:signup.resent"
K_PASSWORD_REQUIRED = "auth:signup.errors.passwordRequired"
K_PASSWORD_SHORT = "auth:validation.passwordTooShort"
K_PASSWORD_LONG = "auth:signup.errors.passwordTooLong"
K_PASSWORD_MISMATCH = "auth:validation.passwordMismatch"
K_PHONE_REQUIRED = "auth:signup.errors.phoneRequired"
K_PHONE_SHORT = "auth:signup.errors.phoneTooShort"
K_PHONE_DIGITS = "auth:signup.errors.phoneDigits"
K_PHONE_LONG = "auth:signup.errors.phoneTooLong"
K_REGISTER_FAILED = "auth:signup.errors.registerFailed"
K_CREATED_SIGNED_IN = "auth:signup.createdSignedIn"
K_CREATED_SIGN_IN = "auth:signup.createdPleaseSignIn"

_NON_DIGITS = re.compile(r"\D")


# --- pure rules --------------------------------------------------------------------------


def email_problem(email: str) -> str:
    """001 §5: required, and an address without spaces ("" when fine)."""
    if not email.strip():
        return K_EMAIL_REQUIRED
    try:
        accounts.validate_email(email)
    except ValidationFailed:
        return K_EMAIL_INVALID
    return ""


def code_digits(raw: object) -> str:
    """The code field's rule: non-digits stripped, cut at 6."""
    return _NON_DIGITS.sub("", raw if isinstance(raw, str) else "")[:CODE_LENGTH]


def _common_status_key(exc: BaseException) -> str | None:
    if isinstance(exc, RateLimited):
        return K_TOO_MANY
    if isinstance(exc, ServiceError) and exc.status >= 500:
        logger.error("sign-up: server error %s", exc.message)
        return K_SERVER
    if not isinstance(exc, ServiceError):
        logger.exception("sign-up: unexpected error", exc_info=exc)
        return K_SERVER
    return None


def send_error_key(exc: BaseException, resend: bool = False) -> str:
    """001 §8 "Send code" / "Resend"."""
    common = _common_status_key(exc)
    if common:
        return common
    if isinstance(exc, ServiceError) and exc.status == 400:
        return K_RESEND_400 if resend else K_SEND_400
    return K_RESEND_OTHER if resend else K_SEND_OTHER


def verify_error_key(exc: BaseException) -> str:
    """001 §8 "Verify"."""
    common = _common_status_key(exc)
    if common:
        return common
    if isinstance(exc, ServiceError) and exc.status == 400:
        return K_VERIFY_400
    return K_VERIFY_OTHER


def password_problem(password: str, confirm: str) -> str:
    if not password:
        return K_PASSWORD_REQUIRED
    if len(password) < accounts.PASSWORD_MIN:
        return K_PASSWORD_SHORT
    if len(password.encode()) > accounts.PASSWORD_MAX_BYTES:
        return K_PASSWORD_LONG
    if password != confirm:
        return K_PASSWORD_MISMATCH
    return ""


def phone_problem(country_code: str, number: str) -> str:
    digits = re.sub(r"\s+", "", number)
    if not digits:
        return K_PHONE_REQUIRED
    if not (digits.isascii() and digits.isdigit()):
        return K_PHONE_DIGITS
    if len(digits) < accounts.PHONE_MIN_DIGITS:
        return K_PHONE_SHORT
    if len(digits) > accounts.PHONE_MAX_DIGITS:
        return K_PHONE_LONG
    return ""


def chosen_language(form: Any) -> str:
    lang = form_text(form, "lang", 5)[:2]
    return lang if lang in LANGUAGES else "fr"


class SignupState(rx.State):
    step: int = 1
    email: str = ""
    country_code: str = DEFAULT_COUNTRY_CODE
    error: str = ""
    info: str = ""
    busy: bool = False
    done: bool = False
    resend_seconds: int = 0
    show_password: bool = False
    show_confirm: bool = False

    _password: str = ""  # backend only, between steps 3 and 4
    _seq: int = 0
    _ticked_at: float = 0.0  # the running countdown's last tick (epoch seconds)

    def _reset(self) -> None:
        self.step = 1
        self.email = ""
        self.country_code = DEFAULT_COUNTRY_CODE
        self.error = ""
        self.info = ""
        self.busy = False
        self.done = False
        self.resend_seconds = 0
        self.show_password = False
        self.show_confirm = False
        self._password = ""
        self._seq += 1

    def _client_ip(self) -> str:
        try:
            return (self.router.session.client_ip or "unknown")[:64]
        except Exception:
            return "unknown"

    @rx.event
    def back(self) -> None:
        """ "Retour": one step back, clearing the error (001 §4)."""
        if self.busy or self.done:
            return
        self.step = max(1, self.step - 1)
        self.error = ""
        self.info = ""
        if self.step < 3:
            self._password = ""

    @rx.event
    def toggle_password(self) -> None:
        self.show_password = not self.show_password

    @rx.event
    def toggle_confirm(self) -> None:
        self.show_confirm = not self.show_confirm

    async def _send(self, email: str, lang: str) -> None:
        await asyncio.wait_for(
            session_guard.in_db(
                accounts.send_signup_code, email, utcnow(), self._client_ip(), lang
            ),
            timeout=CALL_TIMEOUT_SECONDS,
        )

    @rx.event
    async def send_code(self, form_data: dict):
        """Step 1: e-mail a code, then step 2 with a 60 s resend countdown."""
        if self.busy or self.step != 1:
            return
        email = form_text(form_data, "email", EMAIL_MAX + 1).strip()
        problem = email_problem(email)
        if problem:
            self.error = problem
            return
        self.error = ""
        self.busy = True
        yield
        try:
            await self._send(email, chosen_language(form_data))
        except Exception as exc:
            self.busy = False
            self.error = send_error_key(exc)
            return
        self.busy = False
        self.email = accounts.normalise_email(email)
        self.step = 2
        self.resend_seconds = RESEND_SECONDS
        yield SignupState.run_countdown

    @rx.event(background=True)
    async def run_countdown(self):
        """The resend countdown, one second at a time; stops when the dialog resets."""
        async with self:
            if time.time() - self._ticked_at < 2.5:
                return  # one countdown at a time, however often this is called
            self._ticked_at = time.time()
        while True:
            await asyncio.sleep(1)
            async with self:
                self._ticked_at = time.time()
                if self.resend_seconds <= 0:  # also when the dialog was reset
                    self._ticked_at = 0.0
                    return
                self.resend_seconds -= 1

    @rx.event
    async def resend_code(self, lang: str = "fr"):
        """Resend, once the countdown is over (the server enforces the wait as well)."""
        if self.busy or self.step != 2 or self.resend_seconds > 0 or not self.email:
            return
        self.error = ""
        self.info = ""
        self.busy = True
        yield
        try:
            await self._send(self.email, lang if lang in LANGUAGES else "fr")
        except Exception as exc:
            self.busy = False
            self.error = send_error_key(exc, resend=True)
            return
        self.busy = False
        self.info = K_RESENT
        self.resend_seconds = RESEND_SECONDS
        yield [SignupState.run_countdown, SignupState.clear_info_later]

    @rx.event(background=True)
    async def clear_info_later(self):
        """ "Code de vérification renvoyé avec succès" is cleared after 3 s."""
        async with self:
            seq = self._seq
        await asyncio.sleep(RESEND_MESSAGE_SECONDS)
        async with self:
            if self._seq == seq and self.info == K_RESENT:
                self.info = ""

    @rx.event
    async def verify_code(self, form_data: dict):
        """Step 2: check the code (never kept), then step 3."""
        if self.busy or self.step != 2:
            return
        code = code_digits(form_text(form_data, "code", 64))
        if len(code) != CODE_LENGTH:
            self.error = K_CODE_FORMAT
            return
        self.error = ""
        self.info = ""
        self.busy = True
        yield
        try:
            await asyncio.wait_for(
                session_guard.in_db(accounts.verify_signup_code, self.email, code, utcnow()),
                timeout=CALL_TIMEOUT_SECONDS,
            )
        except Exception as exc:
            self.busy = False
            self.error = verify_error_key(exc)
            return
        self.busy = False
        self.step = 3

    @rx.event
    def set_password(self, form_data: dict) -> None:
        """Step 3: the password and its confirmation (kept server-side only)."""
        if self.busy or self.step != 3:
            return
        password = form_text(form_data, "password", PASSWORD_MAX)
        confirm = form_text(form_data, "confirm", PASSWORD_MAX)
        problem = password_problem(password, confirm)
        if problem:
            self.error = problem
            return
        self.error = ""
        self._password = password
        self.show_password = False
        self.show_confirm = False
        self.step = 4

    @rx.event
    def choose_country(self, code: str) -> None:
        if isinstance(code, str) and code in COUNTRY_CODES:
            self.country_code = code

    @rx.event
    async def register(self, form_data: dict):
        """Step 4: create the account (001 §4 registration flow), signed in at once."""
        if self.busy or self.step != 4 or self.done:
            return
        country = form_text(form_data, "country_code", 6)
        if country not in COUNTRY_CODES:
            country = self.country_code
        number = form_text(form_data, "phone", PHONE_MAX)
        problem = phone_problem(country, number)
        if problem:
            self.error = problem
            return
        if not self._password or not self.email:
            self.step = 1
            self.error = K_REGISTER_FAILED
            return
        self.error = ""
        self.country_code = country
        self.busy = True
        yield
        data = accounts.Registration(
            email=self.email,
            password=self._password,
            phones=[accounts.PhoneInput(country, re.sub(r"\s+", "", number), is_primary=True)],
            preferred_language=chosen_language(form_data),
        )
        try:
            result = await asyncio.wait_for(
                session_guard.in_db(accounts.register, data, utcnow()),
                timeout=CALL_TIMEOUT_SECONDS,
            )
        except Exception as exc:
            logger.info("sign-up: registration refused (%s)", type(exc).__name__)
            self.busy = False
            self.error = K_REGISTER_FAILED
            return
        payload = result.to_json()
        if login_response_problem(payload):
            payload = await self._login_after_register(result.user.username)
        self._password = ""
        self.busy = False
        self.done = True
        if payload is None:
            self.info = K_CREATED_SIGN_IN
            return
        auth = await self.get_state(AuthState)
        auth._store_login(payload)
        self.info = K_CREATED_SIGNED_IN
        from grocer.state.bag import BagState

        yield [SignupState.close_after_success, BagState.after_sign_in]

    async def _login_after_register(self, username: str) -> dict | None:
        """001 §4: sign in with the username and remember-me, else with the e-mail."""
        for identifier in (username, self.email):
            try:
                result = await session_guard.in_db(
                    accounts.login,
                    identifier,
                    self._password,
                    utcnow(),
                    remember_me=True,
                    ip=self._client_ip(),
                )
            except Exception:
                continue
            payload = result.to_json()
            if not login_response_problem(payload):
                return payload
        return None

    @rx.event(background=True)
    async def close_after_success(self):
        """The dialog closes 1.2 s after a successful sign-up."""
        from grocer.state.dialogs import DialogState

        async with self:
            seq = self._seq
        await asyncio.sleep(SUCCESS_CLOSE_SECONDS)
        async with self:
            dialogs = await self.get_state(DialogState)
            if self._seq == seq and dialogs.active == "signup":
                dialogs._close()
