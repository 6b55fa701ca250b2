"""Run Alembic migrations from Python (the CLI, the test suite and the e2e server use it)."""

from __future__ import annotations

from alembic import command
from alembic.config import Config

from grocer.settings import PROJECT_ROOT


def alembic_config() -> Config:
    return Config(str(PROJECT_ROOT / "alembic.ini"))


def upgrade(revision: str = "head") -> None:
    command.upgrade(alembic_config(), revision)


def downgrade(revision: str = "base") -> None:
    command.downgrade(alembic_config(), revision)
