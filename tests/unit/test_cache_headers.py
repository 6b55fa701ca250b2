"""Which static answers get which cache lifetime (grocer/web/cache_headers.py)."""

from __future__ import annotations

from pathlib import Path

from starlette.applications import Starlette
from starlette.responses import JSONResponse
from starlette.routing import Mount, Route
from starlette.staticfiles import StaticFiles
from starlette.testclient import TestClient

from grocer.web.cache_headers import IMMUTABLE, NO_CACHE, SHORT, StaticCacheHeaders


def _client(tmp_path: Path) -> TestClient:
    (tmp_path / "assets").mkdir()
    (tmp_path / "assets" / "entry-abc123.js").write_text("export {};")
    (tmp_path / "img").mkdir()
    (tmp_path / "img" / "logo.svg").write_text("<svg/>")
    (tmp_path / "index.html").write_text("<html></html>")
    (tmp_path / "sw.js").write_text("self.addEventListener('fetch', () => {});")

    async def ping(_request: object) -> JSONResponse:
        return JSONResponse({"status": "ok"})

    app = Starlette(
        routes=[
            Route("/api/v1/health", ping, methods=["GET", "POST"]),
            Mount("/", StaticFiles(directory=tmp_path, html=True)),
        ]
    )
    return TestClient(StaticCacheHeaders(app))


def test_hashed_assets_are_kept_for_a_year(tmp_path: Path) -> None:
    answer = _client(tmp_path).get("/assets/entry-abc123.js")
    assert answer.status_code == 200
    assert answer.headers["cache-control"] == IMMUTABLE


def test_named_images_are_kept_an_hour(tmp_path: Path) -> None:
    assert _client(tmp_path).get("/img/logo.svg").headers["cache-control"] == SHORT


def test_pages_api_and_missing_files_are_left_alone(tmp_path: Path) -> None:
    client = _client(tmp_path)
    assert "cache-control" not in client.get("/").headers
    assert "cache-control" not in client.get("/api/v1/health").headers
    assert "cache-control" not in client.post("/api/v1/health").headers
    missing = client.get("/assets/gone-000.js")
    assert missing.status_code == 404
    assert "cache-control" not in missing.headers


def test_the_service_worker_is_checked_on_every_visit(tmp_path: Path) -> None:
    """A new build's worker must reach a returning shopper (grocer.web.service_worker)."""
    assert _client(tmp_path).get("/sw.js").headers["cache-control"] == NO_CACHE
