"""The session settings in force on every page of a signed-in shopper: the auto-logout idle
timer and the session watch (grocer/state/settings.py says why; assets/session.js how)."""

from __future__ import annotations

import reflex as rx
from reflex_base.event import EventHandler, no_args_event_spec

from grocer.components.assets import SESSION_JS, asset_component
from grocer.state.session import SessionState
from grocer.state.settings import SESSION_WATCH_MS, SessionWatchState

IdleLogout = asset_component(
    SESSION_JS, "IdleLogout", ms=rx.Var[int], on_idle=EventHandler[no_args_event_spec]
)
"""Calls `on_idle` once after `ms` milliseconds without activity (0: never)."""
SessionWatch = asset_component(
    SESSION_JS, "SessionWatch", ms=rx.Var[int], on_check=EventHandler[no_args_event_spec]
)
"""Calls `on_check` every `ms` milliseconds while visible, and when the tab comes to the front."""


def session_rules() -> rx.Component:
    """Mounted once (grocer.components.overlays), active only while signed in."""
    return rx.cond(
        SessionState.is_authenticated,
        rx.fragment(
            SessionWatch.create(ms=SESSION_WATCH_MS, on_check=SessionWatchState.check),
            rx.cond(
                SessionWatchState.idle_ms > 0,
                IdleLogout.create(
                    ms=SessionWatchState.idle_ms, on_idle=SessionWatchState.idle_logout
                ),
            ),
        ),
    )
