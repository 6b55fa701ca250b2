"""Fetch the next checkout step's scripts ahead (issue 23, "Fetch ahead"): React Router's
`PrefetchPageLinks` writes `<link rel="modulepreload">` for a route's modules, so that the
tap that goes there waits for its data only, not for its code (on slow 4G the /checkout and
/payment modules cost 0.6–0.8 s each when fetched after the tap)."""

from __future__ import annotations

import reflex as rx

from grocer.components.assets import MAP_AHEAD_JS, asset_component


class PrefetchPageLinks(rx.Component):
    """React Router's prefetch of one route's modules (renders only `<link>` elements)."""

    library = "react-router"
    tag = "PrefetchPageLinks"

    page: rx.Var[str]


def prefetch_page(route: str) -> rx.Component:
    """The scripts of `route`, fetched while this element is shown."""
    return PrefetchPageLinks.create(page=route)


MapAhead = asset_component(MAP_AHEAD_JS, "MapAhead")
"""Leaflet and the map helpers, fetched when this mounts (assets/map_ahead.js)."""


def map_ahead() -> rx.Component:
    """The map picker's scripts, fetched while this element is shown (the picker may be the
    next tap: the cart overlay's address, the address dialog)."""
    return MapAhead.create()
