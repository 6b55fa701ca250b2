"""REST contract tests. Shared helpers of the account tests (auth, users, OTP over SMTP).

Test modules import `fast_bcrypt` (an autouse fixture: it applies to the importing module) so
that password hashing costs milliseconds, and `Clock` to move the API's clock without sleeping.
"""

from __future__ import annotations

import email
import re
from collections.abc import Iterator
from datetime import datetime, timedelta
from typing import Any

import pytest
from fastapi.testclient import TestClient
from sqlmodel import Session

from grocer.models import User
from grocer.models.base import utcnow
from grocer.services import accounts
from grocer.settings import get_settings

API = "/api/v1"
PASSWORD = "secret123"
_CODE = re.compile(r"\b(\d{6})\b")


@pytest.fixture(autouse=True)
def fast_bcrypt(monkeypatch: pytest.MonkeyPatch) -> Iterator[None]:
    """bcrypt at its lowest cost (GROCER_BCRYPT_ROUNDS is read at hashing time)."""
    monkeypatch.setenv(accounts.BCRYPT_ROUNDS_ENV, "4")
    yield


class Clock:
    """The API's clock (the `utcnow` dependency), frozen and moved by hand."""

    def __init__(self, client: TestClient) -> None:
        self.now = utcnow()
        client.app.dependency_overrides[utcnow] = lambda: self.now  # type: ignore[attr-defined]

    def advance(self, **delta: float) -> datetime:
        self.now += timedelta(**delta)
        return self.now


def make_user(
    db: Session,
    username: str = "awa",
    email_address: str = "awa.ouedraogo@example.bf",
    password: str = PASSWORD,
    **kw: Any,
) -> User:
    return accounts.create_user(
        db, username=username, email=email_address, password=password, now=utcnow(), **kw
    )


def bearer(token: str) -> dict[str, str]:
    return {"Authorization": f"Bearer {token}"}


def login(
    client: TestClient, username: str = "awa", password: str = PASSWORD, remember: bool = True
) -> dict[str, Any]:
    response = client.post(
        f"{API}/auth/login",
        json={"username": username, "password": password, "rememberMe": remember},
    )
    assert response.status_code == 200, response.text
    return response.json()


def outbox_code(to: str) -> str:
    """The code of the newest e-mail written to the outbox for `to` (outbox mode)."""
    for path in sorted(get_settings().outbox_dir.glob("*.eml"), reverse=True):
        message = email.message_from_bytes(path.read_bytes())
        if to.lower() in str(message["To"]).lower():
            payload = message.get_payload(decode=True)
            assert isinstance(payload, bytes)
            match = _CODE.search(payload.decode())
            assert match, "no code in the e-mail"
            return match.group(1)
    raise AssertionError(f"no e-mail for {to} in the outbox")


def wrong_code(code: str) -> str:
    return f"{(int(code) + 1) % 1_000_000:06d}"


def signup_token(client: TestClient, address: str) -> str:
    """Sign-up steps 1 and 2: the code by e-mail, then the verificationToken it is traded for."""
    assert client.post(f"{API}/auth/send-otp", json={"email": address}).status_code == 200
    code = outbox_code(address)
    verified = client.post(f"{API}/auth/verify-signup-otp", json={"email": address, "code": code})
    assert verified.status_code == 200, verified.text
    return verified.json()["verificationToken"]


def sign_up(client: TestClient, address: str, **payload: Any) -> dict[str, Any]:
    """The 4-step dialog's calls: send-otp, verify-signup-otp (its verificationToken), register.
    Returns the answer."""
    token = signup_token(client, address)
    body = {"email": address, "password": PASSWORD, "verificationToken": token, **payload}
    response = client.post(f"{API}/users/register", json=body)
    assert response.status_code == 201, response.text
    return response.json()
