"""Fixtures of the state tests (the harness they call is tests/support/state_harness.py)."""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

import pytest
from sqlmodel import Session

from grocer import testing_switches
from tests.support.state_harness import add_article, add_user


@pytest.fixture(autouse=True)
def _no_fault_switch(monkeypatch: pytest.MonkeyPatch) -> None:
    """Bag saves go through unless a test turns the e2e fault switch on itself."""
    monkeypatch.delenv(testing_switches.FAULT_CART_SAVE_ENV, raising=False)


@pytest.fixture
def shop(db: Session) -> Iterator[dict[str, Any]]:
    """Three articles (100, 200 and 300 XOF) and two accounts, Alice and Bob."""
    articles = [add_article(db, f"article-{i}", str(100 * (i + 1))) for i in range(3)]
    alice, bob = add_user(db, "alice"), add_user(db, "bob")
    yield {"articles": articles, "alice": alice, "bob": bob}
