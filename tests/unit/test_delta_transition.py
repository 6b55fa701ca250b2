"""Server deltas applied as React transitions (grocer.web.delta_transition), on the state.js
that Reflex actually ships; the pages' behaviour with it is the whole browser suite."""

from __future__ import annotations

from pathlib import Path

import pytest
import reflex_base

from grocer.web.delta_transition import with_delta_transitions

SHIPPED = Path(reflex_base.__file__).parent / ".templates" / "web" / "utils" / "state.js"


def test_a_delta_without_events_is_applied_in_a_transition() -> None:
    code = with_delta_transitions(SHIPPED.read_text(encoding="utf-8"))
    assert 'import { startTransition, useCallback, useEffect, useRef, useState } from "react";' in (
        code
    )
    handler = code[code.index('socket.current.on("event"') :]
    handler = handler[: handler.index('socket.current.on("new_token"')]
    # The reducers run inside the transition, and only for a delta that brings no events.
    assert "startTransition(grocerApply);" in handler
    assert handler.index("update.events && update.events.length > 0") < handler.index(
        "startTransition(grocerApply)"
    )
    assert handler.count("dispatch[substate](delta[substate]);") == 1
    # Browser storage and the queued events are handled as before, after the state.
    assert handler.index("startTransition") < handler.index("applyClientStorageDelta")
    assert with_delta_transitions(code) == code  # compiled again: unchanged


def test_a_changed_reflex_script_stops_the_build() -> None:
    changed = SHIPPED.read_text(encoding="utf-8").replace(
        "dispatch[substate](delta[substate]);", "dispatch[substate]?.(delta[substate]);"
    )
    with pytest.raises(RuntimeError, match="Reflex upgrade"):
        with_delta_transitions(changed)
