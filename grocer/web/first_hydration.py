"""A page's first hydration carries the page's hashes even when its first connection failed.

Reflex's page sends the hashes of its compiled defaults with the hydration of its first
connection only: a reconnect's page no longer holds the defaults, so it asks for the whole
state. But a retry after a first connection that never connected (a server still starting, a
dropped handshake on a flaky link) is a reconnect to Reflex too, although the page still holds
its defaults. The page then receives the whole state instead of what differs, and the server
cannot tell its hydration from a reconnect's: the session's start, which belongs to a page load
and never to a reconnect (grocer.state.page_start), would not run.

Patched here: the page's hydrations carry the hashes until one connection has connected.
"""

from __future__ import annotations

from typing import Any

import reflex as rx

from grocer.web.build import needs_rewrite

STATE_JS = "utils/state.js"
_MARK = "/* grocer:first-hydration */"
_RECONNECT_HELPER = "  // Set up a reconnect helper function\n"
_RECONNECT_AUTH = "socket.current.auth = bootAuth(false);"
_ON_CONNECT = 'socket.current.on("connect", async () => {\n'


def with_first_hydration(source: str) -> str:
    """state.js sending the hashes until the page has connected once (unchanged when already
    done: the file is compiled again on every run)."""
    anchors = (_RECONNECT_HELPER, _RECONNECT_AUTH, _ON_CONNECT)
    if not needs_rewrite(source, _MARK, anchors, STATE_JS):
        return source
    source = source.replace(
        _RECONNECT_HELPER,
        f"  {_MARK} let grocerConnected = false; // the page's reducers hold its defaults\n"
        + _RECONNECT_HELPER,
    )
    source = source.replace(_RECONNECT_AUTH, "socket.current.auth = bootAuth(!grocerConnected);")
    return source.replace(_ON_CONNECT, _ON_CONNECT + "    grocerConnected = true;\n")


class FirstHydrationPlugin(rx.plugins.Plugin):
    """Writes the change into the compiled state.js before the frontend is built."""

    def pre_compile(self, **context: Any) -> None:
        context["add_modify_task"](STATE_JS, with_first_hydration)
