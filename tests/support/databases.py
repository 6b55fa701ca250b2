"""Throw-away databases for tests and benchmarks that need one of their own (a restore target,
a benchmark's catalogue), beside the session's shared ones (tests/conftest.py)."""

from __future__ import annotations

import os
import uuid
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path

import sqlalchemy as sa

#: The PostgreSQL server's maintenance database, where the throw-away ones are made.
PG_ADMIN_URL = os.environ.get(
    "GROCER_TEST_PG_URL", "postgresql+psycopg://postgres@127.0.0.1:5432/postgres"
)


@contextmanager
def fresh_database(engine_name: str, folder: Path, prefix: str = "grocer_tmp") -> Iterator[str]:
    """The URL of a new, empty database of that engine (a SQLite file in `folder`, or a
    PostgreSQL database dropped afterwards, connections and all; `folder` unused)."""
    if engine_name == "sqlite":
        yield f"sqlite:///{folder / f'{prefix}-{uuid.uuid4().hex[:6]}.db'}"
        return
    name = f"{prefix}_{uuid.uuid4().hex[:10]}"
    admin = sa.create_engine(PG_ADMIN_URL, isolation_level="AUTOCOMMIT")
    with admin.connect() as conn:
        conn.execute(sa.text(f'CREATE DATABASE "{name}"'))
    try:
        yield PG_ADMIN_URL.rsplit("/", 1)[0] + f"/{name}"
    finally:
        with admin.connect() as conn:
            conn.execute(sa.text(f'DROP DATABASE IF EXISTS "{name}" WITH (FORCE)'))
        admin.dispose()
