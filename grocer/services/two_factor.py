"""The account's two-factor sign-in setting (001 §2 Settings → security; §9: disabled, sms,
email, app), for the signed-in user only: every function acts on `actor`, never on an id the
client sends.

- `email` needs a verified e-mail; `sms` a phone on the account (the codes go through the
  outbox while no SMS provider is configured: grocer.services.second_factor); both are chosen
  at once.
- `app` is chosen by enrolling: `start_app` makes a pending secret and answers it with its
  otpauth address and QR code (the only time the secret leaves the server); `confirm_app` with
  a right code from the app switches it on and answers 10 recovery codes, shown once and kept
  only hashed. Starting again replaces a pending secret, never the active one.
- Switching it off (`disable`) needs the current password, or for the app a current code.
  Leaving the app for another method forgets its secret and recovery codes.

The method lives in the settings document (security.twoFactorMethod), which the generic
settings save refuses to change (settings_doc.store_two_factor_method is written only here).
"""

from __future__ import annotations

from dataclasses import dataclass
from datetime import datetime, timedelta
from typing import Any

from sqlmodel import Session

from grocer.models import TwoFactorSecret, User
from grocer.models.base import as_utc
from grocer.services import accounts, ratelimit, second_factor
from grocer.services.errors import ValidationFailed
from grocer.services.ownership import lock_user
from grocer.services.settings_doc import TWO_FACTOR_METHODS, store_two_factor_method
from grocer.services.validation import check_choice

DISABLED, SMS, EMAIL, APP = (
    second_factor.DISABLED,
    second_factor.SMS,
    second_factor.EMAIL,
    second_factor.APP,
)
CONFIRM_FAILS = 10  # wrong codes while enrolling or switching off, per account per window
CONFIRM_WINDOW = timedelta(minutes=15)


@dataclass(frozen=True)
class Enrolment:
    """A started enrolment: the secret (for typing by hand), its otpauth address and the QR
    code of that address (an SVG data URI)."""

    secret: str
    uri: str
    qr: str

    def to_json(self) -> dict[str, str]:
        return {
            "secret": self.secret,
            "otpauthUri": self.uri,
            "qrCode": self.qr,
        }


def _uid(user: User) -> int:
    assert user.id is not None
    return user.id


def status(db: Session, actor: User) -> dict[str, Any]:
    """What the settings panel shows: the method, and what each choice needs."""
    user_id = _uid(actor)
    row = db.get(TwoFactorSecret, user_id)
    confirmed = row is not None and bool(row.secret)
    return {
        "method": second_factor.method_of(db, user_id),
        "emailVerified": bool(actor.email_verified),
        "hasPhone": second_factor.primary_phone(db, user_id) is not None,
        "appConfirmed": confirmed,
        "recoveryCodesLeft": len(row.recovery_hashes or []) if confirmed and row else 0,
    }


def _forget_app(db: Session, user_id: int) -> None:
    row = db.get(TwoFactorSecret, user_id)
    if row is not None:
        db.delete(row)


def choose(db: Session, actor: User, method: str | None, now: datetime) -> dict[str, Any]:
    """Switch to e-mail or SMS codes at once (each with its condition); `app` needs the
    enrolment and `disabled` the password (`disable`). Answers the new status; commits."""
    choice = check_choice(method, TWO_FACTOR_METHODS, field="method", label="method")
    user_id = _uid(actor)
    if choice == APP:
        raise ValidationFailed(
            "method",
            "Scannez le code QR puis confirmez un code de l'application pour l'activer",
            key="security.errors.appNeedsEnrolment",
        )
    if choice == DISABLED:
        raise ValidationFailed(
            "password",
            "Votre mot de passe est requis pour désactiver la vérification en deux étapes",
            key="security.errors.passwordRequired",
        )
    if choice == EMAIL and not actor.email_verified:
        raise ValidationFailed(
            "method",
            "Vérifiez d'abord votre adresse email",
            key="security.errors.emailNotVerified",
        )
    lock_user(db, user_id)
    if choice == SMS and second_factor.primary_phone(db, user_id) is None:
        raise ValidationFailed(
            "method",
            "Ajoutez d'abord un numéro de téléphone à votre profil",
            key="security.errors.noPhone",
        )
    _forget_app(db, user_id)
    store_two_factor_method(db, user_id, choice)
    db.commit()
    return status(db, actor)


def start_app(db: Session, actor: User, now: datetime) -> Enrolment:
    """A new pending secret for the authenticator app (the active one, if any, stays until a
    code confirms the new one); commits."""
    user_id = _uid(actor)
    secret = second_factor.new_totp_secret()
    lock_user(db, user_id)
    row = db.get(TwoFactorSecret, user_id) or TwoFactorSecret(user_id=user_id)
    row.pending_secret = second_factor.seal(user_id, secret)
    row.updated_at = as_utc(now)
    db.add(row)
    db.commit()
    uri = second_factor.provisioning_uri(secret, actor.email)
    return Enrolment(second_factor.grouped_secret(secret), uri, second_factor.qr_data_uri(uri))


def _confirm_budget(db: Session, user_id: int, now: datetime) -> str:
    counter = ratelimit.key("2fa-confirm-fail:user", str(user_id))
    ratelimit.check(
        db,
        counter,
        CONFIRM_FAILS,
        CONFIRM_WINDOW,
        now,
        message=second_factor.TOO_MANY,
        error_key=second_factor.K_TOO_MANY,
    )
    return counter


def _digits(code: str | None) -> str:
    value = "".join((code or "").split())
    if len(value) != second_factor.CODE_LENGTH or not value.isascii() or not value.isdigit():
        raise ValidationFailed("code", second_factor.BAD_FORMAT, key=second_factor.K_FORMAT)
    return value


def _wrong(db: Session, counter: str, now: datetime) -> ValidationFailed:
    """Count a wrong code (committed) and answer the error to raise."""
    db.rollback()
    ratelimit.hit(db, counter, now)
    db.commit()
    return second_factor.invalid_code()


def confirm_app(db: Session, actor: User, code: str | None, now: datetime) -> list[str]:
    """Switch the app on with a code it shows for the pending secret (one step of drift either
    way); answers the recovery codes (their only copy); commits. 400 for a wrong code or no
    enrolment; 429 after CONFIRM_FAILS wrong codes in 15 minutes."""
    user_id = _uid(actor)
    digits = _digits(code)
    counter = _confirm_budget(db, user_id, now)
    lock_user(db, user_id)
    row = db.get(TwoFactorSecret, user_id)
    if row is None or not row.pending_secret:
        raise second_factor.invalid_code()
    secret = second_factor.unseal(user_id, row.pending_secret)
    if not second_factor.check_totp(db, user_id, secret, digits, now):
        raise _wrong(db, counter, now)
    codes = second_factor.new_recovery_codes()
    row.secret = row.pending_secret
    row.pending_secret = None
    row.confirmed_at = as_utc(now)
    row.recovery_hashes = second_factor.recovery_hashes(user_id, codes)
    row.updated_at = as_utc(now)
    db.add(row)
    store_two_factor_method(db, user_id, APP)
    db.commit()
    return codes


def disable(
    db: Session,
    actor: User,
    now: datetime,
    *,
    password: str | None = None,
    code: str | None = None,
) -> dict[str, Any]:
    """Switch two-factor sign-in off: the current password (counted like a password change's),
    or, for the app, a current code or a recovery code. Answers the new status; commits."""
    user_id = _uid(actor)
    if password or not code:
        accounts.check_current_password(db, actor, password, now, field="password")
    else:
        counter = _confirm_budget(db, user_id, now)
        lock_user(db, user_id)
        secret = second_factor.active_secret(db, user_id)
        value = "".join(code.split())
        right = bool(secret) and (
            (value.isdigit() and second_factor.check_totp(db, user_id, secret or "", value, now))
            or second_factor.use_recovery_code(db, user_id, value)
        )
        if not right:
            raise _wrong(db, counter, now)
    lock_user(db, user_id)
    _forget_app(db, user_id)
    store_two_factor_method(db, user_id, DISABLED)
    db.commit()
    return status(db, actor)
