"""The moments of a shopper's session, and who wants to hear of them.

The session (grocer/state/session.py) and the sign-in and sign-up dialogs do not know who
depends on them: the bag, the dialogs and whoever comes next register a hook here for the
moments they care about, at import time, and the session fires the moment. So the session
never names the bag (the bag imports the session, not the reverse) and a new listener is one
registration, not an edit of the session code.

| moment      | fired by                                     | e.g.                              |
|-------------|----------------------------------------------|-----------------------------------|
| `OPENED`    | a page (re)load of the tab, before the check | the bag and the dialogs close     |
| `RESTORED`  | the tab started on a valid (refreshed) session | the bag loads the server bag    |
| `SIGNED_IN` | a sign-in or sign-up just stored its tokens  | the guest bag merges              |
| `ENDED`     | the session ended without a logout (expired, | the bag keeps only what the       |
|             | revoked, refresh refused)                    | server never took                 |
| `LOGGED_OUT`| the shopper logged out                       | the bag leaves the browser        |

A hook is `async def hook(state) -> events`: `state` is the state that fires (any state of
the tab: `await state.get_state(MyState)` reaches the listener's own), and what it returns
(an event, a list of events or None) is returned by the firing handler, in registration order.
Hooks that change vars do so at once, inside the firing handler's delta.
"""

from __future__ import annotations

from collections.abc import Awaitable, Callable
from typing import Any

import reflex as rx

OPENED = "opened"
RESTORED = "restored"
SIGNED_IN = "signed_in"
ENDED = "ended"
LOGGED_OUT = "logged_out"
MOMENTS: tuple[str, ...] = (OPENED, RESTORED, SIGNED_IN, ENDED, LOGGED_OUT)

Hook = Callable[[rx.State], Awaitable[Any]]

_hooks: dict[str, list[Hook]] = {moment: [] for moment in MOMENTS}


def on(moment: str) -> Callable[[Hook], Hook]:
    """Register the decorated hook for `moment` (once, however often its module is read)."""
    if moment not in _hooks:
        raise ValueError(f"unknown session moment {moment!r}")

    def register(hook: Hook) -> Hook:
        known = {(h.__module__, h.__qualname__) for h in _hooks[moment]}
        if (hook.__module__, hook.__qualname__) not in known:
            _hooks[moment].append(hook)
        return hook

    return register


async def fire(moment: str, state: rx.State) -> list[Any]:
    """Run the hooks of `moment` in registration order; the events they ask for, in order."""
    events: list[Any] = []
    for hook in _hooks[moment]:
        found = await hook(state)
        if isinstance(found, list | tuple):
            events.extend(found)
        elif found is not None:
            events.append(found)
    return events
