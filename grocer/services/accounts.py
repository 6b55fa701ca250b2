"""Customer accounts: sign-up, sign-in, sessions, password changes and resets, the profile.

Every account rule lives here (the API routers and the Reflex states only adapt). Functions that
change data commit their own unit of work, because several of them must keep a write even when
they then raise (a failed login is counted, a reused refresh token revokes its family).

Passwords are hashed with bcrypt; the cost comes from GROCER_BCRYPT_ROUNDS (default 12, tests
use 4), read at hashing time so that a test can lower it.
"""

from __future__ import annotations

import logging
import math
import os
import re
import unicodedata
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass
from datetime import date, datetime, timedelta
from functools import lru_cache
from typing import Any

import bcrypt
import sqlalchemy as sa
from sqlalchemy.exc import IntegrityError
from sqlmodel import Session, col, delete, select

from grocer.models import DeletionRequest, RefreshToken, User, UserPhone
from grocer.models.base import as_utc, iso_utc, utcnow
from grocer.models.constants import ADMIN_ROLE, CONSUMER_ROLE, LANGUAGES
from grocer.services import (
    addresses,
    login_records,
    mailer,
    otp,
    ratelimit,
    referral_codes,
    second_factor,
    tokens,
)
from grocer.services.errors import (
    Conflict,
    DeliveryFailed,
    Forbidden,
    InvalidCredentials,
    NotFound,
    RateLimited,
    Unauthorized,
    ValidationFailed,
)
from grocer.services.names import generate_username, names_from_email
from grocer.services.ownership import ensure_account, lock_user
from grocer.services.phones import national_digits, validate_phone
from grocer.services.second_factor import SecondFactorRequired
from grocer.services.settings_doc import auto_logout_limit, save_settings_doc
from grocer.services.tokens import TokenPair
from grocer.services.validation import collect, email_address, plain_text
from grocer.settings import get_settings

# --- constants (spec 000 §9, 001 §5 and §9) -------------------------------------------------

CONSUMER = CONSUMER_ROLE
ADMIN = ADMIN_ROLE
USERNAME_MIN = 3
USERNAME_MAX = 150
PASSWORD_MIN = 6
PASSWORD_MAX_BYTES = 72  # bcrypt ignores (bcrypt 5 refuses) anything longer
EMAIL_MAX = 254
NAME_MAX = 100
PHONES_MAX = 5
DELETION_REASON_MAX = 1000

# Failed sign-ins (issue 12 §3): an address is throttled, and an account from one address;
# the account alone only gets growing delays, never a lock that refuses its owner elsewhere.
LOGIN_FAIL_WINDOW = timedelta(minutes=15)
LOGIN_FAILS_PER_PAIR = 10  # one account from one address
LOGIN_FAILS_PER_IP = 50
LOGIN_DELAY_AFTER = 5  # failures on the account (from anywhere) before the delays start
LOGIN_DELAY_MAX_SECONDS = 30  # 1, 2, 4, 8, 16, 30, 30 ... seconds after the last failure
LOGIN_WARN_AFTER = 10  # failures on the account that e-mail its owner ...
LOGIN_WARN_EVERY = timedelta(hours=1)  # ... at most once in this time
PASSWORD_CHANGE_FAILS = 10  # wrong current passwords per account (signed in) per window
LOOKUP_MISSES_PER_IP = 20  # unknown e-mails asked a reset code for, per hour

BCRYPT_ROUNDS_ENV = "GROCER_BCRYPT_ROUNDS"
_DEFAULT_BCRYPT_ROUNDS = 12

FILL_ALL_FIELDS = "Veuillez remplir tous les champs"
PASSWORD_MISMATCH = "Les mots de passe ne correspondent pas"
EMAIL_NOT_FOUND = "Email introuvable"
EMAIL_UNAVAILABLE = "Adresse email invalide ou déjà utilisée"

log = logging.getLogger(__name__)

_USERNAME_RE = re.compile(r"[\w.-]+")


# --- pure rules -------------------------------------------------------------------------------


def normalise_email(raw: str | None) -> str:
    """E-mails are compared trimmed, in Unicode NFC and lower-case (sign-in is
    case-insensitive)."""
    return unicodedata.normalize("NFC", (raw or "").strip()).lower()


def validate_email(raw: str | None) -> str:
    """An account's e-mail (000 §5, 001 §5): required, then a valid address by its syntax
    (grocer.services.validation.email_address: internationalised domains, no DNS lookup);
    answered normalised."""
    email = normalise_email(raw)
    if not email:
        raise ValidationFailed(
            "email", "Veuillez entrer votre adresse email", key="validation.emailRequired"
        )
    address = email_address(email) if len(email) <= EMAIL_MAX else None
    if address is None or len(address) > EMAIL_MAX:
        raise ValidationFailed(
            "email", "Veuillez entrer une adresse email valide", key="validation.emailInvalid"
        )
    return normalise_email(address)


def _username_too_short() -> ValidationFailed:
    return ValidationFailed(
        "username",
        "Le nom d'utilisateur doit contenir au moins 3 caractères",
        key="validation.usernameTooShort",
    )


def _password_too_short(field: str) -> ValidationFailed:
    return ValidationFailed(
        field,
        "Le mot de passe doit contenir au moins 6 caractères",
        key="validation.passwordTooShort",
    )


def validate_username(raw: str | None) -> str:
    username = (raw or "").strip()
    if len(username) < USERNAME_MIN:
        raise _username_too_short()
    if len(username) > USERNAME_MAX:
        raise ValidationFailed(
            "username",
            f"Le nom d'utilisateur ne doit pas dépasser {USERNAME_MAX} caractères",
            key="validation.usernameTooLong",
        )
    if not _USERNAME_RE.fullmatch(username):
        raise ValidationFailed(
            "username",
            "Le nom d'utilisateur ne peut contenir que des lettres, des chiffres, "
            "des points, des tirets et des tirets bas",
            key="validation.usernameChars",
        )
    return username


def validate_password(raw: str | None, field: str = "password") -> str:
    password = raw or ""
    if not password:
        raise ValidationFailed(
            field, "Veuillez entrer un mot de passe", key="validation.passwordRequired"
        )
    if len(password) < PASSWORD_MIN:
        raise _password_too_short(field)
    if len(password.encode()) > PASSWORD_MAX_BYTES:
        raise ValidationFailed(
            field,
            f"Le mot de passe ne doit pas dépasser {PASSWORD_MAX_BYTES} octets",
            key="validation.passwordTooLong",
        )
    return password


def validate_new_password(password: str | None, confirm: str | None) -> str:
    """A new password typed twice (the sign-up and reset dialogs, 001 §5): the password rules,
    then the confirmation must match."""
    checked = validate_password(password)
    if confirm != password:
        raise ValidationFailed("confirm", PASSWORD_MISMATCH, key="validation.passwordMismatch")
    return checked


def check_login_form(identifier: str | None, password: str | None) -> tuple[str, str]:
    """The sign-in form's rules (000 §5), in the spec's order, for both faces: both fields,
    then a username (or e-mail) of at least 3 characters and a password of at least 6."""
    name = (identifier or "").strip()
    if not name or not password:
        raise ValidationFailed("username", FILL_ALL_FIELDS, key="validation.fillAllFields")
    if len(name) < USERNAME_MIN:
        raise _username_too_short()
    if len(password) < PASSWORD_MIN:
        raise _password_too_short("password")
    return name, password


def validate_birth_date(value: date | None, today: date) -> date | None:
    if value is not None and not date(1900, 1, 1) <= value <= today:
        raise ValidationFailed(
            "dateOfBirth", "Date de naissance invalide", key="validation.dateOfBirth"
        )
    return value


def validate_language(value: str | None) -> str:
    if value not in LANGUAGES:
        raise ValidationFailed(
            "preferredLanguage", "Langue non prise en charge", key="validation.language"
        )
    return value


def _text(value: str | None, field: str, label: str, max_length: int) -> str | None:
    return plain_text(value, field=field, label=label, max_length=max_length)


def _name(value: str | None, field: str, label: str) -> str | None:
    return _text(value, field, label, NAME_MAX)


# --- passwords --------------------------------------------------------------------------------


def bcrypt_rounds() -> int:
    """The bcrypt cost (4..15); from GROCER_BCRYPT_ROUNDS, read here rather than in settings
    so that tests can lower it per test without clearing the settings cache."""
    try:
        rounds = int(os.environ.get(BCRYPT_ROUNDS_ENV, "") or _DEFAULT_BCRYPT_ROUNDS)
    except ValueError:
        rounds = _DEFAULT_BCRYPT_ROUNDS
    return min(15, max(4, rounds))


def hash_password(password: str) -> str:
    return bcrypt.hashpw(password.encode(), bcrypt.gensalt(bcrypt_rounds())).decode()


def verify_password(password: str, password_hash: str) -> bool:
    """False for a wrong password, a too-long one or a malformed hash (never an exception)."""
    try:
        return bcrypt.checkpw(password.encode(), password_hash.encode())
    except ValueError:
        return False


@lru_cache(maxsize=4)
def _dummy_hash(rounds: int) -> str:
    return bcrypt.hashpw(b"not-a-password", bcrypt.gensalt(rounds)).decode()


# --- data carried in and out ------------------------------------------------------------------


@dataclass(frozen=True)
class PhoneInput:
    country_code: str | None
    number: str | None
    phone_type: str = "MOBILE"
    is_primary: bool = False


@dataclass(frozen=True)
class Registration:
    """The sign-up payload (001 §3). Roles are not part of it: sign-up only makes consumers.

    The e-mail is proven by `proof` (the token verify-signup-otp answered) or by `otp` (the
    sign-up code itself, for clients that send it with the payload); never by the e-mail alone.
    """

    email: str
    password: str
    username: str | None = None
    first_name: str | None = None
    last_name: str | None = None
    phones: Sequence[PhoneInput] = ()
    date_of_birth: date | None = None
    preferred_language: str | None = None
    otp: str | None = None
    proof: str | None = None
    referral_code: str | None = None  # from the friend's share link; unknown codes ignored
    # `hash_password(password)`, made ahead by the caller (the sign-up dialog hashes at its
    # password step, while the phone is typed); `password` is still checked.
    password_hash: str | None = None


@dataclass(frozen=True)
class LoginResult:
    tokens: TokenPair
    user: User

    def to_json(self) -> dict[str, Any]:
        """The login response of spec 000 §3: tokens plus userInfo."""
        return {**self.tokens.to_json(), "userInfo": user_info(self.user)}


def user_info(user: User) -> dict[str, Any]:
    """What the client keeps as userInfo (000 §3, 001 §3)."""
    return {
        "id": user.id,
        "userId": user.id,
        "username": user.username,
        "firstName": user.first_name,
        "lastName": user.last_name,
        "email": user.email,
        "roles": list(user.roles or []),
        "emailVerified": user.email_verified,
    }


def _phone_number(phone: UserPhone) -> str:
    return f"{phone.country_code}{phone.number}"


def list_phones(db: Session, user_id: int) -> list[UserPhone]:
    return list(
        db.exec(
            select(UserPhone)
            .where(col(UserPhone.user_id) == user_id)
            .order_by(col(UserPhone.is_primary).desc(), col(UserPhone.id))
        ).all()
    )


def user_details(db: Session, user: User) -> dict[str, Any]:
    """The user details of 001 §3 (with the addresses, the default first)."""
    assert user.id is not None
    phones = list_phones(db, user.id)
    primary = next((p for p in phones if p.is_primary), phones[0] if phones else None)
    return {
        "userId": user.id,
        "id": user.id,
        "username": user.username,
        "firstName": user.first_name,
        "lastName": user.last_name,
        "email": user.email,
        "primaryPhone": (
            {"phoneNumber": _phone_number(primary), "isVerified": primary.is_verified}
            if primary
            else None
        ),
        "phones": [
            {
                "id": p.id,
                "phoneNumber": _phone_number(p),
                "countryCode": p.country_code,
                "number": p.number,
                "isPrimary": p.is_primary,
                "isVerified": p.is_verified,
                "phoneType": p.phone_type,
            }
            for p in phones
        ],
        "dateOfBirth": user.date_of_birth.isoformat() if user.date_of_birth else None,
        "gender": user.gender,
        "registrationDate": iso_utc(user.registration_date),
        "lastLogin": iso_utc(user.last_login),
        "isActive": user.is_active,
        "emailVerified": user.email_verified,
        "preferredLanguage": user.preferred_language,
        "roles": list(user.roles or []),
        "addresses": addresses.list_for_user(db, user, user.id),
    }


# --- lookups ----------------------------------------------------------------------------------


def find_by_email(db: Session, email: str) -> User | None:
    if "\x00" in email:  # no account has one, and PostgreSQL refuses it in a query
        return None
    return db.exec(select(User).where(col(User.email) == normalise_email(email))).first()


def find_by_username(db: Session, username: str) -> User | None:
    if "\x00" in username:
        return None
    return db.exec(
        select(User).where(sa.func.lower(User.username) == username.strip().lower())
    ).first()


def find_for_login(db: Session, identifier: str) -> User | None:
    """Sign-in accepts a username or an e-mail (usernames cannot contain "@")."""
    if "@" in identifier:
        return find_by_email(db, identifier)
    return find_by_username(db, identifier)


def get_user(db: Session, actor: User, user_id: int) -> User:
    """An account the actor may see: its own, or any for an admin; NotFound otherwise."""
    return ensure_account(db, actor, user_id)


def active_user(db: Session, user_id: int) -> User:
    """The account behind a verified token id, if it still exists and is active: the caller
    of a signed-in call (the API's `CurrentUser`, a Reflex handler's `as_user`)."""
    user = db.get(User, user_id)
    if user is None or not user.is_active:
        raise Unauthorized()
    return user


# --- creating accounts ------------------------------------------------------------------------


@dataclass(frozen=True)
class _NewAccount:
    username: str
    email: str
    password: str
    first_name: str
    last_name: str
    phones: tuple[tuple[str, str, str], ...]  # (country code, digits, type); the first is primary
    date_of_birth: date | None
    preferred_language: str


def _clean_phones(phones: Iterable[PhoneInput]) -> tuple[tuple[str, str, str], ...]:
    """Validated, de-duplicated phones, the one flagged primary (else the first) first."""
    items = list(phones)
    if len(items) > PHONES_MAX:
        raise ValidationFailed(
            "phones", f"{PHONES_MAX} numéros de téléphone au maximum", key="validation.phonesMax"
        )
    items.sort(key=lambda p: not p.is_primary)
    seen: dict[tuple[str, str], str] = {}
    for phone in items:
        code, digits = validate_phone(phone.country_code, phone.number)
        phone_type = (phone.phone_type or "MOBILE").strip().upper()[:20] or "MOBILE"
        seen.setdefault((code, digits), phone_type)
    return tuple((code, digits, kind) for (code, digits), kind in seen.items())


def _check_available(db: Session, username: str, email: str) -> None:
    if find_by_email(db, email) is not None:
        raise Conflict("Cette adresse email est déjà utilisée", key="signup.errors.emailTaken")
    if find_by_username(db, username) is not None:
        raise Conflict("Ce nom d'utilisateur est déjà utilisé", key="signup.errors.usernameTaken")


def _prepare(
    db: Session,
    *,
    email: str,
    password: str,
    username: str | None,
    first_name: str | None,
    last_name: str | None,
    phones: Iterable[PhoneInput],
    date_of_birth: date | None,
    preferred_language: str | None,
    now: datetime,
    check_available: bool = True,
) -> _NewAccount:
    """Every check of a new account, before anything is written. Sign-up checks availability
    itself, later: only once the e-mail is proven (no free answer about who has an account)."""
    email = validate_email(email)
    password = validate_password(password)
    if username and username.strip():
        username = validate_username(username)
    else:
        username = generate_username(now)
        while find_by_username(db, username) is not None:  # astronomically rare
            username = generate_username(now)
    first = _name(first_name, "firstName", "prénom")
    last = _name(last_name, "lastName", "nom")
    if not first and not last:
        first, last = names_from_email(email)
    account = _NewAccount(
        username=username,
        email=email,
        password=password,
        first_name=first or "",
        last_name=last or "",
        phones=_clean_phones(phones),
        date_of_birth=validate_birth_date(date_of_birth, now.date()),
        preferred_language=validate_language(preferred_language or "fr"),
    )
    if check_available:
        _check_available(db, account.username, account.email)
    return account


def _insert(
    db: Session,
    account: _NewAccount,
    roles: list[str],
    email_verified: bool,
    now: datetime,
    password_hash: str | None = None,
) -> User:
    """Write the account and its phones (the password hashed here unless `password_hash`);
    a lost race on a unique column is a Conflict."""
    user = User(
        username=account.username,
        email=account.email,
        password_hash=password_hash or hash_password(account.password),
        first_name=account.first_name,
        last_name=account.last_name,
        date_of_birth=account.date_of_birth,
        roles=roles,
        email_verified=email_verified,
        preferred_language=account.preferred_language,
        registration_date=as_utc(now),
    )
    db.add(user)
    try:
        db.flush()
    except IntegrityError as exc:
        db.rollback()
        raise Conflict(
            "Nom d'utilisateur ou adresse email déjà utilisé", key="signup.errors.taken"
        ) from exc
    assert user.id is not None
    for index, (code, digits, kind) in enumerate(account.phones):
        db.add(
            UserPhone(
                user_id=user.id,
                country_code=code,
                number=digits,
                phone_type=kind,
                is_primary=index == 0,
            )
        )
    return user


def create_user(
    db: Session,
    *,
    email: str,
    password: str,
    now: datetime,
    username: str | None = None,
    first_name: str | None = None,
    last_name: str | None = None,
    phones: Iterable[PhoneInput] = (),
    roles: Sequence[str] = (CONSUMER,),
    email_verified: bool = False,
) -> User:
    """An account without the sign-up code step (admin tooling, fixtures); commits."""
    account = _prepare(
        db,
        email=email,
        password=password,
        username=username,
        first_name=first_name,
        last_name=last_name,
        phones=phones,
        date_of_birth=None,
        preferred_language=None,
        now=now,
    )
    user = _insert(db, account, list(roles), email_verified, now)
    db.commit()
    return user


def register(
    db: Session, data: Registration, now: datetime, ip: str = "unknown", device: str = ""
) -> LoginResult:
    """Public sign-up (the 4-step dialog's last call), signed in at once with remember-me.

    The e-mail must be proven: `data.proof` (from verify-signup-otp) or `data.otp` (the code)
    is used up (otp.redeem: failures are counted per e-mail and per IP). The payload's format is
    checked first, so a rejected payload leaves the proof usable for a corrected retry; whether
    the e-mail or username is taken (409) is answered only after the proof, so that nobody
    learns who has an account from it. The account starts with emailVerified true and the
    single role consumer (roles in a public request are never honoured).
    """
    account = _prepare(
        db,
        email=data.email,
        password=data.password,
        username=data.username,
        first_name=data.first_name,
        last_name=data.last_name,
        phones=data.phones,
        date_of_birth=data.date_of_birth,
        preferred_language=data.preferred_language,
        now=now,
        check_available=False,
    )
    otp.redeem(db, account.email, otp.SIGNUP, now, ip, proof=data.proof, code=data.otp)
    try:
        _check_available(db, account.username, account.email)
    except Conflict:
        db.rollback()  # the proof stays usable (another username may be free)
        raise
    user = _insert(
        db, account, [CONSUMER], email_verified=True, now=now, password_hash=data.password_hash
    )
    user.last_login = as_utc(now)
    user.referred_by = referral_codes.referrer_for(db, data.referral_code, account.email)
    pair = tokens.issue_tokens(db, user, remember_me=True, now=now)
    login_records.on_signed_in(
        db, user, now, ip=ip, device=device, family_id=pair.session_id, method="signup"
    )
    db.commit()
    return LoginResult(pair, user)


def create_admin(
    db: Session, username: str, email: str, password: str, now: datetime | None = None
) -> User:
    """Create an admin, or promote the existing account that has this username and e-mail
    (its password is then reset to the one given). Used by `grocer create-admin`; commits."""
    now = now or utcnow()
    email = validate_email(email)
    username = validate_username(username)
    password = validate_password(password)
    by_email, by_name = find_by_email(db, email), find_by_username(db, username)
    if by_email is None and by_name is None:
        return create_user(
            db,
            email=email,
            password=password,
            username=username,
            roles=(CONSUMER, ADMIN),
            email_verified=True,
            now=now,
        )
    if by_email is None or by_name is None or by_email.id != by_name.id:
        raise Conflict(
            "Ce nom d'utilisateur et cette adresse email appartiennent à des comptes différents",
            key="admin.errors.mismatch",
        )
    user = by_email
    user.roles = sorted({*(user.roles or []), ADMIN})
    user.password_hash = hash_password(password)
    user.is_active = True
    user.email_verified = True
    db.add(user)
    db.commit()
    return user


# --- signing in and out -----------------------------------------------------------------------


def _fail_key(user: User | None, identifier: str) -> str:
    """Failures of one account, from anywhere (an unknown name is counted like an account)."""
    if user is not None:
        return ratelimit.key("login-fail:user", str(user.id))
    return ratelimit.key("login-fail:name", identifier.strip().lower(), hashed=True)


def _pair_key(account_key: str, ip: str) -> str:
    return ratelimit.key("login-fail:pair", f"{account_key}|{ip}", hashed=True)


def login_delay(failures: int) -> int:
    """Seconds an account waits after its last failure, given its failures in the window:
    none before LOGIN_DELAY_AFTER, then 1, 2, 4 ... up to LOGIN_DELAY_MAX_SECONDS."""
    if failures < LOGIN_DELAY_AFTER:
        return 0
    return min(LOGIN_DELAY_MAX_SECONDS, 2 ** min(failures - LOGIN_DELAY_AFTER, 16))


def _check_account_delay(db: Session, account_key: str, now: datetime) -> None:
    """429 while the account's growing delay since its last failure runs (from any address:
    the right password is accepted again as soon as it has passed)."""
    since = as_utc(now) - LOGIN_FAIL_WINDOW
    delay = login_delay(ratelimit.count(db, account_key, since))
    if not delay:
        return
    last = ratelimit.latest(db, account_key, since)
    if last is None:
        return
    wait = (last + timedelta(seconds=delay) - as_utc(now)).total_seconds()
    if wait > 0:
        raise RateLimited(retry_after=max(1, math.ceil(wait)))


def _record_failure(db: Session, user: User | None, keys: Iterable[str], now: datetime) -> None:
    """Count a failed password (sign-in, or the current password of a change); commits. The
    owner is e-mailed when the account reaches LOGIN_WARN_AFTER failures in the window, at most
    once per LOGIN_WARN_EVERY."""
    for counter in keys:
        ratelimit.hit(db, counter, now)
    warn = False
    if user is not None and user.id is not None:
        failures = ratelimit.count(db, _fail_key(user, ""), as_utc(now) - LOGIN_FAIL_WINDOW)
        warn_key = ratelimit.key("login-warned:user", str(user.id))
        if failures >= LOGIN_WARN_AFTER and not ratelimit.count(
            db, warn_key, as_utc(now) - LOGIN_WARN_EVERY
        ):
            ratelimit.hit(db, warn_key, now)
            warn = True
    db.commit()
    if warn and user is not None:
        _send_login_warning(user)


def _send_login_warning(user: User) -> None:
    """The "Tentatives de connexion inhabituelles" e-mail; a delivery failure is only logged
    (it must not change the answer to the failed sign-in)."""
    try:
        mailer.send_login_warning(
            user.email,
            user.preferred_language or "fr",
            failures=LOGIN_WARN_AFTER,
            minutes=int(LOGIN_FAIL_WINDOW.total_seconds() // 60),
        )
    except DeliveryFailed:
        log.warning("sign-in warning e-mail for user %s not delivered", user.id)


def login(
    db: Session,
    identifier: str | None,
    password: str | None,
    now: datetime,
    *,
    remember_me: bool = True,
    ip: str = "unknown",
    device: str = "",
) -> LoginResult | SecondFactorRequired:
    """Sign in by username or e-mail. Failed passwords are counted per address (50 in 15 min,
    then 429 for it), per account and address (10 in 15 min, then 429 for that pair) and per
    account: after 5, each attempt waits a growing delay since the last failure (1 s doubling
    up to 30 s, else 429 with Retry-After), so that guessing from many addresses stays slow
    while the owner, elsewhere, is never locked out. The 10th failure e-mails the owner.
    A deactivated account answers 403, only once the password is right (so the 403 tells
    nothing to someone without it). Each sign-in and each wrong password of a known account
    is recorded for "recent logins" (`device`: grocer.services.login_records.device_label of
    the User-Agent), with the alerts the owner asked for. An account with two-factor sign-in
    gets no token yet: SecondFactorRequired (its code sent by e-mail or SMS), then
    `login_second_factor`."""
    identifier, password = check_login_form(identifier, password)
    ip_key = ratelimit.key("login-fail:ip", ip)
    user = find_for_login(db, identifier)
    account_key = _fail_key(user, identifier)
    pair_key = _pair_key(account_key, ip)
    ratelimit.check(db, ip_key, LOGIN_FAILS_PER_IP, LOGIN_FAIL_WINDOW, now)
    ratelimit.check(db, pair_key, LOGIN_FAILS_PER_PAIR, LOGIN_FAIL_WINDOW, now)
    _check_account_delay(db, account_key, now)
    stored_hash = user.password_hash if user else _dummy_hash(bcrypt_rounds())
    if user is None or not verify_password(password, stored_hash):
        login_records.on_failed_login(db, user, now, ip=ip, device=device)
        _record_failure(db, user, (account_key, pair_key, ip_key), now)
        raise InvalidCredentials()
    if not user.is_active:
        raise Forbidden("Ce compte est désactivé", key="auth.errors.inactive")
    assert user.id is not None
    method = second_factor.method_of(db, user.id)
    if method != second_factor.DISABLED:
        # No token yet; the failures stay counted until the second factor is right too.
        return second_factor.begin(
            db, user, method, now, remember_me=remember_me, ip=ip, device=device
        )
    ratelimit.clear(db, account_key)
    ratelimit.clear(db, pair_key)
    return _signed_in(db, user, remember_me, now, ip=ip, device=device, method="password")


def login_second_factor(
    db: Session, challenge: str | None, code: str | None, now: datetime, *, ip: str = "unknown"
) -> LoginResult:
    """Finish a sign-in that a right password left pending (`login` answered
    SecondFactorRequired): the e-mailed or texted code, the app's TOTP code, or a recovery code
    (used up). A wrong code counts as a failed password (the same keys, delays and warning as
    `login`), so guessing stays as slow as guessing the password; the challenge itself dies
    after 5 wrong codes (429), after 10 minutes or once used (400). The sign-in is recorded
    with the address and device of its password step."""
    pending = second_factor.open_challenge(db, challenge, now)
    user = db.get(User, pending.user_id)
    if user is None:
        raise second_factor.invalid_code()
    account_key = _fail_key(user, "")
    pair_key = _pair_key(account_key, ip)
    ip_key = ratelimit.key("login-fail:ip", ip)
    ratelimit.check(db, ip_key, LOGIN_FAILS_PER_IP, LOGIN_FAIL_WINDOW, now)
    ratelimit.check(db, pair_key, LOGIN_FAILS_PER_PAIR, LOGIN_FAIL_WINDOW, now)
    _check_account_delay(db, account_key, now)
    try:
        how = second_factor.redeem(db, pending, code, now)
    except second_factor.WrongCode:
        _record_failure(db, user, (account_key, pair_key, ip_key), now)
        raise
    if not user.is_active:
        db.rollback()
        raise Forbidden("Ce compte est désactivé", key="auth.errors.inactive")
    ratelimit.clear(db, account_key)
    ratelimit.clear(db, pair_key)
    return _signed_in(
        db,
        user,
        pending.remember_me,
        now,
        ip=pending.ip or ip,
        device=pending.device or "",
        method=how,
    )


def _signed_in(
    db: Session, user: User, remember_me: bool, now: datetime, *, ip: str, device: str, method: str
) -> LoginResult:
    """THE place where a sign-in's tokens are issued and the sign-in recorded, after the
    password alone or after the second factor (`method`: "password", or "email", "sms", "app",
    "recovery"). Commits."""
    user.last_login = as_utc(now)
    db.add(user)
    pair = tokens.issue_tokens(db, user, remember_me, now)
    login_records.on_signed_in(
        db, user, now, ip=ip, device=device, family_id=pair.session_id, method=method
    )
    db.commit()
    return LoginResult(pair, user)


def refresh(db: Session, refresh_token: str | None, now: datetime) -> TokenPair:
    """Rotate a refresh token (see tokens.rotate_refresh_token for the reuse rule). A session
    left unused longer than the owner's auto-logout setting (001 §9) is refused and ended."""
    pair, _user = tokens.rotate_refresh_token(db, refresh_token, now, idle_limit=auto_logout_limit)
    return pair


def logout(db: Session, refresh_token: str | None, now: datetime) -> None:
    """End the sign-in this refresh token belongs to; unknown tokens are not an error."""
    tokens.revoke_by_token(db, refresh_token, now)


def logout_all(db: Session, user: User, now: datetime) -> int:
    """End every sign-in of the user: refresh tokens and, at once, access tokens."""
    assert user.id is not None
    revoked = tokens.revoke_user_tokens(db, user.id, now)
    db.commit()
    return revoked


def logout_other_devices(db: Session, user: User, session_id: str, now: datetime) -> TokenPair:
    """ "Se déconnecter de tous les appareils" from a signed-in page: every session ends at
    once, access tokens included (as `logout_all`), and the caller's own session goes on under
    fresh tokens (same remember-me), its sign-in records following it. Unauthorized when the
    caller's session is not live any more."""
    assert user.id is not None
    current = db.exec(
        select(RefreshToken).where(
            col(RefreshToken.family_id) == session_id,
            col(RefreshToken.user_id) == user.id,
            col(RefreshToken.revoked_at).is_(None),
        )
    ).first()
    if current is None:
        raise Unauthorized()
    tokens.revoke_user_tokens(db, user.id, now)
    pair = tokens.issue_tokens(db, user, current.remember_me, now)
    login_records.move_session(db, user.id, session_id, pair.session_id)
    db.commit()
    return pair


# --- codes by e-mail --------------------------------------------------------------------------


def send_signup_code(
    db: Session, email: str | None, now: datetime, ip: str, lang: str = "fr"
) -> None:
    """Sign-up step 1: e-mail a code, unless the address is malformed or already taken
    (both answer the spec's single 400 message, 001 §8). A taken address is counted against
    the same wait and budgets as a real send before it is refused, so that the answers and
    the limits tell nothing about who has an account."""
    try:
        address = validate_email(email)
    except ValidationFailed as exc:
        raise ValidationFailed(
            "email", EMAIL_UNAVAILABLE, key="signup.errors.emailUnavailable"
        ) from exc
    if find_by_email(db, address) is not None:
        otp.charge_send(db, address, otp.SIGNUP, now, ip)
        raise ValidationFailed("email", EMAIL_UNAVAILABLE, key="signup.errors.emailUnavailable")
    otp.send_code(db, address, otp.SIGNUP, now, ip, lang)


def verify_signup_code(db: Session, email: str | None, code: str | None, now: datetime) -> str:
    """Sign-up step 2: check the code; returns the single-use proof that register needs
    (valid while the code would be)."""
    return otp.verify_code(db, validate_email(email), otp.SIGNUP, code, now)


def request_password_reset(
    db: Session, email: str | None, now: datetime, ip: str, lang: str = "fr"
) -> None:
    """Forgot password step 1: e-mail a reset code; 404 "Email introuvable" for an unknown
    address (the spec's catalogue), with misses counted per IP to slow down enumeration."""
    address = validate_email(email)
    user = find_by_email(db, address)
    if user is None:
        miss_key = ratelimit.key("reset-miss:ip", ip)
        ratelimit.check(db, miss_key, LOOKUP_MISSES_PER_IP, otp.SEND_WINDOW, now)
        ratelimit.hit(db, miss_key, now)
        db.commit()
        raise NotFound(EMAIL_NOT_FOUND, key="forgotPassword.errors.emailNotFound")
    otp.send_code(db, address, otp.RESET, now, ip, lang or user.preferred_language)


def verify_reset_code(db: Session, email: str | None, code: str | None, now: datetime) -> str:
    """Forgot password step 2: check the code; returns the single-use proof that
    reset_password needs (valid while the code would be)."""
    return otp.verify_code(db, validate_email(email), otp.RESET, code, now)


def reset_password(
    db: Session,
    email: str | None,
    new_password: str | None,
    now: datetime,
    code: str | None = None,
    *,
    proof: str | None = None,
    ip: str = "unknown",
) -> None:
    """Forgot password step 3. Needs the proof of step 2 or the right code, used up here
    (otp.redeem); never the e-mail alone. Ends every session of the account."""
    password = validate_password(new_password, "newPassword")
    address = validate_email(email)
    otp.redeem(db, address, otp.RESET, now, ip, proof=proof, code=code)
    user = find_by_email(db, address)
    if user is None:
        db.rollback()
        raise NotFound(EMAIL_NOT_FOUND, key="forgotPassword.errors.emailNotFound")
    user.password_hash = hash_password(password)
    db.add(user)
    assert user.id is not None
    tokens.revoke_user_tokens(db, user.id, now)
    ratelimit.clear(db, _fail_key(user, ""))
    login_records.on_password_changed(db, user, now)
    db.commit()


def check_current_password(
    db: Session, user: User, password: str | None, now: datetime, field: str = "currentPassword"
) -> None:
    """A signed-in change that asks for the password (a new password, a new e-mail): a wrong
    one is a 400 on `field` (not 401, which clients read as "signed out") and counts as a
    failed login (the account's delays, the owner's warning); at most PASSWORD_CHANGE_FAILS
    per 15 minutes are tried (then 429), so a stolen access token cannot be used to guess it."""
    assert user.id is not None
    account_key = _fail_key(user, "")
    change_key = ratelimit.key("password-change-fail:user", str(user.id))
    ratelimit.check(db, change_key, PASSWORD_CHANGE_FAILS, LOGIN_FAIL_WINDOW, now)
    _check_account_delay(db, account_key, now)
    if not password or not verify_password(password, user.password_hash):
        _record_failure(db, user, (account_key, change_key), now)
        raise ValidationFailed(
            field,
            "Le mot de passe actuel est incorrect",
            key="account.errors.currentPasswordWrong",
        )


def change_password(
    db: Session,
    actor: User,
    user_id: int,
    current_password: str | None,
    new_password: str | None,
    now: datetime,
    keep_session: str | None = None,
) -> None:
    """Change a password knowing the current one (`check_current_password`); every other
    session is ended, the one named `keep_session` (the caller's) stays signed in."""
    user = ensure_account(db, actor, user_id)
    if not current_password:
        raise ValidationFailed("currentPassword", FILL_ALL_FIELDS, key="validation.fillAllFields")
    password = validate_password(new_password, "newPassword")
    check_current_password(db, user, current_password, now)
    user.password_hash = hash_password(password)
    db.add(user)
    assert user.id is not None
    tokens.revoke_user_tokens(db, user.id, now, keep_family=keep_session)
    login_records.on_password_changed(db, user, now)
    db.commit()


# --- profile, preferences, deletion -----------------------------------------------------------

PROFILE_FIELDS = frozenset(
    {
        "first_name",
        "last_name",
        "phones",
        "phone",
        "business_phone",
        "date_of_birth",
        "gender",
        "preferred_language",
        "address",
    }
)
GENDER_MAX = 30
BUSINESS = "BUSINESS"
#: The profile's address fields (001 §3 "Profile labels": address, city, postal code, country),
#: kept on the shopper's default address.
PROFILE_ADDRESS_KEYS = ("streetAddress", "city", "postalCode", "country")
#: The phone slots of the profile form: its field name, and which stored phone it edits.
_PHONE_SLOTS = {"phone": "phone", "business_phone": "businessPhone"}


def _slot_phone(value: PhoneInput | None, field: str) -> tuple[str, str] | None:
    """A phone slot of the profile form, checked (None: the slot is emptied); the error names
    the form's field (`phone` or `businessPhone`)."""
    if value is None or not national_digits(value.number):
        return None
    try:
        return validate_phone(value.country_code, value.number)
    except ValidationFailed as exc:
        raise ValidationFailed(field, exc.message, key=exc.key) from exc


def _profile_address(value: Mapping[str, Any] | None) -> dict[str, Any] | None:
    """The address part of a profile change: None when every field is blank (no change)."""
    if not value:
        return None
    picked = {key: value.get(key) for key in PROFILE_ADDRESS_KEYS}
    if not any(isinstance(v, str) and v.strip() for v in picked.values()):
        return None
    return picked


def profile_problems(changes: Mapping[str, Any], today: date) -> list[ValidationFailed]:
    """Every problem of a profile change at once (pure), so that a form can show each under its
    field; `update_profile` refuses the first. Keys as in `update_profile`."""
    errors: list[ValidationFailed] = []
    for attr, label, field in (
        ("first_name", "prénom", "firstName"),
        ("last_name", "nom", "lastName"),
    ):
        if changes.get(attr) is not None:
            collect(errors, _name, changes[attr], field, label)
    if changes.get("date_of_birth") is not None:
        collect(errors, validate_birth_date, changes["date_of_birth"], today)
    if changes.get("gender") is not None:
        collect(errors, _text, changes["gender"], "gender", "genre", GENDER_MAX)
    if changes.get("preferred_language") is not None:
        collect(errors, validate_language, changes["preferred_language"])
    for attr, field in _PHONE_SLOTS.items():
        if attr in changes:
            collect(errors, _slot_phone, changes[attr], field)
    if changes.get("phones") is not None:
        collect(errors, _clean_phones, changes["phones"])
    address = _profile_address(changes.get("address"))
    if address is not None:
        errors.extend(addresses.validate_address(address))
    return errors


def _phone_inputs(phones: Iterable[UserPhone]) -> list[PhoneInput]:
    return [PhoneInput(p.country_code, p.number, p.phone_type, p.is_primary) for p in phones]


def _set_phone_slot(db: Session, user_id: int, attr: str, value: PhoneInput | None) -> None:
    """Replace the primary phone (`phone`) or the business phone (`business_phone`), keeping
    the account's other numbers; an empty slot removes its number."""
    checked = _slot_phone(value, _PHONE_SLOTS[attr])
    current = list_phones(db, user_id)
    if attr == "phone":
        kept = [p for p in current if not p.is_primary]
        new = [PhoneInput(*checked, "MOBILE", True)] if checked else []
        phones = new + _phone_inputs(kept)
    else:
        kept = [p for p in current if p.is_primary or p.phone_type != BUSINESS]
        new = [PhoneInput(*checked, BUSINESS, False)] if checked else []
        phones = _phone_inputs(kept) + new
    if phones and not any(p.is_primary for p in phones):
        first = phones[0]
        phones[0] = PhoneInput(first.country_code, first.number, first.phone_type, True)
    _replace_phones(db, user_id, phones)


def _save_profile_address(db: Session, actor: User, user_id: int, address: dict[str, Any]) -> None:
    """The profile's address edits the shopper's default address (created when none)."""
    saved = addresses.list_for_user(db, actor, user_id)  # the default first
    if saved:
        addresses.update(db, actor, saved[0]["id"], address)
    else:
        addresses.create(db, actor, {**address, "isDefault": True}, user_id=user_id)


def _replace_phones(db: Session, user_id: int, phones: Iterable[PhoneInput]) -> None:
    """The given list becomes the user's phones; numbers kept keep their verified flag."""
    cleaned = _clean_phones(phones)
    verified = {(p.country_code, p.number) for p in list_phones(db, user_id) if p.is_verified}
    db.exec(delete(UserPhone).where(col(UserPhone.user_id) == user_id))
    for index, (code, digits, kind) in enumerate(cleaned):
        db.add(
            UserPhone(
                user_id=user_id,
                country_code=code,
                number=digits,
                phone_type=kind,
                is_primary=index == 0,
                is_verified=(code, digits) in verified,
            )
        )


def update_profile(
    db: Session, actor: User, user_id: int, changes: Mapping[str, Any], now: datetime
) -> User:
    """Apply the profile fields present in `changes` (snake_case keys of PROFILE_FIELDS).

    `phones` (a list of PhoneInput) replaces the list; `phone` and `business_phone` (a
    PhoneInput, None or a blank number to remove) replace the primary and the BUSINESS number
    and keep the others; `address` (camelCase streetAddress, city, postalCode, country) edits
    the default address, or creates it (all blank: no change). A null name leaves it as is; a
    null birth date or gender clears it. Every field is checked before anything is written;
    the first problem is raised. Commits."""
    unknown = set(changes) - PROFILE_FIELDS
    if unknown:
        raise ValueError(f"not profile fields: {sorted(unknown)}")
    user = ensure_account(db, actor, user_id)
    assert user.id is not None
    problems = profile_problems(changes, now.date())
    if problems:
        raise problems[0]
    for attr in ("first_name", "last_name"):
        if changes.get(attr) is not None:
            setattr(user, attr, (changes[attr] or "").strip())
    if "date_of_birth" in changes:
        user.date_of_birth = changes["date_of_birth"]
    if "gender" in changes:
        user.gender = _text(changes["gender"], "gender", "genre", GENDER_MAX)
    if changes.get("preferred_language") is not None:
        user.preferred_language = changes["preferred_language"]
    phone_slots = [attr for attr in _PHONE_SLOTS if attr in changes]
    if changes.get("phones") is not None or phone_slots:
        lock_user(db, user.id)
    if changes.get("phones") is not None:
        _replace_phones(db, user.id, changes["phones"])
    for attr in phone_slots:
        _set_phone_slot(db, user.id, attr, changes[attr])
    address = _profile_address(changes.get("address"))
    if address is not None:
        _save_profile_address(db, actor, user.id, address)
    db.add(user)
    db.commit()
    return user


def save_profile(
    db: Session, actor: User, user_id: int, changes: Mapping[str, Any], now: datetime
) -> dict[str, Any]:
    """`update_profile`, answered as the user details the profile form shows again."""
    return user_details(db, update_profile(db, actor, user_id, changes, now))


def update_notification_preferences(
    db: Session, actor: User, user_id: int, notifications: Mapping[str, bool | None]
) -> dict[str, Any]:
    """PUT /users/{id}/preferences: the e-mail/push/SMS switches sent (None: unchanged),
    merged into the settings document that /user/settings serves (settings_doc). Commits."""
    switches = {channel: on for channel, on in notifications.items() if on is not None}
    document = save_settings_doc(db, actor, {"userId": user_id, "notifications": switches})
    db.commit()
    return {"userId": user_id, "notifications": document["notifications"]}


def request_deletion(
    db: Session, actor: User, user_id: int, reason: str | None, now: datetime
) -> DeletionRequest:
    """Ask for the account to be closed and its personal data deleted: the request is kept
    with `purge_after` = now + GROCER_DELETION_GRACE_DAYS (when `grocer purge-accounts` may
    anonymise it, see grocer.services.account_purge), and every session of the account ends at
    once (refresh and access tokens, on every device). One open request per account: asking
    again keeps the first (and its date) and signs out again. Commits."""
    user = ensure_account(db, actor, user_id)
    text = _text(reason, "reason", "motif", DELETION_REASON_MAX)
    assert user.id is not None
    request = db.exec(
        select(DeletionRequest).where(
            col(DeletionRequest.user_id) == user.id, col(DeletionRequest.purged_at).is_(None)
        )
    ).first()
    if request is None:
        request = DeletionRequest(
            user_id=user.id,
            reason=text,
            created_at=as_utc(now),
            purge_after=as_utc(now) + timedelta(days=get_settings().deletion_grace_days),
        )
        db.add(request)
    tokens.revoke_user_tokens(db, user.id, now)
    db.commit()
    db.refresh(request)
    return request


def deletion_request_json(request: DeletionRequest) -> dict[str, Any]:
    return {
        "id": request.id,
        "userId": request.user_id,
        "reason": request.reason,
        "createdAt": iso_utc(request.created_at),
        "purgeAfter": iso_utc(request.purge_after),
        "status": "purged" if request.purged_at else "pending",
    }
