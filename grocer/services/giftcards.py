"""Gift cards: redeeming a code onto one's account, and the cards one received or bought.

A redeemed card belongs to the customer who redeemed it and its remaining value counts in
that customer's gift-card balance (the checkout spends it). Failed attempts are counted per
account so that codes cannot be guessed by trying many.
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from datetime import datetime, timedelta
from decimal import Decimal
from typing import Any

import sqlalchemy as sa
from sqlmodel import Session, col, select
from typing_extensions import TypedDict

from grocer.models import GiftCard, User
from grocer.models.base import iso_utc
from grocer.services import ratelimit
from grocer.services.errors import Conflict, NotFound, ValidationFailed
from grocer.services.money import BASE_CURRENCY, decimal_string
from grocer.services.ownership import ensure_account
from grocer.services.validation import clean_text

CODE_MAX = 40
CODE_REQUIRED = "Veuillez entrer un code de carte cadeau"
CODE_UNKNOWN = "Code de carte cadeau invalide"
CODE_USED = "Cette carte cadeau a déjà été utilisée"
FAILED_REDEEM_LIMIT = 10
FAILED_REDEEM_WINDOW = timedelta(hours=1)
_SPACES = re.compile(r"\s+")


class ReceivedGiftCardDict(TypedDict):
    id: int
    code: str  # masked: the card is spent from the account, the code is no longer needed
    initialValue: str
    balance: str
    redeemedAt: str | None


class PurchasedGiftCardDict(TypedDict):
    id: int
    code: str  # in full: the buyer passes it on
    initialValue: str
    balance: str
    createdAt: str | None
    redeemed: bool


class GiftCardsDict(TypedDict):
    balance: str
    currency: str
    received: list[ReceivedGiftCardDict]
    purchased: list[PurchasedGiftCardDict]


def normalise_code(raw: Any) -> str:
    """Upper case without spaces, as codes are printed; ValidationFailed when empty."""
    text = clean_text(raw, field="code", label="code de carte cadeau", max_length=CODE_MAX * 2)
    code = _SPACES.sub("", text or "").upper()
    if not code:
        raise ValidationFailed("code", CODE_REQUIRED, key="giftcards.errors.codeRequired")
    if len(code) > CODE_MAX:
        raise NotFound(CODE_UNKNOWN, key="giftcards.errors.unknown")
    return code


def mask_code(code: str) -> str:
    return "•••• " + code[-4:]


def _cards(db: Session, holder: Any, user_id: int, *, newest_by: Any) -> Sequence[GiftCard]:
    """The cards whose `holder` column (redeemer or buyer) is the user, newest first."""
    return db.exec(
        select(GiftCard)
        .where(col(holder) == user_id)
        .order_by(col(newest_by).desc(), col(GiftCard.id).desc())
    ).all()


def list_for_user(db: Session, actor: User, user_id: int) -> GiftCardsDict:
    """The gift-card balance (sum of the remaining value of redeemed cards) and both lists."""
    ensure_account(db, actor, user_id)
    received = _cards(db, GiftCard.redeemed_by, user_id, newest_by=GiftCard.redeemed_at)
    purchased = _cards(db, GiftCard.purchased_by, user_id, newest_by=GiftCard.created_at)
    balance = sum((card.balance for card in received), Decimal("0"))
    return GiftCardsDict(
        balance=decimal_string(balance),
        currency=BASE_CURRENCY,
        received=[
            ReceivedGiftCardDict(
                id=card.id or 0,
                code=mask_code(card.code),
                initialValue=decimal_string(card.initial_value),
                balance=decimal_string(card.balance),
                redeemedAt=iso_utc(card.redeemed_at),
            )
            for card in received
        ],
        purchased=[
            PurchasedGiftCardDict(
                id=card.id or 0,
                code=card.code,
                initialValue=decimal_string(card.initial_value),
                balance=decimal_string(card.balance),
                createdAt=iso_utc(card.created_at),
                redeemed=card.redeemed_by is not None,
            )
            for card in purchased
        ],
    )


def redeem(db: Session, actor: User, user_id: int, code: Any, now: datetime) -> GiftCardsDict:
    """Attach the card with `code` to `user_id`'s account; the answer is the updated list.

    The claim is one conditional UPDATE, so two people racing for a code cannot both win.
    A failed attempt is committed before the error is raised: it must count even though
    the request fails (the caller's transaction would otherwise roll it back).
    """
    ensure_account(db, actor, user_id)
    clean = normalise_code(code)
    counter = ratelimit.key("giftcard-redeem-fail", str(user_id))
    ratelimit.check(db, counter, FAILED_REDEEM_LIMIT, FAILED_REDEEM_WINDOW, now)
    claimed = db.exec(
        sa.update(GiftCard)
        .where(col(GiftCard.code) == clean, col(GiftCard.redeemed_by).is_(None))
        .values(redeemed_by=user_id, redeemed_at=now)
    )
    if claimed.rowcount != 1:
        exists = db.exec(select(GiftCard.id).where(col(GiftCard.code) == clean)).first()
        ratelimit.hit(db, counter, now)
        db.commit()
        if exists is None:
            raise NotFound(CODE_UNKNOWN, key="giftcards.errors.unknown")
        raise Conflict(CODE_USED, key="giftcards.errors.used")
    db.flush()
    return list_for_user(db, actor, user_id)
