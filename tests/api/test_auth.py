"""/auth: sign-in, refresh rotation and reuse, logout, forgot password by e-mailed code."""

from __future__ import annotations

import hashlib

import jwt
import pytest
from fastapi.testclient import TestClient
from sqlmodel import Session, select

from grocer.models import OtpChallenge, RefreshToken, User
from grocer.models.base import utcnow
from grocer.services import accounts
from grocer.services.errors import InvalidCredentials, ValidationFailed
from grocer.settings import get_settings
from tests.support import API
from tests.support.accounts import (
    PASSWORD,
    Clock,
    bearer,
    login,
    make_user,
    outbox_code,
    wrong_code,
)

WRONG = "Nom d'utilisateur ou mot de passe incorrect"
EMAIL = "awa.ouedraogo@example.bf"


@pytest.fixture
def user(db: Session) -> User:
    return make_user(db)


def _refresh(client: TestClient, token: str | None) -> tuple[int, dict]:
    response = client.post(f"{API}/auth/refresh", json={"refreshToken": token})
    return response.status_code, response.json()


# --- login ------------------------------------------------------------------------------------


def test_login_by_username_answers_tokens_and_user_info(
    client: TestClient, db: Session, user: User
) -> None:
    body = login(client)
    assert body["tokenType"] == "Bearer"
    assert body["expiresIn"] == 900
    assert body["refreshExpiresIn"] == 30 * 24 * 3600
    assert len(body["refreshToken"]) >= 43
    assert body["userInfo"] == {
        "id": user.id,
        "userId": user.id,
        "username": "awa",
        "firstName": "Awa",
        "lastName": "Ouedraogo",
        "email": EMAIL,
        "roles": ["consumer"],
        "emailVerified": False,
    }
    key = get_settings().token_signing_key
    claims = jwt.decode(body["accessToken"], key, algorithms=["HS256"])
    assert claims["exp"] - claims["iat"] <= 15 * 60
    assert claims["sub"] == str(user.id)
    db.expire_all()
    assert db.get(User, user.id).last_login is not None  # type: ignore[union-attr]
    me = client.get(f"{API}/users/me", headers=bearer(body["accessToken"]))
    assert me.status_code == 200 and me.json()["username"] == "awa"


def test_login_by_email_is_case_insensitive_and_remember_me_off_is_one_day(
    client: TestClient, user: User
) -> None:
    body = login(client, "  AWA.Ouedraogo@Example.BF ", remember=False)
    assert body["userInfo"]["id"] == user.id
    assert body["refreshExpiresIn"] == 24 * 3600


def test_refresh_token_is_stored_hashed_only(client: TestClient, db: Session, user: User) -> None:
    raw = login(client)["refreshToken"]
    rows = db.exec(select(RefreshToken)).all()
    assert [r.token_hash for r in rows] == [hashlib.sha256(raw.encode()).hexdigest()]
    assert all(raw not in (r.token_hash, r.family_id) for r in rows)


@pytest.mark.parametrize(
    ("username", "password"), [("awa", "wrong-password"), ("nobody", PASSWORD), (EMAIL, "x" * 100)]
)
def test_wrong_credentials_answer_401(
    client: TestClient, user: User, username: str, password: str
) -> None:
    response = client.post(f"{API}/auth/login", json={"username": username, "password": password})
    assert response.status_code == 401
    assert response.json()["message"] == WRONG


@pytest.mark.parametrize(
    "payload",
    [
        {},
        {"username": "awa"},
        {"username": "", "password": PASSWORD},
        {"username": "   ", "password": PASSWORD},
    ],
)
def test_missing_fields_answer_400_fill_all_fields(
    client: TestClient, user: User, payload: dict
) -> None:
    response = client.post(f"{API}/auth/login", json=payload)
    assert response.status_code == 400
    assert response.json()["message"] == "Veuillez remplir tous les champs"


@pytest.mark.parametrize(
    ("payload", "message"),
    [
        ({"username": "aw", "password": PASSWORD}, "Le nom d'utilisateur doit contenir au moins 3"),
        ({"username": "awa", "password": "12345"}, "Le mot de passe doit contenir au moins 6"),
    ],
)
def test_the_api_applies_the_sign_in_dialogs_lengths(
    client: TestClient, user: User, payload: dict, message: str
) -> None:
    """One rule for both faces (000 §5): what the dialog refuses, the API refuses (400, the
    spec's message) rather than counting it as a wrong password."""
    response = client.post(f"{API}/auth/login", json=payload)
    assert response.status_code == 400
    assert response.json()["message"].startswith(message)


@pytest.mark.parametrize(
    "payload",
    [
        {"username": 123, "password": PASSWORD},
        {"username": ["awa"], "password": PASSWORD},
        {"username": "awa", "password": PASSWORD, "rememberMe": "maybe"},
        {"username": "a" * 10_000, "password": PASSWORD},
        {"username": "awa", "password": "p" * 10_000},
        {"username": "awa\u0000", "password": PASSWORD},  # PostgreSQL refuses NUL
    ],
)
def test_malformed_login_bodies_answer_400(client: TestClient, user: User, payload: dict) -> None:
    assert client.post(f"{API}/auth/login", json=payload).status_code == 400


def test_login_body_that_is_not_json_answers_400(client: TestClient) -> None:
    response = client.post(
        f"{API}/auth/login", content=b"not json", headers={"Content-Type": "application/json"}
    )
    assert response.status_code == 400


def test_inactive_account_answers_403_only_with_the_right_password(
    client: TestClient, db: Session, user: User
) -> None:
    user.is_active = False
    db.add(user)
    db.commit()
    payload = {"username": "awa", "password": PASSWORD}
    assert client.post(f"{API}/auth/login", json=payload).status_code == 403
    payload["password"] = "wrong-password"
    assert client.post(f"{API}/auth/login", json=payload).status_code == 401


def test_failed_logins_throttle_the_account_from_this_address_for_15_minutes(
    client: TestClient, user: User
) -> None:
    clock = Clock(client)
    bad = {"username": "awa", "password": "wrong-password"}
    for _ in range(accounts.LOGIN_FAILS_PER_PAIR):
        clock.advance(seconds=accounts.LOGIN_DELAY_MAX_SECONDS)  # past the account's delay
        assert client.post(f"{API}/auth/login", json=bad).status_code == 401
    clock.advance(seconds=accounts.LOGIN_DELAY_MAX_SECONDS)
    locked = client.post(f"{API}/auth/login", json={"username": "awa", "password": PASSWORD})
    assert locked.status_code == 429
    assert 0 < int(locked.headers["Retry-After"]) <= 15 * 60
    # The pair counts the account whichever identifier is used.
    by_email = client.post(f"{API}/auth/login", json={"username": EMAIL, "password": PASSWORD})
    assert by_email.status_code == 429
    clock.advance(minutes=15, seconds=1)
    again = client.post(f"{API}/auth/login", json={"username": "awa", "password": PASSWORD})
    assert again.status_code == 200


def test_failed_logins_are_limited_per_ip(client: TestClient, user: User) -> None:
    for i in range(accounts.LOGIN_FAILS_PER_IP):
        bad = {"username": f"ghost{i}", "password": "wrong-password"}
        assert client.post(f"{API}/auth/login", json=bad).status_code == 401
    response = client.post(f"{API}/auth/login", json={"username": "awa", "password": PASSWORD})
    assert response.status_code == 429
    assert "Retry-After" in response.headers


# --- refresh, logout --------------------------------------------------------------------------


def test_refresh_rotates_the_token(client: TestClient, user: User) -> None:
    first = login(client)
    status, second = _refresh(client, first["refreshToken"])
    assert status == 200
    assert set(second) == {
        "accessToken",
        "refreshToken",
        "tokenType",
        "expiresIn",
        "refreshExpiresIn",
    }
    assert second["refreshToken"] != first["refreshToken"]
    assert second["refreshExpiresIn"] == first["refreshExpiresIn"]
    assert client.get(f"{API}/users/me", headers=bearer(second["accessToken"])).status_code == 200
    status, third = _refresh(client, second["refreshToken"])
    assert status == 200


def test_reusing_a_refresh_token_revokes_its_whole_family(
    client: TestClient, db: Session, user: User
) -> None:
    stolen = login(client)["refreshToken"]
    other_session = login(client)["refreshToken"]
    _, rotated = _refresh(client, stolen)
    status, body = _refresh(client, stolen)  # replay of a used token
    assert status == 401
    assert "message" in body
    assert _refresh(client, rotated["refreshToken"])[0] == 401  # the newer one died too
    assert _refresh(client, other_session)[0] == 200  # another sign-in is untouched
    db.expire_all()
    replayed = db.exec(
        select(RefreshToken).where(
            RefreshToken.token_hash == hashlib.sha256(stolen.encode()).hexdigest()
        )
    ).one()
    assert replayed.used_at is not None and replayed.revoked_at is not None


@pytest.mark.parametrize("token", [None, "", "   "])
def test_refresh_without_token_answers_400(client: TestClient, token: str | None) -> None:
    status, body = _refresh(client, token)
    assert status == 400
    assert body["message"] == "Aucun refresh token disponible"
    assert client.post(f"{API}/auth/refresh", json={}).status_code == 400


def test_unknown_or_expired_refresh_token_answers_401(client: TestClient, user: User) -> None:
    assert _refresh(client, "not-a-token")[0] == 401
    clock = Clock(client)
    token = login(client, remember=False)["refreshToken"]
    clock.advance(days=1, seconds=1)
    assert _refresh(client, token)[0] == 401


def test_remembered_session_outlives_a_day(client: TestClient, user: User) -> None:
    """With auto-logout "never" (the settings' default of 60 minutes ends an unused session
    sooner: tests/api/test_settings_enforced.py)."""
    clock = Clock(client)
    session = login(client)
    headers = {"Authorization": f"Bearer {session['accessToken']}"}
    saved = client.post(
        f"{API}/user/settings", json={"session": {"autoLogoutMinutes": None}}, headers=headers
    )
    assert saved.status_code == 200, saved.text
    clock.advance(days=29)
    assert _refresh(client, session["refreshToken"])[0] == 200


def test_refresh_of_a_deactivated_account_answers_403(
    client: TestClient, db: Session, user: User
) -> None:
    token = login(client)["refreshToken"]
    user.is_active = False
    db.add(user)
    db.commit()
    assert _refresh(client, token)[0] == 403


def test_logout_revokes_the_session(client: TestClient, user: User) -> None:
    session = login(client)
    response = client.post(f"{API}/auth/logout", json={"refreshToken": session["refreshToken"]})
    assert response.status_code == 200
    assert _refresh(client, session["refreshToken"])[0] == 401


@pytest.mark.parametrize("body", [{"refreshToken": "unknown"}, {}, {"refreshToken": None}])
def test_logout_with_unknown_or_missing_token_still_succeeds(
    client: TestClient, body: dict
) -> None:
    assert client.post(f"{API}/auth/logout", json=body).status_code == 200


def test_logout_all_revokes_every_session_of_the_user(
    client: TestClient, db: Session, user: User
) -> None:
    make_user(db, "binta", "binta@example.bf")
    first, second = login(client), login(client)
    someone_else = login(client, "binta")
    assert client.post(f"{API}/auth/logout-all").status_code == 401
    response = client.post(f"{API}/auth/logout-all", headers=bearer(first["accessToken"]))
    assert response.status_code == 200
    assert response.json()["revoked"] == 2
    assert _refresh(client, first["refreshToken"])[0] == 401
    assert _refresh(client, second["refreshToken"])[0] == 401
    assert _refresh(client, someone_else["refreshToken"])[0] == 200


# --- forgot password --------------------------------------------------------------------------


def _request_code(client: TestClient, address: str = EMAIL) -> int:
    return client.post(f"{API}/auth/request-otp", json={"email": address}).status_code


def _verify(client: TestClient, code: str, address: str = EMAIL) -> int:
    return client.post(f"{API}/auth/verify-otp", json={"email": address, "otp": code}).status_code


def _reset_token(client: TestClient, code: str, address: str = EMAIL) -> str:
    """Step 2 as the shop's client does it: the answer's single-use resetToken."""
    response = client.post(f"{API}/auth/verify-otp", json={"email": address, "otp": code})
    assert response.status_code == 200, response.text
    return response.json()["resetToken"]


def _reset(client: TestClient, **extra: str) -> int:
    body = {"email": EMAIL, "newPassword": "nouveau-secret", **extra}
    return client.post(f"{API}/auth/reset-password", json=body).status_code


def test_forgot_password_flow_resets_and_revokes_every_session(
    client: TestClient, db: Session, user: User
) -> None:
    sessions = [login(client), login(client, remember=False)]
    response = client.post(f"{API}/auth/request-otp", json={"email": EMAIL})
    assert response.status_code == 200
    assert response.json()["resendIn"] == 60
    code = outbox_code(EMAIL)
    challenge = db.exec(select(OtpChallenge)).one()
    assert len(challenge.code_hash) == 64 and code not in challenge.code_hash
    token = _reset_token(client, code)
    assert _reset(client, resetToken=token) == 200
    for session in sessions:
        assert _refresh(client, session["refreshToken"])[0] == 401
    old = client.post(f"{API}/auth/login", json={"username": "awa", "password": PASSWORD})
    assert old.status_code == 401
    assert login(client, "awa", "nouveau-secret")["userInfo"]["id"] == user.id
    assert _reset(client, resetToken=token) == 400  # the proof was used up


def test_reset_with_the_code_in_the_same_call(client: TestClient, user: User) -> None:
    assert _request_code(client) == 200
    code = outbox_code(EMAIL)
    assert _reset(client, otp=wrong_code(code)) == 400
    assert _reset(client, otp=code) == 200
    assert _reset(client, otp=code) == 400  # single use
    login(client, "awa", "nouveau-secret")


def test_reset_is_refused_on_the_email_alone(client: TestClient, user: User) -> None:
    assert _reset(client) == 400
    assert _request_code(client) == 200
    assert _reset(client) == 400  # a code was sent but never verified
    login(client)  # the password did not change


def test_reset_checks_the_new_password(client: TestClient, user: User) -> None:
    assert _request_code(client) == 200
    token = _reset_token(client, outbox_code(EMAIL))
    response = client.post(
        f"{API}/auth/reset-password",
        json={"email": EMAIL, "newPassword": "12345", "resetToken": token},
    )
    assert response.status_code == 400
    assert response.json()["message"] == "Le mot de passe doit contenir au moins 6 caractères"
    assert _reset(client, resetToken=token) == 200  # the proof survived the rejected attempt


def test_request_otp_for_unknown_or_malformed_email(client: TestClient, user: User) -> None:
    response = client.post(f"{API}/auth/request-otp", json={"email": "nobody@example.bf"})
    assert response.status_code == 404
    assert response.json()["message"] == "Email introuvable"
    assert _request_code(client, "not-an-email") == 400
    assert client.post(f"{API}/auth/request-otp", json={}).status_code == 400
    assert client.post(f"{API}/auth/request-otp", json={"email": 42}).status_code == 400


def test_new_code_waits_60_seconds(client: TestClient, user: User) -> None:
    clock = Clock(client)
    assert _request_code(client) == 200
    first = outbox_code(EMAIL)
    clock.advance(seconds=30)
    response = client.post(f"{API}/auth/request-otp", json={"email": EMAIL})
    assert response.status_code == 429
    assert response.headers["Retry-After"] == "30"
    clock.advance(seconds=30)
    assert _request_code(client) == 200
    second = outbox_code(EMAIL)
    if second != first:  # one in a million they match
        assert _verify(client, first) == 400  # the new code replaced the old one
    assert _verify(client, second) == 200


def test_sixth_try_is_refused_even_with_the_right_code(client: TestClient, user: User) -> None:
    assert _request_code(client) == 200
    code = outbox_code(EMAIL)
    for _ in range(5):
        response = client.post(
            f"{API}/auth/verify-otp", json={"email": EMAIL, "otp": wrong_code(code)}
        )
        assert response.status_code == 400
        assert response.json()["message"] == "Code incorrect ou expiré"
    sixth = client.post(f"{API}/auth/verify-otp", json={"email": EMAIL, "otp": code})
    assert sixth.status_code == 429
    assert sixth.json()["message"] == "Trop de tentatives, réessayez plus tard"
    assert _verify(client, code) == 429
    assert _reset(client, otp=code) == 429
    assert _reset(client) == 400
    login(client)  # the password did not change


def test_code_expires_after_10_minutes(client: TestClient, user: User) -> None:
    clock = Clock(client)
    assert _request_code(client) == 200
    code = outbox_code(EMAIL)
    clock.advance(minutes=10)
    assert _verify(client, code) == 400


def test_reset_token_expires_with_the_code(client: TestClient, user: User) -> None:
    clock = Clock(client)
    assert _request_code(client) == 200
    clock.advance(minutes=2)
    token = _reset_token(client, outbox_code(EMAIL))
    clock.advance(minutes=8)  # 10 minutes after the code was sent
    assert _reset(client, resetToken=token) == 400
    login(client)  # the password did not change


@pytest.mark.parametrize("code", ["", "12345", "1234567", "abcdef", "١٢٣٤٥٦"])
def test_malformed_codes_answer_400(client: TestClient, user: User, code: str) -> None:
    assert _request_code(client) == 200
    assert _verify(client, code) == 400


def test_sends_per_email_are_limited_per_hour(client: TestClient, user: User) -> None:
    clock = Clock(client)
    for _ in range(5):
        assert _request_code(client) == 200
        clock.advance(seconds=61)
    assert _request_code(client) == 429
    clock.advance(hours=1)
    assert _request_code(client) == 200


# --- sign-up codes ----------------------------------------------------------------------------


def test_send_otp_refuses_a_taken_or_malformed_email(client: TestClient, user: User) -> None:
    clock = Clock(client)
    for address in (EMAIL, EMAIL.upper(), "pas-un-email", "a b@example.bf"):
        clock.advance(seconds=61)  # a refused send to a taken address waits like a real one
        response = client.post(f"{API}/auth/send-otp", json={"email": address})
        assert response.status_code == 400
        assert response.json()["message"] == "Adresse email invalide ou déjà utilisée"


def test_send_otp_resend_within_60_seconds_answers_429(client: TestClient) -> None:
    address = "nouveau@example.bf"
    assert client.post(f"{API}/auth/send-otp", json={"email": address}).status_code == 200
    again = client.post(f"{API}/auth/send-otp", json={"email": address})
    assert again.status_code == 429
    assert again.json()["message"] == "Trop de tentatives. Veuillez attendre avant de réessayer"
    assert int(again.headers["Retry-After"]) in range(59, 61)


@pytest.mark.parametrize("field", ["code", "otp"])
def test_verify_signup_otp_reads_code_or_otp(client: TestClient, field: str) -> None:
    address = "nouveau@example.bf"
    assert client.post(f"{API}/auth/send-otp", json={"email": address}).status_code == 200
    code = outbox_code(address)
    url = f"{API}/auth/verify-signup-otp"
    wrong = client.post(url, json={"email": address, field: wrong_code(code)})
    assert wrong.status_code == 400
    assert wrong.json()["message"] == "Code de vérification incorrect ou expiré"
    assert client.post(url, json={"email": address, field: code}).status_code == 200
    # A reset code is not a sign-up code and vice versa.
    assert _verify(client, code, address) == 400


def test_services_refuse_nul_characters_without_reaching_sql(db: Session, user: User) -> None:
    """The Reflex states call the services directly, without the API's schema checks."""
    with pytest.raises(InvalidCredentials):
        accounts.login(db, "awa\x00", PASSWORD, utcnow())
    with pytest.raises(ValidationFailed):
        accounts.verify_reset_code(db, "awa\x00@example.bf", "123456", utcnow())
    with pytest.raises(ValidationFailed):
        accounts.update_profile(db, user, user.id, {"first_name": "A\x00"}, utcnow())
