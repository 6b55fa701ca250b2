"""The account's settings section (001 §2, §4, §9) and the session rules it sets on every page.

`SettingsState` draws the section: switches, auto-logout, recent logins, language, currency,
timezone, and saves them (the two-factor method is never part of this save: its own panel owns
it). `SessionWatchState` enforces the session settings in every tab of a signed-in shopper:

- auto-logout: the browser's idle timer (assets/session.js `IdleLogout`) calls `idle_logout`
  after the chosen minutes without activity; the normal logout then runs and the sign-in dialog
  opens. The server refuses a refresh past the same time (services.tokens), so a closed tab's
  session ends too.
- the session watch: every SESSION_WATCH_MS while the tab is visible, and at once when it comes
  back to the front, `check` asks the server whether the session is still live (the revocation
  check with its short cache); a session ended elsewhere ("logout from all devices", a password
  reset) ends here and the sign-in dialog opens, without a reload. It is also the spec's
  5-minute expiry check (an expired access token is refreshed, else the session ends).
"""

from __future__ import annotations

import logging
from typing import Any

import reflex as rx

from grocer import testing_switches
from grocer.models.base import utcnow
from grocer.services import accounts, login_records, settings_doc, tokens
from grocer.state import session_events, session_guard
from grocer.state.account import ROUTE, section_of
from grocer.state.auth import AuthState
from grocer.state.currency import CurrencyState
from grocer.state.dialogs import DialogState
from grocer.state.language import LanguageState
from grocer.state.session import MAX_TOKEN_LENGTH, SessionState
from grocer.state.toast import show_toast

logger = logging.getLogger(__name__)

SESSION_WATCH_MS = 15_000
AUTO_LOGOUT_CHOICES: tuple[str, ...] = tuple(
    "never" if m is None else str(m) for m in settings_doc.AUTO_LOGOUT_MINUTES
)
TIMEZONES: tuple[str, ...] = settings_doc.TIMEZONES
SAVED = "settings:toasts.saved"
SAVE_FAILED = "settings:toasts.saveFailed"
LOAD_FAILED = "settings:loadFailed"
LOGOUT_OTHERS_DONE = "settings:security.logoutAllDone"
LOGOUT_OTHERS_FAILED = "settings:security.logoutAllFailed"


def _choice(minutes: int | None) -> str:
    return "never" if minutes is None else str(minutes)


def _session_id(token: str) -> str | None:
    """The session (refresh family) an access token belongs to; None for a bad token."""
    if not token or len(token) > MAX_TOKEN_LENGTH:
        return None
    try:
        return tokens.read_access_token(token).session_id
    except Exception:
        return None


def _login_row(entry: dict[str, Any]) -> dict[str, str]:
    """A sign-in record as the list shows it (texts only)."""
    return {
        "id": str(entry["id"]),
        "when": entry["when"],
        "device": entry["device"],
        "place": entry["place"],
        "current": "1" if entry["current"] else "",
        "failed": "" if entry["success"] else "1",
    }


class SettingsState(rx.State):
    """What the settings section shows and its handlers."""

    loaded: bool = False
    error_key: str = ""
    saving: bool = False
    switches: dict[str, bool] = settings_doc.switches_of(settings_doc.DEFAULT_SETTINGS)
    auto_logout: str = "60"
    timezone: str = settings_doc.DEFAULT_TIMEZONE
    timezone_auto: bool = True
    logins: list[dict[str, str]] = []
    logout_busy: bool = False
    logout_key: str = ""

    @rx.event
    async def load(self):
        """The section is shown: the saved settings and the recent sign-ins."""
        user_id = await session_guard.signed_in_user_id(self)
        if user_id is None:
            return None
        session = await self.get_state(SessionState)
        try:
            document = await session_guard.call(
                settings_doc.get_settings_doc, user_id, as_user=user_id
            )
            logins = await session_guard.call(
                login_records.recent_logins,
                user_id,
                _session_id(session.access_token),
                as_user=user_id,
            )
        except Exception:
            logger.warning("settings: load failed", exc_info=True)
            self.error_key = LOAD_FAILED
            return None
        self._show(dict(document))
        self.logins = [_login_row(entry) for entry in logins]
        self.error_key, self.loaded = "", True
        return None

    def _show(self, document: dict[str, Any]) -> None:
        self.switches = settings_doc.switches_of(document)
        self.auto_logout = _choice(document["session"]["autoLogoutMinutes"])
        region = document["languageAndRegion"]
        self.timezone = region["timezone"]
        self.timezone_auto = bool(region["isTimezoneAutoDetected"])

    @rx.event
    def toggle(self, name: str) -> None:
        if name in self.switches:
            self.switches[name] = not self.switches[name]

    @rx.event
    def set_auto_logout(self, value: str) -> None:
        if value in AUTO_LOGOUT_CHOICES:
            self.auto_logout = value

    @rx.event
    def choose_timezone(self, value: str) -> None:
        """A timezone picked by hand: the auto-detected flag is cleared (001 §4)."""
        if value in TIMEZONES:
            self.timezone, self.timezone_auto = value, False

    @rx.event
    def detect_timezone(self, browser_zone: str) -> None:
        """The globe button: the browser's own timezone when it is one of the list, else the
        default (001 §9), marked auto-detected."""
        zone = browser_zone if isinstance(browser_zone, str) else ""
        self.timezone = zone if zone in TIMEZONES else settings_doc.DEFAULT_TIMEZONE
        self.timezone_auto = True

    async def _payload(self) -> dict[str, Any]:
        """The document to save: the section's values, the site's language and currency
        (switched at once by their selects); never the two-factor method."""
        language = await self.get_state(LanguageState)
        currency = await self.get_state(CurrencyState)
        payload = settings_doc.switches_payload(self.switches)
        payload["session"] = {
            "autoLogoutMinutes": settings_doc.auto_logout_choice(self.auto_logout)
        }
        payload["languageAndRegion"] = {
            "language": language.code,
            "currency": currency.code,
            "isCurrencyAutoDetected": currency.auto_detected,
            "timezone": self.timezone,
            "isTimezoneAutoDetected": self.timezone_auto,
        }
        return payload

    @rx.event
    async def save(self):
        """ "Sauvegarder les paramètres": saved, applied at once, told by a toast (001 §8)."""
        if self.saving:
            return
        self.saving = True
        yield
        user_id = await session_guard.signed_in_user_id(self)
        if user_id is None:
            self.saving = False
            return
        try:
            document = await session_guard.call(
                settings_doc.save_settings_doc, await self._payload(), as_user=user_id
            )
        except Exception:
            logger.warning("settings: save failed", exc_info=True)
            self.saving = False
            yield await show_toast(self, SAVE_FAILED, error=True)
            return
        self._show(dict(document))
        watch = await self.get_state(SessionWatchState)
        watch._apply(document["session"]["autoLogoutMinutes"], just_saved=True)
        self.saving = False
        yield await show_toast(self, SAVED)

    @rx.event
    async def logout_other_devices(self):
        """ "Se déconnecter de tous les appareils": every other session ends at once; this tab
        goes on with fresh tokens."""
        if self.logout_busy:
            return
        self.logout_busy, self.logout_key = True, ""
        yield
        user_id = await session_guard.signed_in_user_id(self)
        session = await self.get_state(SessionState)
        current = _session_id(session.access_token)
        if user_id is None or current is None:
            self.logout_busy, self.logout_key = False, LOGOUT_OTHERS_FAILED
            return
        try:
            pair = await session_guard.call(
                accounts.logout_other_devices, current, utcnow(), as_user=user_id
            )
        except Exception:
            logger.warning("settings: logout of the other devices failed", exc_info=True)
            self.logout_busy, self.logout_key = False, LOGOUT_OTHERS_FAILED
            return
        session._store_tokens(pair.to_json())
        self.logout_busy, self.logout_key = False, LOGOUT_OTHERS_DONE
        yield SettingsState.load


class SessionWatchState(rx.State):
    """The session settings in force in this tab (see the module's docstring)."""

    idle_ms: int = 0  # the auto-logout time; 0: never (or not signed in)

    def _apply(self, minutes: int | None, just_saved: bool = False) -> None:
        self.idle_ms = testing_switches.auto_logout_ms(minutes, just_saved)

    @rx.event
    async def load_rules(self):
        """After a sign-in or a restored session: the account's auto-logout time."""
        user_id = await session_guard.signed_in_user_id(self, refresh=False)
        if user_id is None:
            return
        try:
            document = await session_guard.call(
                settings_doc.get_settings_doc, user_id, as_user=user_id
            )
        except Exception:
            logger.warning("settings: session rules not loaded", exc_info=True)
            return
        self._apply(document["session"]["autoLogoutMinutes"])

    async def _signed_in(self) -> bool:
        session = await self.get_state(SessionState)
        return bool(session.access_token or session.refresh_token)

    @rx.event
    async def check(self):
        """The session watch: a session ended elsewhere ends here, and the sign-in dialog
        opens."""
        if not await self._signed_in():
            return None
        await session_guard.signed_in_user_id(self)
        if await self._signed_in():
            return None
        return DialogState.open_dialog("login")

    @rx.event
    async def idle_logout(self):
        """The idle timer ran out: the normal logout, then the sign-in dialog."""
        if not self.idle_ms or not await self._signed_in():
            return None
        self.idle_ms = 0
        return [AuthState.logout, DialogState.open_dialog("login")]


@session_events.on(session_events.SIGNED_IN)
async def _load_rules_on_sign_in(state: rx.State) -> Any:
    return SessionWatchState.load_rules


@session_events.on(session_events.RESTORED)
async def _load_rules_on_restore(state: rx.State) -> Any:
    return SessionWatchState.load_rules


async def _forget_rules(state: rx.State) -> None:
    (await state.get_state(SessionWatchState)).idle_ms = 0
    settings = await state.get_state(SettingsState)
    settings.loaded, settings.logins, settings.logout_key = False, [], ""


session_events.on(session_events.LOGGED_OUT)(_forget_rules)
session_events.on(session_events.ENDED)(_forget_rules)


@session_events.on(session_events.OPENED)
async def _reload_on_page_load(state: rx.State) -> Any:
    """A (re)loaded page shows the settings as the server has them, not as the tab last did:
    the section waits for a fresh `load` (asked here too, whichever of this and the section's
    own runs first)."""
    settings = await state.get_state(SettingsState)
    settings.loaded = False
    on_settings = section_of(state.router.url.query_parameters) == "settings"
    here = state.router.url.path.rstrip("/") == ROUTE
    return SettingsState.load if here and on_settings else None
