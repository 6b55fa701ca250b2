"""Files for crawlers, made from the catalogue: `/robots.txt`, `/sitemap.xml` (and its parts)
and the preview pictures of shared links (`/og/produit/{id}.jpg`, `/og/categorie/{id}.jpg`,
`/og/site.jpg`, drawn by grocer.web.og_image).

An ASGI middleware like grocer.web.page_preview: GET and HEAD of these paths are answered here,
everything else goes on. An unknown product or category is a 404; a failure reading the
catalogue is a 503 that a crawler retries, never a 500 with a trace.
"""

from __future__ import annotations

import logging
import re
from collections.abc import Callable
from typing import Any

import anyio
from starlette.types import ASGIApp, Receive, Scope, Send

from grocer.db import session_scope
from grocer.services import catalogue
from grocer.services.errors import NotFound, ValidationFailed
from grocer.settings import get_settings
from grocer.web import og_image, sitemap
from grocer.web.cache_headers import SHORT

log = logging.getLogger(__name__)

OG_PATH = re.compile(r"^/og/(produit|categorie)/([0-9]{1,10})\.jpg\Z")
SITEMAP_PART = re.compile(r"^/sitemap-([0-9]{1,6})\.xml\Z")
PICTURE_CACHE = "public, max-age=604800"
"""A week: the picture's address carries a fingerprint of its source (link_preview.og_image_path),
so a new picture is a new address."""

Answer = tuple[int, str, bytes, str]
"""Status, content type, body, Cache-Control."""


def _not_found() -> Answer:
    return 404, "text/plain; charset=utf-8", b"Not found\n", "no-cache"


def _text(body: str, content_type: str, cache: str = SHORT) -> Answer:
    return 200, content_type, body.encode("utf-8"), cache


def _jpeg(data: bytes) -> Answer:
    return 200, "image/jpeg", data, PICTURE_CACHE


# --- the answers ----------------------------------------------------------------------------


def robots_txt() -> Answer:
    return _text(sitemap.robots(get_settings().public_base_url), "text/plain; charset=utf-8")


def _xml(body: str) -> Answer:
    return _text(body, "application/xml; charset=utf-8")


def sitemap_xml(part: int = 0) -> Answer:
    """`/sitemap.xml` (part 0): everything, or the index when it does not fit in one file;
    `/sitemap-{n}.xml`: the pages (n = 1) or a slice of the products."""
    base = get_settings().public_base_url
    per_file = sitemap.URLS_PER_FILE
    with session_scope() as db:
        pages: list[sitemap.Entry] = [
            ("/", None),
            *((path, None) for path in sitemap.category_paths(catalogue.category_tree(db))),
        ]
        products = catalogue.listed_article_count(db)
        files = sitemap.file_count(len(pages), products, per_file)
        if part == 0 and files == 1:
            rows = catalogue.listed_article_dates(db)
            return _xml(sitemap.urlset(base, [*pages, *sitemap.product_entries(rows)]))
        if part == 0:
            return _xml(sitemap.sitemap_index(base, files))
        if files == 1 or part > files:
            return _not_found()
        if part == 1:
            return _xml(sitemap.urlset(base, pages[:per_file]))
        rows = catalogue.listed_article_dates(db, (part - 2) * per_file, per_file)
        return _xml(sitemap.urlset(base, sitemap.product_entries(rows)))


def product_picture(product_id: int) -> Answer:
    with session_scope() as db:
        try:
            article = catalogue.get_article(db, product_id)
        except (NotFound, ValidationFailed):
            return _not_found()
    return _jpeg(og_image.preview_jpeg(article.get("imageUrl")))


def category_picture(category_id: int) -> Answer:
    with session_scope() as db:
        try:
            category = catalogue.get_category(db, category_id)
        except (NotFound, ValidationFailed):
            return _not_found()
        picture = category.get("imageUrl") or _site_picture(db)
    return _jpeg(og_image.preview_jpeg(picture))


def _site_picture(db: Any) -> str | None:
    """The shop's picture: its first banner."""
    banners = catalogue.banner_promotions(db)
    return next((b.get("imageUrl") for b in banners if b.get("imageUrl")), None)


def site_picture() -> Answer:
    with session_scope() as db:
        picture = _site_picture(db)
    return _jpeg(og_image.preview_jpeg(picture))


def answer_for(path: str) -> Callable[[], Answer] | None:
    """What answers `path`, or None when it is not one of these files."""
    if path == "/robots.txt":
        return robots_txt
    if path == "/sitemap.xml":
        return sitemap_xml
    if path == "/og/site.jpg":
        return site_picture
    part = SITEMAP_PART.match(path)
    if part:
        number = int(part.group(1))
        return (lambda: sitemap_xml(number)) if number > 0 else _not_found
    picture = OG_PATH.match(path)
    if picture:
        item_id = catalogue.parse_id(picture.group(2))
        if not item_id:
            return _not_found
        draw = product_picture if picture.group(1) == "produit" else category_picture
        return lambda: draw(item_id)
    return None


class SiteFiles:
    """ASGI middleware: GET or HEAD of robots.txt, the sitemap and the preview pictures."""

    def __init__(self, app: ASGIApp) -> None:
        self.app = app

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        make = (
            answer_for(scope.get("path", ""))
            if scope["type"] == "http" and scope.get("method") in {"GET", "HEAD"}
            else None
        )
        if make is None:
            await self.app(scope, receive, send)
            return
        try:
            status, content_type, body, cache = await anyio.to_thread.run_sync(make)
        except Exception:
            log.exception("cannot answer %s", scope.get("path"))
            status, content_type, body, cache = (
                503,
                "text/plain; charset=utf-8",
                b"Service unavailable\n",
                "no-store",
            )
        headers: list[tuple[bytes, bytes]] = [
            (b"content-type", content_type.encode()),
            (b"content-length", str(len(body)).encode()),
            (b"cache-control", cache.encode()),
        ]
        if status == 503:
            headers.append((b"retry-after", b"60"))
        await send({"type": "http.response.start", "status": status, "headers": headers})
        await send(
            {"type": "http.response.body", "body": b"" if scope["method"] == "HEAD" else body}
        )
