"""Category pages and product grids: /products, /level-one-products and /full-products.

Thin over grocer.services.catalogue: `get_category`, `sections(category_ids=...)`,
`articles_page(...)` (sort, Shop By, brands, origins; facets for the Refine dialog),
`promotions(...)`. The Refine choices live in the URL query (sort, shopBy, brand, origin), so a
shared link shows the same list; every page load reads them back from the URL.
"""

from __future__ import annotations

import logging
from typing import Any
from urllib.parse import parse_qs, urlencode

import reflex as rx

from grocer.services import catalogue
from grocer.services.errors import NotFound, ValidationFailed
from grocer.services.languages import DEFAULT_LANGUAGE, supported_language
from grocer.state import session_guard
from grocer.state.language import router_language
from grocer.views.catalogue import (
    CardView,
    CategoryLink,
    CategoryNode,
    DealRow,
    PromoView,
    SectionRow,
    cards,
    category_node,
    category_section,
    promo_view,
)
from grocer.views.locale_text import label
from grocer.views.page_titles import CATEGORY_PAGE_TITLE, named_title

log = logging.getLogger(__name__)

PAGE_SIZE = catalogue.DEFAULT_PAGE_SIZE  # 18 articles per page (spec 001 §9)
ALL_PAGE_SIZE = catalogue.MAX_PAGE_SIZE  # "Tout voir" reads pages of 100
CATEGORY_PREVIEW = 12
"""Articles of the category page's "Tous les produits" preview (the grid shows them all)."""

SORTS: tuple[str, ...] = catalogue.SORTS
SHOP_BY: tuple[str, ...] = catalogue.SHOP_BY


def parse_refine(query: str) -> dict[str, Any]:
    """The Refine choices of a URL query string (unknown values dropped)."""
    params = parse_qs(query or "", keep_blank_values=False)
    sort = (params.get("sort") or ["popular"])[-1]
    shop_by = [v for raw in params.get("shopBy", []) for v in raw.split(",") if v in SHOP_BY]
    return {
        "sort": sort if sort in SORTS else "popular",
        "shop_by": list(dict.fromkeys(shop_by)),
        "brands": list(dict.fromkeys(v.strip() for v in params.get("brand", []) if v.strip()))[:50],
        "origins": list(dict.fromkeys(v.strip() for v in params.get("origin", []) if v.strip()))[
            :50
        ],
    }


def place_query(main_id: int, category_id: int, section_id: int = 0) -> list[tuple[str, Any]]:
    """The URL query pairs naming what a listing shows (ids that are 0 left out)."""
    pairs = (("mainCategoryId", main_id), ("categoryId", category_id), ("sectionId", section_id))
    return [(name, value) for name, value in pairs if value]


def refine_query(sort: str, shop_by: list[str], brands: list[str], origins: list[str]) -> list:
    """The URL query pairs of Refine choices (defaults left out)."""
    pairs: list[tuple[str, str]] = []
    if sort and sort != "popular":
        pairs.append(("sort", sort))
    if shop_by:
        pairs.append(("shopBy", ",".join(shop_by)))
    pairs += [("brand", b) for b in brands]
    pairs += [("origin", o) for o in origins]
    return pairs


class ListingState(rx.State):
    """What /products, /level-one-products and /full-products show."""

    main_id: int = 0
    category_id: int = 0
    section_id: int = 0
    main: CategoryNode = {}  # empty until a category loads
    current: CategoryNode = {}
    subcategories: list[CategoryNode] = []
    """Level-2 categories of the main category (tabs), each with its level-3 children."""
    leaves: list[CategoryLink] = []
    """Level-3 links of the current category."""
    title: str = ""
    section_title: str = ""
    not_found: bool = False

    sections: list[SectionRow] = []
    sections_loading: bool = True
    promotions: list[PromoView] = []
    deals: list[DealRow] = []
    deals_tab: str = "fresh"

    # Refine dialog (choices mirror the URL; facets come from the category)
    refine_open: bool = False
    sort: str = "popular"
    shop_by: list[str] = []
    brands: list[str] = []
    origins: list[str] = []
    facet_brands: list[str] = []
    facet_origins: list[str] = []

    # Product grid
    items: list[CardView] = []
    total: int = 0
    page: int = 1
    pages: int = 0
    show_all: bool = False
    grid_loading: bool = True
    _loaded_all_pages: int = 0
    _lang: str = DEFAULT_LANGUAGE  # the language the browser shows (set_language)
    _lang_known: bool = False  # set from the page's language or the browser's (set_language)

    def _start_language(self) -> None:
        """The page's language until the browser reports its own (grocer.state.language)."""
        if not self._lang_known:
            self._lang, self._lang_known = router_language(self.router), True

    @rx.var
    def category_page_title(self) -> str:
        """A category page's tab: the category's name, as the served page had it."""
        return named_title(self.title) if self.title else CATEGORY_PAGE_TITLE

    @rx.var
    def full_products_page_title(self) -> str:
        """/full-products' tab: what its heading names (a section, a category, else every
        product, in the page's language), as the served page had it."""
        return named_title(
            self.section_title or self.title or label("catalogue:allProducts", self._lang)
        )

    @rx.var
    def refined(self) -> bool:
        return bool(self.sort != "popular" or self.shop_by or self.brands or self.origins)

    @rx.var
    def refine_suffix(self) -> str:
        """The Refine choices as a query suffix ("&sort=...") for links that keep them."""
        pairs = refine_query(self.sort, self.shop_by, self.brands, self.origins)
        return ("&" + urlencode(pairs)) if pairs else ""

    @rx.var
    def full_products_href(self) -> str:
        pairs = place_query(self.main_id, self.category_id)
        pairs += refine_query(self.sort, self.shop_by, self.brands, self.origins)
        return "/full-products?" + urlencode(pairs)

    @rx.var
    def reset_href(self) -> str:
        pairs = place_query(self.main_id, self.category_id, self.section_id)
        path = self.router.url.path or "/full-products"
        return f"{path}?{urlencode(pairs)}" if pairs else path

    @rx.var
    def variant(self) -> str:
        """Full products: "grid" (a category or section) or "overview" (a level-1 only)."""
        return (
            "overview" if self.main_id and not self.category_id and not self.section_id else "grid"
        )

    # --- loading -------------------------------------------------------------------------

    def _read_url(self) -> None:
        params = self.router.url.query_parameters
        self.main_id = catalogue.parse_id(params.get("mainCategoryId"))
        self.category_id = catalogue.parse_id(params.get("categoryId"))
        self.section_id = catalogue.parse_id(params.get("sectionId"))
        refine = parse_refine(self.router.url.query)
        self.sort = refine["sort"]
        self.shop_by = refine["shop_by"]
        self.brands = refine["brands"]
        self.origins = refine["origins"]

    def _reset(self) -> None:
        self.main, self.current = {}, {}
        self.subcategories, self.leaves, self.sections, self.deals = [], [], [], []
        self.items, self.total, self.page, self.pages = [], 0, 1, 0
        self.show_all, self._loaded_all_pages = False, 0
        self.title, self.section_title = "", ""
        self.not_found = False
        self.refine_open = False
        self.facet_brands, self.facet_origins = [], []

    async def _load_categories(self) -> None:
        if self.main_id:
            main = await session_guard.call(catalogue.get_category, self.main_id, lang=self._lang)
            self.main = category_node(main)
            self.subcategories = [
                category_node(c) for c in main.get("children") or [] if isinstance(c, dict)
            ]
        if self.category_id:
            current = await session_guard.call(
                catalogue.get_category, self.category_id, lang=self._lang
            )
            self.current = category_node(current)
            self.leaves = self.current["children"] if current.get("level", 0) < 3 else []
            self.title = self.current["name"]
            if not self.main_id:
                path = current.get("path") or []
                if path:
                    self.main_id = int(path[0]["id"])
                    main = await session_guard.call(
                        catalogue.get_category, self.main_id, lang=self._lang
                    )
                    self.main = category_node(main)
        elif self.main:
            self.title = self.main["name"]

    async def _load_sections(self, category_id: int) -> None:
        found = await session_guard.call(
            catalogue.sections,
            articles_only=True,
            active=True,
            category_ids=[category_id],
            lang=self._lang,
        )
        view_all = place_query(self.main_id or category_id, self.category_id)
        views = []
        for s in found:
            if not isinstance(s, dict) or s.get("id") is None:
                continue
            articles = cards(s.get("articles"), CATEGORY_PREVIEW)
            if articles:
                views.append(category_section(s, articles, view_all))
        self.sections = views

    async def _load_promotions(self) -> None:
        promos = await session_guard.call(catalogue.page_promotions, self.main_id, lang=self._lang)
        self.promotions = [promo_view(p) for p in promos]

    async def _fetch_page(self, page: int, size: int) -> dict[str, Any]:
        query = catalogue.page_query(
            category_id=self.category_id or self.main_id or None,
            section_id=self.section_id or None,
            page=page,
            size=size,
            sort=self.sort,
            shop_by=self.shop_by,
            brands=self.brands,
            origins=self.origins,
        )
        return await session_guard.call(catalogue.articles_page, query, lang=self._lang)

    def _apply_page(self, result: dict[str, Any], append: bool = False) -> None:
        new = cards(result.get("items"))
        self.items = [*self.items, *new] if append else new
        self.total = int(result.get("total") or 0)
        self.pages = int(result.get("pages") or 0)
        facets = result.get("facets") or {}
        self.facet_brands = [str(b) for b in facets.get("brands") or []]
        self.facet_origins = [str(o) for o in facets.get("origins") or []]

    @rx.event
    async def load_category_page(self):
        """/products and /level-one-products: the level-2 page of a main category, or the
        "Fresh Deals" / "Sale" tabs when there is no main category."""
        self._start_language()
        self._read_url()
        self._reset()
        self.sections_loading = True
        self.grid_loading = True
        yield
        if not self.main_id:
            await self._load_deals()
            return
        try:
            await self._load_categories()
            if not self.category_id:
                first = catalogue.first_subcategory_id(self.main)
                if first:
                    # spec 001 §2: the first visible level-2 is chosen and the URL moves to it
                    yield rx.redirect(
                        f"/products?mainCategoryId={self.main_id}&categoryId={first}"
                        + self.refine_suffix,
                        replace=True,
                    )
                    return
            await self._load_promotions()
            await self._load_sections(self.category_id or self.main_id)
            self.sections_loading = False
            self._apply_page(await self._fetch_page(1, CATEGORY_PREVIEW))
        except NotFound:
            self.not_found = True
        except ValidationFailed:
            log.info("category page: invalid query %s", self.router.url.query)
        except Exception:  # spec 001 §8: failed loads give empty lists, never a broken page
            log.exception("category page load failed")
        self.sections_loading = False
        self.grid_loading = False

    async def _load_deals(self) -> None:
        try:
            found = await session_guard.call(catalogue.fresh_deals, lang=self._lang)
            deals = [
                {
                    "titleKey": deal["titleKey"],
                    "rowId": f"deals-{index}",
                    "articles": cards(deal["articles"]),
                }
                for index, deal in enumerate(found)
            ]
            self.deals = [d for d in deals if d["articles"]]
            await self._load_promotions()
        except Exception:
            log.exception("fresh deals load failed")
            self.deals = []
        self.sections_loading = False
        self.grid_loading = False

    @rx.event
    async def load_full_products(self):
        """/full-products: a grid of 18 per page (variant A) or, for a level-1 category alone,
        its level-2 categories and section carousels (variant B)."""
        self._start_language()
        self._read_url()
        self._reset()
        self.sections_loading = True
        self.grid_loading = True
        yield
        try:
            await self._load_categories()
            if self.section_id:
                section = await session_guard.call(
                    catalogue.get_section, self.section_id, lang=self._lang
                )
                self.section_title = section.get("title") or ""
            if self.variant == "overview":
                await self._load_sections(self.main_id)
            else:
                self._apply_page(await self._fetch_page(1, PAGE_SIZE))
        except NotFound:
            self.not_found = True
        except ValidationFailed:
            log.info("full products: invalid query %s", self.router.url.query)
        except Exception:
            log.exception("full products load failed")
        self.sections_loading = False
        self.grid_loading = False

    @rx.event
    async def go_page(self, page: int):
        """The pager (variant A): one page of 18 (its buttons then scroll the grid into view:
        grocer.pages.full_products.pager)."""
        try:
            page = int(page)
        except (TypeError, ValueError):
            return
        if page < 1 or (self.pages and page > self.pages) or self.show_all:
            return
        self.grid_loading = True
        yield
        try:
            self._apply_page(await self._fetch_page(page, PAGE_SIZE))
            self.page = page
        except Exception:
            log.exception("page load failed")
        self.grid_loading = False

    @rx.event
    async def see_all(self):
        """ "Tout voir": every article, read 100 at a time as needed; the pager hides."""
        self.show_all = True
        self.grid_loading = True
        yield
        try:
            self._apply_page(await self._fetch_page(1, ALL_PAGE_SIZE))
            self._loaded_all_pages = 1
        except Exception:
            log.exception("see all failed")
        self.grid_loading = False

    @rx.event
    async def load_more(self):
        """Next 100 articles of "Tout voir"."""
        if not self.show_all or len(self.items) >= self.total:
            return
        self.grid_loading = True
        yield
        try:
            result = await self._fetch_page(self._loaded_all_pages + 1, ALL_PAGE_SIZE)
            self._apply_page(result, append=True)
            self._loaded_all_pages += 1
        except Exception:
            log.exception("load more failed")
        self.grid_loading = False

    @rx.var
    def has_more(self) -> bool:
        return self.show_all and len(self.items) < self.total

    @rx.event
    def set_refine_open(self, value: bool) -> None:
        self.refine_open = bool(value)

    @rx.event
    def set_deals_tab(self, tab: str) -> None:
        if tab in ("fresh", "sale"):
            self.deals_tab = tab

    @rx.event
    def apply_refine(self, form: dict[str, Any]):
        """Apply Filters: the choices become the URL query; the page reloads the list."""
        if not isinstance(form, dict):
            return None
        sort = form.get("sort")
        sort = sort if sort in SORTS else "popular"
        shop_by = [v for v in SHOP_BY if form.get(f"shopBy_{v}") == v]
        brands = [
            str(v)
            for k, v in form.items()
            if k.startswith("brand_") and k != "brand_all" and v in self.facet_brands
        ]
        origins = [
            str(v) for k, v in form.items() if k.startswith("origin_") and v in self.facet_origins
        ]
        self.refine_open = False
        pairs = place_query(self.main_id, self.category_id, self.section_id)
        pairs += refine_query(sort, shop_by, brands, origins)
        path = self.router.url.path or "/products"
        return rx.redirect(f"{path}?{urlencode(pairs)}")

    @rx.event
    def set_language(self, code: str):
        """The browser shows another language: the category page or full-products page being
        shown is loaded again, in that language."""
        lang = supported_language(code) or DEFAULT_LANGUAGE
        if lang == self._lang:
            return None
        self._lang = lang
        self._lang_known = True
        path = (self.router.url.path or "").rstrip("/")
        if path == "/full-products":
            return ListingState.load_full_products
        if path in ("/products", "/level-one-products"):
            return ListingState.load_category_page
        return None
