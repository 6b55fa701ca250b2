"""Production pages talk to the backend at the origin that served them, port included.

Reflex bakes the backend's address (`api_url`, `http://localhost:<backend port>`) into the
built scripts and, in the browser, replaces only its host name by the page's: the port stays
the build's. A page built on port 3000 but served through nginx on 8080, or by a worker on
another port (several workers behind a proxy, grocer.scaled), would open its websocket on 3000
and find nothing there. In production the pages and the backend always share an origin (Reflex
serves them on one port; a proxy puts them behind one), so a production build uses the page's
own protocol, host and port whenever `api_url` names this machine. A development build (Vite on
one port, the backend on another) keeps Reflex's rule, and so does an `api_url` naming another
host.
"""

from __future__ import annotations

import re
from typing import Any

import reflex as rx

STATE_JS = "utils/state.js"
BEGIN = "/* grocer:own-origin */"
END = "/* /grocer:own-origin */"
ANCHOR = "const endpoint = new URL(url_str);"

_BLOCK = re.compile(re.escape(BEGIN) + r".*?" + re.escape(END), re.S)


def own_origin_code(production: bool) -> str:
    """The lines put after the endpoint is parsed: in production, a same-machine endpoint
    becomes the page's origin (ws/wss and http/https kept apart)."""
    if not production:
        return f"{BEGIN}{END}"
    return (
        f"{BEGIN}"
        'if (typeof window !== "undefined" && SAME_DOMAIN_HOSTNAMES.includes(endpoint.hostname)) {'
        'const secure = window.location.protocol === "https:";'
        'const socket = endpoint.protocol === "ws:" || endpoint.protocol === "wss:";'
        'endpoint.protocol = socket ? (secure ? "wss:" : "ws:") : (secure ? "https:" : "http:");'
        "endpoint.host = window.location.host;"
        "return endpoint;}"
        f"{END}"
    )


def with_own_origin(source: str, production: bool) -> str:
    """state.js with the rule for this build; a rule of an earlier build is replaced (the file
    is compiled again on every run, in development and production alike)."""
    code = own_origin_code(production)
    if BEGIN in source:
        return _BLOCK.sub(lambda _match: code, source, count=1)
    if ANCHOR not in source:
        raise RuntimeError(f"{STATE_JS} has changed: '{ANCHOR}' is not in it (Reflex upgrade?)")
    return source.replace(ANCHOR, f"{ANCHOR}\n  {code}", 1)


def is_production_build() -> bool:
    from reflex_base import constants
    from reflex_base.environment import environment

    return environment.REFLEX_ENV_MODE.get() == constants.Env.PROD


class OwnOriginPlugin(rx.plugins.Plugin):
    """Writes the rule into the compiled state.js before the frontend is built."""

    def pre_compile(self, **context: Any) -> None:
        production = is_production_build()
        context["add_modify_task"](STATE_JS, lambda source: with_own_origin(source, production))
