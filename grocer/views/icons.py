"""The shop's icons as SVG paths (24×24, stroke = currentColor): a few paths instead of an icon
library, drawn by grocer.components.icons in the app and by `icon_markup` in HTML the server
writes itself (grocer.web.preview_html)."""

from __future__ import annotations

PATHS: dict[str, tuple[str, ...]] = {
    "bag": (
        "M6 7h12l-1 13H7L6 7Z",
        "M9 7V6a3 3 0 0 1 6 0v1",
    ),
    "menu": ("M4 6h16", "M4 12h16", "M4 18h16"),
    "close": ("M6 6l12 12", "M18 6 6 18"),
    "search": ("M11 18a7 7 0 1 0 0-14 7 7 0 0 0 0 14Z", "m20 20-4-4"),
    "pin": (
        "M12 21s-7-6.2-7-11.5a7 7 0 0 1 14 0C19 14.8 12 21 12 21Z",
        "M12 12.5a2.5 2.5 0 1 0 0-5 2.5 2.5 0 0 0 0 5Z",
    ),
    "chevron-left": ("m15 18-6-6 6-6",),
    "chevron-right": ("m9 18 6-6-6-6",),
    "chevron-down": ("m6 9 6 6 6-6",),
    "chevron-up": ("m18 15-6-6-6 6",),
    "plus": ("M12 5v14", "M5 12h14"),
    "minus": ("M5 12h14",),
    "trash": (
        "M4 7h16",
        "M10 11v6",
        "M14 11v6",
        "M6 7l1 13h10l1-13",
        "M9 7V4h6v3",
    ),
    "heart": ("M12 20s-7-4.4-9-9a5 5 0 0 1 9-3 5 5 0 0 1 9 3c-2 4.6-9 9-9 9Z",),
    "user": ("M12 12a4 4 0 1 0 0-8 4 4 0 0 0 0 8Z", "M4 20a8 8 0 0 1 16 0"),
    "globe": (
        "M12 21a9 9 0 1 0 0-18 9 9 0 0 0 0 18Z",
        "M3 12h18",
        "M12 3a14 14 0 0 1 0 18 14 14 0 0 1 0-18Z",
    ),
    "filter": ("M4 5h16", "M7 12h10", "M10 19h4"),
    "arrow-left": ("M19 12H5", "m12 19-7-7 7-7"),
    "arrow-up": ("M12 19V5", "m5 12 7-7 7 7"),
    "star": ("m12 3 2.8 5.7 6.2.9-4.5 4.4 1 6.2L12 17.3 6.5 20.2l1-6.2L3 9.6l6.2-.9L12 3Z",),
    "bolt": ("M13 2 4 14h7l-1 8 9-12h-7l1-8Z",),
    "leaf": (
        "M5 21c0-9 5-15 15-16-1 10-7 15-15 16Z",
        "M5 21c3-5 6-8 10-11",
    ),
    "refresh": (
        "M20 12a8 8 0 1 1-2.3-5.7",
        "M20 4v5h-5",
    ),
    "wifi-off": (
        "M2 2l20 20",
        "M8.5 16.5a5 5 0 0 1 7 0",
        "M5 12.9a10 10 0 0 1 5.2-2.7",
        "M19 12.9a10 10 0 0 0-3.4-2.2",
        "M12 20h.01",
    ),
    "server": (
        "M4 4h16v6H4z",
        "M4 14h16v6H4z",
        "M8 7h.01",
        "M8 17h.01",
    ),
    "alert": (
        "M12 3 2 20h20L12 3Z",
        "M12 10v4",
        "M12 17h.01",
    ),
    "mail": ("M3 6h18v12H3z", "m3 7 9 6 9-6"),
    "phone": (
        (
            "M5 4h4l2 5-2.5 1.5a11 11 0 0 0 5 5L15 13l5 2v4a2 2 0 0 1-2 2A16 16 0 0 1 3 6a2 2 0 0 "
            "1 2-2Z"
        ),
    ),
    "home": ("M3 11 12 3l9 8", "M5 10v10h14V10"),
    "truck": (
        "M3 6h11v10H3z",
        "M14 10h4l3 3v3h-7",
        "M7 19a2 2 0 1 0 0-4 2 2 0 0 0 0 4Z",
        "M17 19a2 2 0 1 0 0-4 2 2 0 0 0 0 4Z",
    ),
    "eye": (
        "M2 12s3.5-7 10-7 10 7 10 7-3.5 7-10 7S2 12 2 12Z",
        "M12 15a3 3 0 1 0 0-6 3 3 0 0 0 0 6Z",
    ),
    "check": ("m5 12 5 5L20 7",),
    "locate": (
        "M12 2v3",
        "M12 19v3",
        "M2 12h3",
        "M19 12h3",
        "M12 19a7 7 0 1 0 0-14 7 7 0 0 0 0 14Z",
        "M12 15a3 3 0 1 0 0-6 3 3 0 0 0 0 6Z",
    ),
}


def icon_markup(name: str, size: int = 20) -> str:
    """The same icon as SVG markup, for HTML the server writes itself (grocer.web.preview_html)."""
    paths = "".join(f'<path d="{d}"/>' for d in PATHS[name])
    return (
        f'<svg viewBox="0 0 24 24" width="{size}" height="{size}" class="shrink-0" fill="none" '
        'stroke="currentColor" stroke-width="2" stroke-linecap="round" stroke-linejoin="round" '
        f'aria-hidden="true" focusable="false">{paths}</svg>'
    )
