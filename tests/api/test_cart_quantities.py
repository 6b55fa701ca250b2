"""PUT /cart/quantities: the absolute quantities the shop sends for the bag changes a browser
kept while its connection was down (issue 19). Sent twice, they give the same bag."""

from __future__ import annotations

from typing import Any

from fastapi.testclient import TestClient
from sqlmodel import Session

from tests.support import API
from tests.support.accounts import bearer_for
from tests.support.carts import line, lines_of, make_article, put_cart
from tests.support.carts import shop as shop  # noqa: F401  (the fixture)


def _set(client: TestClient, auth: dict[str, str], quantities: list[dict[str, Any]]) -> Any:
    return client.put(f"{API}/cart/quantities", json={"quantities": quantities}, headers=auth)


def test_absolute_quantities_set_add_and_remove_lines_once_however_often_sent(
    client: TestClient, shop: dict[str, Any], db: Session
) -> None:
    auth = bearer_for(shop["alice"])
    oil = make_article(db, "oil", "2500.00")
    put_cart(client, shop["alice"], [line(shop["rice"], 2), line(shop["milk"], 1)])
    body = [line(shop["rice"], 5), line(shop["milk"], 0), line(oil, 3)]
    for _ in range(2):  # a retry after a lost answer changes nothing more
        response = _set(client, auth, body)
        assert response.status_code == 200, response.text
        assert lines_of(response.json()) == {shop["rice"]: 5, oil: 3}
        assert response.headers["ETag"]


def test_lines_not_named_stay(client: TestClient, shop: dict[str, Any]) -> None:
    auth = bearer_for(shop["alice"])
    put_cart(client, shop["alice"], [line(shop["rice"], 2)])
    response = _set(client, auth, [line(shop["milk"], 4)])
    assert lines_of(response.json()) == {shop["rice"]: 2, shop["milk"]: 4}


def test_only_the_callers_cart_changes(client: TestClient, shop: dict[str, Any]) -> None:
    put_cart(client, shop["bob"], [line(shop["rice"], 1)])
    _set(client, bearer_for(shop["alice"]), [line(shop["rice"], 7)])
    bob = client.get(f"{API}/cart", headers=bearer_for(shop["bob"])).json()
    assert lines_of(bob) == {shop["rice"]: 1}


def test_bad_input_is_a_clear_4xx_and_changes_nothing(
    client: TestClient, shop: dict[str, Any]
) -> None:
    auth = bearer_for(shop["alice"])
    put_cart(client, shop["alice"], [line(shop["rice"], 2)])
    assert client.put(f"{API}/cart/quantities", json={"quantities": []}).status_code == 401
    for body in (
        [line(shop["milk"], 100)],
        [line(shop["milk"], -1)],
        [line(777777, 1)],
    ):
        response = _set(client, auth, body)
        assert response.status_code == 400, response.text
        assert response.json()["key"]
    unknown = _set(client, auth, [line(shop["milk"], 1), line(777777, 2)])
    assert unknown.json()["unknownArticleIds"] == [777777]
    assert client.put(
        f"{API}/cart/quantities", json={"quantities": "x"}, headers=auth
    ).status_code in (400, 422)
    assert lines_of(client.get(f"{API}/cart", headers=auth).json()) == {shop["rice"]: 2}


def test_removing_an_article_not_in_the_bag_or_gone_from_sale_is_fine(
    client: TestClient, shop: dict[str, Any]
) -> None:
    auth = bearer_for(shop["alice"])
    response = _set(client, auth, [line(777777, 0)])
    assert response.status_code == 200
    assert lines_of(response.json()) == {}
