"""API routes: catalogue (spec 001 §7). Thin: parse the query, answer from the JSON cache.

Routes are `async` and take no session: a cache hit is a dictionary lookup on the event loop;
a miss opens its own session in the thread pool (`grocer.services.catalogue_cache`). Bad query
values are 400 (FastAPI's validation errors are mapped to 400 in `grocer.api.app`; range and
vocabulary checks raise `ValidationFailed` in the service).
"""

from __future__ import annotations

from collections.abc import Hashable
from functools import partial
from typing import Annotated

from fastapi import APIRouter, Query, Response

from grocer.services import catalogue as svc
from grocer.services.catalogue_cache import CACHE, Builder

router = APIRouter(tags=["catalogue"])

_JSON = {200: {"content": {"application/json": {}}, "description": "JSON (camelCase)"}}


async def _cached(endpoint: str, params: Hashable, build: Builder) -> Response:
    return Response(
        content=await CACHE.serve(endpoint, params, build), media_type="application/json"
    )


def _split(values: list[str] | None) -> list[str]:
    """Repeated and comma-joined query values alike: ?shopBy=sale,new&shopBy=local."""
    return [part for value in values or [] for part in value.split(",")]


@router.get("/categories", responses=_JSON)
async def list_categories() -> Response:
    """The category bar: visible level-1 categories with levels 2 and 3 below them."""
    return await _cached("categories", (), svc.category_tree)


@router.get("/categories/{category_id}", responses=_JSON)
async def get_category(category_id: int) -> Response:
    """One category with its visible subtree and its `path` (breadcrumb)."""
    return await _cached(
        "category", category_id, partial(svc.get_category, category_id=category_id)
    )


@router.get("/web-ui/articles-sections", responses=_JSON)
async def list_sections(
    articlesonly: bool = False,
    active: bool = True,
    category_ids: Annotated[str | None, Query(alias="categoryIds")] = None,
) -> Response:
    """Home sections (no categoryIds), or the sections of those categories (comma-joined)."""
    ids = svc.parse_id_list(category_ids)
    ids_key = tuple(sorted(set(ids))) if ids is not None else None
    return await _cached(
        "sections",
        (articlesonly, active, ids_key),
        partial(svc.sections, articles_only=articlesonly, active=active, category_ids=ids),
    )


@router.get("/web-ui/articles-sections/{section_id}", responses=_JSON)
async def get_section(section_id: int) -> Response:
    return await _cached("section", section_id, partial(svc.get_section, section_id=section_id))


@router.get("/web-ui/promotions/banner", responses=_JSON)
async def list_banner_promotions() -> Response:
    """The rotating banner: active promotions shown on the banner that have a text."""
    return await _cached("banner", (), svc.banner_promotions)


@router.get("/web-ui/promotions", responses=_JSON)
async def list_promotions(
    category_id: Annotated[int | None, Query(alias="categoryId")] = None,
    active: bool | None = None,
) -> Response:
    return await _cached(
        "promotions",
        (category_id, active),
        partial(svc.promotions, category_id=category_id, active=active),
    )


@router.get("/web-ui/articles", responses=_JSON)
async def list_articles(
    categoryid: int | None = None,
    category_id: Annotated[int | None, Query(alias="categoryId")] = None,
    section_id: Annotated[int | None, Query(alias="sectionId")] = None,
    page: int = 1,
    size: int = svc.DEFAULT_PAGE_SIZE,
    sort: str = "popular",
    shop_by: Annotated[list[str] | None, Query(alias="shopBy")] = None,
    brand: Annotated[list[str] | None, Query()] = None,
    origin: Annotated[list[str] | None, Query()] = None,
) -> Response:
    """A page of articles: {items, total, page, size, pages, sort, facets}.

    `categoryid` is spelt as the spec writes it; `categoryId` is accepted too. Sizes above 100
    are capped at 100; there is no "all" (the UI's "Tout voir" pages through 100 at a time).
    """
    query = svc.page_query(
        category_id=categoryid if categoryid is not None else category_id,
        section_id=section_id,
        page=page,
        size=size,
        sort=sort,
        shop_by=_split(shop_by),
        brands=_split(brand),
        origins=_split(origin),
    )
    return await _cached("articles", query, partial(svc.articles_page, **query.as_kwargs()))


@router.get("/articles/{article_id}", responses=_JSON)
async def get_article(article_id: int) -> Response:
    """The product page; 404 "Produit non trouvé"."""
    return await _cached("article", article_id, partial(svc.get_article, article_id=article_id))


@router.get("/articles/{article_id}/related", responses=_JSON)
async def list_related(article_id: int) -> Response:
    """Related articles ("Vous pourriez aussi aimer"): up to 6 of the same category, not itself."""
    return await _cached(
        "related", article_id, partial(svc.related_articles, article_id=article_id)
    )
