"""Simultaneous writers of one bag (issue 12, item 6), on SQLite and PostgreSQL.

Twenty `+1` on one article for one user, at the same moment, must give one line of 20: SQLite
ignores `FOR UPDATE`, so before the fix the read-modify-write of the cart lost updates and even
created duplicate lines. Two kinds of concurrency are shown: the API served by a real server
process on loopback (each request its own connection and database session), and the service
called from threads that each hold their own database session.
"""

from __future__ import annotations

import httpx
import sqlalchemy as sa
from sqlmodel import Session, select

from grocer.models import Cart, CartItem, CartMerge, User
from grocer.services import cart as cart_service
from tests.support.accounts import bearer_for, stored_user
from tests.support.carts import make_article
from tests.support.concurrency import at_once

WRITERS = 20


def cart_lines(db: Session, user: User) -> list[tuple[int, int]]:
    db.expire_all()
    cart = db.exec(select(Cart).where(Cart.user_id == user.id)).one()
    items = db.exec(select(CartItem).where(CartItem.cart_id == cart.id)).all()
    return sorted((item.article_id, item.quantity) for item in items)


def test_twenty_simultaneous_adds_over_http_make_one_line_of_twenty(
    live_api: str, db: Session
) -> None:
    alice = stored_user(db, "alice")
    rice = make_article(db, "rice", "650.00")
    auth = bearer_for(alice)
    with httpx.Client(timeout=30) as warm:  # the cart exists, as after a first visit
        assert warm.get(f"{live_api}/cart", headers=auth).status_code == 200

    def add(_: int) -> int:
        with httpx.Client(timeout=60) as client:
            answer = client.post(f"{live_api}/cart/items", json={"productId": rice}, headers=auth)
            return answer.status_code

    assert at_once(WRITERS, add) == [200] * WRITERS
    assert cart_lines(db, alice) == [(rice, WRITERS)]
    with httpx.Client(timeout=30) as client:
        answer = client.get(f"{live_api}/cart", headers=auth)
    assert [(i["articleId"], i["quantity"]) for i in answer.json()["items"]] == [(rice, WRITERS)]


def test_two_tabs_merging_one_guest_bag_at_once_over_http_merge_it_once(
    live_api: str, db: Session
) -> None:
    alice = stored_user(db, "alice")
    rice = make_article(db, "rice", "650.00")
    auth = bearer_for(alice)
    guest = {"items": [{"articleId": rice, "quantity": 2}], "mergeKey": "guest-7c1d0e5b9a"}

    def merge(index: int) -> dict[int, int]:
        with httpx.Client(timeout=60) as client:
            if index % 2:  # the spec's body field, or the header
                answer = client.post(f"{live_api}/cart/sync", json=guest, headers=auth)
            else:
                answer = client.post(
                    f"{live_api}/cart/sync",
                    json={"items": guest["items"]},
                    headers={**auth, "Idempotency-Key": guest["mergeKey"]},
                )
            assert answer.status_code == 200, answer.text
            return {i["articleId"]: i["quantity"] for i in answer.json()["items"]}

    assert at_once(10, merge) == [{rice: 2}] * 10
    assert cart_lines(db, alice) == [(rice, 2)]


def test_twenty_simultaneous_adds_through_the_service_on_a_new_cart(
    database: sa.Engine, db: Session
) -> None:
    """No cart yet: the first writers also race to create it."""
    alice = stored_user(db, "alice")
    rice = make_article(db, "rice", "650.00")

    def add(_: int) -> int:
        with Session(database, expire_on_commit=False) as own:
            answer = cart_service.add_item(own, alice, rice, 1)
            own.commit()
            return len(answer["items"])

    results = at_once(WRITERS, add)
    assert [r for r in results if isinstance(r, Exception)] == []
    assert cart_lines(db, alice) == [(rice, WRITERS)]
    assert len(db.exec(select(Cart).where(Cart.user_id == alice.id)).all()) == 1


def test_simultaneous_deltas_and_merges_with_one_key_apply_once(
    database: sa.Engine, db: Session
) -> None:
    """Ten tabs send the same guest bag with the same merge key, ten others +1 each."""
    alice = stored_user(db, "alice")
    rice, milk = make_article(db, "rice", "650.00"), make_article(db, "milk", "750.00")

    def write(index: int) -> None:
        with Session(database, expire_on_commit=False) as own:
            if index % 2:
                cart_service.sync(own, alice, [{"articleId": milk, "quantity": 3}], "guest-bag-1")
            else:
                cart_service.apply_deltas(own, alice, {rice: 1})
            own.commit()

    results = at_once(WRITERS, write)
    assert [r for r in results if isinstance(r, Exception)] == []
    assert cart_lines(db, alice) == sorted([(rice, WRITERS // 2), (milk, 3)])
    assert len(db.exec(select(CartMerge)).all()) == 1
