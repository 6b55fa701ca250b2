"""The credit ledger's balance (pure): spending uses the credit that expires first, so an
expiring referral bonus never takes a gift card's value down with it; reasons the shop writes
are named for the page."""

from __future__ import annotations

from datetime import UTC, datetime, timedelta
from decimal import Decimal

import pytest

from grocer.models import CreditEntry
from grocer.services import giftcard_purchase
from grocer.services.credit import balance_of, reason_of
from grocer.services.errors import ValidationFailed

T0 = datetime(2026, 1, 1, tzinfo=UTC)


def line(amount: str, days: int, expires_in: int | None = None, entry_id: int = 0) -> CreditEntry:
    created = T0 + timedelta(days=days)
    expires = created + timedelta(days=expires_in) if expires_in is not None else None
    return CreditEntry(
        id=entry_id or None, user_id=1, amount=Decimal(amount), reason="x",
        created_at=created, expires_at=expires,
    )  # fmt: skip


def test_spending_takes_the_credit_that_expires_first() -> None:
    ledger = [
        line("50", 0, expires_in=365),  # referral bonus
        line("20", 1),  # a gift card, never expires
        line("-30", 2),  # an order
    ]
    assert balance_of(ledger, T0 + timedelta(days=3)) == Decimal("40")
    # the bonus expires: what was left of it goes, the gift card's 20 stays whole
    assert balance_of(ledger, T0 + timedelta(days=366)) == Decimal("20")


def test_an_expired_bonus_cannot_be_spent_and_a_refund_comes_back() -> None:
    ledger = [line("50", 0, expires_in=10), line("-50", 20), line("50", 21)]
    # the spending at day 20 found nothing valid: the expired bonus is not its source
    assert balance_of(ledger, T0 + timedelta(days=22)) == Decimal("50")
    assert balance_of([line("-5", 0)], T0) == 0


@pytest.mark.parametrize(
    ("reason", "expected"),
    [
        ("order:CMD-20260101-ABCD", ("order", "CMD-20260101-ABCD")),
        ("refund:CMD-1", ("refund", "CMD-1")),
        ("giftcard:WXYZ", ("giftcard", "WXYZ")),
        ("Parrainage", ("referral", "")),
        ("Geste commercial", ("other", "")),
        ("order:", ("other", "")),
    ],
)
def test_reasons(reason: str, expected: tuple[str, str]) -> None:
    assert reason_of(reason) == expected


def test_a_purchase_message_keeps_to_one_line_and_its_limit() -> None:
    body = {
        "amount": 5000,
        "recipientEmail": " Ami@Example.BF ",
        "message": "Joyeux\nanniversaire  !",
        "payment": {"method": "mobile_money", "channel": "moov", "phone": "70 12 34 56"},
    }
    clean = giftcard_purchase.read_purchase(body)
    assert clean["message"] == "Joyeux anniversaire !" and clean["amount"] == "5000.00"
    assert clean["recipientEmail"].lower() == "ami@example.bf"
    with pytest.raises(ValidationFailed) as too_long:
        giftcard_purchase.read_purchase({**body, "message": "a " * 151})
    assert too_long.value.key == "errors.tooLong"
