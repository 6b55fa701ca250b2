"""The catalogue every page shows: the category tree (bar and drawer), home sections and
promotions. Thin: the rules are in grocer.services.catalogue, the rows' shapes in
grocer.views.catalogue.

The category tree is cached in the browser for 15 minutes under localStorage
`nav_categories_v1` = {"data": [...], "savedAt": <ms>} (spec 001 §3, §9). `savedAt` is written
by the server's clock and checked by it, so a wrong client clock cannot keep a stale tree.
"""

from __future__ import annotations

import json
import logging
import time

import reflex as rx

from grocer import testing_switches
from grocer.services import catalogue
from grocer.state import session_guard
from grocer.views.catalogue import (
    HomeSection,
    NavNode,
    PromoView,
    nav_node,
    promo_view,
    section_view,
    valid_nav,
)

log = logging.getLogger(__name__)

NAV_CACHE_KEY = "nav_categories_v1"
NAV_CACHE_MS = 15 * 60 * 1000


class CatalogueState(rx.State):
    """Category bar / drawer, home sections and banner promotions."""

    nav: list[NavNode] = []
    nav_loaded: bool = False
    nav_cache: str = rx.LocalStorage("", name=NAV_CACHE_KEY)

    home_sections: list[HomeSection] = []
    home_loading: bool = True
    home_error: bool = False
    promotions: list[PromoView] = []
    express: bool = False

    @rx.event
    def toggle_express(self) -> None:
        """The filter menu's EXPRESS toggle (its only state, kept for the tab)."""
        self.express = not self.express

    @rx.event
    async def load_nav(self) -> None:
        """Categories for the bar: from the 15-minute browser cache, else from the catalogue."""
        if self.nav_loaded:
            return
        now = int(time.time() * 1000)
        try:
            cached = json.loads(self.nav_cache) if self.nav_cache else None
        except ValueError:
            cached = None
        if (
            isinstance(cached, dict)
            and isinstance(cached.get("savedAt"), int)
            and 0 <= now - cached["savedAt"] < NAV_CACHE_MS
            and valid_nav(cached.get("data"))
            and cached.get("data")
        ):
            self.nav = cached["data"]
            self.nav_loaded = True
            return
        try:
            tree = await session_guard.call(catalogue.category_tree)
        except Exception:  # spec 001 §8: a failed categories load gives an empty list
            log.exception("categories load failed")
            self.nav = []
            self.nav_loaded = True
            return
        self.nav = [nav_node(c) for c in tree if isinstance(c, dict) and "id" in c]
        self.nav_loaded = True
        self.nav_cache = json.dumps({"data": self.nav, "savedAt": now}, separators=(",", ":"))

    @rx.event
    async def load_home(self):
        """Home: sections with articles by displayOrder, and the banner promotions."""
        self.home_error = False
        if not self.home_sections:
            # first visit: skeletons of the final size; later visits refresh in place
            self.home_loading = True
            yield
        try:
            testing_switches.refuse_catalogue_load("sections")
            found = await session_guard.call(catalogue.sections, articles_only=True, active=True)
            promos = await session_guard.call(catalogue.banner_promotions)
        except Exception:
            log.exception("home sections load failed")
            self.home_sections = []
            self.home_error = True
            self.home_loading = False
            return
        views = [section_view(s) for s in found if isinstance(s, dict) and s.get("id") is not None]
        self.home_sections = [v for v in views if v["articles"]]
        self.promotions = [promo_view(p) for p in promos if isinstance(p, dict)]
        self.home_loading = False
