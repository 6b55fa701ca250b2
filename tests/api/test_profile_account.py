"""The profile section's calls: the profile with its business phone and address, the e-mail
change proven by a code sent to the new address (real SMTP on loopback), the deletion request
that signs out everywhere, and the purge that anonymises the account and keeps its orders."""

from __future__ import annotations

from datetime import timedelta
from decimal import Decimal
from email.header import decode_header, make_header
from typing import Any

import pytest
from fastapi.testclient import TestClient
from sqlmodel import Session, col, select

from grocer import cli
from grocer.models import (
    Address,
    DeletionRequest,
    Order,
    RefreshToken,
    User,
    UserPhone,
    UserSettings,
)
from grocer.models.base import as_utc, utcnow
from grocer.services import account_purge, accounts
from tests.support import API
from tests.support.accounts import PASSWORD, Clock, bearer, login, make_user, wrong_code
from tests.support.smtp import SmtpServer, body_text

NEW_EMAIL = "awa.nouvelle@example.bf"
PROFILE = {
    "firstName": "Awa",
    "lastName": "Traoré",
    "phone": {"countryCode": "+226", "number": "70 11 22 33"},
    "businessPhone": {"countryCode": "+33", "number": "612345678"},
    "dateOfBirth": "1991-03-04",
    "gender": "female",
    "address": {
        "streetAddress": "Avenue Kwame Nkrumah",
        "city": "Ouagadougou",
        "postalCode": "01 BP 1234",
        "country": "Burkina Faso",
    },
}


@pytest.fixture
def awa(db: Session) -> User:
    return make_user(db)


@pytest.fixture
def session(client: TestClient, awa: User) -> dict[str, Any]:
    return login(client)


def _url(user: User, suffix: str = "") -> str:
    return f"{API}/users/{user.id}{suffix}"


def _subject(server: SmtpServer, to: str, index: int = 0) -> str:
    return str(make_header(decode_header(server.messages_to(to)[index]["Subject"])))


# --- the profile ------------------------------------------------------------------------------


def test_profile_saves_every_field_with_the_business_phone_and_the_address(
    client: TestClient, db: Session, awa: User, session: dict[str, Any]
) -> None:
    headers = bearer(session["accessToken"])
    saved = client.put(_url(awa), json=PROFILE, headers=headers)
    assert saved.status_code == 200, saved.text
    details = client.get(_url(awa), headers=headers).json()
    assert (details["firstName"], details["lastName"]) == ("Awa", "Traoré")
    assert (details["dateOfBirth"], details["gender"]) == ("1991-03-04", "female")
    phones = {p["phoneType"]: (p["phoneNumber"], p["isPrimary"]) for p in details["phones"]}
    assert phones == {"MOBILE": ("+22670112233", True), "BUSINESS": ("+33612345678", False)}
    [address] = details["addresses"]
    assert address["isDefault"] is True
    assert {k: address[k] for k in PROFILE["address"]} == PROFILE["address"]

    # A second save edits the same default address and keeps the numbers it does not name.
    again = client.put(
        _url(awa),
        json={"address": {**PROFILE["address"], "city": "Bobo-Dioulasso"}, "businessPhone": None},
        headers=headers,
    )
    assert again.status_code == 200, again.text
    assert [a["city"] for a in again.json()["addresses"]] == ["Bobo-Dioulasso"]
    assert [p["phoneType"] for p in again.json()["phones"]] == ["MOBILE"]
    db.expire_all()
    assert len(db.exec(select(Address).where(col(Address.user_id) == awa.id)).all()) == 1


@pytest.mark.parametrize(
    ("body", "field", "message"),
    [
        (
            {"phone": {"countryCode": "+226", "number": "7012"}},
            "phone",
            "Le numéro de téléphone doit contenir au moins 8 chiffres",
        ),
        (
            {"businessPhone": {"countryCode": "+226", "number": "70-ab-cd-ef"}},
            "businessPhone",
            "Le numéro de téléphone ne doit contenir que des chiffres",
        ),
        (
            {"businessPhone": {"countryCode": "+999", "number": "70112233"}},
            "businessPhone",
            "Indicatif téléphonique non pris en charge",
        ),
        (
            {"address": {"city": "Ouagadougou"}},
            "streetAddress",
            "Veuillez remplir les champs suivants : adresse, pays",
        ),
        ({"dateOfBirth": "2999-01-01"}, "dateOfBirth", "Date de naissance invalide"),
        ({"firstName": "Awa\x07"}, "firstName", "Le champ prénom est invalide"),
    ],
)
def test_bad_profile_input_is_a_400_with_its_message_and_changes_nothing(
    client: TestClient,
    db: Session,
    awa: User,
    session: dict[str, Any],
    body: dict[str, Any],
    field: str,
    message: str,
) -> None:
    headers = bearer(session["accessToken"])
    before = client.get(_url(awa), headers=headers).json()
    response = client.put(_url(awa), json={**body, "lastName": "Changé"}, headers=headers)
    assert response.status_code == 400, response.text
    assert (response.json()["field"], response.json()["message"]) == (field, message)
    after = client.get(_url(awa), headers=headers).json()
    assert {**after, "lastLogin": None} == {**before, "lastLogin": None}


@pytest.mark.parametrize(
    "body",
    [
        {"phone": "70112233"},
        {"address": "Ouagadougou"},
        {"businessPhone": {"number": ["7"]}},
        {"address": {"city": "x" * 500}},
    ],
)
def test_malformed_profile_bodies_are_400_never_500(
    client: TestClient, awa: User, session: dict[str, Any], body: dict[str, Any]
) -> None:
    response = client.put(_url(awa), json=body, headers=bearer(session["accessToken"]))
    assert response.status_code == 400, response.text


# --- the e-mail change --------------------------------------------------------------------------


def _ask_code(client: TestClient, user: User, headers: dict[str, str], **body: Any) -> Any:
    payload = {"newEmail": NEW_EMAIL, "password": PASSWORD, **body}
    return client.post(_url(user, "/email-change"), json=payload, headers=headers)


def _verify(client: TestClient, user: User, headers: dict[str, str], code: str) -> Any:
    payload = {"newEmail": NEW_EMAIL, "code": code}
    return client.post(_url(user, "/email-change/verify"), json=payload, headers=headers)


def test_email_change_with_the_code_sent_to_the_new_address(
    client: TestClient, db: Session, awa: User, session: dict[str, Any], smtp: SmtpServer
) -> None:
    headers = bearer(session["accessToken"])
    old_email = awa.email
    asked = _ask_code(client, awa, headers, newEmail="  Awa.Nouvelle@Example.BF ")
    assert asked.status_code == 202, asked.text
    assert asked.json()["newEmail"] == NEW_EMAIL
    assert _subject(smtp, NEW_EMAIL) == "Confirmez votre nouvelle adresse email Grocer"
    assert smtp.messages_to(old_email) == []  # nothing changed yet
    code = smtp.wait_for_code(NEW_EMAIL)

    verified = _verify(client, awa, headers, code)
    assert verified.status_code == 200, verified.text
    assert (verified.json()["email"], verified.json()["emailVerified"]) == (NEW_EMAIL, True)
    assert _subject(smtp, old_email) == "Votre adresse email Grocer a été modifiée"
    assert NEW_EMAIL in body_text(smtp.messages_to(old_email)[0])
    assert login(client, NEW_EMAIL)["userInfo"]["email"] == NEW_EMAIL
    refused = client.post(f"{API}/auth/login", json={"username": old_email, "password": PASSWORD})
    assert refused.status_code == 401

    replayed = _verify(client, awa, headers, code)  # the code was used up
    assert replayed.status_code == 400
    assert replayed.json()["message"] == "Code de vérification incorrect ou expiré"


def test_wrong_and_expired_codes_are_refused(
    client: TestClient, db: Session, awa: User, session: dict[str, Any], smtp: SmtpServer
) -> None:
    clock = Clock(client)
    headers = bearer(session["accessToken"])
    assert _ask_code(client, awa, headers).status_code == 202
    code = smtp.wait_for_code(NEW_EMAIL)
    wrong = _verify(client, awa, headers, wrong_code(code))
    assert wrong.status_code == 400
    assert wrong.json()["message"] == "Code de vérification incorrect ou expiré"
    malformed = _verify(client, awa, headers, "12ab")
    assert malformed.status_code == 400
    assert malformed.json()["message"] == "Veuillez entrer un code de vérification à 6 chiffres"
    clock.advance(minutes=11)
    expired = _verify(client, awa, headers, code)
    assert expired.status_code == 400
    db.expire_all()
    assert db.get(User, awa.id).email == awa.email  # type: ignore[union-attr]


def test_email_change_refusals(
    client: TestClient, db: Session, awa: User, session: dict[str, Any], smtp: SmtpServer
) -> None:
    make_user(db, "binta", "binta@example.bf")
    headers = bearer(session["accessToken"])
    taken = _ask_code(client, awa, headers, newEmail="binta@example.bf")
    assert taken.status_code == 400
    assert taken.json()["message"] == "Adresse email invalide ou déjà utilisée"
    assert smtp.messages_to("binta@example.bf") == []
    wrong_password = _ask_code(client, awa, headers, password="pas-le-bon")
    assert (wrong_password.status_code, wrong_password.json()["field"]) == (400, "password")
    invalid = _ask_code(client, awa, headers, newEmail="pas une adresse")
    assert invalid.json()["message"] == "Veuillez entrer une adresse email valide"
    same = _ask_code(client, awa, headers, newEmail=awa.email)
    assert same.status_code == 400
    assert smtp.inbox.messages == []
    assert _ask_code(client, awa, headers).status_code == 202
    again = _ask_code(client, awa, headers)  # the 60 s wait of the sign-up code
    assert again.status_code == 429


def test_an_address_taken_meanwhile_is_refused_at_the_code(
    client: TestClient, db: Session, awa: User, session: dict[str, Any], smtp: SmtpServer
) -> None:
    headers = bearer(session["accessToken"])
    assert _ask_code(client, awa, headers).status_code == 202
    code = smtp.wait_for_code(NEW_EMAIL)
    make_user(db, "other", NEW_EMAIL)
    refused = _verify(client, awa, headers, code)
    assert refused.status_code == 400
    assert refused.json()["message"] == "Adresse email invalide ou déjà utilisée"


def test_another_users_id_is_404_and_changes_nothing(
    client: TestClient, db: Session, awa: User, session: dict[str, Any], smtp: SmtpServer
) -> None:
    binta = make_user(db, "binta", "binta@example.bf")
    headers = bearer(session["accessToken"])
    for suffix, body in (
        ("/email-change", {"newEmail": NEW_EMAIL, "password": PASSWORD}),
        ("/email-change/verify", {"newEmail": NEW_EMAIL, "code": "123456"}),
        ("", PROFILE),
        ("/deletion-request", {"reason": "x"}),
    ):
        response = client.request(
            "PUT" if not suffix else "POST", _url(binta, suffix), json=body, headers=headers
        )
        assert response.status_code == 404, (suffix, response.text)
    assert smtp.inbox.messages == []
    db.expire_all()
    stored = db.get(User, binta.id)
    assert stored is not None and stored.email == "binta@example.bf"
    assert db.exec(select(DeletionRequest)).all() == []
    assert db.exec(select(UserPhone)).all() == []


# --- deletion and the purge -----------------------------------------------------------------------


def test_deletion_request_signs_out_every_session(
    client: TestClient, db: Session, awa: User
) -> None:
    mine, other = login(client), login(client)
    headers = bearer(mine["accessToken"])
    response = client.post(
        _url(awa, "/deletion-request"), json={"reason": "Je déménage"}, headers=headers
    )
    assert response.status_code == 201, response.text
    request = response.json()
    assert request["status"] == "pending"
    db.expire_all()
    stored = db.exec(select(DeletionRequest)).one()
    assert stored.purge_after is not None
    grace = as_utc(stored.purge_after) - as_utc(stored.created_at)
    assert grace == timedelta(days=30)
    for tokens in (mine, other):
        assert client.get(_url(awa), headers=bearer(tokens["accessToken"])).status_code == 401
        refreshed = client.post(
            f"{API}/auth/refresh", json={"refreshToken": tokens["refreshToken"]}
        )
        assert refreshed.status_code == 401


def _order(db: Session, user: User) -> Order:
    order = Order(
        number="CMD-PURGE-1",
        user_id=user.id,  # type: ignore[arg-type]
        total=Decimal("4500"),
        address={
            "streetAddress": "Rue 12.34, porte 5",
            "apartment": "Villa 3",
            "city": "Ouagadougou",
            "postalCode": "01 BP 1",
            "country": "Burkina Faso",
            "latitude": 12.37,
            "longitude": -1.52,
        },
        instructions={
            "recipientFirstName": "Awa",
            "recipientLastName": "Ouedraogo",
            "phone": "+22670112233",
            "deliveryPreference": "door",
            "deliveryNotes": "Sonner deux fois",
        },
        created_at=utcnow(),
    )
    db.add(order)
    db.commit()
    return order


def test_purge_anonymises_the_account_and_keeps_its_orders_without_personal_data(
    client: TestClient, db: Session, awa: User, session: dict[str, Any]
) -> None:
    headers = bearer(session["accessToken"])
    assert client.put(_url(awa), json=PROFILE, headers=headers).status_code == 200
    settings = client.post(
        f"{API}/user/settings", json={"notifications": {"sms": True}}, headers=headers
    )
    assert settings.status_code == 200
    order = _order(db, awa)
    deletion = client.post(_url(awa, "/deletion-request"), json={}, headers=headers)
    assert deletion.status_code == 201
    now = utcnow()
    assert account_purge.purge_due_accounts(db, now) == 0  # the grace period runs
    later = now + timedelta(days=31)
    assert account_purge.purge_due_accounts(db, later) == 1

    db.expire_all()
    user = db.get(User, awa.id)
    assert user is not None
    assert (user.email, user.username) == (f"deleted-{awa.id}@invalid.example", f"deleted-{awa.id}")
    assert (user.first_name, user.last_name, user.date_of_birth, user.gender) == (
        "",
        "",
        None,
        None,
    )
    assert (user.is_active, user.deleted_at is not None) == (False, True)
    assert not accounts.verify_password(PASSWORD, user.password_hash)
    for model in (UserPhone, Address, RefreshToken):
        assert db.exec(select(model).where(col(model.user_id) == awa.id)).all() == []
    assert db.get(UserSettings, awa.id) is None
    kept = db.get(Order, order.id)
    assert kept is not None and kept.total == Decimal("4500")
    assert kept.address == {"city": "Ouagadougou", "country": "Burkina Faso"}
    assert kept.instructions == {"deliveryPreference": "door"}
    assert db.exec(select(DeletionRequest)).one().purged_at is not None
    failed = client.post(f"{API}/auth/login", json={"username": "awa", "password": PASSWORD})
    assert failed.status_code == 401

    # Twice is a no-op.
    assert account_purge.purge_due_accounts(db, later + timedelta(days=1)) == 0


def test_purge_command_prints_how_many_accounts_it_purged(
    client: TestClient,
    db: Session,
    awa: User,
    session: dict[str, Any],
    capsys: pytest.CaptureFixture[str],
) -> None:
    headers = bearer(session["accessToken"])
    assert client.post(_url(awa, "/deletion-request"), json={}, headers=headers).status_code == 201
    db.expire_all()
    request = db.exec(select(DeletionRequest)).one()
    request.purge_after = utcnow() - timedelta(minutes=1)
    db.add(request)
    db.commit()
    assert cli.main(["purge-accounts"]) == 0
    assert cli.main(["purge-accounts"]) == 0
    assert capsys.readouterr().out.splitlines() == ["1 account(s) purged", "0 account(s) purged"]
    db.expire_all()
    assert db.get(User, awa.id).is_active is False  # type: ignore[union-attr]
