"""The catalogue every page shows: the category tree (bar and drawer), home sections and
promotions. Thin: the rules are in grocer.services.catalogue, the rows' shapes in
grocer.views.catalogue.

The category tree, the home sections and the banner come from the catalogue's shared cache
(grocer.services.catalogue_cache, kept fresh by the catalogue version; the same entries as
the API's), not from the database: each new tab asked for them. The browser keeps its own
copy of the tree under localStorage `nav_categories_v1` = {"data": [...], "savedAt": <ms>,
"lang": ...} (spec 001 §3, §9), written in the browser from the tab's tree
(grocer.components.nav_cache). It is not a Reflex `LocalStorage` var on purpose: those travel
up with every page load's first message, and this one is 16 kB — a third of a second on a
slow 3G link before the first tap could be answered.
"""

from __future__ import annotations

import logging
import time
from functools import partial
from typing import Any

import reflex as rx

from grocer import testing_switches
from grocer.services import catalogue
from grocer.services.catalogue_cache import cached_shape
from grocer.services.languages import DEFAULT_LANGUAGE, supported_language
from grocer.state.language import router_language
from grocer.views.catalogue import (
    HomeSection,
    NavNode,
    PromoView,
    nav_node,
    promo_view,
    section_view,
)

log = logging.getLogger(__name__)

NAV_CACHE_KEY = "nav_categories_v1"


def nav_views(tree: Any) -> list[NavNode]:
    """The bar's categories, built once per cached tree (catalogue_cache.cached_shape)."""
    return [nav_node(c) for c in tree if isinstance(c, dict) and "id" in c]


def home_views(found: Any) -> list[HomeSection]:
    """The home sections that have cards, built once per cached answer."""
    views = [section_view(s) for s in found if isinstance(s, dict) and s.get("id") is not None]
    return [v for v in views if v["articles"]]


def promo_views(promos: Any) -> list[PromoView]:
    """The banner's promotions, built once per cached answer."""
    return [promo_view(p) for p in promos if isinstance(p, dict)]


class CatalogueState(rx.State):
    """Category bar / drawer, home sections and banner promotions."""

    nav: list[NavNode] = []
    nav_loaded: bool = False
    nav_saved_at: int = 0  # when `nav` was loaded (ms, the server's clock): the browser's copy
    nav_lang: str = DEFAULT_LANGUAGE  # the language of `nav`

    home_sections: list[HomeSection] = []
    home_loading: bool = True
    home_error: bool = False
    promotions: list[PromoView] = []
    express: bool = False
    _lang: str = DEFAULT_LANGUAGE  # the language the browser shows (set_language)
    _lang_known: bool = False  # set from the page's language or the browser's (set_language)

    def _start_language(self) -> None:
        """The page's language until the browser reports its own (grocer.state.language)."""
        if not self._lang_known:
            self._lang, self._lang_known = router_language(self.router), True

    @rx.event
    def toggle_express(self) -> None:
        """The filter menu's EXPRESS toggle (its only state, kept for the tab)."""
        self.express = not self.express

    @rx.event
    async def load_nav(self) -> None:
        """Categories for the bar (again after a change of language)."""
        await self._ensure_nav()

    async def _ensure_nav(self) -> None:
        """Categories for the bar unless this tab has them, from the catalogue's shared cache
        (a dictionary lookup while the catalogue is unchanged); the browser then keeps its copy
        (grocer.components.nav_cache). Every page's start (grocer.state.page_start)."""
        self._start_language()
        if self.nav_loaded:
            return
        try:
            nav = await cached_shape(
                "categories",
                self._lang,
                partial(catalogue.category_tree, lang=self._lang),
                nav_views,
            )
        except Exception:  # spec 001 §8: a failed categories load gives an empty list
            log.exception("categories load failed")
            self.nav = []
            self.nav_loaded = True
            return
        self.nav = list(nav)
        self.nav_loaded = True
        self.nav_lang = self._lang
        self.nav_saved_at = int(time.time() * 1000)

    @rx.event
    async def load_home(self):
        """Home: sections with articles by displayOrder, and the banner promotions."""
        self._start_language()
        self.home_error = False
        if not self.home_sections and not self.home_loading:
            # a retry after a failure: skeletons again (a new tab starts with them); later
            # visits refresh in place
            self.home_loading = True
            yield
        try:
            testing_switches.refuse_catalogue_load("sections")
            sections = await cached_shape(
                "sections",
                (True, True, None, self._lang),  # ?articlesonly=true&active=true, the API's key
                partial(
                    catalogue.sections,
                    articles_only=True,
                    active=True,
                    category_ids=None,
                    lang=self._lang,
                ),
                home_views,
            )
            today = catalogue.shop_today()
            promos = await cached_shape(
                "banner",
                (self._lang, today.isoformat()),  # the API's key: a promotion runs on days
                partial(catalogue.banner_promotions, lang=self._lang, today=today),
                promo_views,
            )
        except Exception:
            log.exception("home sections load failed")
            self.home_sections = []
            self.home_error = True
            self.home_loading = False
            return
        self.home_sections = list(sections)
        self.promotions = list(promos)
        self.home_loading = False

    @rx.event
    def set_language(self, code: str):
        """The browser shows another language (the layout's watcher): the categories, and the
        home sections when they are shown, again in that language."""
        lang = supported_language(code) or DEFAULT_LANGUAGE
        if lang == self._lang:
            return None
        self._lang = lang
        self._lang_known = True
        self.nav_loaded = False
        events = [CatalogueState.load_nav]
        if self.home_sections:
            events.append(CatalogueState.load_home)
        return events
