"""Gift cards: codes, redeeming a code onto one's account (once), and the cards one received
or bought.

- A code is 16 characters of the base32 alphabet drawn with `secrets` (80 bits), printed in
  groups of four (ABCD-EFGH-JKLM-NPQR); spaces, dashes and case do not matter when typed.
- A card is usable only while "active": a card bought in the shop stays "pending" until its
  order is paid, and becomes "void" when that payment fails or expires.
- Redeeming moves the card's value into the credit ledger (grocer.services.credit), the one
  truth of what a customer may spend; the card keeps its initial value, its balance is 0.
  The claim is one conditional UPDATE, so two requests racing for a code cannot both win.
- Failed attempts are counted per account so that codes cannot be guessed by trying many.
"""

from __future__ import annotations

import re
import secrets
from collections.abc import Sequence
from datetime import datetime, timedelta
from decimal import Decimal
from typing import Any

import sqlalchemy as sa
from sqlmodel import Session, col, select
from typing_extensions import TypedDict

from grocer.models import GiftCard, User
from grocer.models.base import iso_utc, utcnow
from grocer.services import credit, ratelimit
from grocer.services.errors import Conflict, NotFound, ValidationFailed
from grocer.services.money import BASE_CURRENCY, decimal_string
from grocer.services.ownership import ensure_account
from grocer.services.validation import clean_text

CODE_MAX = 40
CODE_ALPHABET = "ABCDEFGHIJKLMNOPQRSTUVWXYZ234567"  # RFC 4648 base32: 5 bits a character
CODE_LENGTH = 16  # 80 bits
CODE_GROUP = 4
CODE_REQUIRED = "Veuillez entrer un code de carte cadeau"
CODE_UNKNOWN = "Code de carte cadeau invalide"
CODE_USED = "Cette carte cadeau a déjà été utilisée"
FAILED_REDEEM_LIMIT = 10
FAILED_REDEEM_WINDOW = timedelta(minutes=15)
PENDING, ACTIVE, VOID = "pending", "active", "void"
_IGNORED = re.compile(r"[\s-]+")


class ReceivedGiftCardDict(TypedDict):
    id: int
    code: str  # masked: the value is in the account's credit, the code is no longer needed
    initialValue: str
    balance: str
    redeemedAt: str | None


class PurchasedGiftCardDict(TypedDict):
    id: int
    code: str  # in full once paid (the buyer may pass it on); "" while pending or void
    initialValue: str
    balance: str
    createdAt: str | None
    redeemed: bool
    status: str
    recipientEmail: str | None


class GiftCardsDict(TypedDict):
    balance: str  # the account's credit, which redeemed cards add to
    currency: str
    received: list[ReceivedGiftCardDict]
    purchased: list[PurchasedGiftCardDict]


def new_code() -> str:
    """A fresh code: 16 base32 characters from `secrets` (80 bits), in groups of four."""
    raw = "".join(secrets.choice(CODE_ALPHABET) for _ in range(CODE_LENGTH))
    return "-".join(raw[i : i + CODE_GROUP] for i in range(0, CODE_LENGTH, CODE_GROUP))


def normalise_code(raw: Any) -> str:
    """Upper case without spaces, as codes are printed (a shop code typed without its dashes
    gets them back); ValidationFailed when empty."""
    text = clean_text(raw, field="code", label="code de carte cadeau", max_length=CODE_MAX * 2)
    code = re.sub(r"\s+", "", text or "").upper()
    if not code:
        raise ValidationFailed("code", CODE_REQUIRED, key="giftcards.errors.codeRequired")
    bare = _IGNORED.sub("", code)
    if len(bare) == CODE_LENGTH and all(char in CODE_ALPHABET for char in bare):
        code = "-".join(bare[i : i + CODE_GROUP] for i in range(0, CODE_LENGTH, CODE_GROUP))
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


def purchased_dict(card: GiftCard) -> PurchasedGiftCardDict:
    return PurchasedGiftCardDict(
        id=card.id or 0,
        code=card.code if card.status == ACTIVE else "",
        initialValue=decimal_string(card.initial_value),
        balance=decimal_string(card.balance),
        createdAt=iso_utc(card.created_at),
        redeemed=card.redeemed_by is not None,
        status=card.status,
        recipientEmail=card.recipient_email,
    )


def list_for_user(
    db: Session, actor: User, user_id: int, now: datetime | None = None
) -> GiftCardsDict:
    """The spendable balance (the credit ledger, where redeemed cards go) and both lists."""
    ensure_account(db, actor, user_id)
    received = _cards(db, GiftCard.redeemed_by, user_id, newest_by=GiftCard.redeemed_at)
    purchased = _cards(db, GiftCard.purchased_by, user_id, newest_by=GiftCard.created_at)
    balance = credit.available(db, user_id, now or utcnow())
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
        purchased=[purchased_dict(card) for card in purchased],
    )


def redeem(db: Session, actor: User, user_id: int, code: Any, now: datetime) -> GiftCardsDict:
    """Add the active card with `code` to `user_id`'s credit, once; the answer is the updated
    list. A pending or void card is as unknown as a code that does not exist.

    A failed attempt is committed before the error is raised: it must count even though
    the request fails (the caller's transaction would otherwise roll it back).
    """
    ensure_account(db, actor, user_id)
    clean = normalise_code(code)
    counter = ratelimit.key("giftcard-redeem-fail", str(user_id))
    ratelimit.check(db, counter, FAILED_REDEEM_LIMIT, FAILED_REDEEM_WINDOW, now)
    claimed = db.exec(
        sa.update(GiftCard)
        .where(
            col(GiftCard.code) == clean,
            col(GiftCard.status) == ACTIVE,
            col(GiftCard.redeemed_by).is_(None),
        )
        .values(redeemed_by=user_id, redeemed_at=now, balance=Decimal("0"))
    )
    if claimed.rowcount != 1:
        state = db.exec(select(GiftCard.status).where(col(GiftCard.code) == clean)).first()
        ratelimit.hit(db, counter, now)
        db.commit()
        if state != ACTIVE:
            raise NotFound(CODE_UNKNOWN, key="giftcards.errors.unknown")
        raise Conflict(CODE_USED, key="giftcards.errors.used")
    card = db.exec(
        select(GiftCard)
        .where(col(GiftCard.code) == clean)
        .execution_options(populate_existing=True)
    ).one()
    credit.add_gift_card_credit(db, user_id, card.initial_value, clean[-4:], now=now)
    db.flush()
    return list_for_user(db, actor, user_id, now)


def activate_for_order(db: Session, order_id: int) -> GiftCard | None:
    """The card of a gift-card order that was just paid: pending → active, once (conditional
    UPDATE); None when there was nothing to activate (already active, void or none)."""
    changed = db.exec(
        sa.update(GiftCard)
        .where(col(GiftCard.order_id) == order_id, col(GiftCard.status) == PENDING)
        .values(status=ACTIVE)
    )
    if changed.rowcount != 1:
        return None
    return db.exec(
        select(GiftCard)
        .where(col(GiftCard.order_id) == order_id)
        .execution_options(populate_existing=True)
    ).first()


def void_for_order(db: Session, order_id: int) -> None:
    """The order of a pending card will not be paid (cancelled, refused, expired): the card
    can never be used."""
    db.exec(
        sa.update(GiftCard)
        .where(col(GiftCard.order_id) == order_id, col(GiftCard.status) == PENDING)
        .values(status=VOID)
    )
