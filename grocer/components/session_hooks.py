"""Invisible helpers of the session: the leave confirmation, a timer, digit-only inputs.

They live in assets/session.js (a few lines of React each) and are mounted once, by
`grocer.components.overlays.global_overlays`.
"""

from __future__ import annotations

import reflex as rx
from reflex.vars import VarData
from reflex_base.event import EventHandler, no_args_event_spec
from reflex_base.utils.imports import ImportVar

LIBRARY = "$/public/session.js"


class LeaveGuard(rx.Component):
    """While `active` is true, the browser asks before leaving the page."""

    library = LIBRARY
    tag = "LeaveGuard"
    active: rx.Var[bool]


class Every(rx.Component):
    """Runs `on_tick` every `ms` milliseconds while mounted."""

    library = LIBRARY
    tag = "Every"
    ms: rx.Var[int]
    on_tick: EventHandler[no_args_event_spec]


_DIGITS_DATA = VarData(imports={LIBRARY: [ImportVar(tag="digitsOnly")]})


def digits_only(max_length: int) -> rx.Var:
    """An onInput handler keeping only digits, cut at `max_length` (as custom_attrs)."""
    return rx.Var(
        _js_expr=f"((e) => digitsOnly(e, {int(max_length)}))",
        _var_data=_DIGITS_DATA,
    )
