"""Browser code for handlers, compiled into the page: what the Content-Security-Policy allows.

Reflex runs code that a backend handler sends (`rx.call_script`, or `rx.call_function` /
`rx.run_script` / `rx.console_log` yielded by a handler) with `eval`, and so it does with any
callback given to them, even in a component's event chain (the callback travels as text).
The shop's policy forbids eval (grocer.web.security_headers). So:

- `browser_call(js, handler)`: in a component's event chain, runs `js` (a value or a promise)
  and sends its result to `handler`, all as code of the page;
- `on_each_value(var, events)`: when a handler wants the browser to act, it sets a public var
  to a new value; this element runs `events` each time that value changes (it is re-created
  under a new key), with the var's current value available to them.
"""

from __future__ import annotations

from typing import Any

import reflex as rx
from reflex_base.event import EventHandler, EventSpec
from reflex_base.utils import format
from reflex_base.vars.base import Var, VarData
from reflex_base.vars.function import ArgsFunctionOperation


def browser_call(js: str, handler: EventSpec | EventHandler) -> EventSpec:
    """An event that evaluates `js` in the browser and sends the result to `handler` (its last
    argument), without eval."""
    then = format.format_queue_events(handler, args_spec=lambda result: [result])
    var_data = VarData.merge(
        then._get_all_var_data(),
        *(value._get_all_var_data() for _, value in getattr(handler, "args", ())),
    )
    body = Var(_js_expr=f"Promise.resolve({js}).then({then})", _var_data=var_data)
    return rx.call_function(ArgsFunctionOperation.create((), body))


def mount_hook(*events: Any, key: Var[str] | None = None) -> rx.Component:
    """A hidden element that runs `events` when it mounts: with its parent, and again each
    time `key` changes (React re-creates an element under a new key)."""
    return rx.el.span(
        on_mount=list(events),
        class_name="hidden",
        aria_hidden="true",
        **({"key": key} if key is not None else {}),
    )


def on_each_value(value: Var[Any], *events: Any) -> rx.Component:
    """A hidden element that runs `events` whenever `value` becomes a new truthy value."""
    return rx.cond(value, mount_hook(*events, key=value.to_string()))
