"""Pages answered with the server's preview of their data already in the HTML.

For a browser asking for the home, `/produit/{id}`, `/products`, `/level-one-products` or
`/full-products` (with a category), the middleware takes the built page (the SPA fallback with
its loading shell, or the prerendered page), writes the preview into it and answers; anything
else, a page it cannot build (no such article or category, no production build) or any failure
goes on to the static files unchanged, so the preview can only add to a page, never break it.

Every page it answers, the home included, also carries the `<head>` tags of a shared link
(grocer.web.link_preview): title, description, canonical, Open Graph, Twitter card, JSON-LD.
Link-preview crawlers get the same page whatever their `Accept` header, and HEAD is answered
with the page's headers.
"""

from __future__ import annotations

import gzip
import logging
import re
from functools import lru_cache
from pathlib import Path
from typing import Any
from urllib.parse import parse_qs

import anyio
from starlette.datastructures import Headers
from starlette.types import ASGIApp, Receive, Scope, Send

from grocer.db import session_scope
from grocer.services import catalogue
from grocer.settings import get_settings
from grocer.views.catalogue import product_id_from_path, product_view
from grocer.views.styles import SLOT_ID
from grocer.web import link_preview, preview_data, preview_html
from grocer.web.build import built_pages_dir
from grocer.web.loading_shell import PREVIEW_MARK

log = logging.getLogger(__name__)

PRODUCT_PATH = re.compile(r"^/produit/[0-9]+/?\Z")  # ASCII digits (\d: any script), no "\n"
CATEGORY_PAGES: dict[str, str] = {
    "/products": "products.html",
    "/level-one-products": "level-one-products.html",
}
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


def product_page(pages: Path, product_id: int, for_url: str) -> str | None:
    """The SPA fallback with the product's preview in its loading shell."""
    page = _template(pages, SHELL_PAGE)
    if page is None or PREVIEW_MARK not in page or not product_id:
        return None
    with session_scope() as db:
        article = preview_data.article(db, product_id)
    if article is None:
        return None
    view = product_view(article)
    preview = preview_html.wrap(for_url, preview_html.product(view))
    back = preview_html.back_home()
    shell_main = f'<main class="mx-auto w-full max-w-7xl px-4">{back}{preview}</main>'
    page = page.replace(PREVIEW_MARK, shell_main, 1)
    return _with_head(page, link_preview.product_meta(article, view))


def category_page(pages: Path, path: str, query: str, for_url: str) -> str | None:
    """The prerendered category page with the category's preview in its slot."""
    page = _template(pages, CATEGORY_PAGES[path])
    params = parse_qs(query)
    main_id, category_id = (
        catalogue.parse_id((params.get(name) or [""])[0])
        for name in ("mainCategoryId", "categoryId")
    )
    if page is None or not main_id or _SLOT.search(page) is None:
        return None
    with session_scope() as db:
        data = preview_data.category(db, main_id, category_id)
    if data is None:
        return None
    preview = preview_html.wrap(for_url, preview_html.category(data))
    page = _SLOT.sub(lambda m: m.group(1) + preview + m.group(2), page, count=1)
    canonical = link_preview.category_path(path, main_id, category_id)
    return _with_head(page, link_preview.category_meta(canonical, data))


def full_products_page(pages: Path, query: str, for_url: str) -> str | None:
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
        data = preview_data.full_products(db, main_id, category_id, section_id)
    if data is None:
        return None
    if not REFINE_PARAMS & params.keys():
        preview = preview_html.wrap(for_url, preview_html.full_products(data))
        page = _SLOT.sub(lambda m: m.group(1) + preview + m.group(2), page, count=1)
    canonical = link_preview.category_path(FULL_PRODUCTS, main_id, category_id, section_id)
    return _with_head(page, link_preview.listing_meta(canonical, data))


def _with_head(page: str, meta: link_preview.PageMeta) -> str:
    return link_preview.with_head(page, meta, get_settings().public_base_url)


def home_page(pages: Path, for_url: str) -> str | None:
    """The prerendered home with its sections in the slot (when it has any) and the shop's
    head tags."""
    page = _template(pages, HOME_PAGE)
    if page is None or _SLOT.search(page) is None:
        return None
    with session_scope() as db:
        sections = preview_data.home(db)
    if sections:
        preview = preview_html.wrap(for_url, preview_html.home(sections))
        page = _SLOT.sub(lambda m: m.group(1) + preview + m.group(2), page, count=1)
    return _with_head(page, link_preview.site_meta("/"))


def build_page(pages: Path, path: str, query: str) -> str | None:
    """The page with its preview, or None to let the static files answer."""
    for_url = f"{path}?{query}" if query else path
    if PRODUCT_PATH.match(path):
        return product_page(pages, product_id_from_path(path), for_url)
    if path in CATEGORY_PAGES:
        return category_page(pages, path, query, for_url)
    if path == FULL_PRODUCTS:
        return full_products_page(pages, query, for_url)
    if path == "/":
        return home_page(pages, for_url)
    return None


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
            pages = self.pages or built_pages_dir()
            page = await anyio.to_thread.run_sync(build_page, pages, path, query)
        except Exception:  # the preview only adds to a page: without it the page still works
            log.exception("page preview failed for %s", path)
            page = None
        if page is None:
            await self.app(scope, receive, send)
            return
        use_gzip = "gzip" in headers.get("accept-encoding", "")
        await _send_html(page, use_gzip, scope["method"] == "HEAD", send)


@lru_cache(maxsize=32)
def _gzipped(body: bytes) -> bytes:
    """The compressed page, kept for the pages every visitor gets alike (the home)."""
    return gzip.compress(body, compresslevel=6)


async def _send_html(page: str, use_gzip: bool, head_only: bool, send: Send) -> None:
    body = page.encode("utf-8")
    headers: list[tuple[bytes, Any]] = [
        (b"content-type", b"text/html; charset=utf-8"),
        (b"cache-control", b"no-cache"),
        (b"vary", b"Accept-Encoding"),
    ]
    if use_gzip:
        body = _gzipped(body)
        headers.append((b"content-encoding", b"gzip"))
    headers.append((b"content-length", str(len(body)).encode()))
    await send({"type": "http.response.start", "status": 200, "headers": headers})
    await send({"type": "http.response.body", "body": b"" if head_only else body})
