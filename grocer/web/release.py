"""A tab of one release that reaches a backend of another reloads, once, instead of dying.

During a deployment, old and new workers run side by side, and a tab's websocket may reconnect
to a worker of another release. Reflex 0.10 checks only the shape of the states (a hash sent at
connection; on a mismatch the page reloads once per cooldown, then shows a banner): a release
that changed pages, texts or handlers but not the states' fields passes, and the tab then asks
for chunks and events this worker does not have. So:
- the build names its release: a hash of its hashed asset names (they change with any code),
  written into every page (`<meta name="grocer-release">`) and beside them (`release.txt`);
- the page sends it with each websocket connection (a query parameter, beside Reflex's token);
- a worker whose own release (the build it serves) differs answers with Reflex's own state
  mismatch message, so the tab reloads once and, if it lands on the same mix again, shows
  Reflex's banner with a reload button (its words from the locale files, in the page's
  language) instead of looping.
A page with no release (development) is never checked.
"""

from __future__ import annotations

import hashlib
import logging
import re
from datetime import timedelta
from functools import cache
from pathlib import Path
from typing import Any
from urllib.parse import parse_qs

import reflex as rx
from reflex_base.constants import SocketEvent
from reflex_base.environment import auto_reload_cooldown

from grocer.services.languages import DEFAULT_LANGUAGE, LANGUAGES
from grocer.views.locale_text import label
from grocer.web.build import built_pages_dir, rewrite_pages

log = logging.getLogger(__name__)
_MS = timedelta(milliseconds=1)
_RELEASE_NAME = re.compile(r"[A-Za-z0-9]{1,64}")

RELEASE_FILE = "release.txt"
META = "grocer-release"
STATE_JS = "utils/state.js"

_CREATE_QUERY = "query: { token },"
_RECONNECT_QUERY = "socket.current.io.opts.query = { token: getToken() };"
_BANNER_TEXT = 'banner.append("A new version of this app is available.");'
_BANNER_BUTTON = 'button.textContent = "Reload";'
_MARK = "/* grocer:release */"

#: Read from the page; "" in development, where no page carries one.
_RELEASE_JS = (
    f"{_MARK}const grocerRelease = () => (typeof document !== 'undefined' && "
    f"document.querySelector('meta[name=\"{META}\"]')?.content) || '';\n"
)
BANNER_KEYS = ("common:connection.newVersion", "common:connection.newVersionReload")


def banner_words_code() -> str:
    """The banner's words in the page's language, from the app's locale files (the banner is
    plain DOM, outside i18next): a table of every language, French when the page's is
    missing."""
    rows = (
        f"{lang}: [{', '.join(_js_string(label(key, lang)) for key in BANNER_KEYS)}]"
        for lang in LANGUAGES
    )
    words = "{" + ", ".join(rows) + "}"
    return (
        f"{_MARK}const grocerBannerWords = () => {{const words = {words};"
        "return words[(document.documentElement.lang || '').slice(0, 2)] || "
        f"words['{DEFAULT_LANGUAGE}'];}};\n"
    )


def _js_string(text: str) -> str:
    """A JavaScript string literal in single quotes."""
    return "'" + text.replace("\\", "\\\\").replace("'", "\\'").replace("\n", "\\n") + "'"


def with_release_check(source: str) -> str:
    """state.js sending the page's release with each connection, its new-version banner in the
    page's language (unchanged when already done: the file is compiled again on every run)."""
    if _MARK in source:
        return source
    for anchor in (_CREATE_QUERY, _RECONNECT_QUERY, _BANNER_TEXT, _BANNER_BUTTON):
        if anchor not in source:
            raise RuntimeError(f"{STATE_JS} has changed: '{anchor}' is missing (Reflex upgrade?)")
    source = source.replace(_CREATE_QUERY, "query: { token, release: grocerRelease() },", 1)
    source = source.replace(
        _RECONNECT_QUERY,
        "socket.current.io.opts.query = { token: getToken(), release: grocerRelease() };",
        1,
    )
    source = source.replace(_BANNER_TEXT, "banner.append(grocerBannerWords()[0]);", 1)
    source = source.replace(_BANNER_BUTTON, "button.textContent = grocerBannerWords()[1];", 1)
    first_const = source.index("\nconst ")
    code = _RELEASE_JS + banner_words_code()
    return source[: first_const + 1] + code + source[first_const + 1 :]


def release_of(static_dir: Path) -> str:
    """The release of a build: a hash of its hashed asset names (they change with any code)."""
    names = sorted(p.relative_to(static_dir).as_posix() for p in static_dir.glob("assets/**/*"))
    return hashlib.sha256("\n".join(names).encode()).hexdigest()[:16]


def with_release_meta(html: str, release: str) -> str:
    """The page naming its release at the start of its head (unchanged if it already does)."""
    if f'name="{META}"' in html or "<head>" not in html:
        return html
    return html.replace("<head>", f'<head><meta name="{META}" content="{release}"/>', 1)


@cache
def current_release() -> str:
    """The release this process serves (read once, at the first connection): the build's
    file, or "" when there is none (development, a backend-only worker)."""
    try:
        return (built_pages_dir() / RELEASE_FILE).read_text(encoding="utf-8").strip()
    except OSError:
        return ""


def page_release(query: str) -> str:
    """The release a connecting page names; "" when it names none or not one a build could
    write (letters and digits, at most 64: the name is logged, and comes from the client)."""
    named = parse_qs(query).get("release", [""])[0]
    return named if _RELEASE_NAME.fullmatch(named) else ""


def install_release_check(app: Any) -> None:
    """Answer a connection from a page of another release with Reflex's state mismatch."""
    namespace = app.event_namespace
    if namespace is None:
        return
    connect = namespace.on_connect

    async def on_connect(sid: str, environ: dict, auth: Any = None) -> Any:
        result = await connect(sid, environ, auth)
        page = page_release(environ.get("QUERY_STRING", ""))
        mine = current_release()
        if page and mine and page != mine:
            log.info("a page of release %s connected to release %s: reload", page, mine)
            await namespace.emit(
                str(SocketEvent.STATE_MISMATCH),
                {"backend": mine, "reload_cooldown_ms": auto_reload_cooldown() // _MS},
                to=sid,
            )
        return result

    namespace.on_connect = on_connect


class ReleasePlugin(rx.plugins.Plugin):
    """The release check's two build steps: state.js before the build, pages after."""

    def pre_compile(self, **context: Any) -> None:
        context["add_modify_task"](STATE_JS, with_release_check)

    def post_build(self, **context: Any) -> None:
        static_dir = Path(context["static_dir"])
        release = release_of(static_dir)
        (static_dir / RELEASE_FILE).write_text(release, encoding="utf-8")
        rewrite_pages(static_dir, lambda html: with_release_meta(html, release))
