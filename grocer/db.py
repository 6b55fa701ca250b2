"""The database engine and sessions (SQLite by default, PostgreSQL through REFLEX_DB_URL)."""

from __future__ import annotations

from collections.abc import Callable, Iterator
from contextlib import contextmanager
from functools import lru_cache
from typing import Any, TypeVar

import sqlalchemy as sa
from sqlmodel import Session

from grocer.settings import get_settings

T = TypeVar("T")


class DatabaseUnavailable(RuntimeError):
    """The database could not be reached or failed to answer (connection refused or lost, a
    lock held too long): a failure of the infrastructure, never the refusal of a rule. Raised
    by `run_unit_of_work`, so that callers without SQLAlchemy (the Reflex states) can tell it
    apart from a bug."""


def normalise_url(url: str) -> str:
    """Use psycopg 3 for PostgreSQL URLs written the usual way."""
    if url.startswith("postgresql://") or url.startswith("postgres://"):
        return "postgresql+psycopg://" + url.split("://", 1)[1]
    return url


#: Connections kept open on SQLite: one per thread of the thread pool that reads at once (the
#: catalogue's cache misses under load). SQLAlchemy's default keeps 5 and closes the rest
#: after each use, and a new SQLite connection re-reads the schema before its first query:
#: random product pages at 16 at a time spent more time opening connections than reading.
SQLITE_POOL_SIZE = 20


def make_engine(url: str) -> sa.Engine:
    """An engine tuned for the backend: WAL and a busy timeout on SQLite, a pool on PostgreSQL."""
    url = normalise_url(url)
    if url.startswith("sqlite"):
        engine = sa.create_engine(
            url,
            connect_args={"check_same_thread": False, "timeout": 30},
            pool_size=SQLITE_POOL_SIZE,
            max_overflow=SQLITE_POOL_SIZE,
        )

        @sa.event.listens_for(engine, "connect")
        def _sqlite_pragmas(dbapi_conn: Any, _record: Any) -> None:
            cur = dbapi_conn.cursor()
            cur.execute("PRAGMA journal_mode=WAL")
            cur.execute("PRAGMA busy_timeout=30000")
            cur.execute("PRAGMA foreign_keys=ON")
            cur.execute("PRAGMA synchronous=NORMAL")
            cur.close()

        return engine
    return sa.create_engine(url, pool_pre_ping=True, pool_size=10, max_overflow=20)


@lru_cache(maxsize=1)
def get_engine() -> sa.Engine:
    return make_engine(get_settings().db_url)


def reset_engine() -> None:
    """Forget the cached engine (tests switch databases)."""
    if get_engine.cache_info().currsize:
        get_engine().dispose()
    get_engine.cache_clear()


@contextmanager
def session_scope() -> Iterator[Session]:
    """A session that commits on success and rolls back on error."""
    with Session(get_engine(), expire_on_commit=False) as session:
        try:
            yield session
            session.commit()
        except Exception:
            session.rollback()
            raise


def run_unit_of_work(fn: Callable[..., T], *args: Any, **kwargs: Any) -> T:
    """`fn(db, *args, **kwargs)` in a session of its own (`session_scope`); an operational
    failure of the database becomes `DatabaseUnavailable`."""
    try:
        with session_scope() as db:
            return fn(db, *args, **kwargs)
    except sa.exc.OperationalError as exc:
        raise DatabaseUnavailable("the database did not answer") from exc
