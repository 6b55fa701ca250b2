"""Browser-hardening headers on every answer: pages, static files, the API, Reflex's own routes.

A Content-Security-Policy that lets a page run only the shop's own scripts: files from this
origin, and inline scripts whose exact text the shop wrote (a sha256 hash each), so that markup
slipped into a page (a product name, say) can never run. The inline scripts are:

- ours, hashed from the strings that write them: the loading shell's clean-up script
  (grocer.web.loading_shell) and the preview's saved-currency line (grocer.web.preview_html);
- those in the built pages (React Router's context and stream, React's streaming helpers, the
  theme and scroll-restoration lines, the paint-first starter of grocer.web.paint_first, written per
  page at build time): hashed from the built HTML files, re-read when a new build replaces them.

Hashes rather than a nonce: the build is served precompressed (brotli, gzip), and a nonce would
mean decompressing, rewriting and recompressing every page on every request.

No `'unsafe-eval'`. Reflex's runtime (`.web/utils/state.js`, `applyEvent`) calls `eval` only
for: code a backend handler sends (`rx.call_script`; `rx.call_function`, `rx.run_script`,
`rx.console_log` yielded by a handler, whose function arrives as text); `rx.call_script` even
in a page's event chain (its code is a string); any callback given to those (always text); the
upload URL of `rx.download`; dynamic components (`evalReactComponent`). The shop uses none of
them (unit tests keep it so): grocer.components.browser runs browser code compiled into the
page instead. React, React Router and the bundled libraries use no eval or `new Function`.

The page's policy (1.7 KiB with its hashes) goes only where a policy governs something: pages
(HTML) and the service worker's script. Every other answer (scripts, styles, pictures, the API's
JSON) gets `default-src 'none'; frame-ancestors 'none'`: nothing may run or load if one is ever
opened as a document, and a first visit's thirty answers do not each carry the page's policy
(HTTP/1.1 does not compress headers: about 50 KiB on a phone's first visit, issues 21 and 23).
A 304 carries no policy: the browser would merge it into the page it kept.

The header values are built once per build and per Host (the websocket's address is the page's),
so a request only pays a dictionary lookup and a header-list copy.
"""

from __future__ import annotations

import base64
import hashlib
import re
import time
from collections.abc import Iterable
from pathlib import Path
from urllib.parse import urlsplit

from starlette.types import ASGIApp, Message, Receive, Scope, Send

from grocer.web import preview_html
from grocer.web.build import built_pages_dir
from grocer.web.loading_shell import SHELL_HTML

NOTHING_POLICY = "default-src 'none'; frame-ancestors 'none'"
"""The policy of answers that are not pages: they run nothing and are framed nowhere."""
POLICY_TYPES = (b"text/html", b"application/xhtml+xml")
"""Content types whose answers get the page's policy."""
WORKER_PATHS = frozenset({"/sw.js"})
"""Scripts run as workers, whose own answer's policy governs them (the service worker)."""

HSTS = "max-age=31536000"
"""A year; no `includeSubDomains`: the shop cannot know what else runs under its domain."""

FIXED_HEADERS: tuple[tuple[bytes, bytes], ...] = (
    (b"x-content-type-options", b"nosniff"),
    (b"referrer-policy", b"strict-origin-when-cross-origin"),
    (b"x-frame-options", b"DENY"),
)
OWN_HEADERS = frozenset(
    {b"content-security-policy", b"strict-transport-security", *(k for k, _ in FIXED_HEADERS)}
)

SAME_DOMAIN_HOSTNAMES = frozenset({"localhost", "0.0.0.0", "::", "0:0:0:0:0:0:0:0"})
"""Reflex's frontend talks to its backend on the page's own host name when the configured API
address names one of these (SAME_DOMAIN_HOSTNAMES in `.web/utils/state.js`)."""

_SCRIPT = re.compile(r"<script\b([^>]*)>(.*?)</script\s*>", re.S | re.I)
_SRC = re.compile(r"\ssrc\s*=", re.I)
_TYPE = re.compile(r"""\stype\s*=\s*["']?([^"'\s>]*)""", re.I)
_RUN_TYPES = frozenset({"", "module", "text/javascript", "application/javascript"})
"""Script types a browser runs (others, like JSON-LD's application/ld+json, are data blocks the
CSP does not apply to)."""
_NAME = r"(?:[A-Za-z0-9-]+(?:\.[A-Za-z0-9-]+)*\.?|\[[0-9A-Fa-f:.]+\])(?::[0-9]{1,5})?"
_HOST = re.compile(rf"^{_NAME}$")
"""A Host header that can be written into the policy as it is (anything else is left out)."""
_SOURCE_HOST = re.compile(rf"^(?:\*\.)?{_NAME}$")
_BUILD_MARKERS = ("index.html", "__spa-fallback.html")
RECHECK_SECONDS = 1.0
"""How often a request may look whether a new build replaced the pages (one stat or two)."""
_MAX_HOSTS = 64


# --- the policy, as pure functions --------------------------------------------------------


def script_hash(code: str) -> str:
    """The CSP source allowing exactly this inline script (the browser hashes the text as
    parsed: line breaks normalised to LF, UTF-8)."""
    text = code.replace("\r\n", "\n").replace("\r", "\n")
    digest = hashlib.sha256(text.encode("utf-8")).digest()
    return f"'sha256-{base64.b64encode(digest).decode()}'"


def _runs(attrs: str) -> bool:
    found = _TYPE.search(attrs)
    return (found.group(1).strip().lower() if found else "") in _RUN_TYPES


def inline_scripts(html: str) -> list[str]:
    """The text of every inline script of a page that a browser runs (scripts with a `src` are
    files: 'self'; data blocks such as JSON-LD run nothing)."""
    return [
        body
        for attrs, body in _SCRIPT.findall(html)
        if body and not _SRC.search(attrs) and _runs(attrs)
    ]


def own_inline_scripts() -> list[str]:
    """The inline scripts the shop's own code writes into pages as they are served or built."""
    return [*inline_scripts(SHELL_HTML), *inline_scripts(preview_html.wrap("", "", moved=True))]


def built_inline_scripts(pages: Path) -> set[str]:
    """Every inline script of the built pages (none without a build)."""
    scripts: set[str] = set()
    if not pages.is_dir():
        return scripts
    for page in pages.rglob("*.html"):
        try:
            scripts.update(inline_scripts(page.read_text(encoding="utf-8")))
        except (OSError, UnicodeDecodeError):
            continue
    return scripts


def _netloc_source(scheme: str, netloc: str) -> str | None:
    netloc = netloc.rpartition("@")[2]
    return f"{scheme}://{netloc}" if _SOURCE_HOST.match(netloc) else None


def tile_source(tile_url: str) -> str | None:
    """The img-src source of the map's tile server (GROCER_TILE_URL, a Leaflet template);
    None when the tiles come from this origin (a relative URL). A `{s}` subdomain becomes `*.`."""
    parts = urlsplit(tile_url.strip())
    if parts.scheme not in {"http", "https"} or not parts.netloc:
        return None
    labels = parts.netloc.rpartition("@")[2].split(".")
    if any("{" in label for label in labels[1:]):
        return None  # a placeholder past the first label: no CSP source can express it
    if "{" in labels[0]:
        labels[0] = "*"
    return _netloc_source(parts.scheme, ".".join(labels))


def api_sources(api_url: str) -> tuple[list[str], str]:
    """Where the frontend reaches the backend when it is not this origin: (connect-src sources
    for another host, the port to add to the page's host name for the same-domain case)."""
    parts = urlsplit(api_url.strip())
    if parts.scheme not in {"http", "https"} or not parts.hostname:
        return [], ""
    if parts.hostname in SAME_DOMAIN_HOSTNAMES:
        return [], str(parts.port or "")
    socket_scheme = "wss" if parts.scheme == "https" else "ws"
    sources = [_netloc_source(s, parts.netloc) for s in (parts.scheme, socket_scheme)]
    return [s for s in sources if s], ""


def websocket_sources(host: str, api_port: str = "") -> list[str]:
    """The websocket addresses a page served for `host` (the Host header) connects to: the same
    host over ws: and wss: (CSP's 'self' does not cover ws: in every browser), and the host name
    with the configured backend port, or without a port behind TLS (Reflex drops it there)."""
    if not _HOST.match(host):
        return []
    hostname = host.rsplit(":", 1)[0] if not host.endswith("]") else host
    sources = [f"ws://{host}", f"wss://{host}"]
    if api_port:
        sources.append(f"ws://{hostname}:{api_port}")
    sources.append(f"wss://{hostname}")
    return list(dict.fromkeys(sources))


def content_security_policy(
    script_hashes: Iterable[str],
    image_sources: Iterable[str] = (),
    connect_sources: Iterable[str] = (),
) -> str:
    """The policy: own-origin everything, inline scripts only by hash, no plugins, no framing,
    no <base>, forms post only here."""
    directives = {
        "default-src": ["'self'"],
        "script-src": ["'self'", *sorted(set(script_hashes))],
        # Styles may be inline: emotion (Reflex's styling runtime) writes <style> elements as
        # components mount and the loading shell carries its own. A hash or nonce here would
        # switch 'unsafe-inline' off. An injected style can restyle a page, never run code:
        # scripts stay strict (no 'unsafe-inline', no 'unsafe-eval').
        "style-src": ["'self'", "'unsafe-inline'"],
        # Leaflet's CSS carries its control icons as data: images; the map's tiles come from
        # the tile server.
        "img-src": ["'self'", "data:", *dict.fromkeys(image_sources)],
        "connect-src": ["'self'", *dict.fromkeys(connect_sources)],
        # The service worker (/sw.js, grocer.web.service_worker): this origin's only.
        "worker-src": ["'self'"],
        "object-src": ["'none'"],
        "base-uri": ["'none'"],
        "form-action": ["'self'"],
        "frame-ancestors": ["'none'"],
    }
    return "; ".join(f"{name} {' '.join(values)}" for name, values in directives.items())


def is_tls(scope: Scope) -> bool:
    """Whether the browser's request came over TLS. The seam for the trusted-proxy setting
    (GROCER_TRUSTED_PROXY_HOPS): behind a proxy this is where X-Forwarded-Proto, sent by a
    trusted hop, will count; until then only the server's own scheme does."""
    return scope.get("scheme") == "https"


def _host(scope: Scope) -> str:
    for name, value in scope.get("headers") or ():
        if name == b"host":
            return value.decode("latin-1")
    return ""


# --- the middleware -----------------------------------------------------------------------


def _is_page(headers: Iterable[tuple[bytes, bytes]]) -> bool:
    """Whether an answer with these headers is a page (HTML), whose policy is the page's."""
    for name, value in headers:
        if name.lower() == b"content-type":
            return value.split(b";", 1)[0].strip().lower() in POLICY_TYPES
    return False


class SecurityHeaders:
    """ASGI middleware: the hardening headers on every HTTP answer (replacing any an inner
    app set), HSTS only over TLS. Registered last in `api_transformer`, so it wraps the API,
    the page preview, the static files and Reflex's routes."""

    def __init__(
        self,
        app: ASGIApp,
        pages: Path | None = None,
        tile_url: str | None = None,
        api_url: str | None = None,
        recheck_seconds: float = RECHECK_SECONDS,
    ) -> None:
        self.app = app
        self._pages = pages
        self._recheck = recheck_seconds
        if tile_url is None:
            from grocer.settings import get_settings

            tile_url = get_settings().tile_url
        if api_url is None:
            from reflex.config import get_config

            api_url = str(get_config().api_url or "")
        tile = tile_source(tile_url)
        self._images = [tile] if tile else []
        self._api_connect, self._api_port = api_sources(api_url)
        self._own = {script_hash(code) for code in own_inline_scripts()}
        self._hashes: frozenset[str] = frozenset(self._own)
        self._fingerprint: tuple[int, ...] | None = None
        self._checked = float("-inf")
        self._by_host: dict[tuple[str, bool], list[tuple[bytes, bytes]]] = {}

    @property
    def pages(self) -> Path:
        return self._pages if self._pages is not None else built_pages_dir()

    def _build_fingerprint(self, pages: Path) -> tuple[int, ...]:
        marks: list[int] = []
        for name in _BUILD_MARKERS:
            try:
                marks.append((pages / name).stat().st_mtime_ns)
            except OSError:
                marks.append(0)
        return tuple(marks)

    def _refresh(self) -> None:
        """Re-hash the built pages' scripts when a build replaced them (checked once a second)."""
        now = time.monotonic()
        if now - self._checked < self._recheck:
            return
        self._checked = now
        pages = self.pages
        fingerprint = self._build_fingerprint(pages)
        if fingerprint == self._fingerprint:
            return
        built = {script_hash(code) for code in built_inline_scripts(pages)}
        self._hashes = frozenset(self._own | built)
        self._fingerprint = fingerprint
        self._by_host.clear()

    def headers_for(self, host: str, tls: bool, page: bool = True) -> list[tuple[bytes, bytes]]:
        """The headers for an answer to a request for `host` (built once per host): with the
        page's policy for a page (`page`), else with the policy that allows nothing."""
        if not page:
            headers = [(b"content-security-policy", NOTHING_POLICY.encode()), *FIXED_HEADERS]
            if tls:
                headers.append((b"strict-transport-security", HSTS.encode()))
            return headers
        self._refresh()
        key = (host, tls)
        headers = self._by_host.get(key)
        if headers is None:
            connect = [*self._api_connect, *websocket_sources(host, self._api_port)]
            policy = content_security_policy(self._hashes, self._images, connect)
            headers = [(b"content-security-policy", policy.encode("latin-1")), *FIXED_HEADERS]
            if tls:
                headers.append((b"strict-transport-security", HSTS.encode()))
            if len(self._by_host) >= _MAX_HOSTS:  # Host is the client's to choose: stay small
                self._by_host.clear()
            self._by_host[key] = headers
        return headers

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        if scope["type"] != "http":
            await self.app(scope, receive, send)
            return
        host, tls, worker = _host(scope), is_tls(scope), scope.get("path") in WORKER_PATHS

        async def send_with_headers(message: Message) -> None:
            if message["type"] == "http.response.start":
                headers = [
                    (k, v) for k, v in message.get("headers", ()) if k.lower() not in OWN_HEADERS
                ]
                extra = self.headers_for(host, tls, worker or _is_page(headers))
                if message.get("status") == 304:
                    # The browser merges a 304's headers into the answer it kept: that answer
                    # keeps its own policy (a page's must not become the one of non-pages).
                    extra = [(k, v) for k, v in extra if k != b"content-security-policy"]
                headers.extend(extra)
                message = {**message, "headers": headers}
            await send(message)

        await self.app(scope, receive, send_with_headers)
