"""The search results page (/recherche?q=&page=&categoryId=): what it shows, read from its URL.

Why the URL holds everything: a results page is shared and bookmarked, and the back button
must return to the previous query, facet or page; so the facets and the pager are links, and
every visit (`load`, run on each URL change) reads the query from the address. The language
starts as the page's (grocer.state.language.router_language) and then comes from the browser
(the page's language watcher calls `set_language` when i18next switches), so the results
follow a switch without a reload. Thin: the search service does
the work (`grocer.services.search`).
"""

from __future__ import annotations

import logging
from typing import TypedDict
from urllib.parse import urlencode

import reflex as rx

from grocer.services import catalogue, search
from grocer.services.errors import NotFound, ValidationFailed
from grocer.services.languages import DEFAULT_LANGUAGE, supported_language
from grocer.state import session_guard
from grocer.state.language import router_language
from grocer.views.catalogue import CardView, cards
from grocer.views.locale_text import label
from grocer.views.page_titles import SEARCH_PAGE_TITLE, named_title

log = logging.getLogger(__name__)

ROUTE = "/recherche"


class FacetView(TypedDict):
    id: int
    name: str
    count: int
    href: str
    active: bool


def results_href(query: str, page: int = 1, category_id: int = 0) -> str:
    """The address of a results page (what the header's box, the facets and the pager link)."""
    pairs: list[tuple[str, str | int]] = [("q", query)]
    if category_id:
        pairs.append(("categoryId", category_id))
    if page > 1:
        pairs.append(("page", page))
    return f"{ROUTE}?{urlencode(pairs)}"


class SearchState(rx.State):
    query: str = ""
    page: int = 1
    category_id: int = 0
    lang: str = DEFAULT_LANGUAGE
    _lang_known: bool = False  # set from the page's language or the browser's (set_language)
    items: list[CardView] = []
    total: int = 0
    pages: int = 0
    facets: list[FacetView] = []
    did_you_mean: str = ""
    loading: bool = False
    failed: bool = False
    too_long: bool = False

    @rx.var
    def searched(self) -> bool:
        """A query that searches (two characters or more)."""
        return len(self.query.strip()) >= search.search_text.MIN_QUERY_LENGTH

    @rx.var
    def page_title(self) -> str:
        """The tab names the search, as the heading does, in the page's language: the history
        and the back button then tell one search from another."""
        query = self.query.strip()
        if len(query) < search.search_text.MIN_QUERY_LENGTH:
            return SEARCH_PAGE_TITLE
        return named_title(label("catalogue:searchResultsFor", self.lang, query=query[:80]))

    @rx.var
    def did_you_mean_href(self) -> str:
        return results_href(self.did_you_mean) if self.did_you_mean else ""

    @rx.var
    def previous_href(self) -> str:
        return results_href(self.query, max(1, self.page - 1), self.category_id)

    @rx.var
    def next_href(self) -> str:
        return results_href(self.query, min(max(self.pages, 1), self.page + 1), self.category_id)

    @rx.var
    def all_categories_href(self) -> str:
        return results_href(self.query)

    def _read_url(self) -> None:
        params = self.router.url.query_parameters
        self.query = str(params.get("q") or "")[: search.search_text.MAX_QUERY_LENGTH + 1]
        self.page = catalogue.parse_id(params.get("page")) or 1
        self.category_id = catalogue.parse_id(params.get("categoryId"))

    async def _search(self) -> None:
        self.failed = self.too_long = False
        try:
            q = search.search_query(
                self.query,
                page=self.page,
                category_id=self.category_id or None,
                lang=self.lang,
            )
            found = await session_guard.call(search.search, q)
        except ValidationFailed:
            self.too_long = True
            found = None
        except NotFound:  # a category that no longer exists: the whole catalogue instead
            self.category_id = 0
            found = await session_guard.call(
                search.search, search.search_query(self.query, page=self.page, lang=self.lang)
            )
        except Exception:
            log.exception("search failed")
            self.failed = True
            found = None
        found = found or {}
        self.items = cards(found.get("items"))
        self.total = int(found.get("total") or 0)
        self.pages = int(found.get("pages") or 0)
        self.did_you_mean = str(found.get("didYouMean") or "")
        self.facets = [
            FacetView(
                id=int(f["id"]),
                name=str(f["name"]),
                count=int(f["count"]),
                href=results_href(self.query, 1, int(f["id"])),
                active=int(f["id"]) == self.category_id,
            )
            for f in (found.get("facets") or {}).get("categories") or []
        ]

    @rx.event
    async def load(self):
        """Every visit of /recherche (a new query, facet or page is a new address)."""
        if not self._lang_known:  # the page's language until the browser reports its own
            self.lang, self._lang_known = router_language(self.router), True
        self._read_url()
        self.loading = True
        yield
        await self._search()
        self.loading = False

    @rx.event
    async def set_language(self, code: str):
        """The browser shows another language: the results follow (names, categories)."""
        lang = supported_language(code) or DEFAULT_LANGUAGE
        if lang == self.lang:
            return
        self.lang = lang
        self._lang_known = True
        if self.searched and not self.loading:
            await self._search()
