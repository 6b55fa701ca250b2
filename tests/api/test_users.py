"""/users: sign-up, details, profile, password change, preferences, deletion request."""

from __future__ import annotations

import re
from typing import Any

import pytest
from fastapi.testclient import TestClient
from sqlmodel import Session, select

from grocer.models import DeletionRequest, User, UserPhone, UserSettings
from grocer.models.base import utcnow
from grocer.services import accounts
from grocer.services.errors import Conflict
from tests.support import API
from tests.support.accounts import (
    PASSWORD,
    Clock,
    bearer,
    login,
    make_user,
    outbox_code,
    sign_up,
    signup_token,
)

NEW_EMAIL = "jean.dupont@example.bf"
PHONES = [{"countryCode": "+226", "number": "70123456"}]


@pytest.fixture
def awa(db: Session) -> User:
    return make_user(db)


@pytest.fixture
def token(client: TestClient, awa: User) -> str:
    return login(client)["accessToken"]


def _register(client: TestClient, **body: Any) -> Any:
    return client.post(f"{API}/users/register", json={"password": PASSWORD, **body})


# --- sign-up ----------------------------------------------------------------------------------


def test_sign_up_flow_creates_a_verified_consumer_and_signs_in(
    client: TestClient, db: Session
) -> None:
    body = sign_up(
        client,
        NEW_EMAIL,
        username="jdupont",
        firstName="Jean",
        lastName="Dupont",
        phones=PHONES,
        dateOfBirth=None,
        roles=["consumer", "admin"],  # never honoured
    )
    assert body["tokenType"] == "Bearer"
    assert body["refreshToken"]
    info = body["userInfo"]
    assert info["username"] == "jdupont"
    assert info["roles"] == ["consumer"]
    assert info["emailVerified"] is True
    me = client.get(f"{API}/users/me", headers=bearer(body["accessToken"])).json()
    assert me["primaryPhone"] == {"phoneNumber": "+22670123456", "isVerified": False}
    assert me["roles"] == ["consumer"]
    assert login(client, "jdupont")["userInfo"]["id"] == info["id"]


def test_register_derives_username_and_names(client: TestClient) -> None:
    info = sign_up(client, "awa_kabore@example.bf")["userInfo"]
    assert re.fullmatch(r"user\d{13}[a-z0-9]{5}", info["username"])
    assert (info["firstName"], info["lastName"]) == ("Awa", "Kabore")
    info = sign_up(client, "moussa@example.bf")["userInfo"]
    assert (info["firstName"], info["lastName"]) == ("moussa", "User")


def test_register_accepts_the_code_in_the_payload(client: TestClient) -> None:
    assert client.post(f"{API}/auth/send-otp", json={"email": NEW_EMAIL}).status_code == 200
    code = outbox_code(NEW_EMAIL)
    response = _register(client, email=NEW_EMAIL, otp=code)
    assert response.status_code == 201
    assert _register(client, email="x" + NEW_EMAIL, otp=code).status_code == 400


@pytest.mark.parametrize("field", ["passwordHash", "password_hash"])
def test_a_hash_sent_with_the_payload_is_never_the_accounts(client: TestClient, field: str) -> None:
    """Only the sign-up dialog's own state hands the service a hash made ahead: a request that
    sends one (of a password the attacker knows) still gets the account of its `password`."""
    other = "un-autre-secret-9"
    assert client.post(f"{API}/auth/send-otp", json={"email": NEW_EMAIL}).status_code == 200
    body = {field: accounts.hash_password(other), "email": NEW_EMAIL}
    response = _register(client, otp=outbox_code(NEW_EMAIL), **body)
    assert response.status_code == 201  # an unknown field is ignored
    assert login(client, NEW_EMAIL)["userInfo"]["email"] == NEW_EMAIL  # PASSWORD opens it
    refused = client.post(f"{API}/auth/login", json={"username": NEW_EMAIL, "password": other})
    assert refused.status_code == 401


def test_register_needs_a_verified_email(client: TestClient) -> None:
    response = _register(client, email=NEW_EMAIL)
    assert response.status_code == 400
    assert client.post(f"{API}/auth/send-otp", json={"email": NEW_EMAIL}).status_code == 200
    assert _register(client, email=NEW_EMAIL).status_code == 400  # sent, not verified
    assert _register(client, email=NEW_EMAIL, code="000000").status_code == 400


def test_register_verification_token_expires_with_the_code(client: TestClient) -> None:
    clock = Clock(client)
    token = signup_token(client, NEW_EMAIL)
    clock.advance(minutes=10)
    assert _register(client, email=NEW_EMAIL, verificationToken=token).status_code == 400


def test_duplicate_username_or_email_answers_409_once_the_email_is_proven(
    client: TestClient, db: Session, awa: User
) -> None:
    # Without a proof nothing is told about who has an account: the proof is checked first.
    unproven = _register(client, email=awa.email.upper(), username="other")
    assert unproven.status_code == 400
    assert "déjà utilisé" not in unproven.json()["message"]
    token = signup_token(client, NEW_EMAIL)
    taken_name = _register(client, email=NEW_EMAIL, username="AWA", verificationToken=token)
    assert taken_name.status_code == 409
    assert taken_name.json()["message"] == "Ce nom d'utilisateur est déjà utilisé"
    # Another sign-up took the e-mail meanwhile: told (409), since this caller proved it too.
    make_user(db, "jean", NEW_EMAIL)
    taken_email = _register(client, email=NEW_EMAIL, username="other", verificationToken=token)
    assert taken_email.status_code == 409
    assert taken_email.json()["message"] == "Cette adresse email est déjà utilisée"


@pytest.mark.parametrize(
    ("body", "message"),
    [
        ({"email": NEW_EMAIL, "password": "12345"}, "Le mot de passe doit contenir au moins 6"),
        ({"email": NEW_EMAIL, "username": "ab"}, "Le nom d'utilisateur doit contenir au moins 3"),
        ({"email": NEW_EMAIL, "username": "a@b"}, "Le nom d'utilisateur ne peut contenir"),
        ({"email": "pas-un-email"}, "Veuillez entrer une adresse email valide"),
        ({}, "Veuillez entrer votre adresse email"),
        (
            {"email": NEW_EMAIL, "phones": [{"countryCode": "+226", "number": "7012345"}]},
            "Le numéro de téléphone doit contenir au moins 8 chiffres",
        ),
        (
            {"email": NEW_EMAIL, "phones": [{"countryCode": "+226", "number": "70-12-34-56"}]},
            "Le numéro de téléphone ne doit contenir que des chiffres",
        ),
        (
            {"email": NEW_EMAIL, "phones": [{"countryCode": "+44", "number": "70123456"}]},
            "Indicatif téléphonique non pris en charge",
        ),
        ({"email": NEW_EMAIL, "phones": [{"number": ""}]}, "Veuillez entrer votre numéro"),
        ({"email": NEW_EMAIL, "dateOfBirth": "2999-01-01"}, "Date de naissance invalide"),
        ({"email": NEW_EMAIL, "preferredLanguage": "xx"}, "Langue non prise en charge"),
    ],
)
def test_register_rejects_bad_fields_with_a_message(
    client: TestClient, body: dict, message: str
) -> None:
    response = client.post(f"{API}/users/register", json={"password": PASSWORD, **body})
    assert response.status_code == 400
    assert response.json()["message"].startswith(message)


@pytest.mark.parametrize(
    "body",
    [
        {"email": NEW_EMAIL, "phones": "70123456"},
        {"email": NEW_EMAIL, "phones": [{"countryCode": "+226", "number": 70123456}]},
        {"email": NEW_EMAIL, "phones": [PHONES[0]] * 6},
        {"email": NEW_EMAIL, "dateOfBirth": "hier"},
        {"email": NEW_EMAIL, "firstName": "J" * 101},
        {"email": NEW_EMAIL * 100},
        {"email": NEW_EMAIL, "password": "p" * 129},
        {"email": NEW_EMAIL, "password": "é" * 40},  # 80 bytes: over bcrypt's 72
        {"email": NEW_EMAIL, "roles": "admin"},
        {"email": ["a"]},
        {"email": NEW_EMAIL, "firstName": "Je\u0000an"},
    ],
)
def test_register_rejects_malformed_payloads(client: TestClient, body: dict) -> None:
    assert (
        client.post(f"{API}/users/register", json={"password": PASSWORD, **body}).status_code == 400
    )


def test_register_checks_the_payload_before_spending_the_code(client: TestClient) -> None:
    assert client.post(f"{API}/auth/send-otp", json={"email": NEW_EMAIL}).status_code == 200
    code = outbox_code(NEW_EMAIL)
    assert _register(client, email=NEW_EMAIL, otp=code, username="x").status_code == 400
    assert _register(client, email=NEW_EMAIL, otp=code).status_code == 201


# --- details and profile ----------------------------------------------------------------------


def test_user_details_shape(client: TestClient, db: Session, awa: User, token: str) -> None:
    response = client.get(f"{API}/users/{awa.id}", headers=bearer(token))
    assert response.status_code == 200
    details = response.json()
    assert details["userId"] == details["id"] == awa.id
    assert details["primaryPhone"] is None and details["phones"] == []
    assert details["registrationDate"].endswith("Z")
    assert details["lastLogin"] is not None
    assert details["isActive"] is True
    assert details["preferredLanguage"] == "fr"
    assert "passwordHash" not in details and "password_hash" not in details


def test_other_users_are_not_found_but_admins_see_them(
    client: TestClient, db: Session, awa: User, token: str
) -> None:
    other = make_user(db, "binta", "binta@example.bf")
    for method, suffix, body in [
        ("GET", "", None),
        ("PUT", "", {"firstName": "X"}),
        ("PUT", "/password", {"currentPassword": PASSWORD, "newPassword": "nouveau1"}),
        ("PUT", "/preferences", {"notifications": {"sms": True}}),
        ("POST", "/deletion-request", {"reason": "x"}),
    ]:
        url = f"{API}/users/{other.id}{suffix}"
        response = client.request(method, url, json=body, headers=bearer(token))
        assert response.status_code == 404, (method, suffix)
    accounts.create_admin(db, "root", "root@example.bf", PASSWORD)
    admin_token = login(client, "root")["accessToken"]
    assert client.get(f"{API}/users/{other.id}", headers=bearer(admin_token)).status_code == 200
    assert client.get(f"{API}/users/999999", headers=bearer(admin_token)).status_code == 404


@pytest.mark.parametrize("user_id", ["abc", "0", "-1", str(2**40)])
def test_bad_user_ids_answer_400(client: TestClient, token: str, user_id: str) -> None:
    assert client.get(f"{API}/users/{user_id}", headers=bearer(token)).status_code == 400


def test_users_routes_need_a_valid_access_token(client: TestClient, awa: User) -> None:
    assert client.get(f"{API}/users/me").status_code == 401
    assert client.get(f"{API}/users/{awa.id}", headers=bearer("garbage")).status_code == 401


def test_update_profile(client: TestClient, db: Session, awa: User, token: str) -> None:
    url = f"{API}/users/{awa.id}"
    body = {
        "firstName": "  Awa Marie ",
        "phones": [
            {"countryCode": "+33", "number": "612345678"},
            {"countryCode": "+226", "number": "70 12 34 56", "isPrimary": True},
        ],
        "dateOfBirth": "1990-05-17",
        "gender": "female",
        "preferredLanguage": "en",
    }
    response = client.put(url, json=body, headers=bearer(token))
    assert response.status_code == 200, response.text
    details = response.json()
    assert details["firstName"] == "Awa Marie"
    assert details["lastName"] == "Ouedraogo"  # not sent, not changed
    assert details["primaryPhone"]["phoneNumber"] == "+22670123456"
    assert [p["phoneNumber"] for p in details["phones"]] == ["+22670123456", "+33612345678"]
    assert details["dateOfBirth"] == "1990-05-17"
    assert details["preferredLanguage"] == "en"
    # A kept number keeps its verified flag; a partial update leaves the phones alone.
    db.expire_all()
    phone = db.exec(select(UserPhone).where(UserPhone.number == "70123456")).one()
    phone.is_verified = True
    db.add(phone)
    db.commit()
    response = client.put(url, json={"phones": body["phones"][1:]}, headers=bearer(token))
    assert response.json()["phones"][0]["isVerified"] is True
    response = client.put(url, json={"dateOfBirth": None}, headers=bearer(token))
    assert response.json()["dateOfBirth"] is None
    assert len(response.json()["phones"]) == 1


@pytest.mark.parametrize(
    "body",
    [
        {"preferredLanguage": "xx"},
        {"phones": [{"number": "123"}]},
        {"dateOfBirth": "1800-01-01"},
        {"firstName": 12},
        {"lastName": "x" * 101},
        {"gender": "g" * 31},
    ],
)
def test_update_profile_rejects_bad_fields(
    client: TestClient, awa: User, token: str, body: dict
) -> None:
    response = client.put(f"{API}/users/{awa.id}", json=body, headers=bearer(token))
    assert response.status_code == 400


# --- password ---------------------------------------------------------------------------------


def test_change_password_keeps_this_session_and_ends_the_others(
    client: TestClient, awa: User
) -> None:
    mine, other = login(client), login(client)
    url = f"{API}/users/{awa.id}/password"
    headers = bearer(mine["accessToken"])
    wrong = client.put(
        url, json={"currentPassword": "nope-nope", "newPassword": "nouveau1"}, headers=headers
    )
    assert wrong.status_code == 400
    assert wrong.json()["field"] == "currentPassword"
    short = client.put(
        url, json={"currentPassword": PASSWORD, "newPassword": "12"}, headers=headers
    )
    assert short.status_code == 400
    ok = client.put(
        url, json={"currentPassword": PASSWORD, "newPassword": "nouveau1"}, headers=headers
    )
    assert ok.status_code == 200
    refresh = f"{API}/auth/refresh"
    assert client.post(refresh, json={"refreshToken": other["refreshToken"]}).status_code == 401
    assert client.post(refresh, json={"refreshToken": mine["refreshToken"]}).status_code == 200
    login(client, "awa", "nouveau1")


def test_wrong_current_passwords_are_rate_limited(client: TestClient, awa: User) -> None:
    clock = Clock(client)
    session = login(client)
    url = f"{API}/users/{awa.id}/password"
    body = {"currentPassword": "nope-nope", "newPassword": "nouveau1"}
    headers = bearer(session["accessToken"])
    for _ in range(accounts.PASSWORD_CHANGE_FAILS):
        clock.advance(seconds=accounts.LOGIN_DELAY_MAX_SECONDS)  # past the account's delay
        assert client.put(url, json=body, headers=headers).status_code == 400
    # They count as failed sign-ins too: the account's delay runs after the last one.
    assert client.put(url, json=body, headers=headers).status_code == 429
    clock.advance(seconds=accounts.LOGIN_DELAY_MAX_SECONDS)
    body["currentPassword"] = PASSWORD
    assert client.put(url, json=body, headers=headers).status_code == 429


# --- preferences and deletion -----------------------------------------------------------------


def test_preferences_merge_into_the_settings_document(
    client: TestClient, db: Session, awa: User, token: str
) -> None:
    url = f"{API}/users/{awa.id}/preferences"
    response = client.put(url, json={"notifications": {"sms": True}}, headers=bearer(token))
    assert response.status_code == 200
    assert response.json() == {
        "userId": awa.id,
        "notifications": {"email": True, "push": False, "sms": True},
    }
    response = client.put(url, json={"notifications": {"email": False}}, headers=bearer(token))
    assert response.json()["notifications"] == {"email": False, "push": False, "sms": True}
    db.expire_all()
    stored = db.get(UserSettings, awa.id)
    assert stored is not None and stored.data["notifications"]["sms"] is True
    bad = client.put(url, json={"notifications": {"sms": "yes"}}, headers=bearer(token))
    assert bad.status_code == 400


def test_deletion_request_is_recorded_once(
    client: TestClient, db: Session, awa: User, token: str
) -> None:
    url = f"{API}/users/{awa.id}/deletion-request"
    first = client.post(url, json={"reason": "  Je quitte le pays  "}, headers=bearer(token))
    assert first.status_code == 201
    assert first.json()["reason"] == "Je quitte le pays"
    assert client.post(url, json={}, headers=bearer(token)).status_code == 401  # signed out
    token = login(client)["accessToken"]  # signing in again does not open a second request
    again = client.post(url, json={}, headers=bearer(token))
    assert again.json()["id"] == first.json()["id"]
    assert again.json()["purgeAfter"] == first.json()["purgeAfter"]
    assert len(db.exec(select(DeletionRequest)).all()) == 1
    token = login(client)["accessToken"]
    too_long = client.post(url, json={"reason": "x" * 1001}, headers=bearer(token))
    assert too_long.status_code == 400


# --- admin accounts (the CLI's service) -------------------------------------------------------


def test_create_admin_creates_or_promotes(db: Session, awa: User) -> None:
    admin = accounts.create_admin(db, "root", "Root@Example.bf", PASSWORD, utcnow())
    assert admin.roles == ["consumer", "admin"] and admin.email == "root@example.bf"
    promoted = accounts.create_admin(db, "awa", awa.email, "nouveau-secret")
    assert promoted.id == awa.id and "admin" in promoted.roles
    assert accounts.verify_password("nouveau-secret", promoted.password_hash)
    with pytest.raises(Conflict):
        accounts.create_admin(db, "awa", "root@example.bf", PASSWORD)
