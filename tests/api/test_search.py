"""The search API on SQLite and PostgreSQL: the contract of GET /api/v1/search and
/api/v1/search/suggest, bad input answered 400 with a clear message, never a 500."""

from __future__ import annotations

import pytest
from fastapi.testclient import TestClient
from sqlmodel import Session

from grocer.services import search_text
from tests.support import search_catalogue


@pytest.fixture
def ids(db: Session) -> dict[str, int]:
    return search_catalogue.load(db)


def test_search_answers_a_page_with_facets(client: TestClient, ids: dict[str, int]) -> None:
    r = client.get("/api/v1/search", params={"q": "mangue"})
    assert r.status_code == 200
    body = r.json()
    assert set(body) >= {"items", "total", "page", "size", "facets", "didYouMean"}
    assert body["total"] == 4 and body["page"] == 1 and body["size"] == 18
    assert [i["name"] for i in body["items"]][0] == "Jus de mangue"
    assert {"id": ids["c:mangues"], "name": "Mangues", "count": 2} in body["facets"]["categories"]
    assert body["didYouMean"] is None


def test_search_paging_and_category_filter(client: TestClient, ids: dict[str, int]) -> None:
    r = client.get(
        "/api/v1/search",
        params={"q": "mangue", "size": 1, "page": 2, "categoryId": ids["c:mangues"]},
    )
    body = r.json()
    assert body["total"] == 2 and [i["name"] for i in body["items"]] == ["Mangue Kent"]


def test_search_follows_lang_then_accept_language(client: TestClient, ids: dict[str, int]) -> None:
    by_param = client.get("/api/v1/search", params={"q": "kent", "lang": "de"}).json()
    assert by_param["items"][0]["name"] == "Kent-Mango"
    by_header = client.get(
        "/api/v1/search", params={"q": "kent"}, headers={"Accept-Language": "es-ES,es;q=0.9"}
    ).json()
    assert by_header["items"][0]["name"] == "Mango Kent"
    plain = client.get("/api/v1/search", params={"q": "kent"}).json()
    assert plain["items"][0]["name"] == "Mangue Kent"


def test_typo_gives_results_and_did_you_mean(client: TestClient, ids: dict[str, int]) -> None:
    body = client.get("/api/v1/search", params={"q": "tomatte"}).json()
    assert body["items"][0]["name"] == "Tomates fraîches"
    assert body["didYouMean"] == "tomates"  # as the best result writes it


@pytest.mark.parametrize("q", ["", "a"])
def test_short_queries_answer_nothing_quietly(
    client: TestClient, ids: dict[str, int], q: str
) -> None:
    r = client.get("/api/v1/search", params={"q": q})
    assert r.status_code == 200 and r.json()["items"] == [] and r.json()["total"] == 0
    s = client.get("/api/v1/search/suggest", params={"q": q})
    assert s.status_code == 200 and s.json() == []


@pytest.mark.parametrize(
    ("params", "field"),
    [
        ({"q": "x" * 500}, "q"),
        ({"q": "mangue", "page": 0}, None),
        ({"q": "mangue", "page": "deux"}, None),
        ({"q": "mangue", "size": 0}, None),
        ({"q": "mangue", "categoryId": "abc"}, None),
        ({"q": "mangue", "categoryId": 10**30}, None),
        ({"q": "mangue", "lang": "xx"}, "lang"),
    ],
)
def test_bad_input_is_400_with_a_message(
    client: TestClient, ids: dict[str, int], params: dict[str, object], field: str | None
) -> None:
    r = client.get("/api/v1/search", params=params)
    assert r.status_code == 400, r.text
    assert r.json()["message"]
    if field:
        assert r.json()["field"] == field


@pytest.mark.parametrize(
    "q",
    [
        "mangue'; DROP TABLE search_postings; --",
        "=mangue ~mang",  # the postings' key markers
        'mang% _ang* "kent"',  # LIKE and FTS5 wildcards, quotes
        "mangue\x00kent",
        "mangue) OR (1=1",
    ],
)
def test_hostile_queries_are_only_words(client: TestClient, ids: dict[str, int], q: str) -> None:
    """The engines write the folded words into their statements: whatever else a query holds is
    dropped, so it finds what its words alone find, never a 500, and the index stays whole."""
    words = " ".join(search_text.words(q))
    for route in ("/api/v1/search", "/api/v1/search/suggest"):
        hostile = client.get(route, params={"q": q})
        assert hostile.status_code == 200, hostile.text
        plain = client.get(route, params={"q": words}).json()
        if isinstance(plain, dict):  # the search echoes the query as typed
            plain["query"] = q
        assert hostile.json() == plain
    assert client.get("/api/v1/search", params={"q": "mangue"}).json()["total"] == 4
    again = client.get("/api/v1/search", params={"q": "mangue"}).json()
    assert again["total"] == 4


def test_unknown_category_is_404(client: TestClient, ids: dict[str, int]) -> None:
    r = client.get("/api/v1/search", params={"q": "mangue", "categoryId": 999999})
    assert r.status_code == 404 and r.json()["message"] == "Catégorie introuvable"


def test_suggest(client: TestClient, ids: dict[str, int]) -> None:
    r = client.get("/api/v1/search/suggest", params={"q": "mang", "lang": "en"})
    assert r.status_code == 200
    found = r.json()
    assert found[0] == {"kind": "category", "id": ids["c:mangues"], "name": "Mangoes"}
    assert {"kind": "article", "id": ids["kent"], "name": "Kent mango"} in found
    assert len(found) <= 8
    assert client.get("/api/v1/search/suggest", params={"q": "y" * 500}).status_code == 400


def test_a_catalogue_change_reaches_search(
    client: TestClient, db: Session, ids: dict[str, int]
) -> None:
    """The answer is cached by catalogue version: a write that reindexes and bumps the version
    is seen by the next search."""
    import sqlalchemy as sa

    from grocer.services import search_index
    from grocer.services.catalogue import A
    from grocer.services.catalogue_cache import bump_version

    assert client.get("/api/v1/search", params={"q": "keitt"}).json()["total"] == 0
    db.execute(sa.update(A).where(A.c.id == ids["kent"]).values(name="Mangue Keitt"))
    search_index.reindex_articles(db, [ids["kent"]])
    bump_version(db)
    db.commit()
    assert client.get("/api/v1/search", params={"q": "keitt"}).json()["total"] == 1
