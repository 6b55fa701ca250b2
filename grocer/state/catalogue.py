"""The catalogue every page shows: the category tree (bar and drawer), home sections and
promotions. Thin: the rules are in grocer.services.catalogue; here we only shape for display.

The category tree is cached in the browser for 15 minutes under localStorage
`nav_categories_v1` = {"data": [...], "savedAt": <ms>} (spec 001 §3, §9). `savedAt` is written
by the server's clock and checked by it, so a wrong client clock cannot keep a stale tree.
"""

from __future__ import annotations

import json
import logging
import time
from typing import Any

import reflex as rx

from grocer.services import catalogue
from grocer.state import session_guard
from grocer.state.currency import display_prices

log = logging.getLogger(__name__)

NAV_CACHE_KEY = "nav_categories_v1"
NAV_CACHE_MS = 15 * 60 * 1000
HOME_ROW_LIMIT = 6
"""A home section without image is a row of up to 6 products (spec 001 §2)."""
HOME_BLOCK_SIZE = 4
"""A home section with an image shows a block of 4 products."""

CARD_FIELDS = (
    "id",
    "name",
    "imageUrl",
    "price",
    "salePrice",
    "originalPrice",
    "discountPercent",
    "weight",
    "savings",
    "promotion",
    "express",
    "productQuality",
    "brand",
    "origin",
)


def weight_text(article: dict[str, Any]) -> str:
    """The weight, else length×width×height in cm, else "N/A" (spec 001 §3)."""
    weight = (article.get("weight") or "").strip() if isinstance(article.get("weight"), str) else ""
    if weight:
        return weight
    dims = article.get("dimensions") or {}
    parts = [dims.get(k) for k in ("length", "width", "height")] if isinstance(dims, dict) else []
    if parts and all(p is not None for p in parts):
        return "×".join(f"{p:g}" if isinstance(p, float) else str(p) for p in parts) + " cm"
    return "N/A"


def card_view(article: dict[str, Any]) -> dict[str, Any]:
    """An article trimmed to what a card shows, with prices per currency and the weight text."""
    view = {k: article.get(k) for k in CARD_FIELDS}
    view["name"] = article.get("name") or article.get("title") or "Product"
    view["display"] = display_prices(article)
    view["weightText"] = weight_text(article)
    category = article.get("category")
    view["categoryName"] = category.get("name") if isinstance(category, dict) else None
    return view


def cards(articles: Any, limit: int | None = None) -> list[dict[str, Any]]:
    """Card views of the valid articles (an article without id is dropped, spec 001 §3)."""
    out = [
        card_view(a) for a in (articles or []) if isinstance(a, dict) and a.get("id") is not None
    ]
    return out[:limit] if limit is not None else out


def nav_node(category: dict[str, Any], depth: int = 1) -> dict[str, Any]:
    """A category of the bar: id, name, picture and (two levels down) visible children."""
    children = (category.get("children") or []) if depth < 3 else []
    return {
        "id": int(category["id"]),
        "name": str(category.get("name") or ""),
        "imageUrl": category.get("imageUrl") or "",
        "icon": category.get("icon") or "",
        "children": [nav_node(c, depth + 1) for c in children if isinstance(c, dict) and "id" in c],
    }


def _valid_nav(data: Any, depth: int = 1) -> bool:
    """A cached tree read back from the browser: accept only the shape we wrote."""
    if not isinstance(data, list) or len(data) > 500:
        return False
    for node in data:
        if not isinstance(node, dict):
            return False
        if not isinstance(node.get("id"), int) or not isinstance(node.get("name"), str):
            return False
        for key in ("imageUrl", "icon"):
            if not isinstance(node.get(key, ""), str):
                return False
        kids = node.get("children", [])
        if depth >= 3 and kids:
            return False
        if not _valid_nav(kids, depth + 1):
            return False
    return True


def promo_view(promotion: dict[str, Any]) -> dict[str, Any]:
    return {
        "id": promotion.get("id"),
        "name": promotion.get("name") or "",
        "description": promotion.get("description") or promotion.get("name") or "",
        "promoCode": promotion.get("promoCode") or "",
        "imageUrl": promotion.get("imageUrl") or "",
    }


def section_view(section: dict[str, Any]) -> dict[str, Any]:
    has_image = bool(section.get("image"))
    return {
        "id": section.get("id"),
        "title": section.get("title") or "",
        "description": section.get("description") or "",
        "image": section.get("image") or "",
        "hasImage": has_image,
        "rowId": f"section-{section.get('id')}",
        "viewAll": f"/full-products?sectionId={section.get('id')}",
        "articles": cards(
            section.get("articles"), HOME_BLOCK_SIZE if has_image else HOME_ROW_LIMIT
        ),
    }


class CatalogueState(rx.State):
    """Category bar / drawer, home sections and banner promotions."""

    nav: list[dict[str, Any]] = []
    nav_loaded: bool = False
    nav_cache: str = rx.LocalStorage("", name=NAV_CACHE_KEY)

    home_sections: list[dict[str, Any]] = []
    home_loading: bool = True
    home_error: bool = False
    promotions: list[dict[str, Any]] = []
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
            and _valid_nav(cached.get("data"))
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
