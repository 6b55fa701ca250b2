"""The browser-hardening headers (grocer/web/security_headers.py): the policy's directives, the
hashes of the inline scripts, HSTS only over TLS, and the guard that no state handler sends code
for the browser to `eval`."""

from __future__ import annotations

import re
from pathlib import Path

import pytest
from starlette.applications import Starlette
from starlette.requests import Request
from starlette.responses import HTMLResponse, PlainTextResponse, Response
from starlette.routing import Route
from starlette.testclient import TestClient

from grocer.web import preview_html
from grocer.web import security_headers as sh
from grocer.web.loading_shell import SHELL_HTML, add_shell
from grocer.web.paint_first import paint_first

ROOT = Path(__file__).resolve().parents[2]
BUILT_PAGE = (
    '<!DOCTYPE html><html lang="fr"><head>'
    '<link rel="modulepreload" href="/assets/entry.client-abc.js"/>'
    "<script>\nconsole.log('theme');\n</script>"
    '<script src="/assets/other-def.js"></script></head><body><div id="top"></div>'
    '<script>window.__reactRouterContext = {"basename":"/"};</script>'
    '<script type="module" async="">import "/assets/manifest-1.js";\n'
    'import * as route0 from "/assets/root-2.js";\n'
    'window.__reactRouterRouteModules = {"root": route0};\n\n'
    'import("/assets/entry.client-abc.js");</script></body></html>'
)


def directives(policy: str) -> dict[str, list[str]]:
    parsed: dict[str, list[str]] = {}
    for part in policy.split(";"):
        name, *values = part.split()
        assert name not in parsed, f"{name} twice"
        parsed[name] = values
    return parsed


def write_build(pages: Path, extra_script: str = "") -> None:
    pages.mkdir(parents=True, exist_ok=True)
    page = BUILT_PAGE.replace("</body>", f"<script>{extra_script}</script></body>")
    (pages / "index.html").write_text(paint_first(page) if not extra_script else page)
    (pages / "__spa-fallback.html").write_text(
        add_shell(paint_first(BUILT_PAGE.replace('<div id="top"></div>', "")))
    )


def middleware(pages: Path, **kwargs: str) -> sh.SecurityHeaders:
    return sh.SecurityHeaders(
        PlainTextResponse("ok"),
        pages=pages,
        tile_url=kwargs.get("tile_url", "https://{s}.tile.openstreetmap.org/{z}/{x}/{y}.png"),
        api_url=kwargs.get("api_url", "http://localhost:8000"),
        recheck_seconds=0,
    )


# --- the policy -----------------------------------------------------------------------------


def test_every_directive_is_there_with_strict_scripts(tmp_path: Path) -> None:
    write_build(tmp_path)
    headers = dict(middleware(tmp_path).headers_for("shop.example:3000", tls=False))
    policy = directives(headers[b"content-security-policy"].decode())

    assert policy["default-src"] == ["'self'"]
    assert policy["script-src"][0] == "'self'"
    assert all(re.fullmatch(r"'sha256-[A-Za-z0-9+/]{43}='", s) for s in policy["script-src"][1:])
    assert "'unsafe-inline'" not in policy["script-src"]
    assert "'unsafe-eval'" not in policy["script-src"]
    assert policy["style-src"] == ["'self'", "'unsafe-inline'"]
    assert policy["img-src"] == ["'self'", "data:", "https://*.tile.openstreetmap.org"]
    assert policy["connect-src"][0] == "'self'"
    assert {"ws://shop.example:3000", "wss://shop.example:3000"} <= set(policy["connect-src"])
    assert policy["worker-src"] == ["'self'"]  # the service worker, /sw.js
    assert policy["object-src"] == ["'none'"]
    assert policy["base-uri"] == ["'none'"]
    assert policy["form-action"] == ["'self'"]
    assert policy["frame-ancestors"] == ["'none'"]
    assert headers[b"x-content-type-options"] == b"nosniff"
    assert headers[b"referrer-policy"] == b"strict-origin-when-cross-origin"
    assert headers[b"x-frame-options"] == b"DENY"


def test_the_hash_is_the_one_browsers_compute() -> None:
    """The example of the CSP specification (W3C CSP Level 3, hash-source)."""
    assert sh.script_hash("alert('Hello, world.');") == (
        "'sha256-qznLcsROx4GACP2dm0UCKCzCG+HiZ1guq6ZZDob/Tng='"
    )
    assert sh.script_hash("a\r\nb") == sh.script_hash("a\nb")  # the parser's line breaks


def test_the_shops_own_inline_scripts_are_hashed_from_their_source(tmp_path: Path) -> None:
    """The loading shell's script, the preview's currency line and a moved page's address line,
    with no build at all."""
    headers = dict(middleware(tmp_path / "no-build").headers_for("shop.example", tls=False))
    sources = directives(headers[b"content-security-policy"].decode())["script-src"]
    shell = sh.inline_scripts(SHELL_HTML)
    currency = sh.inline_scripts(preview_html.wrap("/produit/1", "<p>x</p>"))
    moved = sh.inline_scripts(preview_html.wrap("/products?categoryId=2", "<p>x</p>", moved=True))
    assert len(shell) == 1 and "MutationObserver" in shell[0]
    assert len(currency) == 1 and "preferredCurrency" in currency[0]
    assert moved[0] == currency[0] and "history.replaceState" in moved[1]
    own = {sh.script_hash(shell[0]), sh.script_hash(currency[0]), sh.script_hash(moved[1])}
    assert sources == ["'self'", *sorted(own)]


def test_every_inline_script_of_the_built_pages_is_allowed_and_no_other(tmp_path: Path) -> None:
    write_build(tmp_path)
    headers = dict(middleware(tmp_path).headers_for("shop.example", tls=False))
    sources = set(directives(headers[b"content-security-policy"].decode())["script-src"])
    for name in ("index.html", "__spa-fallback.html"):
        page = (tmp_path / name).read_text()
        scripts = sh.inline_scripts(page)
        assert scripts and 'data-paint-first=""' in page  # the paint-first starter is inline
        assert {sh.script_hash(code) for code in scripts} <= sources
    assert sh.script_hash("alert(1)") not in sources
    assert not any("other-def.js" in s for s in sh.inline_scripts(BUILT_PAGE))  # a file: 'self'


def test_data_blocks_are_not_scripts_to_allow() -> None:
    """JSON-LD (grocer.web.link_preview) is data the browser never runs: no hash for it."""
    page = (
        '<script>a()</script><script type="module">b()</script><script type=text/javascript>c()'
        '</script><script type="application/ld+json">{"@type":"Product"}</script>'
    )
    assert sh.inline_scripts(page) == ["a()", "b()", "c()"]


def test_a_new_build_brings_its_scripts_hashes(tmp_path: Path) -> None:
    write_build(tmp_path)
    guard = middleware(tmp_path)
    before = guard.headers_for("shop.example", tls=False)[0][1].decode()
    assert sh.script_hash("window.__build = 2;") not in before
    write_build(tmp_path, extra_script="window.__build = 2;")
    (tmp_path / "index.html").touch()
    after = guard.headers_for("shop.example", tls=False)[0][1].decode()
    assert sh.script_hash("window.__build = 2;") in after


@pytest.mark.parametrize(
    ("template", "source"),
    [
        ("https://tile.openstreetmap.org/{z}/{x}/{y}.png", "https://tile.openstreetmap.org"),
        ("https://{s}.tile.example.org/{z}/{x}/{y}.png", "https://*.tile.example.org"),
        ("http://127.0.0.1:8081/tiles/{z}/{x}/{y}.png", "http://127.0.0.1:8081"),
        ("/tiles/{z}/{x}/{y}.png", None),  # this origin: 'self'
        ("https://a.{s}.example.org/{z}.png", None),  # no CSP source can say it
        ("https://evil.example; script-src *", None),
    ],
)
def test_the_tile_server_goes_to_img_src(template: str, source: str | None) -> None:
    assert sh.tile_source(template) == source


def test_the_websocket_of_the_pages_host_is_allowed(tmp_path: Path) -> None:
    assert sh.websocket_sources("127.0.0.1:3000", "3000") == [
        "ws://127.0.0.1:3000",
        "wss://127.0.0.1:3000",
        "wss://127.0.0.1",
    ]
    # Behind TLS Reflex drops the port; with another backend port it keeps that one.
    assert sh.websocket_sources("shop.example", "8000") == [
        "ws://shop.example",
        "wss://shop.example",
        "ws://shop.example:8000",
    ]
    assert sh.websocket_sources("[::1]:3000") == [
        "ws://[::1]:3000",
        "wss://[::1]:3000",
        "wss://[::1]",
    ]
    # A Host that could add a directive is left out.
    assert sh.websocket_sources("evil; script-src *") == []
    headers = dict(middleware(tmp_path).headers_for("evil; script-src *", tls=False))
    policy = directives(headers[b"content-security-policy"].decode())
    assert policy["connect-src"] == ["'self'"] and policy["script-src"][0] == "'self'"


def test_a_backend_on_another_host_is_allowed_for_http_and_websocket(tmp_path: Path) -> None:
    guard = middleware(tmp_path, api_url="https://api.shop.example")
    policy = directives(guard.headers_for("shop.example", tls=True)[0][1].decode())
    assert {"https://api.shop.example", "wss://api.shop.example"} <= set(policy["connect-src"])


# --- the middleware -------------------------------------------------------------------------


def _app() -> Starlette:
    async def page(_request: Request) -> HTMLResponse:
        return HTMLResponse("<p>x</p>", headers={"X-Frame-Options": "SAMEORIGIN"})

    async def kept(_request: Request) -> Response:
        return Response(status_code=304, headers={"etag": '"v1"'})

    async def script(_request: Request) -> Response:
        return Response("self.addEventListener('fetch', () => {});", media_type="text/javascript")

    return Starlette(
        routes=[
            Route("/", page),
            Route("/sw.js", script),
            Route("/assets/app.js", script),
            Route("/kept", kept),
        ]
    )


def _client(tmp_path: Path, base_url: str) -> TestClient:
    guard = sh.SecurityHeaders(
        _app(), pages=tmp_path, tile_url="/t/{z}.png", api_url="http://localhost:3000"
    )
    return TestClient(guard, base_url=base_url)


def test_hsts_only_over_tls(tmp_path: Path) -> None:
    plain = _client(tmp_path, "http://testserver").get("/")
    assert "strict-transport-security" not in plain.headers
    forged = _client(tmp_path, "http://testserver").get("/", headers={"x-forwarded-proto": "https"})
    assert "strict-transport-security" not in forged.headers  # no trusted proxy yet
    tls = _client(tmp_path, "https://testserver").get("/")
    assert tls.headers["strict-transport-security"] == sh.HSTS
    assert "wss://testserver" in tls.headers["content-security-policy"]


def test_only_pages_and_the_service_worker_carry_the_pages_policy(tmp_path: Path) -> None:
    client = _client(tmp_path, "http://testserver")
    for path in ("/", "/sw.js"):
        policy = directives(client.get(path).headers["content-security-policy"])
        assert policy["script-src"][0] == "'self'" and "ws://testserver" in policy["connect-src"]
    script = client.get("/assets/app.js")
    assert script.headers["content-security-policy"] == sh.NOTHING_POLICY
    assert script.headers["x-content-type-options"] == "nosniff"


def test_a_304_leaves_the_kept_answers_policy_alone(tmp_path: Path) -> None:
    """A reload revalidates the page: the browser merges the 304's headers into the page it
    kept, so a policy on the 304 would become the page's (the nothing-allowed one blocked every
    script of a reloaded account page)."""
    answer = _client(tmp_path, "http://testserver").get("/kept")
    assert answer.status_code == 304
    assert "content-security-policy" not in answer.headers
    assert answer.headers["x-content-type-options"] == "nosniff"


def test_the_middleware_replaces_what_an_inner_app_set(tmp_path: Path) -> None:
    answer = _client(tmp_path, "http://testserver").get("/")
    assert answer.headers.get_list("x-frame-options") == ["DENY"]
    assert len(answer.headers.get_list("content-security-policy")) == 1


# --- nothing the policy forbids -------------------------------------------------------------

_SENDS_CODE = re.compile(r"\brx\.(call_script|call_function|run_script|console_log|download)\(")
_EVAL_EVERYWHERE = re.compile(r"\brx\.call_script\(|\bcallback=")


def _lines(folder: Path, pattern: re.Pattern[str]) -> list[str]:
    return [
        f"{path.relative_to(ROOT)}:{number}"
        for path in sorted(folder.rglob("*.py"))
        for number, line in enumerate(path.read_text(encoding="utf-8").splitlines(), 1)
        if pattern.search(line)
    ]


def test_no_state_handler_sends_code_for_the_browser_to_eval() -> None:
    """What a handler yields reaches the browser as text, which Reflex's runtime runs with
    `eval` (`.web/utils/state.js`): the policy forbids it. Code for the browser belongs in the
    compiled page (an event chain of a component, e.g. grocer/components/header.py)."""
    assert _lines(ROOT / "grocer" / "state", _SENDS_CODE) == []


def test_no_component_asks_for_eval() -> None:
    """Even in a component's event chain, `rx.call_script` sends its code as text and any
    `callback=` travels as text: both are run with `eval`. grocer.components.browser has the
    compiled equivalents."""
    assert _lines(ROOT / "grocer", _EVAL_EVERYWHERE) == []


def test_no_inline_event_handler_in_the_preview() -> None:
    """The preview is written into pages as they are served: inline handlers would be blocked."""
    markup = preview_html.wrap("/produit/1", preview_html.back_home())
    assert not re.search(r"\son[a-z]+\s*=", markup)
