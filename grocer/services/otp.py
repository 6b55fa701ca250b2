"""One-time codes sent by e-mail, for sign-up ("signup"), password reset ("reset") and the
profile's change of e-mail ("email", sent to the new address).

A code is 6 digits from `secrets`, stored only as an HMAC-SHA256 keyed with a key derived from
the server secret (bound to the e-mail and purpose, so a leaked table gives nothing to replay).
It lives 10 minutes, is single use, and dies after 5 wrong tries: the 6th try answers 429, even
with the right code; an e-mail also gets at most 20 wrong codes a day across its challenges. A
new code for the same e-mail and purpose waits 60 s after the previous send, and sends are
counted per e-mail and per IP in the shared rate-limit table (a refused send to a taken address
is counted the same way, see `charge_send`).

Checking a code (step 2) hands out a proof: a random single-use token, stored only as its
SHA-256 on the challenge and expiring with it. The last step (reset the password, create the
account) must redeem that proof, or the code itself: an e-mail alone is never enough, and
failures there are counted per e-mail and per IP (`redeem`).

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
from grocer.models.base import as_utc
from grocer.services import mailer, ratelimit
from grocer.services.errors import DeliveryFailed, RateLimited, ServiceError, ValidationFailed
from grocer.settings import get_settings

CODE_LENGTH = 6
CODE_LIFETIME = timedelta(minutes=10)
RESEND_COOLDOWN = timedelta(seconds=60)
MAX_WRONG_TRIES = 5
WRONG_CODES_PER_EMAIL = 20  # across challenges, per WRONG_CODE_WINDOW
WRONG_CODE_WINDOW = timedelta(hours=24)
SENDS_PER_EMAIL = 5
SENDS_PER_IP = 20
SEND_WINDOW = timedelta(hours=1)
PROOF_BYTES = 32  # 256 bits of secrets.token_urlsafe
PROOF_MAX_LENGTH = 128
REDEEM_FAILS_PER_EMAIL = 10  # wrong or missing proofs/codes at the last step
REDEEM_FAILS_PER_IP = 30
REDEEM_FAIL_WINDOW = timedelta(hours=1)
SIGNUP = "signup"
RESET = "reset"
EMAIL_CHANGE = "email"  # a signed-in shopper's new e-mail (grocer.services.email_change)


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
    # The profile's e-mail change words its code like the sign-up dialog (001 §5, §8).
    EMAIL_CHANGE: _Texts(
        key="emailChange",
        invalid="Code de vérification incorrect ou expiré",
        bad_format="Veuillez entrer un code de vérification à 6 chiffres",
        verify_limited="Trop de tentatives. Veuillez attendre avant de réessayer",
        send_limited="Trop de tentatives. Veuillez attendre avant de réessayer",
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
    key = get_settings().otp_hash_key
    return hmac.new(key, f"{purpose}:{email}:{code}".encode(), hashlib.sha256).hexdigest()


def hash_proof(proof: str) -> str:
    """What the challenge keeps of a proof (256 random bits need no key or salt)."""
    return hashlib.sha256(proof.encode()).hexdigest()


def _cooldown_key(email: str, purpose: str) -> str:
    return ratelimit.key(f"otp-wait:{purpose}", email, hashed=True)


def _charge(db: Session, email: str, purpose: str, now: datetime, ip: str) -> str:
    """Check the 60 s wait and the hourly budgets of a send, then count it (no commit).

    Returns the wait's key, which a failed delivery clears so that the user may retry at once.
    """
    texts = _texts(purpose)
    wait_key = _cooldown_key(email, purpose)
    last = ratelimit.latest(db, wait_key, now - RESEND_COOLDOWN)
    if last is not None and last > now - RESEND_COOLDOWN:
        wait = (last + RESEND_COOLDOWN - now).total_seconds()
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
    for counter in (wait_key, email_key, ip_key):
        ratelimit.hit(db, counter, now)
    return wait_key


def charge_send(db: Session, email: str, purpose: str, now: datetime, ip: str) -> None:
    """Count a send that is refused without e-mailing (an address already taken), exactly as a
    real send is counted, so that its answer and its limits tell nothing more; commits.
    RateLimited when a real send would have been refused too."""
    _charge(db, email, purpose, as_utc(now), ip)
    db.commit()


def send_code(
    db: Session, email: str, purpose: str, now: datetime, ip: str, lang: str = "fr"
) -> None:
    """Create a challenge and e-mail its code; earlier codes not yet verified die.

    A verified challenge stays: asking for a new code must not cancel a reset (or sign-up)
    that its owner is finishing. The challenge is committed before the e-mail goes out (no
    transaction held during SMTP) and deleted again if delivery fails, so that the user may
    retry at once.
    """
    now = as_utc(now)
    wait_key = _charge(db, email, purpose, now, ip)
    db.exec(
        update(OtpChallenge)
        .where(
            col(OtpChallenge.email) == email,
            col(OtpChallenge.purpose) == purpose,
            col(OtpChallenge.consumed_at).is_(None),
            col(OtpChallenge.verified_at).is_(None),
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
    db.commit()
    try:
        mailer.send_otp_email(
            email, code, purpose, lang, valid_minutes=int(CODE_LIFETIME.total_seconds() // 60)
        )
    except DeliveryFailed:
        db.delete(challenge)
        ratelimit.clear(db, wait_key)
        db.commit()
        raise


def _digits(code: str | None, texts: _Texts) -> str:
    value = (code or "").strip()
    if len(value) != CODE_LENGTH or not value.isascii() or not value.isdigit():
        raise ValidationFailed("otp", texts.bad_format, key=f"{texts.key}.errors.codeFormat")
    return value


def _wrong_codes_key(email: str) -> str:
    return ratelimit.key("otp-wrong:email", email, hashed=True)


def verify_code(db: Session, email: str, purpose: str, code: str | None, now: datetime) -> str:
    """Check a code against the open challenge, mark it verified and return a new proof (the
    only copy: the challenge keeps its SHA-256, and an earlier proof of it stops working);
    commits.

    ValidationFailed (400) for a wrong, expired or missing code; RateLimited (429) once the
    challenge has used up its tries, or the e-mail its wrong codes of the day, whatever the code.
    """
    return _verify(db, email, purpose, code, now)[1]


def _verify(
    db: Session, email: str, purpose: str, code: str | None, now: datetime
) -> tuple[int, str]:
    """`verify_code`, also naming the challenge: (its id, the proof)."""
    texts = _texts(purpose)
    now = as_utc(now)
    digits = _digits(code, texts)
    invalid = ValidationFailed("otp", texts.invalid, key=f"{texts.key}.errors.codeInvalid")
    wrong_key = _wrong_codes_key(email)
    ratelimit.check(
        db,
        wrong_key,
        WRONG_CODES_PER_EMAIL,
        WRONG_CODE_WINDOW,
        now,
        message=texts.verify_limited,
        error_key=f"{texts.key}.errors.tooManyTries",
    )
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
    if challenge is None or challenge.id is None:
        raise invalid
    right = hmac.compare_digest(challenge.code_hash, hash_code(email, purpose, digits))
    proof = secrets.token_urlsafe(PROOF_BYTES)
    # Conditional updates keep the try limit exact when several workers race on one code.
    live = (col(OtpChallenge.id) == challenge.id, col(OtpChallenge.attempts) < MAX_WRONG_TRIES)
    if right:
        changed = db.exec(
            update(OtpChallenge)
            .where(*live)
            .values(verified_at=challenge.verified_at or now, token_hash=hash_proof(proof))
        ).rowcount
    else:
        changed = db.exec(
            update(OtpChallenge).where(*live).values(attempts=OtpChallenge.attempts + 1)
        ).rowcount
        if changed == 1:
            ratelimit.hit(db, wrong_key, now)
    db.commit()
    if changed != 1:
        raise RateLimited(
            texts.verify_limited, retry_after=60, key=f"{texts.key}.errors.tooManyTries"
        )
    if not right:
        raise invalid
    return challenge.id, proof


def _claim_code(db: Session, email: str, purpose: str, code: str, now: datetime) -> None:
    """Verify a code and use its challenge up in one go (the verification is committed, the
    use is part of the caller's change)."""
    challenge_id, _proof = _verify(db, email, purpose, code, now)
    claimed = db.exec(
        update(OtpChallenge)
        .where(col(OtpChallenge.id) == challenge_id, col(OtpChallenge.consumed_at).is_(None))
        .values(consumed_at=as_utc(now))
    ).rowcount
    if claimed != 1:
        texts = _texts(purpose)
        raise ValidationFailed("otp", texts.invalid, key=f"{texts.key}.errors.codeInvalid")


def _claim_proof(db: Session, email: str, purpose: str, proof: str, now: datetime) -> bool:
    """Use up the challenge this proof was handed out for, if it is still live: one conditional
    UPDATE, so that of two racing requests with the same proof exactly one wins."""
    if not proof or len(proof) > PROOF_MAX_LENGTH:
        return False
    now = as_utc(now)
    return (
        db.exec(
            update(OtpChallenge)
            .where(
                col(OtpChallenge.email) == email,
                col(OtpChallenge.purpose) == purpose,
                col(OtpChallenge.token_hash) == hash_proof(proof),
                col(OtpChallenge.verified_at).is_not(None),
                col(OtpChallenge.consumed_at).is_(None),
                col(OtpChallenge.expires_at) > now,
            )
            .values(consumed_at=now)
        ).rowcount
        == 1
    )


def _redeem_budget(email: str, ip: str) -> tuple[tuple[str, int], ...]:
    return (
        (ratelimit.key("otp-redeem-fail:email", email, hashed=True), REDEEM_FAILS_PER_EMAIL),
        (ratelimit.key("otp-redeem-fail:ip", ip), REDEEM_FAILS_PER_IP),
    )


def _check_redeem_budget(
    db: Session, budget: tuple[tuple[str, int], ...], texts: _Texts, now: datetime
) -> None:
    for counter, limit in budget:
        ratelimit.check(
            db,
            counter,
            limit,
            REDEEM_FAIL_WINDOW,
            now,
            message=texts.verify_limited,
            error_key=f"{texts.key}.errors.tooManyTries",
        )


def redeem(
    db: Session,
    email: str,
    purpose: str,
    now: datetime,
    ip: str,
    *,
    proof: str | None = None,
    code: str | None = None,
) -> None:
    """The last step's check that the caller owns the e-mail: the proof of `verify_code`, or
    the code itself, is used up (as part of the caller's change: not committed on success).

    Never the e-mail alone. A failure (wrong, missing, used or expired proof or code) is counted
    per e-mail and per IP and committed: past the budget the answer is 429. A right proof is
    never refused for the budget (256 random bits are not guessed, and an attacker's failures
    must not lock its owner out); a code is, since 6 digits can be.
    """
    texts = _texts(purpose)
    now = as_utc(now)
    budget = _redeem_budget(email, ip)
    proof = (proof or "").strip()
    if proof:
        if _claim_proof(db, email, purpose, proof, now):
            return
        failure: ServiceError = ValidationFailed(
            "otp", texts.invalid, key=f"{texts.key}.errors.notVerified"
        )
    else:
        _check_redeem_budget(db, budget, texts, now)
        try:
            if not (code or "").strip():
                raise ValidationFailed("otp", texts.invalid, key=f"{texts.key}.errors.notVerified")
            _claim_code(db, email, purpose, code or "", now)
            return
        except (ValidationFailed, RateLimited) as exc:
            failure = exc
    db.rollback()  # nothing of this attempt is kept but its count
    try:
        _check_redeem_budget(db, budget, texts, now)
    except RateLimited as limited:
        failure = limited
    else:
        for counter, _limit in budget:
            ratelimit.hit(db, counter, now)
        db.commit()
    raise failure
