"""The back-office's catalogue (issue 17, ★) over the REST API, on SQLite and PostgreSQL: an
admin builds the three levels of categories (a 4th level, a cycle and articles leaving level 3
are refused), orders and hides them (the storefront's tree follows at once); creates an article
that the storefront, its category's page and the search answer at once, in four languages;
bad prices and fields are 400 with the field and a French message and change nothing; every
change is in the audit trail with the changed fields only; shoppers and staff are refused."""

from __future__ import annotations

from typing import Any

import httpx
import pytest
from fastapi.testclient import TestClient
from sqlmodel import Session, col, select

from grocer.models import Article, AuditEntry, Category, Nutrition
from tests.support import API
from tests.support.accounts import bearer_for, stored_user
from tests.support.concurrency import at_once

Auth = dict[str, str]


@pytest.fixture
def admin(db: Session) -> Auth:
    return bearer_for(stored_user(db, "root", ["admin"]))


def call(client: TestClient, method: str, path: str, auth: Auth, status: int = 200, **kw: Any):
    answer = client.request(method, API + path, headers=auth, **kw)
    assert answer.status_code == status, answer.text
    return answer.json()


def storefront(client: TestClient, path: str, **params: Any) -> Any:
    answer = client.get(API + path, params=params)
    assert answer.status_code == 200, answer.text
    return answer.json()


def new_category(client: TestClient, auth: Auth, name: str, parent: int | None = None) -> int:
    made = call(client, "POST", "/admin/categories", auth, 201,
                json={"name": name, "parentId": parent})  # fmt: skip
    return int(made["id"])


@pytest.fixture
def levels(client: TestClient, admin: Auth) -> dict[str, int]:
    """Épicerie › Fruits › Pommes, and Boissons (level 1)."""
    top = new_category(client, admin, "Épicerie")
    middle = new_category(client, admin, "Fruits", top)
    return {
        "top": top,
        "middle": middle,
        "leaf": new_category(client, admin, "Pommes", middle),
        "other": new_category(client, admin, "Boissons"),
    }


ARTICLE = {
    "name": "Mangue Amélie",
    "price": "1500",
    "weight": "1 kg",
    "brand": "Vergers du Faso",
    "origin": "Burkina Faso",
    "productQuality": "Bio",
    "express": True,
    "description": "Mangue juteuse de Bobo-Dioulasso",
    "sku": "MANG-001",
    "nutritions": [{"name": "Calories", "value": 60, "unit": "kcal"}],
    "translations": {"en": {"name": "Amelie mango", "description": "Juicy mango"}},
}


def tree_names(client: TestClient) -> list[tuple[str, list[str]]]:
    return [
        (c["name"], [k["name"] for k in c["children"]]) for c in storefront(client, "/categories")
    ]


# --- categories -------------------------------------------------------------------------------


def test_categories_on_three_levels_follow_their_parent(
    client: TestClient, admin: Auth, levels: dict[str, int]
) -> None:
    rows = call(client, "GET", "/admin/categories", admin)
    assert [(r["name"], r["level"], r["parentId"]) for r in rows] == [
        ("Épicerie", 1, None),
        ("Fruits", 2, levels["top"]),
        ("Pommes", 3, levels["middle"]),
        ("Boissons", 1, None),
    ]
    assert rows[0]["key"] == "epicerie" and rows[0]["visible"] and rows[0]["children"] == 1
    # the same name again gets a key of its own
    again = call(client, "POST", "/admin/categories", admin, 201, json={"name": "Épicerie"})
    assert again["key"].startswith("epicerie-") and again["key"] != "epicerie"
    assert ("Épicerie", ["Fruits"]) in tree_names(client)


@pytest.mark.parametrize(
    ("body", "field"),
    [
        ({"name": "  "}, "name"),
        ({"name": 42}, "name"),
        ({"name": "x" * 201}, "name"),
        ({"name": "Ok", "parentId": 999999}, "parentId"),
        ({"name": "Ok", "parentId": "abc"}, "parentId"),
        ({"name": "Ok", "visible": "yes"}, "visible"),
        ({"name": "Ok", "translations": {"it": {"name": "x"}}}, "translations"),
        (
            {"name": "Ok", "translations": {"en": {"name": "x", "description": "y"}}},
            "translations.en",
        ),
    ],
)
def test_bad_category_fields_are_400(
    client: TestClient, db: Session, admin: Auth, body: dict, field: str
) -> None:
    answer = client.post(f"{API}/admin/categories", json=body, headers=admin)
    assert answer.status_code == 400, answer.text
    assert answer.json()["field"] == field
    assert db.exec(select(Category)).all() == []


def test_no_fourth_level_and_no_cycle(
    client: TestClient, admin: Auth, levels: dict[str, int]
) -> None:
    refused = client.post(f"{API}/admin/categories", headers=admin,
                          json={"name": "Reinettes", "parentId": levels["leaf"]})  # fmt: skip
    assert refused.status_code == 400 and refused.json()["field"] == "parentId"
    assert "niveau 3" in refused.json()["message"]
    for target in (levels["top"], levels["middle"]):  # under itself or its own child
        cycle = client.put(f"{API}/admin/categories/{levels['top']}/parent",
                           json={"parentId": target}, headers=admin)  # fmt: skip
        assert cycle.status_code == 400, cycle.text
        assert "elle-même" in cycle.json()["message"]
    # Épicerie (three levels deep) under Boissons would make a 4th level
    deep = client.put(f"{API}/admin/categories/{levels['top']}/parent",
                      json={"parentId": levels["other"]}, headers=admin)  # fmt: skip
    assert deep.status_code == 400 and "4e niveau" in deep.json()["message"]
    unknown = client.put(f"{API}/admin/categories/999999/parent", json={"parentId": None},
                         headers=admin)  # fmt: skip
    assert unknown.status_code == 404
    assert [r["level"] for r in call(client, "GET", "/admin/categories", admin)] == [1, 2, 3, 1]


def test_a_move_carries_the_subtree_and_keeps_articles_on_level_3(
    client: TestClient, admin: Auth, levels: dict[str, int]
) -> None:
    call(client, "POST", "/admin/articles", admin, 201,
         json={**ARTICLE, "categoryId": levels["leaf"]})  # fmt: skip
    # Fruits to the top: Pommes would become level 2 with its article
    refused = client.put(f"{API}/admin/categories/{levels['middle']}/parent",
                         json={"parentId": None}, headers=admin)  # fmt: skip
    assert refused.status_code == 400 and "niveau 3" in refused.json()["message"]
    # Fruits under Boissons: the levels stay, the storefront's tree follows
    moved = call(client, "PUT", f"/admin/categories/{levels['middle']}/parent", admin,
                 json={"parentId": levels["other"]})  # fmt: skip
    assert moved["parentId"] == levels["other"] and moved["level"] == 2 and moved["total"] == 1
    assert ("Boissons", ["Fruits"]) in tree_names(client)
    assert ("Épicerie", []) in tree_names(client)
    found = storefront(client, "/search", q="mangue")
    assert found["total"] == 1
    assert storefront(client, "/web-ui/articles", categoryId=levels["other"])["total"] == 1


def test_siblings_are_ordered_and_a_hidden_category_leaves_the_storefront(
    client: TestClient, admin: Auth, levels: dict[str, int]
) -> None:
    assert [c["name"] for c in storefront(client, "/categories")] == ["Épicerie", "Boissons"]
    call(client, "POST", f"/admin/categories/{levels['other']}/order", admin,
         json={"direction": "up"})  # fmt: skip
    assert [c["name"] for c in storefront(client, "/categories")] == ["Boissons", "Épicerie"]
    call(client, "POST", f"/admin/categories/{levels['other']}/order", admin, json={"position": 9})
    assert [c["name"] for c in storefront(client, "/categories")] == ["Épicerie", "Boissons"]
    level3 = client.post(f"{API}/admin/categories/{levels['leaf']}/order",
                         json={"direction": "up"}, headers=admin)  # fmt: skip
    assert level3.status_code == 409 and "par nom" in level3.json()["message"]
    bad = client.post(f"{API}/admin/categories/{levels['other']}/order",
                      json={"direction": "left"}, headers=admin)  # fmt: skip
    assert bad.status_code == 400 and bad.json()["field"] == "direction"

    call(client, "PATCH", f"/admin/categories/{levels['top']}", admin, json={"visible": False})
    assert [c["name"] for c in storefront(client, "/categories")] == ["Boissons"]
    rows = call(client, "GET", "/admin/categories", admin)
    assert [(r["name"], r["visible"], r["shown"]) for r in rows[:3]] == [
        ("Épicerie", False, False),
        ("Fruits", True, False),
        ("Pommes", True, False),
    ]
    call(client, "PATCH", f"/admin/categories/{levels['top']}", admin, json={"visible": True})
    assert [c["name"] for c in storefront(client, "/categories")] == ["Épicerie", "Boissons"]


def test_a_renamed_category_is_answered_in_each_language(
    client: TestClient, admin: Auth, levels: dict[str, int]
) -> None:
    texts = {"en": {"name": "Cold drinks"}, "de": {"name": "Getränke"}}
    call(client, "PATCH", f"/admin/categories/{levels['other']}", admin,
         json={"name": "Boissons fraîches", "translations": texts})  # fmt: skip
    names = {lang: [c["name"] for c in storefront(client, "/categories", lang=lang)]
             for lang in ("fr", "en", "de", "es")}  # fmt: skip
    assert names["fr"][1] == "Boissons fraîches" and names["es"][1] == "Boissons fraîches"
    assert names["en"][1] == "Cold drinks" and names["de"][1] == "Getränke"
    assert storefront(client, "/search/suggest", q="cold", lang="en")


# --- articles ---------------------------------------------------------------------------------


def test_a_new_article_is_on_the_storefront_and_in_search_at_once(
    client: TestClient, db: Session, admin: Auth, levels: dict[str, int]
) -> None:
    made = call(client, "POST", "/admin/articles", admin, 201,
                json={**ARTICLE, "categoryId": levels["leaf"]})  # fmt: skip
    assert made["status"] == "ACTIVE" and made["price"] == "1500.00"
    assert made["nutritions"] == [{"name": "Calories", "value": "60", "unit": "kcal"}]
    assert made["categoryName"] == "Pommes" and made["key"] == "mangue-amelie"
    shown = storefront(client, f"/articles/{made['id']}")
    assert (shown["name"], shown["price"], shown["brand"]) == (
        "Mangue Amélie",
        "1500.00",
        "Vergers du Faso",
    )
    assert shown["product"]["nutritions"] == [{"name": "Calories", "value": 60, "unit": "kcal"}]
    english = storefront(client, f"/articles/{made['id']}", lang="en")
    assert (english["name"], english["description"]) == ("Amelie mango", "Juicy mango")
    assert storefront(client, "/web-ui/articles", categoryId=levels["top"])["total"] == 1
    assert [a["id"] for a in storefront(client, "/search", q="mangue")["items"]] == [made["id"]]
    assert [a["id"] for a in storefront(client, "/search", q="amelie", lang="en")["items"]] == [
        made["id"]
    ]

    # withdrawn: gone from its category and the search; back on sale: there again
    call(client, "PATCH", f"/admin/articles/{made['id']}", admin, json={"status": "INACTIVE"})
    assert storefront(client, "/web-ui/articles", categoryId=levels["top"])["total"] == 0
    assert storefront(client, "/search", q="mangue")["total"] == 0
    call(client, "PATCH", f"/admin/articles/{made['id']}", admin,
         json={"status": "ACTIVE", "salePrice": "1200", "name": "Mangue Kent"})  # fmt: skip
    shown = storefront(client, f"/articles/{made['id']}")
    assert (shown["name"], shown["salePrice"], shown["originalPrice"]) == (
        "Mangue Kent",
        "1200.00",
        "1500.00",
    )
    assert storefront(client, "/search", q="kent")["total"] == 1


def test_the_list_searches_filters_and_pages(
    client: TestClient, admin: Auth, levels: dict[str, int]
) -> None:
    for i in range(3):
        call(client, "POST", "/admin/articles", admin, 201,
             json={"name": f"Riz parfumé {i}", "price": "900", "categoryId": levels["leaf"],
                   "sku": f"RIZ-{i}", "brand": "Rizerie du Sourou",
                   "status": "INACTIVE" if i == 2 else "ACTIVE"})  # fmt: skip
    listed = call(client, "GET", "/admin/articles", admin, params={"size": 2})
    assert listed["total"] == 3 and [a["name"] for a in listed["items"]] == [
        "Riz parfumé 2",
        "Riz parfumé 1",
    ]
    second = call(client, "GET", "/admin/articles", admin, params={"size": 2, "page": 2})
    assert [a["name"] for a in second["items"]] == ["Riz parfumé 0"]
    for params, total in (
        ({"q": "riz-1"}, 1),
        ({"q": "SOUROU"}, 3),
        ({"q": "parfumé 0"}, 1),
        ({"q": "100%_"}, 0),
        ({"status": "INACTIVE"}, 1),
        ({"categoryId": levels["top"]}, 3),
        ({"categoryId": levels["other"]}, 0),
    ):
        assert call(client, "GET", "/admin/articles", admin, params=params)["total"] == total, (
            params
        )
    for params, field in (({"status": "GONE"}, "status"), ({"categoryId": 999999}, "categoryId")):
        bad = client.get(f"{API}/admin/articles", params=params, headers=admin)
        assert bad.status_code == 400 and bad.json()["field"] == field


@pytest.mark.parametrize(
    ("body", "field", "words"),
    [
        ({"price": "0"}, "price", "supérieur à 0"),
        ({"price": "-5"}, "price", "supérieur à 0"),
        ({"price": "12.5"}, "price", "entier"),
        ({"price": "abc"}, "price", "nombre"),
        ({"price": True}, "price", "nombre"),
        ({"price": None}, "price", "obligatoire"),
        ({"price": "1e400"}, "price", "nombre"),
        ({"salePrice": "1500"}, "salePrice", "inférieur au prix"),
        ({"salePrice": "2000"}, "salePrice", "inférieur au prix"),
        ({"originalPrice": "1000"}, "originalPrice", "supérieur au prix"),
        ({"salePrice": "1000", "originalPrice": "1000"}, "originalPrice", "supérieur au prix"),
        ({"status": "SOLD"}, "status", "statut"),
        ({"categoryId": None}, "categoryId", "niveau 3"),
        ({"express": "oui"}, "express", "vrai ou faux"),
        ({"weight": "x" * 51}, "weight", "50 caractères"),
        ({"name": ""}, "name", "obligatoire"),
        ({"lengthCm": "-1"}, "lengthCm", "centimètres"),
        ({"nutritions": "beaucoup"}, "nutritions", "liste"),
        ({"nutritions": [{"name": "Sel", "value": -1, "unit": "g"}]}, "nutritions.0.value", "0 à"),
        ({"nutritions": [{"name": "Sel", "value": 1, "unit": "kg"}]}, "nutritions.0.unit", "unité"),
        (
            {"nutritions": [{"name": "", "value": 1, "unit": "g"}]},
            "nutritions.0.name",
            "obligatoire",
        ),
        ({"translations": {"en": {"title": "x"}}}, "translations.en", "Traduction"),
    ],
)
def test_bad_article_values_are_400_and_change_nothing(
    client: TestClient, db: Session, admin: Auth, levels: dict[str, int], body: dict, field: str,
    words: str,
) -> None:  # fmt: skip
    made = call(client, "POST", "/admin/articles", admin, 201,
                json={**ARTICLE, "categoryId": levels["leaf"]})  # fmt: skip
    answer = client.patch(f"{API}/admin/articles/{made['id']}", json=body, headers=admin)
    assert answer.status_code == 400, answer.text
    assert answer.json()["field"] == field and words in answer.json()["message"]
    assert call(client, "GET", f"/admin/articles/{made['id']}", admin) == made
    assert storefront(client, f"/articles/{made['id']}")["price"] == "1500.00"


def test_a_new_article_needs_a_level_3_category_and_a_free_sku(
    client: TestClient, db: Session, admin: Auth, levels: dict[str, int]
) -> None:
    for body, field in (
        ({**ARTICLE}, "categoryId"),
        ({**ARTICLE, "categoryId": levels["middle"]}, "categoryId"),
        ({**ARTICLE, "categoryId": levels["leaf"], "price": None}, "price"),
        ({"categoryId": levels["leaf"], "price": "10"}, "name"),
    ):
        answer = client.post(f"{API}/admin/articles", json=body, headers=admin)
        assert answer.status_code == 400 and answer.json()["field"] == field, answer.text
    assert db.exec(select(Article)).all() == []
    call(
        client,
        "POST",
        "/admin/articles",
        admin,
        201,
        json={**ARTICLE, "categoryId": levels["leaf"]},
    )
    twin = client.post(f"{API}/admin/articles", headers=admin,
                       json={**ARTICLE, "name": "Autre", "categoryId": levels["leaf"]})  # fmt: skip
    assert twin.status_code == 400 and twin.json()["field"] == "sku"
    assert len(db.exec(select(Article)).all()) == 1


def test_unknown_articles_and_categories_are_404(client: TestClient, admin: Auth) -> None:
    for method, path in (
        ("GET", "/admin/articles/999999"),
        ("PATCH", "/admin/articles/999999"),
        ("GET", "/admin/categories/999999"),
        ("PATCH", "/admin/categories/999999"),
        ("POST", "/admin/categories/999999/order"),
    ):
        answer = client.request(method, API + path, json={"direction": "up"}, headers=admin)
        assert answer.status_code == 404, (method, path, answer.text)
    assert client.get(f"{API}/admin/articles/abc", headers=admin).status_code in (400, 422)


def test_nutrition_lines_are_replaced_as_a_set(
    client: TestClient, db: Session, admin: Auth, levels: dict[str, int]
) -> None:
    made = call(client, "POST", "/admin/articles", admin, 201,
                json={**ARTICLE, "categoryId": levels["leaf"]})  # fmt: skip
    lines = [
        {"name": "Protéines", "value": "1,5", "unit": "g"},
        {"name": "Sodium", "value": 2, "unit": "mg"},
    ]
    updated = call(
        client, "PATCH", f"/admin/articles/{made['id']}", admin, json={"nutritions": lines}
    )
    assert updated["nutritions"] == [
        {"name": "Protéines", "value": "1.5", "unit": "g"},
        {"name": "Sodium", "value": "2", "unit": "mg"},
    ]
    call(client, "PATCH", f"/admin/articles/{made['id']}", admin, json={"nutritions": []})
    assert db.exec(select(Nutrition).where(Nutrition.article_id == made["id"])).all() == []


def test_changes_are_audited_with_the_changed_fields_only(
    client: TestClient, db: Session, admin: Auth, levels: dict[str, int]
) -> None:
    made = call(client, "POST", "/admin/articles", admin, 201,
                json={**ARTICLE, "categoryId": levels["leaf"]})  # fmt: skip
    call(client, "PATCH", f"/admin/articles/{made['id']}", admin,
         json={"price": "1600", "brand": "Vergers du Faso"})  # fmt: skip
    call(
        client, "PATCH", f"/admin/articles/{made['id']}", admin, json={"price": "1600"}
    )  # no change
    call(client, "PATCH", f"/admin/categories/{levels['other']}", admin, json={"name": "Jus"})
    entries = db.exec(select(AuditEntry).order_by(col(AuditEntry.id))).all()
    actions = [(e.action, e.target_id) for e in entries]
    assert actions.count(("category.create", levels["leaf"])) == 1
    created = next(e for e in entries if e.action == "article.create")
    assert created.after["name"] == "Mangue Amélie" and created.after["price"] == "1500.00"
    assert created.after["translations"]["en"]["name"] == "Amelie mango"
    updates = [e for e in entries if e.action == "article.update"]
    assert len(updates) == 1
    assert (updates[0].before, updates[0].after) == ({"price": "1500.00"}, {"price": "1600.00"})
    renamed = [e for e in entries if e.action == "category.update"]
    assert [(e.before, e.after) for e in renamed] == [({"name": "Boissons"}, {"name": "Jus"})]
    trail = call(client, "GET", "/admin/audit", admin, params={"targetType": "article"})
    assert trail["total"] == 2 and trail["items"][0]["actorName"] == "root"


def test_shoppers_and_staff_are_refused_and_change_nothing(
    client: TestClient, db: Session, admin: Auth, levels: dict[str, int]
) -> None:
    made = call(client, "POST", "/admin/articles", admin, 201,
                json={**ARTICLE, "categoryId": levels["leaf"]})  # fmt: skip
    for user in (stored_user(db, "alice"), stored_user(db, "fatou", ["staff"])):
        auth = bearer_for(user)
        for method, path, body in (
            ("GET", "/admin/categories", None),
            ("POST", "/admin/categories", {"name": "Pirate"}),
            ("PATCH", f"/admin/categories/{levels['top']}", {"visible": False}),
            ("PUT", f"/admin/categories/{levels['middle']}/parent", {"parentId": levels["other"]}),
            ("POST", f"/admin/categories/{levels['other']}/order", {"direction": "up"}),
            ("GET", "/admin/articles", None),
            ("POST", "/admin/articles", {**ARTICLE, "categoryId": levels["leaf"], "sku": "X"}),
            ("PATCH", f"/admin/articles/{made['id']}", {"price": "1"}),
        ):
            answer = client.request(method, API + path, json=body, headers=auth)
            assert answer.status_code == 403, (user.username, method, path, answer.text)
    db.expire_all()
    assert len(db.exec(select(Category)).all()) == 4
    assert [a.price for a in db.exec(select(Article)).all()] == [1500]
    assert [c["name"] for c in storefront(client, "/categories")] == ["Épicerie", "Boissons"]


def test_writes_at_the_same_time_keep_keys_skus_and_the_order_sound(
    live_api: str, db: Session, admin: Auth
) -> None:
    with httpx.Client(base_url=live_api, headers=admin, timeout=60) as http:
        tops = [
            http.post("/admin/categories", json={"name": f"C{i}"}).json()["id"] for i in range(6)
        ]
        leaf = http.post("/admin/categories", json={"name": "Feuille", "parentId": tops[0]}).json()
        leaf = http.post(
            "/admin/categories", json={"name": "Feuille", "parentId": leaf["id"]}
        ).json()

        def move(index: int) -> int:
            # six admins move six categories at the same instant, up and down in turn
            body = {"direction": "up" if index % 2 else "down"}
            return http.post(f"/admin/categories/{tops[index]}/order", json=body).status_code

        assert at_once(6, move) == [200] * 6
        # the same article twice at once (a double submit): one is made, the SKU refuses the other
        body = {**ARTICLE, "categoryId": leaf["id"]}
        made = at_once(2, lambda _i: http.post("/admin/articles", json=body))
        assert sorted(r.status_code for r in made) == [201, 400]
        # two articles of one name at once: two keys
        twins = at_once(2, lambda i: http.post("/admin/articles", json={**body, "sku": f"T{i}"}))
        assert [r.status_code for r in twins] == [201, 201]
        rows = http.get("/admin/categories").json()
    top_orders = sorted(r["displayOrder"] for r in rows if r["level"] == 1)
    assert top_orders == [1, 2, 3, 4, 5, 6]
    db.expire_all()
    keys = [a.key for a in db.exec(select(Article)).all()]
    assert len(keys) == 3 and len(set(keys)) == 3
