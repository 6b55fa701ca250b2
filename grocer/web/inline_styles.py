"""The global stylesheet written into every built page: a page paints without asking for it.

Why: a page's first paint waits for its render-blocking stylesheet, which the browser asks for
once the HTML is in, over a connection of its own: on slow 4G the product link's paint came
0.55 s after its HTML, on slow 3G 0.8 s (a connection through the link, a round trip, 9 kB).
That stylesheet (Tailwind's output, about 9 kB compressed) is the only one a page starts with,
and every route of the single-page app uses it, so each built page carries it in a `<style>`
and paints as soon as it is parsed. The two `<link>`s React renders for it stay in the page,
where hydration expects them, but are not fetched: the stylesheet `disabled` (a disabled
stylesheet is not fetched, and React does not touch an attribute it did not render), the
preload for no media. The service worker does not precache what is disabled
(grocer.web.service_worker). Measured with the journey bench (tests/bench/journey.py): slow 3G,
product link → its name shown 1.8 → 1.4 s; slow 4G unchanged (1.0–1.1 s: there the page's own
parsing and painting on the slowed CPU were as long as the stylesheet's trip).
"""

from __future__ import annotations

import re
from pathlib import Path
from typing import Any

import reflex as rx

from grocer.web.build import rewrite_pages

MARKER = "data-inline-styles"
"""Attribute of the written `<style>` (a page is rewritten once)."""

_STYLESHEET = re.compile(r'<link href="(?P<href>[^"]+)" rel="stylesheet"[^>]*>')
_PRELOAD = re.compile(r'<link as="style" href="(?P<href>[^"]+)" rel="preload"[^>]*>')
DISABLED = 'disabled=""'
"""Added to the stylesheet's link: a disabled stylesheet is not fetched."""
NO_MEDIA = 'media="not all"'
"""Added to its preload: a preload for no media is not fetched."""
UNFETCHED = re.compile(rf"<link [^>]*\b(?:{DISABLED}|{NO_MEDIA})[^>]*>")
"""A link tag this module left in a page but the browser does not fetch."""


def _with(tag: str, attribute: str) -> str:
    """`tag` (a `<link …>`) with `attribute` added at its end."""
    return f"{tag.removesuffix('>').removesuffix('/').rstrip()} {attribute}/>"


def inline_styles(html: str, stylesheet: str, css: str) -> str:
    """The page with `css` (the text of `stylesheet`, the global stylesheet's URL) in a
    `<style>` where its `<link>` was, that link disabled and its preload for no media;
    unchanged if the page does not link `stylesheet` or was rewritten already."""
    if MARKER in html:
        return html
    link = next((m for m in _STYLESHEET.finditer(html) if m.group("href") == stylesheet), None)
    if link is None:
        return html
    # A `</style` inside the CSS would end the element early; Tailwind's output has none, but
    # a page that cannot be written safely keeps its link.
    if "</style" in css.lower():
        return html
    style = f"<style {MARKER}>{css}</style>"
    html = html[: link.start()] + style + _with(link.group(0), DISABLED) + html[link.end() :]

    def no_media(preload: re.Match[str]) -> str:
        found = preload.group(0)
        return _with(found, NO_MEDIA) if preload.group("href") == stylesheet else found

    return _PRELOAD.sub(no_media, html)


def global_stylesheet(static_dir: Path) -> tuple[str, str] | None:
    """The built global stylesheet's URL and text, or None if the build has none."""
    found = sorted((static_dir / "assets").glob("__reflex_global_styles-*.css"))
    if not found:
        return None
    path = found[-1]
    return f"/assets/{path.name}", path.read_text(encoding="utf-8")


class InlineStylesPlugin(rx.plugins.Plugin):
    """Rewrites the built pages after the production build (before compression and before
    the service worker's list of what to precache)."""

    def post_build(self, **context: Any) -> None:
        static_dir = Path(context["static_dir"])
        found = global_stylesheet(static_dir)
        if found is None:
            return
        url, css = found
        rewrite_pages(static_dir, lambda html: inline_styles(html, url, css))
