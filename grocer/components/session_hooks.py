"""Invisible helpers of the session: the leave confirmation, a timer, digit-only inputs.

They live in assets/session.js (a few lines of React each) and are mounted once, by
`grocer.components.overlays.global_overlays`.
"""

from __future__ import annotations

import reflex as rx
from reflex_base.event import EventHandler, no_args_event_spec

from grocer.components.assets import SESSION_JS, asset_component, asset_import

LeaveGuard = asset_component(SESSION_JS, "LeaveGuard", active=rx.Var[bool])
"""While `active` is true, the browser asks before leaving the page."""
Every = asset_component(
    SESSION_JS, "Every", ms=rx.Var[int], on_tick=EventHandler[no_args_event_spec]
)
"""Runs `on_tick` every `ms` milliseconds while mounted."""

_DIGITS_DATA = asset_import(SESSION_JS, "digitsOnly")


def digits_only(max_length: int) -> rx.Var:
    """An onInput handler keeping only digits, cut at `max_length` (as custom_attrs)."""
    return rx.Var(
        _js_expr=f"((e) => digitsOnly(e, {int(max_length)}))",
        _var_data=_DIGITS_DATA,
    )
