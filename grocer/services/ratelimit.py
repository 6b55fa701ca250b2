"""Sliding-window rate limits kept in the database, so that every worker counts the same events.

A key names what is counted and for whom, e.g. ``login-fail:ip:203.0.113.9``. Callers build keys
with `key()`, which hashes personal parts (e-mails, identifiers) so the table holds no PII.
"""

from __future__ import annotations

import hashlib
import math
import secrets
from datetime import datetime, timedelta

import sqlalchemy as sa
from sqlmodel import Session, col, delete, select

from grocer.models import RateEvent
from grocer.models.base import as_utc
from grocer.services.errors import RateLimited

RETENTION = timedelta(days=1)  # as long as the longest window in use (wrong OTP codes a day)
_GLOBAL_PRUNE_ODDS = 100  # one hit in this many also sweeps every key


def key(kind: str, value: str, *, hashed: bool = False) -> str:
    """A counter key; `hashed` for personal values (and to bound the key's length)."""
    part = hashlib.sha256(value.encode()).hexdigest()[:32] if hashed else value[:120]
    return f"{kind}:{part}"


def hit(db: Session, key: str, now: datetime) -> None:
    """Count one event; old events of this key (and now and then of all keys) are pruned."""
    now = as_utc(now)
    db.add(RateEvent(key=key, created_at=now))
    cutoff = now - RETENTION
    db.exec(delete(RateEvent).where(col(RateEvent.key) == key, col(RateEvent.created_at) < cutoff))
    if secrets.randbelow(_GLOBAL_PRUNE_ODDS) == 0:
        db.exec(delete(RateEvent).where(col(RateEvent.created_at) < cutoff))


def count(db: Session, key: str, since: datetime) -> int:
    """Events of `key` at or after `since`."""
    stmt = select(sa.func.count()).where(
        col(RateEvent.key) == key, col(RateEvent.created_at) >= as_utc(since)
    )
    return int(db.exec(stmt).one())


def latest(db: Session, key: str, since: datetime) -> datetime | None:
    """The newest event of `key` at or after `since` (None when there is none)."""
    newest = db.exec(
        select(sa.func.max(RateEvent.created_at)).where(
            col(RateEvent.key) == key, col(RateEvent.created_at) >= as_utc(since)
        )
    ).one()
    return as_utc(newest) if newest is not None else None


def clear(db: Session, key: str) -> None:
    """Forget a key's events (e.g. failed logins after a successful one)."""
    db.exec(delete(RateEvent).where(col(RateEvent.key) == key))


def check(
    db: Session,
    key: str,
    limit: int,
    window: timedelta,
    now: datetime,
    *,
    message: str | None = None,
    error_key: str | None = None,
) -> None:
    """Raise RateLimited when `key` already has `limit` events in the last `window`.

    Retry-After is the time until the oldest counted event leaves the window.
    """
    now = as_utc(now)
    since = now - window
    if count(db, key, since) < limit:
        return
    oldest = db.exec(
        select(sa.func.min(RateEvent.created_at)).where(
            col(RateEvent.key) == key, col(RateEvent.created_at) >= since
        )
    ).one()
    wait = (as_utc(oldest) + window - now).total_seconds() if oldest else window.total_seconds()
    raise RateLimited(message, retry_after=max(1, math.ceil(wait)), **_key_kw(error_key))


def _key_kw(error_key: str | None) -> dict[str, str]:
    return {"key": error_key} if error_key else {}
