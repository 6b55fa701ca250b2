"""A signed-in shopper's change of e-mail, proven by a code sent to the NEW address.

Step 1 (`request_email_change`): the current password (checked and counted as a failed login
when wrong, `accounts.check_current_password`) and a valid new address that no other account
uses; a code goes to that address (grocer.services.otp, purpose "email": 6 digits, 10 minutes,
5 tries, the 60 s wait and the hourly budgets of the sign-up code, 429 past them). An address
already taken answers the sign-up dialog's single message "Adresse email invalide ou déjà
utilisée" and is charged like a real send, so that the answer and the limits tell no more.

Step 2 (`confirm_email_change`): the new address and its code; the code is used up (a replay
fails), the account takes the address with `email_verified` true, and the former address gets a
notice (a delivery failure there is logged, never undoes the change).
"""

from __future__ import annotations

import logging
from datetime import datetime
from typing import Any

from sqlalchemy.exc import IntegrityError
from sqlmodel import Session

from grocer.models import User
from grocer.services import accounts, mailer, otp
from grocer.services.errors import DeliveryFailed, ValidationFailed
from grocer.services.ownership import ensure_account

log = logging.getLogger(__name__)

FIELD = "newEmail"
SAME_EMAIL = "Cette adresse email est déjà celle de votre compte"


def _unavailable() -> ValidationFailed:
    return ValidationFailed(
        FIELD, accounts.EMAIL_UNAVAILABLE, key="emailChange.errors.emailUnavailable"
    )


def _new_address(raw: str | None) -> str:
    """The new address, valid (the sign-up dialog's messages), on `newEmail`."""
    try:
        return accounts.validate_email(raw)
    except ValidationFailed as exc:
        raise ValidationFailed(FIELD, exc.message, key=exc.key) from exc


def request_email_change(
    db: Session,
    actor: User,
    user_id: int,
    new_email: str | None,
    password: str | None,
    now: datetime,
    ip: str = "unknown",
    lang: str = "fr",
) -> str:
    """Step 1: e-mail a code to the new address; returns that address (normalised)."""
    user = ensure_account(db, actor, user_id)
    address = _new_address(new_email)
    if not password:
        raise ValidationFailed("password", accounts.FILL_ALL_FIELDS, key="validation.fillAllFields")
    accounts.check_current_password(db, user, password, now, field="password")
    if address == user.email:
        raise ValidationFailed(FIELD, SAME_EMAIL, key="emailChange.errors.sameEmail")
    if accounts.find_by_email(db, address) is not None:
        otp.charge_send(db, address, otp.EMAIL_CHANGE, now, ip)
        raise _unavailable()
    otp.send_code(db, address, otp.EMAIL_CHANGE, now, ip, lang or user.preferred_language)
    return address


def confirm_email_change(
    db: Session,
    actor: User,
    user_id: int,
    new_email: str | None,
    code: str | None,
    now: datetime,
    ip: str = "unknown",
) -> dict[str, Any]:
    """Step 2: the code sent to the new address makes it the account's (verified); answers
    the user details. Commits."""
    user = ensure_account(db, actor, user_id)
    address = _new_address(new_email)
    otp.redeem(db, address, otp.EMAIL_CHANGE, now, ip, code=code)
    if accounts.find_by_email(db, address) not in (None, user):
        db.rollback()
        raise _unavailable()
    former = user.email
    user.email = address
    user.email_verified = True
    db.add(user)
    try:
        db.commit()
    except IntegrityError as exc:  # another account took it meanwhile
        db.rollback()
        raise _unavailable() from exc
    db.refresh(user)
    if former != address:
        try:
            mailer.send_email_changed(former, address, user.preferred_language or "fr")
        except DeliveryFailed:
            log.warning("e-mail change notice for user %s not delivered", user.id)
    return accounts.user_details(db, user)
