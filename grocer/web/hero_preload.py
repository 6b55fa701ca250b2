"""The page's first picture asked for from the top of its `<head>`.

Why: the picture a page paints first (its `<img fetchpriority="high">`: the home's banner, a
product's photo) comes after the page's inline stylesheet, some 60 kB of HTML that a phone's
slowed CPU parses before the browser finds the picture: on slow 4G the product photo was asked
for 0.25 s after the HTML was in. A `<link rel="preload" as="image">` at the top of the head names
it with the first bytes. The app's scripts wait for that picture before they are asked for
(grocer.web.paint_first), so the app starts sooner too.

A picture with a `srcset` (the home's banner) is left to the `<img>`: at 390 px the browser
chose the 1200 px file for the preload and the 600 px one for the picture, and fetched both.
"""

from __future__ import annotations

import re

from grocer.web.link_preview import head_start

HERO = 'img[fetchpriority="high"]'
"""The page's first picture, as a CSS selector: the one preloaded here, and the one the app's
scripts wait for (grocer.web.paint_first)."""

_BODY = re.compile(r"<body\b", re.I)
_HERO = re.compile(r"<img\b(?=[^>]*\bfetchpriority=\"high\")[^>]*>", re.I)
_ATTR = re.compile(r'(?<=\s)(src|srcset)="([^"]*)"', re.I)

MARK = "data-hero"
"""Attribute of the preload link (a page gets one)."""


def hero_preload(page: str) -> str:
    """The `<link rel="preload">` tag for the page's first picture, or "" without one."""
    body = _BODY.search(page)
    hero = _HERO.search(page, body.end()) if body else None
    if hero is None:
        return ""
    attrs = {name.lower(): value for name, value in _ATTR.findall(hero.group(0))}
    src = attrs.get("src", "")
    if not src or src.startswith("data:") or "srcset" in attrs:
        return ""
    # The address is copied as the <img> wrote it: already escaped for an attribute.
    return f'<link rel="preload" as="image" fetchpriority="high" {MARK}="" href="{src}">'


def with_hero_preload(page: str) -> str:
    """The page with its first picture preloaded right after its charset; unchanged without
    one, or when it has it already."""
    if f"{MARK}=" in page:
        return page
    tag = hero_preload(page)
    anchor = head_start(page)
    if not tag or anchor is None:
        return page
    return page[: anchor.end()] + tag + page[anchor.end() :]
