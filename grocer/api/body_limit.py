"""Refuse request bodies over 1 MB with 413 before anything parses them (ASGI middleware).

Why: without a limit a client could make the server read, buffer and JSON-decode any amount of
data. No request of the shop needs more than a few kilobytes, except a back-office picture
(grocer.services.admin.pictures: 5 MB): its REST routes and Reflex's upload route (`/_upload`,
how the back-office's page sends a file) may carry PICTURE_BODY_BYTES, and no other path.

A declared `Content-Length` over the limit is answered at once, without reading the body. A body
without one (chunked) is counted as it streams in: past the limit the application's next read
fails and, whatever the application then does with that failure, the client receives the 413
(the answer is replaced as long as nothing was sent yet). Websockets and lifespan events pass
through untouched, and so does everything a GET sends (it has no body to count).
"""

from __future__ import annotations

import json
import re

from starlette.exceptions import HTTPException
from starlette.types import ASGIApp, Message, Receive, Scope, Send

from grocer.services.admin.pictures import MAX_BYTES as PICTURE_BYTES
from grocer.services.admin.pictures import PictureTooLarge

MAX_BODY_BYTES = 1024 * 1024
MESSAGE = "Requête trop volumineuse : 1 Mo au plus"
KEY = "errors.payloadTooLarge"
#: The paths that carry one picture: a picture at the limit, and the multipart form around it.
PICTURE_PATHS = re.compile(
    r"^(/_upload|/api/v1/admin/(articles|categories|sections|promotions)/[^/]+/picture)/?\Z"
)
PICTURE_BODY_BYTES = PICTURE_BYTES + 64 * 1024


class BodyTooLarge(HTTPException):
    """Raised by `receive` when a streamed body passes the limit (a 413 for Starlette)."""

    def __init__(self) -> None:
        super().__init__(status_code=413, detail=MESSAGE)


def _too_large_body(message: str = MESSAGE, key: str = KEY) -> bytes:
    return json.dumps({"message": message, "key": key}, ensure_ascii=False).encode()


def limit_for(path: str, default: int) -> tuple[int, bytes]:
    """The byte limit of a path's body, and the answer's body past it."""
    if PICTURE_PATHS.match(path):
        return PICTURE_BODY_BYTES, _too_large_body(PictureTooLarge.message, PictureTooLarge.key)
    return default, _too_large_body()


async def send_too_large(send: Send, body: bytes | None = None) -> None:
    body = body or _too_large_body()
    await send(
        {
            "type": "http.response.start",
            "status": 413,
            "headers": [
                (b"content-type", b"application/json"),
                (b"content-length", str(len(body)).encode()),
                (b"connection", b"close"),
            ],
        }
    )
    await send({"type": "http.response.body", "body": body})


def _declared_length(scope: Scope) -> int | None:
    """The Content-Length header as a number; None when absent (or not a number: the server
    refuses those itself)."""
    for name, value in scope.get("headers", ()):
        if name == b"content-length":
            try:
                return int(value)
            except ValueError:
                return None
    return None


class BodyLimit:
    """ASGI middleware: 413 {message, key} for a body over `max_bytes`."""

    def __init__(self, app: ASGIApp, max_bytes: int = MAX_BODY_BYTES) -> None:
        self.app = app
        self.max_bytes = max_bytes

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        if scope["type"] != "http":
            await self.app(scope, receive, send)
            return
        max_bytes, refusal = limit_for(scope.get("path", ""), self.max_bytes)
        declared = _declared_length(scope)
        if declared is not None and declared > max_bytes:
            await send_too_large(send, refusal)
            return
        received = 0
        exceeded = False
        started = False

        async def counting_receive() -> Message:
            nonlocal received, exceeded
            message = await receive()
            if message["type"] == "http.request":
                received += len(message.get("body", b""))
                if received > max_bytes:
                    exceeded = True
                    raise BodyTooLarge()
            return message

        async def guarded_send(message: Message) -> None:
            nonlocal started
            if exceeded:  # the application answered after the failed read: ours replaces it
                if not started:
                    started = True
                    await send_too_large(send, refusal)
                return
            if message["type"] == "http.response.start":
                started = True
            await send(message)

        try:
            await self.app(scope, counting_receive, guarded_send)
        except BodyTooLarge:
            if not started:
                await send_too_large(send, refusal)
