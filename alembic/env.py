"""Alembic environment: the shop's own engine (REFLEX_DB_URL) and SQLModel's metadata."""

from alembic import context
from sqlmodel import SQLModel

import grocer.models  # noqa: F401  (registers every table)
from grocer.db import get_engine
from grocer.models.search import is_engine_object

target_metadata = SQLModel.metadata


def run_migrations_online() -> None:
    connectable = context.config.attributes.get("connection")
    if connectable is not None:
        _run(connectable)
        return
    with get_engine().connect() as connection:
        _run(connection)


def include_name(name, type_, _parents) -> bool:  # type: ignore[no-untyped-def]
    """The search engine's own tables (SQLite FTS5 and its shadow tables) are made by
    migration 0006, not described by the models: autogenerate leaves them alone."""
    return not is_engine_object(name, type_)


def _run(connection) -> None:  # type: ignore[no-untyped-def]
    """On SQLite, foreign keys are off while migrating: batch mode rebuilds a table (copy, drop,
    rename), and dropping `users` with them on would cascade and delete every bag and order.
    The keys are checked once the migrations are done, and switched back on."""
    sqlite = connection.dialect.name == "sqlite"
    if sqlite:
        connection.exec_driver_sql("PRAGMA foreign_keys=OFF")
        connection.commit()
    context.configure(
        connection=connection,
        target_metadata=target_metadata,
        render_as_batch=sqlite,
        compare_type=True,
        include_name=include_name,
    )
    with context.begin_transaction():
        context.run_migrations()
    connection.commit()
    if sqlite:
        broken = connection.exec_driver_sql("PRAGMA foreign_key_check").all()
        connection.exec_driver_sql("PRAGMA foreign_keys=ON")
        connection.commit()
        if broken:
            raise RuntimeError(f"migration left rows with broken foreign keys: {broken[:5]}")


run_migrations_online()
