"""The back-office's API (issue 17, ★) on SQLite and PostgreSQL: every /admin route refuses a
visitor (401) and a shopper (403), staff reach orders but not accounts or the trail, order
status changes follow the life cycle and land in the audit trail with their note, a disabled
account's tokens stop working at once, roles change, and the trail cannot be rewritten."""

from __future__ import annotations

import re
from decimal import Decimal
from typing import Any

import httpx
import pytest
from fastapi.testclient import TestClient
from sqlmodel import Session, col, select

from grocer.models import AuditEntry, DeliverySlot, Order, User
from grocer.services.admin.audit import AppendOnly
from tests.support import API
from tests.support.accounts import bearer_for, stored_user
from tests.support.carts import make_article
from tests.support.checkout import BAG_QUANTITY, RICE_PRICE, fill_bag, make_slot, order_body, place
from tests.support.concurrency import at_once

Auth = dict[str, str]


@pytest.fixture
def admin(db: Session) -> User:
    return stored_user(db, "root", ["admin"])


@pytest.fixture
def staff(db: Session) -> User:
    return stored_user(db, "fatou", ["staff"])


@pytest.fixture
def order(client: TestClient, db: Session) -> dict[str, Any]:
    """A shopper's cash order for a delivery slot (pending)."""
    shopper = stored_user(db, "alice")
    auth = bearer_for(shopper)
    fill_bag(client, auth, make_article(db, "rice", RICE_PRICE), BAG_QUANTITY)
    placed = place(client, auth, order_body(make_slot(db)), "admin-order-1")
    assert placed.status_code == 201, placed.text
    return placed.json()


def admin_routes(client: TestClient) -> list[tuple[str, str]]:
    schema = client.get(f"{API}/openapi.json").json()
    routes = [
        (method.upper(), path)
        for path, operations in schema["paths"].items()
        if "/admin/" in path
        for method in operations
    ]
    assert len(routes) >= 9  # the back-office's routes and the payments review
    return routes


def concrete(path: str) -> str:
    return re.sub(r"\{[^}]+\}", "1", path)


def test_every_admin_route_refuses_a_visitor_and_a_shopper(client: TestClient, db: Session) -> None:
    shopper = bearer_for(stored_user(db, "alice"))
    for method, path in admin_routes(client):
        url = concrete(path)
        anonymous = client.request(method, url, json={})
        assert anonymous.status_code == 401, (method, path, anonymous.text)
        consumer = client.request(method, url, json={}, headers=shopper)
        assert consumer.status_code == 403, (method, path, consumer.text)


def test_staff_handle_orders_but_not_accounts_nor_the_trail(
    client: TestClient, staff: User, order: dict[str, Any]
) -> None:
    auth = bearer_for(staff)
    assert client.get(f"{API}/admin/orders", headers=auth).status_code == 200
    assert client.get(f"{API}/admin/dashboard", headers=auth).status_code == 200
    assert client.get(f"{API}/admin/payments/review", headers=auth).status_code == 200
    moved = client.post(
        f"{API}/admin/orders/{order['id']}/status", json={"status": "confirmed"}, headers=auth
    )
    assert moved.status_code == 200 and moved.json()["status"] == "confirmed"
    for method, url in (
        ("GET", f"{API}/admin/users"),
        ("GET", f"{API}/admin/users/1"),
        ("PUT", f"{API}/admin/users/1/active"),
        ("PUT", f"{API}/admin/users/1/roles"),
        ("GET", f"{API}/admin/audit"),
    ):
        assert client.request(method, url, json={}, headers=auth).status_code == 403, url


def test_orders_are_listed_by_status_day_and_customer(
    client: TestClient, admin: User, order: dict[str, Any]
) -> None:
    auth = bearer_for(admin)
    listed = client.get(f"{API}/admin/orders", headers=auth).json()
    assert listed["total"] == 1 and listed["page"] == 1 and listed["size"] == 20
    row = listed["items"][0]
    assert row["number"] == order["number"] and row["status"] == "pending"
    assert row["customer"]["email"] == "alice@example.bf"
    assert row["next"] == ["confirmed", "cancelled"]
    day = order["date"][:10]
    for query, found in (
        ({"status": "pending"}, 1),
        ({"status": "shipped"}, 0),
        ({"q": "ALICE@example"}, 1),
        ({"q": order["number"][-6:]}, 1),
        ({"q": "bob"}, 0),
        ({"q": "100%_"}, 0),
        ({"from": day, "to": day}, 1),
        ({"from": "2001-01-01", "to": "2001-01-02"}, 0),
    ):
        got = client.get(f"{API}/admin/orders", params=query, headers=auth)
        assert got.status_code == 200 and got.json()["total"] == found, query


@pytest.mark.parametrize(
    "query",
    [
        {"status": "lost"},
        {"from": "28/11/2026"},
        {"to": "2026-02-30"},
        {"page": 0},
        {"size": 101},
        {"q": "x" * 101},
    ],
)
def test_bad_list_queries_are_400(client: TestClient, admin: User, query: dict[str, Any]) -> None:
    answer = client.get(f"{API}/admin/orders", params=query, headers=bearer_for(admin))
    assert answer.status_code == 400, answer.text
    assert answer.json()["message"]


def test_a_status_change_follows_the_life_cycle_and_is_audited(
    client: TestClient, db: Session, admin: User, order: dict[str, Any]
) -> None:
    auth = bearer_for(admin)
    url = f"{API}/admin/orders/{order['id']}/status"
    skipped = client.post(url, json={"status": "delivered"}, headers=auth)
    assert skipped.status_code == 409 and skipped.json()["key"] == "orders.errors.transition"
    for bad in ({"status": "lost"}, {}, {"status": 3}, {"status": "confirmed", "note": "x" * 501}):
        assert client.post(url, json=bad, headers=auth).status_code == 400, bad
    moved = client.post(url, json={"status": "confirmed", "note": "Appel au client"}, headers=auth)
    assert moved.status_code == 200
    body = moved.json()
    assert body["status"] == "confirmed" and body["next"] == ["shipped", "cancelled"]
    assert [step["status"] for step in body["history"]][-1] == "confirmed"
    assert client.get(f"{API}/admin/orders/99999", headers=auth).status_code == 404

    trail = client.get(f"{API}/admin/audit", headers=auth).json()
    assert trail["total"] == 1  # the refused attempts left nothing
    entry = trail["items"][0]
    assert entry["action"] == "order.status" and entry["targetLabel"] == order["number"]
    assert entry["before"] == {"status": "pending"} and entry["after"] == {"status": "confirmed"}
    assert entry["note"] == "Appel au client" and entry["actorName"] == "root"
    filtered = client.get(
        f"{API}/admin/audit", params={"action": "user.active"}, headers=auth
    ).json()
    assert filtered["total"] == 0


def test_a_cancellation_by_the_shop_gives_the_slot_place_back(
    client: TestClient, db: Session, admin: User, order: dict[str, Any]
) -> None:
    auth = bearer_for(admin)
    url = f"{API}/admin/orders/{order['id']}/status"
    assert client.post(url, json={"status": "confirmed"}, headers=auth).status_code == 200
    slot = db.exec(select(DeliverySlot)).one()
    db.refresh(slot)
    assert slot.booked == 1
    cancelled = client.post(url, json={"status": "cancelled", "note": "Rupture"}, headers=auth)
    assert cancelled.status_code == 200 and cancelled.json()["next"] == []
    db.refresh(slot)
    assert slot.booked == 0
    again = client.post(url, json={"status": "cancelled"}, headers=auth)
    assert again.status_code == 409


def test_a_disabled_account_is_signed_out_at_once_and_can_come_back(
    client: TestClient, db: Session, admin: User
) -> None:
    victim = stored_user(db, "alice")
    auth = bearer_for(victim)
    assert client.get(f"{API}/users/me", headers=auth).status_code == 200
    admin_auth = bearer_for(admin)
    url = f"{API}/admin/users/{victim.id}/active"
    assert client.put(url, json={"active": "no"}, headers=admin_auth).status_code == 400
    off = client.put(url, json={"active": False}, headers=admin_auth)
    assert off.status_code == 200 and off.json()["isActive"] is False
    assert client.get(f"{API}/users/me", headers=auth).status_code == 401
    on = client.put(url, json={"active": True}, headers=admin_auth)
    assert on.status_code == 200 and on.json()["isActive"] is True
    # the old token stays revoked: the account signs in again
    assert client.get(f"{API}/users/me", headers=auth).status_code == 401
    fresh = bearer_for(db.get(User, victim.id))
    assert client.get(f"{API}/users/me", headers=fresh).status_code == 200
    actions = [
        e["after"] for e in client.get(f"{API}/admin/audit", headers=admin_auth).json()["items"]
    ]
    assert actions == [{"isActive": True}, {"isActive": False}]


def test_an_admin_cannot_lock_themselves_out(client: TestClient, admin: User) -> None:
    auth = bearer_for(admin)
    off = client.put(f"{API}/admin/users/{admin.id}/active", json={"active": False}, headers=auth)
    assert off.status_code == 409 and off.json()["key"] == "admin.errors.selfDisable"
    demoted = client.put(
        f"{API}/admin/users/{admin.id}/roles", json={"roles": ["consumer"]}, headers=auth
    )
    assert demoted.status_code == 409 and demoted.json()["key"] == "admin.errors.selfDemote"


def test_roles_change_and_take_effect_at_the_next_request(
    client: TestClient, db: Session, admin: User
) -> None:
    fatou = stored_user(db, "fatou")
    auth = bearer_for(fatou)
    assert client.get(f"{API}/admin/orders", headers=auth).status_code == 403
    url = f"{API}/admin/users/{fatou.id}/roles"
    admin_auth = bearer_for(admin)
    for bad in ({"roles": []}, {"roles": ["root"]}, {"roles": "staff"}, {"roles": [1]}, {}):
        assert client.put(url, json=bad, headers=admin_auth).status_code == 400, bad
    given = client.put(url, json={"roles": ["staff", "consumer", "staff"]}, headers=admin_auth)
    assert given.status_code == 200 and given.json()["roles"] == ["consumer", "staff"]
    assert client.get(f"{API}/admin/orders", headers=auth).status_code == 200
    assert client.get(f"{API}/admin/users", headers=auth).status_code == 403


def test_accounts_are_searched_and_paged(client: TestClient, db: Session, admin: User) -> None:
    for k in range(25):
        stored_user(db, f"client{k:02d}")
    auth = bearer_for(admin)
    first = client.get(f"{API}/admin/users", params={"q": "client"}, headers=auth).json()
    assert first["total"] == 25 and len(first["items"]) == 20
    second = client.get(
        f"{API}/admin/users", params={"q": "client", "page": 2}, headers=auth
    ).json()
    assert len(second["items"]) == 5
    assert {u["username"] for u in first["items"]}.isdisjoint(
        u["username"] for u in second["items"]
    )
    one = client.get(f"{API}/admin/users/{admin.id}", headers=auth).json()
    assert one["roles"] == ["admin"] and one["orders"] == 0
    assert client.get(f"{API}/admin/users/99999", headers=auth).status_code == 404


def test_the_trail_cannot_be_rewritten(
    client: TestClient, db: Session, admin: User, order: dict[str, Any]
) -> None:
    auth = bearer_for(admin)
    client.post(
        f"{API}/admin/orders/{order['id']}/status", json={"status": "confirmed"}, headers=auth
    )
    entry = db.exec(select(AuditEntry)).one()
    entry.note = "rewritten"
    db.add(entry)
    with pytest.raises(AppendOnly):
        db.commit()
    db.rollback()
    with pytest.raises(AppendOnly):
        db.delete(db.exec(select(AuditEntry)).one())
        db.commit()
    db.rollback()
    kept = db.exec(select(AuditEntry)).one()
    assert kept.note == "" and db.exec(select(Order).where(col(Order.status) == "confirmed")).one()


def test_the_dashboard_counts_todays_orders_and_revenue(
    client: TestClient, admin: User, order: dict[str, Any]
) -> None:
    board = client.get(f"{API}/admin/dashboard", headers=bearer_for(admin)).json()
    assert board["today"]["pending"] == 1 and board["week"]["pending"] == 1
    assert board["revenueTodayXof"] == order["total"]
    assert board["paymentsToReview"] == 0
    # The chart: seven days, oldest first, the order on today's bar.
    days = board["days"]
    assert len(days) == 7 and days == sorted(days, key=lambda d: d["date"])
    assert days[-1]["date"] == order["date"][:10]
    assert days[-1]["orders"] == 1 and days[-1]["revenueXof"] == order["total"]
    assert sum(day["orders"] for day in days) == 1
    # The order's slot (tomorrow) is among the slots filling up, with its booking.
    (slot,) = [s for s in board["slots"] if s["id"] == order["slot"]["id"]]
    assert slot["booked"] == 1 and slot["capacity"] == 20 and slot["slot"] == "9-13"


def test_the_dashboards_chart_leaves_a_cancelled_order_out_of_the_revenue(
    client: TestClient, admin: User, order: dict[str, Any]
) -> None:
    auth = bearer_for(admin)
    moved = client.post(
        f"{API}/admin/orders/{order['id']}/status", json={"status": "cancelled"}, headers=auth
    )
    assert moved.status_code == 200
    board = client.get(f"{API}/admin/dashboard", headers=auth).json()
    today = board["days"][-1]
    assert today["orders"] == 1 and Decimal(today["revenueXof"]) == 0
    # The cancellation gave the slot back: nothing booked on it any more.
    assert all(s["booked"] == 0 for s in board["slots"])


def test_a_double_click_on_a_status_moves_the_order_once(
    live_api: str, client: TestClient, db: Session, admin: User, order: dict[str, Any]
) -> None:
    """Two identical status changes at the same instant (a double click, two admins): one
    moves the order, the other is refused, and the history and the trail say it once."""
    auth = bearer_for(admin)
    url = f"{live_api}/admin/orders/{order['id']}/status"

    def confirm(_: int) -> int:
        with httpx.Client(timeout=60) as http:
            return http.post(url, json={"status": "confirmed"}, headers=auth).status_code

    assert sorted(at_once(2, confirm)) == [200, 409]
    detail = client.get(f"{API}/admin/orders/{order['id']}", headers=auth).json()
    assert [step["status"] for step in detail["history"]].count("confirmed") == 1
    assert client.get(f"{API}/admin/audit", headers=auth).json()["total"] == 1
