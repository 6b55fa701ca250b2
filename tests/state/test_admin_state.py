"""The back-office's handlers (grocer.state.admin) called the way the websocket would: a shopper
whose tab claims the admin role in its storage changes nothing and is sent away; staff change
orders but not accounts; an admin changes both, and every change is in the audit trail."""

from __future__ import annotations

import json
from decimal import Decimal
from typing import Any

import pytest
from sqlmodel import Session, func, select

from grocer.models import AuditEntry, Order, Payment, User
from grocer.models.base import utcnow
from grocer.state.admin import AdminState
from grocer.state.auth import AuthState
from grocer.state.toast import ToastState
from tests.support.state_harness import new_tree, run, sign_in, sub


@pytest.fixture
def order(db: Session, shop: dict[str, Any]) -> Order:
    placed = Order(
        number="GR-20261128-0001",
        user_id=shop["bob"].id,
        total=Decimal("26000"),
        subtotal=Decimal("26000"),
        created_at=utcnow(),
    )
    db.add(placed)
    db.commit()
    db.refresh(placed)
    return placed


def tab_of(db: Session, user: User, roles: list[str] | None = None) -> Any:
    """A signed-in tab of `user`; with `roles`, the account's row is given them first."""
    if roles is not None:
        user.roles = roles
        db.add(user)
        db.commit()
    root = new_tree()
    sign_in(root, db, user)
    return root


def every_handler(admin: Any, order_id: int, user_id: int) -> None:
    """Each back-office handler once, as a forged client would send it."""
    run(AdminState.load, admin)
    for tab in ("dashboard", "orders", "users", "audit"):
        run(AdminState.open_tab, admin, tab)
    run(AdminState.filter_orders, admin, {"status": "pending", "q": "GR"})
    run(AdminState.orders_page, admin, 1)
    run(AdminState.show_order, admin, "GR-20261128-0001")
    run(AdminState.set_note, admin, str(order_id), "forged")
    run(AdminState.change_status, admin, order_id, "confirmed")
    run(AdminState.change_status, admin, order_id, "cancelled")
    run(AdminState.search_users, admin, {"q": "bob"})
    run(AdminState.users_page, admin, 1)
    run(AdminState.set_active, admin, user_id, False)
    run(AdminState.set_role, admin, user_id, "admin")
    run(AdminState.filter_trail, admin, "order.status")
    run(AdminState.trail_page_step, admin, 1)


def unchanged(db: Session, order: Order, bob: User) -> bool:
    db.expire_all()
    fresh_order, fresh_bob = db.get(Order, order.id), db.get(User, bob.id)
    assert fresh_order is not None and fresh_bob is not None
    trail = db.exec(select(func.count()).select_from(AuditEntry)).one()
    return (
        fresh_order.status == "pending"
        and fresh_bob.is_active
        and fresh_bob.roles == ["consumer"]
        and trail == 0
    )


def test_a_shopper_claiming_the_admin_role_changes_nothing(
    db: Session, shop: dict[str, Any], order: Order
) -> None:
    root = tab_of(db, shop["alice"])
    auth = sub(root, AuthState)
    auth.user_roles = json.dumps(["admin"])  # what a forged browser storage says
    auth.user_info = json.dumps({"firstName": "Alice", "roles": ["admin"]})
    admin = sub(root, AdminState)
    out = run(AdminState.load, admin)
    assert admin.ready is False and admin.tabs == []
    assert sub(root, ToastState).key == "admin:denied"
    assert out and out[0] is not None  # sent away to /
    admin.tabs = ["dashboard", "orders", "users", "audit"]  # a forged client opens them anyway
    admin.ready = True
    every_handler(admin, order.id, shop["bob"].id)
    assert unchanged(db, order, shop["bob"])
    assert admin.orders == [] and admin.users == [] and admin.trail == []
    assert admin.reviews == []


def test_a_visitor_is_asked_to_sign_in_and_changes_nothing(
    db: Session, shop: dict[str, Any], order: Order
) -> None:
    admin = sub(new_tree(), AdminState)
    every_handler(admin, order.id, shop["bob"].id)
    assert admin.ready is False
    assert unchanged(db, order, shop["bob"])


def test_staff_move_orders_but_cannot_touch_accounts(
    db: Session, shop: dict[str, Any], order: Order
) -> None:
    root = tab_of(db, shop["alice"], ["consumer", "staff"])
    admin = sub(root, AdminState)
    run(AdminState.load, admin)
    assert admin.ready and admin.tabs == ["dashboard", "orders", "slots"]
    run(AdminState.open_tab, admin, "users")
    assert admin.tab == "dashboard"  # not one of its tabs
    run(AdminState.open_tab, admin, "orders")
    assert [row["number"] for row in admin.orders] == [order.number]
    run(AdminState.set_active, admin, shop["bob"].id, False)
    assert sub(root, ToastState).key == "admin:toasts.denied"
    run(AdminState.change_status, admin, order.id, "confirmed")
    db.expire_all()
    assert db.get(Order, order.id).status == "confirmed"
    assert db.get(User, shop["bob"].id).is_active
    assert admin.orders[0]["status"] == "confirmed"


def test_an_admin_changes_an_order_and_an_account_and_both_are_audited(
    db: Session, shop: dict[str, Any], order: Order
) -> None:
    root = tab_of(db, shop["alice"], ["consumer", "admin"])
    admin = sub(root, AdminState)
    run(AdminState.load, admin)
    assert admin.tabs == ["dashboard", "orders", "slots", "catalogue", "home", "users", "audit"]
    assert admin.board["today"]["pending"] == 1
    bars = admin.board["days"]
    assert len(bars) == 7 and bars[-1]["orders"] == 1 and bars[-1]["height"] == 100
    assert all(bar["height"] == 0 for bar in bars[:-1])
    run(AdminState.open_tab, admin, "orders")
    run(AdminState.set_note, admin, str(order.id), "Client prévenu")
    run(AdminState.change_status, admin, order.id, "delivered")  # not allowed from pending
    assert sub(root, ToastState).key == "admin:toasts.notAllowed"
    run(AdminState.change_status, admin, order.id, "confirmed")
    assert sub(root, ToastState).key == "admin:toasts.statusChanged"
    run(AdminState.open_tab, admin, "users")
    run(AdminState.search_users, admin, {"q": "bob"})
    assert [row["email"] for row in admin.users] == ["bob@example.com"]
    run(AdminState.set_active, admin, shop["bob"].id, False)
    run(AdminState.set_role, admin, shop["bob"].id, "staff")
    db.expire_all()
    bob = db.get(User, shop["bob"].id)
    assert not bob.is_active and bob.roles == ["consumer", "staff"]
    run(AdminState.open_tab, admin, "audit")
    assert [row["action"] for row in admin.trail] == ["user.roles", "user.active", "order.status"]
    assert admin.trail[-1]["note"] == "Client prévenu"


def test_the_orders_tab_lists_the_payments_to_review_and_opens_their_order(
    db: Session, shop: dict[str, Any], order: Order
) -> None:
    """A payment confirmed after its order expired waits for a person: staff see it above the
    orders, with the reason, and one click narrows the list to its order."""
    other = Order(
        number="GR-20261128-0002",
        user_id=shop["bob"].id,
        total=Decimal("1000"),
        subtotal=Decimal("1000"),
        created_at=utcnow(),
    )
    db.add(other)
    db.flush()
    db.add(
        Payment(
            order_id=order.id,
            reference="GRC20261128ABCDEF012345",
            provider="cinetpay",
            channel="orange",
            amount=Decimal("26000"),
            status="review",
            review_reason="paid after expired",
            expires_at=utcnow(),
            paid_at=utcnow(),
        )
    )
    db.commit()
    root = tab_of(db, shop["alice"], ["consumer", "staff"])
    admin = sub(root, AdminState)
    run(AdminState.load, admin)
    run(AdminState.open_tab, admin, "orders")
    assert [row["number"] for row in admin.orders] == ["GR-20261128-0002", "GR-20261128-0001"]
    (review,) = admin.reviews
    assert review["number"] == "GR-20261128-0001" and review["reason"] == "paid after expired"
    assert review["amount"] == "26000.00 XOF"
    run(AdminState.show_order, admin, review["number"])
    assert [row["number"] for row in admin.orders] == ["GR-20261128-0001"]
