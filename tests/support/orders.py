"""Orders for the tests, made the way an admin's work leaves them (an order at any status), and
the browser tests' shop database, for data a shopper cannot make through the site. The `shop`
fixture serves a fresh SQLite file under the session's temporary folder; `shop_database` finds
it."""

from __future__ import annotations

from decimal import Decimal
from pathlib import Path
from typing import Any
from uuid import uuid4

import pytest
import sqlalchemy as sa
from sqlmodel import Session, col, select

from grocer.models import Order, User
from grocer.models.base import utcnow
from tests.support.accounts import VALID_ADDRESS


def order_row(
    user_id: int | None,
    subtotal: Decimal | str = "70000",
    status: str = "delivered",
    address: dict[str, Any] | None = None,
) -> Order:
    """An order row (not stored): `subtotal` XOF is also its total, delivered at VALID_ADDRESS
    unless told otherwise."""
    assert user_id is not None
    return Order(
        number=f"CMD-T-{uuid4().hex[:10].upper()}",
        user_id=user_id,
        status=status,
        subtotal=Decimal(subtotal),
        total=Decimal(subtotal),
        address=dict(VALID_ADDRESS if address is None else address),
        created_at=utcnow(),
    )


def shop_database(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """The SQLite file of the session's shop (tests/e2e/conftest.py `shop`)."""
    found = sorted(tmp_path_factory.getbasetemp().glob("shop[0-9]*/shop.db"))
    assert len(found) == 1, found
    return found[0]


def add_delivered_order(database: Path, email: str, subtotal: str = "70000") -> int:
    """A delivered order of the account `email` in the shop's database file."""
    engine = sa.create_engine(f"sqlite:///{database}", connect_args={"timeout": 30})
    try:
        with Session(engine) as db:
            user = db.exec(select(User).where(col(User.email) == email.lower())).one()
            order = order_row(user.id, subtotal)
            db.add(order)
            db.commit()
            assert order.id is not None
            return order.id
    finally:
        engine.dispose()
