"""The product page (/produit/{id}): loading → found | not found; quantity (min 1), gallery,
tabs and the local review form. If loading fails (not a 404), the copy the browser kept under
localStorage `product_{id}` when the card was clicked is shown instead (spec 001 §4)."""

from __future__ import annotations

import logging
from typing import Any

import reflex as rx

from grocer import testing_switches
from grocer.services import catalogue
from grocer.services.errors import NotFound
from grocer.services.languages import DEFAULT_LANGUAGE, supported_language
from grocer.state import session_guard
from grocer.state.bag import BagState
from grocer.state.error_route import to_error_page
from grocer.state.language import router_language
from grocer.views.catalogue import (
    FALLBACK_IMAGE,
    CardView,
    ProductView,
    cached_view,
    cards,
    product_id_from_path,
    product_view,
)
from grocer.views.page_titles import PRODUCT_PAGE_TITLE, named_title

log = logging.getLogger(__name__)

TABS = ("description", "info", "reviews")


class ProductState(rx.State):
    product: ProductView = {}  # empty until loaded
    related: list[CardView] = []
    loading: bool = True
    not_found: bool = False
    from_cache: bool = False
    image_index: int = 0
    tab: str = "description"
    review_sent: bool = False
    # The localStorage key of the browser's copy to read when loading failed ("" otherwise):
    # the page then mounts a reader that sends the copy to `use_cached`. A handler never sends
    # code to run in the browser (it would arrive as text for `eval`, which the CSP forbids).
    cache_key: str = ""
    _product_id: int = 0
    _lang: str = DEFAULT_LANGUAGE  # the language the browser shows (set_language)
    _lang_known: bool = False  # set from the page's language or the browser's (set_language)
    _load_failed: bool = False  # the last load failed (not a 404): a copy may stand in

    def _start_language(self) -> None:
        """The page's language until the browser reports its own (grocer.state.language)."""
        if not self._lang_known:
            self._lang, self._lang_known = router_language(self.router), True

    @rx.var
    def page_title(self) -> str:
        """The tab's title: the product's name, as the served page had it (link previews)."""
        name = self.product.get("name")
        return named_title(name) if name else PRODUCT_PAGE_TITLE

    @rx.var
    def image(self) -> str:
        images = self.product.get("images") or [FALLBACK_IMAGE]
        return images[self.image_index] if 0 <= self.image_index < len(images) else images[0]

    @rx.event
    async def load(self):
        self._start_language()
        self.loading = True
        self.not_found = False
        self.from_cache = False
        self.product = {}
        self.related = []
        self.image_index = 0
        self.tab = "description"
        self.review_sent = False
        self.cache_key = ""
        self._load_failed = False
        product_id = product_id_from_path(self.router.url.path)
        self._product_id = product_id
        yield
        if not product_id:
            self.not_found = True
            self.loading = False
            return
        try:
            testing_switches.refuse_catalogue_load("product")
            article = await session_guard.call(catalogue.get_article, product_id, lang=self._lang)
            self.product = product_view(article)
            try:
                self.related = cards(
                    await session_guard.call(
                        catalogue.related_articles, product_id, lang=self._lang
                    )
                )
            except Exception:  # spec 001 §8: a related-products failure is only logged
                log.exception("related products failed")
        except NotFound:
            self.not_found = True
        except Exception:
            log.exception("product load failed; trying the browser's copy")
            self._load_failed = True
            self.cache_key = f"product_{product_id}"
            return
        self.loading = False

    @rx.event
    def use_cached(self, raw: Any):
        """The browser's copy after a failed load; with none, the page has nothing to show:
        spec 001 §8 sends a server failure to /error/server (replacing this page)."""
        self.cache_key = ""
        if not self._load_failed:
            return None
        self._load_failed = False
        view = cached_view(raw, self._product_id)
        if view is None:
            return to_error_page("server", "errors:productLoadFailed", self.router.url.path)
        self.product = view
        self.from_cache = True
        self.loading = False
        return None

    @rx.event
    def select_image(self, index: int) -> None:
        images = self.product.get("images") or []
        if isinstance(index, int) and 0 <= index < len(images):
            self.image_index = index

    @rx.event
    def select_tab(self, tab: str) -> None:
        if tab in TABS:
            self.tab = tab

    @rx.event
    async def add_to_cart(self, quantity: Any = 1):
        """Adds the quantity chosen in the browser (the page's stepper) to the bag, in this
        one event: no chain of bag events each waiting for the one before."""
        if not self.product.get("id"):
            return None
        article = {k: v for k, v in self.product.items() if k not in ("nutrition", "description")}
        bag = await self.get_state(BagState)
        bag.answered += 1  # a bag tap, shown at once (assets/bag_now.js)
        return await bag._add_article(article, quantity)

    @rx.event
    def publish_review(self, form: dict[str, Any]) -> None:
        """The review form is local: publishing only resets it (spec 001 §2)."""
        self.review_sent = True

    @rx.event
    def set_language(self, code: str):
        """The browser shows another language: the product again, in that language."""
        lang = supported_language(code) or DEFAULT_LANGUAGE
        if lang == self._lang:
            return None
        self._lang = lang
        self._lang_known = True
        on_product = product_id_from_path(self.router.url.path) == self._product_id
        return ProductState.load if self._product_id and on_product else None
