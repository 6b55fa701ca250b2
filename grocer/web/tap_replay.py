"""No lost taps: the script that keeps a tap made before the app is ready, written into every
built page.

Between the first paint and hydration (a second or more on a mid-range phone: the scripts start
after `load`, grocer.web.paint_first) the painted controls do nothing. `tap_replay.js`, beside
this module, catches taps on the controls marked `data-tap` and does them once the app says it is
ready (assets/app_ready.js), and answers the painted quantity stepper of a product page at
once (issue 23); its comments say how. It must run before anything paints, so it is
inlined in `<head>` (a file would cost a request before the first tap can count) with a small
style that shows a caught control waiting. Its sha256 reaches the Content-Security-Policy with
the built pages' other inline scripts (grocer.web.security_headers hashes the built HTML).
"""

from __future__ import annotations

import re
from functools import cache
from pathlib import Path
from typing import Any

import reflex as rx

from grocer.web.build import rewrite_pages

SCRIPT_FILE = Path(__file__).with_name("tap_replay.js")
MARKER = "data-tap-replay"
"""Attribute of the written script (a page gets it once)."""

STYLE = (
    "[data-tap-waiting]{cursor:progress;animation:grocer-tap-wait .8s ease-in-out infinite "
    "alternate}@keyframes grocer-tap-wait{to{opacity:.45}}"
    "@media (prefers-reduced-motion:reduce){[data-tap-waiting]{animation:none;opacity:.6}}"
)
"""A caught control pulses until it is done (steady and dimmed without motion)."""

_COMMENT_LINE = re.compile(r"^\s*//.*\n", re.M)
_INDENT = re.compile(r"^\s+", re.M)


@cache
def script_code() -> str:
    """The script as written into pages: the file without its comment lines and indentation
    (the comments are for readers of the file, not for every page's bytes)."""
    code = SCRIPT_FILE.read_text(encoding="utf-8")
    return _INDENT.sub("", _COMMENT_LINE.sub("", code)).strip()


def markup() -> str:
    """The style and the script, as they go into a page's head."""
    return f"<style>{STYLE}</style><script {MARKER}>{script_code()}</script>"


def add_tap_replay(html: str) -> str:
    """The page with the tap-replay script at the end of its head (unchanged if it has it, or
    has no head)."""
    if MARKER in html or "</head>" not in html:
        return html
    return html.replace("</head>", markup() + "</head>", 1)


class TapReplayPlugin(rx.plugins.Plugin):
    """Writes the script into every built page after the production build (before
    compression)."""

    def post_build(self, **context: Any) -> None:
        rewrite_pages(Path(context["static_dir"]), add_tap_replay)
