"""Store credit: a ledger of lines per customer (referral bonuses, refunds, spending).

The balance is the sum of the lines that have not expired, never below zero; lines are kept
after they expire so that the history stays whole.
"""

from __future__ import annotations

from collections.abc import Iterable
from datetime import datetime
from decimal import Decimal
from typing import Any

from sqlmodel import Session, col, select
from typing_extensions import TypedDict

from grocer.models import CreditEntry, User
from grocer.models.base import as_utc, iso_utc
from grocer.services.errors import ValidationFailed
from grocer.services.money import BASE_CURRENCY, decimal_string, to_decimal
from grocer.services.ownership import ensure_account
from grocer.services.validation import clean_text

REASON_MAX = 200
REFERRAL_VALIDITY_MONTHS = 12


class CreditTransactionDict(TypedDict):
    id: int
    amount: str
    reason: str
    date: str | None
    expiresAt: str | None
    expired: bool


class CreditDict(TypedDict):
    balance: str
    currency: str
    transactions: list[CreditTransactionDict]


def is_expired(entry: CreditEntry, now: datetime) -> bool:
    return entry.expires_at is not None and as_utc(entry.expires_at) <= as_utc(now)


def balance_of(entries: Iterable[CreditEntry], now: datetime) -> Decimal:
    """Sum of the unexpired lines, floored at zero (pure)."""
    total = sum((e.amount for e in entries if not is_expired(e, now)), Decimal("0"))
    return max(total, Decimal("0"))


def months_later(moment: datetime, months: int) -> datetime:
    """The same day `months` later (the 31st becomes the month's last day)."""
    month_index = moment.month - 1 + months
    year, month = moment.year + month_index // 12, month_index % 12 + 1
    for day in (moment.day, 30, 29, 28):
        try:
            return moment.replace(year=year, month=month, day=day)
        except ValueError:
            continue
    raise AssertionError("unreachable")


def _entries(db: Session, user_id: int) -> list[CreditEntry]:
    return list(
        db.exec(
            select(CreditEntry)
            .where(col(CreditEntry.user_id) == user_id)
            .order_by(col(CreditEntry.created_at).desc(), col(CreditEntry.id).desc())
        ).all()
    )


def _entry_dict(entry: CreditEntry, now: datetime) -> CreditTransactionDict:
    assert entry.id is not None
    return CreditTransactionDict(
        id=entry.id,
        amount=decimal_string(entry.amount),
        reason=entry.reason,
        date=iso_utc(entry.created_at),
        expiresAt=iso_utc(entry.expires_at),
        expired=is_expired(entry, now),
    )


def get_credit(db: Session, actor: User, user_id: int, now: datetime) -> CreditDict:
    """A user's credit balance (XOF) and every line, newest first."""
    ensure_account(db, actor, user_id)
    entries = _entries(db, user_id)
    return CreditDict(
        balance=decimal_string(balance_of(entries, now)),
        currency=BASE_CURRENCY,
        transactions=[_entry_dict(entry, now) for entry in entries],
    )


def add_credit(
    db: Session,
    user_id: int,
    amount: Any,
    reason: str,
    *,
    now: datetime,
    expires_at: datetime | None = None,
) -> CreditTransactionDict:
    """Write one ledger line (positive: credit; negative: spending). Called by trusted code
    (referral rewards, checkout), never straight from a request: no ownership check here."""
    value = to_decimal(amount, "amount")
    if value == 0:
        raise ValidationFailed("amount", "Montant invalide", key="credit.errors.amount")
    text = clean_text(reason, field="reason", label="motif", max_length=REASON_MAX)
    if text is None:
        raise ValidationFailed(
            "reason", "Veuillez remplir le champ motif", key="credit.errors.reason"
        )
    entry = CreditEntry(
        user_id=user_id, amount=value, reason=text, created_at=now, expires_at=expires_at
    )
    db.add(entry)
    db.flush()
    return _entry_dict(entry, now)


def add_referral_credit(
    db: Session, user_id: int, amount: Any, reason: str, *, now: datetime
) -> CreditTransactionDict:
    """A referral bonus, which expires after 12 months (spec 001 §9)."""
    expires = months_later(now, REFERRAL_VALIDITY_MONTHS)
    return add_credit(db, user_id, amount, reason, now=now, expires_at=expires)
