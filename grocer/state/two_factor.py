"""The two-factor panel of Settings → security (001 §2, §9): the four choices, the app's
enrolment and its recovery codes, switching it off. Thin: grocer.services.two_factor holds
every rule and acts on the signed-in user only (`session_guard.call(..., as_user=...)`).

What reaches the browser on purpose, once: during the enrolment the QR code and the secret
written out for typing by hand; after it, the recovery codes until "J'ai noté mes codes". They
are cleared on leaving, on every load, and never logged. The password and the codes typed are
handler arguments only.
"""

from __future__ import annotations

from typing import Any

import reflex as rx

from grocer.models.base import utcnow
from grocer.services import two_factor
from grocer.services.errors import ServiceError
from grocer.state import session_events, session_guard
from grocer.state.forms import PASSWORD_MAX, form_text
from grocer.state.toast import show_toast

K_SAVED = "security:toasts.saved"
K_FAILED = "security:toasts.failed"
K_NOT_SIGNED_IN = "account:toasts.notSignedIn"
CHOICES = ("disabled", "sms", "email", "app")
#: The password check's errors (grocer.services.accounts) → the panel's messages.
_PASSWORD_KEYS = {
    "account.errors.currentPasswordWrong": "security:errors.passwordWrong",
    "validation.fillAllFields": "security:errors.passwordRequired",
}


def error_key(exc: BaseException) -> str:
    """A refused change's message: the service's own (security.…) or the generic failure."""
    if isinstance(exc, ServiceError) and exc.key.startswith("security."):
        return "security:" + exc.key.removeprefix("security.")
    if isinstance(exc, ServiceError) and exc.key in _PASSWORD_KEYS:
        return _PASSWORD_KEYS[exc.key]
    if isinstance(exc, ServiceError) and exc.status == 429:
        return "security:errors.tooManyTries"
    return K_FAILED


class TwoFactorState(rx.State):
    method: str = "disabled"
    loaded: bool = False
    busy: bool = False
    error: str = ""  # the panel's message key (a wrong code or password)
    email_verified: bool = False
    has_phone: bool = False
    # The enrolment (shown on purpose, once) and the recovery codes (until noted).
    enrolling: bool = False
    qr_code: str = ""
    secret_text: str = ""
    recovery_codes: list[str] = []
    asking_password: bool = False

    def _show(self, status: dict[str, Any]) -> None:
        self.method = str(status["method"])
        self.email_verified = bool(status["emailVerified"])
        self.has_phone = bool(status["hasPhone"])
        self.loaded = True

    def _clear_secrets(self) -> None:
        self.enrolling = False
        self.qr_code = ""
        self.secret_text = ""

    async def _run(self, fn: Any, *args: Any, **kwargs: Any) -> Any:
        """`fn(db, me, *args)` for the signed-in user; None (with the toast to send) when
        there is no user; raises the service's error."""
        user_id = await session_guard.signed_in_user_id(self)
        if user_id is None:
            raise PermissionError
        return await session_guard.call(fn, *args, as_user=user_id, **kwargs)

    async def _failed(self, exc: BaseException) -> Any:
        self.busy = False
        if isinstance(exc, PermissionError):
            return await show_toast(self, K_NOT_SIGNED_IN, error=True)
        self.error = error_key(exc)
        return await show_toast(self, self.error, error=True)

    @rx.event
    async def load(self):
        """On showing the panel: the current method; nothing secret is kept from before."""
        self._clear_secrets()
        self.recovery_codes = []
        self.asking_password = False
        self.error = ""
        self.busy = False
        try:
            self._show(await self._run(two_factor.status))
        except Exception as exc:
            return await self._failed(exc)
        return None

    @rx.event
    async def choose(self, method: str):
        """A choice: e-mail or SMS are saved at once, the app starts its enrolment, "disabled"
        asks for the password."""
        if self.busy or method not in CHOICES or method == self.method:
            return None
        self.error = ""
        self.asking_password = method == "disabled"
        if method == "disabled":
            self._clear_secrets()
            return None
        self.busy = True
        try:
            if method == "app":
                enrolment = await self._run(two_factor.start_app, utcnow())
                self.enrolling = True
                self.qr_code = enrolment.qr
                self.secret_text = enrolment.secret
                self.busy = False
                return None
            self._clear_secrets()
            self._show(await self._run(two_factor.choose, method, utcnow()))
        except Exception as exc:
            return await self._failed(exc)
        self.busy = False
        return await show_toast(self, K_SAVED)

    @rx.event
    async def confirm_app(self, form_data: dict):
        """ "Activer": the app's code switches it on; the recovery codes are shown once."""
        if self.busy or not self.enrolling:
            return None
        code = "".join(form_text(form_data, "code", 16).split())
        self.busy = True
        self.error = ""
        try:
            codes = await self._run(two_factor.confirm_app, code, utcnow())
            self._show(await self._run(two_factor.status))
        except Exception as exc:
            return await self._failed(exc)
        self._clear_secrets()
        self.recovery_codes = list(codes)
        self.busy = False
        return [rx.set_value("two-factor-code", ""), await show_toast(self, K_SAVED)]

    @rx.event
    def cancel(self) -> None:
        """Leave the enrolment or the password prompt (nothing changes)."""
        self._clear_secrets()
        self.asking_password = False
        self.error = ""

    @rx.event
    def codes_noted(self) -> None:
        """ "J'ai noté mes codes": they are gone from the page for good."""
        self.recovery_codes = []

    @rx.event
    async def disable(self, form_data: dict):
        """ "Désactiver" with the current password."""
        if self.busy:
            return None
        password = form_text(form_data, "password", PASSWORD_MAX)
        self.busy = True
        self.error = ""
        try:
            self._show(await self._run(two_factor.disable, utcnow(), password=password))
        except Exception as exc:
            return await self._failed(exc)
        self.busy = False
        self.asking_password = False
        self.recovery_codes = []
        return [rx.set_value("two-factor-password", ""), await show_toast(self, K_SAVED)]

    @rx.var
    def shown_choice(self) -> str:
        """The radio that shows checked: the app while enrolling, "disabled" while its password
        is asked, else the saved method."""
        if self.enrolling:
            return "app"
        if self.asking_password:
            return "disabled"
        return self.method


@session_events.on(session_events.ENDED)
@session_events.on(session_events.LOGGED_OUT)
async def _forget_on_sign_out(state: rx.State) -> None:
    """Nothing of the panel (a QR code, recovery codes) outlives the session."""
    panel = await state.get_state(TwoFactorState)
    panel._clear_secrets()
    panel.recovery_codes = []
    panel.asking_password = False
