"""The websocket's early start moved out of the scripts' own task (issue 21).

Why: Reflex 0.10 opens its socket's transport "while React is still preparing to mount", in a
microtask queued as `utils/state.js` is evaluated. A microtask runs before its task ends, so
setting up socket.io (its manager, engine and `WebSocket`: about 5 ms on a fast host, 20 ms on
a phone at a quarter of that speed) was added to the one task that evaluates every script of the
page. That task then passed the 50 ms a phone's browser counts as a long task, and the last long
task is where Lighthouse puts the time to interactive. Queued as a task of its own
(`setTimeout(…, 0)`), the same start comes a few milliseconds later, still before React has
hydrated and asked for the socket, and neither task is long.
"""

from __future__ import annotations

from typing import Any

import reflex as rx

STATE_JS = "utils/state.js"
_MARK = "/* grocer:socket-warmup-task */"
_WARMUP = """if (typeof window !== "undefined") {
  queueMicrotask(() => {
    if (
      socketStarted ||"""
_ITS_END = """    warmSocket.io.open((error) => {
      if (error) discardWarmSocket();
    });
  });
}"""


def with_warmup_in_its_own_task(source: str) -> str:
    """state.js starting the socket's transport in a task of its own (unchanged when already
    done: the file is compiled again on every run)."""
    if _MARK in source:
        return source
    for anchor in (_WARMUP, _ITS_END):
        if source.count(anchor) != 1:
            raise RuntimeError(f"{STATE_JS} has changed: '{anchor}' is missing (Reflex upgrade?)")
    source = source.replace(
        _WARMUP, f"{_MARK}\n" + _WARMUP.replace("queueMicrotask(() => {", "setTimeout(() => {"), 1
    )
    return source.replace(_ITS_END, _ITS_END.removesuffix("  });\n}") + "  }, 0);\n}", 1)


class SocketWarmupPlugin(rx.plugins.Plugin):
    """Rewrites the compiled state.js before the build."""

    def pre_compile(self, **context: Any) -> None:
        context["add_modify_task"](STATE_JS, with_warmup_in_its_own_task)
