"""Shared column helpers for the SQLModel tables."""

from __future__ import annotations

from datetime import UTC, datetime
from decimal import Decimal
from typing import Any

import sqlalchemy as sa
from sqlmodel import Field, SQLModel


def utcnow() -> datetime:
    """Aware UTC now. SQLModel stores datetimes as UTCDateTime, which refuses naive values and
    reads back aware UTC on SQLite and PostgreSQL alike."""
    return datetime.now(UTC)


def as_utc(moment: datetime) -> datetime:
    """Aware UTC, whatever a caller passed: the columns (SQLModel's UTCDateTime) refuse naive
    values, and a naive datetime in this code base means UTC."""
    return moment.replace(tzinfo=UTC) if moment.tzinfo is None else moment.astimezone(UTC)


def iso_utc(moment: datetime | None) -> str | None:
    """ISO 8601 in UTC with a Z ('2025-01-31T10:00:00Z'), which every browser reads alike."""
    return None if moment is None else as_utc(moment).strftime("%Y-%m-%dT%H:%M:%SZ")


def money_field(default: Decimal | None = Decimal("0"), nullable: bool = False) -> Any:
    """A Decimal column in the shop's base currency (XOF), two decimals of headroom."""
    return Field(default=default, sa_type=sa.Numeric(14, 2), nullable=nullable)


def json_field(default_factory: Any = list) -> Any:
    """A JSON column (lists and small documents that are read and written whole)."""
    return Field(default_factory=default_factory, sa_type=sa.JSON)


class UserOwnedRow(SQLModel):
    """The first two columns of a row that belongs to one account and goes with it: its id and
    its owner, the column the ownership rule (grocer.services.ownership) checks."""

    id: int | None = Field(default=None, primary_key=True)
    user_id: int = Field(foreign_key="users.id", index=True, ondelete="CASCADE")


class KeyedRow(SQLModel):
    """The first two columns of a catalogue row: its id and the stable key that the seed data
    and imports know it by."""

    id: int | None = Field(default=None, primary_key=True)
    key: str = Field(max_length=160, unique=True, index=True)
