"""The 4-step sign-up dialog (001 §2, §4, §5, §8): e-mail, code, password, phone.

The e-mail must be proven by a code (grocer.services.accounts): step 1 sends it, step 2 checks
it and keeps the server's single-use proof, step 3 takes the password, step 4 takes the phone
and creates the account with that proof, signed in at once. The password and the proof live in
backend-only vars (never sent to the browser); the code itself is never kept. Opening the
dialog resets everything (registered with `dialogs.reset_on_open`).
"""

from __future__ import annotations

import asyncio
import logging
from typing import ClassVar

import reflex as rx

from grocer.models.base import utcnow
from grocer.services import accounts, phones
from grocer.services.errors import RateLimited, ServiceError, ValidationFailed
from grocer.state import session_events, session_guard
from grocer.state.account_referral import ReferralLinkState
from grocer.state.auth import login_response_problem
from grocer.state.client_address import router_device
from grocer.state.dialogs import DialogState, reset_on_open
from grocer.state.forms import form_text
from grocer.state.otp_flow import (
    OtpFlowState,
    OtpTexts,
    chosen_language,
    password_rules_problem,
)
from grocer.state.otp_flow import code_digits as code_digits  # kept importable from here
from grocer.state.session import SessionState

logger = logging.getLogger(__name__)

STEPS = 4
SUCCESS_CLOSE_SECONDS = 1.2  # 001 §9
RESEND_MESSAGE_SECONDS = 3.0  # 001 §8
COUNTRY_CODES = phones.COUNTRY_CODES
DEFAULT_COUNTRY_CODE = phones.DEFAULT_COUNTRY_CODE
PHONE_MAX = 30

K_SEND_400 = "auth:signup.errors.emailUnavailable"
K_TOO_MANY = "auth:signup.errors.tooManyAttempts"
K_SERVER = "auth:signup.errors.server"
K_SEND_OTHER = "auth:signup.errors.sendFailed"
K_VERIFY_400 = "auth:signup.errors.codeInvalid"
K_VERIFY_OTHER = "auth:signup.errors.verifyFailed"
K_RESEND_400 = "auth:signup.errors.resendInvalidEmail"
K_RESEND_OTHER = "auth:signup.errors.resendFailed"
K_PASSWORD_REQUIRED = "auth:signup.errors.passwordRequired"
K_PHONE_REQUIRED = "auth:signup.errors.phoneRequired"
K_PHONE_SHORT = "auth:signup.errors.phoneTooShort"
K_PHONE_DIGITS = "auth:signup.errors.phoneDigits"
K_PHONE_LONG = "auth:signup.errors.phoneTooLong"
K_REGISTER_FAILED = "auth:signup.errors.registerFailed"
K_CREATED_SIGNED_IN = "auth:signup.createdSignedIn"
K_CREATED_SIGN_IN = "auth:signup.createdPleaseSignIn"


# --- pure rules --------------------------------------------------------------------------


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


def resend_error_key(exc: BaseException) -> str:
    """001 §8 "Resend"."""
    return send_error_key(exc, resend=True)


def password_problem(password: str, confirm: str) -> str:
    if not password:
        return K_PASSWORD_REQUIRED
    return password_rules_problem(password, confirm)


#: The phone service's error keys → the dialog's message keys.
_PHONE_KEYS = {
    "validation.phoneRequired": K_PHONE_REQUIRED,
    "validation.phoneDigits": K_PHONE_DIGITS,
    "validation.phoneTooShort": K_PHONE_SHORT,
    "validation.phoneTooLong": K_PHONE_LONG,
}


def phone_problem(country_code: str, number: str) -> str:
    """Step 4: the account's phone rule (`phones.validate_phone`), "" when fine."""
    try:
        phones.validate_phone(country_code, number)
    except ValidationFailed as exc:
        return _PHONE_KEYS.get(exc.key, K_PHONE_DIGITS)
    return ""


class SignupState(OtpFlowState, rx.State):
    """Steps 1 and 2 come from OtpFlowState; steps 3 and 4 take the password and the phone."""

    TEXTS: ClassVar[OtpTexts] = OtpTexts(
        "signup",
        RESEND_MESSAGE_SECONDS,
        send_error_key,
        resend_error_key,
        verify_error_key,
        success_seconds=SUCCESS_CLOSE_SECONDS,
    )

    country_code: str = DEFAULT_COUNTRY_CODE

    _password: str = ""  # backend only, between steps 3 and 4
    _password_hash: str = ""  # its bcrypt hash, made at step 3 (see `set_password`)

    def _reset(self) -> None:
        super()._reset()
        self.country_code = DEFAULT_COUNTRY_CODE
        self._password = ""
        self._password_hash = ""

    @rx.event
    def back(self):
        """ "Retour": one step back, clearing the error (001 §4)."""
        if self.busy or self.done:
            return None
        self.step = max(1, self.step - 1)
        self.error = ""
        self.info = ""
        if self.step < 3:
            self._password = ""
            self._password_hash = ""
        if self.step < 2:
            self._proof = ""
        return self._back_to_code_step() if self.step == 2 else None

    async def _send(self, email: str, lang: str) -> None:
        ip = self._client_ip()
        await session_guard.call(accounts.send_signup_code, email, utcnow(), ip, lang)

    async def _verify(self, code: str) -> str:
        return await session_guard.call(accounts.verify_signup_code, self.email, code, utcnow())

    @rx.event
    async def set_password(self, form_data: dict) -> None:
        """Step 3: the password and its confirmation (kept server-side only), hashed now: the
        browser already shows step 4, so bcrypt's time passes while the phone is typed
        instead of after "Créer mon compte" (issue 23). Counted in `answered` whatever
        happens."""
        try:
            if self.busy or self.step != 3:
                return
            password = self._new_password(form_data, password_problem)
            if password is None:
                return
            self._password = password
            self._password_hash = await asyncio.to_thread(accounts.hash_password, password)
            self.show_password = False
            self.show_confirm = False
            self.step = 4
        finally:
            self.answered += 1

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
        if not self._password or not self.email or not self._proof:
            self.step = 1
            self.error = K_REGISTER_FAILED
            return
        self.error = ""
        self.country_code = country
        self.busy = True
        yield
        link = await self.get_state(ReferralLinkState)
        data = accounts.Registration(
            email=self.email,
            password=self._password,
            phones=[accounts.PhoneInput(country, phones.national_digits(number), is_primary=True)],
            preferred_language=chosen_language(form_data),
            proof=self._proof,
            referral_code=link.code_for_signup(),
            password_hash=self._password_hash or None,
        )
        try:
            result = await session_guard.call(
                accounts.register,
                data,
                utcnow(),
                self._client_ip(),
                router_device(self.router),
            )
        except Exception as exc:
            logger.info("sign-up: registration refused (%s)", type(exc).__name__)
            self.busy = False
            self.error = K_REGISTER_FAILED
            return
        self._proof = ""
        link.referral_code = ""  # used: the friend's code is kept only until the sign-up
        payload = result.to_json()
        if login_response_problem(payload):
            payload = await self._login_after_register(result.user.username)
        self._password = ""
        self._password_hash = ""
        self.busy = False
        self.done = True
        if payload is None:
            self.info = K_CREATED_SIGN_IN
            return
        (await self.get_state(SessionState))._store_login(payload)
        self.info = K_CREATED_SIGNED_IN
        yield [
            SignupState.finish_after_success,
            *await session_events.fire(session_events.SIGNED_IN, self),
        ]

    async def _login_after_register(self, username: str) -> dict | None:
        """001 §4: sign in with the username and remember-me, else with the e-mail."""
        for identifier in (username, self.email):
            try:
                result = await session_guard.call(
                    accounts.login,
                    identifier,
                    self._password,
                    utcnow(),
                    remember_me=True,
                    ip=self._client_ip(),
                    device=router_device(self.router),
                )
            except Exception:
                continue
            payload = result.to_json()
            if not login_response_problem(payload):
                return payload
        return None

    async def _finish(self, dialogs: DialogState) -> None:
        """The account is created: the dialog closes."""
        dialogs._close()


reset_on_open("signup", SignupState)
