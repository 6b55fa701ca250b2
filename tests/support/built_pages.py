"""A production build's pages as the build plugins leave them, written from templates, and a
stand-in for the static files behind the page middlewares (tests of grocer/web)."""

from __future__ import annotations

from pathlib import Path

from starlette.requests import Request
from starlette.responses import PlainTextResponse

from grocer.web.loading_shell import add_shell

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
