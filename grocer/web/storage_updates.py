"""A move from page to page sends back only the browser-stored values that changed (issue 23).

At every move inside the app, Reflex's frontend sends every client-storage var (the session's
tokens, the bag, the slot, the instructions, the currency: about 4 kB) to
`update_vars_internal`, which sets each one on its state. Setting a var marks it changed even
when it is the value the state already holds, so the answer carried all of them back, with every
computed var that reads them (the session's alone: about 3 kB), to a tab that shows them
already: on a slow link, tenths of a second of every move, ahead of the tap that follows it.

Here a value equal to the one its state holds is not set again; every other value goes through
Reflex's own `_apply_client_storage_vars`, as before. The states end as Reflex would leave them,
and the answer holds what differs. The hydration (`hydrate_and_load`) is left as it is: it
resets the stored vars first, and must set them all.

This leans on a private part of Reflex 0.10 (`_apply_client_storage_vars`);
tests/unit/test_storage_updates.py fails if it changes.
"""

from __future__ import annotations

from typing import Any

from reflex.state import BaseState, State, UpdateVarsInternalState, _apply_client_storage_vars
from reflex_base.constants.state import FIELD_MARKER


async def changed_values(root: BaseState, values: dict[str, Any]) -> dict[str, Any]:
    """The entries of `values` (full var name → the browser's value) that differ from what their
    state holds; a name that is not a client-storage var is kept, for Reflex to judge."""
    changed: dict[str, Any] = {}
    for name, value in values.items():
        state_name, _, var_name = str(name).rpartition(".")
        field = var_name.removesuffix(FIELD_MARKER)
        try:
            state_class = State.get_class_substate(state_name)
        except ValueError:
            changed[name] = value
            continue
        if state_class._is_client_storage(field):
            held = getattr(await root.get_state(state_class), field)
            if held == value:
                continue
        changed[name] = value
    return changed


async def _update_vars_internal(self: UpdateVarsInternalState, vars: dict[str, Any]) -> None:
    if isinstance(vars, dict):
        vars = await changed_values(self, vars)
    await _apply_client_storage_vars(self, vars)


def install() -> None:
    """Put the comparison in place (once, at import of the app)."""
    handler = UpdateVarsInternalState.event_handlers["update_vars_internal"]
    if handler.fn is not _update_vars_internal:
        object.__setattr__(handler, "fn", _update_vars_internal)
