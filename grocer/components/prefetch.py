"""Fetch the next checkout step's scripts ahead (issue 23, "Fetch ahead"): React Router's
`PrefetchPageLinks` writes `<link rel="modulepreload">` for a route's modules, so that the
tap that goes there waits for its data only, not for its code (on slow 4G the /checkout and
/payment modules cost 0.6–0.8 s each when fetched after the tap)."""

from __future__ import annotations

import reflex as rx

from grocer.components.assets import MAP_AHEAD_JS, asset_component
from grocer.state.bag import BagState
from grocer.state.checkout import ROUTE as CHECKOUT_ROUTE


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


def checkout_ahead() -> rx.Component:
    """The scripts of the cart overlay's next steps (/checkout and the map picker), fetched
    while a shopper with a bag is on the way there: the bag panel, the overlay itself, and the
    moment an account is created or signed in (the sign-up's 1.2 s success and the 4 s
    welcome: pauses of the spec, and an abandoned sign-up costs no bytes). Fetched once the
    overlay opened, they shared a slow link with the address dialog's first round trips."""
    return rx.cond(BagState.count > 0, rx.fragment(prefetch_page(CHECKOUT_ROUTE), map_ahead()))
