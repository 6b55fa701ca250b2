"""Shared column helpers for the SQLModel tables."""

from __future__ import annotations

from datetime import UTC, datetime
from decimal import Decimal
from typing import Any

import sqlalchemy as sa
from sqlmodel import Field


def utcnow() -> datetime:
    """Aware UTC now. SQLModel stores datetimes as UTCDateTime, which refuses naive values and
    reads back aware UTC on SQLite and PostgreSQL alike."""
    return datetime.now(UTC)


def money_field(default: Decimal | None = Decimal("0"), nullable: bool = False) -> Any:
    """A Decimal column in the shop's base currency (XOF), two decimals of headroom."""
    return Field(default=default, sa_type=sa.Numeric(14, 2), nullable=nullable)


def json_field(default_factory: Any = list) -> Any:
    """A JSON column (lists and small documents that are read and written whole)."""
    return Field(default_factory=default_factory, sa_type=sa.JSON)
