"""Every kind of answer of the shop carries the browser-hardening headers, on SQLite and
PostgreSQL: the app's own ASGI stack (Reflex's routes, the frontend's static files over a small
build, then the transformers grocer/grocer.py registers, in its order), driven through httpx."""

from __future__ import annotations

import gzip
import re
from collections.abc import Iterator
from pathlib import Path

import pytest
import sqlalchemy as sa
from fastapi.testclient import TestClient
from sqlmodel import Session
from starlette.applications import Starlette
from starlette.types import ASGIApp

from grocer.seed.loader import load_demo
from grocer.services.catalogue import A
from grocer.web.loading_shell import add_shell
from grocer.web.security_headers import (
    HSTS,
    NOTHING_POLICY,
    SecurityHeaders,
    inline_scripts,
    script_hash,
)

HTML = {"accept": "text/html,application/xhtml+xml"}
PAGE = (
    '<!DOCTYPE html><html lang="fr"><head><script>document.documentElement.lang="fr";</script>'
    '<script type="module" src="/assets/entry-abc123.js"></script></head>'
    '<body><div id="top">Grocer</div>'
    '<script>window.__reactRouterContext = {"basename":"/"};</script></body></html>'
)
FALLBACK = (
    '<!DOCTYPE html><html lang="fr"><head></head><body>'
    "<script>window.__reactRouterContext = {};</script></body></html>"
)


def write_build(web: Path) -> None:
    """A production build's shape: prerendered page, SPA fallback with the loading shell, 404,
    a hashed script with its gzip twin (Reflex serves precompressed files)."""
    pages = web / "build" / "client"
    (pages / "assets").mkdir(parents=True)
    (pages / "index.html").write_text(PAGE)
    (pages / "__spa-fallback.html").write_text(add_shell(FALLBACK))
    (pages / "404.html").write_text(add_shell(FALLBACK))
    script = b"export const shop = 1;\n"
    (pages / "assets" / "entry-abc123.js").write_bytes(script)
    (pages / "assets" / "entry-abc123.js.gz").write_bytes(gzip.compress(script))


def shop_stack(app: object) -> ASGIApp:
    """What `rx.App.__call__` serves, without compiling: Reflex's own routes (/ping, the
    websocket) and the frontend's static files, wrapped by the app's api_transformer list."""
    from reflex.utils.exec import get_frontend_mount

    inner: ASGIApp = Starlette(routes=[*app._api.routes, get_frontend_mount(router=app.router)])  # type: ignore[attr-defined]
    for transformer in app.api_transformer:  # type: ignore[attr-defined]
        if isinstance(transformer, Starlette):
            transformer.mount("", inner)
            inner = transformer
        else:
            inner = transformer(inner)
    return inner


@pytest.fixture(scope="module")
def stack(tmp_path_factory: pytest.TempPathFactory) -> Iterator[ASGIApp]:
    web = tmp_path_factory.mktemp("web")
    write_build(web)
    with pytest.MonkeyPatch.context() as patch:
        patch.setenv("REFLEX_WEB_WORKDIR", str(web))  # where Reflex and the middlewares look
        from grocer.grocer import app

        yield shop_stack(app)


@pytest.fixture
def shop(stack: ASGIApp, database: sa.Engine) -> Iterator[TestClient]:
    with Session(database) as db:
        load_demo(db)
        db.commit()
    with TestClient(stack) as client:
        yield client


def assert_hardened(answer: object, tls: bool = False) -> str:
    """The hardening headers, with the page's policy on a page (HTML) and the policy that lets
    nothing run or load on any other answer."""
    headers = answer.headers  # type: ignore[attr-defined]
    policy = headers["content-security-policy"]
    if headers.get("content-type", "").startswith("text/html"):
        assert policy.startswith("default-src 'self'; script-src 'self' ")
        for directive in ("object-src 'none'", "base-uri 'none'", "frame-ancestors 'none'"):
            assert directive in policy
    else:
        assert policy == NOTHING_POLICY
    assert headers["x-content-type-options"] == "nosniff"
    assert headers["referrer-policy"] == "strict-origin-when-cross-origin"
    assert headers["x-frame-options"] == "DENY"
    assert headers.get("strict-transport-security") == (HSTS if tls else None)
    return policy


def assert_scripts_allowed(answer: object) -> None:
    """Every inline script of the page as served has its hash in the page's own policy."""
    policy = answer.headers["content-security-policy"]  # type: ignore[attr-defined]
    scripts = inline_scripts(answer.text)  # type: ignore[attr-defined]
    assert scripts
    assert all(script_hash(code) in policy for code in scripts)


def _article(engine: sa.Engine) -> int:
    with engine.connect() as conn:
        return int(conn.execute(sa.select(A.c.id).where(A.c.key == "grosse-papaye")).scalar_one())


def test_every_kind_of_answer_carries_the_headers(shop: TestClient, database: sa.Engine) -> None:
    answers = {
        "API JSON": shop.get("/api/v1/categories"),
        "API 404": shop.get("/api/v1/articles/999999"),
        "API 400": shop.post(
            "/api/v1/auth/login", content=b"{not json", headers={"content-type": "application/json"}
        ),
        "OpenAPI schema": shop.get("/api/v1/openapi.json"),
        "docs (off)": shop.get("/api/v1/docs"),
        "ping": shop.get("/ping"),
        "static script": shop.get("/assets/entry-abc123.js", headers={"accept-encoding": "gzip"}),
        "static 404": shop.get("/assets/gone-000.js"),
        "page": shop.get("/", headers=HTML),
        "product page with preview": shop.get(f"/produit/{_article(database)}", headers=HTML),
        "unknown page": shop.get("/nulle-part", headers=HTML),
        "HEAD": shop.head("/"),
    }
    statuses = {name: answer.status_code for name, answer in answers.items()}
    assert statuses == {
        "API JSON": 200,
        "API 404": 404,
        "API 400": 400,
        "OpenAPI schema": 200,
        "docs (off)": 404,
        "ping": 200,
        "static script": 200,
        "static 404": 404,
        "page": 200,
        "product page with preview": 200,
        "unknown page": 404,
        "HEAD": 200,
    }
    for answer in answers.values():
        assert_hardened(answer)
    assert answers["static script"].headers["content-encoding"] == "gzip"
    assert 'id="grocer-preview"' in answers["product page with preview"].text
    for name in ("page", "product page with preview", "unknown page"):
        assert_scripts_allowed(answers[name])


def test_the_policy_allows_the_pages_own_websocket(shop: TestClient) -> None:
    policy = assert_hardened(shop.get("/", headers={**HTML, "host": "shop.example:3000"}))
    connect = re.search(r"connect-src ([^;]+)", policy)
    assert connect is not None
    assert {"'self'", "ws://shop.example:3000", "wss://shop.example:3000"} <= set(
        connect.group(1).split()
    )


def test_hsts_only_over_tls(stack: ASGIApp, database: sa.Engine) -> None:
    with TestClient(stack, base_url="https://shop.example") as client:
        assert_hardened(client.get("/ping"), tls=True)
        assert_hardened(client.get("/", headers=HTML), tls=True)


# --- Swagger UI, when GROCER_API_DOCS turns it on ------------------------------------------


@pytest.fixture
def docs(monkeypatch: pytest.MonkeyPatch, database: sa.Engine) -> Iterator[TestClient]:
    from grocer.api.app import create_api
    from grocer.settings import get_settings

    monkeypatch.setenv("GROCER_API_DOCS", "1")
    get_settings.cache_clear()
    app = SecurityHeaders(create_api(), pages=Path("/nonexistent"), api_url="")
    with TestClient(app) as client:
        yield client


def test_the_docs_load_only_this_origins_files_and_no_inline_script(docs: TestClient) -> None:
    page = docs.get("/api/v1/docs")
    assert page.status_code == 200
    assert_hardened(page)
    assert inline_scripts(page.text) == []
    sources = re.findall(r'<script src="([^"]+)"', page.text)
    sheets = re.findall(r'<link rel="stylesheet" href="([^"]+)"', page.text)
    assert sources and sheets
    for url in (*sources, *sheets):
        assert url.startswith("/api/v1/docs/"), url  # this origin, no CDN
        answer = docs.get(url)
        assert answer.status_code == 200, url
        assert answer.headers["content-type"].startswith(("text/javascript", "text/css"))
        assert_hardened(answer)
    assert 'data-openapi="/api/v1/openapi.json"' in page.text
    assert docs.get("/api/v1/openapi.json").status_code == 200
    missing = docs.get("/api/v1/docs/index.html")
    assert missing.status_code == 404 and missing.json()["key"] == "errors.notFound"
