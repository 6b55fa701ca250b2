"""The purge of closed accounts (`python -m grocer.cli purge-accounts`): once a deletion
request's grace period (GROCER_DELETION_GRACE_DAYS) has passed, the account is anonymised.

The user row stays (its orders point at it and the shop's books need them), but nothing in it
names a person any more: e-mail `deleted-<id>@invalid.example`, username `deleted-<id>`, no
names, birth date, gender or referral code, a password hash no password matches, inactive.
Everything else the shopper kept with us is deleted: phones, addresses, payment methods,
favourites, settings, sessions, sign-in records, pending sign-ins, the second factor, referral
invitations, the bag and any code still waiting for the old e-mail. Orders are kept with the
delivery address cut to its city and country and the delivery instructions to the preference
(no recipient, phone or notes); a mobile-money payment forgets its phone number.

Idempotent: a purged request is marked (`purged_at`) and never looked at again.
"""

from __future__ import annotations

from collections.abc import Iterable
from datetime import datetime
from typing import Any

from sqlmodel import Session, SQLModel, col, delete, select, update

from grocer.models import (
    Address,
    Cart,
    DeletionRequest,
    Favourite,
    LoginEvent,
    Order,
    OtpChallenge,
    Payment,
    PaymentMethod,
    PendingLogin,
    ReferralInvitation,
    RefreshToken,
    TwoFactorSecret,
    User,
    UserPhone,
    UserSettings,
)
from grocer.models.base import as_utc

#: Never a bcrypt hash: `accounts.verify_password` answers False for it, whatever the password.
UNUSABLE_PASSWORD = "!purged"
#: The per-user tables whose rows are deleted outright.
_DELETED_ROWS: tuple[type[SQLModel], ...] = (
    UserPhone,
    Address,
    PaymentMethod,
    Favourite,
    UserSettings,
    RefreshToken,
    LoginEvent,
    PendingLogin,
    TwoFactorSecret,
    ReferralInvitation,
    Cart,
)
#: What an order keeps of its delivery address and of its instructions.
_ORDER_ADDRESS_KEPT = ("city", "country")
_ORDER_INSTRUCTIONS_KEPT = ("deliveryPreference",)


def anonymous_email(user_id: int) -> str:
    return f"deleted-{user_id}@invalid.example"


def anonymous_username(user_id: int) -> str:
    return f"deleted-{user_id}"


def _kept(data: Any, keys: Iterable[str]) -> dict[str, Any]:
    """Only `keys` of a stored JSON object (anything else becomes {})."""
    if not isinstance(data, dict):
        return {}
    return {key: data[key] for key in keys if key in data}


def _strip_orders(db: Session, user_id: int) -> None:
    """Orders stay for the books, without the personal data of their delivery."""
    orders = db.exec(select(Order).where(col(Order.user_id) == user_id)).all()
    for order in orders:
        order.address = _kept(order.address, _ORDER_ADDRESS_KEPT)
        order.instructions = _kept(order.instructions, _ORDER_INSTRUCTIONS_KEPT)
        db.add(order)
    order_ids = [order.id for order in orders if order.id is not None]
    if order_ids:
        db.exec(update(Payment).where(col(Payment.order_id).in_(order_ids)).values(phone=None))


def anonymise_account(db: Session, user: User, now: datetime) -> None:
    """Remove every personal datum of one account (no commit: the caller's unit of work)."""
    assert user.id is not None
    old_email = user.email
    for model in _DELETED_ROWS:
        db.exec(delete(model).where(col(model.user_id) == user.id))  # type: ignore[attr-defined]
    db.exec(delete(OtpChallenge).where(col(OtpChallenge.email) == old_email))
    _strip_orders(db, user.id)
    user.email = anonymous_email(user.id)
    user.username = anonymous_username(user.id)
    user.first_name = ""
    user.last_name = ""
    user.date_of_birth = None
    user.gender = None
    user.referral_code = None
    user.password_hash = UNUSABLE_PASSWORD
    user.email_verified = False
    user.is_active = False
    user.tokens_valid_after = as_utc(now)
    user.deleted_at = as_utc(now)
    db.add(user)


def purge_due_accounts(db: Session, now: datetime) -> int:
    """Anonymise every account whose deletion request's grace period is over; returns how
    many. Each account is committed on its own (one failure does not undo the others)."""
    now = as_utc(now)
    due = db.exec(
        select(DeletionRequest)
        .where(
            col(DeletionRequest.purged_at).is_(None),
            col(DeletionRequest.purge_after).is_not(None),
            col(DeletionRequest.purge_after) <= now,
        )
        .order_by(col(DeletionRequest.id))
    ).all()
    purged = 0
    for request in due:
        user = db.get(User, request.user_id, populate_existing=True)
        if user is not None and user.deleted_at is None:
            anonymise_account(db, user, now)
            purged += 1
        request.purged_at = now
        db.add(request)
        db.commit()
    return purged
