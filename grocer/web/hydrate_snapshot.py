"""A tab's hydration reads only the vars that can differ from the page's compiled defaults.

Reflex's `hydrate_and_load` takes a snapshot of the whole tree (`State.dict()`: every var of the
47 states, computed or not) and then drops what equals the defaults compiled into the page
(`_diff_against_initial_state`), for the states whose compiled hashes the page sent match the
backend's. For a new tab almost everything is dropped: the work was reading and serialising 450
defaults to find the few vars that differ (issue 18: a storm of new tabs waits behind it).

Reflex fills a state's fields lazily: a base var absent from the instance's `__dict__` has been
neither read nor written since the state was made, so it holds its class default, which is what
the page was compiled with. (A state loaded from Redis has all its fields, so it takes the full
path by itself.) The snapshot of a state whose hashes match therefore reads only its touched base
vars and all its computed vars (they may read the clock or other states); the diff then runs as
before on what remains, and the result is the same delta. A state whose hashes do not match, or a
hydration without hashes, gets Reflex's own snapshot.

This leans on two private parts of Reflex 0.10 (the snapshot cache and the lazy fields);
tests/unit/test_hydrate_snapshot.py compares the two snapshots' deltas on new and used trees, so
a Reflex upgrade that changes either fails there.

The hashes also tell a page load from a reconnect: the page sends them with the first connection
of its load only (a reconnect's page no longer holds the defaults). The hooks of `on_page_load`
hear of each such hydration (grocer.state.page_start starts the session then, not after a
reconnect).
"""

from __future__ import annotations

import functools
from collections.abc import Awaitable, Callable
from contextvars import ContextVar
from typing import Any

import reflex.state as reflex_state
from reflex.state import BaseState, State
from reflex_base.constants.state import FIELD_MARKER

#: Full names of the states whose compiled defaults the hydrating page holds (its hashes match
#: the backend's); None outside a hydration, or when they cannot be compared.
_MATCHING: ContextVar[frozenset[str] | None] = ContextVar("grocer_hydrate_matching", default=None)

#: Called with the root state at each hydration that comes with a page load (it sent hashes).
_PAGE_LOAD_HOOKS: list[Callable[[State], Awaitable[None]]] = []

_reflex_dict = BaseState.dict
_reflex_hydrate_and_load = State.event_handlers["hydrate_and_load"].fn


def matching_states(hashes: Any) -> frozenset[str] | None:
    """The states whose defaults the page holds, by the hashes it sent; None when the backend's
    own defaults are not computed yet (the first hydration of a process computes them) or the
    page was built for other states (then every state is sent whole, as Reflex does)."""
    cached = reflex_state._initial_snapshot_cache.get(State)
    if (
        cached is None
        or cached.n_state_classes != len(reflex_state.all_base_state_classes)
        or not isinstance(hashes, list)
        or len(hashes) != len(cached.hashes) + 1
        or hashes[0] != cached.names_digest
    ):
        return None
    names = sorted(cached.hashes)
    return frozenset(
        name for name, sent in zip(names, hashes[1:], strict=True) if sent == cached.hashes[name]
    )


def _snapshot(
    self: BaseState, include_computed: bool = True, initial: bool = False, **kwargs: Any
) -> dict[str, Any]:
    """`BaseState.dict`, reading only what can differ from the defaults during a hydration."""
    matching = _MATCHING.get()
    if matching is None or initial or not include_computed or kwargs:
        return _reflex_dict(self, include_computed, initial, **kwargs)
    name = self.get_full_name()
    every_var = name not in matching
    self._mark_dirty_computed_vars()
    touched = vars(self)
    values = {var: self.get_value(var) for var in self.base_vars if every_var or var in touched}
    for var, computed in self.computed_vars.items():
        if not computed._backend:
            values[var] = self.get_value(var)
    own = {var + FIELD_MARKER: values[var] for var in sorted(values)}
    snapshot = {name: own}
    for substate in self.substates.values():
        snapshot.update(substate.dict(include_computed, initial))
    return snapshot


@functools.wraps(_reflex_hydrate_and_load)  # Reflex knows the hydration by its function's name
async def _hydrate_and_load(
    self: State, vars: dict[str, Any] | None = None, hashes: list[str] | None = None
) -> Any:
    """Reflex's `hydrate_and_load`, with the snapshot above for the states the page holds; a
    page load's hydration is announced to the `on_page_load` hooks first."""
    await announce_page_load(self, hashes)
    token = _MATCHING.set(matching_states(hashes) if hashes else None)
    try:
        return await _reflex_hydrate_and_load(self, vars, hashes)
    finally:
        _MATCHING.reset(token)


async def announce_page_load(root: State, hashes: Any) -> None:
    """Tell the `on_page_load` hooks of a hydration that carries a page's hashes."""
    if hashes:
        for hook in _PAGE_LOAD_HOOKS:
            await hook(root)


def on_page_load(hook: Callable[[State], Awaitable[None]]) -> None:
    """Call `hook` with the root state at the hydration of each page load (not a reconnect)."""
    if hook not in _PAGE_LOAD_HOOKS:
        _PAGE_LOAD_HOOKS.append(hook)


def install() -> None:
    """Put the snapshot in place (once, at import of the app)."""
    if BaseState.dict is _snapshot:
        return
    BaseState.dict = _snapshot  # type: ignore[method-assign]
    object.__setattr__(State.event_handlers["hydrate_and_load"], "fn", _hydrate_and_load)
