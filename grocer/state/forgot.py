"""The forgot-password dialog (000 §2.2, §4.2, §5, §8): e-mail, code, new password.

Step 2 checks the code on the server (grocer.services.accounts), which answers a single-use
proof; step 3 sends it back with the new password (the e-mail alone is never enough). The code
is never kept, the proof only in the backend-only `_proof` (OtpFlowState). The dialog resets
whenever it opens (registered with `dialogs.reset_on_open`).
"""

from __future__ import annotations

import logging
from typing import ClassVar

import reflex as rx

from grocer.models.base import utcnow
from grocer.services import accounts
from grocer.services.errors import NotFound, RateLimited, ServiceError
from grocer.state import session_guard
from grocer.state.dialogs import DialogState, reset_on_open
from grocer.state.otp_flow import (
    OtpFlowState,
    OtpTexts,
    password_rules_problem,
)

logger = logging.getLogger(__name__)

RESENT_SECONDS = 2.0  # 000 §9: "Code renvoyé" shows 2 s
SUCCESS_REDIRECT_SECONDS = 1.2  # 000 §9

K_EMAIL_NOT_FOUND = "auth:forgot.errors.emailNotFound"
K_SEND_TOO_MANY = "auth:forgot.errors.sendTooMany"
K_SEND_FAILED = "auth:forgot.errors.sendFailed"
K_CODE_INVALID = "auth:forgot.errors.codeInvalid"
K_VERIFY_TOO_MANY = "auth:forgot.errors.verifyTooMany"
K_VERIFY_FAILED = "auth:forgot.errors.verifyFailed"
K_RESEND_FAILED = "auth:forgot.errors.resendFailed"
K_FILL_ALL = "auth:validation.fillAllFields"
K_RESET_SERVER = "auth:forgot.errors.resetServer"
K_RESET_FAILED = "auth:forgot.errors.resetFailed"
K_RESET_DONE = "auth:forgot.success"


# --- pure rules (000 §5, §8) -------------------------------------------------------------------


def send_error_key(exc: BaseException) -> str:
    return session_guard.message_key(
        exc,
        {NotFound: K_EMAIL_NOT_FOUND, RateLimited: K_SEND_TOO_MANY},
        K_SEND_FAILED,
        context="forgot password: sending",
    )


def verify_error_key(exc: BaseException) -> str:
    if isinstance(exc, RateLimited):
        return K_VERIFY_TOO_MANY
    if isinstance(exc, ServiceError) and exc.status == 400:
        return K_CODE_INVALID
    if not isinstance(exc, ServiceError):
        logger.exception("forgot password: verification failed", exc_info=exc)
    return K_VERIFY_FAILED


def resend_error_key(exc: BaseException) -> str:
    logger.info("forgot password: resend failed (%s)", type(exc).__name__)
    return K_RESEND_FAILED


def reset_error_key(exc: BaseException) -> str:
    if isinstance(exc, ServiceError) and exc.status < 500:
        return K_RESET_FAILED
    logger.error("forgot password: reset failed (%s)", type(exc).__name__)
    return K_RESET_SERVER


def new_password_problem(password: str, confirm: str) -> str:
    if not password or not confirm:
        return K_FILL_ALL
    return password_rules_problem(password, confirm)


class ForgotState(OtpFlowState, rx.State):
    """Steps 1 and 2 come from OtpFlowState; step 3 sets the new password."""

    TEXTS: ClassVar[OtpTexts] = OtpTexts(
        "forgot",
        RESENT_SECONDS,
        send_error_key,
        resend_error_key,
        verify_error_key,
        success_seconds=SUCCESS_REDIRECT_SECONDS,
    )

    @rx.event
    def back(self) -> None:
        """Back from step 2 to step 1 (000 §4.2)."""
        if self.busy or self.step != 2:
            return
        self.step = 1
        self.error = ""
        self.info = ""
        self._proof = ""

    async def _send(self, email: str, lang: str) -> None:
        await session_guard.call(
            accounts.request_password_reset, email, utcnow(), self._client_ip(), lang
        )

    async def _verify(self, code: str) -> str:
        return await session_guard.call(accounts.verify_reset_code, self.email, code, utcnow())

    @rx.event
    async def reset_password(self, form_data: dict):
        """Step 3: the new password; success shows the message, and 1.2 s later the dialog
        closes, resets and the sign-in dialog opens."""
        if self.busy or self.step != 3 or self.done:
            return
        password = self._new_password(form_data, new_password_problem)
        if password is None:
            return
        self.busy = True
        yield
        reset = session_guard.call(
            accounts.reset_password,
            self.email,
            password,
            utcnow(),
            proof=self._proof,
            ip=self._client_ip(),
        )
        if not await self._attempt(reset, reset_error_key):
            return
        self._proof = ""
        self.done = True
        self.info = K_RESET_DONE
        yield ForgotState.finish_after_success

    async def _finish(self, dialogs: DialogState) -> None:
        """The password is reset: the dialog starts over and the sign-in dialog opens."""
        self._reset()
        await dialogs._open("login")


reset_on_open("forgot", ForgotState)
