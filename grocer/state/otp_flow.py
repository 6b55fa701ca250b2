"""The e-mailed-code steps shared by the sign-up and forgot-password dialogs (000 §4.2, 001 §4).

Both dialogs e-mail a code (step 1), check it (step 2) and offer "Renvoyer" after a 60 s
countdown; they differ only in the services they call and in their messages. Each dialog's
state mixes `OtpFlowState` in and supplies those (`TEXTS`, `_send`, `_verify`), so the step
rules, the busy flag and the single countdown stay one piece of code. The business rules stay
in grocer.services.accounts; the code itself is never kept.

Step 2 answers a single-use proof that the dialog's last step hands back to the server (the
e-mail alone is never enough). It is kept in the backend-only `_proof`: an underscore var never
travels to the browser, so neither the page's scripts nor localStorage ever see it; it is
cleared whenever the dialog resets or goes back to step 1.
"""

from __future__ import annotations

import asyncio
import math
import re
import time
from collections.abc import Awaitable, Callable
from dataclasses import dataclass
from typing import Any, ClassVar

import reflex as rx
from reflex.event import EventHandler

from grocer.services import accounts, otp
from grocer.services.errors import ValidationFailed
from grocer.services.languages import language_or_default
from grocer.state.client_address import router_client_address
from grocer.state.dialogs import DialogState
from grocer.state.forms import PASSWORD_MAX, form_text

CODE_LENGTH = otp.CODE_LENGTH
RESEND_SECONDS = int(otp.RESEND_COOLDOWN.total_seconds())  # 001 §9: the server's wait, shown
EMAIL_MAX = accounts.EMAIL_MAX

K_PASSWORD_SHORT = "auth:validation.passwordTooShort"
K_PASSWORD_LONG = "auth:signup.errors.passwordTooLong"
K_PASSWORD_MISMATCH = "auth:validation.passwordMismatch"

_NON_DIGITS = re.compile(r"\D")


def code_digits(raw: object) -> str:
    """The code field's rule: non-digits stripped, cut at 6."""
    return _NON_DIGITS.sub("", raw if isinstance(raw, str) else "")[:CODE_LENGTH]


def chosen_language(form: Any) -> str:
    """The language the code e-mail is written in (the form's hidden `lang`, else French)."""
    return language_or_default(form_text(form, "lang", 5))


@dataclass(frozen=True)
class OtpTexts:
    """One dialog's wording of the shared steps, and how it names a failure.

    `flow` ("signup" or "forgot") is also the dialog's name in DialogState; it picks the message
    keys `auth:{flow}.errors.emailRequired`, `.errors.emailInvalid`, `.errors.codeFormat` and
    `auth:{flow}.resent`, as it picks the dialog's texts in grocer.components.otp_step.
    """

    flow: str
    resent_seconds: float  # how long "code resent" shows (the specs differ: 2 s and 3 s)
    send_error: Callable[[BaseException], str]
    resend_error: Callable[[BaseException], str]
    verify_error: Callable[[BaseException], str]
    success_seconds: float  # how long the success message shows before the dialog moves on

    def key(self, name: str) -> str:
        """The dialog's own message key `auth:{flow}.{name}` ("errors.codeFormat", "resent")."""
        return f"auth:{self.flow}.{name}"


def email_problem(email: str, texts: OtpTexts) -> str:
    """Step 1 (000 §5, 001 §5): required, and a valid address ("" when fine)."""
    if not email.strip():
        return texts.key("errors.emailRequired")
    try:
        accounts.validate_email(email)
    except ValidationFailed:
        return texts.key("errors.emailInvalid")
    return ""


#: The account service's error keys of a new password → the dialogs' message keys.
_PASSWORD_KEYS = {
    "validation.passwordTooShort": K_PASSWORD_SHORT,
    "validation.passwordTooLong": K_PASSWORD_LONG,
    "validation.passwordMismatch": K_PASSWORD_MISMATCH,
}


def password_rules_problem(password: str, confirm: str) -> str:
    """Step 3 of both dialogs once the fields are filled: the account service's rules
    (`accounts.validate_new_password`: length, then the confirmation), "" when fine. Each
    dialog words "empty" its own way."""
    try:
        accounts.validate_new_password(password, confirm)
    except ValidationFailed as exc:
        return _PASSWORD_KEYS.get(exc.key, K_PASSWORD_SHORT)
    return ""


async def tick_down(
    state: rx.State,
    seconds_var: str,
    ticked_var: str,
    shown: Callable[[Any], bool] | None = None,
) -> None:
    """The body of a resend countdown (a background handler): `seconds_var` goes down by one
    each second until 0 (a reset to 0 stops it); `ticked_var`, the epoch seconds of the last
    tick, keeps it to one countdown at a time however often it is started. It also stops as
    soon as `shown(state)` is false: each tick is a message and a render in the browser, and
    after the code step nothing shows the seconds (a slow phone paid for a minute of them)."""
    async with state:
        if time.time() - getattr(state, ticked_var) < 2.5:
            return
        setattr(state, ticked_var, time.time())
    while True:
        await asyncio.sleep(1)
        async with state:
            left = getattr(state, seconds_var)
            if left <= 0 or (shown is not None and not shown(state)):
                setattr(state, ticked_var, 0.0)
                return
            setattr(state, ticked_var, time.time())
            setattr(state, seconds_var, left - 1)


def seconds_until(deadline: float) -> int:
    """Whole seconds left before `deadline` (epoch seconds), 0 once it has passed."""
    return max(0, math.ceil(deadline - time.time()))


class OtpFlowState(rx.State, mixin=True):
    """Steps 1 and 2 of a dialog that proves an e-mail by a code; the dialog adds the rest."""

    TEXTS: ClassVar[OtpTexts]  # set by each dialog

    step: int = 1
    email: str = ""
    error: str = ""
    info: str = ""
    busy: bool = False
    done: bool = False
    resend_seconds: int = 0
    show_password: bool = False
    show_confirm: bool = False
    # The step events answered (send, verify, and sign-up's password step), whatever the answer:
    # the browser shows the next step as soon as a step is submitted, and the server's step
    # again once this count has caught up with the steps submitted (assets/open_now.js,
    # issue 23). It only grows.
    answered: int = 0

    _seq: int = 0  # bumped on every reset, so timers started before it do nothing
    _proof: str = ""  # step 2's single-use proof, backend only, until the last step uses it
    _ticked_at: float = 0.0  # the running countdown's last tick (epoch seconds)
    _resend_at: float = 0.0  # when a resend is allowed (epoch seconds)

    # --- what each dialog supplies ------------------------------------------------------------

    async def _send(self, email: str, lang: str) -> None:
        """E-mail a code to `email` (the dialog's service)."""
        raise NotImplementedError

    async def _verify(self, code: str) -> str:
        """Check `code` for `self.email` on the server (the dialog's service); the proof."""
        raise NotImplementedError

    async def _finish(self, dialogs: DialogState) -> None:
        """What the dialog does once its success message has shown."""
        raise NotImplementedError

    # --- shared ---------------------------------------------------------------------------------

    def _reset_on_open(self) -> None:
        """DialogState calls this whenever the dialog opens (each dialog registers with
        `dialogs.reset_on_open`)."""
        self._reset()

    def _reset(self) -> None:
        """Back to an empty step 1."""
        self.step = 1
        self.email = ""
        self.error = ""
        self.info = ""
        self.busy = False
        self.done = False
        self.resend_seconds = 0
        self._resend_at = 0.0
        self.show_password = False
        self.show_confirm = False
        self._proof = ""
        self._seq += 1

    def _client_ip(self) -> str:
        """The shopper's address for rate limits (grocer.state.client_address)."""
        return router_client_address(self.router)

    async def _attempt(
        self, call: Awaitable[object], error_key: Callable[[BaseException], str]
    ) -> bool:
        """Await one service call of a step: busy ends either way, and a failure becomes the
        step's message. True when the call succeeded."""
        try:
            await call
        except Exception as exc:
            self.busy = False
            self.error = error_key(exc)
            return False
        self.busy = False
        return True

    def _new_password(self, form_data: dict, problem_of: Callable[[str, str], str]) -> str | None:
        """Step 3's submitted password once `problem_of(password, confirm)` passes; otherwise
        None, with the problem shown."""
        password = form_text(form_data, "password", PASSWORD_MAX)
        confirm = form_text(form_data, "confirm", PASSWORD_MAX)
        problem = problem_of(password, confirm)
        if problem:
            self.error = problem
            return None
        self.error = ""
        return password

    @rx.event
    def toggle_password(self) -> None:
        self.show_password = not self.show_password

    @rx.event
    def toggle_confirm(self) -> None:
        self.show_confirm = not self.show_confirm

    @rx.event
    async def send_code(self, form_data: dict):
        """Step 1: e-mail a code, then step 2 with a 60 s resend countdown. Counted in
        `answered` whatever happens: the browser already shows step 2."""
        try:
            if self.busy or self.step != 1:
                return
            email = form_text(form_data, "email", EMAIL_MAX + 1).strip()
            problem = email_problem(email, self.TEXTS)
            if problem:
                self.error = problem
                return
            self.error = ""
            self.busy = True
            yield
            sent = self._send(email, chosen_language(form_data))
            if not await self._attempt(sent, self.TEXTS.send_error):
                return
            self.email = accounts.normalise_email(email)
            self.step = 2
            countdown = self._start_countdown()
        finally:
            self.answered += 1
        yield countdown

    def _start_countdown(self) -> EventHandler:
        self._resend_at = time.time() + RESEND_SECONDS
        self.resend_seconds = RESEND_SECONDS
        return type(self).run_countdown

    def _code_step_shown(self) -> bool:
        return self.step == 2 and not self.done

    def _back_to_code_step(self) -> EventHandler | None:
        """Back on the code step: the countdown where it would be (it paused meanwhile)."""
        self.resend_seconds = seconds_until(self._resend_at)
        return type(self).run_countdown if self.resend_seconds else None

    @rx.event(background=True)
    async def run_countdown(self):
        """The resend countdown, one second at a time, while the code step is shown; stops
        when the dialog resets."""
        await tick_down(
            self, "resend_seconds", "_ticked_at", shown=lambda state: state._code_step_shown()
        )

    @rx.event
    async def resend_code(self, lang: str = "fr"):
        """Resend, once the countdown is over (the server enforces the wait as well)."""
        if self.busy or self.step != 2 or self.resend_seconds > 0 or not self.email:
            return
        self.error = ""
        self.info = ""
        self.busy = True
        yield
        lang = language_or_default(lang)
        if not await self._attempt(self._send(self.email, lang), self.TEXTS.resend_error):
            return
        self.info = self.TEXTS.key("resent")
        yield [self._start_countdown(), type(self).clear_info_later]

    @rx.event(background=True)
    async def clear_info_later(self):
        """The "code resent" message goes after `resent_seconds`, unless replaced meanwhile."""
        async with self:
            seq = self._seq
            texts = self.TEXTS
        await asyncio.sleep(texts.resent_seconds)
        async with self:
            if self._seq == seq and self.info == texts.key("resent"):
                self.info = ""

    @rx.event
    async def verify_code(self, form_data: dict):
        """Step 2: check the code (never kept), keep the server's proof, then step 3. Counted
        in `answered` whatever happens: the browser already shows step 3."""
        try:
            if self.busy or self.step != 2:
                return
            code = code_digits(form_text(form_data, "code", 64))
            if len(code) != CODE_LENGTH:
                self.error = self.TEXTS.key("errors.codeFormat")
                return
            self.error = ""
            self.info = ""
            self._proof = ""
            self.busy = True
            yield
            if await self._attempt(self._keep_proof(code), self.TEXTS.verify_error):
                self.step = 3
        finally:
            self.answered += 1

    async def _keep_proof(self, code: str) -> None:
        self._proof = await self._verify(code)

    @rx.event(background=True)
    async def finish_after_success(self):
        """`success_seconds` after a success, `_finish` runs, unless the dialog was reset, closed
        or replaced meanwhile."""
        async with self:
            seq = self._seq
            texts = self.TEXTS
        await asyncio.sleep(texts.success_seconds)
        async with self:
            dialogs = await self.get_state(DialogState)
            if self._seq == seq and dialogs.active == texts.flow:
                await self._finish(dialogs)
