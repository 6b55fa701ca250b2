"""Reading a submitted form: what the browser sends is checked before any state uses it.

A form's `on_submit` hands its handler a dict built by the browser; any client can send any
value under any name. These helpers return the expected type or an empty value, cut at the
field's limit, so that a handler never stores or forwards more than it should.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

#: What a password field may carry at most (longer input is cut, never stored).
PASSWORD_MAX = 256


def form_text(form: Mapping[str, Any], name: str, limit: int) -> str:
    """A text field of a submitted form: anything but text is empty; cut at `limit`."""
    value = form.get(name) if isinstance(form, Mapping) else None
    return value[:limit] if isinstance(value, str) else ""


def form_checked(form: Mapping[str, Any], name: str) -> bool:
    """A checkbox of a submitted form (the browser sends "on", Reflex may send a bool)."""
    value = form.get(name) if isinstance(form, Mapping) else None
    return value is True or (isinstance(value, str) and value.lower() in {"on", "true", "1"})
