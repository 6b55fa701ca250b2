"""The back-office's home and promotions (issue 17, ★) over the REST API, on SQLite and
PostgreSQL: an admin reorders the home sections and the storefront's sections call answers in
the new order at once; a hidden section leaves the storefront; a section's articles keep the
order given; promotions are validated field by field (400 with the field and a French
message); the banner shows a promotion only within its dates (shop time, UTC); every change
is in the audit trail with the changed fields only; shoppers and staff are refused; two
reorders at once leave the positions dense."""

from __future__ import annotations

from datetime import timedelta
from typing import Any

import httpx
import pytest
from fastapi.testclient import TestClient
from sqlmodel import Session

from grocer.models import Category, Section
from tests.support import API
from tests.support.accounts import Clock, bearer_for, stored_user
from tests.support.carts import make_article
from tests.support.concurrency import at_once

Auth = dict[str, str]
HOME = "/web-ui/articles-sections"


@pytest.fixture
def admin(db: Session) -> Auth:
    return bearer_for(stored_user(db, "root", ["admin"]))


def call(client: TestClient, method: str, path: str, auth: Auth, status: int = 200, **kw: Any):
    answer = client.request(method, API + path, headers=auth, **kw)
    assert answer.status_code == status, answer.text
    return answer.json()


def storefront(client: TestClient, path: str = HOME, **params: Any) -> Any:
    answer = client.get(API + path, params=params)
    assert answer.status_code == 200, answer.text
    return answer.json()


def home_titles(client: TestClient) -> list[str]:
    return [s["title"] for s in storefront(client, articlesonly="true")]


def new_section(client: TestClient, auth: Auth, title: str, *articles: int) -> int:
    made = call(client, "POST", "/admin/sections", auth, 201, json={"title": title})
    for article in articles:
        call(client, "POST", f"/admin/sections/{made['id']}/articles", auth,
             json={"articleId": article})  # fmt: skip
    return int(made["id"])


@pytest.fixture
def three(client: TestClient, db: Session, admin: Auth) -> dict[str, int]:
    """Three home sections with one article each: Fruits, Légumes, Boissons."""
    return {
        title: new_section(client, admin, title, make_article(db, f"a-{i}", "1000"))
        for i, title in enumerate(("Fruits", "Légumes", "Boissons"))
    }


def orders(client: TestClient, auth: Auth) -> list[tuple[str, int]]:
    return [(s["title"], s["displayOrder"]) for s in call(client, "GET", "/admin/sections", auth)]


# --- sections ---------------------------------------------------------------------------------


def test_reordering_shows_on_the_storefront_at_once(
    client: TestClient, admin: Auth, three: dict[str, int]
) -> None:
    assert home_titles(client) == ["Fruits", "Légumes", "Boissons"]
    moved = call(client, "POST", f"/admin/sections/{three['Boissons']}/move", admin,
                 json={"direction": "up"})  # fmt: skip
    assert [s["title"] for s in moved] == ["Fruits", "Boissons", "Légumes"]
    assert home_titles(client) == ["Fruits", "Boissons", "Légumes"]
    # the first cannot go higher: nothing changes
    call(client, "POST", f"/admin/sections/{three['Fruits']}/move", admin, json={"direction": "up"})
    assert orders(client, admin) == [("Fruits", 1), ("Boissons", 2), ("Légumes", 3)]
    whole = [three["Légumes"], three["Fruits"], three["Boissons"]]
    call(client, "PUT", "/admin/sections/order", admin, json={"ids": whole})
    assert home_titles(client) == ["Légumes", "Fruits", "Boissons"]
    assert orders(client, admin) == [("Légumes", 1), ("Fruits", 2), ("Boissons", 3)]


@pytest.mark.parametrize(
    ("body", "status", "field"),
    [
        ({"direction": "left"}, 400, "direction"),
        ({"direction": None}, 400, "direction"),
        ({}, 400, "direction"),
    ],
)
def test_a_bad_move_is_refused(
    client: TestClient, admin: Auth, three: dict[str, int], body: dict, status: int, field: str
) -> None:
    refused = call(client, "POST", f"/admin/sections/{three['Fruits']}/move", admin, status,
                   json=body)  # fmt: skip
    assert refused["field"] == field and refused["message"]


def test_a_whole_order_must_name_every_section_once(
    client: TestClient, admin: Auth, three: dict[str, int]
) -> None:
    ids = list(three.values())
    for body, status in (
        ({"ids": ids[:2]}, 409),  # one is missing: the list changed meanwhile
        ({"ids": [*ids, ids[0]]}, 409),
        ({"ids": [*ids, 999999]}, 409),
        ({"ids": "1,2,3"}, 400),
        ({"ids": [1.5, 2, 3]}, 400),
        ({"ids": [True, 2, 3]}, 400),
        ({}, 400),
    ):
        call(client, "PUT", "/admin/sections/order", admin, status, json=body)
    assert orders(client, admin) == [("Fruits", 1), ("Légumes", 2), ("Boissons", 3)]


def test_a_hidden_section_leaves_the_storefront_and_texts_change(
    client: TestClient, admin: Auth, three: dict[str, int]
) -> None:
    fruits = three["Fruits"]
    call(client, "PATCH", f"/admin/sections/{fruits}", admin, json={"active": False})
    assert home_titles(client) == ["Légumes", "Boissons"]
    shown = call(client, "GET", "/admin/sections", admin)
    assert [(s["title"], s["active"]) for s in shown][0] == ("Fruits", False)
    edited = call(
        client,
        "PATCH",
        f"/admin/sections/{fruits}",
        admin,
        json={
            "active": True,
            "title": "  Fruits de saison ",
            "description": "Mangues et papayes",
            "translations": {"en": {"name": "Seasonal fruit", "description": "Mangoes"}},
        },
    )
    assert edited["title"] == "Fruits de saison" and edited["active"] is True
    assert edited["translations"]["en"] == {"name": "Seasonal fruit", "description": "Mangoes"}
    assert home_titles(client)[0] == "Fruits de saison"
    english = storefront(client, articlesonly="true", lang="en")[0]
    assert (english["title"], english["description"]) == ("Seasonal fruit", "Mangoes")
    spanish = storefront(client, articlesonly="true", lang="es")[0]
    assert spanish["title"] == "Fruits de saison"  # no Spanish: French


@pytest.mark.parametrize(
    ("body", "field"),
    [
        ({"title": ""}, "title"),
        ({"title": "   "}, "title"),
        ({"title": None}, "title"),
        ({"title": 12}, "title"),
        ({"title": "x" * 201}, "title"),
        ({"title": "a\x00b"}, "title"),
        ({"description": "x" * 5001}, "description"),
        ({"active": "yes"}, "active"),
        ({"translations": {"it": {"name": "Frutta"}}}, "translations"),
        ({"translations": {"en": {"title": "Fruit"}}}, "translations.en"),
        ({"translations": {"en": {"name": "x" * 201}}}, "translations.en.name"),
        ({"translations": ["en"]}, "translations"),
    ],
)
def test_bad_section_fields_are_400(
    client: TestClient, admin: Auth, three: dict[str, int], body: dict, field: str
) -> None:
    refused = call(client, "PATCH", f"/admin/sections/{three['Fruits']}", admin, 400, json=body)
    assert refused["field"] == field and refused["message"], refused
    assert call(client, "GET", f"/admin/sections/{three['Fruits']}", admin)["title"] == "Fruits"


def test_a_new_section_needs_a_title_and_goes_last(
    client: TestClient, admin: Auth, three: dict[str, int]
) -> None:
    refused = call(client, "POST", "/admin/sections", admin, 400, json={"description": "x"})
    assert refused["field"] == "title" and "obligatoire" in refused["message"]
    made = call(client, "POST", "/admin/sections", admin, 201,
                json={"title": "Fruits", "active": False})  # fmt: skip
    assert made["displayOrder"] == 4 and made["key"] != "fruits"  # keys stay unique
    assert made["active"] is False and made["articles"] == 0


def test_unknown_and_category_sections_are_404(
    client: TestClient, db: Session, admin: Auth
) -> None:
    category = Category(key="c", name="C", level=1)
    db.add(category)
    db.commit()
    of_category = Section(key="s-cat", title="Rayon", category_id=category.id)
    db.add(of_category)
    db.commit()
    for path in (f"/admin/sections/{of_category.id}", "/admin/sections/999999"):
        assert call(client, "GET", path, admin, 404)["message"]
        call(client, "PATCH", path, admin, 404, json={"title": "x"})
        call(client, "GET", f"{path}/articles", admin, 404)
    call(client, "GET", "/admin/sections/abc", admin, 400)
    call(client, "GET", "/admin/sections/0", admin, 400)
    call(client, "GET", "/admin/sections/99999999999", admin, 400)


def test_a_sections_articles_keep_their_order(client: TestClient, db: Session, admin: Auth) -> None:
    ids = [make_article(db, f"art-{i}", str(100 * (i + 1))) for i in range(4)]
    section = new_section(client, admin, "Épicerie", *ids)
    base = f"/admin/sections/{section}/articles"

    def shown() -> list[int]:
        return [a["id"] for a in storefront(client, f"{HOME}/{section}")["articles"]]

    assert shown() == ids
    page = call(client, "POST", f"{base}/{ids[3]}/move", admin, json={"direction": "up"})
    assert [a["id"] for a in page["items"]] == [ids[0], ids[1], ids[3], ids[2]]
    assert [a["position"] for a in page["items"]] == [1, 2, 3, 4]
    call(client, "POST", f"{base}/{ids[0]}/move", admin, json={"direction": "down"})
    call(client, "DELETE", f"{base}/{ids[1]}", admin)
    assert shown() == [ids[0], ids[3], ids[2]]
    listed = call(client, "GET", base, admin, params={"size": 2, "page": 2})
    assert listed["total"] == 3 and [a["position"] for a in listed["items"]] == [3]
    # twice the same, an unknown article, one not in the section
    assert call(client, "POST", base, admin, 409, json={"articleId": ids[0]})["message"]
    call(client, "POST", base, admin, 404, json={"articleId": 999999})
    call(client, "POST", base, admin, 404, json={"articleId": "x"})
    call(client, "DELETE", f"{base}/{ids[1]}", admin, 404)
    call(client, "POST", f"{base}/{ids[1]}/move", admin, 404, json={"direction": "up"})
    assert shown() == [ids[0], ids[3], ids[2]]
    found = call(client, "GET", "/admin/section-candidates", admin, params={"q": "ART-3"})
    assert [a["id"] for a in found["items"]] == [ids[3]]


# --- promotions -------------------------------------------------------------------------------

GOOD = {
    "name": "Saison des mangues",
    "description": "-25 % sur les mangues",
    "displayOnBanner": True,
    "active": True,
    "promoCode": " mangue25 ",
    "discountType": "PERCENT",
    "discountValue": 25,
}


def banner(client: TestClient) -> list[str]:
    return [p["name"] for p in storefront(client, "/web-ui/promotions/banner")]


def test_a_promotion_is_created_and_shown_on_the_banner(client: TestClient, admin: Auth) -> None:
    made = call(client, "POST", "/admin/promotions", admin, 201, json=GOOD)
    assert made["promoCode"] == "MANGUE25" and made["discountValue"] == "25.00"
    assert made["onBannerToday"] is True
    assert banner(client) == ["Saison des mangues"]
    off = call(client, "PATCH", f"/admin/promotions/{made['id']}", admin,
               json={"displayOnBanner": False})  # fmt: skip
    assert off["onBannerToday"] is False and banner(client) == []
    listed = call(client, "GET", "/admin/promotions", admin, params={"q": "mangue25"})
    assert [p["id"] for p in listed["items"]] == [made["id"]]


def test_the_banner_shows_a_promotion_within_its_dates_only(
    client: TestClient, admin: Auth
) -> None:
    clock = Clock(client)
    today = clock.now.date()
    body = {**GOOD, "startsOn": str(today + timedelta(days=1)),
            "endDate": str(today + timedelta(days=2))}  # fmt: skip
    made = call(client, "POST", "/admin/promotions", admin, 201, json=body)
    assert banner(client) == []  # not yet
    listed = call(client, "GET", "/admin/promotions", admin)["items"][0]
    assert listed["onBannerToday"] is False
    clock.advance(days=1)
    assert banner(client) == ["Saison des mangues"]  # its first day
    assert call(client, "GET", "/admin/promotions", admin)["items"][0]["onBannerToday"] is True
    clock.advance(days=1)
    assert banner(client) == ["Saison des mangues"]  # its last day
    clock.advance(days=1)
    assert banner(client) == []  # over
    # no dates at all: every day
    call(client, "PATCH", f"/admin/promotions/{made['id']}", admin,
         json={"startsOn": None, "endDate": ""})  # fmt: skip
    assert banner(client) == ["Saison des mangues"]


@pytest.mark.parametrize(
    ("body", "field"),
    [
        ({"discountValue": 0}, "discountValue"),
        ({"discountValue": 101}, "discountValue"),
        ({"discountValue": "abc"}, "discountValue"),
        ({"discountValue": True}, "discountValue"),
        ({"discountValue": None}, "discountValue"),
        ({"discountType": "AMOUNT", "discountValue": 0}, "discountValue"),
        ({"discountType": "AMOUNT", "discountValue": -500}, "discountValue"),
        ({"discountType": "AMOUNT", "discountValue": "12.5"}, "discountValue"),
        ({"discountType": "FREE"}, "discountType"),
        ({"discountType": None, "discountValue": 10}, "discountType"),
        ({"startsOn": "2027-03-10", "endDate": "2027-03-09"}, "endDate"),
        ({"startsOn": "10/03/2027"}, "startsOn"),
        ({"endDate": "2027-02-30"}, "endDate"),
        ({"endDate": 20270310}, "endDate"),
        ({"name": ""}, "name"),
        ({"name": None}, "name"),
        ({"promoCode": "CODE PROMO"}, "promoCode"),
        ({"promoCode": "A"}, "promoCode"),
        ({"promoCode": 50}, "promoCode"),
        ({"active": "true"}, "active"),
        ({"displayOnBanner": 1}, "displayOnBanner"),
        ({"description": "x" * 5001}, "description"),
        ({"translations": {"fr": {"name": "x"}}}, "translations"),
    ],
)
def test_bad_promotion_fields_are_400_and_change_nothing(
    client: TestClient, admin: Auth, body: dict, field: str
) -> None:
    refused = call(client, "POST", "/admin/promotions", admin, 400, json={**GOOD, **body})
    assert refused["field"] == field and refused["message"], refused
    made = call(client, "POST", "/admin/promotions", admin, 201, json=GOOD)
    refused = call(client, "PATCH", f"/admin/promotions/{made['id']}", admin, 400, json=body)
    assert refused["field"] == field
    again = call(client, "GET", f"/admin/promotions/{made['id']}", admin)
    assert {k: again[k] for k in made} == made
    assert call(client, "GET", "/admin/promotions", admin)["total"] == 1


def test_the_end_date_is_checked_against_the_stored_start(client: TestClient, admin: Auth) -> None:
    made = call(client, "POST", "/admin/promotions", admin, 201,
                json={**GOOD, "startsOn": "2027-03-10"})  # fmt: skip
    path = f"/admin/promotions/{made['id']}"
    assert call(client, "PATCH", path, admin, 400, json={"endDate": "2027-03-01"})["field"] == (
        "endDate"
    )
    assert call(client, "PATCH", path, admin, json={"endDate": "2027-03-10"})["endDate"] == (
        "2027-03-10"
    )
    # an amount: whole francs above 0; removing the discount altogether
    amount = call(client, "PATCH", path, admin,
                  json={"discountType": "AMOUNT", "discountValue": "2000"})  # fmt: skip
    assert (amount["discountType"], amount["discountValue"]) == ("AMOUNT", "2000.00")
    none = call(client, "PATCH", path, admin, json={"discountType": "", "discountValue": None})
    assert (none["discountType"], none["discountValue"]) == ("", None)


def test_unknown_promotions_are_404(client: TestClient, admin: Auth) -> None:
    call(client, "GET", "/admin/promotions/999999", admin, 404)
    call(client, "PATCH", "/admin/promotions/999999", admin, 404, json={"name": "x"})


def test_changes_are_audited_with_the_changed_fields_only(
    client: TestClient, admin: Auth, three: dict[str, int]
) -> None:
    made = call(client, "POST", "/admin/promotions", admin, 201, json=GOOD)
    call(client, "PATCH", f"/admin/promotions/{made['id']}", admin,
         json={**GOOD, "discountValue": 30, "endDate": "2027-06-30"})  # fmt: skip
    call(client, "PATCH", f"/admin/promotions/{made['id']}", admin, json=GOOD | {
        "discountValue": 30, "endDate": "2027-06-30"})  # fmt: skip  # the same: no entry
    trail = call(client, "GET", "/admin/audit", admin, params={"targetType": "promotion"})
    actions = [(e["action"], e["before"], e["after"]) for e in trail["items"]]
    assert actions[0] == (
        "promotion.update",
        {"discountValue": "25.00", "endDate": None},
        {"discountValue": "30.00", "endDate": "2027-06-30"},
    )
    assert actions[1][0] == "promotion.create" and len(actions) == 2
    assert actions[1][2]["promoCode"] == "MANGUE25"

    call(client, "POST", f"/admin/sections/{three['Boissons']}/move", admin,
         json={"direction": "up"})  # fmt: skip
    call(client, "PATCH", f"/admin/sections/{three['Fruits']}", admin, json={"title": "Fruits"})
    sections = call(client, "GET", "/admin/audit", admin, params={"targetType": "section"})
    latest = [(e["action"], e["targetLabel"], e["before"], e["after"]) for e in sections["items"]]
    assert latest[:2] == [
        ("section.update", "Légumes", {"displayOrder": 2}, {"displayOrder": 3}),
        ("section.update", "Boissons", {"displayOrder": 3}, {"displayOrder": 2}),
    ] or latest[:2] == [
        ("section.update", "Boissons", {"displayOrder": 3}, {"displayOrder": 2}),
        ("section.update", "Légumes", {"displayOrder": 2}, {"displayOrder": 3}),
    ]
    # three creations, three article additions, two moves; the unchanged title: nothing
    assert [e["action"] for e in sections["items"]].count("section.create") == 3
    assert sections["total"] == 3 + 3 + 2


# --- who may ----------------------------------------------------------------------------------


def home_routes(client: TestClient) -> list[tuple[str, str]]:
    schema = client.get(f"{API}/openapi.json").json()
    mine = ("/admin/sections", "/admin/section-candidates", "/admin/promotions")
    routes = [
        (method.upper(), path)
        for path, operations in schema["paths"].items()
        if path.removeprefix(API).startswith(mine) and not path.endswith("/picture")
        for method in operations
    ]  # the pictures' routes are the pictures' tests' own
    assert len(routes) == 15, routes
    return routes


@pytest.mark.parametrize("role", ["consumer", "staff"])
def test_shoppers_and_staff_are_refused_and_change_nothing(
    client: TestClient, db: Session, admin: Auth, three: dict[str, int], role: str
) -> None:
    made = call(client, "POST", "/admin/promotions", admin, 201, json=GOOD)
    someone = bearer_for(stored_user(db, "fatou", [role]))
    for method, path in home_routes(client):
        url = (
            path.replace("{section_id}", str(three["Fruits"]))
            .replace("{article_id}", "1")
            .replace("{promotion_id}", str(made["id"]))
        )
        refused = client.request(method, url, headers=someone, json={"ids": [], "title": "x"})
        assert refused.status_code == 403, (method, path, refused.text)
    assert orders(client, admin) == [("Fruits", 1), ("Légumes", 2), ("Boissons", 3)]
    assert call(client, "GET", "/admin/audit", admin)["total"] == 3 + 3 + 1


# --- two admins at once -----------------------------------------------------------------------


def test_reorders_at_the_same_time_keep_a_dense_order(
    live_api: str, db: Session, admin: Auth
) -> None:
    db.add_all(Section(key=f"s{i}", title=f"S{i}", display_order=i) for i in range(1, 7))
    db.commit()
    with httpx.Client(base_url=live_api, headers=admin, timeout=60) as http:
        ids = [s["id"] for s in http.get("/admin/sections").json()]

        def move(index: int) -> int:
            # six admins move six sections at the same instant, up and down in turn
            body = {"direction": "up" if index % 2 else "down"}
            return http.post(f"/admin/sections/{ids[index]}/move", json=body).status_code

        assert at_once(6, move) == [200] * 6
        whole = [*reversed(ids)]
        statuses = at_once(
            2,
            lambda i: (
                http.put("/admin/sections/order", json={"ids": whole if i else ids}).status_code
            ),
        )
        assert statuses == [200, 200]
        after = http.get("/admin/sections").json()
    assert sorted(s["displayOrder"] for s in after) == [1, 2, 3, 4, 5, 6]
    assert [s["id"] for s in after] in (ids, whole)
