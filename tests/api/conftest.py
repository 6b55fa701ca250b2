"""Fixtures every REST test may ask for (the factories are in tests/support)."""

from __future__ import annotations

import pytest
from sqlmodel import Session

from grocer.models import User
from tests.support.accounts import stored_user


@pytest.fixture
def alice(db: Session) -> User:
    """A stored shopper (tokens minted with `bearer_for`; no password)."""
    return stored_user(db, "alice")
