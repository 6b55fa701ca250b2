"""The account's orders (issue 15): the status history every transition records, cancelling
only while pending, and reorder (the order's articles back in the bag, capped, the ones no
longer sold named; another shopper's order is not found and changes nothing). On SQLite and
PostgreSQL, through the REST app with real accounts and a real database.
"""

from __future__ import annotations

import uuid
from datetime import timedelta
from decimal import Decimal
from typing import Any

import pytest
from fastapi.testclient import TestClient
from sqlmodel import Session, col, select

from grocer.models import Article, Cart, CartItem, Payment, User
from grocer.models.base import utcnow
from grocer.services import orders
from grocer.services.bag_totals import MAX_LINES, MAX_QUANTITY
from grocer.services.errors import Conflict
from grocer.services.payments import service as payments
from tests.api.test_payments import place as mobile_money_order
from tests.support import API
from tests.support.accounts import bearer_for, stored_user
from tests.support.carts import make_article
from tests.support.checkout import BAG_QUANTITY, RICE_PRICE, fill_bag, make_slot, order_body, place

Auth = dict[str, str]


@pytest.fixture
def rice(db: Session) -> int:
    return make_article(db, "rice", RICE_PRICE)


@pytest.fixture
def oil(db: Session) -> int:
    return make_article(db, "oil", "2000.00")


@pytest.fixture
def admin(db: Session) -> User:
    return stored_user(db, "root", ["consumer", "admin"])


def placed_order(client: TestClient, db: Session, auth: Auth, lines: dict[int, int]) -> dict:
    """A cash pickup order of `lines` (article id -> quantity; a pickup has no minimum),
    placed through the API."""
    answer = client.post(
        f"{API}/cart",
        json={"cartItems": [{"articleId": a, "quantity": q} for a, q in lines.items()]},
        headers=auth,
    )
    assert answer.status_code == 200, answer.text
    placed = place(
        client, auth, order_body(make_slot(db, "pickup"), kind="pickup"), f"key-{uuid.uuid4().hex}"
    )
    assert placed.status_code == 201, placed.text
    return placed.json()


def history(client: TestClient, auth: Auth, order_id: int) -> list[tuple[str, str | None]]:
    body = client.get(f"{API}/orders/{order_id}", headers=auth).json()
    return [(step["status"], step["note"]) for step in body["history"]]


def bag(db: Session, user: User) -> dict[int, int]:
    db.expire_all()
    rows = db.exec(select(CartItem).join(Cart).where(col(Cart.user_id) == user.id)).all()
    return {row.article_id: row.quantity for row in rows}


# --- the status history ------------------------------------------------------------------------


def test_every_transition_is_recorded_in_order(
    client: TestClient, db: Session, alice: User, admin: User, rice: int
) -> None:
    auth = bearer_for(alice)
    order = placed_order(client, db, auth, {rice: BAG_QUANTITY})
    assert [(s["status"], s["note"]) for s in order["history"]] == [("pending", None)]
    assert order["history"][0]["date"] == order["date"]

    moments = [utcnow() + timedelta(minutes=m) for m in (1, 2, 3)]
    for status, moment in zip(("confirmed", "shipped", "delivered"), moments, strict=True):
        orders.set_status(db, admin, order["id"], status, now=moment)
        db.commit()

    body = client.get(f"{API}/users/{alice.id}/orders/{order['id']}", headers=auth).json()
    assert [(s["status"], s["note"]) for s in body["history"]] == [
        ("pending", None), ("confirmed", "shop"), ("shipped", "shop"), ("delivered", "shop"),
    ]  # fmt: skip
    dates = [step["date"] for step in body["history"]]
    assert dates == sorted(dates) and all(d.endswith("Z") for d in dates)
    assert body["status"] == "delivered"
    listed = client.get(f"{API}/users/{alice.id}/orders", headers=auth).json()
    assert listed[0]["history"] == body["history"]


def test_a_refused_transition_records_nothing(
    client: TestClient, db: Session, alice: User, admin: User, rice: int
) -> None:
    auth = bearer_for(alice)
    order = placed_order(client, db, auth, {rice: BAG_QUANTITY})
    with pytest.raises(Conflict):
        orders.set_status(db, admin, order["id"], "delivered")
    db.rollback()
    assert history(client, auth, order["id"]) == [("pending", None)]


@pytest.mark.usefixtures("mobile_money")  # mobile money needs a provider
def test_a_mobile_money_payment_records_the_confirmation_once(db: Session, alice: User) -> None:
    order_id, reference = mobile_money_order(db, alice)
    payment = db.exec(select(Payment).where(col(Payment.reference) == reference)).one()
    for _ in range(2):  # the callback, then the return page: one confirmation
        payments.mark_paid(db, reference, amount=payment.amount, currency="XOF", now=utcnow())
    db.commit()
    assert alice.id is not None
    steps = orders.get_order(db, alice, alice.id, order_id)["history"]
    assert [(s["status"], s["note"]) for s in steps] == [
        ("pending", None),
        ("confirmed", "payment"),
    ]


# --- cancelling ------------------------------------------------------------------------------


def test_the_shopper_cancels_while_pending_and_only_once(
    client: TestClient, db: Session, alice: User, rice: int
) -> None:
    auth = bearer_for(alice)
    order = placed_order(client, db, auth, {rice: BAG_QUANTITY})

    cancelled = client.post(f"{API}/orders/{order['id']}/cancel", headers=auth)
    assert cancelled.status_code == 200, cancelled.text
    assert cancelled.json()["status"] == "cancelled"
    again = client.post(f"{API}/orders/{order['id']}/cancel", headers=auth)
    assert again.status_code == 409
    assert again.json()["key"] == "orders.errors.cancelNotAllowed"
    assert history(client, auth, order["id"]) == [("pending", None), ("cancelled", "customer")]


def test_a_confirmed_order_can_no_longer_be_cancelled_by_the_shopper(
    client: TestClient, db: Session, alice: User, admin: User, rice: int
) -> None:
    auth = bearer_for(alice)
    order = placed_order(client, db, auth, {rice: BAG_QUANTITY})
    orders.set_status(db, admin, order["id"], "confirmed")
    db.commit()
    refused = client.post(f"{API}/orders/{order['id']}/cancel", headers=auth)
    assert refused.status_code == 409
    body = client.get(f"{API}/orders/{order['id']}", headers=auth).json()
    assert body["status"] == "confirmed"
    assert [s["status"] for s in body["history"]] == ["pending", "confirmed"]


# --- reorder ---------------------------------------------------------------------------------


def reorder(client: TestClient, auth: Auth, order_id: int) -> Any:
    return client.post(f"{API}/orders/{order_id}/reorder", headers=auth)


def test_reorder_puts_the_lines_back_in_the_bag(
    client: TestClient, db: Session, alice: User, rice: int, oil: int
) -> None:
    auth = bearer_for(alice)
    order = placed_order(client, db, auth, {rice: BAG_QUANTITY, oil: 2})
    assert bag(db, alice) == {}  # placing emptied it

    answer = reorder(client, auth, order["id"])

    assert answer.status_code == 200, answer.text
    body = answer.json()
    assert body["unavailable"] == []
    assert [(line["articleId"], line["name"], line["quantity"]) for line in body["added"]] == [
        (rice, "Rice", BAG_QUANTITY), (oil, "Oil", 2),
    ]  # fmt: skip
    assert {i["articleId"]: i["quantity"] for i in body["cart"]["items"]} == {
        rice: BAG_QUANTITY,
        oil: 2,
    }
    assert bag(db, alice) == {rice: BAG_QUANTITY, oil: 2}
    assert client.get(f"{API}/cart", headers=auth).json()["itemCount"] == BAG_QUANTITY + 2


def test_reorder_names_the_articles_no_longer_sold(
    client: TestClient, db: Session, alice: User, rice: int, oil: int
) -> None:
    auth = bearer_for(alice)
    milk = make_article(db, "milk", "900.00")
    order = placed_order(client, db, auth, {rice: 1, oil: 2, milk: 3})
    article = db.get(Article, oil)
    assert article is not None
    article.status = "INACTIVE"
    db.add(article)
    gone = db.get(Article, milk)
    db.delete(gone)  # deleted from the catalogue: the order keeps the line's name
    db.commit()

    body = reorder(client, auth, order["id"]).json()

    assert [line["articleId"] for line in body["added"]] == [rice]
    assert body["unavailable"] == ["Oil", "Milk"]
    assert bag(db, alice) == {rice: 1}


def test_reorder_of_nothing_on_sale_leaves_the_bag_untouched(
    client: TestClient, db: Session, alice: User, oil: int
) -> None:
    auth = bearer_for(alice)
    order = placed_order(client, db, auth, {oil: 20})
    article = db.get(Article, oil)
    assert article is not None
    article.status = "INACTIVE"
    db.add(article)
    db.commit()
    version = client.get(f"{API}/cart", headers=auth).json()["version"]

    body = reorder(client, auth, order["id"]).json()

    assert (body["added"], body["unavailable"]) == ([], ["Oil"])
    assert body["cart"]["version"] == version and bag(db, alice) == {}


def test_reorder_adds_to_the_bag_and_caps_each_line_at_99(
    client: TestClient, db: Session, alice: User, rice: int, oil: int
) -> None:
    auth = bearer_for(alice)
    order = placed_order(client, db, auth, {rice: BAG_QUANTITY, oil: 2})
    fill_bag(client, auth, rice, MAX_QUANTITY - 1)

    body = reorder(client, auth, order["id"]).json()
    assert bag(db, alice) == {rice: MAX_QUANTITY, oil: 2}
    assert {i["articleId"]: i["quantity"] for i in body["cart"]["items"]} == {
        rice: MAX_QUANTITY,
        oil: 2,
    }
    reorder(client, auth, order["id"])
    assert bag(db, alice) == {rice: MAX_QUANTITY, oil: 4}


def test_reorder_past_the_line_limit_is_refused_and_changes_nothing(
    client: TestClient, db: Session, alice: User, rice: int
) -> None:
    auth = bearer_for(alice)
    order = placed_order(client, db, auth, {rice: 1})
    others = [
        Article(key=f"filler-{i}", name=f"Filler {i}", price=Decimal("100"))
        for i in range(MAX_LINES)
    ]
    db.add_all(others)
    db.commit()
    fill = [{"articleId": a.id, "quantity": 1} for a in others]
    assert client.post(f"{API}/cart", json={"cartItems": fill}, headers=auth).status_code == 200
    before = bag(db, alice)

    refused = reorder(client, auth, order["id"])

    assert refused.status_code == 400
    assert refused.json()["key"] == "cart.errors.tooManyLines"
    assert bag(db, alice) == before


def test_another_shoppers_order_is_not_found_and_no_bag_changes(
    client: TestClient, db: Session, alice: User, rice: int, oil: int
) -> None:
    order = placed_order(client, db, bearer_for(alice), {rice: BAG_QUANTITY})
    bob = stored_user(db, "bob")
    fill_bag(client, bearer_for(bob), oil, 1)
    admin = stored_user(db, "root", ["consumer", "admin"])
    fill_bag(client, bearer_for(admin), oil, 1)

    for intruder in (bob, admin):  # an admin's bag is theirs: no reordering another's order
        answer = reorder(client, bearer_for(intruder), order["id"])
        assert answer.status_code == 404, answer.text
        assert set(answer.json()) <= {"message", "key", "field", "details"}
        assert bag(db, intruder) == {oil: 1}
    assert reorder(client, bearer_for(bob), 2**31 - 1).status_code == 404
    assert bag(db, alice) == {}


@pytest.mark.parametrize("order_id", ["0", "-1", "abc", str(2**31)])
def test_reorder_of_a_bad_id_is_a_400(client: TestClient, alice: User, order_id: str) -> None:
    answer = client.post(f"{API}/orders/{order_id}/reorder", headers=bearer_for(alice))
    assert answer.status_code == 400


def test_reorder_needs_a_token(client: TestClient) -> None:
    assert client.post(f"{API}/orders/1/reorder").status_code == 401
