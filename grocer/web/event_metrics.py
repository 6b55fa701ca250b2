"""The websocket side of the metrics (grocer.web.metrics): each event of a tab counted and timed
from its arrival to the first update sent back for it, labelled by handler.

Why three hooks: Reflex 0.10 calls a middleware's `preprocess` when an event's processing
starts (under the tab's state lock) but never its `postprocess`, so the arrival is taken where
the socket receives the event (`on_event`) and the end where an update leaves for the tab
(`emit_update`), both on the app's event namespace, whose methods the socket server looks up
at each call. None of them changes an event or an update. The hydrate event that a tab sends
with its connection (not through `on_event`) is timed from the start of its processing.
"""

from __future__ import annotations

from typing import Any

from reflex.middleware import Middleware
from reflex_base.constants import RouteVar

from grocer.web.metrics import CONNECTIONS, EventTimer


class EventMetrics(Middleware):
    """The start of each event's processing."""

    def __init__(self, timer: EventTimer) -> None:
        self.timer = timer

    async def preprocess(self, app: Any, state: Any, event: Any) -> None:
        token = (getattr(event, "router_data", None) or {}).get(RouteVar.CLIENT_TOKEN)
        if token:
            self.timer.started(str(token), str(event.name))
        return None


def install_event_metrics(app: Any) -> EventTimer:
    """Time the app's websocket events (see the module's docstring)."""
    timer = EventTimer()
    app.add_middleware(EventMetrics(timer))
    namespace = app.event_namespace
    if namespace is None:  # no websocket (a frontend-only run)
        return timer
    receive, send, disconnect = namespace.on_event, namespace.emit_update, namespace.on_disconnect

    async def on_event(sid: str, data: Any) -> Any:
        token = namespace.sid_to_token.get(sid)
        name = data.get("name") if isinstance(data, dict) else None
        if token and isinstance(name, str):
            timer.arrived(token, name)
        return await receive(sid, data)

    async def emit_update(update: Any, token: str) -> None:
        timer.updated(token)
        await send(update, token)

    def on_disconnect(sid: str, *args: Any) -> Any:  # synchronous, as Reflex's own
        token = namespace.sid_to_token.get(sid)
        if token:
            timer.forget(token)
        return disconnect(sid, *args)

    # The open websockets of this worker: Reflex's own map of the connected tabs.
    CONNECTIONS.set_function(lambda: len(namespace.sid_to_token))
    namespace.on_event = on_event
    namespace.emit_update = emit_update
    namespace.on_disconnect = on_disconnect
    return timer
