"""The tab's icon, written into every page's head as a data address.

Without an icon link the browser asks for /favicon.ico on every first visit: one more request
(2.5 KiB, and the shop's headers with it) queued with the page's first pictures and scripts on
a phone's six connections. The mark is the header's (a white leaf on the green square), drawn
from the same leaf paths; /favicon.ico stays for the tools that ask for it by name.
"""

from __future__ import annotations

from urllib.parse import quote

from grocer.views.icons import PATHS

GREEN = "#16a34a"
"""Tailwind's green-600, the header mark's square."""


def icon_svg() -> str:
    """The mark as a 32 px SVG."""
    paths = "".join(f'<path d="{d}"/>' for d in PATHS["leaf"])
    return (
        '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 32 32">'
        f'<rect width="32" height="32" rx="8" fill="{GREEN}"/>'
        '<g transform="translate(4 4)" fill="none" stroke="#fff" stroke-width="2.2" '
        f'stroke-linecap="round" stroke-linejoin="round">{paths}</g></svg>'
    )


def icon_href() -> str:
    """The mark as a `data:` address (the CSP's img-src allows data:)."""
    return "data:image/svg+xml," + quote(icon_svg(), safe="=:/\"'")
