"""Alembic environment: the shop's own engine (REFLEX_DB_URL) and SQLModel's metadata."""

from alembic import context
from sqlmodel import SQLModel

import grocer.models  # noqa: F401  (registers every table)
from grocer.db import get_engine

target_metadata = SQLModel.metadata


def run_migrations_online() -> None:
    connectable = context.config.attributes.get("connection")
    if connectable is not None:
        _run(connectable)
        return
    with get_engine().connect() as connection:
        _run(connection)


def _run(connection) -> None:  # type: ignore[no-untyped-def]
    context.configure(
        connection=connection,
        target_metadata=target_metadata,
        render_as_batch=connection.dialect.name == "sqlite",
        compare_type=True,
    )
    with context.begin_transaction():
        context.run_migrations()
    connection.commit()


run_migrations_online()
