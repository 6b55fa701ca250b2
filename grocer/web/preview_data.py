"""What a page preview shows, read from the catalogue services as the view-models the pages
use (grocer.views.catalogue); grocer.web.preview_html writes it. Every reader takes the page's
language (grocer.services.languages.page_language): names and descriptions come translated,
French when a translation is missing, as the states load them."""

from __future__ import annotations

from typing import Any, NotRequired, TypedDict

from sqlmodel import Session

from grocer.services import catalogue
from grocer.services.errors import NotFound, ValidationFailed
from grocer.services.languages import DEFAULT_LANGUAGE
from grocer.views.catalogue import (
    CardView,
    CategoryLink,
    CategoryNode,
    HomeSection,
    cards,
    category_node,
    category_row_id,
    section_view,
)

ROW_CARDS = 6
"""A row shows at most six cards at once (desktop)."""


class PreviewRow(TypedDict):
    """The first section row of a category page: its title, first cards and the page's id of
    the row (the part the page keeps until it mounts its own)."""

    title: str
    articles: list[CardView]
    rowId: NotRequired[str]


class CategoryPreview(TypedDict):
    """Breadcrumb (main, current), title, level-2 tabs, level-3 links and the first row."""

    main: CategoryNode
    current: CategoryNode
    leaves: list[CategoryLink]
    row: PreviewRow | None


def article(db: Session, product_id: int, lang: str = DEFAULT_LANGUAGE) -> dict[str, Any] | None:
    """The article of a product page (its view is `product_view` of it; its head tags read
    its status and prices too), or None when there is no such article."""
    try:
        return catalogue.get_article(db, product_id, lang)
    except (NotFound, ValidationFailed):
        return None


def category(
    db: Session, main_id: int, category_id: int, lang: str = DEFAULT_LANGUAGE
) -> CategoryPreview | None:
    """Breadcrumb, title, level-2 tabs, level-3 links and the first section row of a category
    page, or None when the page would show something else (no main category, not found).
    Without a level-2 id the page moves to the first level-2 category: so does the preview."""
    try:
        main = category_node(catalogue.get_category(db, main_id, lang))
        category_id = category_id or catalogue.first_subcategory_id(main)
        if not category_id:
            return None
        current = catalogue.get_category(db, category_id, lang)
        first_row: PreviewRow | None = None
        for section in catalogue.sections(
            db, articles_only=True, active=True, category_ids=[category_id], lang=lang
        ):
            articles = cards(section.get("articles"), ROW_CARDS)
            if articles:
                first_row = {
                    "title": section.get("title") or "",
                    "articles": articles,
                    "rowId": category_row_id(section["id"]),
                }
                break
    except (NotFound, ValidationFailed):
        return None
    node = category_node(current)
    return {
        "main": main,
        "current": node,
        "leaves": node["children"] if current.get("level", 0) < 3 else [],
        "row": first_row,
    }


def home(db: Session, lang: str = DEFAULT_LANGUAGE) -> list[HomeSection]:
    """The home sections, as grocer.state.catalogue.CatalogueState.load_home reads them."""
    views = (
        section_view(s)
        for s in catalogue.sections(db, articles_only=True, active=True, lang=lang)
        if isinstance(s, dict) and s.get("id") is not None
    )
    return [v for v in views if v["articles"]]


GRID_CARDS = 12
"""The full-products grid's first cards (two rows on a desktop, six on a phone)."""


class ListingPreview(TypedDict):
    """The top of /full-products: breadcrumb, title, and the first cards (a category or a
    section: "grid") or the level-2 departments (a level-1 category alone: "overview")."""

    variant: str
    main: CategoryNode | None
    current: CategoryNode | None
    title: str
    total: int
    articles: list[CardView]
    departments: list[CategoryNode]


def full_products(
    db: Session, main_id: int, category_id: int, section_id: int, lang: str = DEFAULT_LANGUAGE
) -> ListingPreview | None:
    """What /full-products shows first, as grocer.state.listing.ListingState loads it (every
    article when nothing is named, its title then left to the page), or None when it would show
    something else (a category not found)."""
    try:
        main_row = catalogue.get_category(db, main_id, lang) if main_id else None
        current_row = catalogue.get_category(db, category_id, lang) if category_id else None
        if main_row is None and current_row is not None and current_row.get("path"):
            main_row = catalogue.get_category(db, int(current_row["path"][0]["id"]), lang)
        if (main_id or category_id) and main_row is None and current_row is None:
            return None  # a category named but not found: the app says so
        section_title = (
            catalogue.get_section(db, section_id, lang).get("title") if section_id else ""
        )
        main = category_node(main_row) if main_row else None
        current = category_node(current_row) if current_row else None
        named = current or main
        title = section_title or (named["name"] if named else "")
        if main is not None and not category_id and not section_id:
            departments = [
                category_node(c) for c in main_row.get("children") or [] if isinstance(c, dict)
            ]
            return {
                "variant": "overview",
                "main": main,
                "current": None,
                "title": title,
                "total": 0,
                "articles": [],
                "departments": departments,
            }
        query = catalogue.page_query(
            category_id=category_id or main_id or None,
            section_id=section_id or None,
            page=1,
            size=GRID_CARDS,
        )
        found = catalogue.articles_page(db, query, lang)
    except (NotFound, ValidationFailed):
        return None
    return {
        "variant": "grid",
        "main": main,
        "current": current,
        "title": title,
        "total": int(found.get("total") or 0),
        "articles": cards(found.get("items"), GRID_CARDS),
        "departments": [],
    }
