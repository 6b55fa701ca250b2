"""Articles and carts for the cart API tests: the catalogue rows they need, the request lines,
and `shop`, a fixture with two shoppers and a small catalogue (import it into the test module:
other modules' `shop` fixtures are other things)."""

from __future__ import annotations

from decimal import Decimal
from typing import Any

import pytest
from fastapi.testclient import TestClient
from sqlmodel import Session

from grocer.models import Article, User
from grocer.models.base import utcnow
from tests.support import API
from tests.support.accounts import bearer_for, stored_user


def make_article(
    db: Session,
    key: str,
    price: str,
    *,
    sale_price: str | None = None,
    status: str = "ACTIVE",
) -> int:
    article = Article(
        key=key,
        name=key.title(),
        price=Decimal(price),
        sale_price=Decimal(sale_price) if sale_price else None,
        original_price=Decimal(price) if sale_price else None,
        weight="1kg",
        image_urls=[f"/img/{key}.webp"],
        express=True,
        status=status,
        created_at=utcnow(),
        updated_at=utcnow(),
    )
    db.add(article)
    db.commit()
    assert article.id is not None
    return article.id


def line(article_id: int, quantity: int = 1, **extra: Any) -> dict[str, Any]:
    return {"articleId": article_id, "quantity": quantity, **extra}


def lines_of(body: dict[str, Any]) -> dict[int, int]:
    return {item["articleId"]: item["quantity"] for item in body["items"]}


def put_cart(client: TestClient, user: User, items: list[dict[str, Any]]) -> dict[str, Any]:
    response = client.post(f"{API}/cart", json={"cartItems": items}, headers=bearer_for(user))
    assert response.status_code == 200, response.text
    return response.json()


@pytest.fixture
def shop(db: Session) -> dict[str, Any]:
    """Two shoppers and a small catalogue (prices in XOF)."""
    return {
        "alice": stored_user(db, "alice"),
        "bob": stored_user(db, "bob"),
        "rice": make_article(db, "rice", "6500.00"),
        "milk": make_article(db, "milk", "1000.00", sale_price="750.00"),
        "gone": make_article(db, "gone", "500.00", status="INACTIVE"),
    }
