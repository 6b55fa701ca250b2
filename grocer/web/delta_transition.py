"""State updates from the server rendered as React transitions (issue 21).

Why: Reflex applies every delta that arrives over the websocket with a plain dispatch, so React
renders it in one uninterruptible task. The hydration's delta of a storefront page (the tree,
the home's sections, the bag) then renders as one long task on a slow phone, and a tap that
lands during it waits for the whole of it. Inside `startTransition` React renders the same
update in slices of a few milliseconds and lets a tap through between them: the same result,
no long task.

A transition only helps if the components hear the store through React state: Reflex 0.10's
`useStateContext` (utils/context-registry.js) reads it with `useSyncExternalStore`, and React
renders every change of such a store synchronously, transition or not (measured: a 17–18 ms
render in one microtask after the hydration's delta of `/`). So the registry's hook is
rewritten to hold the substate in `useState`, subscribed in a layout effect that also catches a
change made between the render and the subscription.

A delta that comes with events (a redirect, a script, a focus) is rendered at once
(`flushSync`): those events may expect the page to show the delta when they run.
"""

from __future__ import annotations

from typing import Any

import reflex as rx

STATE_JS = "utils/state.js"
REGISTRY_JS = "utils/context-registry.js"
_MARK = "/* grocer:delta-transition */"
_IMPORT = 'import { useCallback, useEffect, useRef, useState } from "react";'
_DISPATCH = """        for (const substate in delta) {
          dispatch[substate](delta[substate]);
        }"""
_TRANSITION = """        const grocerApply = () => {
          for (const substate in delta) {
            dispatch[substate](delta[substate]);
          }
        };
        if (update.events && update.events.length > 0) {
          flushSync(grocerApply);
        } else {
          startTransition(grocerApply);
        }"""


_REGISTRY_IMPORT = """import {
  createContext,
  useContext,
  useMemo,
  useSyncExternalStore,
} from "react";"""
_HOOK = """export function useStateContext(name) {
  const store = useContext(StateStoreContext);
  const [subscribe, getSnapshot] = useMemo(
    () => [
      (listener) => store.subscribe(name, listener),
      () => store.getSnapshot(name) ?? app.initialState?.[name],
    ],
    [store, name],
  );
  return useSyncExternalStore(subscribe, getSnapshot, getSnapshot);
}"""
_STATE_HOOK = """export function useStateContext(name) {
  const store = useContext(StateStoreContext);
  const read = () => store.getSnapshot(name) ?? app.initialState?.[name];
  const [held, setHeld] = useState(() => ({ store, name, value: read() }));
  // A change of store or substate (never in practice) reads the new one at once.
  const value = held.store === store && held.name === name ? held.value : read();
  useLayoutEffect(() => {
    const heard = () => {
      const now = read();
      setHeld((last) =>
        last.store === store && last.name === name && Object.is(last.value, now)
          ? last
          : { store, name, value: now },
      );
    };
    const unsubscribe = store.subscribe(name, heard);
    if (!Object.is(read(), value)) heard(); // a delta applied since this render
    return unsubscribe;
  }, [store, name]);
  return value;
}"""


def with_delta_transitions(source: str) -> str:
    """state.js applying a delta without events in a transition (unchanged when already
    done: the file is compiled again on every run)."""
    if _MARK in source:
        return source
    _check(STATE_JS, source, (_IMPORT, _DISPATCH))
    source = source.replace(
        _IMPORT,
        'import { startTransition, useCallback, useEffect, useRef, useState } from "react";\n'
        f'import {{ flushSync }} from "react-dom";\n{_MARK}',
        1,
    )
    return source.replace(_DISPATCH, _TRANSITION, 1)


def with_state_hook(source: str) -> str:
    """context-registry.js whose `useStateContext` holds the substate in React state, so a
    delta in a transition renders as one (unchanged when already done)."""
    if _MARK in source:
        return source
    _check(REGISTRY_JS, source, (_REGISTRY_IMPORT, _HOOK))
    source = source.replace(
        _REGISTRY_IMPORT,
        'import { createContext, useContext, useLayoutEffect, useState } from "react";\n' + _MARK,
        1,
    )
    return source.replace(_HOOK, _STATE_HOOK, 1)


def _check(path: str, source: str, anchors: tuple[str, ...]) -> None:
    for anchor in anchors:
        if source.count(anchor) != 1:
            raise RuntimeError(f"{path} has changed: '{anchor}' is missing (Reflex upgrade?)")


class DeltaTransitionPlugin(rx.plugins.Plugin):
    """Rewrites the compiled state.js and context-registry.js before the build."""

    def pre_compile(self, **context: Any) -> None:
        context["add_modify_task"](STATE_JS, with_delta_transitions)
        context["add_modify_task"](REGISTRY_JS, with_state_hook)
