"""Two-factor sign-in through the REST API (issue 15, 001 §9): a right password gives no token
but a challenge; the e-mailed code (a real SMTP server on loopback), the SMS written to the
outbox, the app's TOTP code (computed here with pyotp) or a recovery code finish it. Wrong,
replayed, expired and too many codes, and the setting's own rules and owner."""

from __future__ import annotations

import email
from datetime import datetime
from typing import Any

import pyotp
import pytest
from fastapi.testclient import TestClient
from sqlmodel import Session, select

from grocer.models import LoginEvent, User
from grocer.services import second_factor
from grocer.services.accounts import PhoneInput
from grocer.settings import get_settings
from tests.support import API
from tests.support.accounts import PASSWORD, Clock, bearer, bearer_for, make_user, wrong_code
from tests.support.smtp import SmtpServer

EMAIL = "awa.ouedraogo@example.bf"
WRONG = "Code de vérification incorrect ou expiré"


@pytest.fixture
def awa(db: Session) -> User:
    return make_user(db, email_address=EMAIL, email_verified=True)


def password_step(client: TestClient, username: str = "awa") -> Any:
    return client.post(
        f"{API}/auth/login",
        json={"username": username, "password": PASSWORD, "rememberMe": True},
    )


def challenge_of(client: TestClient, method: str, username: str = "awa") -> str:
    """Sign-in step 1: the password answers no token but a challenge for `method`."""
    response = password_step(client, username)
    assert response.status_code == 200, response.text
    body = response.json()
    assert body["twoFactorRequired"] is True and body["method"] == method
    assert "accessToken" not in body and "refreshToken" not in body
    return str(body["challenge"])


def second(client: TestClient, challenge: str, code: str) -> Any:
    return client.post(
        f"{API}/auth/login/second-factor", json={"challenge": challenge, "code": code}
    )


def choose(client: TestClient, user: User, method: str) -> Any:
    return client.put(f"{API}/user/two-factor", json={"method": method}, headers=bearer_for(user))


def signed_in(response: Any) -> dict[str, Any]:
    """The normal login answer: tokens that work, and userInfo."""
    assert response.status_code == 200, response.text
    body = response.json()
    assert body["userInfo"]["email"] == EMAIL
    me = bearer(body["accessToken"])
    return body | {"me": me}


def enrol_app(client: TestClient, user: User, now: datetime) -> tuple[str, list[str]]:
    """Enrol the app as a user would: read the secret shown, compute a code, confirm."""
    started = client.post(f"{API}/user/two-factor/app", headers=bearer_for(user))
    assert started.status_code == 200, started.text
    body = started.json()
    secret = body["secret"].replace(" ", "")
    assert body["otpauthUri"].startswith("otpauth://totp/Grocer:")
    assert body["qrCode"].startswith("data:image/svg+xml")
    code = pyotp.TOTP(secret).at(now)
    confirmed = client.post(
        f"{API}/user/two-factor/app/confirm", json={"code": code}, headers=bearer_for(user)
    )
    assert confirmed.status_code == 200, confirmed.text
    return secret, confirmed.json()["recoveryCodes"]


# --- e-mail ----------------------------------------------------------------------------------


def email_challenge(client: TestClient, user: User, smtp: SmtpServer) -> tuple[str, str]:
    """Codes by e-mail switched on, then the password step: its challenge and the code sent."""
    choose(client, user, "email")
    challenge = challenge_of(client, "email")
    return challenge, smtp.wait_for_code(EMAIL)


def test_email_code_signs_in_once(
    client: TestClient,
    db: Session,
    awa: User,
    smtp: SmtpServer,
    caplog: pytest.LogCaptureFixture,
) -> None:
    caplog.set_level("DEBUG", logger="grocer")
    assert choose(client, awa, "email").json()["method"] == "email"
    challenge = challenge_of(client, "email")
    code = smtp.wait_for_code(EMAIL)
    assert "connexion" in str(email.header.make_header(email.header.decode_header(
        smtp.messages_to(EMAIL)[-1]["Subject"]
    )))  # fmt: skip
    body = signed_in(second(client, challenge, code))
    assert client.get(f"{API}/user/two-factor", headers=body["me"]).json()["method"] == "email"
    assert code not in caplog.text and challenge not in caplog.text
    replay = second(client, challenge, code)
    assert replay.status_code == 400 and replay.json()["message"] == WRONG
    # The sign-in is recorded once, with its second factor (the recent logins).
    events = db.exec(select(LoginEvent).where(LoginEvent.user_id == awa.id)).all()
    assert [event.method for event in events] == ["email"]


def test_wrong_codes_then_429_and_they_count_as_failed_sign_ins(
    client: TestClient, awa: User, smtp: SmtpServer
) -> None:
    clock = Clock(client)
    challenge, code = email_challenge(client, awa, smtp)
    for _ in range(second_factor.MAX_ATTEMPTS):
        wrong = second(client, challenge, wrong_code(code))
        assert wrong.status_code == 400 and wrong.json()["message"] == WRONG
        clock.advance(seconds=31)  # past the account's growing delay
    sixth = second(client, challenge, code)
    assert sixth.status_code == 429
    assert sixth.json()["key"] == "security.errors.tooManyTries"
    # Five wrong codes at once are five failed sign-ins: the right password now waits too.
    fresh = challenge_of(client, "email")
    for _ in range(second_factor.MAX_ATTEMPTS):
        second(client, fresh, "000000" if code != "000000" else "111111")
    assert password_step(client).status_code == 429


def test_a_badly_typed_code_is_not_a_try(client: TestClient, awa: User, smtp: SmtpServer) -> None:
    choose(client, awa, "email")
    challenge = challenge_of(client, "email")
    for typed in ("", "12345", "abcdef", "1234567", "ABCDE-FGHJK"):
        response = second(client, challenge, typed)
        assert response.status_code == 400
        assert response.json()["key"] == "security.errors.codeFormat"
    signed_in(second(client, challenge, smtp.wait_for_code(EMAIL)))


def test_an_expired_or_unknown_challenge_is_refused(
    client: TestClient, awa: User, smtp: SmtpServer
) -> None:
    clock = Clock(client)
    challenge, code = email_challenge(client, awa, smtp)
    clock.advance(minutes=10, seconds=1)
    expired = second(client, challenge, code)
    assert expired.status_code == 400 and expired.json()["message"] == WRONG
    for forged in ("", "x" * 200, challenge[:-2] + "AA"):
        assert second(client, forged, code).status_code == 400


def test_resend_waits_60_s_and_replaces_the_code(
    client: TestClient, awa: User, smtp: SmtpServer
) -> None:
    clock = Clock(client)
    challenge, first = email_challenge(client, awa, smtp)
    resend = f"{API}/auth/login/second-factor/resend"
    early = client.post(resend, json={"challenge": challenge})
    assert early.status_code == 429 and early.json()["key"] == "security.errors.resendWait"
    clock.advance(seconds=61)
    count = len(smtp.messages_to(EMAIL))
    assert client.post(resend, json={"challenge": challenge}).status_code == 200
    fresh = smtp.wait_for_code(EMAIL, after=count)
    if fresh != first:
        assert second(client, challenge, first).status_code == 400
    signed_in(second(client, challenge, fresh))


def test_email_needs_a_verified_address(client: TestClient, db: Session) -> None:
    unverified = make_user(db, "moussa", "moussa@example.bf")
    refused = choose(client, unverified, "email")
    assert refused.status_code == 400
    assert refused.json()["key"] == "security.errors.emailNotVerified"
    assert (
        client.get(f"{API}/user/two-factor", headers=bearer_for(unverified)).json()["method"]
        == "disabled"
    )


# --- SMS through the outbox --------------------------------------------------------------------


def outbox_sms(phone: str) -> str:
    """The code of the newest SMS the outbox holds for `phone`."""
    for path in sorted(get_settings().outbox_dir.glob("*-sms-*.eml"), reverse=True):
        message = email.message_from_bytes(path.read_bytes())
        if message["To-Phone"] == phone:
            payload = message.get_payload(decode=True)
            assert isinstance(payload, bytes)
            text = payload.decode()
            return next(word for word in text.replace(".", " ").split() if word.isdigit())
    raise AssertionError(f"no SMS for {phone} in the outbox")


def test_sms_code_goes_through_the_outbox(client: TestClient, db: Session) -> None:
    user = make_user(db, email_address=EMAIL, phones=[PhoneInput("+226", "70123456")])
    assert choose(client, user, "sms").json()["method"] == "sms"
    challenge = challenge_of(client, "sms")
    assert not list(get_settings().outbox_dir.glob("*-login-code-*.eml"))  # not by e-mail
    signed_in(second(client, challenge, outbox_sms("+22670123456")))


def test_sms_needs_a_phone(client: TestClient, awa: User) -> None:
    refused = choose(client, awa, "sms")
    assert refused.status_code == 400 and refused.json()["key"] == "security.errors.noPhone"


def test_sms_without_a_phone_any_more_sends_the_code_by_email(
    client: TestClient, db: Session, smtp: SmtpServer
) -> None:
    user = make_user(db, email_address=EMAIL, phones=[PhoneInput("+226", "70123456")])
    choose(client, user, "sms")
    phones = client.put(f"{API}/users/{user.id}", json={"phones": []}, headers=bearer_for(user))
    assert phones.status_code == 200, phones.text
    challenge = challenge_of(client, "email")  # never a sign-in without a code
    signed_in(second(client, challenge, smtp.wait_for_code(EMAIL)))


# --- the authenticator app ---------------------------------------------------------------------


def test_app_enrolment_totp_sign_in_and_recovery_codes(
    client: TestClient, awa: User, smtp: SmtpServer
) -> None:
    clock = Clock(client)
    secret, codes = enrol_app(client, awa, clock.now)
    assert len(codes) == 10 and len(set(codes)) == 10
    status = client.get(f"{API}/user/two-factor", headers=bearer_for(awa)).json()
    assert status["method"] == "app" and status["recoveryCodesLeft"] == 10
    assert "secret" not in status  # never again after the enrolment

    clock.advance(seconds=60)
    challenge = challenge_of(client, "app")
    assert smtp.messages_to(EMAIL) == []  # the app sends nothing
    totp = pyotp.TOTP(secret).at(clock.now)
    signed_in(second(client, challenge, totp))
    # The same code again, on a new sign-in, is refused (it has been used).
    assert second(client, challenge_of(client, "app"), totp).status_code == 400

    # A recovery code, typed loosely, works once.
    recovery = codes[3]
    typed = recovery.lower().replace("-", " ")
    signed_in(second(client, challenge_of(client, "app"), typed))
    again = second(client, challenge_of(client, "app"), recovery)
    assert again.status_code == 400 and again.json()["message"] == WRONG
    left = client.get(f"{API}/user/two-factor", headers=bearer_for(awa)).json()
    assert left["recoveryCodesLeft"] == 9


def test_app_needs_a_right_code_before_it_is_on(client: TestClient, awa: User) -> None:
    clock = Clock(client)
    direct = choose(client, awa, "app")
    assert direct.status_code == 400
    assert direct.json()["key"] == "security.errors.appNeedsEnrolment"
    started = client.post(f"{API}/user/two-factor/app", headers=bearer_for(awa)).json()
    secret = started["secret"].replace(" ", "")
    far = pyotp.TOTP(secret).at(clock.now, counter_offset=3)  # outside the ±1 step window
    confirm = f"{API}/user/two-factor/app/confirm"
    refused = client.post(confirm, json={"code": far}, headers=bearer_for(awa))
    assert refused.status_code == 400 and refused.json()["message"] == WRONG
    assert client.get(f"{API}/user/two-factor", headers=bearer_for(awa)).json()["method"] == (
        "disabled"
    )
    assert password_step(client).json().get("accessToken")  # still a plain sign-in
    near = pyotp.TOTP(secret).at(clock.now, counter_offset=-1)  # one step late: accepted
    assert client.post(confirm, json={"code": near}, headers=bearer_for(awa)).status_code == 200


def test_the_setting_is_the_callers_only(client: TestClient, awa: User, db: Session) -> None:
    """Bob cannot confirm Alice's enrolment with her code, nor switch her method: the routes
    take no id, and an id in the body is ignored."""
    clock = Clock(client)
    bob = make_user(db, "bob", "bob@example.bf", email_verified=True)
    started = client.post(f"{API}/user/two-factor/app", headers=bearer_for(awa)).json()
    her_code = pyotp.TOTP(started["secret"].replace(" ", "")).at(clock.now)
    stolen = client.post(
        f"{API}/user/two-factor/app/confirm",
        json={"code": her_code, "userId": awa.id},
        headers=bearer_for(bob),
    )
    assert stolen.status_code == 400
    client.put(
        f"{API}/user/two-factor",
        json={"method": "email", "userId": awa.id},
        headers=bearer_for(bob),
    )
    assert client.get(f"{API}/user/two-factor", headers=bearer_for(awa)).json()["method"] == (
        "disabled"
    )
    assert client.get(f"{API}/user/two-factor", headers=bearer_for(bob)).json()["method"] == (
        "email"
    )


TWO_FACTOR_ROUTES = [
    ("GET", "/user/two-factor", None),
    ("PUT", "/user/two-factor", {"method": "email"}),
    ("POST", "/user/two-factor/app", None),
    ("POST", "/user/two-factor/app/confirm", {"code": "123456"}),
    ("POST", "/user/two-factor/disable", {"password": PASSWORD}),
]


@pytest.mark.parametrize(("method", "path", "body"), TWO_FACTOR_ROUTES)
def test_every_setting_route_needs_a_token(
    client: TestClient, method: str, path: str, body: dict[str, Any] | None
) -> None:
    response = client.request(method, API + path, json=body)
    assert response.status_code == 401


# --- switching off, and the generic settings save ----------------------------------------------


def test_disabling_needs_the_password(client: TestClient, awa: User, smtp: SmtpServer) -> None:
    choose(client, awa, "email")
    url = f"{API}/user/two-factor/disable"
    for body in ({}, {"password": "not-the-password"}):
        refused = client.post(url, json=body, headers=bearer_for(awa))
        assert refused.status_code == 400
    assert choose(client, awa, "disabled").status_code == 400
    done = client.post(url, json={"password": PASSWORD}, headers=bearer_for(awa))
    assert done.status_code == 200 and done.json()["method"] == "disabled"
    assert password_step(client).json()["accessToken"]


def test_the_app_can_be_switched_off_with_a_current_code(client: TestClient, awa: User) -> None:
    clock = Clock(client)
    secret, _codes = enrol_app(client, awa, clock.now)
    clock.advance(seconds=60)
    code = pyotp.TOTP(secret).at(clock.now)
    url = f"{API}/user/two-factor/disable"
    done = client.post(url, json={"code": code}, headers=bearer_for(awa))
    assert done.status_code == 200 and done.json()["appConfirmed"] is False


def test_the_generic_settings_save_cannot_change_the_method(client: TestClient, awa: User) -> None:
    url = f"{API}/user/settings"
    same = client.post(
        url, json={"security": {"twoFactorMethod": "disabled"}}, headers=bearer_for(awa)
    )
    assert same.status_code == 200
    for method in ("email", "app", "sms"):
        changed = client.post(
            url, json={"security": {"twoFactorMethod": method}}, headers=bearer_for(awa)
        )
        assert changed.status_code == 400
        assert changed.json()["key"] == "security.errors.readOnly"
    choose(client, awa, "email")
    off = client.post(
        url, json={"security": {"twoFactorMethod": "disabled"}}, headers=bearer_for(awa)
    )
    assert off.status_code == 400
    assert client.get(f"{API}/user/two-factor", headers=bearer_for(awa)).json()["method"] == "email"
