"""Referral codes (the pure part of grocer.services.referral, kept apart so that sign-up can
use it without importing the referral rules): the alphabet, drawing a code, reading one from a
link, and the account a sign-up's code names."""

from __future__ import annotations

import re
import secrets
from typing import Any

from sqlmodel import Session, col, select

from grocer.models import User

# No 0/O, 1/I/L: a code read aloud or copied by hand is not mistaken.
CODE_ALPHABET = "ABCDEFGHJKMNPQRSTUVWXYZ23456789"
CODE_LENGTH = 8
_CODE_PATTERN = re.compile(f"[{CODE_ALPHABET}]{{{CODE_LENGTH}}}")


def new_code() -> str:
    return "".join(secrets.choice(CODE_ALPHABET) for _ in range(CODE_LENGTH))


def normalise_code(raw: Any) -> str | None:
    """A code as typed or carried in a link (any case, spaces around), or None if it cannot
    be one of ours."""
    if not isinstance(raw, str):
        return None
    code = raw.strip().upper()
    return code if _CODE_PATTERN.fullmatch(code) else None


def referrer_for(db: Session, raw_code: Any, email: str | None = None) -> int | None:
    """The account a sign-up's code names, or None (unknown, malformed, closed, or the new
    account's own e-mail)."""
    code = normalise_code(raw_code)
    if code is None:
        return None
    referrer = db.exec(select(User).where(col(User.referral_code) == code)).first()
    if referrer is None or referrer.deleted_at is not None or not referrer.is_active:
        return None
    if email and (referrer.email or "").lower() == email.lower():
        return None
    return referrer.id
