"""State updates from the server rendered as React transitions (issue 21).

Why: Reflex applies every delta that arrives over the websocket with a plain dispatch, so React
renders it in one uninterruptible task. The hydration's delta of a storefront page (the tree,
the home's sections, the bag) then renders as one long task on a slow phone, and a tap that
lands during it waits for the whole of it. Inside `startTransition` React renders the same
update in slices of a few milliseconds and lets a tap through between them: the same result,
no long task.

A delta that comes with events (a redirect, a script, a focus) stays a plain dispatch: those
events may expect the page to show the delta when they run, and a transition commits later.
"""

from __future__ import annotations

from typing import Any

import reflex as rx

from grocer.web.build import needs_rewrite

STATE_JS = "utils/state.js"
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
          grocerApply();
        } else {
          startTransition(grocerApply);
        }"""


def with_delta_transitions(source: str) -> str:
    """state.js applying a delta without events in a transition (unchanged when already
    done: the file is compiled again on every run)."""
    if not needs_rewrite(source, _MARK, (_IMPORT, _DISPATCH), STATE_JS):
        return source
    source = source.replace(
        _IMPORT,
        'import { startTransition, useCallback, useEffect, useRef, useState } from "react";'
        f"\n{_MARK}",
        1,
    )
    return source.replace(_DISPATCH, _TRANSITION, 1)


class DeltaTransitionPlugin(rx.plugins.Plugin):
    """Rewrites the compiled state.js before the build."""

    def pre_compile(self, **context: Any) -> None:
        context["add_modify_task"](STATE_JS, with_delta_transitions)
