"""The referral section (001 §2, §4, §5): the code and link, the invitation form, the copy
confirmation and the referral settings; and the friend's code kept from a share link.

Thin: the rules (eligibility, addresses, limit, delay, settings values) are the referral and
settings services'; this state holds what the section shows and message *keys*.
"""

from __future__ import annotations

import asyncio
import logging
import re
from decimal import Decimal
from typing import Any

import reflex as rx

from grocer.models.base import utcnow
from grocer.services import money, referral, referral_codes, settings_doc
from grocer.services.errors import ServiceError
from grocer.state import session_guard

logger = logging.getLogger(__name__)

STORAGE_KEY = "referralCode"  # 001 §3 local storage: the friend's code until sign-up
COPIED_SECONDS = 3.0
NAME_MAX = referral.SENDER_NAME_MAX
EMAILS_MAX = 4000
K_SENT = "referral:invite.sent"
K_SKIPPED = "referral:invite.skipped"
K_SEND_FAILED = "referral:errors.sendFailed"
K_SAVED = "referral:settings.saved"
K_SAVE_FAILED = "referral:errors.saveFailed"
K_LOAD_FAILED = "referral:errors.loadFailed"
_INTEGER = re.compile(r"-?\d{1,6}")


def referral_key(exc: BaseException, default: str) -> str:
    """The section's message key of a refused call: the referral service's own keys map to the
    `referral` namespace ("referral.errors.x" → "referral:errors.x"), anything else `default`."""
    key = exc.key if isinstance(exc, ServiceError) else ""
    if key.startswith("referral."):
        return "referral:" + key.removeprefix("referral.")
    if not isinstance(exc, ServiceError):
        logger.error("referral: unexpected failure", exc_info=exc)
    return default


def delay_value(raw: Any) -> Any:
    """The delay field as typed: a whole number when it is one, else the text itself (the
    settings service refuses it with the spec's message)."""
    text = raw.strip() if isinstance(raw, str) else raw
    return int(text) if isinstance(text, str) and _INTEGER.fullmatch(text) else text


def _text(form_data: dict, name: str, limit: int) -> str:
    value = form_data.get(name)
    return value[:limit] if isinstance(value, str) else ""


class ReferralLinkState(rx.State):
    """A visitor who arrives with `?ref=CODE` keeps the code in the browser until sign-up."""

    referral_code: str = rx.LocalStorage("", name=STORAGE_KEY, sync=True)

    @rx.event
    def keep_code(self) -> None:
        code = referral_codes.normalise_code(self.router.url.query_parameters.get("ref"))
        if code is not None:
            self.referral_code = code

    def code_for_signup(self) -> str | None:
        """The kept code when it still looks like one (the browser may hold anything)."""
        return referral_codes.normalise_code(self.referral_code)


class AccountReferralState(rx.State):
    loaded: bool = False
    load_error: str = ""
    code: str = ""
    link: str = ""
    eligible: bool = False
    sent_this_month: int = 0
    reward_shown: dict[str, str] = {}  # the reward in every display currency
    minimum_shown: dict[str, str] = {}  # the friend's first order minimum, likewise
    rewards_count: int = 0

    invite_busy: bool = False
    invite_error: str = ""
    invite_info: str = ""
    message_params: dict[str, str] = {}
    skipped_info: str = ""
    skipped_count: int = 0
    form_serial: int = 0  # a new value clears the uncontrolled form after a send

    copied: bool = False
    copied_serial: int = 0

    email_notifications: bool = True
    push_notifications: bool = False
    public_profile: bool = False
    shared_statistics: bool = True
    monthly_limit: int = 25
    delay_minutes: int = 5
    settings_busy: bool = False
    settings_message: str = ""
    settings_ok: bool = False

    @rx.event
    async def load(self) -> None:
        """When the section shows: the code, link, counts and the referral settings."""
        user_id = await session_guard.signed_in_user_id(self)
        if user_id is None:
            return
        try:
            data = await session_guard.call(
                referral.get_referral, user_id, utcnow(), as_user=user_id
            )
            document = await session_guard.call(
                settings_doc.get_settings_doc, user_id, as_user=user_id
            )
        except Exception as exc:
            self.load_error = referral_key(exc, K_LOAD_FAILED)
            return
        self._show(data)
        self._show_settings(document["referral"])
        self.load_error = ""
        self.loaded = True

    def _show(self, data: referral.ReferralDict) -> None:
        self.code, self.link, self.eligible = data["code"], data["link"], data["eligible"]
        self.sent_this_month = data["invitationsThisMonth"]
        self.reward_shown = money.format_all(Decimal(data["rewardAmount"]))
        self.minimum_shown = money.format_all(Decimal(data["minimumOrder"]))
        self.rewards_count = len(data["rewards"])

    def _show_settings(self, values: Any) -> None:
        self.email_notifications = bool(values["emailNotifications"])
        self.push_notifications = bool(values["pushNotifications"])
        self.public_profile = bool(values["publicProfile"])
        self.shared_statistics = bool(values["sharedStatistics"])
        self.monthly_limit = int(values["monthlyInvitationLimit"])
        self.delay_minutes = int(values["invitationDelayMinutes"])

    @rx.event
    async def send_invitation(self, form_data: dict):
        """The referral form (001 §3 yourName, emailInvitation): e-mail the link."""
        if self.invite_busy:
            return
        user_id = await session_guard.signed_in_user_id(self)
        if user_id is None:
            return
        self.invite_error = self.invite_info = self.skipped_info = ""
        self.invite_busy = True
        yield
        invitation = referral.Invitation(
            _text(form_data, "emailInvitation", EMAILS_MAX), _text(form_data, "yourName", NAME_MAX)
        )
        try:
            result = await session_guard.call(
                referral.send_invitations, user_id, invitation, utcnow(), as_user=user_id
            )
            data = await session_guard.call(
                referral.get_referral, user_id, utcnow(), as_user=user_id
            )
        except Exception as exc:
            self.invite_busy = False
            self.message_params = {
                name: str(value) for name, value in getattr(exc, "params", {}).items()
            }
            self.invite_error = referral_key(exc, K_SEND_FAILED)
            return
        self._show(data)
        self.message_params = {"count": str(len(result["sent"]))}
        self.invite_info = K_SENT if result["sent"] else ""
        self.skipped_count = len(result["skipped"])
        self.skipped_info = K_SKIPPED if result["skipped"] else ""
        if result["sent"]:
            self.form_serial += 1
        self.invite_busy = False

    @rx.event
    def copy_link(self):
        """001 §4: the page has put the link on the clipboard; "Lien copié !" for a moment."""
        if not self.link:
            return None
        self.copied = True
        self.copied_serial += 1
        return AccountReferralState.forget_copied(self.copied_serial)

    @rx.event(background=True)
    async def forget_copied(self, serial: int) -> None:
        await asyncio.sleep(COPIED_SECONDS)
        async with self:
            if self.copied_serial == serial:
                self.copied = False

    @rx.event
    def toggle(self, name: str) -> None:
        if name in _TOGGLES:
            setattr(self, name, not getattr(self, name))
            self.settings_message = ""

    @rx.event
    async def save_settings(self, form_data: dict):
        """The referral settings, saved in the settings document (its rules check them)."""
        if self.settings_busy:
            return
        user_id = await session_guard.signed_in_user_id(self)
        if user_id is None:
            return
        self.settings_message = ""
        self.settings_busy = True
        yield
        limit = _text(form_data, "monthlyInvitationLimit", 6)
        payload = {
            "emailNotifications": self.email_notifications,
            "pushNotifications": self.push_notifications,
            "publicProfile": self.public_profile,
            "sharedStatistics": self.shared_statistics,
            "monthlyInvitationLimit": int(limit) if limit.isdigit() else limit,
            "invitationDelayMinutes": delay_value(form_data.get("invitationDelayMinutes")),
        }
        try:
            document = await session_guard.call(
                settings_doc.save_settings_doc, {"referral": payload}, as_user=user_id
            )
        except Exception as exc:
            self.settings_busy = False
            self.settings_ok = False
            self.settings_message = referral_key(exc, K_SAVE_FAILED)
            return
        self._show_settings(document["referral"])
        self.settings_ok = True
        self.settings_message = K_SAVED
        self.settings_busy = False


_TOGGLES = ("email_notifications", "push_notifications", "public_profile", "shared_statistics")
