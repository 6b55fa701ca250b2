"""Which pages may open the shop's websocket: the shop's own origin, plus the configured ones.

A browser sends the page's `Origin` with the websocket handshake (and with the long-polling
requests of socket.io). Refusing foreign origins stops another site from driving a shopper's
session from its own page (cross-site websocket hijacking). Reflex passes
`GROCER_ALLOWED_ORIGINS` to python-engineio as a fixed list, so a shop served on another port
or host than that list names (`reflex run --backend-port 3005`, a phone on the LAN address) had
its websocket refused with nothing in the log but engineio's one-time line.

`OriginPolicy` is given to engineio as its `cors_allowed_origins` callable (python-engineio,
4.15 here, calls it with the origin and the request's environ). It accepts:

- the origins of `GROCER_ALLOWED_ORIGINS` (`*` accepts every origin, as before);
- the origin the request itself was sent to: the scheme and the `Host` header of this request
  (same origin only: a page of another site sends its own origin, never ours);
- behind `GROCER_TRUSTED_PROXY_HOPS` proxies, the origin the outermost trusted proxy received:
  its `X-Forwarded-Host` / `X-Forwarded-Proto` entries (the Nth from the right, as for
  `X-Forwarded-For` in grocer.services.client_address). With no trusted proxy these headers
  are ignored: anyone can send them.

Every refusal is logged at WARNING with the origin and the setting to change, once per origin
every ten minutes (a misconfigured proxy or a hostile page must not flood the log).
"""

from __future__ import annotations

import logging
import time
from collections.abc import Iterable, Mapping
from typing import Any
from urllib.parse import urlsplit

log = logging.getLogger(__name__)

_DEFAULT_PORTS = {"http": 80, "https": 443}
_SCHEMES = {"http": "http", "https": "https", "ws": "http", "wss": "https"}
LOG_EVERY_SECONDS = 600.0
_MAX_REMEMBERED = 1000  # distinct refused origins remembered for the log's rate limit


def normalise_origin(origin: str | None) -> str | None:
    """`scheme://host[:port]` in lower case without the scheme's default port, or None when
    `origin` is not an http(s) origin (e.g. "null", which sandboxed pages and files send)."""
    if not origin:
        return None
    try:
        parts = urlsplit(origin.strip())
        port = parts.port
    except ValueError:
        return None
    scheme = _SCHEMES.get(parts.scheme.lower())
    host = parts.hostname
    if scheme is None or not host or parts.path not in ("", "/") or parts.query or parts.username:
        return None
    if ":" in host:  # IPv6 literal
        host = f"[{host}]"
    if port is None or port == _DEFAULT_PORTS[scheme]:
        return f"{scheme}://{host}"
    return f"{scheme}://{host}:{port}"


def _trusted_entry(value: str | None, trusted_hops: int) -> str | None:
    """The entry of a comma-separated forwarding header written by the outermost trusted
    proxy (the `trusted_hops`-th from the right), or None."""
    if trusted_hops <= 0 or not value:
        return None
    entries = [part.strip() for part in value.split(",") if part.strip()]
    if len(entries) < trusted_hops:
        return None
    return entries[-trusted_hops]


def own_origins(
    scheme: str,
    host: str | None,
    forwarded_host: str | None = None,
    forwarded_proto: str | None = None,
    trusted_hops: int = 0,
) -> set[str]:
    """The origins a page of this shop has when it sends this request: the request's own
    `scheme://host`, and with trusted proxies the one the browser used at the outermost proxy."""
    found: set[str] = set()
    if host:
        own = normalise_origin(f"{scheme}://{host.strip()}")
        if own:
            found.add(own)
    outer_host = _trusted_entry(forwarded_host, trusted_hops)
    if outer_host:
        outer_scheme = _trusted_entry(forwarded_proto, trusted_hops) or scheme
        outer = normalise_origin(f"{outer_scheme}://{outer_host}")
        if outer:
            found.add(outer)
    return found


class OriginPolicy:
    """engineio's `cors_allowed_origins` callable: `policy(origin, environ) -> bool`."""

    def __init__(self, allowed: Iterable[str], trusted_hops: int = 0) -> None:
        listed = [origin.strip() for origin in allowed if origin.strip()]
        self.any_origin = "*" in listed
        self.allowed = {n for n in map(normalise_origin, listed) if n}
        self.trusted_hops = trusted_hops
        self._logged: dict[str, float] = {}

    def __call__(self, origin: str | None, environ: Mapping[str, Any] | None = None) -> bool:
        if self.any_origin:
            return True
        environ = environ or {}
        normal = normalise_origin(origin)
        own = self._own(environ)
        if normal is not None and (normal in self.allowed or normal in own):
            return True
        self._warn(origin or "", own)
        return False

    def _own(self, environ: Mapping[str, Any]) -> set[str]:
        scope = environ.get("asgi.scope") or {}
        scheme = _SCHEMES.get(str(scope.get("scheme") or environ.get("wsgi.url_scheme", "http")))
        return own_origins(
            scheme or "http",
            environ.get("HTTP_HOST"),
            environ.get("HTTP_X_FORWARDED_HOST"),
            environ.get("HTTP_X_FORWARDED_PROTO"),
            self.trusted_hops,
        )

    def _warn(self, origin: str, own: set[str]) -> None:
        now = time.monotonic()
        key = origin[:200]
        last = self._logged.get(key)
        if last is not None and now - last < LOG_EVERY_SECONDS:
            return
        if len(self._logged) >= _MAX_REMEMBERED:
            self._logged.clear()
        self._logged[key] = now
        log.warning(
            "Websocket refused: origin %r is neither the shop's own address (%s) nor listed in "
            "GROCER_ALLOWED_ORIGINS. If shoppers reach the shop at that address, add it to "
            "GROCER_ALLOWED_ORIGINS (comma-separated), or behind a reverse proxy set "
            "GROCER_TRUSTED_PROXY_HOPS so that its X-Forwarded-Host counts.",
            key,
            ", ".join(sorted(own)) or "no Host header",
        )


def install_origin_policy(app: Any, allowed: Iterable[str], trusted_hops: int) -> None:
    """Give the app's socket server `OriginPolicy` in place of Reflex's fixed list (kept off
    when Reflex turned origin checks off, i.e. a non-websocket transport)."""
    engine = app.sio.eio
    if engine.cors_allowed_origins == []:
        return
    engine.cors_allowed_origins = OriginPolicy(allowed, trusted_hops)
