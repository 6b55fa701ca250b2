"""The operator's view (issue 18): readiness, Prometheus metrics, request ids and the API's
answer to an unexpected failure, on the API wrapped as the shop wraps it (grocer/grocer.py:
HttpMetrics inside RequestId), over SQLite and PostgreSQL. The whole shop's answers (pages,
static files, websocket events) are checked on the real server in tests/e2e/test_operations.py.
"""

from __future__ import annotations

import json
import logging
import re
from collections.abc import Iterator

import pytest
from fastapi.testclient import TestClient
from sqlmodel import Session

from grocer import db as grocer_db
from grocer import logs
from grocer import settings as grocer_settings
from grocer.api.app import create_api
from grocer.web.metrics import HttpMetrics
from grocer.web.request_id import RequestId
from tests.support import API, redis_server
from tests.support.accounts import bearer, sign_up
from tests.support.carts import make_article
from tests.support.checkout import BAG_QUANTITY, RICE_PRICE, fill_bag, make_slot, order_body, place
from tests.support.metrics import metric

TOKEN = "metrics-token-0123456789abcdef"
REDIS_URL = redis_server.redis_url(14)


def reload_settings(monkeypatch: pytest.MonkeyPatch, **env: str) -> None:
    for name, value in env.items():
        monkeypatch.setenv(name, value)
    grocer_settings.get_settings.cache_clear()
    grocer_db.reset_engine()


@pytest.fixture
def shop_api(database: object) -> Iterator[TestClient]:
    """The API as the shop serves it: every answer counted, timed and given a request id."""
    with TestClient(RequestId(HttpMetrics(create_api()))) as client:
        yield client


# --- readiness -----------------------------------------------------------------------------


def test_ready_when_the_database_answers(shop_api: TestClient) -> None:
    answer = shop_api.get(f"{API}/ready")

    assert answer.status_code == 200
    assert answer.json() == {
        "status": "ready",
        "checks": {"database": "ok", "redis": "not used", "frontend": "not used"},
    }
    assert answer.headers["cache-control"] == "no-store"


def test_not_ready_while_the_database_does_not_answer(monkeypatch: pytest.MonkeyPatch) -> None:
    reload_settings(monkeypatch, REFLEX_DB_URL="postgresql://postgres@127.0.0.1:1/grocer")
    with TestClient(create_api()) as client:
        answer = client.get(f"{API}/ready")
        alive = client.get(f"{API}/health")

    assert answer.status_code == 503
    assert answer.json()["status"] == "unavailable"
    assert answer.json()["checks"]["database"] == "failed"
    assert alive.status_code == 200  # alive, not ready: restart nothing, send no shopper


def test_not_ready_while_the_configured_redis_does_not_answer(
    shop_api: TestClient, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setenv("REFLEX_REDIS_URL", "redis://127.0.0.1:1/0")
    grocer_settings.get_settings.cache_clear()

    answer = shop_api.get(f"{API}/ready")

    assert answer.status_code == 503
    assert answer.json()["checks"] == {
        "database": "ok", "redis": "failed", "frontend": "not used"
    }  # fmt: skip


@pytest.mark.skipif(not redis_server.reachable(REDIS_URL), reason=redis_server.SKIP_REASON)
def test_ready_with_the_configured_redis(
    shop_api: TestClient, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setenv("REFLEX_REDIS_URL", REDIS_URL)
    grocer_settings.get_settings.cache_clear()

    answer = shop_api.get(f"{API}/ready")

    assert answer.status_code == 200
    assert answer.json()["checks"]["redis"] == "ok"


# --- metrics -------------------------------------------------------------------------------


def test_no_metrics_route_without_a_token_configured(shop_api: TestClient) -> None:
    answer = shop_api.get(f"{API}/metrics", headers=bearer(TOKEN))

    assert answer.status_code == 404
    assert answer.json()["key"] == "errors.notFound"


@pytest.mark.parametrize(
    "headers",
    [{}, bearer("metrics-token-0123456789abcdeX"), {"Authorization": TOKEN}, bearer("")],
    ids=["none", "wrong", "no scheme", "empty"],
)
def test_metrics_refuse_a_request_without_the_token(
    shop_api: TestClient, monkeypatch: pytest.MonkeyPatch, headers: dict[str, str]
) -> None:
    reload_settings(monkeypatch, GROCER_METRICS_TOKEN=TOKEN)

    answer = shop_api.get(f"{API}/metrics", headers=headers)

    assert answer.status_code == 401
    assert "grocer_" not in answer.text


def test_a_short_metrics_token_refuses_to_start(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("GROCER_METRICS_TOKEN", "short")
    grocer_settings.get_settings.cache_clear()

    with pytest.raises(ValueError, match="GROCER_METRICS_TOKEN doit compter au moins 16"):
        grocer_settings.get_settings()


def test_metrics_count_requests_by_route_and_orders_by_status(
    shop_api: TestClient, db: Session, monkeypatch: pytest.MonkeyPatch
) -> None:
    reload_settings(monkeypatch, GROCER_METRICS_TOKEN=TOKEN)
    rice = make_article(db, "rice", RICE_PRICE)
    slot = make_slot(db)
    before = shop_api.get(f"{API}/metrics", headers=bearer(TOKEN)).text
    route = f"{API}/articles/{{article_id}}"
    seen = metric(before, "grocer_http_requests_total", method="GET", route=route, status="200")

    for _ in range(3):
        assert shop_api.get(f"{API}/articles/{rice}").status_code == 200
    assert shop_api.get(f"{API}/articles/999999").status_code == 404
    assert shop_api.get(f"{API}/no-such-route").status_code == 404
    for invented in ("BREW", "PROPFIND", "X-ANYTHING"):
        assert shop_api.request(invented, f"{API}/articles/{rice}").status_code == 405
    auth = bearer(sign_up(shop_api, "awa.ouedraogo@example.bf")["accessToken"])
    fill_bag(shop_api, auth, rice, BAG_QUANTITY)
    assert place(shop_api, auth, order_body(slot), "metrics-order-1").status_code == 201
    answer = shop_api.get(f"{API}/metrics", headers=bearer(TOKEN))

    assert answer.status_code == 200
    assert answer.headers["content-type"].startswith("text/plain")
    text = answer.text
    ok = metric(text, "grocer_http_requests_total", method="GET", route=route, status="200")
    assert ok == (seen or 0) + 3  # by the route's template, never by id
    assert metric(text, "grocer_http_requests_total", method="GET", route=route, status="404")
    assert metric(
        text, "grocer_http_requests_total", method="GET", route="api-unmatched", status="404"
    )
    assert (metric(text, "grocer_http_request_duration_seconds_count", route=route) or 0) >= 4
    assert "articles/999999" not in text  # never a label per id
    assert metric(text, "grocer_http_requests_total", method="other", route=route, status="405")
    assert "BREW" not in text  # nor per method a client invents
    assert metric(text, "grocer_orders", status="pending") == 1.0


# --- request ids and unexpected failures ------------------------------------------------------


def test_every_answer_carries_a_request_id_of_its_own(shop_api: TestClient) -> None:
    first = shop_api.get(f"{API}/health").headers["x-request-id"]
    second = shop_api.get(f"{API}/no-such-route").headers["x-request-id"]

    assert re.fullmatch(r"[0-9a-f]{16}", first) and re.fullmatch(r"[0-9a-f]{16}", second)
    assert first != second


def test_a_client_cannot_choose_its_request_id_without_a_trusted_proxy(
    shop_api: TestClient,
) -> None:
    answer = shop_api.get(f"{API}/health", headers={"X-Request-ID": "chosen-by-client-1"})

    assert answer.headers["x-request-id"] != "chosen-by-client-1"


@pytest.mark.parametrize(
    ("sent", "kept"),
    [("nginx-0123456789abcdef", True), ("short", False), ("has space in it", False),
     ("x" * 65, False), ("évidemment-pas", False)],
)  # fmt: skip
def test_the_proxys_request_id_is_kept_when_it_looks_like_one(
    shop_api: TestClient, monkeypatch: pytest.MonkeyPatch, sent: str, kept: bool
) -> None:
    reload_settings(monkeypatch, GROCER_TRUSTED_PROXY_HOPS="1")

    answer = shop_api.get(f"{API}/health", headers={"X-Request-ID": sent.encode()})

    assert (answer.headers["x-request-id"] == sent) is kept


def test_a_database_that_stops_answering_gives_503_and_a_reference_found_in_the_json_log(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    reload_settings(monkeypatch, REFLEX_DB_URL="postgresql://postgres@127.0.0.1:1/grocer")
    logs.configure("json")
    try:
        with TestClient(RequestId(HttpMetrics(create_api()))) as client:
            answer = client.get(f"{API}/categories")
    finally:
        logs.configure("text")

    assert answer.status_code == 503
    assert answer.headers["retry-after"] == "5"
    ref = answer.headers["x-request-id"]
    assert answer.json() == {
        "message": "Service momentanément indisponible, veuillez réessayer dans un instant",
        "key": "errors.unavailable",
        "ref": ref,
    }
    lines = [json.loads(x) for x in capsys.readouterr().err.splitlines() if x.startswith("{")]
    logged = [x for x in lines if x.get("request_id") == ref]
    assert [(x["level"], x["logger"]) for x in logged] == [("WARNING", "grocer.api.app")]
    assert "GET /api/v1/categories" in logged[0]["message"]


def test_json_log_lines_carry_the_reference_of_an_error_page() -> None:
    record = logging.LogRecord(
        "grocer.state.error_route", logging.ERROR, __file__, 1, "failed (ref %s)", ("ab12cd34",),
        None,
    )  # fmt: skip
    record.request_id = "ab12cd34"

    line = json.loads(logs.JsonFormatter().format(record))

    assert line["request_id"] == "ab12cd34"
    assert line["message"] == "failed (ref ab12cd34)"
    assert line["level"] == "ERROR" and line["logger"] == "grocer.state.error_route"
