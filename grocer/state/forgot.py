"""The forgot-password dialog (000 §2.2, §4.2, §5, §8): e-mail, code, new password.

Step 2 marks the code verified on the server (grocer.services.accounts), and step 3 is
accepted for that e-mail within 10 minutes: the code itself is never kept in the state.
The dialog resets whenever it opens (DialogState calls `_reset`).
"""

from __future__ import annotations

import asyncio
import logging
import time

import reflex as rx

from grocer.models.base import utcnow
from grocer.services import accounts
from grocer.services.errors import NotFound, RateLimited, ServiceError, ValidationFailed
from grocer.state import session_guard
from grocer.state.auth import CALL_TIMEOUT_SECONDS, PASSWORD_MAX, form_text
from grocer.state.signup import CODE_LENGTH, RESEND_SECONDS, chosen_language, code_digits

logger = logging.getLogger(__name__)

RESENT_SECONDS = 2.0  # 000 §9: "Code renvoyé" shows 2 s
SUCCESS_REDIRECT_SECONDS = 1.2  # 000 §9
EMAIL_MAX = accounts.EMAIL_MAX

K_EMAIL_REQUIRED = "auth:forgot.errors.emailRequired"
K_EMAIL_INVALID = "auth:forgot.errors.emailInvalid"
K_EMAIL_NOT_FOUND = "auth:forgot.errors.emailNotFound"
K_SEND_TOO_MANY = "auth:forgot.errors.sendTooMany"
K_SEND_FAILED = "auth:forgot.errors.sendFailed"
K_CODE_FORMAT = "auth:forgot.errors.codeFormat"
K_CODE_INVALID = "auth:forgot.errors.codeInvalid"
K_VERIFY_TOO_MANY = "auth:forgot.errors.verifyTooMany"
K_VERIFY_FAILED = "auth:forgot.errors.verifyFailed"
K_RESEND_FAILED = "auth:forgot.errors.resendFailed"
K_RESENT = "auth:forgot.resent"
K_FILL_ALL = "auth:validation.fillAllFields"
K_PASSWORD_SHORT = "auth:validation.passwordTooShort"
K_PASSWORD_LONG = "auth:signup.errors.passwordTooLong"
K_PASSWORD_MISMATCH = "auth:validation.passwordMismatch"
K_RESET_SERVER = "auth:forgot.errors.resetServer"
K_RESET_FAILED = "auth:forgot.errors.resetFailed"
K_RESET_DONE = "auth:forgot.success"


# --- pure rules (000 §5, §8) -------------------------------------------------------------------


def email_problem(email: str) -> str:
    if not email.strip():
        return K_EMAIL_REQUIRED
    try:
        accounts.validate_email(email)
    except ValidationFailed:
        return K_EMAIL_INVALID
    return ""


def send_error_key(exc: BaseException) -> str:
    if isinstance(exc, NotFound):
        return K_EMAIL_NOT_FOUND
    if isinstance(exc, RateLimited):
        return K_SEND_TOO_MANY
    if not isinstance(exc, ServiceError):
        logger.exception("forgot password: sending failed", exc_info=exc)
    return K_SEND_FAILED


def verify_error_key(exc: BaseException) -> str:
    if isinstance(exc, RateLimited):
        return K_VERIFY_TOO_MANY
    if isinstance(exc, ServiceError) and exc.status == 400:
        return K_CODE_INVALID
    if not isinstance(exc, ServiceError):
        logger.exception("forgot password: verification failed", exc_info=exc)
    return K_VERIFY_FAILED


def reset_error_key(exc: BaseException) -> str:
    if isinstance(exc, ServiceError) and exc.status < 500:
        return K_RESET_FAILED
    logger.error("forgot password: reset failed (%s)", type(exc).__name__)
    return K_RESET_SERVER


def new_password_problem(password: str, confirm: str) -> str:
    if not password or not confirm:
        return K_FILL_ALL
    if len(password) < accounts.PASSWORD_MIN:
        return K_PASSWORD_SHORT
    if len(password.encode()) > accounts.PASSWORD_MAX_BYTES:
        return K_PASSWORD_LONG
    if password != confirm:
        return K_PASSWORD_MISMATCH
    return ""


class ForgotState(rx.State):
    step: int = 1
    email: str = ""
    error: str = ""
    info: str = ""
    busy: bool = False
    done: bool = False
    resend_seconds: int = 0
    show_password: bool = False
    show_confirm: bool = False

    _seq: int = 0
    _ticked_at: float = 0.0  # the running countdown's last tick (epoch seconds)

    def _reset(self) -> None:
        self.step = 1
        self.email = ""
        self.error = ""
        self.info = ""
        self.busy = False
        self.done = False
        self.resend_seconds = 0
        self.show_password = False
        self.show_confirm = False
        self._seq += 1

    def _client_ip(self) -> str:
        try:
            return (self.router.session.client_ip or "unknown")[:64]
        except Exception:
            return "unknown"

    @rx.event
    def back(self) -> None:
        """Back from step 2 to step 1 (000 §4.2)."""
        if self.busy or self.step != 2:
            return
        self.step = 1
        self.error = ""
        self.info = ""

    @rx.event
    def toggle_password(self) -> None:
        self.show_password = not self.show_password

    @rx.event
    def toggle_confirm(self) -> None:
        self.show_confirm = not self.show_confirm

    async def _send(self, email: str, lang: str) -> None:
        await asyncio.wait_for(
            session_guard.in_db(
                accounts.request_password_reset, email, utcnow(), self._client_ip(), lang
            ),
            timeout=CALL_TIMEOUT_SECONDS,
        )

    @rx.event
    async def send_code(self, form_data: dict):
        """Step 1 → step 2 once the code is sent; a 60 s countdown then allows resending."""
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
        yield ForgotState.run_countdown

    @rx.event(background=True)
    async def run_countdown(self):
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
        if self.busy or self.step != 2 or self.resend_seconds > 0 or not self.email:
            return
        self.error = ""
        self.info = ""
        self.busy = True
        yield
        try:
            await self._send(self.email, lang if lang in accounts.LANGUAGES else "fr")
        except Exception as exc:
            logger.info("forgot password: resend failed (%s)", type(exc).__name__)
            self.busy = False
            self.error = K_RESEND_FAILED
            return
        self.busy = False
        self.info = K_RESENT
        self.resend_seconds = RESEND_SECONDS
        yield [ForgotState.run_countdown, ForgotState.clear_info_later]

    @rx.event(background=True)
    async def clear_info_later(self):
        """ "Code renvoyé" shows for 2 s."""
        async with self:
            seq = self._seq
        await asyncio.sleep(RESENT_SECONDS)
        async with self:
            if self._seq == seq and self.info == K_RESENT:
                self.info = ""

    @rx.event
    async def verify_code(self, form_data: dict):
        """Step 2 → step 3 on a verified code."""
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
                session_guard.in_db(accounts.verify_reset_code, self.email, code, utcnow()),
                timeout=CALL_TIMEOUT_SECONDS,
            )
        except Exception as exc:
            self.busy = False
            self.error = verify_error_key(exc)
            return
        self.busy = False
        self.step = 3

    @rx.event
    async def reset_password(self, form_data: dict):
        """Step 3: the new password; success shows the message, and 1.2 s later the dialog
        closes, resets and the sign-in dialog opens."""
        if self.busy or self.step != 3 or self.done:
            return
        password = form_text(form_data, "password", PASSWORD_MAX)
        confirm = form_text(form_data, "confirm", PASSWORD_MAX)
        problem = new_password_problem(password, confirm)
        if problem:
            self.error = problem
            return
        self.error = ""
        self.busy = True
        yield
        try:
            await asyncio.wait_for(
                session_guard.in_db(accounts.reset_password, self.email, password, utcnow()),
                timeout=CALL_TIMEOUT_SECONDS,
            )
        except Exception as exc:
            self.busy = False
            self.error = reset_error_key(exc)
            return
        self.busy = False
        self.done = True
        self.info = K_RESET_DONE
        yield ForgotState.finish_later

    @rx.event(background=True)
    async def finish_later(self):
        from grocer.state.dialogs import DialogState

        async with self:
            seq = self._seq
        await asyncio.sleep(SUCCESS_REDIRECT_SECONDS)
        async with self:
            dialogs = await self.get_state(DialogState)
            if self._seq != seq or dialogs.active != "forgot":
                return
            self._reset()
            await dialogs._open("login")
