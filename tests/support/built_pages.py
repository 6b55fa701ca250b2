"""A production build's pages as the build plugins leave them, written from templates, and a
stand-in for the static files behind the page middlewares (tests of grocer/web)."""

from __future__ import annotations

from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path

import pytest
import sqlalchemy as sa
from sqlmodel import Session
from starlette.applications import Starlette
from starlette.requests import Request
from starlette.responses import PlainTextResponse
from starlette.routing import Route
from starlette.testclient import TestClient
from starlette.types import ASGIApp

from grocer import settings as grocer_settings
from grocer.seed.loader import load_demo
from grocer.web.loading_shell import add_shell
from grocer.web.page_preview import PagePreview
from grocer.web.security_headers import SecurityHeaders
from grocer.web.site_files import SiteFiles

LISTING_PAGES = ("products.html", "level-one-products.html", "full-products.html")


async def static_files(request: Request) -> PlainTextResponse:
    """What the static files would answer: says which path reached them."""
    return PlainTextResponse(f"static {request.url.path}")


def write_pages(folder: Path, listing: str, fallback: str, home: str | None = None) -> Path:
    """`folder/client` with the SPA fallback (with its loading shell), the listing pages and,
    when given, the home."""
    built = folder / "client"
    built.mkdir()
    (built / "__spa-fallback.html").write_text(add_shell(fallback))
    for name in LISTING_PAGES:
        (built / name).write_text(listing)
    if home is not None:
        (built / "index.html").write_text(home)
    return built


def page_stack(pages: Path) -> ASGIApp:
    """The shop's page middlewares, as the app stacks them, over `pages` and the stand-in
    static files."""
    inner = Starlette(routes=[Route("/{path:path}", static_files, methods=["GET", "HEAD"])])
    return SecurityHeaders(SiteFiles(PagePreview(inner, pages=pages)), pages=pages, api_url="")


@contextmanager
def demo_page_client(
    database: sa.Engine, pages: Path, base_url: str, monkeypatch: pytest.MonkeyPatch
) -> Iterator[TestClient]:
    """A client of `page_stack(pages)` on the demo catalogue, the shop's public address being
    `base_url`."""
    monkeypatch.setenv("GROCER_PUBLIC_BASE_URL", base_url + "/")
    grocer_settings.get_settings.cache_clear()
    with Session(database) as db:
        load_demo(db)
        db.commit()
    with TestClient(page_stack(pages)) as client:
        yield client
