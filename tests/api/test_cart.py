"""The cart API (000 §7) on SQLite and PostgreSQL: the caller's cart only, catalogue prices,
quantity limits, guest-bag merge, promo codes, validation and shipping."""

from __future__ import annotations

from decimal import Decimal
from typing import Any

import pytest
from fastapi.testclient import TestClient
from sqlmodel import Session, select

from grocer.models import Article, Cart, CartItem
from grocer.models.base import utcnow
from grocer.services import cart as cart_service
from grocer.services import pricing
from grocer.services.errors import NotFound, ValidationFailed
from tests.support import API
from tests.support.accounts import bearer_for, stored_user
from tests.support.carts import line, lines_of, make_article, put_cart
from tests.support.carts import shop as shop  # noqa: F401  (the fixture)

D = Decimal


# --- auth --------------------------------------------------------------------------------------

ENDPOINTS = [
    ("GET", "/cart"),
    ("POST", "/cart"),
    ("DELETE", "/cart"),
    ("POST", "/cart/items"),
    ("PUT", "/cart/items/1"),
    ("DELETE", "/cart/items/1"),
    ("POST", "/cart/sync"),
    ("POST", "/cart/promo"),
    ("DELETE", "/cart/promo"),
    ("POST", "/cart/shipping"),
    ("POST", "/cart/shipping-options"),
    ("GET", "/cart/validate"),
]


def test_every_cart_call_needs_a_token(client: TestClient) -> None:
    for method, path in ENDPOINTS:
        for extra in ({}, {"Authorization": "Bearer not-a-token"}):
            response = client.request(method, API + path, json={}, headers=extra)
            assert response.status_code == 401, (method, path, response.text)
            assert response.json()["key"] == "auth.errors.unauthorized"


# --- reading and replacing ---------------------------------------------------------------------


def test_a_new_cart_is_empty(client: TestClient, shop: dict[str, Any]) -> None:
    body = client.get(f"{API}/cart", headers=bearer_for(shop["alice"])).json()
    assert body["userId"] == shop["alice"].id
    assert body["items"] == []
    assert body["itemCount"] == 0
    assert body["subtotal"] == "0.00"
    assert body["deliveryMinimumRemaining"] == "22958.50"
    assert body["promoCode"] is None
    assert body["storeId"] is None


def test_replace_takes_prices_from_the_catalogue(client: TestClient, shop: dict[str, Any]) -> None:
    body = {
        "userId": shop["alice"].id,
        "storeId": None,
        "cartItems": [
            line(shop["rice"], 2, unitPrice="0.01", originalPrice="$1", salePrice="0.01"),
            line(shop["milk"], 1, unitPrice="1 XOF", addedAt="2025-01-01T00:00:00Z"),
            line(shop["milk"], 2, unitPrice=0),  # duplicates are added up
        ],
    }
    response = client.post(f"{API}/cart", json=body, headers=bearer_for(shop["alice"]))
    assert response.status_code == 200, response.text
    cart = response.json()
    rice, milk = cart["items"]
    assert rice == {
        "id": rice["id"],
        "articleId": shop["rice"],
        "name": "Rice",
        "imageUrl": "/img/rice.webp",
        "weight": "1kg",
        "quantity": 2,
        "unitPrice": "6500.00",
        "originalPrice": None,
        "salePrice": None,
        "lineTotal": "13000.00",
        "express": True,
        "available": True,
    }
    assert (milk["quantity"], milk["unitPrice"], milk["lineTotal"]) == (3, "750.00", "2250.00")
    assert (milk["originalPrice"], milk["salePrice"]) == ("1000.00", "750.00")
    assert cart["subtotal"] == "15250.00"
    assert cart["itemCount"] == 5
    assert cart["deliveryMinimumRemaining"] == "7708.50"
    # Replacing again drops what is no longer listed.
    assert lines_of(put_cart(client, shop["alice"], [line(shop["rice"], 1)])) == {shop["rice"]: 1}


def test_replace_naming_another_user_still_writes_only_the_callers_cart(
    client: TestClient, shop: dict[str, Any], db: Session
) -> None:
    alice, bob = shop["alice"], shop["bob"]
    put_cart(client, bob, [line(shop["milk"], 4)])
    body = {"userId": bob.id, "storeId": "ouaga-1", "cartItems": [line(shop["rice"], 1)]}
    answer = client.post(f"{API}/cart", json=body, headers=bearer_for(alice)).json()
    assert answer["userId"] == alice.id
    assert answer["storeId"] == "ouaga-1"
    bobs = client.get(f"{API}/cart", headers=bearer_for(bob)).json()
    assert lines_of(bobs) == {shop["milk"]: 4}
    assert bobs["storeId"] is None
    assert len(db.exec(select(Cart)).all()) == 2


def test_unknown_or_unavailable_articles_are_refused_and_listed(
    client: TestClient, shop: dict[str, Any]
) -> None:
    alice = shop["alice"]
    put_cart(client, alice, [line(shop["rice"], 1)])
    body = {"cartItems": [line(shop["milk"]), line(999999), line(shop["gone"])]}
    response = client.post(f"{API}/cart", json=body, headers=bearer_for(alice))
    assert response.status_code == 400
    error = response.json()
    assert error["key"] == "cart.errors.unknownArticles"
    assert error["field"] == "cartItems"
    assert error["unknownArticleIds"] == sorted([999999, shop["gone"]])
    assert lines_of(client.get(f"{API}/cart", headers=bearer_for(alice)).json()) == {
        shop["rice"]: 1
    }


# --- items -------------------------------------------------------------------------------------


def test_adding_an_article_twice_raises_its_quantity(
    client: TestClient, shop: dict[str, Any]
) -> None:
    auth = bearer_for(shop["alice"])
    first = client.post(f"{API}/cart/items", json={"productId": shop["rice"]}, headers=auth)
    assert first.status_code == 200, first.text
    extra = {"productId": str(shop["rice"]), "quantity": 2, "options": {"gift": True}}
    second = client.post(f"{API}/cart/items", json=extra, headers=auth).json()
    assert lines_of(second) == {shop["rice"]: 3}
    assert len(second["items"]) == 1


def test_adding_an_unknown_article_is_refused(client: TestClient, shop: dict[str, Any]) -> None:
    auth = bearer_for(shop["alice"])
    for article in (shop["gone"], 424242, 10**12):
        response = client.post(f"{API}/cart/items", json={"productId": article}, headers=auth)
        assert response.status_code == 400
        assert response.json()["unknownArticleIds"] == [article]


def test_quantity_zero_or_less_removes_the_line(client: TestClient, shop: dict[str, Any]) -> None:
    auth = bearer_for(shop["alice"])
    cart = put_cart(client, shop["alice"], [line(shop["rice"], 1), line(shop["milk"], 1)])
    rice_id, milk_id = (item["id"] for item in cart["items"])
    updated = client.put(f"{API}/cart/items/{rice_id}", json={"quantity": 5}, headers=auth)
    assert lines_of(updated.json()) == {shop["rice"]: 5, shop["milk"]: 1}
    client.put(f"{API}/cart/items/{rice_id}", json={"quantity": 0}, headers=auth)
    gone = client.put(f"{API}/cart/items/{milk_id}", json={"quantity": -3}, headers=auth)
    assert gone.status_code == 200
    assert gone.json()["items"] == []


def test_delete_item_and_clear(client: TestClient, shop: dict[str, Any]) -> None:
    auth = bearer_for(shop["alice"])
    cart = put_cart(client, shop["alice"], [line(shop["rice"], 1), line(shop["milk"], 2)])
    client.post(f"{API}/cart/promo", json={"promoCode": "SAVE10"}, headers=auth)
    removed = client.delete(f"{API}/cart/items/{cart['items'][0]['id']}", headers=auth).json()
    assert lines_of(removed) == {shop["milk"]: 2}
    cleared = client.delete(f"{API}/cart", headers=auth).json()
    assert cleared["items"] == []
    assert cleared["promoCode"] == "SAVE10"  # emptying the bag keeps the code


def test_nobody_touches_anothers_item(
    client: TestClient, shop: dict[str, Any], db: Session
) -> None:
    cart = put_cart(client, shop["alice"], [line(shop["rice"], 2)])
    item_id = cart["items"][0]["id"]
    intruder = bearer_for(shop["bob"])
    for response in (
        client.put(f"{API}/cart/items/{item_id}", json={"quantity": 9}, headers=intruder),
        client.put(f"{API}/cart/items/{item_id}", json={"quantity": 0}, headers=intruder),
        client.delete(f"{API}/cart/items/{item_id}", headers=intruder),
    ):
        assert response.status_code == 404
        assert response.json()["key"] == "cart.errors.itemNotFound"
    assert db.get(CartItem, item_id).quantity == 2  # type: ignore[union-attr]
    auth = bearer_for(shop["alice"])
    for missing in (0, -1, 999999, 10**15):
        response = client.put(f"{API}/cart/items/{missing}", json={"quantity": 1}, headers=auth)
        assert response.status_code == 404


def test_an_admin_has_no_way_into_anothers_cart(
    client: TestClient, shop: dict[str, Any], db: Session
) -> None:
    admin = stored_user(db, "root", ["admin"])
    item_id = put_cart(client, shop["alice"], [line(shop["rice"], 2)])["items"][0]["id"]
    response = client.delete(f"{API}/cart/items/{item_id}", headers=bearer_for(admin))
    assert response.status_code == 404


# --- limits ------------------------------------------------------------------------------------


@pytest.mark.parametrize("quantity", [0, -1, 100, 10**20, "abc", 1.5, None])
def test_bad_quantities_are_refused(
    client: TestClient, shop: dict[str, Any], quantity: object
) -> None:
    auth = bearer_for(shop["alice"])
    put_cart(client, shop["alice"], [line(shop["milk"], 1)])
    attempts = [
        client.post(
            f"{API}/cart/items",
            json={"productId": shop["rice"], "quantity": quantity},
            headers=auth,
        ),
        client.post(
            f"{API}/cart", json={"cartItems": [line(shop["rice"], quantity)]}, headers=auth
        ),  # type: ignore[arg-type]
        client.post(
            f"{API}/cart/sync", json={"items": [line(shop["rice"], quantity)]}, headers=auth
        ),  # type: ignore[arg-type]
    ]
    for response in attempts:
        assert response.status_code == 400, response.text
    assert lines_of(client.get(f"{API}/cart", headers=auth).json()) == {shop["milk"]: 1}


def test_update_above_the_limit_is_refused(client: TestClient, shop: dict[str, Any]) -> None:
    auth = bearer_for(shop["alice"])
    item_id = put_cart(client, shop["alice"], [line(shop["rice"], 1)])["items"][0]["id"]
    for quantity in (100, 10**20):
        response = client.put(
            f"{API}/cart/items/{item_id}", json={"quantity": quantity}, headers=auth
        )
        assert response.status_code == 400
        assert response.json()["key"] == "cart.errors.quantity"


def test_adding_past_99_is_refused(client: TestClient, shop: dict[str, Any]) -> None:
    auth = bearer_for(shop["alice"])
    put_cart(client, shop["alice"], [line(shop["rice"], 99)])
    response = client.post(f"{API}/cart/items", json={"productId": shop["rice"]}, headers=auth)
    assert response.status_code == 400
    duplicates = {"cartItems": [line(shop["rice"], 50), line(shop["rice"], 50)]}
    assert client.post(f"{API}/cart", json=duplicates, headers=auth).status_code == 400


def test_more_than_200_lines_is_refused(client: TestClient, shop: dict[str, Any]) -> None:
    body = {"cartItems": [line(shop["rice"]) for _ in range(201)]}
    response = client.post(f"{API}/cart", json=body, headers=bearer_for(shop["alice"]))
    assert response.status_code == 400


@pytest.mark.parametrize(
    ("method", "path", "body"),
    [
        ("POST", "/cart/promo", {"promoCode": "X" * 10_000}),
        ("POST", "/cart", {"storeId": "s" * 1_000, "cartItems": []}),
        ("POST", "/cart", {"userId": "u" * 10_000, "cartItems": []}),
        ("POST", "/cart", {"cartItems": [{"articleId": 1, "unitPrice": "9" * 10_000}]}),
        ("POST", "/cart/items", {"productId": "1" * 10_000}),
        ("POST", "/cart/shipping", {"address": {"streetAddress": "r" * 10_000}}),
        ("POST", "/cart/shipping", {"method": "d" * 10_000}),
        ("POST", "/cart/shipping", {"timeslot": {"dayOffset": 0, "slot": "9" * 10_000}}),
    ],
)
def test_huge_strings_are_refused(
    client: TestClient, shop: dict[str, Any], method: str, path: str, body: dict[str, Any]
) -> None:
    response = client.request(method, API + path, json=body, headers=bearer_for(shop["alice"]))
    assert response.status_code == 400, response.text
    assert response.json()["key"] == "errors.validation"


def test_a_promo_code_longer_than_40_after_trimming_is_refused(
    client: TestClient, shop: dict[str, Any]
) -> None:
    auth = bearer_for(shop["alice"])
    ok = client.post(f"{API}/cart/promo", json={"promoCode": f"  {'A' * 40}  "}, headers=auth)
    assert ok.status_code == 200
    too_long = client.post(f"{API}/cart/promo", json={"promoCode": "A" * 41}, headers=auth)
    assert too_long.status_code == 400


# --- merge -------------------------------------------------------------------------------------


def test_sync_merges_the_guest_bag_without_dropping_anything(
    client: TestClient, shop: dict[str, Any], db: Session
) -> None:
    auth = bearer_for(shop["alice"])
    oil = make_article(db, "oil", "2500.00")
    put_cart(client, shop["alice"], [line(shop["rice"], 2), line(shop["milk"], 98)])
    guest = {
        "items": [
            line(shop["rice"], 3, unitPrice="1"),
            {"productId": shop["milk"], "quantity": 5},  # the guest bag names it productId
            line(oil, 1),
        ]
    }
    response = client.post(f"{API}/cart/sync", json=guest, headers=auth)
    assert response.status_code == 200, response.text
    assert lines_of(response.json()) == {shop["rice"]: 5, shop["milk"]: 99, oil: 1}


def test_sync_with_an_unknown_article_changes_nothing(
    client: TestClient, shop: dict[str, Any]
) -> None:
    auth = bearer_for(shop["alice"])
    put_cart(client, shop["alice"], [line(shop["rice"], 2)])
    guest = {"items": [line(shop["milk"], 1), line(777777, 1)]}
    response = client.post(f"{API}/cart/sync", json=guest, headers=auth)
    assert response.status_code == 400
    assert response.json()["unknownArticleIds"] == [777777]
    assert lines_of(client.get(f"{API}/cart", headers=auth).json()) == {shop["rice"]: 2}


def test_sync_keeps_server_lines_that_went_off_sale(
    client: TestClient, shop: dict[str, Any], db: Session
) -> None:
    auth = bearer_for(shop["alice"])
    put_cart(client, shop["alice"], [line(shop["rice"], 2)])
    article = db.get(Article, shop["rice"])
    article.status = "INACTIVE"  # type: ignore[union-attr]
    db.add(article)
    db.commit()
    merged = client.post(f"{API}/cart/sync", json={"items": [line(shop["milk"])]}, headers=auth)
    assert lines_of(merged.json()) == {shop["rice"]: 2, shop["milk"]: 1}
    assert merged.json()["subtotal"] == "750.00"  # what can no longer be bought is not counted


def test_sync_of_an_empty_bag_returns_the_cart(client: TestClient, shop: dict[str, Any]) -> None:
    auth = bearer_for(shop["alice"])
    put_cart(client, shop["alice"], [line(shop["rice"], 2)])
    for body in ({"items": []}, {}):
        response = client.post(f"{API}/cart/sync", json=body, headers=auth)
        assert lines_of(response.json()) == {shop["rice"]: 2}


# --- promo codes -------------------------------------------------------------------------------


def test_promo_codes(client: TestClient, shop: dict[str, Any]) -> None:
    auth = bearer_for(shop["alice"])
    put_cart(client, shop["alice"], [line(shop["rice"], 2)])  # 13 000 XOF

    def apply(code: str) -> dict[str, Any]:
        response = client.post(f"{API}/cart/promo", json={"promoCode": code}, headers=auth)
        assert response.status_code == 200, response.text
        return response.json()

    save10 = apply("  save10 ")
    assert (save10["promoCode"], save10["discount"], save10["promoRecognised"]) == (
        "SAVE10",
        "1300.00",
        True,
    )
    below = apply("NEW50")  # 13 000 XOF is below 99 EUR
    assert (below["discount"], below["promoRecognised"]) == ("0.00", True)
    put_cart(client, shop["alice"], [line(shop["rice"], 10)])  # 65 000 XOF >= 64 939.74
    above = client.get(f"{API}/cart", headers=auth).json()
    assert above["discount"] == str(pricing.NEW50_DISCOUNT) == "3279.79"
    other = apply("hello")  # still applied, worth nothing
    assert (other["promoCode"], other["discount"], other["promoRecognised"]) == (
        "HELLO",
        "0.00",
        False,
    )
    removed = client.delete(f"{API}/cart/promo", headers=auth).json()
    assert (removed["promoCode"], removed["discount"]) == (None, "0.00")
    blank = client.post(f"{API}/cart/promo", json={"promoCode": "   "}, headers=auth)
    assert blank.status_code == 400
    assert blank.json()["key"] == "cart.errors.promoCode"


# --- validation --------------------------------------------------------------------------------


def issue_types(body: dict[str, Any]) -> list[str]:
    return [issue["type"] for issue in body["issues"]]


def test_validate(client: TestClient, shop: dict[str, Any], db: Session) -> None:
    auth = bearer_for(shop["alice"])
    empty = client.get(f"{API}/cart/validate", headers=auth).json()
    assert (empty["valid"], issue_types(empty)) == (False, ["empty"])

    put_cart(client, shop["alice"], [line(shop["rice"], 1)])
    small = client.get(f"{API}/cart/validate", headers=auth).json()
    assert small["valid"] is False
    assert small["issues"] == [
        {
            "type": "belowDeliveryMinimum",
            "key": "cart.issues.belowDeliveryMinimum",
            "blocking": True,
            "remaining": "16458.50",
        }
    ]

    put_cart(client, shop["alice"], [line(shop["rice"], 4), line(shop["milk"], 1)])
    ok = client.get(f"{API}/cart/validate", headers=auth).json()
    assert (ok["valid"], ok["issues"]) == (True, [])
    assert ok["cart"]["subtotal"] == "26750.00"

    rice = db.get(Article, shop["rice"])
    rice.price = D("7000.00")  # type: ignore[union-attr]
    milk = db.get(Article, shop["milk"])
    milk.status = "INACTIVE"  # type: ignore[union-attr]
    db.add_all([rice, milk])
    db.commit()
    changed = client.get(f"{API}/cart/validate", headers=auth).json()
    assert changed["valid"] is False
    by_type = {issue["type"]: issue for issue in changed["issues"]}
    assert set(by_type) == {"priceChanged", "unavailable"}
    assert by_type["priceChanged"]["blocking"] is False
    assert (by_type["priceChanged"]["previousPrice"], by_type["priceChanged"]["currentPrice"]) == (
        "6500.00",
        "7000.00",
    )
    assert by_type["unavailable"]["articleId"] == shop["milk"]
    assert changed["cart"]["subtotal"] == "28000.00"  # current price, sold lines only
    assert changed["cart"]["items"][1]["available"] is False


# --- shipping ----------------------------------------------------------------------------------


def test_set_shipping(client: TestClient, shop: dict[str, Any]) -> None:
    auth = bearer_for(shop["alice"])
    body = {
        "method": "delivery",
        "address": {
            "streetAddress": "Avenue Kwame Nkrumah",
            "city": "Ouagadougou",
            "country": "Burkina Faso",
            "latitude": 12.3714,
            "longitude": -1.5197,
            "unknownField": "ignored",
        },
        "isProfessional": True,
        "timeslot": {"dayOffset": 1, "slot": "13-17"},
    }
    response = client.post(f"{API}/cart/shipping", json=body, headers=auth)
    assert response.status_code == 200, response.text
    shipping = client.get(f"{API}/cart", headers=auth).json()["shipping"]
    assert shipping["method"] == "delivery"
    assert shipping["isProfessional"] is True
    assert shipping["timeslot"] == {"dayOffset": 1, "slot": "13-17"}
    assert shipping["address"]["city"] == "Ouagadougou"
    assert shipping["address"]["latitude"] == 12.3714
    assert "unknownField" not in shipping["address"]


@pytest.mark.parametrize(
    ("body", "field"),
    [
        ({"method": "pickup", "timeslot": {"dayOffset": 0, "slot": "13-17"}}, "slot"),
        ({"method": "drone"}, "method"),
        ({"timeslot": {"dayOffset": -1, "slot": "9-13"}}, "dayOffset"),
        ({"address": {"latitude": 100}}, "latitude"),
        ({"address": {"longitude": -181}}, "longitude"),
        ({"address": {"postalCode": "9" * 21}}, "address.postalCode"),  # as saved addresses
        ({"address": {"addressType": "<b>"}}, "addressType"),
    ],
)
def test_bad_shipping_is_refused(
    client: TestClient, shop: dict[str, Any], body: dict[str, Any], field: str
) -> None:
    response = client.post(f"{API}/cart/shipping", json=body, headers=bearer_for(shop["alice"]))
    assert response.status_code == 400
    assert response.json()["field"] == field


def test_shipping_options(client: TestClient, shop: dict[str, Any]) -> None:
    auth = bearer_for(shop["alice"])
    today = utcnow().date()
    default = client.post(f"{API}/cart/shipping-options", headers=auth)
    assert default.status_code == 200, default.text
    options = default.json()
    assert options["method"] == "delivery"
    assert len(options["days"]) == 5
    assert options["days"][0]["date"] == today.isoformat()
    assert [s["slot"] for s in options["days"][1]["slots"]] == ["9-13", "13-17", "17-21"]
    assert options["deliveryFee"] == "5241.10"
    assert options["surcharge"] == "446.05"
    assert options["deliveryMinimum"] == "22958.50"
    assert options["deliveryMinimumRemaining"] == "22958.50"

    def offsets(body: dict[str, Any]) -> list[int]:
        response = client.post(f"{API}/cart/shipping-options", json=body, headers=auth)
        return [day["dayOffset"] for day in response.json()["days"]]

    assert offsets({"weekOffset": 1}) == [7, 8, 9, 10, 11]
    assert offsets({"weekOffset": -3}) == [0, 1, 2, 3, 4]
    assert offsets({"method": "pickup", "weekOffset": 1}) == [6, 7, 8, 9, 10, 11]
    bad = client.post(f"{API}/cart/shipping-options", json={"method": "x"}, headers=auth)
    assert bad.status_code == 400


# --- the service, as the Reflex states call it -------------------------------------------------


def test_service_calls_for_the_ui(db: Session, shop: dict[str, Any]) -> None:
    alice = shop["alice"]
    cart = cart_service.add_item(db, alice, shop["rice"])
    cart = cart_service.add_item(db, alice, str(shop["rice"]), "2")
    assert lines_of(cart) == {shop["rice"]: 3}
    with pytest.raises(cart_service.UnknownArticles) as info:
        cart_service.sync(db, alice, [{"articleId": shop["gone"], "quantity": 1}])
    assert info.value.article_ids == [shop["gone"]]
    assert info.value.status == 400
    with pytest.raises(ValidationFailed):
        cart_service.sync(db, alice, "not a list")
    with pytest.raises(NotFound):
        cart_service.remove_item(db, shop["bob"], cart["items"][0]["id"])
    db.commit()
    assert cart_service.get_cart(db, alice)["itemCount"] == 3
    # One cart per user, however often it is asked for.
    cart_service.get_cart(db, alice)
    db.commit()
    carts = db.exec(select(Cart).where(Cart.user_id == alice.id)).all()
    assert len(carts) == 1
