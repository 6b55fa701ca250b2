"""Favourites through /api/v1 (issue 15): add, list, remove, merge at sign-in; idempotent,
bounded, owner only. On SQLite and PostgreSQL."""

from __future__ import annotations

from decimal import Decimal
from typing import Any

import pytest
from fastapi.testclient import TestClient
from sqlmodel import Session, col, select

from grocer.models import Article, Favourite, User
from grocer.services.favorites import MAX_FAVOURITES
from tests.support import API
from tests.support.accounts import bearer_for, stored_user


def make_articles(db: Session, count: int, status: str = "ACTIVE", start: int = 0) -> list[int]:
    articles = [
        Article(
            key=f"fav-{status.lower()}-{start + i}",
            name=f"Article {start + i}",
            price=Decimal("650"),
            image_urls=[f"/img/{start + i}.webp"],
            status=status,
        )
        for i in range(count)
    ]
    db.add_all(articles)
    db.commit()
    return [a.id for a in articles]  # type: ignore[misc]


@pytest.fixture
def articles(db: Session) -> list[int]:
    return make_articles(db, 4)


def url(user: User, tail: str = "") -> str:
    return f"{API}/users/{user.id}/favorites{tail}"


def put(client: TestClient, user: User, article_id: Any, as_user: User | None = None) -> Any:
    return client.put(url(user, f"/{article_id}"), headers=bearer_for(as_user or user))


def stored(db: Session, user: User) -> list[int]:
    db.expire_all()
    rows = db.exec(
        select(Favourite.article_id)
        .where(col(Favourite.user_id) == user.id)
        .order_by(col(Favourite.id))
    ).all()
    return list(rows)


def test_add_list_and_remove(client: TestClient, db: Session, alice: User, articles: list[int]):
    first, second = articles[0], articles[1]
    assert put(client, alice, first).json() == {"articleIds": [first]}
    assert put(client, alice, second).json() == {"articleIds": [second, first]}  # newest first

    listed = client.get(url(alice), headers=bearer_for(alice))
    assert listed.status_code == 200
    body = listed.json()
    assert (body["total"], body["page"], body["pages"]) == (2, 1, 1)
    assert [item["id"] for item in body["items"]] == [second, first]
    card = body["items"][0]  # an article as the catalogue writes it
    assert card["name"] == "Article 1" and card["price"] == "650.00"
    assert card["imageUrl"] == "/img/1.webp"

    ids = client.get(url(alice, "/ids"), headers=bearer_for(alice))
    assert ids.json() == {"articleIds": [second, first]}

    removed = client.delete(url(alice, f"/{first}"), headers=bearer_for(alice))
    assert removed.status_code == 200 and removed.json() == {"articleIds": [second]}
    assert stored(db, alice) == [second]


def test_add_and_remove_are_idempotent(
    client: TestClient, db: Session, alice: User, articles: list[int]
) -> None:
    for _ in range(3):
        assert put(client, alice, articles[0]).json() == {"articleIds": [articles[0]]}
    assert stored(db, alice) == [articles[0]]
    for _ in range(2):
        answer = client.delete(url(alice, f"/{articles[0]}"), headers=bearer_for(alice))
        assert answer.status_code == 200 and answer.json() == {"articleIds": []}
    never = client.delete(url(alice, f"/{articles[3]}"), headers=bearer_for(alice))
    assert never.status_code == 200 and stored(db, alice) == []


def test_an_unknown_or_withdrawn_article_is_404(
    client: TestClient, db: Session, alice: User
) -> None:
    (withdrawn,) = make_articles(db, 1, status="WITHDRAWN")
    for article_id in (withdrawn, 999_999):
        answer = put(client, alice, article_id)
        assert answer.status_code == 404, answer.text
        assert answer.json()["message"] == "Produit non trouvé"
    assert stored(db, alice) == []


def test_a_withdrawn_favourite_is_neither_listed_nor_counted(
    client: TestClient, db: Session, alice: User, articles: list[int]
) -> None:
    put(client, alice, articles[0])
    put(client, alice, articles[1])
    article = db.get(Article, articles[0])
    assert article is not None
    article.status = "WITHDRAWN"
    db.add(article)
    db.commit()
    body = client.get(url(alice), headers=bearer_for(alice)).json()
    assert [item["id"] for item in body["items"]] == [articles[1]] and body["total"] == 1


@pytest.mark.parametrize(
    "bad", ["abc", "0", "-3", "1.5", str(2**31), "9" * 30, "true"], ids=lambda v: f"id={v}"
)
def test_bad_article_ids_are_400_never_500(
    client: TestClient, db: Session, alice: User, bad: str
) -> None:
    for method in ("PUT", "DELETE"):
        answer = client.request(method, url(alice, f"/{bad}"), headers=bearer_for(alice))
        assert answer.status_code == 400, (method, answer.text)
        assert answer.json()["key"] == "errors.validation"
    assert stored(db, alice) == []


@pytest.mark.parametrize(
    "body",
    [
        {"articleIds": "1,2"},
        {"articleIds": ["1"]},
        {"articleIds": [True]},
        {"articleIds": [1.5]},
        {"articleIds": [{"id": 1}]},
        {"articleIds": list(range(1, MAX_FAVOURITES + 2))},
        [1, 2],
    ],
    ids=["text", "digits", "bool", "float", "object", "too-many", "bare-list"],
)
def test_a_bad_merge_body_is_400(client: TestClient, db: Session, alice: User, body: Any) -> None:
    answer = client.post(url(alice, "/merge"), json=body, headers=bearer_for(alice))
    assert answer.status_code == 400, answer.text
    assert stored(db, alice) == []


def test_bad_pages_are_400(client: TestClient, alice: User) -> None:
    for query in ("page=0", "page=x", "size=0", f"size={10**6}", "page=99999999999"):
        answer = client.get(f"{url(alice)}?{query}", headers=bearer_for(alice))
        assert answer.status_code == 400, (query, answer.text)


def test_merge_adds_the_guests_in_order_and_ignores_unknown_ids(
    client: TestClient, db: Session, alice: User, articles: list[int]
) -> None:
    (withdrawn,) = make_articles(db, 1, status="WITHDRAWN", start=50)
    put(client, alice, articles[0])
    guest = [articles[2], 999_999, withdrawn, articles[0], articles[1], articles[2], 0, -4, 2**40]
    answer = client.post(
        url(alice, "/merge"), json={"articleIds": guest}, headers=bearer_for(alice)
    )
    assert answer.status_code == 200, answer.text
    assert answer.json() == {"articleIds": [articles[1], articles[2], articles[0]]}
    again = client.post(url(alice, "/merge"), json={"articleIds": guest}, headers=bearer_for(alice))
    assert again.json() == answer.json()
    assert sorted(stored(db, alice)) == sorted(articles[:3])


def test_the_limit_per_account(client: TestClient, db: Session, alice: User) -> None:
    ids = make_articles(db, MAX_FAVOURITES + 2)
    db.add_all(Favourite(user_id=alice.id, article_id=i) for i in ids[: MAX_FAVOURITES - 1])
    db.commit()
    assert len(put(client, alice, ids[MAX_FAVOURITES - 1]).json()["articleIds"]) == MAX_FAVOURITES
    refused = put(client, alice, ids[MAX_FAVOURITES])
    assert refused.status_code == 400
    assert refused.json()["key"] == "favorites.errors.full"
    assert "500 favoris" in refused.json()["message"]
    assert put(client, alice, ids[0]).status_code == 200  # one already kept is still fine
    merged = client.post(
        url(alice, "/merge"), json={"articleIds": ids[-2:]}, headers=bearer_for(alice)
    )
    assert merged.status_code == 200 and len(merged.json()["articleIds"]) == MAX_FAVOURITES
    assert len(stored(db, alice)) == MAX_FAVOURITES


def test_a_merge_stops_at_the_limit(client: TestClient, db: Session, alice: User) -> None:
    ids = make_articles(db, MAX_FAVOURITES + 5)
    db.add_all(Favourite(user_id=alice.id, article_id=i) for i in ids[: MAX_FAVOURITES - 2])
    db.commit()
    guest = ids[MAX_FAVOURITES - 2 :]
    merged = client.post(
        url(alice, "/merge"), json={"articleIds": guest}, headers=bearer_for(alice)
    )
    assert merged.status_code == 200
    assert len(merged.json()["articleIds"]) == MAX_FAVOURITES
    assert set(guest[:2]) <= set(stored(db, alice))  # the first ones of the guest's order


def test_pages(client: TestClient, db: Session, alice: User) -> None:
    ids = make_articles(db, 5)
    client.post(url(alice, "/merge"), json={"articleIds": ids}, headers=bearer_for(alice))
    second = client.get(f"{url(alice)}?page=2&size=2", headers=bearer_for(alice)).json()
    assert [item["id"] for item in second["items"]] == [ids[2], ids[1]]
    assert (second["total"], second["pages"], second["size"]) == (5, 3, 2)
    past = client.get(f"{url(alice)}?page=9&size=2", headers=bearer_for(alice)).json()
    assert past["items"] == [] and past["total"] == 5


def test_another_users_favourites_are_404_and_unchanged(
    client: TestClient, db: Session, alice: User, articles: list[int]
) -> None:
    bob = stored_user(db, "bob")
    admin = stored_user(db, "root", ["consumer", "admin"])
    put(client, alice, articles[0])
    for intruder in (bob, admin):
        attempts = [
            client.get(url(alice), headers=bearer_for(intruder)),
            client.get(url(alice, "/ids"), headers=bearer_for(intruder)),
            put(client, alice, articles[1], as_user=intruder),
            client.delete(url(alice, f"/{articles[0]}"), headers=bearer_for(intruder)),
            client.post(
                url(alice, "/merge"), json={"articleIds": articles}, headers=bearer_for(intruder)
            ),
        ]
        for answer in attempts:
            assert answer.status_code == 404, answer.text
            assert set(answer.json()) <= {"message", "key"}
    assert stored(db, alice) == [articles[0]]
    assert stored(db, bob) == [] and stored(db, admin) == []


def test_no_token_is_401(client: TestClient, alice: User, articles: list[int]) -> None:
    for method, tail in (
        ("GET", ""),
        ("GET", "/ids"),
        ("PUT", f"/{articles[0]}"),
        ("DELETE", f"/{articles[0]}"),
        ("POST", "/merge"),
    ):
        answer = client.request(method, url(alice, tail), json={"articleIds": []})
        assert answer.status_code == 401, (method, tail)
