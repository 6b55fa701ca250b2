"""The user settings document of 001 §3 (plus the referral settings of §2), read and written whole.

Stored as one JSON document per user. Reads lay the stored values over the spec's defaults;
writes accept a partial document, check every value against its allowed set and merge it in.
Unknown keys are dropped, so the stored document only ever holds valid, known values.
"""

from __future__ import annotations

import copy
from collections.abc import Callable, Mapping
from datetime import timedelta
from typing import Any

from sqlmodel import Session
from typing_extensions import TypedDict

from grocer.models import User, UserSettings
from grocer.models.base import utcnow
from grocer.models.constants import LANGUAGES
from grocer.services.errors import ValidationFailed
from grocer.services.money import SUPPORTED as CURRENCIES
from grocer.services.ownership import ensure_account, lock_user
from grocer.services.validation import check_bool, check_choice, check_int_range

TWO_FACTOR_METHODS = ("disabled", "sms", "email", "app")
AUTO_LOGOUT_MINUTES: tuple[int | None, ...] = (30, 60, 1440, 10080, None)  # None: never
TIMEZONES = (
    "Europe/Paris",
    "Europe/London",
    "America/New_York",
    "Africa/Ouagadougou",
    "Africa/Abidjan",
    "America/Toronto",
    "Asia/Tokyo",
)
DEFAULT_TIMEZONE = "Europe/Paris"
MONTHLY_INVITATION_LIMITS = (10, 25, 50, 100)
INVITATION_DELAY_MINUTES = (0, 60)
DELAY_MESSAGE = "Le délai entre les invitations doit être compris entre 0 et 60 minutes"
#: The two-factor method changes only through its own calls (grocer.services.two_factor: a
#: verified e-mail, a phone, a confirmed app, the password to switch it off), never here.
TWO_FACTOR_READ_ONLY = (
    "La vérification en deux étapes se modifie dans ses propres réglages, pas avec les "
    "autres paramètres"
)


class NotificationSettings(TypedDict):
    email: bool
    push: bool
    sms: bool


class PrivacySettings(TypedDict):
    publicProfile: bool
    dataSharing: bool


class SecurityNotificationSettings(TypedDict):
    newLogins: bool
    passwordChanges: bool
    failedLogins: bool


class SecuritySettings(TypedDict):
    twoFactorMethod: str
    securityNotifications: SecurityNotificationSettings


class SessionSettings(TypedDict):
    autoLogoutMinutes: int | None
    logoutAllDevices: bool


class LanguageAndRegionSettings(TypedDict):
    language: str
    currency: str
    isCurrencyAutoDetected: bool
    timezone: str
    isTimezoneAutoDetected: bool


class ReferralSettings(TypedDict):
    emailNotifications: bool
    pushNotifications: bool
    publicProfile: bool
    sharedStatistics: bool
    monthlyInvitationLimit: int
    invitationDelayMinutes: int


class SettingsDoc(TypedDict):
    userId: int
    notifications: NotificationSettings
    privacy: PrivacySettings
    security: SecuritySettings
    session: SessionSettings
    languageAndRegion: LanguageAndRegionSettings
    referral: ReferralSettings


DEFAULT_SETTINGS: dict[str, Any] = {
    "notifications": {"email": True, "push": False, "sms": False},
    "privacy": {"publicProfile": False, "dataSharing": True},
    "security": {
        "twoFactorMethod": "disabled",
        "securityNotifications": {"newLogins": True, "passwordChanges": True, "failedLogins": True},
    },
    "session": {"autoLogoutMinutes": 60, "logoutAllDevices": False},
    "languageAndRegion": {
        "language": "fr",
        "currency": "XOF",
        "isCurrencyAutoDetected": True,
        "timezone": DEFAULT_TIMEZONE,
        "isTimezoneAutoDetected": True,
    },
    "referral": {
        "emailNotifications": True,
        "pushNotifications": False,
        "publicProfile": False,
        "sharedStatistics": True,
        "monthlyInvitationLimit": 25,
        "invitationDelayMinutes": 5,
    },
}

# A leaf check takes (value, dotted field name) and returns the value to store.
Check = Callable[[Any, str], Any]


def _flag(value: Any, field: str) -> bool:
    return check_bool(value, field=field, label=field)


def _one_of(choices: tuple[Any, ...]) -> Check:
    return lambda value, field: check_choice(value, choices, field=field, label=field)


def _delay(value: Any, field: str) -> int:
    if value is None or isinstance(value, str):  # a number, not text, and not "no delay"
        raise ValidationFailed(field, DELAY_MESSAGE, key="referral.errors.delay")
    low, high = INVITATION_DELAY_MINUTES
    number = check_int_range(
        value, field=field, low=low, high=high, message=DELAY_MESSAGE, key="referral.errors.delay"
    )
    assert number is not None
    return number


# The document's shape: every leaf of DEFAULT_SETTINGS has exactly one check.
SCHEMA: dict[str, Any] = {
    "notifications": {"email": _flag, "push": _flag, "sms": _flag},
    "privacy": {"publicProfile": _flag, "dataSharing": _flag},
    "security": {
        "twoFactorMethod": _one_of(TWO_FACTOR_METHODS),
        "securityNotifications": {
            "newLogins": _flag,
            "passwordChanges": _flag,
            "failedLogins": _flag,
        },
    },
    "session": {"autoLogoutMinutes": _one_of(AUTO_LOGOUT_MINUTES), "logoutAllDevices": _flag},
    "languageAndRegion": {
        "language": _one_of(LANGUAGES),
        "currency": _one_of(CURRENCIES),
        "isCurrencyAutoDetected": _flag,
        "timezone": _one_of(TIMEZONES),
        "isTimezoneAutoDetected": _flag,
    },
    "referral": {
        "emailNotifications": _flag,
        "pushNotifications": _flag,
        "publicProfile": _flag,
        "sharedStatistics": _flag,
        "monthlyInvitationLimit": _one_of(MONTHLY_INVITATION_LIMITS),
        "invitationDelayMinutes": _delay,
    },
}


def _merge(
    base: dict[str, Any], patch: Mapping[str, Any], schema: Mapping[str, Any], path: str
) -> None:
    """Validate `patch` against `schema` and write it into `base` (unknown keys dropped)."""
    for key, value in patch.items():
        if key not in schema:
            continue
        field = f"{path}{key}"
        if isinstance(schema[key], dict):
            if not isinstance(value, Mapping):
                raise ValidationFailed(
                    field, f"La section {field} est invalide", key="errors.invalidField"
                )
            _merge(base.setdefault(key, {}), value, schema[key], f"{field}.")
        else:
            base[key] = schema[key](value, field)


def _overlay(base: dict[str, Any], stored: Mapping[str, Any], schema: Mapping[str, Any]) -> None:
    """Lay stored values (already checked when saved) over the defaults, known keys only."""
    for key, value in stored.items():
        if key not in schema:
            continue
        if isinstance(schema[key], dict):
            if isinstance(value, Mapping):
                _overlay(base[key], value, schema[key])
        else:
            base[key] = value


def apply_settings(current: Mapping[str, Any], payload: Mapping[str, Any]) -> dict[str, Any]:
    """A new document: `payload` (partial) checked and merged onto `current` (pure).

    Choosing a timezone or a currency by hand clears its auto-detected flag, unless the
    payload sets that flag itself (the spec's globe button re-detects and sets it again).
    """
    document = copy.deepcopy(dict(current))
    _merge(document, payload, SCHEMA, "")
    region = payload.get("languageAndRegion")
    if isinstance(region, Mapping):
        for value_key, flag_key in (
            ("timezone", "isTimezoneAutoDetected"),
            ("currency", "isCurrencyAutoDetected"),
        ):
            if value_key in region and flag_key not in region:
                document["languageAndRegion"][flag_key] = False
    return document


def settings_with_defaults(stored: Mapping[str, Any] | None) -> dict[str, Any]:
    document = copy.deepcopy(DEFAULT_SETTINGS)
    _overlay(document, stored or {}, SCHEMA)
    return document


def get_settings_doc(db: Session, actor: User, user_id: int) -> SettingsDoc:
    """A user's settings: the spec's defaults where nothing was saved."""
    ensure_account(db, actor, user_id)
    row = db.get(UserSettings, user_id)
    return SettingsDoc(userId=user_id, **settings_with_defaults(row.data if row else None))  # type: ignore[typeddict-item]


def save_settings_doc(db: Session, actor: User, payload: Mapping[str, Any]) -> SettingsDoc:
    """Check and merge a (partial) settings document for payload's userId (default: the actor).

    The chosen language also becomes the account's preferred language, which e-mails use.
    """
    raw_user_id = payload.get("userId", actor.id)
    if isinstance(raw_user_id, bool) or not isinstance(raw_user_id, int):
        raise ValidationFailed(
            "userId", "Identifiant utilisateur invalide", key="errors.invalidField"
        )
    user = ensure_account(db, actor, raw_user_id)
    lock_user(db, raw_user_id)
    row = db.get(UserSettings, raw_user_id)
    current = settings_with_defaults(row.data if row else None)
    document = apply_settings(current, payload)
    if _two_factor(document) != _two_factor(current):
        raise ValidationFailed(
            "security.twoFactorMethod", TWO_FACTOR_READ_ONLY, key="security.errors.readOnly"
        )
    _store(db, raw_user_id, row, document)
    user.preferred_language = document["languageAndRegion"]["language"]
    db.add(user)
    db.flush()
    return SettingsDoc(userId=raw_user_id, **document)  # type: ignore[typeddict-item]


def _two_factor(document: Mapping[str, Any]) -> str:
    return str(document["security"]["twoFactorMethod"])


def _store(db: Session, user_id: int, row: UserSettings | None, document: dict[str, Any]) -> None:
    if row is None:
        row = UserSettings(user_id=user_id)
    row.data = document
    row.updated_at = utcnow()
    db.add(row)


def store_two_factor_method(db: Session, user_id: int, method: str) -> None:
    """Record the account's two-factor method (for grocer.services.two_factor only, which
    checks the rules of each method first; the caller holds the user's lock and commits)."""
    check_choice(method, TWO_FACTOR_METHODS, field="twoFactorMethod", label="twoFactorMethod")
    row = db.get(UserSettings, user_id)
    document = settings_with_defaults(row.data if row else None)
    document["security"]["twoFactorMethod"] = method
    _store(db, user_id, row, document)


# --- the settings that other services enforce -----------------------------------------------


def account_settings(db: Session, user_id: int) -> dict[str, Any]:
    """A user's settings for the shop's own rules (no actor: never served to a client)."""
    row = db.get(UserSettings, user_id)
    return settings_with_defaults(row.data if row else None)


def auto_logout_limit(db: Session, user_id: int) -> timedelta | None:
    """How long a session may stay unused before it ends (None: never, 001 §9)."""
    minutes = account_settings(db, user_id)["session"]["autoLogoutMinutes"]
    return None if minutes is None else timedelta(minutes=minutes)


def security_alert_on(db: Session, user_id: int, alert: str) -> bool:
    """Whether the owner wants the e-mail of `alert` (newLogins, passwordChanges,
    failedLogins; all on by default)."""
    alerts = account_settings(db, user_id)["security"]["securityNotifications"]
    return bool(alerts.get(alert, True))


def optional_email_allowed(db: Session, user_id: int) -> bool:
    """notifications.email: whether the shop may send this user its optional e-mails (news,
    referral notices, offers). Receipts, codes and security alerts are not optional: they
    always go, whatever this switch says."""
    return bool(account_settings(db, user_id)["notifications"]["email"])


# --- the section's switches (the settings page draws one per entry) ---------------------------

#: switch name -> its place in the document (two-factor is not a switch: its own panel).
SWITCHES: dict[str, tuple[str, ...]] = {
    "email": ("notifications", "email"),
    "push": ("notifications", "push"),
    "sms": ("notifications", "sms"),
    "publicProfile": ("privacy", "publicProfile"),
    "dataSharing": ("privacy", "dataSharing"),
    "newLogins": ("security", "securityNotifications", "newLogins"),
    "passwordChanges": ("security", "securityNotifications", "passwordChanges"),
    "failedLogins": ("security", "securityNotifications", "failedLogins"),
}


def switches_of(document: Mapping[str, Any]) -> dict[str, bool]:
    """The switches' positions in a document (pure)."""
    found: dict[str, bool] = {}
    for name, path in SWITCHES.items():
        value: Any = document
        for part in path:
            value = value.get(part, {}) if isinstance(value, Mapping) else {}
        found[name] = bool(value) if isinstance(value, bool) else False
    return found


def switches_payload(switches: Mapping[str, bool]) -> dict[str, Any]:
    """A partial document holding the switches given (pure; unknown names dropped)."""
    payload: dict[str, Any] = {}
    for name, on in switches.items():
        path = SWITCHES.get(name)
        if path is None:
            continue
        node = payload
        for part in path[:-1]:
            node = node.setdefault(part, {})
        node[path[-1]] = bool(on)
    return payload


def auto_logout_choice(value: str) -> int | None:
    """The section's select value ("30" ... "never") as the document's minutes; ValueError
    for anything else."""
    minutes = None if value == "never" else int(value) if value.isdigit() else -1
    if minutes not in AUTO_LOGOUT_MINUTES:
        raise ValueError(value)
    return minutes
