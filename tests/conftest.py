"""Shared fixtures: a real database (SQLite, and PostgreSQL when reachable) and an API client."""

from __future__ import annotations

import gc
import os
import socket
import uuid
from collections.abc import Iterator
from pathlib import Path

import pytest
import sqlalchemy as sa
from fastapi.testclient import TestClient
from hypothesis import settings
from sqlmodel import Session, SQLModel

import grocer.models  # noqa: F401  (registers every table)
from grocer import db as grocer_db
from grocer import settings as grocer_settings
from grocer.models.search import PG_DATA_TABLES
from tests.support.databases import PG_ADMIN_URL, fresh_database

pytest_plugins = [
    "tests.fakes.providers",
    "tests.fakes.mobile_money",
    "tests.support.accounts",
    "tests.support.concurrency",
    "tests.support.smtp",
]

#: How many times a failed browser test is run again (see pytest_collection_modifyitems).
BROWSER_TEST_RERUNS = 1

# Property tests: no per-example deadline (a loaded machine's slow first call is not a bug),
# and on CI (CI=true) the same examples every run, so that a red CI is reproducible here.
settings.register_profile("grocer", deadline=None)
settings.register_profile("ci", parent=settings.get_profile("grocer"), derandomize=True)
settings.load_profile("ci" if os.environ.get("CI") else "grocer")


def postgres_reachable() -> bool:
    try:
        with socket.create_connection(("127.0.0.1", 5432), timeout=1):
            pass
        engine = sa.create_engine(PG_ADMIN_URL)
        with engine.connect():
            pass
        engine.dispose()
        return True
    except Exception:
        return False


PG_AVAILABLE = postgres_reachable()
PG_SKIP_REASON = "PostgreSQL is not reachable on 127.0.0.1:5432 (user postgres, trust auth)"


@pytest.fixture(scope="session")
def pg_database_url() -> Iterator[str]:
    """A throw-away PostgreSQL database for this test session."""
    if not PG_AVAILABLE:
        pytest.skip(PG_SKIP_REASON)
    with fresh_database("postgresql", Path(), "grocer_test") as url:
        engine = sa.create_engine(url)
        SQLModel.metadata.create_all(engine)
        engine.dispose()
        yield url


@pytest.fixture(autouse=True)
def _isolated_settings(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Iterator[None]:
    """Every test gets its own data folder, outbox and JWT secret; no real SMTP unless set."""
    monkeypatch.setenv("GROCER_JWT_SECRET", "test-secret-" + uuid.uuid4().hex)
    monkeypatch.setenv("GROCER_OUTBOX_DIR", str(tmp_path / "outbox"))
    monkeypatch.delenv("GROCER_SMTP_HOST", raising=False)
    monkeypatch.setenv("REFLEX_DB_URL", f"sqlite:///{tmp_path / 'test.db'}")
    grocer_settings.get_settings.cache_clear()
    grocer_db.reset_engine()
    yield
    grocer_db.reset_engine()
    grocer_settings.get_settings.cache_clear()


@pytest.fixture(params=["sqlite", "postgresql"])
def database(
    request: pytest.FixtureRequest, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> Iterator[sa.Engine]:
    """A fresh, empty schema on SQLite and on PostgreSQL; yields the shop's engine."""
    if request.param == "postgresql":
        url = request.getfixturevalue("pg_database_url")
        monkeypatch.setenv("REFLEX_DB_URL", url)
        grocer_settings.get_settings.cache_clear()
        grocer_db.reset_engine()
        engine = grocer_db.get_engine()
        tables = [t.name for t in SQLModel.metadata.sorted_tables] + list(PG_DATA_TABLES)
        names = ", ".join(f'"{name}"' for name in tables)
        with engine.begin() as conn:
            conn.execute(sa.text(f"TRUNCATE {names} RESTART IDENTITY CASCADE"))
    else:
        engine = grocer_db.get_engine()
        SQLModel.metadata.create_all(engine)
    yield engine


@pytest.fixture
def db(database: sa.Engine) -> Iterator[Session]:
    with Session(database, expire_on_commit=False) as session:
        yield session


@pytest.fixture
def client(database: sa.Engine) -> Iterator[TestClient]:
    """The REST API over httpx, on the real database of the `database` fixture."""
    from grocer.api.app import create_api

    with TestClient(create_api()) as test_client:
        yield test_client


@pytest.fixture
def sqlite_db(tmp_path: Path) -> Iterator[Session]:
    """A SQLite-only session for tests of services that do not depend on the backend."""
    engine = grocer_db.get_engine()
    SQLModel.metadata.create_all(engine)
    with Session(engine, expire_on_commit=False) as session:
        yield session


def pytest_collection_modifyitems(config: pytest.Config, items: list[pytest.Item]) -> None:
    """Browser tests run last: Playwright's sync API keeps an event loop in the main thread,
    which would break the asyncio-based tests that follow it.

    A browser test that fails is run once more, in a new browser context, before it counts as
    failed: on a loaded two-core machine a page can miss a 15 s wait that it keeps every other
    time. A second failure fails the suite, and pytest's summary counts every rerun ("1 rerun"),
    so a test that needs one is seen and looked at, not hidden.
    """
    items.sort(key=lambda item: "/tests/e2e/" in str(item.path))
    for item in items:
        if "/tests/e2e/" in str(item.path):
            item.add_marker(pytest.mark.flaky(reruns=BROWSER_TEST_RERUNS))


def pytest_unconfigure(config: pytest.Config) -> None:
    """Nothing is left to collect once the session is over: freeze every object so that the
    interpreter's last garbage collection at exit skips them. The suite ends with a heap of about
    4 GB (`tests/api` alone: 3.7 GB), and that one collection walked all of it for 1.5–2
    minutes after the summary line (py-spy: `gc_collect_main` from the finalisation)."""
    gc.freeze()
