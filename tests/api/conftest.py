"""Fixtures every REST test may ask for (the factories are in tests/support)."""

from __future__ import annotations

from urllib.parse import urlsplit

import pytest
from fastapi.testclient import TestClient
from sqlmodel import Session

from grocer.models import User
from tests.fakes.mobile_money import FakeMobileMoney
from tests.support.accounts import stored_user


@pytest.fixture
def alice(db: Session) -> User:
    """A stored shopper (tokens minted with `bearer_for`; no password)."""
    return stored_user(db, "alice")


@pytest.fixture
def provider(mobile_money: FakeMobileMoney, client: TestClient) -> FakeMobileMoney:
    """The fake provider, its callbacks delivered to the API under test (in process)."""

    def deliver(url: str, headers: dict[str, str], form: dict[str, str]) -> int:
        return client.post(urlsplit(url).path, data=form, headers=headers).status_code

    mobile_money.deliver = deliver
    return mobile_money
