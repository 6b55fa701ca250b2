"""Store credit: a ledger of lines per customer (referral bonuses, redeemed gift cards,
spending at checkout and what a cancelled order gives back).

The ledger is the one truth of what a customer may spend: a redeemed gift card becomes a line
here (its card keeps no balance of its own), and the checkout takes from it. A spending line
uses up the credit that expires first (FIFO by expiry), so that an expiring referral bonus is
spent before a gift card's value that never expires; lines are kept after they expire so that
the history stays whole. Lines the shop writes itself carry a machine reason
("order:<number>", "refund:<number>", "giftcard:<last four>") that the page translates.
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
REFERRAL_REASON = "Parrainage"
#: The kinds of ledger line the page names in the shopper's language (`reason_of`).
ORDER, REFUND, GIFTCARD, REFERRAL, OTHER = "order", "refund", "giftcard", "referral", "other"
_MACHINE_KINDS = (ORDER, REFUND, GIFTCARD)


class CreditTransactionDict(TypedDict):
    id: int
    amount: str
    reason: str
    date: str | None
    expiresAt: str | None
    expired: bool
    kind: str  # order, refund, giftcard, referral or other (the reason is then shown as is)
    ref: str  # the order number or the card's last four digits, else ""


class CreditDict(TypedDict):
    balance: str
    currency: str
    transactions: list[CreditTransactionDict]


def is_expired(entry: CreditEntry, now: datetime) -> bool:
    return entry.expires_at is not None and as_utc(entry.expires_at) <= as_utc(now)


def _expiry_order(lot: list[Any]) -> tuple[int, datetime]:
    expires = lot[1]
    return (1, datetime.max) if expires is None else (0, as_utc(expires))


def balance_of(entries: Iterable[CreditEntry], now: datetime) -> Decimal:
    """What may be spent at `now` (pure): the credit lines, each spending line having used up
    the credit that was valid when it was written and expires first; never below zero."""
    lots: list[list[Any]] = []  # [remaining, expires_at]
    for entry in sorted(entries, key=lambda e: (as_utc(e.created_at), e.id or 0)):
        if entry.amount > 0:
            lots.append([entry.amount, entry.expires_at])
            continue
        owed = -entry.amount
        valid = [lot for lot in lots if lot[1] is None or as_utc(lot[1]) > as_utc(entry.created_at)]
        for lot in sorted(valid, key=_expiry_order):
            taken = min(lot[0], owed)
            lot[0] -= taken
            owed -= taken
            if owed == 0:
                break
    total = sum(
        (lot[0] for lot in lots if lot[1] is None or as_utc(lot[1]) > as_utc(now)), Decimal("0")
    )
    return max(total, Decimal("0"))


def reason_of(reason: str) -> tuple[str, str]:
    """(kind, reference) of a ledger reason: what the page translates (pure)."""
    kind, _, ref = reason.partition(":")
    if kind in _MACHINE_KINDS and ref:
        return kind, ref
    if reason == REFERRAL_REASON:
        return REFERRAL, ""
    return OTHER, ""


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
    kind, ref = reason_of(entry.reason)
    return CreditTransactionDict(
        id=entry.id,
        amount=decimal_string(entry.amount),
        reason=entry.reason,
        date=iso_utc(entry.created_at),
        expiresAt=iso_utc(entry.expires_at),
        expired=is_expired(entry, now),
        kind=kind,
        ref=ref,
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


def available(db: Session, user_id: int, now: datetime) -> Decimal:
    """What `user_id` may spend now (trusted callers: the checkout)."""
    return balance_of(_entries(db, user_id), now)


def add_gift_card_credit(
    db: Session, user_id: int, amount: Decimal, last_four: str, *, now: datetime
) -> CreditTransactionDict:
    """A redeemed gift card's value, which never expires."""
    return add_credit(db, user_id, amount, f"{GIFTCARD}:{last_four}", now=now)


def _order_lines(db: Session, user_id: int, kind: str, number: str) -> list[CreditEntry]:
    return list(
        db.exec(
            select(CreditEntry).where(
                col(CreditEntry.user_id) == user_id, col(CreditEntry.reason) == f"{kind}:{number}"
            )
        ).all()
    )


def spend_for_order(
    db: Session, user_id: int, number: str, amount: Decimal, *, now: datetime
) -> None:
    """The credit an order uses (a negative line named after the order), in its transaction."""
    if amount > 0:
        add_credit(db, user_id, -amount, f"{ORDER}:{number}", now=now)


def give_back_for_order(db: Session, user_id: int, number: str, *, now: datetime) -> Decimal:
    """A cancelled order returns the credit it used, once (a second cancellation finds the
    refund line and gives nothing more); returns the amount given back."""
    spent = -sum((e.amount for e in _order_lines(db, user_id, ORDER, number)), Decimal("0"))
    if spent <= 0 or _order_lines(db, user_id, REFUND, number):
        return Decimal("0")
    add_credit(db, user_id, spent, f"{REFUND}:{number}", now=now)
    return spent
