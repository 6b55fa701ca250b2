"""The settings that the shop enforces (001 §2 Settings, §4, §7, §9), through the REST API:
sign-in records and recent logins, the security alert e-mails (real SMTP on loopback), the
auto-logout limit on refresh, logout of the other devices, refused values."""

from __future__ import annotations

from collections.abc import Iterator
from datetime import timedelta
from email.header import decode_header, make_header
from typing import Any

import pytest
from fastapi.testclient import TestClient
from sqlmodel import Session

from grocer.models import LoginEvent, User
from grocer.models.base import utcnow
from grocer.services import login_records
from tests.support import API
from tests.support.accounts import (
    PASSWORD,
    Clock,
    bearer,
    bearer_for,
    login,
    make_user,
    stored_user,
)
from tests.support.api_clients import clients_by_peer
from tests.support.smtp import SmtpServer, body_text

pytestmark = pytest.mark.usefixtures("fresh_session_cache")

ANDROID_CHROME = (
    "Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 (KHTML, like Gecko) "
    "Chrome/124.0.0.0 Mobile Safari/537.36"
)
MAC_SAFARI = (
    "Mozilla/5.0 (Macintosh; Intel Mac OS X 14_4) AppleWebKit/605.1.15 (KHTML, like Gecko) "
    "Version/17.4 Safari/605.1.15"
)
BURKINA_IP = "41.138.96.1"
FRANCE_IP = "90.0.0.1"
NEW_LOGIN = "Nouvelle connexion à votre compte Grocer"
FAILED_LOGIN = "Échec de connexion à votre compte Grocer"
PASSWORD_CHANGED = "Votre mot de passe Grocer a été modifié"


@pytest.fixture
def user(db: Session) -> User:
    return make_user(db)


@pytest.fixture
def peers(database: Any) -> Iterator[Any]:
    with clients_by_peer() as make:
        yield make


def _sign_in(client: TestClient, agent: str = ANDROID_CHROME, password: str = PASSWORD) -> Any:
    return client.post(
        f"{API}/auth/login",
        json={"username": "awa", "password": password, "rememberMe": True},
        headers={"User-Agent": agent},
    )


def _logins(client: TestClient, session: dict[str, Any], user: User) -> list[dict[str, Any]]:
    response = client.get(f"{API}/user/logins/{user.id}", headers=bearer(session["accessToken"]))
    assert response.status_code == 200, response.text
    return response.json()


def _save(client: TestClient, session: dict[str, Any], payload: dict[str, Any]) -> Any:
    return client.post(f"{API}/user/settings", json=payload, headers=bearer(session["accessToken"]))


def _subjects(smtp: SmtpServer, to: str) -> list[str]:
    login_records.LATER.wait()
    return [str(make_header(decode_header(m["Subject"]))) for m in smtp.messages_to(to)]


# --- sign-in records ---------------------------------------------------------------------------


@pytest.mark.usefixtures("offline_geo")
def test_a_sign_in_is_recorded_with_its_device_and_offline_country(peers: Any, user: User) -> None:
    client = peers(BURKINA_IP)
    session = _sign_in(client).json()
    login_records.LATER.wait()
    [row] = _logins(client, session, user)
    assert row["device"] == "Chrome · Android"
    assert row["country"] == "Burkina Faso"  # the offline database, with no service answering
    assert row["city"] == "" and row["region"] == ""
    assert row["current"] is True and row["success"] is True
    assert row["timezone"] == "Europe/Paris"


def test_the_ip_service_completes_city_and_region(peers: Any, user: User, fake_geo: Any) -> None:
    client = peers(BURKINA_IP)
    session = _sign_in(client).json()
    login_records.LATER.wait()
    [row] = _logins(client, session, user)
    assert (row["city"], row["region"], row["country"]) == ("Ouagadougou", "Centre", "Burkina Faso")
    assert row["place"] == "Ouagadougou, Centre, Burkina Faso"
    assert fake_geo.ipapi.asked_ips() == [BURKINA_IP]


@pytest.mark.usefixtures("offline_geo")
def test_recent_logins_keep_ten_mark_failures_and_this_session(peers: Any, user: User) -> None:
    client = peers(FRANCE_IP)
    assert _sign_in(client, password="wrong-password").status_code == 401
    for _ in range(10):
        session = _sign_in(client).json()
    rows = _logins(client, session, user)
    assert len(rows) == 10
    assert [r["current"] for r in rows] == [True] + [False] * 9
    assert all(r["success"] for r in rows)  # the failure is the 11th, out of the list
    other = peers(FRANCE_IP)
    assert _sign_in(other, password="wrong-password").status_code == 401
    newest = _logins(client, session, user)[0]
    assert newest["success"] is False and newest["current"] is False


def test_another_accounts_logins_answer_404(client: TestClient, db: Session) -> None:
    alice, bob = stored_user(db, "alice"), stored_user(db, "bob")
    response = client.get(f"{API}/user/logins/{bob.id}", headers=bearer_for(alice))
    assert response.status_code == 404


# --- alert e-mails -----------------------------------------------------------------------------


@pytest.mark.usefixtures("offline_geo")
def test_a_new_device_is_told_by_email_unless_switched_off(
    peers: Any, user: User, smtp: SmtpServer
) -> None:
    first = _sign_in(peers(BURKINA_IP)).json()
    assert _subjects(smtp, user.email) == []  # the account's first sign-in is not "new"
    _sign_in(peers(BURKINA_IP))
    assert _subjects(smtp, user.email) == []  # same device, same address
    _sign_in(peers(FRANCE_IP), MAC_SAFARI)
    assert _subjects(smtp, user.email) == [NEW_LOGIN]
    body = body_text(smtp.messages_to(user.email)[0])
    assert "Safari · macOS" in body and FRANCE_IP in body and "France" in body

    off = {"security": {"securityNotifications": {"newLogins": False}}}
    assert _save(peers(BURKINA_IP), first, off).status_code == 200
    _sign_in(peers("8.8.8.8"), MAC_SAFARI)
    assert _subjects(smtp, user.email) == [NEW_LOGIN]


@pytest.mark.usefixtures("offline_geo")
def test_failed_logins_are_told_once_per_half_hour_unless_off(
    peers: Any, user: User, smtp: SmtpServer, db: Session
) -> None:
    client = peers(FRANCE_IP)
    assert _sign_in(client, password="wrong-password").status_code == 401
    assert _sign_in(client, password="wrong-password").status_code == 401
    assert _subjects(smtp, user.email) == [FAILED_LOGIN]

    other = make_user(db, "binta", "binta@example.bf")
    session = login(client, "binta")
    off = {"security": {"securityNotifications": {"failedLogins": False}}}
    assert _save(client, session, off).status_code == 200
    wrong = {"username": "binta", "password": "wrong-password", "rememberMe": True}
    assert client.post(f"{API}/auth/login", json=wrong).status_code == 401
    assert _subjects(smtp, other.email) == []


@pytest.mark.usefixtures("offline_geo")
def test_a_password_change_is_told_unless_off(
    client: TestClient, user: User, smtp: SmtpServer
) -> None:
    session = login(client)
    change = {"currentPassword": PASSWORD, "newPassword": "another-secret"}
    headers = bearer(session["accessToken"])
    assert (
        client.put(f"{API}/users/{user.id}/password", json=change, headers=headers).status_code
        == 200
    )
    assert _subjects(smtp, user.email) == [PASSWORD_CHANGED]

    off = {"security": {"securityNotifications": {"passwordChanges": False}}}
    assert _save(client, session, off).status_code == 200
    back = {"currentPassword": "another-secret", "newPassword": PASSWORD}
    assert (
        client.put(f"{API}/users/{user.id}/password", json=back, headers=headers).status_code == 200
    )
    assert _subjects(smtp, user.email) == [PASSWORD_CHANGED]


# --- auto-logout on the server -------------------------------------------------------------------


def _refresh(client: TestClient, token: str) -> Any:
    return client.post(f"{API}/auth/refresh", json={"refreshToken": token})


@pytest.mark.usefixtures("offline_geo")
def test_refresh_is_refused_after_the_default_hour_unused(client: TestClient, user: User) -> None:
    clock = Clock(client)
    session = login(client)
    clock.advance(minutes=61)
    assert _refresh(client, session["refreshToken"]).status_code == 401


@pytest.mark.usefixtures("offline_geo")
def test_use_keeps_a_thirty_minute_session_alive_and_idleness_ends_it(
    client: TestClient, user: User
) -> None:
    clock = Clock(client)
    session = login(client)
    assert _save(client, session, {"session": {"autoLogoutMinutes": 30}}).status_code == 200
    token = session["refreshToken"]
    for _ in range(3):  # 87 minutes in all, never 30 unused
        clock.advance(minutes=29)
        answer = _refresh(client, token)
        assert answer.status_code == 200, answer.text
        token = answer.json()["refreshToken"]
    clock.advance(minutes=31)
    assert _refresh(client, token).status_code == 401
    clock.advance(minutes=0)
    assert _refresh(client, token).status_code == 401  # the session was ended, not just refused


# --- logout of the other devices ---------------------------------------------------------------


@pytest.mark.usefixtures("offline_geo")
def test_logout_others_ends_every_other_session_and_keeps_the_caller(
    peers: Any, user: User
) -> None:
    mine, theirs = peers(BURKINA_IP), peers(FRANCE_IP)
    here = _sign_in(mine).json()
    there = _sign_in(theirs, MAC_SAFARI).json()
    answer = mine.post(f"{API}/auth/logout-others", headers=bearer(here["accessToken"]))
    assert answer.status_code == 200, answer.text
    fresh = answer.json()
    me = f"{API}/users/me"
    assert theirs.get(me, headers=bearer(there["accessToken"])).status_code == 401
    assert _refresh(theirs, there["refreshToken"]).status_code == 401
    assert mine.get(me, headers=bearer(here["accessToken"])).status_code == 401
    assert mine.get(me, headers=bearer(fresh["accessToken"])).status_code == 200
    rows = _logins(mine, fresh, user)
    assert [(r["device"], r["current"]) for r in rows] == [
        ("Safari · macOS", False),
        ("Chrome · Android", True),
    ]
    assert _refresh(mine, fresh["refreshToken"]).status_code == 200


@pytest.mark.usefixtures("offline_geo")
def test_logout_all_ends_every_session(client: TestClient, user: User) -> None:
    one, two = login(client), login(client)
    answer = client.post(f"{API}/auth/logout-all", headers=bearer(one["accessToken"]))
    assert answer.status_code == 200
    for session in (one, two):
        assert (
            client.get(f"{API}/users/me", headers=bearer(session["accessToken"])).status_code == 401
        )
        assert _refresh(client, session["refreshToken"]).status_code == 401


# --- refused values -----------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("payload", "field"),
    [
        ({"session": {"autoLogoutMinutes": 45}}, "session.autoLogoutMinutes"),
        ({"session": {"autoLogoutMinutes": "60"}}, "session.autoLogoutMinutes"),
        ({"languageAndRegion": {"timezone": "Mars/Olympus"}}, "languageAndRegion.timezone"),
        ({"languageAndRegion": {"language": "it"}}, "languageAndRegion.language"),
        ({"languageAndRegion": {"currency": "GBP"}}, "languageAndRegion.currency"),
        ({"notifications": {"email": "yes"}}, "notifications.email"),
        (
            {"security": {"securityNotifications": {"newLogins": 1}}},
            "security.securityNotifications.newLogins",
        ),
        ({"privacy": "public"}, "privacy"),
    ],
)
def test_bad_settings_answer_400_with_a_message(
    client: TestClient, db: Session, payload: dict[str, Any], field: str
) -> None:
    alice = stored_user(db, "alice")
    before = client.get(f"{API}/user/settings/{alice.id}", headers=bearer_for(alice)).json()
    response = client.post(f"{API}/user/settings", json=payload, headers=bearer_for(alice))
    assert response.status_code == 400
    body = response.json()
    assert body["field"] == field and body["message"]
    after = client.get(f"{API}/user/settings/{alice.id}", headers=bearer_for(alice)).json()
    assert after == before


@pytest.mark.usefixtures("offline_geo")
def test_records_older_than_half_a_year_go(client: TestClient, db: Session, user: User) -> None:
    old = utcnow() - login_records.KEEP_FOR - timedelta(days=1)
    db.add(LoginEvent(user_id=user.id, created_at=old, device="Opera · Windows"))
    db.commit()
    session = login(client)
    assert [r["device"] for r in _logins(client, session, user)] == [""]
