"""Referral (001 §2, §5, §6, §9): a shopper's code and share link, invitations by e-mail, the
sign-up attribution and the reward paid when a referred friend's first order is delivered.

Rules (§9): 50 EUR of credit per referred customer, once the friend's first order (at least
99 EUR) is delivered; the credit expires after 12 months; one reward per customer and per
household (the delivery address), enforced by unique columns so that two deliveries at once
still pay once. Inviting needs at least one delivered order (§6); the monthly invitation limit
and the delay between sends come from the shopper's referral settings.
"""

from __future__ import annotations

import hashlib
import logging
import re
import unicodedata
from collections.abc import Mapping
from dataclasses import dataclass
from datetime import datetime, timedelta
from decimal import Decimal
from typing import Any

from sqlalchemy.exc import IntegrityError
from sqlmodel import Session, col, func, select
from typing_extensions import TypedDict

from grocer.models import Order, ReferralInvitation, ReferralReward, User, UserSettings
from grocer.models.base import as_utc, iso_utc
from grocer.services import credit, mailer
from grocer.services.accounts import find_by_email, validate_email
from grocer.services.errors import DeliveryFailed, Forbidden, RateLimited, ValidationFailed
from grocer.services.money import BASE_CURRENCY, convert, decimal_string, eur
from grocer.services.ownership import ensure_account, lock_user
from grocer.services.referral_codes import new_code
from grocer.services.settings_doc import optional_email_allowed, settings_with_defaults
from grocer.services.validation import plain_text
from grocer.settings import get_settings

log = logging.getLogger("grocer.referral")

REWARD_EUR = Decimal(50)
MINIMUM_FIRST_ORDER_EUR = Decimal(99)
MAX_PER_SEND = 10
SENDER_NAME_MAX = 100
FIELD = "emailInvitation"
REWARD_REASON = "Parrainage"

EMAIL_REQUIRED = "Veuillez entrer au moins une adresse email"
NOT_ELIGIBLE = "Le parrainage nécessite au moins une commande livrée"


class AddressRefused(ValidationFailed):
    """A bad address list; `params` fill the message's placeholders (the UI's translation)."""

    def __init__(self, message: str, *, key: str, **params: Any) -> None:
        super().__init__(FIELD, message, key=key)
        self.params: dict[str, Any] = params


class SendingPaused(RateLimited):
    """The delay or the monthly limit; `params` as above."""

    def __init__(self, message: str, *, key: str, retry_after: int, **params: Any) -> None:
        super().__init__(message, key=key, retry_after=retry_after)
        self.params: dict[str, Any] = params


class InvitationResult(TypedDict):
    sent: list[str]
    skipped: list[dict[str, str]]


class RewardDict(TypedDict):
    amount: str
    date: str | None


class ReferralDict(TypedDict):
    code: str
    link: str
    eligible: bool
    invitationsThisMonth: int
    monthlyLimit: int
    delayMinutes: int
    rewardAmount: str
    minimumOrder: str
    currency: str
    rewards: list[RewardDict]


# --- pure rules -------------------------------------------------------------------------------


def share_link(code: str) -> str:
    return f"{get_settings().public_base_url}/?ref={code}"


def parse_addresses(raw: Any) -> list[str]:
    """The e-mail field (several addresses separated by commas): trimmed, each checked like an
    account's e-mail, duplicates dropped, at most MAX_PER_SEND."""
    text = raw if isinstance(raw, str) else ""
    parts = [part.strip() for part in re.split(r"[,;\n]", text)]
    parts = [part for part in parts if part]
    if not parts:
        raise AddressRefused(EMAIL_REQUIRED, key="referral.errors.emailRequired")
    addresses: list[str] = []
    for part in parts:
        try:
            address = validate_email(part)
        except ValidationFailed:
            shown = part[:80]
            raise AddressRefused(
                f"Adresse email invalide : {shown}", key="referral.errors.emailInvalid", email=shown
            ) from None
        if address not in addresses:
            addresses.append(address)
    if len(addresses) > MAX_PER_SEND:
        raise AddressRefused(
            f"Vous pouvez inviter au plus {MAX_PER_SEND} adresses à la fois",
            key="referral.errors.tooMany",
            max=MAX_PER_SEND,
        )
    return addresses


def month_start(now: datetime) -> datetime:
    return as_utc(now).replace(day=1, hour=0, minute=0, second=0, microsecond=0)


def minutes_to_wait(last_sent: datetime | None, delay_minutes: int, now: datetime) -> int:
    """Whole minutes (rounded up) before the next send is allowed; 0 when it is."""
    if last_sent is None or delay_minutes <= 0:
        return 0
    remaining = as_utc(last_sent) + timedelta(minutes=delay_minutes) - as_utc(now)
    seconds = remaining.total_seconds()
    return 0 if seconds <= 0 else int(-(-seconds // 60))


def household_key(address: Mapping[str, Any] | None, user_id: int) -> str:
    """sha256 of the normalised street, city and country (case, accents, punctuation and
    spacing ignored); an order without an address (pickup) counts as its customer's own."""
    address = address or {}
    parts = [str(address.get(key) or "") for key in ("streetAddress", "city", "country")]
    if not any(part.strip() for part in parts):
        return hashlib.sha256(f"customer:{user_id}".encode()).hexdigest()
    return hashlib.sha256("|".join(_normalised(part) for part in parts).encode()).hexdigest()


def _normalised(text: str) -> str:
    plain = unicodedata.normalize("NFKD", text).encode("ascii", "ignore").decode().lower()
    return " ".join(re.sub(r"[^a-z0-9]+", " ", plain).split())


def reward_amount() -> Decimal:
    return eur(REWARD_EUR)


def minimum_first_order() -> Decimal:
    return eur(MINIMUM_FIRST_ORDER_EUR)


# --- the shopper's side -----------------------------------------------------------------------


def ensure_code(db: Session, user: User) -> str:
    """The shopper's code, made on first use (random, unique; a clash is drawn again)."""
    if user.referral_code:
        return user.referral_code
    assert user.id is not None
    lock_user(db, user.id)
    db.refresh(user)
    if user.referral_code:
        return user.referral_code
    for _ in range(10):
        code = new_code()
        if db.exec(select(User.id).where(col(User.referral_code) == code)).first() is None:
            user.referral_code = code
            db.add(user)
            db.flush()
            return code
    raise AssertionError("no free referral code after 10 draws")


def is_eligible(db: Session, user_id: int) -> bool:
    """§6: referral needs at least one completed (delivered) order."""
    found = db.exec(
        select(Order.id).where(col(Order.user_id) == user_id, col(Order.status) == "delivered")
    ).first()
    return found is not None


def _referral_settings(db: Session, user_id: int) -> dict[str, Any]:
    row = db.get(UserSettings, user_id)
    return settings_with_defaults(row.data if row else None)["referral"]


def _sent_since(db: Session, user_id: int, since: datetime) -> int:
    return db.exec(
        select(func.count())
        .select_from(ReferralInvitation)
        .where(
            col(ReferralInvitation.user_id) == user_id,
            col(ReferralInvitation.created_at) >= since,
        )
    ).one()


def _last_sent(db: Session, user_id: int) -> datetime | None:
    return db.exec(
        select(func.max(ReferralInvitation.created_at)).where(
            col(ReferralInvitation.user_id) == user_id
        )
    ).one()


def get_referral(db: Session, actor: User, user_id: int, now: datetime) -> ReferralDict:
    """What the referral section shows: code, link, eligibility, this month's count, the
    settings that bound sending, the reward rules (XOF) and the rewards earned."""
    user = ensure_account(db, actor, user_id)
    code = ensure_code(db, user)
    settings = _referral_settings(db, user_id)
    rewards = db.exec(
        select(ReferralReward)
        .where(col(ReferralReward.referrer_id) == user_id)
        .order_by(col(ReferralReward.id).desc())
    ).all()
    return ReferralDict(
        code=code,
        link=share_link(code),
        eligible=is_eligible(db, user_id),
        invitationsThisMonth=_sent_since(db, user_id, month_start(now)),
        monthlyLimit=settings["monthlyInvitationLimit"],
        delayMinutes=settings["invitationDelayMinutes"],
        rewardAmount=decimal_string(reward_amount()),
        minimumOrder=decimal_string(minimum_first_order()),
        currency=BASE_CURRENCY,
        rewards=[
            RewardDict(amount=decimal_string(reward_amount()), date=iso_utc(reward.created_at))
            for reward in rewards
        ],
    )


@dataclass(frozen=True)
class Invitation:
    """The referral form (001 §3): yourName (optional) and emailInvitation."""

    email_invitation: Any
    your_name: Any = None


def _check_quota(
    db: Session, user_id: int, wanted: int, settings: Mapping[str, Any], now: datetime
) -> None:
    wait = minutes_to_wait(_last_sent(db, user_id), settings["invitationDelayMinutes"], now)
    if wait:
        raise SendingPaused(
            f"Veuillez patienter {wait} minute(s) avant d'envoyer de nouvelles invitations",
            key="referral.errors.wait",
            retry_after=wait * 60,
            minutes=wait,
        )
    limit = settings["monthlyInvitationLimit"]
    left = limit - _sent_since(db, user_id, month_start(now))
    if wanted > left:
        raise SendingPaused(
            f"Limite mensuelle d'invitations atteinte ({limit} par mois, il en reste "
            f"{max(left, 0)})",
            key="referral.errors.monthlyLimit",
            retry_after=3600,
            limit=limit,
            left=max(left, 0),
        )


def _skip_reason(db: Session, user: User, address: str) -> str | None:
    if address == (user.email or "").lower():
        return "self"
    if find_by_email(db, address) is not None:
        return "existingCustomer"
    return None


def send_invitations(
    db: Session, actor: User, user_id: int, invitation: Invitation, now: datetime
) -> InvitationResult:
    """E-mail the link to each address (own address and existing customers skipped), after
    checking eligibility (403), the addresses (400), the delay and the monthly limit (429).
    One ReferralInvitation per e-mail sent; the per-user lock keeps the counts exact."""
    user = ensure_account(db, actor, user_id)
    sender = plain_text(
        invitation.your_name, field="yourName", label="nom", max_length=SENDER_NAME_MAX
    )
    addresses = parse_addresses(invitation.email_invitation)
    if not is_eligible(db, user_id):
        raise Forbidden(NOT_ELIGIBLE, key="referral.errors.notEligible")
    lock_user(db, user_id)
    skipped = [
        {"email": address, "reason": reason}
        for address in addresses
        if (reason := _skip_reason(db, user, address))
    ]
    targets = [address for address in addresses if address not in {s["email"] for s in skipped}]
    if targets:  # nothing to send (all skipped) is no send: neither delay nor limit apply
        _check_quota(db, user_id, len(targets), _referral_settings(db, user_id), now)
    link = share_link(ensure_code(db, user))
    sender_name = sender or user.first_name or ""
    sent: list[str] = []
    for address in targets:
        try:
            mailer.send_referral_invitation(
                address,
                sender_name,
                link,
                user.preferred_language,
                amount=reward_amount(),
                minimum=minimum_first_order(),
            )
        except DeliveryFailed:
            skipped.append({"email": address, "reason": "deliveryFailed"})
            continue
        db.add(ReferralInvitation(user_id=user_id, email=address, created_at=now))
        sent.append(address)
    if targets and not sent:
        raise DeliveryFailed()
    db.flush()
    return InvitationResult(sent=sent, skipped=skipped)


# --- sign-up and reward -----------------------------------------------------------------------


def _first_delivered(db: Session, order: Order) -> bool:
    other = db.exec(
        select(Order.id).where(
            col(Order.user_id) == order.user_id,
            col(Order.status) == "delivered",
            col(Order.id) != order.id,
        )
    ).first()
    return other is None


def _households_of(db: Session, user_id: int) -> set[str]:
    """The households the referrer's own orders went to."""
    addresses = db.exec(select(Order.address).where(col(Order.user_id) == user_id)).all()
    return {household_key(address, user_id) for address in addresses if address}


def _subtotal_xof(order: Order) -> Decimal:
    return convert(Decimal(order.subtotal), order.currency or BASE_CURRENCY, BASE_CURRENCY)


def reward_on_delivery(db: Session, order: Order, now: datetime) -> ReferralReward | None:
    """Called by orders.move_to when an order becomes delivered: credit the referrer when this
    is the referred customer's first delivered order and it reaches the minimum. A second
    reward for the same customer or household loses on the unique columns and is dropped."""
    customer = db.get(User, order.user_id)
    if customer is None or customer.referred_by is None or customer.referred_by == customer.id:
        return None
    referrer = db.get(User, customer.referred_by)
    if referrer is None or referrer.id is None or referrer.deleted_at is not None:
        return None
    if not _first_delivered(db, order) or _subtotal_xof(order) < minimum_first_order():
        return None
    household = household_key(order.address, order.user_id)
    if household in _households_of(db, referrer.id):
        return None  # the referrer's own household: a second account of theirs
    try:
        with db.begin_nested():
            reward = ReferralReward(
                referrer_id=referrer.id,
                referred_id=customer.id,
                household_key=household,
                order_id=order.id,
                created_at=now,
            )
            db.add(reward)
            db.flush()
            entry = credit.add_referral_credit(
                db, referrer.id, reward_amount(), REWARD_REASON, now=now
            )
            reward.credit_entry_id = entry["id"]
            db.add(reward)
            db.flush()
    except IntegrityError:
        log.info("referral: reward already paid for this customer or household")
        return None
    _notify_referrer(db, referrer)
    return reward


def _notify_referrer(db: Session, referrer: User) -> None:
    assert referrer.id is not None
    if not referrer.email or not _referral_settings(db, referrer.id)["emailNotifications"]:
        return
    if not optional_email_allowed(db, referrer.id):  # notifications.email off
        return
    try:
        mailer.send_referral_reward(referrer.email, reward_amount(), referrer.preferred_language)
    except DeliveryFailed:
        log.warning("referral: the reward e-mail could not be sent")
