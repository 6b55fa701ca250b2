"""What a tap opens, closes, chooses or moves to, shown at once (issue 23; the browser's part is
assets/open_now.js): the bag panel, the cart overlay, the slot list, the slot dialog and its day
and hour, a dialog's next step, the slot dialog's save.

The server still holds each of them (a state var); the page draws the tap's wish until that
var changes (or, for a step, until the state has answered), then the server's value again.
"""

from __future__ import annotations

from urllib.parse import quote

import reflex as rx
from reflex.vars import VarData

from grocer.components.assets import OPEN_NOW_JS, asset_component, asset_import

TOGGLE = None
"""In `open_now_mark`: the opposite of what is shown."""


def dialog_key(name: str) -> str:
    """The key under which the dialog `name` of DialogState ("signup", "auth_prompt") is drawn
    opened or closed at once (`dialog(now_key=...)`)."""
    return f"{name}Dialog"


def open_now_mark(
    wishes: dict[str, bool | None],
    later: dict[str, tuple[bool, float]] | None = None,
    narrower_than: dict[str, int] | None = None,
) -> dict[str, str]:
    """The attribute of a control that opens (True), closes (False) or toggles (TOGGLE) what
    is drawn under these keys: `custom_attrs=open_now_mark({"bagPanel": False, "bagOverlay":
    True})`; `later` opens or closes keys that many seconds after the tap (a dialog switch's
    delay); `narrower_than` keeps a key's wish to screens narrower than that many pixels
    (where the state opens it by itself). Its own event still tells the state."""
    values = {True: "1", False: "0", TOGGLE: "~"}
    narrower = narrower_than or {}

    def part(key: str, open: bool | None, seconds: float = 0) -> str:
        after = f"@{round(seconds * 1000)}" if seconds else ""
        below = f"<{narrower[key]}" if key in narrower else ""
        return f"{key}={values[open]}{after}{below}"

    parts = [part(key, open) for key, open in wishes.items()]
    parts += [part(key, open, seconds) for key, (open, seconds) in (later or {}).items()]
    return {"data-open-now": " ".join(parts)}


def _encoded(value: str | rx.Var[str]) -> str | rx.Var[str]:
    """A value as the mark carries it (URI-encoded: no space can split it)."""
    if isinstance(value, rx.Var):
        expr = f"encodeURIComponent({value})"
        return rx.Var(_js_expr=expr, _var_data=value._get_all_var_data()).to(str)
    return quote(value, safe="")


def value_now_mark(values: dict[str, str | rx.Var[str]]) -> dict[str, str | rx.Var[str]]:
    """The attribute of a control that shows these values at once when tapped:
    `custom_attrs=value_now_mark({"slotDay": day["iso"]})`. Its own event still tells the
    state."""
    parts = [f"{key}=" + _encoded(value) for key, value in values.items()]
    text = parts[0]
    for part in parts[1:]:
        text = text + " " + part
    return {"data-value-now": text}


def value_now_field(key: str) -> dict[str, str]:
    """The attribute of a select whose chosen option is shown under `key` at once."""
    return {"data-value-now-key": key}


def now_hook(name: str, function: str, key: str, *reads: rx.Var) -> VarData:
    """Var data declaring `const {name} = {function}("{key}", ...reads);` (a hook of
    assets/open_now.js) in the body of the component that uses it, after the state contexts
    that `reads` need."""
    call = f'{function}("{key}", {", ".join(str(var) for var in reads)})'
    needs = VarData.merge(*(var._get_all_var_data() for var in reads))
    return VarData.merge(
        asset_import(OPEN_NOW_JS, function), VarData(hooks={f"const {name} = {call};": needs})
    )


def shown_open(key: str, open: rx.Var[bool]) -> rx.Var[bool]:
    """Whether `key` is drawn open: a tap's wish until `open` (the server's) changes, else
    `open` (a hook: for a memo component's body, not inside a list)."""
    name = f"{key}OpenNow"
    data = now_hook(name, "useOpenNow", key, open)
    return rx.Var(_js_expr=name, _var_type=bool, _var_data=data).to(bool)


def shown_value(key: str, value: rx.Var) -> rx.Var[str]:
    """The value drawn under `key` (a string): a tap's or a choice's wish until `value` (the
    server's) changes, else `value` (a hook, as `shown_open`)."""
    name = f"{key}ValueNow"
    data = now_hook(name, "useValueNow", key, value)
    return rx.Var(_js_expr=name, _var_type=str, _var_data=data).to(str)


def step_now_mark(key: str, step: int, ends: str = "") -> dict[str, str]:
    """The attributes of a step form, or of a button that submits step `step` of `key` on its
    own: `shown_step(key, ...)` draws that step from the tap until the state has answered.
    `ends`: the `now_key` of the dialog it closes, whose wishes (an opening drawn before the
    state's had come) end at the tap: the state's `open` rules, not drawn while saving."""
    return {"data-step-now": f"{key}={step}", **({"data-step-ends": ends} if ends else {})}


def shown_step(key: str, step: rx.Var[int], answered: rx.Var[int]) -> rx.Var[int]:
    """The step drawn under `key`: one submitted for (a step form's or a `step_now_mark`
    button's), until the state's count of answered steps (`answered`) has caught up with it,
    else the state's `step` (a hook, as `shown_open`)."""
    name = f"{key}StepNow"
    data = now_hook(name, "useStepNow", key, step, answered)
    return rx.Var(_js_expr=name, _var_type=int, _var_data=data).to(int)


def saving_now(key: str, answered: rx.Var[int]) -> rx.Var[bool]:
    """Whether a save marked `step_now_mark(key, 1)` was tapped and its state has not answered
    it yet (`answered`, the state's count of saves answered): its dialog is drawn closed, and
    what it saves drawn where it shows, meanwhile."""
    return shown_step(key, rx.Var.create(0), answered) == 1


CloseAfter = asset_component(OPEN_NOW_JS, "CloseAfter", now_key=rx.Var[str], ms=rx.Var[int])
"""Draws the dialog `now_key` closed `ms` after it mounts (assets/open_now.js)."""


def close_after(now_key: str, seconds: float) -> rx.Component:
    """Mounted in what a dialog shows before its state closes it after `seconds`: the browser
    closes it on its own clock, without waiting for the state's message."""
    return CloseAfter.create(now_key=now_key, ms=round(seconds * 1000))
