"""One-time codes sent by e-mail, for sign-up ("signup") and password reset ("reset").

A code is 6 digits from `secrets`, stored only as an HMAC-SHA256 keyed with the server secret
(bound to the e-mail and purpose, so a leaked table gives nothing to replay). It lives
10 minutes, is single use, and dies after 5 wrong tries: the 6th try answers 429, even with the
right code. A new code for the same e-mail and purpose waits 60 s after the previous one, and
sends are also counted per e-mail and per IP in the shared rate-limit table.

Callers pass e-mails already normalised (trimmed, lower-case) and commit nothing themselves:
each function here commits what must survive an error (attempt counters, consumption).
"""

from __future__ import annotations

import hashlib
import hmac
import math
import secrets
from dataclasses import dataclass
from datetime import datetime, timedelta

from sqlmodel import Session, col, select, update

from grocer.models import OtpChallenge
from grocer.services import mailer, ratelimit
from grocer.services.errors import DeliveryFailed, RateLimited, ValidationFailed
from grocer.services.tokens import as_utc
from grocer.settings import get_settings

CODE_LENGTH = 6
CODE_LIFETIME = timedelta(minutes=10)
RESEND_COOLDOWN = timedelta(seconds=60)
MAX_WRONG_TRIES = 5
SENDS_PER_EMAIL = 5
SENDS_PER_IP = 20
SEND_WINDOW = timedelta(hours=1)
SIGNUP = "signup"
RESET = "reset"


@dataclass(frozen=True)
class _Texts:
    """The spec's messages differ between the sign-up (001 §8) and reset (000 §8) dialogs."""

    key: str
    invalid: str
    bad_format: str
    verify_limited: str
    send_limited: str


_TEXTS = {
    SIGNUP: _Texts(
        key="signup",
        invalid="Code de vérification incorrect ou expiré",
        bad_format="Veuillez entrer un code de vérification à 6 chiffres",
        verify_limited="Trop de tentatives. Veuillez attendre avant de réessayer",
        send_limited="Trop de tentatives. Veuillez attendre avant de réessayer",
    ),
    RESET: _Texts(
        key="forgotPassword",
        invalid="Code incorrect ou expiré",
        bad_format="Veuillez entrer un code à 6 chiffres",
        verify_limited="Trop de tentatives, réessayez plus tard",
        send_limited="Trop de tentatives. Veuillez patienter.",
    ),
}


def _texts(purpose: str) -> _Texts:
    try:
        return _TEXTS[purpose]
    except KeyError:
        raise ValueError(f"unknown OTP purpose {purpose!r}") from None


def generate_code() -> str:
    return f"{secrets.randbelow(10**CODE_LENGTH):0{CODE_LENGTH}d}"


def hash_code(email: str, purpose: str, code: str) -> str:
    key = get_settings().jwt_secret.encode()
    return hmac.new(key, f"{purpose}:{email}:{code}".encode(), hashlib.sha256).hexdigest()


def _latest(db: Session, email: str, purpose: str) -> OtpChallenge | None:
    return db.exec(
        select(OtpChallenge)
        .where(col(OtpChallenge.email) == email, col(OtpChallenge.purpose) == purpose)
        .order_by(col(OtpChallenge.created_at).desc(), col(OtpChallenge.id).desc())
    ).first()


def send_code(
    db: Session, email: str, purpose: str, now: datetime, ip: str, lang: str = "fr"
) -> None:
    """Create a challenge and e-mail its code; earlier open codes for this purpose die.

    The challenge is committed before the e-mail goes out (no transaction held during SMTP)
    and deleted again if delivery fails, so that the user may retry at once.
    """
    texts = _texts(purpose)
    now = as_utc(now)
    latest = _latest(db, email, purpose)
    if latest is not None and as_utc(latest.last_sent_at) > now - RESEND_COOLDOWN:
        wait = (as_utc(latest.last_sent_at) + RESEND_COOLDOWN - now).total_seconds()
        raise RateLimited(
            texts.send_limited,
            retry_after=max(1, math.ceil(wait)),
            key=f"{texts.key}.errors.resendWait",
        )
    email_key = ratelimit.key("otp-send:email", email, hashed=True)
    ip_key = ratelimit.key("otp-send:ip", ip)
    for counter, limit in ((email_key, SENDS_PER_EMAIL), (ip_key, SENDS_PER_IP)):
        ratelimit.check(
            db,
            counter,
            limit,
            SEND_WINDOW,
            now,
            message=texts.send_limited,
            error_key=f"{texts.key}.errors.tooManySends",
        )
    db.exec(
        update(OtpChallenge)
        .where(
            col(OtpChallenge.email) == email,
            col(OtpChallenge.purpose) == purpose,
            col(OtpChallenge.consumed_at).is_(None),
        )
        .values(consumed_at=now)
    )
    code = generate_code()
    challenge = OtpChallenge(
        email=email,
        purpose=purpose,
        code_hash=hash_code(email, purpose, code),
        created_at=now,
        last_sent_at=now,
        expires_at=now + CODE_LIFETIME,
    )
    db.add(challenge)
    ratelimit.hit(db, email_key, now)
    ratelimit.hit(db, ip_key, now)
    db.commit()
    try:
        mailer.send_otp_email(
            email, code, purpose, lang, valid_minutes=int(CODE_LIFETIME.total_seconds() // 60)
        )
    except DeliveryFailed:
        db.delete(challenge)
        db.commit()
        raise


def _digits(code: str | None, texts: _Texts) -> str:
    value = (code or "").strip()
    if len(value) != CODE_LENGTH or not value.isascii() or not value.isdigit():
        raise ValidationFailed("otp", texts.bad_format, key=f"{texts.key}.errors.codeFormat")
    return value


def verify_code(
    db: Session, email: str, purpose: str, code: str | None, now: datetime
) -> OtpChallenge:
    """Check a code against the open challenge and mark it verified; commits.

    ValidationFailed (400) for a wrong, expired or missing code; RateLimited (429) once the
    challenge has used up its tries, whatever the code.
    """
    texts = _texts(purpose)
    now = as_utc(now)
    digits = _digits(code, texts)
    invalid = ValidationFailed("otp", texts.invalid, key=f"{texts.key}.errors.codeInvalid")
    challenge = db.exec(
        select(OtpChallenge)
        .where(
            col(OtpChallenge.email) == email,
            col(OtpChallenge.purpose) == purpose,
            col(OtpChallenge.consumed_at).is_(None),
            col(OtpChallenge.expires_at) > now,
        )
        .order_by(col(OtpChallenge.created_at).desc(), col(OtpChallenge.id).desc())
    ).first()
    if challenge is None:
        raise invalid
    right = hmac.compare_digest(challenge.code_hash, hash_code(email, purpose, digits))
    # Conditional updates keep the try limit exact when several workers race on one code.
    live = (col(OtpChallenge.id) == challenge.id, col(OtpChallenge.attempts) < MAX_WRONG_TRIES)
    if right:
        changed = db.exec(
            update(OtpChallenge).where(*live).values(verified_at=challenge.verified_at or now)
        ).rowcount
    else:
        changed = db.exec(
            update(OtpChallenge).where(*live).values(attempts=OtpChallenge.attempts + 1)
        ).rowcount
    db.commit()
    if changed != 1:
        raise RateLimited(
            texts.verify_limited, retry_after=60, key=f"{texts.key}.errors.tooManyTries"
        )
    if not right:
        raise invalid
    db.refresh(challenge)
    return challenge


def _claim(db: Session, challenge: OtpChallenge, now: datetime) -> bool:
    return (
        db.exec(
            update(OtpChallenge)
            .where(col(OtpChallenge.id) == challenge.id, col(OtpChallenge.consumed_at).is_(None))
            .values(consumed_at=as_utc(now))
        ).rowcount
        == 1
    )


def consume_verified(
    db: Session, email: str, purpose: str, now: datetime, within: timedelta
) -> None:
    """Use up a challenge verified in the last `within`; ValidationFailed if there is none.

    Does not commit: it is part of the caller's change (register, reset) and rolls back with it.
    """
    texts = _texts(purpose)
    challenge = db.exec(
        select(OtpChallenge)
        .where(
            col(OtpChallenge.email) == email,
            col(OtpChallenge.purpose) == purpose,
            col(OtpChallenge.consumed_at).is_(None),
            col(OtpChallenge.verified_at) >= as_utc(now) - within,
        )
        .order_by(col(OtpChallenge.verified_at).desc())
    ).first()
    if challenge is None or not _claim(db, challenge, now):
        raise ValidationFailed("otp", texts.invalid, key=f"{texts.key}.errors.notVerified")


def consume_code(db: Session, email: str, purpose: str, code: str | None, now: datetime) -> None:
    """Verify a code and use it up in one go (the verification itself is committed)."""
    challenge = verify_code(db, email, purpose, code, now)
    if not _claim(db, challenge, now):
        texts = _texts(purpose)
        raise ValidationFailed("otp", texts.invalid, key=f"{texts.key}.errors.codeInvalid")
