"""Accounts for the tests: factories, the REST sign-up and sign-in, the API's clock.

A pytest plugin (tests/conftest.py lists it): its fixtures need no import. `fast_bcrypt` is
autouse, so every test hashes passwords at bcrypt's lowest cost; `fresh_session_cache` is for
the modules that count on an empty revocation cache (`pytest.mark.usefixtures`).

Two kinds of users: `make_user` creates a real account through the accounts service (a genuine
password hash: sign-in works), `stored_user` only stores a row, for tests that mint tokens
(`bearer_for`) and never sign in.
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
from grocer.services import accounts, tokens
from grocer.settings import get_settings
from tests.support import API

PASSWORD = "secret123"
#: the fields an address needs (spec 001 §7)
VALID_ADDRESS: dict[str, Any] = {
    "streetAddress": "Avenue Kwame Nkrumah",
    "city": "Ouagadougou",
    "country": "Burkina Faso",
}
_CODE = re.compile(r"\b(\d{6})\b")


@pytest.fixture(autouse=True)
def fast_bcrypt(monkeypatch: pytest.MonkeyPatch) -> Iterator[None]:
    """bcrypt at its lowest cost (GROCER_BCRYPT_ROUNDS is read at hashing time)."""
    monkeypatch.setenv(accounts.BCRYPT_ROUNDS_ENV, "4")
    yield


@pytest.fixture
def fresh_session_cache() -> Iterator[None]:
    """An empty cache of live sessions before and after the test: user ids restart at 1 in
    every test database, so no answer may carry over."""
    tokens.LIVE_SESSIONS.clear()
    yield
    tokens.LIVE_SESSIONS.clear()


class Clock:
    """The API's clock (the `utcnow` dependency), frozen and moved by hand."""

    def __init__(self, client: TestClient) -> None:
        self.now = utcnow()
        client.app.dependency_overrides[utcnow] = lambda: self.now  # type: ignore[attr-defined]

    def advance(self, **delta: float) -> datetime:
        self.now += timedelta(**delta)
        return self.now


# --- users -------------------------------------------------------------------------------------


def make_user(
    db: Session,
    username: str = "awa",
    email_address: str = "awa.ouedraogo@example.bf",
    password: str = PASSWORD,
    **kw: Any,
) -> User:
    """A real account, created by the accounts service (it can sign in)."""
    return accounts.create_user(
        db, username=username, email=email_address, password=password, now=utcnow(), **kw
    )


def stored_user(db: Session, name: str, roles: list[str] | None = None) -> User:
    """A stored, active account without a usable password: its tokens are minted
    (`bearer_for`), it never signs in."""
    user = User(
        username=name,
        email=f"{name}@example.bf",
        password_hash="not-a-real-hash",
        roles=roles if roles is not None else ["consumer"],
        registration_date=utcnow(),
    )
    db.add(user)
    db.commit()
    db.refresh(user)
    return user


def bearer(token: str) -> dict[str, str]:
    return {"Authorization": f"Bearer {token}"}


def bearer_for(user: User) -> dict[str, str]:
    """The headers of a request signed in as `user` (an access token minted now)."""
    assert user.id is not None
    return bearer(tokens.create_access_token(user.id, list(user.roles or []), utcnow()))


# --- the REST flows -----------------------------------------------------------------------------


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
