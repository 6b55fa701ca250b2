"""A stale copy never overwrites the server bag (issue 12, item 7), on SQLite and PostgreSQL.

The bag has a version: `GET /cart` answers it as an ETag, `POST /cart` honours `If-Match`
(412 when the bag changed), `POST /cart/changes` changes quantities relative to the server's,
and a guest bag sent with a merge key is merged once.
"""

from __future__ import annotations

from typing import Any

from fastapi.testclient import TestClient
from sqlmodel import Session, select

from grocer.models import CartMerge
from grocer.services import bag_totals
from tests.support import API
from tests.support.accounts import bearer_for
from tests.support.carts import line, lines_of, make_article, put_cart
from tests.support.carts import shop as shop  # noqa: F401  (the fixture)


def etag_of(response: Any) -> str:
    assert response.status_code == 200, response.text
    tag = response.headers["ETag"]
    assert tag == f'"{response.json()["id"]}-{response.json()["version"]}"'
    return tag


def changes(client: TestClient, user: Any, deltas: dict[int, int], **extra: Any) -> Any:
    body = {"changes": [{"articleId": a, "delta": d} for a, d in deltas.items()], **extra}
    return client.post(f"{API}/cart/changes", json=body, headers=bearer_for(user))


# --- versions and ETags --------------------------------------------------------------------------


def test_every_write_gives_a_new_version_and_etag(client: TestClient, shop: dict[str, Any]) -> None:
    auth = bearer_for(shop["alice"])
    first = client.get(f"{API}/cart", headers=auth)
    assert first.json()["version"] == 0
    seen = [etag_of(first)]
    writes = [
        ("POST", "/cart/items", {"productId": shop["rice"]}),
        ("POST", "/cart", {"cartItems": [line(shop["rice"], 2), line(shop["milk"])]}),
        ("POST", "/cart/changes", {"changes": [{"articleId": shop["milk"], "delta": 1}]}),
        ("POST", "/cart/sync", {"items": [line(shop["milk"])]}),
        ("POST", "/cart/promo", {"promoCode": "SAVE10"}),
        ("DELETE", "/cart/promo", None),
        ("POST", "/cart/shipping", {"method": "pickup"}),
        ("DELETE", "/cart", None),
    ]
    for method, path, body in writes:
        seen.append(etag_of(client.request(method, API + path, json=body, headers=auth)))
        assert client.get(f"{API}/cart", headers=auth).headers["ETag"] == seen[-1]
    assert len(set(seen)) == len(seen)  # a new tag each time
    # Reading changes nothing.
    client.get(f"{API}/cart/validate", headers=auth)
    client.post(f"{API}/cart/shipping-options", headers=auth)
    assert client.get(f"{API}/cart", headers=auth).headers["ETag"] == seen[-1]
    assert client.get(f"{API}/cart", headers=auth).json()["version"] == len(writes)


def test_a_replace_based_on_an_old_version_is_refused_with_412(
    client: TestClient, shop: dict[str, Any]
) -> None:
    alice = shop["alice"]
    auth = bearer_for(alice)
    tab_copy = etag_of(client.get(f"{API}/cart", headers=auth))
    # Meanwhile another device adds milk.
    assert client.post(f"{API}/cart/items", json={"productId": shop["milk"]}, headers=auth)
    stale = client.post(
        f"{API}/cart",
        json={"cartItems": [line(shop["rice"], 3)]},
        headers={**auth, "If-Match": tab_copy},
    )
    assert stale.status_code == 412
    error = stale.json()
    assert error["key"] == "cart.errors.changed" and error["message"]
    assert error["version"] == 1
    assert lines_of(client.get(f"{API}/cart", headers=auth).json()) == {shop["milk"]: 1}

    # The client merges (both sides' lines, larger quantity) and retries with the new tag.
    current = client.get(f"{API}/cart", headers=auth)
    merged = bag_totals.merged_keeping_larger(lines_of(current.json()), {shop["rice"]: 3})
    retry = client.post(
        f"{API}/cart",
        json={"cartItems": [line(a, q) for a, q in merged.items()]},
        headers={**auth, "If-Match": etag_of(current)},
    )
    assert lines_of(retry.json()) == {shop["milk"]: 1, shop["rice"]: 3}
    assert etag_of(retry) != etag_of(current)


def test_if_match_forms(client: TestClient, shop: dict[str, Any]) -> None:
    auth = bearer_for(shop["alice"])
    body = {"cartItems": [line(shop["rice"])]}
    tag = etag_of(client.get(f"{API}/cart", headers=auth))
    refused = [f"W/{tag}", '"0-0"', "garbage", tag.strip('"'), '"1-999"']
    for value in refused:
        response = client.post(f"{API}/cart", json=body, headers={**auth, "If-Match": value})
        assert response.status_code == 412, value
        assert response.json()["key"] == "cart.errors.changed"
    listed = client.post(f"{API}/cart", json=body, headers={**auth, "If-Match": f'"x", {tag}'})
    tag = etag_of(listed)
    anything = client.post(f"{API}/cart", json=body, headers={**auth, "If-Match": "*"})
    assert etag_of(anything) != tag
    # Without If-Match, the spec's client replaces as it always did.
    assert put_cart(client, shop["alice"], [line(shop["milk"], 2)])["version"] == 3


def test_a_412_changes_nothing_and_bad_input_is_still_a_400(
    client: TestClient, shop: dict[str, Any]
) -> None:
    auth = bearer_for(shop["alice"])
    put_cart(client, shop["alice"], [line(shop["rice"], 2)])
    bad = client.post(
        f"{API}/cart",
        json={"cartItems": [line(shop["rice"], 100)]},
        headers={**auth, "If-Match": '"stale"'},
    )
    assert bad.status_code == 400
    assert lines_of(client.get(f"{API}/cart", headers=auth).json()) == {shop["rice"]: 2}


def test_another_users_etag_does_not_match(client: TestClient, shop: dict[str, Any]) -> None:
    bobs = etag_of(client.get(f"{API}/cart", headers=bearer_for(shop["bob"])))
    etag_of(client.get(f"{API}/cart", headers=bearer_for(shop["alice"])))
    response = client.post(
        f"{API}/cart",
        json={"cartItems": [line(shop["rice"])]},
        headers={**bearer_for(shop["alice"]), "If-Match": bobs},
    )
    assert response.status_code == 412


# --- quantity changes relative to the server's ---------------------------------------------------


def test_changes_are_applied_to_what_the_server_holds(
    client: TestClient, shop: dict[str, Any]
) -> None:
    alice = shop["alice"]
    rice, milk = shop["rice"], shop["milk"]
    put_cart(client, alice, [line(rice, 2)])
    # A tab whose copy says "rice 1" sends +1: the server's 2 becomes 3, nothing is set.
    assert lines_of(changes(client, alice, {rice: 1, milk: 2}).json()) == {rice: 3, milk: 2}
    assert lines_of(changes(client, alice, {rice: -1}).json()) == {rice: 2, milk: 2}
    assert lines_of(changes(client, alice, {milk: -2}).json()) == {rice: 2}  # at 0 it goes
    assert lines_of(changes(client, alice, {rice: 98}).json()) == {rice: 99}  # capped
    assert lines_of(changes(client, alice, {rice: -99, milk: -1}).json()) == {}  # -99 removes
    same = {"changes": [{"productId": rice, "delta": 1}, {"articleId": rice, "delta": 2}]}
    answer = client.post(f"{API}/cart/changes", json=same, headers=bearer_for(alice))
    assert lines_of(answer.json()) == {rice: 3}
    assert lines_of(changes(client, alice, {rice: 0}).json()) == {rice: 3}


def test_changes_that_cannot_apply_change_nothing(
    client: TestClient, shop: dict[str, Any], db: Session
) -> None:
    alice = shop["alice"]
    rice, milk, gone = shop["rice"], shop["milk"], shop["gone"]
    put_cart(client, alice, [line(rice, 2)])
    unknown = changes(client, alice, {milk: 1, gone: 1, 999999: 2})
    assert unknown.status_code == 400
    assert unknown.json()["unknownArticleIds"] == sorted([gone, 999999])
    for delta in (100, -100, 10**20):
        response = changes(client, alice, {milk: delta})
        assert response.status_code == 400, delta
    assert lines_of(client.get(f"{API}/cart", headers=bearer_for(alice)).json()) == {rice: 2}
    # Lowering an article that went off sale, or one not in the bag, is fine.
    assert lines_of(changes(client, alice, {gone: -1, rice: -1}).json()) == {rice: 1}
    many = [make_article(db, f"a{i}", "100.00") for i in range(200)]
    too_many = changes(client, alice, dict.fromkeys(many, 1))
    assert too_many.status_code == 400
    assert too_many.json()["key"] == "cart.errors.tooManyLines"


def test_changes_touch_only_the_callers_bag(client: TestClient, shop: dict[str, Any]) -> None:
    put_cart(client, shop["bob"], [line(shop["rice"], 4)])
    body = {"userId": shop["bob"].id, "changes": [{"articleId": shop["rice"], "delta": -4}]}
    answer = client.post(f"{API}/cart/changes", json=body, headers=bearer_for(shop["alice"]))
    assert answer.json()["userId"] == shop["alice"].id
    bobs = client.get(f"{API}/cart", headers=bearer_for(shop["bob"])).json()
    assert lines_of(bobs) == {shop["rice"]: 4}


def test_a_batch_of_changes_with_a_merge_key_applies_once(
    client: TestClient, shop: dict[str, Any]
) -> None:
    alice, rice = shop["alice"], shop["rice"]
    key = "batch-0001-abcdef"
    assert lines_of(changes(client, alice, {rice: 2}, mergeKey=key).json()) == {rice: 2}
    again = changes(client, alice, {rice: 2}, mergeKey=key)
    assert again.status_code == 200 and lines_of(again.json()) == {rice: 2}
    header = {**bearer_for(alice), "Idempotency-Key": "batch-0002-abcdef"}
    body = {"changes": [{"articleId": rice, "delta": 1}]}
    for _ in range(2):
        answer = client.post(f"{API}/cart/changes", json=body, headers=header)
        assert lines_of(answer.json()) == {rice: 3}


# --- the guest bag, merged once per key ----------------------------------------------------------


def test_the_same_guest_bag_sent_twice_is_merged_once(
    client: TestClient, shop: dict[str, Any], db: Session
) -> None:
    alice, rice, milk = shop["alice"], shop["rice"], shop["milk"]
    auth = bearer_for(alice)
    put_cart(client, alice, [line(rice, 2)])
    guest = {"items": [line(rice, 3), line(milk, 1)], "mergeKey": "guest-bag-4f1c2a9e"}
    first = client.post(f"{API}/cart/sync", json=guest, headers=auth)
    assert lines_of(first.json()) == {rice: 5, milk: 1}
    second = client.post(f"{API}/cart/sync", json=guest, headers=auth)
    assert second.status_code == 200
    assert lines_of(second.json()) == {rice: 5, milk: 1}
    assert etag_of(second) == etag_of(first)  # a no-op: not even a new version
    # The Idempotency-Key header works the same way; another key is another bag.
    by_header = {**auth, "Idempotency-Key": "f3b1c3e2-1d4b-4c8e-9d1a-2b7f0c9e8a11"}
    for _ in range(2):
        answer = client.post(f"{API}/cart/sync", json={"items": [line(milk)]}, headers=by_header)
        assert lines_of(answer.json()) == {rice: 5, milk: 2}
    # Keys belong to a cart: Bob may use the same one.
    bobs = client.post(f"{API}/cart/sync", json=guest, headers=bearer_for(shop["bob"]))
    assert lines_of(bobs.json()) == {rice: 3, milk: 1}
    assert len(db.exec(select(CartMerge)).all()) == 3
    # Without a key, as the spec's client sends it, each call merges.
    plain = client.post(f"{API}/cart/sync", json={"items": [line(milk)]}, headers=auth)
    assert lines_of(plain.json()) == {rice: 5, milk: 3}


def test_bad_merge_keys_are_refused(client: TestClient, shop: dict[str, Any]) -> None:
    auth = bearer_for(shop["alice"])
    for key in ("short", "x" * 65, "spaces are not ok", "<script>", "é" * 10):
        response = client.post(
            f"{API}/cart/sync", json={"items": [line(shop["rice"])], "mergeKey": key}, headers=auth
        )
        assert response.status_code == 400, key
        assert response.json()["key"] in ("cart.errors.mergeKey", "errors.validation")
    assert lines_of(client.get(f"{API}/cart", headers=auth).json()) == {}
