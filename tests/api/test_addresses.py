"""Addresses through /api/v1 (spec 001 §7), on SQLite and PostgreSQL."""

from __future__ import annotations

from typing import Any

import pytest
from fastapi.testclient import TestClient
from sqlmodel import Session, select

from grocer.models import Address, User
from tests.support import API
from tests.support.accounts import VALID_ADDRESS, bearer_for, stored_user

ADDRESS_KEYS = {
    "id",
    "addressId",
    "addressType",
    "streetAddress",
    "apartment",
    "city",
    "state",
    "postalCode",
    "country",
    "latitude",
    "longitude",
    "isDefault",
    "createdAt",
}


def post_address(client: TestClient, user: User, **fields: Any) -> dict[str, Any]:
    response = client.post(
        f"{API}/users/addresses", json={**VALID_ADDRESS, **fields}, headers=bearer_for(user)
    )
    assert response.status_code == 201, response.text
    return response.json()


def test_create_returns_the_saved_address(client: TestClient, alice: User) -> None:
    body = {
        **VALID_ADDRESS,
        "streetAddress": "  Rue 15.32, porte 7  ",
        "apartment": "Villa 3",
        "state": "Centre",
        "postalCode": "01 BP 1234",
        "latitude": 12.3714,
        "longitude": -1.5197,
        "addressType": "work",
        "isDefault": True,
    }
    saved = post_address(client, alice, **body)
    assert set(saved) == ADDRESS_KEYS
    assert saved["id"] == saved["addressId"]
    assert saved["streetAddress"] == "Rue 15.32, porte 7"
    assert saved["addressType"] == "WORK"
    assert (saved["latitude"], saved["longitude"]) == (12.3714, -1.5197)
    assert saved["isDefault"] is True
    assert saved["createdAt"].endswith("Z")
    got = client.get(f"{API}/users/addresses/{saved['id']}", headers=bearer_for(alice))
    assert got.status_code == 200 and got.json() == saved


def test_defaults_home_and_default(client: TestClient, alice: User) -> None:
    saved = post_address(client, alice)
    assert saved["addressType"] == "HOME"
    assert saved["isDefault"] is True
    assert saved["apartment"] is None and saved["latitude"] is None


@pytest.mark.parametrize(
    ("body", "field", "message"),
    [
        ({**VALID_ADDRESS, "city": "  "}, "city", "Veuillez remplir le champ ville"),
        (
            {"city": "Ouaga"},
            "streetAddress",
            "Veuillez remplir les champs suivants : adresse, pays",
        ),
        ({}, "streetAddress", "Veuillez remplir les champs suivants : adresse, ville, pays"),
        (
            {**VALID_ADDRESS, "latitude": -90.5},
            "latitude",
            "La latitude doit être comprise entre -90 et 90",
        ),
        (
            {**VALID_ADDRESS, "longitude": 181},
            "longitude",
            "La longitude doit être comprise entre -180 et 180",
        ),
    ],
)
def test_validation_messages(
    client: TestClient, alice: User, body: dict[str, Any], field: str, message: str
) -> None:
    response = client.post(f"{API}/users/addresses", json=body, headers=bearer_for(alice))
    assert response.status_code == 400
    assert response.json()["message"] == message
    assert response.json()["field"] == field


def test_over_long_fields_are_refused(client: TestClient, alice: User) -> None:
    response = client.post(
        f"{API}/users/addresses",
        json={**VALID_ADDRESS, "postalCode": "9" * 21},
        headers=bearer_for(alice),
    )
    assert response.status_code == 400
    assert response.json()["field"] == "postalCode"


def test_only_one_default(client: TestClient, db: Session, alice: User) -> None:
    first = post_address(client, alice)
    second = post_address(client, alice, city="Bobo-Dioulasso")
    listed = client.get(f"{API}/users/addresses/user/{alice.id}", headers=bearer_for(alice)).json()
    assert [(a["id"], a["isDefault"]) for a in listed] == [
        (second["id"], True),
        (first["id"], False),
    ]
    third = post_address(client, alice, city="Banfora", isDefault=False)
    assert third["isDefault"] is False
    defaults = db.exec(select(Address).where(Address.user_id == alice.id, Address.is_default)).all()
    assert [a.id for a in defaults] == [second["id"]]


def test_a_first_address_is_the_default_whatever_was_asked(client: TestClient, alice: User) -> None:
    assert post_address(client, alice, isDefault=False)["isDefault"] is True


def test_update_is_partial_and_can_move_the_default(client: TestClient, alice: User) -> None:
    first = post_address(client, alice, apartment="Porte 2", latitude=12.0)
    second = post_address(client, alice, city="Koudougou")
    response = client.put(
        f"{API}/users/addresses/{first['id']}",
        json={"city": "Kaya", "isDefault": True},
        headers=bearer_for(alice),
    )
    assert response.status_code == 200, response.text
    updated = response.json()
    assert updated["city"] == "Kaya"
    assert updated["apartment"] == "Porte 2" and updated["latitude"] == 12.0
    assert updated["streetAddress"] == VALID_ADDRESS["streetAddress"]
    assert updated["isDefault"] is True
    assert updated["createdAt"] == first["createdAt"]
    again = client.get(f"{API}/users/addresses/{second['id']}", headers=bearer_for(alice)).json()
    assert again["isDefault"] is False


def test_update_can_clear_optional_fields(client: TestClient, alice: User) -> None:
    saved = post_address(client, alice, apartment="Porte 2", latitude=12.0)
    updated = client.put(
        f"{API}/users/addresses/{saved['id']}",
        json={"apartment": None, "latitude": None},
        headers=bearer_for(alice),
    ).json()
    assert updated["apartment"] is None and updated["latitude"] is None


def test_update_validates_the_result(client: TestClient, alice: User) -> None:
    saved = post_address(client, alice)
    response = client.put(
        f"{API}/users/addresses/{saved['id']}", json={"country": ""}, headers=bearer_for(alice)
    )
    assert response.status_code == 400
    assert response.json()["message"] == "Veuillez remplir le champ pays"


def test_delete_and_the_default_moves_on(client: TestClient, alice: User) -> None:
    older = post_address(client, alice, city="Kaya", isDefault=False)
    newest = post_address(client, alice, city="Dori", isDefault=False)
    default = post_address(client, alice)
    response = client.delete(f"{API}/users/addresses/{default['id']}", headers=bearer_for(alice))
    assert response.status_code == 204 and response.content == b""
    gone = client.get(f"{API}/users/addresses/{default['id']}", headers=bearer_for(alice))
    assert gone.status_code == 404
    listed = client.get(f"{API}/users/addresses/user/{alice.id}", headers=bearer_for(alice)).json()
    assert [(a["id"], a["isDefault"]) for a in listed] == [
        (newest["id"], True),
        (older["id"], False),
    ]
    again = client.delete(f"{API}/users/addresses/{default['id']}", headers=bearer_for(alice))
    assert again.status_code == 404


def test_list_holds_only_the_users_addresses(client: TestClient, db: Session, alice: User) -> None:
    bob = stored_user(db, "bob")
    mine = post_address(client, alice)
    post_address(client, bob)
    listed = client.get(f"{API}/users/addresses/user/{alice.id}", headers=bearer_for(alice)).json()
    assert [a["id"] for a in listed] == [mine["id"]]
    empty = stored_user(db, "carol")
    assert (
        client.get(f"{API}/users/addresses/user/{empty.id}", headers=bearer_for(empty)).json() == []
    )


def test_an_admin_may_save_for_a_customer_a_customer_may_not(
    client: TestClient, db: Session, alice: User
) -> None:
    admin = stored_user(db, "root", ["consumer", "admin"])
    saved = client.post(
        f"{API}/users/addresses",
        json={**VALID_ADDRESS, "userId": alice.id},
        headers=bearer_for(admin),
    )
    assert saved.status_code == 201
    listed = client.get(f"{API}/users/addresses/user/{alice.id}", headers=bearer_for(alice)).json()
    assert [a["id"] for a in listed] == [saved.json()["id"]]
    bob = stored_user(db, "bob")
    refused = client.post(
        f"{API}/users/addresses",
        json={**VALID_ADDRESS, "userId": alice.id},
        headers=bearer_for(bob),
    )
    assert refused.status_code == 404
    missing = client.get(f"{API}/users/addresses/user/999999", headers=bearer_for(admin))
    assert missing.status_code == 404


def test_path_ids_must_be_numbers(client: TestClient, alice: User) -> None:
    response = client.get(f"{API}/users/addresses/abc", headers=bearer_for(alice))
    assert response.status_code == 400
