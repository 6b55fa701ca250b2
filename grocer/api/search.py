"""API routes: product search and suggestions (issue 16). Thin: parse, ask the search service,
answer JSON from the catalogue cache.

Why through the catalogue cache: shoppers repeat the same few hundred queries, and the cache is
keyed on the catalogue version, which every catalogue write (and so every index change) bumps;
a cached answer is therefore never older than the index. The key is the validated
`SearchQuery`, never the raw query string. The language is `?lang=`, else the first supported
one of `Accept-Language`, else French.
"""

from __future__ import annotations

from functools import partial
from typing import Annotated

from fastapi import APIRouter, Header, Query, Response

from grocer.api.params import MAX_ID, PageNumber, shopper_language
from grocer.services import search as svc
from grocer.services.catalogue_cache import CACHE
from grocer.services.languages import LANGUAGES

router = APIRouter(tags=["search"])

_JSON = {200: {"content": {"application/json": {}}, "description": "JSON (camelCase)"}}
_Q = Annotated[
    str,
    Query(description=f"What the shopper typed (at most {svc.search_text.MAX_QUERY_LENGTH} "
                      "characters; fewer than 2 answers nothing)"),
]  # fmt: skip
_LANG = Annotated[
    str | None, Query(description=f"One of {', '.join(LANGUAGES)}; else Accept-Language")
]


def _language(lang: str | None, accept_language: str | None) -> str:
    return shopper_language(lang, accept_language)


@router.get("/search", responses=_JSON)
async def search(
    q: _Q = "",
    page: PageNumber = 1,
    size: Annotated[int, Query(ge=1, le=MAX_ID, description="Capped at 100")] = 18,
    category_id: Annotated[int | None, Query(alias="categoryId", ge=1, le=MAX_ID)] = None,
    lang: _LANG = None,
    accept_language: Annotated[str | None, Header()] = None,
) -> Response:
    """Articles matching `q`: {items, total, page, size, pages, query, facets: {categories:
    [{id, name, count}]}, didYouMean}; items in the catalogue's article shape, 18 a page."""
    query = svc.search_query(
        q, page=page, size=size, category_id=category_id, lang=_language(lang, accept_language)
    )
    body = await CACHE.serve("search", query, partial(svc.search, q=query))
    return Response(content=body, media_type="application/json")


@router.get("/search/suggest", responses=_JSON)
async def suggest(
    q: _Q = "",
    lang: _LANG = None,
    accept_language: Annotated[str | None, Header()] = None,
) -> Response:
    """At most 8 {kind: "category" | "article", id, name} for the search box, as typed."""
    language = _language(lang, accept_language)
    query = svc.search_query(q, lang=language)  # validates before the cache sees it
    body = await CACHE.serve(
        "suggest", (query.words, language), partial(svc.suggest, text=query.text, lang=language)
    )
    return Response(content=body, media_type="application/json")
