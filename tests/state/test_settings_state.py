"""The settings section's handlers and the session rules of every tab (grocer/state/settings.py),
driven as the websocket drives them, on a real database."""

from __future__ import annotations

import asyncio
from typing import Any

import pytest
from sqlmodel import Session

from grocer import testing_switches
from grocer.models import User
from grocer.models.base import utcnow
from grocer.services import accounts, login_records, settings_doc, tokens
from grocer.services.errors import Unauthorized
from grocer.state import session_events
from grocer.state.auth import AuthState
from grocer.state.dialogs import DialogState
from grocer.state.settings import SAVE_FAILED, SAVED, SessionWatchState, SettingsState
from grocer.state.toast import ToastState
from tests.support.state_harness import PASSWORD, add_user, new_tree, run, store_session, sub
from tests.unit.test_settings_rules import SPEC_SWITCHES

pytestmark = pytest.mark.usefixtures("fresh_session_cache")


@pytest.fixture
def alice(db: Session) -> User:
    return add_user(db, "alice")


def _signed_in_tab(db: Session, user: User, device: str = "Chrome · Android") -> Any:
    """A tab holding a session opened by a real sign-in (so it is recorded)."""
    result = accounts.login(db, user.username, PASSWORD, utcnow(), device=device)
    login_records.LATER.wait()
    root = new_tree()
    store_session(root, user, result.tokens)
    return root


def _stored(db: Session, user: User) -> dict[str, Any]:
    db.expire_all()
    return dict(settings_doc.get_settings_doc(db, user, user.id))


def _names(events: list[Any]) -> list[str]:
    found: list[str] = []
    for item in events:
        for event in item if isinstance(item, list) else [item]:
            handler = getattr(event, "handler", None) or getattr(event, "fn", None)
            found.append(getattr(handler, "fn", handler).__qualname__ if handler else repr(event))
    return found


def test_load_shows_the_defaults_and_this_session(db: Session, alice: User) -> None:
    accounts.login(db, "alice", PASSWORD, utcnow(), device="Firefox · Windows")
    root = _signed_in_tab(db, alice)
    state = sub(root, SettingsState)
    run(SettingsState.load, state)
    assert state.loaded
    assert state.switches == SPEC_SWITCHES
    assert (state.auto_logout, state.timezone, state.timezone_auto) == ("60", "Europe/Paris", True)
    assert [(r["device"], r["current"]) for r in state.logins] == [
        ("Chrome · Android", "1"),
        ("Firefox · Windows", ""),
    ]


def test_save_keeps_the_two_factor_method_and_applies_the_idle_time(
    db: Session, alice: User
) -> None:
    root = _signed_in_tab(db, alice)
    assert alice.id is not None  # the method only changes through two-factor's own calls
    settings_doc.store_two_factor_method(db, alice.id, "app")
    db.commit()
    state = sub(root, SettingsState)
    run(SettingsState.load, state)
    run(SettingsState.toggle, state, "push")
    run(SettingsState.toggle, state, "newLogins")
    run(SettingsState.set_auto_logout, state, "never")
    run(SettingsState.set_auto_logout, state, "45")  # not a choice: ignored
    run(SettingsState.choose_timezone, state, "Africa/Ouagadougou")
    run(SettingsState.save, state)
    assert sub(root, ToastState).key == SAVED and not sub(root, ToastState).error
    saved = _stored(db, alice)
    assert saved["notifications"]["push"] is True
    assert saved["security"] == {
        "twoFactorMethod": "app",
        "securityNotifications": {
            "newLogins": False,
            "passwordChanges": True,
            "failedLogins": True,
        },
    }
    assert saved["session"]["autoLogoutMinutes"] is None
    region = saved["languageAndRegion"]
    assert (region["timezone"], region["isTimezoneAutoDetected"]) == ("Africa/Ouagadougou", False)
    assert sub(root, SessionWatchState).idle_ms == 0  # never

    run(SettingsState.set_auto_logout, state, "30")
    run(SettingsState.save, state)
    assert sub(root, SessionWatchState).idle_ms == 30 * 60_000


def test_the_fast_switch_scales_only_a_time_just_saved(monkeypatch: pytest.MonkeyPatch) -> None:
    assert testing_switches.auto_logout_ms(30, just_saved=True) == 30 * 60_000
    monkeypatch.setenv(testing_switches.FAST_AUTO_LOGOUT_ENV, "1")
    assert testing_switches.auto_logout_ms(30, just_saved=True) == 30_000
    assert testing_switches.auto_logout_ms(60) == 60 * 60_000
    assert testing_switches.auto_logout_ms(None, just_saved=True) == 0


def test_a_refused_save_shows_the_error_toast(db: Session, alice: User) -> None:
    root = _signed_in_tab(db, alice)
    state = sub(root, SettingsState)
    run(SettingsState.load, state)
    state.timezone = "Mars/Olympus"  # what a forged delta could hold
    run(SettingsState.save, state)
    toast = sub(root, ToastState)
    assert (toast.key, toast.error) == (SAVE_FAILED, True)
    assert _stored(db, alice)["languageAndRegion"]["timezone"] == "Europe/Paris"
    assert not state.saving


@pytest.mark.parametrize(
    ("browser_zone", "shown"),
    [("Africa/Abidjan", "Africa/Abidjan"), ("Pacific/Fiji", "Europe/Paris"), ("", "Europe/Paris")],
)
def test_the_globe_detects_a_listed_timezone_else_the_default(
    browser_zone: str, shown: str
) -> None:
    state = sub(new_tree(), SettingsState)
    run(SettingsState.choose_timezone, state, "Asia/Tokyo")
    assert not state.timezone_auto
    run(SettingsState.detect_timezone, state, browser_zone)
    assert (state.timezone, state.timezone_auto) == (shown, True)


def test_logout_of_the_other_devices_keeps_this_tab(db: Session, alice: User) -> None:
    other = accounts.login(db, "alice", PASSWORD, utcnow(), device="Safari · iOS").tokens
    root = _signed_in_tab(db, alice)
    old_token = sub(root, AuthState).access_token
    state = sub(root, SettingsState)
    run(SettingsState.logout_other_devices, state)
    assert state.logout_key == "settings:security.logoutAllDone"
    auth = sub(root, AuthState)
    assert auth.access_token and auth.access_token != old_token
    assert tokens.verify_access(db, auth.access_token).user_id == alice.id
    for token in (other.access_token, old_token):
        with pytest.raises(Unauthorized):
            tokens.verify_access(db, token)
    run(SettingsState.load, state)  # what the handler asks next: the message stays
    assert state.logout_key == "settings:security.logoutAllDone"
    assert [(r["device"], r["current"]) for r in state.logins][:2] == [
        ("Chrome · Android", "1"),
        ("Safari · iOS", ""),
    ]


def test_the_watch_ends_a_revoked_session_and_asks_to_sign_in(db: Session, alice: User) -> None:
    root = _signed_in_tab(db, alice)
    watch = sub(root, SessionWatchState)
    assert run(SessionWatchState.check, watch) == [None]  # live: nothing to do
    accounts.logout_all(db, alice, utcnow())
    events = run(SessionWatchState.check, watch)
    assert _names(events) == [DialogState.open_dialog.fn.__qualname__]
    auth = sub(root, AuthState)
    assert auth.access_token == "" and auth.refresh_token == ""


def test_idle_logout_logs_out_then_asks_to_sign_in(db: Session, alice: User) -> None:
    root = _signed_in_tab(db, alice)
    watch = sub(root, SessionWatchState)
    assert run(SessionWatchState.idle_logout, watch) == [None]  # no idle time: never
    watch.idle_ms = 30_000
    events = run(SessionWatchState.idle_logout, watch)
    assert _names(events) == [
        AuthState.logout.fn.__qualname__,
        DialogState.open_dialog.fn.__qualname__,
    ]
    assert watch.idle_ms == 0


def test_a_reloaded_page_waits_for_the_saved_settings(db: Session, alice: User) -> None:
    root = _signed_in_tab(db, alice)
    state = sub(root, SettingsState)
    run(SettingsState.load, state)
    assert state.loaded
    asyncio.run(session_events.fire(session_events.OPENED, sub(root, AuthState)))
    assert not state.loaded  # the section shows its loading text until `load` answers again
