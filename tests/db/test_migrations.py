"""Every migration upgrades and downgrades cleanly, on SQLite and on PostgreSQL, and the
migrated schema is exactly what the models describe."""

from __future__ import annotations

import uuid
from collections.abc import Iterator
from pathlib import Path

import pytest
import sqlalchemy as sa
from alembic.autogenerate import compare_metadata
from alembic.migration import MigrationContext
from sqlmodel import SQLModel

from grocer import db as grocer_db
from grocer import migrations
from grocer import settings as grocer_settings
from tests.conftest import PG_ADMIN_URL, PG_AVAILABLE, PG_SKIP_REASON


@pytest.fixture(params=["sqlite", "postgresql"])
def empty_database(
    request: pytest.FixtureRequest, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> Iterator[str]:
    if request.param == "sqlite":
        url = f"sqlite:///{tmp_path / 'migrations.db'}"
        admin = None
        name = ""
    else:
        if not PG_AVAILABLE:
            pytest.skip(PG_SKIP_REASON)
        name = f"grocer_mig_{uuid.uuid4().hex[:10]}"
        admin = sa.create_engine(PG_ADMIN_URL, isolation_level="AUTOCOMMIT")
        with admin.connect() as conn:
            conn.execute(sa.text(f'CREATE DATABASE "{name}"'))
        url = PG_ADMIN_URL.rsplit("/", 1)[0] + f"/{name}"
    monkeypatch.setenv("REFLEX_DB_URL", url)
    grocer_settings.get_settings.cache_clear()
    grocer_db.reset_engine()
    yield url
    grocer_db.reset_engine()
    if admin is not None:
        with admin.connect() as conn:
            conn.execute(sa.text(f'DROP DATABASE IF EXISTS "{name}" WITH (FORCE)'))
        admin.dispose()


def _tables() -> set[str]:
    return set(sa.inspect(grocer_db.get_engine()).get_table_names()) - {"alembic_version"}


def test_upgrade_downgrade_upgrade(empty_database: str) -> None:
    migrations.upgrade()
    assert _tables() == set(SQLModel.metadata.tables)
    migrations.downgrade()
    assert _tables() == set()
    migrations.upgrade()
    assert "articles" in _tables()


def test_migrated_schema_matches_the_models(empty_database: str) -> None:
    migrations.upgrade()
    with grocer_db.get_engine().connect() as conn:
        diff = compare_metadata(
            MigrationContext.configure(conn, opts={"compare_type": False}), SQLModel.metadata
        )
    assert diff == []
