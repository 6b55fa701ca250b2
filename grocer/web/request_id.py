"""A request id on every HTTP answer (`X-Request-ID`) and on every log line written while the
request is served (`grocer.logs`), so that an operator finds a failure's trace from what a
shopper or a client reports.

Why an id from outside is kept only behind a trusted proxy (`GROCER_TRUSTED_PROXY_HOPS` ≥ 1):
nginx sets its own (`$request_id`), so its access log and ours share one id; a client talking
to the shop directly could otherwise pick ids that mix its requests up with someone else's in
the logs. A kept id must look like one (8–64 letters, digits, dots, dashes, underscores).
"""

from __future__ import annotations

import re
import secrets
from contextvars import ContextVar

from starlette.types import ASGIApp, Message, Receive, Scope, Send

from grocer.settings import get_settings

HEADER = b"x-request-id"
REQUEST_ID: ContextVar[str] = ContextVar("grocer_request_id", default="")
_VALID = re.compile(rb"[A-Za-z0-9._-]{8,64}")


def new_id() -> str:
    return secrets.token_hex(8)


def request_id_of(scope: Scope) -> str:
    """The proxy's id when one is trusted and well formed, else a new one."""
    if get_settings().trusted_proxy_hops > 0:
        for name, value in scope.get("headers") or ():
            if name == HEADER and _VALID.fullmatch(value):
                return value.decode("ascii")
    return new_id()


class RequestId:
    """ASGI middleware: the id is chosen, set for the logs, and sent back with the answer."""

    def __init__(self, app: ASGIApp) -> None:
        self.app = app

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        # The API (create_api) carries its own, for when it is served alone; inside the shop,
        # the outer one has already chosen the id.
        if scope["type"] != "http" or REQUEST_ID.get():
            await self.app(scope, receive, send)
            return
        rid = request_id_of(scope)
        header = (HEADER, rid.encode("ascii"))

        async def send_with_id(message: Message) -> None:
            if message["type"] == "http.response.start":
                message = {**message, "headers": [*message.get("headers", ()), header]}
            await send(message)

        token = REQUEST_ID.set(rid)
        try:
            await self.app(scope, receive, send_with_id)
        finally:
            REQUEST_ID.reset(token)
