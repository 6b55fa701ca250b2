"""API routes: catalogue (spec 001 §7). Thin: parse the query, answer from the JSON cache.

Routes are `async` and take no session: a cache hit is a dictionary lookup on the event loop;
a miss opens its own session in the thread pool (`grocer.services.catalogue_cache`). The cache
key is always the parsed, normalised request, never the raw query: unknown parameters, their
order or spelling cannot force a miss. Bad query values are 400 "Champ invalide : <field>"
(FastAPI's validation errors are mapped to 400 in `grocer.api.app`, the hand-parsed article-page
query raises the same; range and vocabulary checks raise `ValidationFailed` in the service).
Path ids and page numbers are bounded by `grocer.api.params`.
"""

from __future__ import annotations

from collections.abc import Hashable
from functools import partial
from typing import Annotated

from fastapi import APIRouter, Header, Query, Request, Response
from starlette.datastructures import QueryParams

from grocer.api.auth import Now
from grocer.api.params import MAX_ID, PathId, in_range, shopper_language
from grocer.services import catalogue as svc
from grocer.services.catalogue_cache import CACHE, Builder
from grocer.services.errors import ValidationFailed

router = APIRouter(tags=["catalogue"])

_JSON = {200: {"content": {"application/json": {}}, "description": "JSON (camelCase)"}}
#: `?lang=` (fr, en, es, de), else Accept-Language, else French: names and descriptions.
Lang = Annotated[str | None, Query(description="fr, en, es or de; else Accept-Language")]
AcceptLanguage = Annotated[str | None, Header()]


async def _cached(endpoint: str, params: Hashable, build: Builder) -> Response:
    return Response(
        content=await CACHE.serve(endpoint, params, build), media_type="application/json"
    )


def _values(params: QueryParams, name: str) -> list[str]:
    """Comma-joined (as categoryIds in the spec) and repeated values alike:
    ?shopBy=sale,new&shopBy=local."""
    return [part for value in params.getlist(name) for part in value.split(",") if part]


@router.get("/categories", responses=_JSON)
async def list_categories(lang: Lang = None, accept_language: AcceptLanguage = None) -> Response:
    """The category bar: visible level-1 categories with levels 2 and 3 below them."""
    language = shopper_language(lang, accept_language)
    return await _cached("categories", language, partial(svc.category_tree, lang=language))


@router.get("/categories/{category_id}", responses=_JSON)
async def get_category(
    category_id: PathId, lang: Lang = None, accept_language: AcceptLanguage = None
) -> Response:
    """One category with its visible subtree and its `path` (breadcrumb)."""
    language = shopper_language(lang, accept_language)
    return await _cached(
        "category",
        (category_id, language),
        partial(svc.get_category, category_id=category_id, lang=language),
    )


@router.get("/web-ui/articles-sections", responses=_JSON)
async def list_sections(
    articlesonly: bool = False,
    active: bool = True,
    category_ids: Annotated[str | None, Query(alias="categoryIds")] = None,
    lang: Lang = None,
    accept_language: AcceptLanguage = None,
) -> Response:
    """Home sections (no categoryIds), or the sections of those categories (comma-joined)."""
    ids = svc.parse_id_list(category_ids)
    ids_key = tuple(sorted(set(ids))) if ids is not None else None
    language = shopper_language(lang, accept_language)
    return await _cached(
        "sections",
        (articlesonly, active, ids_key, language),
        partial(
            svc.sections,
            articles_only=articlesonly,
            active=active,
            category_ids=ids,
            lang=language,
        ),
    )


@router.get("/web-ui/articles-sections/{section_id}", responses=_JSON)
async def get_section(
    section_id: PathId, lang: Lang = None, accept_language: AcceptLanguage = None
) -> Response:
    language = shopper_language(lang, accept_language)
    return await _cached(
        "section",
        (section_id, language),
        partial(svc.get_section, section_id=section_id, lang=language),
    )


@router.get("/web-ui/promotions/banner", responses=_JSON)
async def list_banner_promotions(
    now: Now, lang: Lang = None, accept_language: AcceptLanguage = None
) -> Response:
    """The rotating banner: active promotions shown on the banner that have a text and run
    today (shop time, UTC); the day is part of the cache's key."""
    language = shopper_language(lang, accept_language)
    today = svc.shop_today(now)
    return await _cached(
        "banner",
        (language, today.isoformat()),
        partial(svc.banner_promotions, lang=language, today=today),
    )


@router.get("/web-ui/promotions", responses=_JSON)
async def list_promotions(
    category_id: Annotated[int | None, Query(alias="categoryId", ge=1, le=MAX_ID)] = None,
    active: bool | None = None,
    lang: Lang = None,
    accept_language: AcceptLanguage = None,
) -> Response:
    language = shopper_language(lang, accept_language)
    return await _cached(
        "promotions",
        (category_id, active, language),
        partial(svc.promotions, category_id=category_id, active=active, lang=language),
    )


def _param(name: str, schema: dict[str, object], description: str) -> dict[str, object]:
    return {"name": name, "in": "query", "required": False, "schema": schema,
            "description": description}  # fmt: skip


_INT = {"type": "integer"}
_TEXT = {"type": "string"}
_ARTICLE_PAGE_PARAMETERS = [
    _param("categoryid", _INT, "A category; its descendants' articles are included."),
    _param("categoryId", _INT, "Same as categoryid."),
    _param("sectionId", _INT, "A section's articles."),
    _param(
        "page", {"type": "integer", "minimum": 1, "maximum": MAX_ID, "default": 1}, "1-based page."
    ),
    _param("size", {"type": "integer", "minimum": 1, "default": 18}, "Capped at 100."),
    _param("sort", {"type": "string", "enum": list(svc.SORTS), "default": "popular"}, ""),
    _param(
        "shopBy", _TEXT, f"Comma-joined or repeated, combined with AND: {', '.join(svc.SHOP_BY)}."
    ),
    _param("brand", _TEXT, "Comma-joined or repeated brands, combined with OR."),
    _param("origin", _TEXT, "Comma-joined or repeated origins, combined with OR."),
    _param("lang", _TEXT, "fr, en, es or de; else Accept-Language."),
]


def _invalid(name: str) -> ValidationFailed:
    return ValidationFailed(name, f"Champ invalide : {name}", key="errors.validation")


def _int_param(params: QueryParams, name: str) -> int | None:
    raw = params.get(name)
    if raw is None or not raw.strip():
        return None
    if len(raw) > 20:  # beyond any id or page (and no long int() parsing on the event loop)
        raise _invalid(name)
    try:
        return int(raw)
    except ValueError:
        raise _invalid(name) from None


def _page_query(params: QueryParams) -> svc.PageQuery:
    """The article-page request, parsed and normalised (a bad value raises a 400): the cache
    key, so that parameters the route does not know, or spell differently, share one entry."""
    category_id = _int_param(params, "categoryid")
    page, size = _int_param(params, "page"), _int_param(params, "size")
    if page is not None and page > 0 and not in_range(page):
        raise _invalid("page")
    return svc.page_query(
        category_id=category_id if category_id is not None else _int_param(params, "categoryId"),
        section_id=_int_param(params, "sectionId"),
        page=page if page is not None else 1,
        size=size if size is not None else svc.DEFAULT_PAGE_SIZE,
        sort=params.get("sort") or "popular",
        shop_by=_values(params, "shopBy"),
        brands=_values(params, "brand"),
        origins=_values(params, "origin"),
    )


@router.get(
    "/web-ui/articles",
    responses=_JSON,
    openapi_extra={"parameters": _ARTICLE_PAGE_PARAMETERS},
)
async def list_articles(request: Request) -> Response:
    """A page of articles: {items, total, page, size, pages, sort, facets}.

    `categoryid` is spelt as the spec writes it; `categoryId` is accepted too. Sizes above 100
    are capped at 100; there is no "all" (the UI's "Tout voir" pages through 100 at a time).
    The query is parsed by hand (declared FastAPI parameters cost more than the whole cache hit
    on this, the busiest catalogue call) and its normalised form is the cache key.
    """
    query = _page_query(request.query_params)
    language = shopper_language(
        request.query_params.get("lang"), request.headers.get("accept-language")
    )
    return await _cached(
        "articles", (query, language), partial(svc.articles_page, q=query, lang=language)
    )


_PRODUCT_PAGE_PARAMETERS = [
    {"name": "article_id", "in": "path", "required": True, "description": "An id (1 to 2^31-1)",
     "schema": {"type": "integer", "minimum": 1, "maximum": MAX_ID}},
    _param("lang", _TEXT, "fr, en, es or de; else Accept-Language."),
    {"name": "accept-language", "in": "header", "required": False, "schema": _TEXT},
]  # fmt: skip


def _path_id(request: Request, name: str) -> int:
    """A path id parsed by hand: 1..2^31-1 in ASCII digits, else 400 "Champ invalide"."""
    raw = request.path_params.get(name, "")
    if not (raw.isascii() and raw.isdigit()) or len(raw) > 10 or not in_range(int(raw)):
        raise _invalid(name)
    return int(raw)


@router.get(
    "/articles/{article_id}",
    responses=_JSON,
    openapi_extra={"parameters": _PRODUCT_PAGE_PARAMETERS},
)
async def get_article(request: Request) -> Response:
    """The product page; 404 "Produit non trouvé".

    Parsed by hand like the article pages: a random product page is the commonest miss, and
    FastAPI's declared parameters cost a third of a cache hit."""
    article_id = _path_id(request, "article_id")
    language = shopper_language(
        request.query_params.get("lang"), request.headers.get("accept-language")
    )
    return await _cached(
        "article",
        (article_id, language),
        partial(svc.get_article, article_id=article_id, lang=language),
    )


@router.get("/articles/{article_id}/related", responses=_JSON)
async def list_related(
    article_id: PathId, lang: Lang = None, accept_language: AcceptLanguage = None
) -> Response:
    """Related articles ("Vous pourriez aussi aimer"): up to 6 of the same category, not itself."""
    language = shopper_language(lang, accept_language)
    return await _cached(
        "related",
        (article_id, language),
        partial(svc.related_articles, article_id=article_id, lang=language),
    )
