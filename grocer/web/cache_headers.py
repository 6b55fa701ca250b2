"""Cache lifetimes for the built frontend's files.

Reflex serves the production build with no Cache-Control at all, so a returning shopper's
browser revalidates every script and image on each visit: a dozen round trips on a weak
mobile connection. Files under `/assets/` carry a content hash in their name (a new build gives
new names), so they can be kept for a year; images, translations and the favicon keep their
names across builds, so they get a short lifetime and are revalidated after it. Pages and the
API are left alone (pages must always show the current build; API answers are not cacheable).
The service worker's script (`/sw.js`, grocer.web.service_worker) keeps its name across builds
and must be checked on every visit, or a shopper would keep an old build's worker: no-cache.
"""

from __future__ import annotations

from starlette.types import ASGIApp, Message, Receive, Scope, Send

IMMUTABLE = "public, max-age=31536000, immutable"
SHORT = "public, max-age=3600"
NO_CACHE = "no-cache"

HASHED_PREFIXES: tuple[str, ...] = ("/assets/",)
STABLE_PREFIXES: tuple[str, ...] = ("/img/", "/locales/", "/leaflet/", "/favicon.ico")
REVALIDATED_PATHS: frozenset[str] = frozenset({"/sw.js"})


def cache_control_for(path: str) -> str | None:
    """The Cache-Control value for a static path, or None to leave the answer untouched."""
    if path in REVALIDATED_PATHS:
        return NO_CACHE
    if path.startswith(HASHED_PREFIXES):
        return IMMUTABLE
    if path.startswith(STABLE_PREFIXES):
        return SHORT
    return None


class StaticCacheHeaders:
    """ASGI middleware adding Cache-Control to successful GET answers for static files."""

    def __init__(self, app: ASGIApp) -> None:
        self.app = app

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        if scope["type"] != "http" or scope.get("method") not in {"GET", "HEAD"}:
            await self.app(scope, receive, send)
            return
        value = cache_control_for(scope.get("path", ""))
        if value is None:
            await self.app(scope, receive, send)
            return

        async def send_with_cache(message: Message) -> None:
            if message["type"] == "http.response.start" and message["status"] in {200, 304}:
                headers = [
                    (k, v) for k, v in message.get("headers", []) if k.lower() != b"cache-control"
                ]
                headers.append((b"cache-control", value.encode()))
                message = {**message, "headers": headers}
            await send(message)

        await self.app(scope, receive, send_with_cache)
