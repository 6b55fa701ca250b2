"""Codes delivered over real SMTP (aiosmtpd on loopback), read back from the received message."""

from __future__ import annotations

from email.header import decode_header, make_header

import pytest
from fastapi.testclient import TestClient
from sqlmodel import Session

from grocer.services.errors import DeliveryFailed
from grocer.settings import get_settings
from tests.support import API
from tests.support.accounts import PASSWORD, login, make_user, outbox_code
from tests.support.smtp import SmtpServer, free_port

EMAIL = "awa.ouedraogo@example.bf"


def _subject(server: SmtpServer, to: str) -> str:
    """The decoded subject of the first message received for `to` (French is RFC 2047 encoded)."""
    return str(make_header(decode_header(server.messages_to(to)[0]["Subject"])))


def test_password_reset_with_a_code_received_by_smtp(
    client: TestClient, db: Session, smtp: SmtpServer, caplog: pytest.LogCaptureFixture
) -> None:
    make_user(db, email_address=EMAIL)
    caplog.set_level("DEBUG", logger="grocer")
    assert client.post(f"{API}/auth/request-otp", json={"email": EMAIL}).status_code == 200
    assert _subject(smtp, EMAIL) == "Réinitialisation de votre mot de passe Grocer"
    code = smtp.wait_for_code(EMAIL)
    verified = client.post(f"{API}/auth/verify-otp", json={"email": EMAIL, "otp": code})
    assert verified.status_code == 200
    assert code not in caplog.text  # SMTP mode logs no secret
    token = verified.json()["resetToken"]
    assert token not in caplog.text
    reset = client.post(
        f"{API}/auth/reset-password",
        json={"email": EMAIL, "newPassword": "nouveau-secret", "resetToken": token},
    )
    assert reset.status_code == 200
    assert login(client, "awa", "nouveau-secret")["userInfo"]["email"] == EMAIL
    assert not list(get_settings().outbox_dir.glob("*.eml"))  # SMTP mode writes no outbox


def test_sign_up_with_a_code_received_by_smtp(client: TestClient, smtp: SmtpServer) -> None:
    address = "jean.dupont@example.bf"
    assert client.post(f"{API}/auth/send-otp", json={"email": address}).status_code == 200
    assert _subject(smtp, address) == "Votre code de vérification Grocer"
    code = smtp.wait_for_code(address)
    verified = client.post(f"{API}/auth/verify-signup-otp", json={"email": address, "code": code})
    assert verified.status_code == 200
    body = {
        "email": address,
        "verificationToken": verified.json()["verificationToken"],
        "password": PASSWORD,
        "phones": [{"countryCode": "+226", "number": "70123456"}],
        "dateOfBirth": None,
        "roles": ["consumer"],
    }
    registered = client.post(f"{API}/users/register", json=body)
    assert registered.status_code == 201
    info = registered.json()["userInfo"]
    assert (info["firstName"], info["lastName"], info["emailVerified"]) == ("Jean", "Dupont", True)


def test_english_speaking_browser_gets_an_english_email(
    client: TestClient, smtp: SmtpServer
) -> None:
    address = "john@example.com"
    headers = {"Accept-Language": "en-GB,en;q=0.9,fr;q=0.5"}
    client.post(f"{API}/auth/send-otp", json={"email": address}, headers=headers)
    smtp.wait_for_code(address)
    assert _subject(smtp, address) == "Your Grocer verification code"


def test_unreachable_smtp_server_answers_502_and_allows_an_immediate_retry(
    client: TestClient, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setenv("GROCER_SMTP_HOST", "127.0.0.1")
    monkeypatch.setenv("GROCER_SMTP_PORT", str(free_port()))  # nothing listens there
    monkeypatch.setenv("GROCER_SMTP_STARTTLS", "false")
    get_settings.cache_clear()
    address = "jean.dupont@example.bf"
    for _ in range(2):  # no 60 s wait: the undelivered code was dropped
        response = client.post(f"{API}/auth/send-otp", json={"email": address})
        assert response.status_code == 502
        assert response.json()["message"] == DeliveryFailed.message


def test_outbox_mode_writes_an_eml_and_logs_where_but_never_the_code(
    client: TestClient, caplog: pytest.LogCaptureFixture
) -> None:
    address = "jean.dupont@example.bf"
    with caplog.at_level("DEBUG", logger="grocer"):
        assert client.post(f"{API}/auth/send-otp", json={"email": address}).status_code == 200
    files = list(get_settings().outbox_dir.glob("*.eml"))
    assert len(files) == 1
    assert files[0].stat().st_mode & 0o777 == 0o600
    assert str(files[0]) in caplog.text
    code = outbox_code(address)
    assert code not in caplog.text
