"""No 500s and one error body (issue 12 items 10 and 11): ids and pages are bounded, a value the
database cannot hold is a 400, every 4xx answers `{message, key}` as the OpenAPI schema says
(malformed JSON, unknown routes, wrong methods, missing tokens), and a body over 1 MB is refused
with 413 before anything parses it. On SQLite and PostgreSQL."""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

import pytest
import sqlalchemy as sa
from fastapi import FastAPI
from fastapi.testclient import TestClient
from starlette.responses import PlainTextResponse
from starlette.routing import Route, WebSocketRoute
from starlette.websockets import WebSocket

from grocer.api.app import create_api
from grocer.api.body_limit import MAX_BODY_BYTES
from grocer.api.params import MAX_ID
from grocer.models import User
from grocer.services.catalogue_cache import CACHE
from tests.support import API
from tests.support.accounts import bearer_for

HUGE = 2**63  # beyond SQLite's INTEGER: the driver raised OverflowError (a 500)


def assert_error(response: Any, status: int, key: str | None = None) -> dict[str, Any]:
    """The API's one error body: a French message and a key (FastAPI's {detail} never)."""
    assert response.status_code == status, response.text
    body = response.json()
    assert isinstance(body.get("message"), str) and body["message"]
    assert isinstance(body.get("key"), str) and body["key"]
    assert "detail" not in body
    if key is not None:
        assert body["key"] == key
    return body


# --- ids and pages -------------------------------------------------------------------------------

ID_ROUTES = [
    ("GET", "/users/addresses/{id}"),
    ("PUT", "/users/addresses/{id}"),
    ("DELETE", "/users/addresses/{id}"),
    ("GET", "/users/addresses/user/{id}"),
    ("DELETE", "/payment-methods/{id}"),
    ("GET", "/users/{me}/orders/{id}"),
    ("GET", "/users/{id}/orders"),
    ("GET", "/users/{id}/giftcards"),
    ("GET", "/users/{id}/credit"),
    ("GET", "/user/settings/{id}"),
    ("GET", "/users/{id}/favorites"),
    ("GET", "/users/{id}/favorites/ids"),
    ("PUT", "/users/{me}/favorites/{id}"),
    ("GET", "/users/{id}"),
    ("GET", "/articles/{id}"),
    ("GET", "/articles/{id}/related"),
    ("GET", "/categories/{id}"),
    ("GET", "/web-ui/articles-sections/{id}"),
]
BODIES = {"PUT": {"quantity": 1, "city": "Ouagadougou"}}
#: The bag's item ids are the exception: any id that is not one of the caller's lines is the
#: same 404 "Article du panier introuvable" (tests/api/test_cart.py), out of range included.
CART_ITEM_ROUTES = [("PUT", "/cart/items/{id}"), ("DELETE", "/cart/items/{id}")]


@pytest.mark.parametrize("big", [HUGE, MAX_ID + 1, 10**30])
@pytest.mark.parametrize(("method", "route"), ID_ROUTES)
def test_ids_beyond_the_database_are_400(
    client: TestClient, alice: User, method: str, route: str, big: int
) -> None:
    path = API + route.format(id=big, me=alice.id)
    response = client.request(method, path, headers=bearer_for(alice), json=BODIES.get(method))
    body = assert_error(response, 400, "errors.validation")
    assert body["field"].endswith("_id")


@pytest.mark.parametrize("big", [HUGE, MAX_ID + 1])
@pytest.mark.parametrize(("method", "route"), CART_ITEM_ROUTES)
def test_bag_item_ids_beyond_the_database_are_404(
    client: TestClient, alice: User, method: str, route: str, big: int
) -> None:
    path = API + route.format(id=big)
    response = client.request(method, path, headers=bearer_for(alice), json=BODIES.get(method))
    assert_error(response, 404, "cart.errors.itemNotFound")


@pytest.mark.parametrize(("method", "route"), ID_ROUTES)
def test_the_largest_id_is_an_ordinary_missing_resource(
    client: TestClient, alice: User, method: str, route: str
) -> None:
    path = API + route.format(id=MAX_ID, me=alice.id)
    response = client.request(method, path, headers=bearer_for(alice), json=BODIES.get(method))
    assert response.status_code in {400, 404}, response.text  # 400 only for the body's rules
    assert_error(response, response.status_code)


def test_a_22_digit_page_is_400(client: TestClient) -> None:
    response = client.get(f"{API}/web-ui/articles", params={"page": "9" * 22})
    assert assert_error(response, 400, "errors.validation")["field"] == "page"
    beyond = client.get(f"{API}/web-ui/articles", params={"page": MAX_ID + 1})
    assert assert_error(beyond, 400)["field"] == "page"
    last = client.get(f"{API}/web-ui/articles", params={"page": MAX_ID, "size": 100})
    assert last.status_code == 200
    assert last.json()["items"] == []


@pytest.mark.parametrize("name", ["size", "categoryid", "categoryId", "sectionId"])
def test_other_huge_article_page_numbers_are_400(client: TestClient, name: str) -> None:
    response = client.get(f"{API}/web-ui/articles", params={name: "9" * 22})
    assert assert_error(response, 400)["field"] == name


def test_huge_query_id_is_400(client: TestClient) -> None:
    response = client.get(f"{API}/web-ui/promotions", params={"categoryId": "9" * 22})
    assert assert_error(response, 400)["field"] == "categoryId"


def test_a_huge_id_in_a_body_is_never_a_500(client: TestClient, alice: User) -> None:
    """Ids inside bodies reach the database unbounded: the overflow is a 400 or a 404."""
    address = {"userId": HUGE, "streetAddress": "x", "city": "Ouagadougou", "country": "BF"}
    for method, route, body in [
        ("POST", "/users/addresses", address),
        ("POST", "/user/settings", {"userId": HUGE}),
        ("POST", "/cart/items", {"productId": HUGE, "quantity": 1}),
    ]:
        response = client.request(method, API + route, headers=bearer_for(alice), json=body)
        assert response.status_code < 500, (route, response.text)
        assert_error(response, response.status_code)


# --- one error body ------------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("route", "raw"),
    [
        ("/auth/login", b'{"username": "awa", '),
        ("/auth/login", b"\xff\xfe{not utf-8"),
        ("/users/addresses", b"{'single': 'quotes'}"),
        ("/cart/items", b"[1, 2,"),
    ],
)
def test_malformed_json_is_400_with_the_error_body(
    client: TestClient, alice: User, route: str, raw: bytes
) -> None:
    headers = {**bearer_for(alice), "Content-Type": "application/json"}
    response = client.post(API + route, content=raw, headers=headers)
    body = assert_error(response, 400, "errors.malformedJson")
    assert body["message"] == "Le corps de la requête n'est pas un JSON valide"


def test_unknown_route_and_method(client: TestClient) -> None:
    assert_error(client.get(f"{API}/no-such-thing"), 404, "errors.notFound")
    assert_error(client.post(f"{API}/no/such/thing", json={}), 404, "errors.notFound")
    wrong = client.delete(f"{API}/categories")
    assert_error(wrong, 405, "errors.methodNotAllowed")
    assert wrong.headers["Allow"] == "GET"
    patch = client.patch(f"{API}/cart/items/3", json={})  # PUT and DELETE exist
    assert_error(patch, 405)
    assert set(patch.headers["Allow"].split(", ")) == {"PUT", "DELETE"}


def test_a_trailing_slash_still_redirects(client: TestClient) -> None:
    response = client.get(f"{API}/categories/", follow_redirects=False)
    assert response.status_code == 307
    assert response.headers["location"].endswith(f"{API}/categories")


def test_missing_or_bad_bearer_is_401_with_the_error_body(client: TestClient) -> None:
    assert_error(client.get(f"{API}/users/me"), 401, "auth.errors.unauthorized")
    bad = {"Authorization": "Bearer not-a-token"}
    assert_error(client.get(f"{API}/cart", headers=bad), 401)
    assert_error(client.get(f"{API}/cart", headers={"Authorization": "Basic eDp5"}), 401)


@pytest.fixture
def shop_like(database: sa.Engine) -> Iterator[TestClient]:
    """The API as the shop mounts it: Reflex's app behind it at "/" (here a stand-in that
    answers every path, with a websocket, as Reflex does)."""

    async def page(_request: Any) -> PlainTextResponse:
        return PlainTextResponse("<html>a page</html>")

    async def socket(websocket: WebSocket) -> None:
        await websocket.accept()
        await websocket.send_text(await websocket.receive_text())
        await websocket.close()

    pages = FastAPI(routes=[WebSocketRoute("/_event", socket), Route("/{path:path}", page)])
    api = create_api()
    api.mount("", pages)
    with TestClient(api) as client:
        yield client


def test_unknown_api_paths_never_reach_the_pages(shop_like: TestClient) -> None:
    assert_error(shop_like.get(f"{API}/no-such-thing"), 404, "errors.notFound")
    assert_error(shop_like.put(f"{API}/health"), 405, "errors.methodNotAllowed")
    assert shop_like.get("/produit/12").text == "<html>a page</html>"


def test_openapi_declares_the_error_body_everywhere(client: TestClient) -> None:
    """Each operation says its 4xx answers are ErrorOut ({message, key} required); none
    declares FastAPI's 422, which the API never answers."""
    schema = client.get(f"{API}/openapi.json").json()
    assert set(schema["components"]["schemas"]["ErrorOut"]["required"]) == {"message", "key"}
    assert "HTTPValidationError" not in schema["components"]["schemas"]
    operations = [op for item in schema["paths"].values() for op in item.values()]
    assert len(operations) > 40
    for operation in operations:
        responses = operation["responses"]
        assert "422" not in responses, operation["operationId"]
        assert responses["4XX"]["content"]["application/json"]["schema"] == {
            "$ref": "#/components/schemas/ErrorOut"
        }
        for status, response in responses.items():
            if status.startswith("4"):
                assert "ErrorOut" in str(response.get("content")), (operation, status)


# --- request bodies over 1 MB --------------------------------------------------------------------

TWO_MB = b"x" * (2 * 1024 * 1024)


def test_a_2_mb_body_is_413_before_parsing(client: TestClient, alice: User) -> None:
    headers = {**bearer_for(alice), "Content-Type": "application/json"}
    for route in ("/auth/login", "/users/addresses", "/cart"):
        response = client.post(API + route, content=TWO_MB, headers=headers)
        body = assert_error(response, 413, "errors.payloadTooLarge")  # not a 400: never parsed
        assert body["message"] == "Requête trop volumineuse : 1 Mo au plus"


def test_a_chunked_2_mb_body_is_413(client: TestClient) -> None:
    def chunks() -> Iterator[bytes]:
        for _ in range(32):
            yield b"x" * (64 * 1024)

    response = client.post(
        f"{API}/auth/login", content=chunks(), headers={"Content-Type": "application/json"}
    )
    assert "content-length" not in {k.lower() for k in response.request.headers}
    assert_error(response, 413, "errors.payloadTooLarge")


def test_a_body_just_under_the_limit_is_parsed(client: TestClient) -> None:
    padding = "x" * (MAX_BODY_BYTES - 100)
    response = client.post(f"{API}/auth/login", json={"username": padding[:50], "p": padding})
    assert response.status_code in {400, 401}  # parsed and judged, not refused for its size


def test_gets_and_the_websocket_pass_the_body_limit(shop_like: TestClient) -> None:
    assert shop_like.get(f"{API}/health").json() == {"status": "ok"}
    assert shop_like.get("/").status_code == 200
    with shop_like.websocket_connect("/_event") as ws:
        ws.send_text("y" * (2 * MAX_BODY_BYTES))  # websocket frames are not request bodies
        assert len(ws.receive_text()) == 2 * MAX_BODY_BYTES
    big_for_pages = shop_like.post("/anything", content=TWO_MB)
    assert_error(big_for_pages, 413)  # the pages are behind the limit too


# --- the catalogue cache key ---------------------------------------------------------------------


def test_junk_parameters_hit_the_cache(client: TestClient) -> None:
    CACHE.clear()
    first = client.get(f"{API}/web-ui/articles", params={"sort": "popular", "size": 5})
    assert first.status_code == 200
    misses = CACHE.misses
    hits = CACHE.hits
    for junk in ({"utm": "1"}, {"x": "y", "z": ""}, {"_": "1733"}):
        again = client.get(f"{API}/web-ui/articles", params={"size": 5, **junk, "sort": "POPULAR "})
        assert again.status_code == 200
        assert again.content == first.content
    assert CACHE.misses == misses
    assert CACHE.hits == hits + 3
