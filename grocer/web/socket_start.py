"""The websocket's start kept out of the page's big tasks (issue 21).

Why: Reflex 0.10 starts its socket twice over, each time inside a task that is already the
page's longest, and a phone's browser counts a task past 50 ms as a long one (the last long task
is where Lighthouse puts the time to interactive):

- it opens the transport "while React is still preparing to mount", in a microtask queued as
  `utils/state.js` is evaluated: a microtask runs before its task ends, so socket.io's manager,
  engine and `WebSocket` (about 5 ms on a fast host, four times that on a phone) were added to
  the task that evaluates the page's scripts;
- it connects from an effect of its event loop, so the connection and the hydration's first
  event (about 4 ms on a fast host) were added to the task that runs every effect of the
  hydrated page.

Each is queued instead as a task of its own (`setTimeout(…, 0)`): the same start, a few
milliseconds later, and no task is long for it. An event a component sends before then
connects the socket itself, as before.
"""

from __future__ import annotations

from typing import Any

import reflex as rx

from grocer.web.build import needs_rewrite

STATE_JS = "utils/state.js"
_MARK = "/* grocer:socket-start-tasks */"
_WARMUP = """if (typeof window !== "undefined") {
  queueMicrotask(() => {
    if (
      socketStarted ||"""
_WARMUP_END = """    warmSocket.io.open((error) => {
      if (error) discardWarmSocket();
    });
  });
}"""
_CONNECT = """    // Initialize the websocket connection.
    mounted.current = true;
    ensureSocketConnected();
"""


def with_socket_start_tasks(source: str) -> str:
    """state.js starting the socket's transport and connecting it in tasks of their own
    (unchanged when already done: the file is compiled again on every run)."""
    if not needs_rewrite(source, _MARK, (_WARMUP, _WARMUP_END, _CONNECT), STATE_JS):
        return source
    source = source.replace(
        _WARMUP, f"{_MARK}\n" + _WARMUP.replace("queueMicrotask(() => {", "setTimeout(() => {"), 1
    )
    source = source.replace(_WARMUP_END, _WARMUP_END.removesuffix("  });\n}") + "  }, 0);\n}", 1)
    return source.replace(
        _CONNECT,
        _CONNECT.replace("ensureSocketConnected();", "setTimeout(ensureSocketConnected, 0);"),
    )


class SocketStartPlugin(rx.plugins.Plugin):
    """Rewrites the compiled state.js before the build."""

    def pre_compile(self, **context: Any) -> None:
        context["add_modify_task"](STATE_JS, with_socket_start_tasks)
