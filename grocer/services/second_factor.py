"""The second factor of a sign-in (001 §9 two-factor: disabled, sms, email, app): the
authenticator app's TOTP secrets, the recovery codes, and the pending sign-in that waits for a
code. The account-facing operations (choose a method, enrol, disable) are in
grocer.services.two_factor; the sign-in itself in grocer.services.accounts.

- **TOTP** (RFC 6238 through pyotp: 6 digits, 30 s, one step either side). A secret is stored
  sealed: XORed with an HMAC keystream under a key derived from the server secret and a random
  nonce, so a copy of the database alone gives no secret (rotating GROCER_JWT_SECRET therefore
  ends every enrolment). A code that signed in once is refused for the rest of its window.
- **Recovery codes**: 10 codes of 10 characters from a 32-letter alphabet (50 bits each), shown
  once, stored only as HMACs bound to the account; each works once.
- **A pending sign-in** (`PendingLogin`): the password was right; the client holds a random
  challenge (256 bits; stored as its SHA-256), valid 10 minutes, at most 5 wrong codes (the
  6th try answers 429, even with the right code), used once. For e-mail and SMS it carries a
  6-digit code, stored as an HMAC bound to the challenge.
- **SMS** goes through the mailer's outbox path while no SMS provider is configured
  (`mailer.send_sms`), to the account's primary phone; an account without a phone gets the
  code by e-mail instead (never no code at all).

Functions here commit what must survive an error (an attempt, a consumption is the caller's).
"""

from __future__ import annotations

import base64
import hashlib
import hmac
import secrets
from dataclasses import dataclass
from datetime import datetime, timedelta
from typing import Any

import pyotp
import segno
from sqlmodel import Session, col, delete, select, update

from grocer.models import PendingLogin, TwoFactorSecret, User, UserPhone, UserSettings
from grocer.models.base import as_utc
from grocer.services import mailer, otp, ratelimit
from grocer.services.errors import DeliveryFailed, RateLimited, ValidationFailed
from grocer.services.ownership import lock_user
from grocer.services.settings_doc import TWO_FACTOR_METHODS, settings_with_defaults
from grocer.settings import derive_key, get_settings

DISABLED, SMS, EMAIL, APP = "disabled", "sms", "email", "app"
assert set(TWO_FACTOR_METHODS) == {DISABLED, SMS, EMAIL, APP}
RECOVERY = "recovery"  # how a sign-in was finished with a recovery code

ISSUER = "Grocer"
TOTP_WINDOW = 1  # steps accepted either side of now (clock drift of the phone)
TOTP_STEP_SECONDS = 30
RECOVERY_CODE_COUNT = 10
RECOVERY_ALPHABET = "ABCDEFGHJKLMNPQRSTUVWXYZ23456789"  # 32 letters: no 0/O, 1/I
RECOVERY_GROUP = 5  # "ABCDE-FGHJK": two groups
CODE_LENGTH = otp.CODE_LENGTH
CHALLENGE_LIFETIME = timedelta(minutes=10)
CHALLENGE_BYTES = 32
CHALLENGE_MAX_LENGTH = 128
MAX_ATTEMPTS = 5
RESEND_COOLDOWN = otp.RESEND_COOLDOWN
SENDS_PER_USER = 10  # sign-in codes sent to one account per hour (logins and resends)
SEND_WINDOW = timedelta(hours=1)

_PRUNE_AFTER = timedelta(days=1)
_SEALING_LABEL = b"grocer totp sealing"
_NONCE_BYTES = 8

INVALID = "Code de vérification incorrect ou expiré"
BAD_FORMAT = "Veuillez entrer un code de vérification à 6 chiffres"
TOO_MANY = "Trop de tentatives. Veuillez attendre avant de réessayer"
K_INVALID = "security.errors.codeInvalid"
K_FORMAT = "security.errors.codeFormat"
K_TOO_MANY = "security.errors.tooManyTries"
K_RESEND_WAIT = "security.errors.resendWait"


class WrongCode(ValidationFailed):
    """A code that was checked and is wrong (counted as a failed sign-in, unlike a malformed
    one or a dead challenge)."""


def invalid_code() -> ValidationFailed:
    return ValidationFailed("code", INVALID, key=K_INVALID)


def too_many(retry_after: int = 60) -> RateLimited:
    return RateLimited(TOO_MANY, retry_after=retry_after, key=K_TOO_MANY)


# --- TOTP -------------------------------------------------------------------------------------


def new_totp_secret() -> str:
    """160 random bits in base32 (what authenticator apps expect)."""
    return pyotp.random_base32()


def _keystream(user_id: int, nonce: bytes, length: int) -> bytes:
    key = derive_key(get_settings().jwt_secret, _SEALING_LABEL)
    return hmac.new(key, nonce + str(user_id).encode(), hashlib.sha256).digest()[:length]


def seal(user_id: int, secret: str) -> str:
    """The stored form of a TOTP secret (base32 text, at most 64 characters)."""
    raw = base64.b32decode(secret)
    nonce = secrets.token_bytes(_NONCE_BYTES)
    mixed = bytes(a ^ b for a, b in zip(raw, _keystream(user_id, nonce, len(raw)), strict=True))
    return base64.b32encode(nonce + mixed).decode().rstrip("=")


def unseal(user_id: int, sealed: str) -> str:
    padded = sealed + "=" * (-len(sealed) % 8)
    blob = base64.b32decode(padded)
    nonce, mixed = blob[:_NONCE_BYTES], blob[_NONCE_BYTES:]
    raw = bytes(a ^ b for a, b in zip(mixed, _keystream(user_id, nonce, len(mixed)), strict=True))
    return base64.b32encode(raw).decode()


def provisioning_uri(secret: str, email: str) -> str:
    """The otpauth:// address an authenticator app reads (issuer "Grocer", the account's
    e-mail as the name)."""
    return pyotp.TOTP(secret).provisioning_uri(name=email, issuer_name=ISSUER)


def qr_data_uri(text: str) -> str:
    """`text` as a QR code in an SVG data URI (drawn in the page, nothing fetched)."""
    return segno.make(text, error="m").svg_data_uri(scale=5, border=2)


def grouped_secret(secret: str) -> str:
    """The secret for typing by hand, in groups of four."""
    return " ".join(secret[i : i + 4] for i in range(0, len(secret), 4))


def totp_step(secret: str, code: str, now: datetime) -> int | None:
    """The time step whose code `code` is, within TOTP_WINDOW steps of `now`; None if none."""
    totp = pyotp.TOTP(secret)
    moment = as_utc(now)
    step = totp.timecode(moment)
    for offset in range(-TOTP_WINDOW, TOTP_WINDOW + 1):
        if hmac.compare_digest(totp.at(moment, counter_offset=offset), code):
            return step + offset
    return None


def _used_step_key(user_id: int, step: int) -> str:
    return ratelimit.key("totp-used", f"{user_id}:{step}")


def check_totp(db: Session, user_id: int, secret: str, code: str, now: datetime) -> bool:
    """A right code not used before (its step is then marked used; the caller commits)."""
    step = totp_step(secret, code, now)
    if step is None:
        return False
    mark = _used_step_key(user_id, step)
    replay_window = timedelta(seconds=TOTP_STEP_SECONDS * (2 * TOTP_WINDOW + 2))
    if ratelimit.count(db, mark, as_utc(now) - replay_window):
        return False
    ratelimit.hit(db, mark, now)
    return True


# --- recovery codes ---------------------------------------------------------------------------


def new_recovery_codes() -> list[str]:
    """RECOVERY_CODE_COUNT fresh codes, "ABCDE-FGHJK"."""
    codes = []
    for _ in range(RECOVERY_CODE_COUNT):
        letters = "".join(secrets.choice(RECOVERY_ALPHABET) for _ in range(2 * RECOVERY_GROUP))
        codes.append(f"{letters[:RECOVERY_GROUP]}-{letters[RECOVERY_GROUP:]}")
    return codes


def normalise_recovery_code(raw: str | None) -> str | None:
    """The code as stored (10 letters, capitals, no dash or space), or None when `raw` cannot
    be one."""
    value = "".join((raw or "").split()).replace("-", "").upper()
    if len(value) != 2 * RECOVERY_GROUP or any(c not in RECOVERY_ALPHABET for c in value):
        return None
    return value


def hash_recovery_code(user_id: int, code: str) -> str:
    key = get_settings().otp_hash_key
    return hmac.new(key, f"recovery:{user_id}:{code}".encode(), hashlib.sha256).hexdigest()


def recovery_hashes(user_id: int, codes: list[str]) -> list[str]:
    return [hash_recovery_code(user_id, normalise_recovery_code(code) or "") for code in codes]


def use_recovery_code(db: Session, user_id: int, raw: str) -> bool:
    """Strike a recovery code off the account's list (the caller holds the user's lock and
    commits); False when it is not one of them."""
    code = normalise_recovery_code(raw)
    row = db.get(TwoFactorSecret, user_id)
    if code is None or row is None or not row.secret:
        return False
    wanted = hash_recovery_code(user_id, code)
    hashes = list(row.recovery_hashes or [])
    found = next((h for h in hashes if hmac.compare_digest(h, wanted)), None)
    if found is None:
        return False
    hashes.remove(found)
    row.recovery_hashes = hashes
    db.add(row)
    return True


# --- the account's method ---------------------------------------------------------------------


def method_of(db: Session, user_id: int) -> str:
    """The account's two-factor method (its settings document; "disabled" by default)."""
    row = db.get(UserSettings, user_id)
    return str(settings_with_defaults(row.data if row else None)["security"]["twoFactorMethod"])


def active_secret(db: Session, user_id: int) -> str | None:
    """The confirmed TOTP secret, unsealed (None when the app is not set up)."""
    row = db.get(TwoFactorSecret, user_id)
    return unseal(user_id, row.secret) if row is not None and row.secret else None


def primary_phone(db: Session, user_id: int) -> str | None:
    """ "+22670123456": the phone SMS codes go to (the primary one, else the first)."""
    phone = db.exec(
        select(UserPhone)
        .where(col(UserPhone.user_id) == user_id)
        .order_by(col(UserPhone.is_primary).desc(), col(UserPhone.id))
    ).first()
    return f"{phone.country_code}{phone.number}" if phone else None


# --- pending sign-ins -------------------------------------------------------------------------


@dataclass(frozen=True)
class SecondFactorRequired:
    """What a right password answers when the account asks for a second factor: no token,
    the method and the challenge that the code must come with."""

    challenge: str
    method: str

    def to_json(self) -> dict[str, Any]:
        return {
            "twoFactorRequired": True,
            "method": self.method,
            "challenge": self.challenge,
            "expiresIn": int(CHALLENGE_LIFETIME.total_seconds()),
        }


def hash_challenge(challenge: str) -> str:
    return hashlib.sha256(challenge.encode()).hexdigest()


def _hash_sent_code(token_hash: str, code: str) -> str:
    key = get_settings().otp_hash_key
    return hmac.new(key, f"login:{token_hash}:{code}".encode(), hashlib.sha256).hexdigest()


def _resend_key(token_hash: str) -> str:
    return ratelimit.key("2fa-resend", token_hash[:32])


def _charge_send(db: Session, user_id: int, now: datetime) -> None:
    ratelimit.check(
        db,
        ratelimit.key("2fa-send:user", str(user_id)),
        SENDS_PER_USER,
        SEND_WINDOW,
        now,
        message=TOO_MANY,
        error_key=K_TOO_MANY,
    )
    ratelimit.hit(db, ratelimit.key("2fa-send:user", str(user_id)), now)


def _deliver(db: Session, user: User, method: str, code: str) -> None:
    """The code by e-mail or by SMS (to the primary phone; by e-mail when there is none)."""
    assert user.id is not None
    lang = user.preferred_language or "fr"
    minutes = int(CHALLENGE_LIFETIME.total_seconds() // 60)
    phone = primary_phone(db, user.id) if method == SMS else None
    if phone:
        mailer.send_sms(phone, mailer.login_code_sms(code, lang, valid_minutes=minutes))
    else:
        mailer.send_login_code_email(user.email, code, lang, valid_minutes=minutes)


def begin(
    db: Session,
    user: User,
    method: str,
    now: datetime,
    *,
    remember_me: bool,
    ip: str,
    device: str | None = None,
) -> SecondFactorRequired:
    """Open a pending sign-in for `user` (whose password was right) and send its code for
    e-mail and SMS; commits. RateLimited past SENDS_PER_USER codes an hour."""
    assert user.id is not None
    now = as_utc(now)
    db.exec(  # the account's long-dead sign-ins go
        delete(PendingLogin).where(
            col(PendingLogin.user_id) == user.id,
            col(PendingLogin.expires_at) < now - _PRUNE_AFTER,
        )
    )
    if method == SMS and primary_phone(db, user.id) is None:
        method = EMAIL  # the phone was removed since: the code goes by e-mail, and says so
    challenge = secrets.token_urlsafe(CHALLENGE_BYTES)
    token_hash = hash_challenge(challenge)
    code = otp.generate_code() if method in (EMAIL, SMS) else None
    if code is not None:
        _charge_send(db, user.id, now)
        ratelimit.hit(db, _resend_key(token_hash), now)
    pending = PendingLogin(
        user_id=user.id,
        token_hash=token_hash,
        method=method,
        code_hash=_hash_sent_code(token_hash, code) if code else None,
        remember_me=remember_me,
        ip=ip[:64],
        device=(device or None) and device[:200],
        created_at=now,
        expires_at=now + CHALLENGE_LIFETIME,
    )
    db.add(pending)
    db.commit()
    if code is not None:
        try:
            _deliver(db, user, method, code)
        except DeliveryFailed:
            db.delete(pending)
            db.commit()
            raise
    return SecondFactorRequired(challenge, method)


def open_challenge(db: Session, challenge: str | None, now: datetime) -> PendingLogin:
    """The live pending sign-in of `challenge`; 400 when unknown, expired or used."""
    value = (challenge or "").strip()
    if not value or len(value) > CHALLENGE_MAX_LENGTH:
        raise invalid_code()
    pending = db.exec(
        select(PendingLogin).where(col(PendingLogin.token_hash) == hash_challenge(value))
    ).first()
    if (
        pending is None
        or pending.consumed_at is not None
        or as_utc(pending.expires_at) <= as_utc(now)
    ):
        raise invalid_code()
    if pending.attempts >= MAX_ATTEMPTS:
        raise too_many()
    return pending


def resend(db: Session, challenge: str | None, now: datetime) -> None:
    """A new code for a live e-mail or SMS challenge, 60 s after the last one (the old code
    stops working); commits."""
    now = as_utc(now)
    pending = open_challenge(db, challenge, now)
    if pending.method not in (EMAIL, SMS):
        raise invalid_code()
    wait_key = _resend_key(pending.token_hash)
    last = ratelimit.latest(db, wait_key, now - RESEND_COOLDOWN)
    if last is not None:
        wait = int((last + RESEND_COOLDOWN - now).total_seconds()) + 1
        raise RateLimited(TOO_MANY, retry_after=max(1, wait), key=K_RESEND_WAIT)
    user = db.get(User, pending.user_id)
    if user is None:
        raise invalid_code()
    _charge_send(db, pending.user_id, now)
    ratelimit.hit(db, wait_key, now)
    code = otp.generate_code()
    pending.code_hash = _hash_sent_code(pending.token_hash, code)
    db.add(pending)
    db.commit()
    try:
        _deliver(db, user, pending.method, code)
    except DeliveryFailed:
        ratelimit.clear(db, wait_key)
        db.commit()
        raise


def _code_matches(db: Session, pending: PendingLogin, code: str, now: datetime) -> str | None:
    """How `code` finishes this sign-in ("email", "sms", "app" or "recovery"), or None."""
    digits = code if len(code) == CODE_LENGTH and code.isascii() and code.isdigit() else None
    if pending.method in (EMAIL, SMS):
        sent = pending.code_hash or ""
        if digits and hmac.compare_digest(sent, _hash_sent_code(pending.token_hash, digits)):
            return pending.method
        return None
    if digits is not None:
        secret = active_secret(db, pending.user_id)
        if secret and check_totp(db, pending.user_id, secret, digits, now):
            return APP
        return None
    return RECOVERY if use_recovery_code(db, pending.user_id, code) else None


def check_format(pending: PendingLogin, raw: str | None) -> str:
    """The code as typed, trimmed; 400 (not counted) when it cannot be a code of this
    sign-in: 6 digits, or for the app a recovery code."""
    code = (raw or "").strip()
    if len(code) == CODE_LENGTH and code.isascii() and code.isdigit():
        return code
    if pending.method == APP and normalise_recovery_code(code) is not None:
        return code
    raise ValidationFailed("code", BAD_FORMAT, key=K_FORMAT)


def redeem(db: Session, pending: PendingLogin, raw_code: str | None, now: datetime) -> str:
    """Check the code of an open pending sign-in (`open_challenge`) and use the challenge up;
    returns how it was finished. The use (and a recovery code struck off) is part of the
    caller's change (not committed); a wrong code is counted and committed, then WrongCode.
    Of two racing requests with the right code exactly one wins (a conditional UPDATE); the
    6th try is RateLimited whatever the code."""
    now = as_utc(now)
    code = check_format(pending, raw_code)
    if pending.method == APP:
        lock_user(db, pending.user_id)  # one use of a TOTP step or a recovery code at a time
    live = (
        col(PendingLogin.id) == pending.id,
        col(PendingLogin.consumed_at).is_(None),
        col(PendingLogin.attempts) < MAX_ATTEMPTS,
        col(PendingLogin.expires_at) > now,
    )
    how = _code_matches(db, pending, code, now)
    if how is None:
        db.rollback()  # a replay mark or a struck-off code must not survive a failure
        changed = db.exec(
            update(PendingLogin).where(*live).values(attempts=PendingLogin.attempts + 1)
        ).rowcount
        db.commit()
        if changed != 1:
            raise too_many()
        raise WrongCode("code", INVALID, key=K_INVALID)
    claimed = db.exec(update(PendingLogin).where(*live).values(consumed_at=now)).rowcount
    if claimed != 1:  # another request used it, or used up its tries, meanwhile
        db.rollback()
        db.refresh(pending)
        raise too_many() if pending.consumed_at is None else invalid_code()
    return how
