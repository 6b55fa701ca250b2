"""Backups of the shop's database: one file, taken while the shop runs, restored into an empty
database (or over the same one, the shop stopped).

Why the engines' own tools rather than a copy of the file or a dump of our own:
- SQLite: the online backup API copies a consistent snapshot page by page while the shop keeps
  writing (a plain copy of the file would miss what the write-ahead log still holds, or catch a
  write half done). The FTS5 search tables travel with the pages.
- PostgreSQL: `pg_dump` reads one consistent snapshot in a single transaction, and its custom
  format lets `pg_restore` rebuild everything in one transaction: the tables, the search
  engine's extensions, text-search configuration and indexes, the sequences where they were.

A restore checks that the file is a backup of the configured kind of database before it touches
anything; on PostgreSQL it runs in one transaction, so a failed restore leaves the database as it
was. The password of a PostgreSQL URL goes to the tools through the environment (`PGPASSWORD`),
never on a command line other users can read.
"""

from __future__ import annotations

import os
import shutil
import sqlite3
import subprocess
import tempfile
from dataclasses import dataclass
from pathlib import Path

import sqlalchemy as sa

from grocer.db import normalise_url

SQLITE_HEADER = b"SQLite format 3\x00"
PG_DUMP_HEADER = b"PGDMP"
#: A table every migrated or created Grocer database has: a backup without it is not ours.
MARKER_TABLE = "users"


class BackupError(RuntimeError):
    """A backup or restore that cannot be done, with a message for the operator."""


@dataclass(frozen=True)
class Target:
    """The database a backup is taken from or restored into."""

    engine: str  # "sqlite" | "postgresql"
    sqlite_path: Path | None = None
    pg_dsn: str = ""  # libpq URL without the password
    pg_password: str | None = None

    @classmethod
    def from_url(cls, url: str) -> Target:
        parsed = sa.engine.make_url(normalise_url(url))
        if parsed.get_backend_name() == "sqlite":
            if not parsed.database or parsed.database == ":memory:":
                raise BackupError("an in-memory SQLite database cannot be backed up")
            return cls("sqlite", sqlite_path=Path(parsed.database))
        if parsed.get_backend_name() == "postgresql":
            dsn = parsed.set(drivername="postgresql", password=None)
            return cls(
                "postgresql",
                pg_dsn=dsn.render_as_string(hide_password=False),
                pg_password=parsed.password,
            )
        raise BackupError(f"no backup for {parsed.get_backend_name()} databases")

    def tool_env(self) -> dict[str, str]:
        env = dict(os.environ)
        if self.pg_password:
            env["PGPASSWORD"] = self.pg_password
        return env


def _tool(name: str) -> str:
    found = shutil.which(name)
    if not found:
        raise BackupError(
            f"{name} is not installed: install PostgreSQL's client programs "
            "(Debian: apt-get install postgresql-client)"
        )
    return found


def _run(target: Target, command: list[str]) -> None:
    done = subprocess.run(command, env=target.tool_env(), capture_output=True, text=True)
    if done.returncode != 0:
        raise BackupError(f"{Path(command[0]).name} failed: {done.stderr.strip()}")


def kind_of_file(path: Path) -> str:
    """ "sqlite" or "postgresql" from the file's first bytes; BackupError for anything else."""
    try:
        with path.open("rb") as file:
            head = file.read(len(SQLITE_HEADER))
    except OSError as exc:
        raise BackupError(f"cannot read {path}: {exc.strerror}") from exc
    if head.startswith(SQLITE_HEADER):
        return "sqlite"
    if head.startswith(PG_DUMP_HEADER):
        return "postgresql"
    raise BackupError(f"{path} is not a Grocer backup (neither SQLite nor pg_dump's format)")


def backup(url: str, destination: Path) -> Path:
    """A consistent copy of the database at `url` in `destination` (written whole, then moved
    into place: an interrupted backup never leaves a half file under the final name)."""
    target = Target.from_url(url)
    destination = destination.resolve()
    destination.parent.mkdir(parents=True, exist_ok=True)
    with tempfile.NamedTemporaryFile(
        dir=destination.parent, prefix=".backup-", delete=False
    ) as handle:
        partial = Path(handle.name)
    try:
        if target.engine == "sqlite":
            assert target.sqlite_path is not None
            if not target.sqlite_path.exists():
                raise BackupError(f"no database at {target.sqlite_path}")
            source = sqlite3.connect(target.sqlite_path)
            copy = sqlite3.connect(partial)
            try:
                source.backup(copy)
            finally:
                copy.close()
                source.close()
        else:
            _run(
                target,
                [_tool("pg_dump"), "--format=custom", "--no-owner", "--no-privileges",
                 f"--file={partial}", target.pg_dsn],
            )  # fmt: skip
        os.replace(partial, destination)
    finally:
        partial.unlink(missing_ok=True)
    return destination


def _check_sqlite_backup(path: Path) -> None:
    copy = sqlite3.connect(f"file:{path}?mode=ro", uri=True)
    try:
        found = copy.execute(
            "SELECT 1 FROM sqlite_master WHERE type = 'table' AND name = ?", (MARKER_TABLE,)
        ).fetchone()
        problem = copy.execute("PRAGMA quick_check").fetchone()
    except sqlite3.DatabaseError as exc:
        raise BackupError(f"{path} is not a readable SQLite database: {exc}") from exc
    finally:
        copy.close()
    if not found:
        raise BackupError(f"{path} holds no Grocer tables")
    if problem and problem[0] != "ok":
        raise BackupError(f"{path} is damaged: {problem[0]}")


def restore(url: str, source: Path) -> None:
    """Replace the database at `url` by the backup `source`. Stop the shop first: its workers
    keep caches (catalogue, sessions) of the database they were reading."""
    target = Target.from_url(url)
    source = source.resolve()
    kind = kind_of_file(source)
    if kind != target.engine:
        raise BackupError(
            f"{source} is a {kind} backup; the configured database is {target.engine}"
        )
    if target.engine == "sqlite":
        assert target.sqlite_path is not None
        _check_sqlite_backup(source)
        target.sqlite_path.parent.mkdir(parents=True, exist_ok=True)
        copy = sqlite3.connect(f"file:{source}?mode=ro", uri=True)
        live = sqlite3.connect(target.sqlite_path)
        try:
            copy.backup(live)
        finally:
            live.close()
            copy.close()
        return
    _run(
        target,
        [_tool("pg_restore"), "--clean", "--if-exists", "--no-owner", "--no-privileges",
         "--single-transaction", "--exit-on-error", f"--dbname={target.pg_dsn}", str(source)],
    )  # fmt: skip
