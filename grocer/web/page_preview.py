"""Pages answered with the server's preview of their data already in the HTML.

For a browser asking for the home, `/produit/{id}`, `/products`, `/level-one-products` or
`/full-products` (with a category), the middleware takes the built page (the SPA fallback with
its loading shell, or the prerendered page), writes the preview into it and answers; anything
else, a page it cannot build (no such article or category, no production build) or any failure
goes on to the static files unchanged, so the preview can only add to a page, never break it.

A level-1 category's address is answered with its first level-2 page (spec 001 §2: the first
level-2 is chosen and the address moves to it), which puts its own address in the bar as it is
parsed: the shopper waits for no redirect and the app hydrates no page only to leave it.

Every page it answers, the home included, also carries the `<head>` tags of a shared link
(grocer.web.link_preview): title, description, canonical, Open Graph, Twitter card, JSON-LD.
Link-preview crawlers get the same page whatever their `Accept` header, and HEAD is answered
with the page's headers.

Every page is written in the request's language (grocer.services.languages.page_language:
`?lang=`, the `grocer_lang` cookie, Accept-Language, French): the preview's names and words, the
head tags and `<html lang>`. So the answer varies on Cookie and Accept-Language (and says
`Content-Language`, which the service worker compares with the shopper's language before it
answers a page from its cache).
"""

from __future__ import annotations

import gzip
import logging
import re
from dataclasses import replace
from functools import lru_cache
from pathlib import Path
from typing import Any
from urllib.parse import parse_qs, parse_qsl, urlencode, urlsplit

import anyio
from starlette.datastructures import Headers
from starlette.types import ASGIApp, Receive, Scope, Send

from grocer.components.i18n import FIRST_RENDER_NAMESPACES
from grocer.db import session_scope
from grocer.services import catalogue
from grocer.services.errors import NotFound, ValidationFailed
from grocer.services.languages import DEFAULT_LANGUAGE, page_language
from grocer.settings import get_settings
from grocer.views.catalogue import category_node, product_id_from_path, product_view
from grocer.views.locale_text import label
from grocer.views.styles import SLOT_ID
from grocer.web import link_preview, preview_data, preview_html
from grocer.web.build import built_pages_dir
from grocer.web.hero_preload import with_hero_preload
from grocer.web.loading_shell import PREVIEW_MARK

log = logging.getLogger(__name__)

PRODUCT_PATH = re.compile(r"^/produit/[0-9]+/?\Z")  # ASCII digits (\d: any script), no "\n"
CATEGORY_PAGES: dict[str, str] = {
    "/products": "products.html",
    "/level-one-products": "level-one-products.html",
}
LEVEL_ONE = "/level-one-products"
FULL_PRODUCTS = "/full-products"
HOME_PAGE = "index.html"
FULL_PRODUCTS_PAGE = "full-products.html"
REFINE_PARAMS = frozenset({"sort", "shopBy", "brand", "origin"})
"""A listing refined by the shopper shows other cards than the preview would: no preview."""
SHELL_PAGE = "__spa-fallback.html"
_SLOT = re.compile(rf'(<div id="{SLOT_ID}"[^>]*>)(</div>)')


_templates: dict[Path, tuple[float, str]] = {}


def _template(pages: Path, name: str) -> str | None:
    """A built page's HTML (re-read when a new build replaces it), or None without a build."""
    path = pages / name
    try:
        mtime = path.stat().st_mtime
    except OSError:
        return None
    cached = _templates.get(path)
    if cached is None or cached[0] != mtime:
        cached = (mtime, path.read_text(encoding="utf-8"))
        _templates[path] = cached
    return cached[1]


def product_page(
    pages: Path, product_id: int, for_url: str, lang: str = DEFAULT_LANGUAGE
) -> str | None:
    """The SPA fallback with the product's preview in its loading shell."""
    page = _template(pages, SHELL_PAGE)
    if page is None or PREVIEW_MARK not in page or not product_id:
        return None
    with session_scope() as db:
        article = preview_data.article(db, product_id, lang)
    if article is None:
        return None
    view = product_view(article)
    preview = preview_html.wrap(for_url, preview_html.product(view, lang))
    back = preview_html.back_home(lang)
    shell_main = f'<main class="mx-auto w-full max-w-7xl px-4">{back}{preview}</main>'
    page = page.replace(PREVIEW_MARK, shell_main, 1)
    # The product itself, for the app to draw (and answer taps) before the state's copy.
    page = page.replace("</head>", preview_html.product_data(view) + "</head>", 1)
    return _with_head(page, link_preview.product_meta(article, view, lang), for_url)


def category_page(
    pages: Path,
    path: str,
    query: str,
    for_url: str,
    lang: str = DEFAULT_LANGUAGE,
    moved: bool = False,
) -> str | None:
    """The prerendered category page with the category's preview in its slot (`moved`: served
    at another address, which the page leaves for `for_url` as it is parsed)."""
    page = _template(pages, CATEGORY_PAGES[path])
    params = parse_qs(query)
    main_id, category_id = (
        catalogue.parse_id((params.get(name) or [""])[0])
        for name in ("mainCategoryId", "categoryId")
    )
    if page is None or not main_id or _SLOT.search(page) is None:
        return None
    with session_scope() as db:
        data = preview_data.category(db, main_id, category_id, lang)
    if data is None:
        return None
    preview = preview_html.wrap(for_url, preview_html.category(data, lang), moved)
    page = _SLOT.sub(lambda m: m.group(1) + preview + m.group(2), page, count=1)
    canonical = link_preview.category_path(path, main_id, category_id)
    return _with_head(page, link_preview.category_meta(canonical, data, lang), for_url)


def full_products_page(
    pages: Path, query: str, for_url: str, lang: str = DEFAULT_LANGUAGE
) -> str | None:
    """The prerendered full-products page with the listing's preview in its slot (unless the
    shopper refined it) and its head tags."""
    page = _template(pages, FULL_PRODUCTS_PAGE)
    params = parse_qs(query)
    main_id, category_id, section_id = (
        catalogue.parse_id((params.get(name) or [""])[0])
        for name in ("mainCategoryId", "categoryId", "sectionId")
    )
    if page is None or _SLOT.search(page) is None:
        return None
    with session_scope() as db:
        data = preview_data.full_products(db, main_id, category_id, section_id, lang)
    if data is None:
        return None
    if not data["title"]:  # nothing named: every article, as the page titles it
        data = {**data, "title": label("catalogue:allProducts", lang)}
    if not REFINE_PARAMS & params.keys():
        preview = preview_html.wrap(for_url, preview_html.full_products(data, lang))
        page = _SLOT.sub(lambda m: m.group(1) + preview + m.group(2), page, count=1)
    canonical = link_preview.category_path(FULL_PRODUCTS, main_id, category_id, section_id)
    return _with_head(page, link_preview.listing_meta(canonical, data, lang), for_url)


def _with_head(page: str, meta: link_preview.PageMeta, for_url: str) -> str:
    """The page with its head tags and `<html lang>`; a language asked in the address
    (`?lang=`) stays in its canonical address."""
    asked = "lang" in parse_qs(urlsplit(for_url).query)
    if asked:
        meta = replace(meta, lang_in_url=True)
    page = link_preview.with_head(page, meta, get_settings().public_base_url)
    return with_hero_preload(with_locale_preloads(page, meta.lang))


def with_locale_preloads(page: str, lang: str) -> str:
    """The page with its language's first-render translations asked for with the HTML (not
    French: it is bundled). The app hydrates in French and switches once they are in: asked
    for early, they are in when it hydrates, so its own labels follow the preview's at once."""
    if lang == DEFAULT_LANGUAGE or "</head>" not in page:
        return page
    links = "".join(
        f'<link rel="preload" as="fetch" crossorigin="anonymous" fetchpriority="low" '
        f'href="/locales/{lang}/{ns}.json">'
        for ns in FIRST_RENDER_NAMESPACES
    )
    return page.replace("</head>", links + "</head>", 1)


def home_page(pages: Path, for_url: str, lang: str = DEFAULT_LANGUAGE) -> str | None:
    """The prerendered home with its sections in the slot (when it has any) and the shop's
    head tags."""
    page = _template(pages, HOME_PAGE)
    if page is None or _SLOT.search(page) is None:
        return None
    with session_scope() as db:
        sections = preview_data.home(db, lang)
    if sections:
        preview = preview_html.wrap(for_url, preview_html.home(sections, lang))
        page = _SLOT.sub(lambda m: m.group(1) + preview + m.group(2), page, count=1)
    return _with_head(page, link_preview.site_meta("/", lang), for_url)


def moved_page(pages: Path, target: str, lang: str = DEFAULT_LANGUAGE) -> str | None:
    """The level-2 page a level-1 address moves to (`target`, level_one_target's), answered at
    the level-1 address: the page puts its own address in the bar before the app starts."""
    path, _, query = target.partition("?")
    if path not in CATEGORY_PAGES:
        return None
    return category_page(pages, path, query, target, lang, moved=True)


def build_page(pages: Path, path: str, query: str, lang: str = DEFAULT_LANGUAGE) -> str | None:
    """The page with its preview in `lang`, or None to let the static files answer."""
    for_url = f"{path}?{query}" if query else path
    if PRODUCT_PATH.match(path):
        return product_page(pages, product_id_from_path(path), for_url, lang)
    if path in CATEGORY_PAGES:
        return category_page(pages, path, query, for_url, lang)
    if path == FULL_PRODUCTS:
        return full_products_page(pages, query, for_url, lang)
    if path == "/":
        return home_page(pages, for_url, lang)
    return None


def level_one_target(path: str, query: str) -> str | None:
    """Where a level-1 category's page without a level-2 moves the shopper (spec 001 §2: the
    first visible level-2 is chosen and the address moves to it), so that the server answers
    with that page at once instead of the app hydrating a page only to leave it; None when the
    page stays (a level-2 named, no such category, none under it)."""
    if path != LEVEL_ONE:
        return None
    pairs = parse_qsl(query, keep_blank_values=True)
    named = dict(pairs)
    main_id = catalogue.parse_id(named.get("mainCategoryId", ""))
    if not main_id or named.get("categoryId"):
        return None
    try:
        with session_scope() as db:
            main = category_node(catalogue.get_category(db, main_id))
    except (NotFound, ValidationFailed):
        return None
    first = catalogue.first_subcategory_id(main)
    if not first:
        return None
    rest = [(k, v) for k, v in pairs if k not in {"mainCategoryId", "categoryId"}]
    target = [("mainCategoryId", str(main_id)), ("categoryId", str(first)), *rest]
    return f"/products?{urlencode(target)}"


def previewed(path: str) -> bool:
    """Whether the middleware may answer this path."""
    return (
        path == "/"
        or path in CATEGORY_PAGES
        or path == FULL_PRODUCTS
        or PRODUCT_PATH.match(path) is not None
    )


class PagePreview:
    """ASGI middleware: GET (or HEAD) of a previewed page by a browser or a link-preview
    crawler → the page with its preview and its head tags."""

    def __init__(self, app: ASGIApp, pages: Path | None = None) -> None:
        self.app = app
        self.pages = pages

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        path = scope.get("path", "")
        if (
            scope["type"] != "http"
            or scope.get("method") not in {"GET", "HEAD"}
            or not previewed(path)
        ):
            await self.app(scope, receive, send)
            return
        headers = Headers(scope=scope)
        if not link_preview.wants_page(headers.get("accept", ""), headers.get("user-agent", "")):
            await self.app(scope, receive, send)
            return
        query = scope.get("query_string", b"").decode("latin-1")
        try:
            target = await anyio.to_thread.run_sync(level_one_target, path, query)
        except Exception:  # the page itself still moves the shopper
            log.exception("level-1 move failed for %s", path)
            target = None
        lang = page_language(query, headers)
        pages = self.pages or built_pages_dir()
        try:
            # A level-1 address gets its level-2 page itself, which puts its own address in the
            # bar as it is parsed: a redirect cost a round trip before anything painted (LCP on
            # slow 4G, issue 21).
            page = await (
                anyio.to_thread.run_sync(moved_page, pages, target, lang)
                if target is not None
                else anyio.to_thread.run_sync(build_page, pages, path, query, lang)
            )
        except Exception:  # the preview only adds to a page: without it the page still works
            log.exception("page preview failed for %s", path)
            page = None
        if page is None:
            if target is not None:
                await _send_redirect(target, send)
            else:
                await self.app(scope, receive, send)
            return
        use_gzip = "gzip" in headers.get("accept-encoding", "")
        await _send_html(page, use_gzip, scope["method"] == "HEAD", send, lang)


@lru_cache(maxsize=32)
def _gzipped(body: bytes) -> bytes:
    """The compressed page, kept for the pages every visitor gets alike (the home, once per
    language: the key is the page itself). At the highest level: a page compressed once and
    sent often, whose bytes a phone waits for."""
    return gzip.compress(body, compresslevel=9)


VARY = b"Accept-Encoding, Cookie, Accept-Language"
"""What the page depends on: its compression, and its language (the cookie, the header)."""


async def _send_redirect(target: str, send: Send) -> None:
    """A temporary redirect (the first level-2 category may change)."""
    headers = [(b"location", target.encode("latin-1")), (b"content-length", b"0")]
    await send({"type": "http.response.start", "status": 307, "headers": headers})
    await send({"type": "http.response.body", "body": b""})


async def _send_html(
    page: str, use_gzip: bool, head_only: bool, send: Send, lang: str = DEFAULT_LANGUAGE
) -> None:
    body = page.encode("utf-8")
    headers: list[tuple[bytes, Any]] = [
        (b"content-type", b"text/html; charset=utf-8"),
        (b"cache-control", b"no-cache"),
        (b"vary", VARY),
        (b"content-language", lang.encode("ascii")),
    ]
    if use_gzip:
        body = _gzipped(body)
        headers.append((b"content-encoding", b"gzip"))
    headers.append((b"content-length", str(len(body)).encode()))
    await send({"type": "http.response.start", "status": 200, "headers": headers})
    await send({"type": "http.response.body", "body": b"" if head_only else body})
