"""The operator's view on the real shop (issue 18): one production build served by one
process, as `make run` serves it, behind one trusted proxy hop (tests/e2e/conftest.py).

Readiness sees the database and the built pages; every answer (a page, a script, the API)
carries a request id, the proxy's own when it looks like one; the metrics count pages, static
files and API routes by kind or template, and the websocket events a shopper's tab sends, by
handler."""

from __future__ import annotations

import re
from typing import Any

import httpx
from playwright.sync_api import Page, expect

from tests.e2e.conftest import METRICS_TOKEN
from tests.support.accounts import bearer
from tests.support.browser import wait_hydrated
from tests.support.metrics import metric

API = "/api/v1"


def scrape(shop: str) -> str:
    answer = httpx.get(f"{shop}{API}/metrics", headers=bearer(METRICS_TOKEN))
    assert answer.status_code == 200, answer.text
    return answer.text


def test_the_running_shop_is_ready_with_its_database_and_built_pages(shop: str) -> None:
    answer = httpx.get(f"{shop}{API}/ready")

    assert answer.status_code == 200
    assert answer.json() == {
        "status": "ready",
        "checks": {"database": "ok", "redis": "not used", "frontend": "ok"},
    }


def test_pages_scripts_and_the_api_each_carry_a_request_id(shop: str) -> None:
    home = httpx.get(f"{shop}/")
    script = re.search(r'"(/assets/[^"]+\.js)"', home.text)
    assert script, "the home page names its scripts"
    answers = [home, httpx.get(f"{shop}{script.group(1)}"), httpx.get(f"{shop}{API}/health")]

    ids = [a.headers.get("x-request-id", "") for a in answers]
    assert all(re.fullmatch(r"[0-9a-f]{16}", i) for i in ids), ids
    assert len(set(ids)) == 3
    kept = httpx.get(f"{shop}/", headers={"X-Request-ID": "nginx-5f0c2a9e71d34b68"})
    assert kept.headers["x-request-id"] == "nginx-5f0c2a9e71d34b68"
    forged = httpx.get(f"{shop}/", headers={"X-Request-ID": "bad id\twith tab"})
    assert re.fullmatch(r"[0-9a-f]{16}", forged.headers["x-request-id"])


def test_metrics_need_the_token(shop: str) -> None:
    assert httpx.get(f"{shop}{API}/metrics").status_code == 401
    wrong = httpx.get(f"{shop}{API}/metrics", headers=bearer("nope-nope-nope-1"))
    assert wrong.status_code == 401


def test_metrics_count_what_a_shopper_loads_and_the_events_of_their_tab(
    shop: str, page: Page, catalogue: dict[str, Any]
) -> None:
    before = scrape(shop)
    article = catalogue["article"]

    page.goto(f"/produit/{article['id']}")
    wait_hydrated(page)
    expect(page.get_by_role("heading", level=1, name=article["name"])).to_be_visible()
    assert httpx.get(f"{shop}{API}/articles/{article['id']}").status_code == 200
    after = scrape(shop)

    def grew(name: str, **labels: str) -> float:
        return (metric(after, name, **labels) or 0) - (metric(before, name, **labels) or 0)

    assert grew("grocer_http_requests_total", method="GET", route="page", status="200") >= 1
    assert grew("grocer_http_requests_total", method="GET", route="static", status="200") >= 1
    route = f"{API}/articles/{{article_id}}"
    assert grew("grocer_http_requests_total", method="GET", route=route, status="200") == 1
    events = [
        line for line in after.splitlines() if line.startswith("grocer_websocket_events_total{")
    ]
    assert events, "the tab's events are counted"
    assert any("hydrate" in line for line in events), events
    assert "grocer_websocket_event_duration_seconds_bucket{" in after
    assert f"/produit/{article['id']}" not in after


def test_the_api_inside_the_shop_answers_unknown_paths_and_methods_itself(shop: str) -> None:
    """The API's last route finds the other routes through the request (grocer.api.app): in
    the shop, behind its middlewares and before the pages."""
    wrong_method = httpx.request("DELETE", f"{shop}{API}/categories")
    unknown = httpx.get(f"{shop}{API}/no-such-route")

    assert wrong_method.status_code == 405
    assert "GET" in wrong_method.headers["allow"]
    assert unknown.status_code == 404
    assert unknown.json()["key"] == "errors.notFound"
