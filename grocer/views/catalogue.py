"""The catalogue as the pages show it: cards, the product page, categories, sections, promotions.

Pure functions over the catalogue service's dicts (spec 001 §3), no Reflex and no database: the
storefront states (grocer.state.catalogue, listing, product) keep their results in typed vars,
and the server's page preview (grocer.web.preview_data) writes the same rows into HTML. The rows
are TypedDicts: plain dicts at run time (what the browser receives is the JSON it always was),
typed for Reflex, whose vars then give components each field with its type, without casts.
"""

from __future__ import annotations

import json
from typing import Any, TypedDict
from urllib.parse import urlencode

from grocer.services import catalogue, nutrition
from grocer.views.prices import DisplayPrices, display_prices

FALLBACK_IMAGE = "/img/fallback.webp"
"""The picture of an article without one (and of a picture that fails to load)."""

HOME_ROW_LIMIT = 6
"""A home section without image is a row of up to 6 products (spec 001 §2)."""
HOME_BLOCK_SIZE = 4
"""A home section with an image shows a block of 4 products."""


class CardView(TypedDict):
    """A product card (grocer.components.product_card); also what the bag's add-to-bag reads and
    the browser keeps under localStorage `product_{id}` (assets/carousel.js)."""

    id: int
    name: str
    imageUrl: str | None
    price: str | None
    salePrice: str | None
    originalPrice: str | None
    discountPercent: int | None
    weight: str | None
    savings: str | None
    promotion: str | None
    express: bool
    productQuality: str | None
    brand: str | None
    origin: str | None
    display: dict[str, DisplayPrices]
    """Prices written in every display currency, by currency code."""
    weightText: str
    categoryName: str | None


class NutritionRow(TypedDict):
    """A row of the nutrition panel for one serving (grocer.services.nutrition)."""

    key: str
    name: str
    amount: str
    percent: int | None


class ProductView(CardView):
    """The product page: the card plus pictures, description, facts and the nutrition panel."""

    images: list[str]
    description: str
    sku: str
    nutrition: list[NutritionRow]


class CategoryLink(TypedDict):
    """A category named by a link or tab."""

    id: int
    name: str


class CategoryNode(TypedDict):
    """A category of the listing pages: name, picture, icon and its direct children."""

    id: int
    name: str
    imageUrl: str
    icon: str
    children: list[CategoryLink]


class NavNode(TypedDict):
    """A category of the bar and the drawer, with its visible children down to level 3."""

    id: int
    name: str
    imageUrl: str
    icon: str
    children: list[NavNode]


class PromoView(TypedDict):
    """A promotion of the banner."""

    id: int | None
    name: str
    description: str
    promoCode: str
    imageUrl: str


class SectionRow(TypedDict):
    """A section shown as a row of cards, with its "View all" link."""

    id: int
    title: str
    description: str
    rowId: str
    """The carousel's id (its arrows scroll it)."""
    viewAll: str
    articles: list[CardView]


class HomeSection(SectionRow):
    """A home section: a row, or with an image a picture beside a block of cards."""

    image: str
    hasImage: bool


class DealRow(TypedDict):
    """A "Fresh Deals" row: its title's translation key and cards."""

    titleKey: str
    rowId: str
    articles: list[CardView]


# --- cards and the product page -------------------------------------------------------------


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


def card_view(article: dict[str, Any]) -> CardView:
    """An article trimmed to what a card shows, with prices per currency and the weight text."""
    category = article.get("category")
    return {
        "id": article.get("id"),
        "name": article.get("name") or article.get("title") or "Product",
        "imageUrl": article.get("imageUrl"),
        "price": article.get("price"),
        "salePrice": article.get("salePrice"),
        "originalPrice": article.get("originalPrice"),
        "discountPercent": article.get("discountPercent"),
        "weight": article.get("weight"),
        "savings": article.get("savings"),
        "promotion": article.get("promotion"),
        "express": article.get("express"),
        "productQuality": article.get("productQuality"),
        "brand": article.get("brand"),
        "origin": article.get("origin"),
        "display": display_prices(article),
        "weightText": weight_text(article),
        "categoryName": category.get("name") if isinstance(category, dict) else None,
    }


def cards(articles: Any, limit: int | None = None) -> list[CardView]:
    """Card views of the valid articles (an article without id is dropped, spec 001 §3)."""
    out = [
        card_view(a) for a in (articles or []) if isinstance(a, dict) and a.get("id") is not None
    ]
    return out[:limit] if limit is not None else out


def product_view(article: dict[str, Any]) -> ProductView:
    """The card view plus what the page adds: pictures, description, facts, nutrition panel."""
    images = [u for u in (article.get("imageUrls") or []) if isinstance(u, str) and u]
    if not images and isinstance(article.get("imageUrl"), str) and article["imageUrl"]:
        images = [article["imageUrl"]]
    product = article.get("product") if isinstance(article.get("product"), dict) else {}
    category = article.get("category") if isinstance(article.get("category"), dict) else {}
    return {
        **card_view(article),
        "images": images or [FALLBACK_IMAGE],
        "description": (article.get("description") or "").strip(),
        "sku": article.get("sku") or "",
        "categoryName": category.get("name") or "",
        "brand": article.get("brand") or "",
        "origin": article.get("origin") or "",
        "nutrition": nutrition.nutrition_panel(product.get("nutritions")),
    }


def cached_view(raw: Any, product_id: int) -> ProductView | None:
    """The browser's copy of a card (product_{id}), checked: only the card's fields, as text."""
    try:
        data = json.loads(raw) if isinstance(raw, str) else None
    except ValueError:
        return None
    if not isinstance(data, dict) or str(data.get("id")) != str(product_id):
        return None

    def text(key: str) -> str | None:
        value = data.get(key)
        return value if isinstance(value, str) else None

    def amount(key: str) -> str | None:
        value = data.get(key)
        return str(value) if isinstance(value, (str, int, float)) else None

    display = data.get("display")
    percent = data.get("discountPercent")
    image = text("imageUrl")
    return {
        "id": product_id,
        "name": text("name") or "Product",
        "imageUrl": image,
        "price": amount("price"),
        "salePrice": amount("salePrice"),
        "originalPrice": amount("originalPrice"),
        "discountPercent": percent if isinstance(percent, int) else None,
        "weight": None,
        "savings": amount("savings"),
        "promotion": text("promotion"),
        "express": bool(data.get("express")),
        "productQuality": text("productQuality"),
        "brand": text("brand"),
        "origin": text("origin"),
        "display": {
            code: {
                "price": str(prices.get("price") or "")[:40],
                "original": str(prices.get("original") or "")[:40],
                "saved": str(prices.get("saved") or "")[:40],
            }
            for code, prices in (display.items() if isinstance(display, dict) else [])
            if isinstance(code, str) and isinstance(prices, dict)
        },
        "weightText": text("weightText") or "N/A",
        "categoryName": "",
        "images": [image] if image else [FALLBACK_IMAGE],
        "description": "",
        "sku": "",
        "nutrition": [],
    }


def product_id_from_path(path: str) -> int:
    """The id in /produit/{id}; 0 when it is not a valid id."""
    return catalogue.parse_id((path or "").rstrip("/").rsplit("/", 1)[-1])


# --- categories -----------------------------------------------------------------------------


def nav_node(category: dict[str, Any], depth: int = 1) -> NavNode:
    """A category of the bar: id, name, picture and (two levels down) visible children."""
    children = (category.get("children") or []) if depth < 3 else []
    return {
        "id": int(category["id"]),
        "name": str(category.get("name") or ""),
        "imageUrl": category.get("imageUrl") or "",
        "icon": category.get("icon") or "",
        "children": [nav_node(c, depth + 1) for c in children if isinstance(c, dict) and "id" in c],
    }


def category_node(category: dict[str, Any]) -> CategoryNode:
    """A category as the listing pages show it: name, picture, icon, direct children."""
    return {
        "id": category.get("id"),
        "name": category.get("name") or "",
        "imageUrl": category.get("imageUrl") or "",
        "icon": category.get("icon") or "",
        "children": [
            {"id": c.get("id"), "name": c.get("name") or ""}
            for c in category.get("children") or []
            if isinstance(c, dict) and c.get("id") is not None
        ],
    }


# --- sections and promotions ----------------------------------------------------------------


def promo_view(promotion: dict[str, Any]) -> PromoView:
    return {
        "id": promotion.get("id"),
        "name": promotion.get("name") or "",
        "description": promotion.get("description") or promotion.get("name") or "",
        "promoCode": promotion.get("promoCode") or "",
        "imageUrl": promotion.get("imageUrl") or "",
    }


GRID_PART = "products-grid"
"""The part name of /full-products' grid in the server's preview: the page keeps the preview's
cards in place until it mounts its own (grocer.components.lazy_mount)."""

HOME_EAGER_SECTIONS = 2
"""The home sections a screen holds at first: the page renders them with itself, the others
as they come near the screen (grocer.components.lazy_mount)."""


def section_view(section: dict[str, Any]) -> HomeSection:
    """A home section: a row of up to 6 cards, or 4 beside its image."""
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


def category_row_id(section_id: object) -> str:
    """The element id of a category page's section row (the page and its preview share it)."""
    return f"category-section-{section_id}"


def category_section(
    section: dict[str, Any], articles: list[CardView], view_all: list[tuple[str, Any]]
) -> SectionRow:
    """A section of a category page: its cards, and "View all" to /full-products with the
    category's query (`view_all`) and the section's id."""
    return {
        "id": section["id"],
        "title": section.get("title") or "",
        "description": section.get("description") or "",
        "rowId": category_row_id(section["id"]),
        "viewAll": "/full-products?" + urlencode([*view_all, ("sectionId", section["id"])]),
        "articles": articles,
    }
