"""A customer's delivery addresses, and the field checks every account service shares.

The first half of this module holds the small, pure checks (text length, number range, choice,
boolean) and the persistence helpers (owned-row lookup, one default per user) that the payment
methods, settings, gift card and order services reuse, so that each rule is written once.
"""

from __future__ import annotations

import math
import re
from collections.abc import Callable, Collection, Mapping
from datetime import UTC, datetime
from typing import Any, TypeVar

import sqlalchemy as sa
from sqlmodel import Session, col, select
from typing_extensions import TypedDict

from grocer.models import Address, PaymentMethod, User
from grocer.models.base import utcnow
from grocer.services.errors import NotFound, ValidationFailed
from grocer.services.ownership import ensure_owner

T = TypeVar("T")

# --------------------------------------------------------------------------------------------
# Shared field checks (pure): each raises ValidationFailed with the field's camelCase name.
# --------------------------------------------------------------------------------------------


def too_long_message(label: str, limit: int) -> str:
    return f"Le champ {label} ne doit pas dépasser {limit} caractères"


def clean_text(value: Any, *, field: str, label: str, max_length: int) -> str | None:
    """Trimmed text, None when blank or absent; rejects non-text and text over the limit."""
    if value is None:
        return None
    if not isinstance(value, str):
        raise ValidationFailed(field, f"Le champ {label} est invalide", key="errors.invalidField")
    text = value.strip()
    if len(text) > max_length:
        raise ValidationFailed(field, too_long_message(label, max_length), key="errors.tooLong")
    return text or None


def parse_number(value: Any, *, field: str, message: str, key: str) -> float | None:
    """A finite number from a JSON number or numeric text (form inputs); None when empty."""
    if value is None or (isinstance(value, str) and not value.strip()):
        return None
    if isinstance(value, bool):
        raise ValidationFailed(field, message, key=key)
    try:
        number = float(value)
    except (TypeError, ValueError) as exc:
        raise ValidationFailed(field, message, key=key) from exc
    if not math.isfinite(number):
        raise ValidationFailed(field, message, key=key)
    return number


def check_range(
    value: Any, *, field: str, low: float, high: float, message: str, key: str
) -> float | None:
    """A number within [low, high] (NaN and infinities are out of range), or None."""
    number = parse_number(value, field=field, message=message, key=key)
    if number is not None and not low <= number <= high:
        raise ValidationFailed(field, message, key=key)
    return number


def check_int_range(
    value: Any, *, field: str, low: int, high: int, message: str, key: str
) -> int | None:
    """A whole number within [low, high], or None; 3.5 and True are rejected."""
    number = check_range(value, field=field, low=low, high=high, message=message, key=key)
    if number is None:
        return None
    if not number.is_integer():
        raise ValidationFailed(field, message, key=key)
    return int(number)


def check_choice(value: Any, choices: Collection[T], *, field: str, label: str) -> T:
    """One of an enumerated set (exact type too: True is not the choice 1)."""
    for choice in choices:
        if type(value) is type(choice) and value == choice:
            return choice
    allowed = ", ".join("null" if c is None else str(c) for c in choices)
    raise ValidationFailed(
        field, f"Valeur invalide pour {label} (valeurs possibles : {allowed})", key="errors.choice"
    )


def check_bool(value: Any, *, field: str, label: str) -> bool:
    if not isinstance(value, bool):
        raise ValidationFailed(field, f"Le champ {label} doit être vrai ou faux", key="errors.bool")
    return value


def collect(errors: list[ValidationFailed], check: Callable[..., T], *args: Any, **kw: Any) -> T:
    """Run one check, keep its error and go on, so that a form can show every problem at once."""
    try:
        return check(*args, **kw)
    except ValidationFailed as exc:
        errors.append(exc)
        return None  # type: ignore[return-value]


def as_utc(moment: datetime) -> datetime:
    """Aware UTC (the team's convention); a naive value from older code is read as UTC."""
    return moment.replace(tzinfo=UTC) if moment.tzinfo is None else moment.astimezone(UTC)


def iso_utc(moment: datetime | None) -> str | None:
    """ISO 8601 in UTC with a Z ('2025-01-31T10:00:00Z'), which every browser reads alike."""
    return None if moment is None else as_utc(moment).strftime("%Y-%m-%dT%H:%M:%SZ")


# --------------------------------------------------------------------------------------------
# Shared persistence helpers.
# --------------------------------------------------------------------------------------------

Owned = TypeVar("Owned", Address, PaymentMethod)


def ensure_account(db: Session, actor: User, user_id: int) -> User:
    """The account `user_id` when the actor may act on it (itself, or any for an admin)."""
    ensure_owner(actor, user_id)
    user = actor if actor.id == user_id else db.get(User, user_id)
    if user is None:
        raise NotFound()
    return user


def get_owned(db: Session, actor: User, model: type[Owned], row_id: int) -> Owned:
    """A row of a per-user table, or NotFound: others' rows look exactly like missing ones."""
    row = db.get(model, row_id)
    if row is None:
        raise NotFound()
    ensure_owner(actor, row.user_id)
    return row


def lock_user(db: Session, user_id: int) -> None:
    """Serialise concurrent writers of one user's rows (one default, settings merge).

    PostgreSQL locks the user row; SQLite has no row locks, so a no-op UPDATE takes its
    database write lock at once, before anything is read.
    """
    if db.get_bind().dialect.name == "sqlite":
        db.exec(sa.update(User).where(col(User.id) == user_id).values(id=User.id))
    else:
        db.exec(sa.select(User.id).where(col(User.id) == user_id).with_for_update())


def keep_single_default(db: Session, model: type[Owned], user_id: int, default_id: int) -> None:
    """Clear the default flag on every other row of this user."""
    db.exec(
        sa.update(model)
        .where(
            col(model.user_id) == user_id,
            col(model.id) != default_id,
            col(model.is_default).is_(True),
        )
        .values(is_default=False)
    )


def promote_default_if_none(db: Session, model: type[Owned], user_id: int) -> None:
    """Give the user a default again (the newest row) when none is left."""
    rows = db.exec(
        select(model).where(col(model.user_id) == user_id).order_by(col(model.id).desc())
    ).all()
    if rows and not any(row.is_default for row in rows):
        rows[0].is_default = True
        db.add(rows[0])


def save_owned(db: Session, row: Owned) -> Owned:
    """Insert or update a row; if flagged default it alone keeps the flag, else one is ensured.

    Callers hold `lock_user` so that two concurrent saves cannot both end up default.
    """
    db.add(row)
    db.flush()
    assert row.id is not None
    if row.is_default:
        keep_single_default(db, type(row), row.user_id, row.id)
    else:
        promote_default_if_none(db, type(row), row.user_id)
    db.flush()
    db.refresh(row)
    return row


def delete_owned(db: Session, actor: User, model: type[Owned], row_id: int) -> None:
    """Delete one of the actor's rows; when it was the default, the newest remaining one is."""
    row = get_owned(db, actor, model, row_id)
    lock_user(db, row.user_id)
    db.delete(row)
    db.flush()
    promote_default_if_none(db, model, row.user_id)
    db.flush()


# --------------------------------------------------------------------------------------------
# Addresses.
# --------------------------------------------------------------------------------------------


class AddressDict(TypedDict):
    id: int
    addressId: int
    addressType: str
    streetAddress: str
    apartment: str | None
    city: str
    state: str | None
    postalCode: str | None
    country: str
    latitude: float | None
    longitude: float | None
    isDefault: bool
    createdAt: str | None


# (camelCase key, model attribute, French name used in messages, maximum length)
ADDRESS_TEXT_FIELDS: tuple[tuple[str, str, str, int], ...] = (
    ("streetAddress", "street_address", "adresse", 300),
    ("apartment", "apartment", "appartement", 120),
    ("city", "city", "ville", 120),
    ("state", "state", "région", 120),
    ("postalCode", "postal_code", "code postal", 20),
    ("country", "country", "pays", 120),
)
ADDRESS_LIMITS: dict[str, int] = {key: limit for key, _, _, limit in ADDRESS_TEXT_FIELDS}
ADDRESS_TYPE_MAX = 20
REQUIRED_ADDRESS_FIELDS = ("streetAddress", "city", "country")
DEFAULT_ADDRESS_TYPE = "HOME"
LATITUDE_MESSAGE = "La latitude doit être comprise entre -90 et 90"
LONGITUDE_MESSAGE = "La longitude doit être comprise entre -180 et 180"
_LABELS = {key: label for key, _, label, _ in ADDRESS_TEXT_FIELDS}
_ATTRS = {key: attr for key, attr, _, _ in ADDRESS_TEXT_FIELDS}
_ADDRESS_TYPE = re.compile(r"^[A-Za-z_]{1,20}$")
_ADDRESS_KEYS = (*ADDRESS_LIMITS, "addressType", "latitude", "longitude", "isDefault")


def required_message(missing: list[str]) -> str:
    """'Veuillez remplir le champ adresse' or 'Veuillez remplir les champs suivants : …'."""
    names = [_LABELS[key] for key in missing]
    if len(names) == 1:
        return f"Veuillez remplir le champ {names[0]}"
    return f"Veuillez remplir les champs suivants : {', '.join(names)}"


def _address_type(value: Any) -> str:
    text = clean_text(value, field="addressType", label="type d'adresse", max_length=20)
    if text is None:
        return DEFAULT_ADDRESS_TYPE
    if not _ADDRESS_TYPE.match(text):
        raise ValidationFailed(
            "addressType", "Le champ type d'adresse est invalide", key="errors.invalidField"
        )
    return text.upper()


def _check_address(data: Mapping[str, Any]) -> tuple[dict[str, Any], list[ValidationFailed]]:
    """The cleaned address (model attribute names) and every problem found."""
    errors: list[ValidationFailed] = []
    clean: dict[str, Any] = {}
    for key, attr, label, limit in ADDRESS_TEXT_FIELDS:
        clean[attr] = collect(
            errors, clean_text, data.get(key), field=key, label=label, max_length=limit
        )
    failed = {error.field for error in errors}
    missing = [k for k in REQUIRED_ADDRESS_FIELDS if clean[_ATTRS[k]] is None and k not in failed]
    if missing:
        errors.insert(
            0,
            ValidationFailed(missing[0], required_message(missing), key="address.errors.required"),
        )
    clean["latitude"] = collect(
        errors,
        check_range,
        data.get("latitude"),
        field="latitude",
        low=-90,
        high=90,
        message=LATITUDE_MESSAGE,
        key="address.errors.latitude",
    )
    clean["longitude"] = collect(
        errors,
        check_range,
        data.get("longitude"),
        field="longitude",
        low=-180,
        high=180,
        message=LONGITUDE_MESSAGE,
        key="address.errors.longitude",
    )
    clean["address_type"] = collect(errors, _address_type, data.get("addressType"))
    is_default = data.get("isDefault")
    clean["is_default"] = (
        True
        if is_default is None
        else collect(errors, check_bool, is_default, field="isDefault", label="par défaut")
    )
    return clean, errors


def validate_address(data: Mapping[str, Any]) -> list[ValidationFailed]:
    """Every problem of an address given with the spec's camelCase keys (pure; [] when valid).

    The guest dialog shows these without a server round trip; the server applies the same.
    """
    return _check_address(data)[1]


def clean_address(data: Mapping[str, Any]) -> dict[str, Any]:
    """The address ready for the table (trimmed, defaults applied), or the first problem."""
    clean, errors = _check_address(data)
    if errors:
        raise errors[0]
    return clean


def address_to_dict(address: Address) -> AddressDict:
    assert address.id is not None
    return AddressDict(
        id=address.id,
        addressId=address.id,
        addressType=address.address_type,
        streetAddress=address.street_address,
        apartment=address.apartment,
        city=address.city,
        state=address.state,
        postalCode=address.postal_code,
        country=address.country,
        latitude=address.latitude,
        longitude=address.longitude,
        isDefault=address.is_default,
        createdAt=iso_utc(address.created_at),
    )


def _camel_view(address: Address) -> dict[str, Any]:
    """The stored address under its camelCase keys, the base a partial update merges onto."""
    view: dict[str, Any] = dict(address_to_dict(address))
    return {key: view[key] for key in _ADDRESS_KEYS}


def create(
    db: Session, actor: User, data: Mapping[str, Any], *, user_id: int | None = None
) -> AddressDict:
    """Save a new address for the actor (or, for an admin, for `user_id`).

    isDefault defaults to true, and a new default takes the flag from the others. A user with
    addresses always has exactly one default: when none is left, the newest takes it.
    """
    owner_id = actor.id if user_id is None else user_id
    assert owner_id is not None
    ensure_account(db, actor, owner_id)
    clean = clean_address(data)
    lock_user(db, owner_id)
    return address_to_dict(save_owned(db, Address(user_id=owner_id, created_at=utcnow(), **clean)))


def update(db: Session, actor: User, address_id: int, data: Mapping[str, Any]) -> AddressDict:
    """Change the given fields of one of the actor's addresses (a partial update)."""
    address = get_owned(db, actor, Address, address_id)
    merged = {**_camel_view(address), **{k: v for k, v in data.items() if k in _ADDRESS_KEYS}}
    if "isDefault" in data and data["isDefault"] is None:
        merged["isDefault"] = address.is_default
    clean = clean_address(merged)
    lock_user(db, address.user_id)
    for attr, value in clean.items():
        setattr(address, attr, value)
    return address_to_dict(save_owned(db, address))


def get(db: Session, actor: User, address_id: int) -> AddressDict:
    return address_to_dict(get_owned(db, actor, Address, address_id))


def delete(db: Session, actor: User, address_id: int) -> None:
    """Remove an address; when it was the default, the newest remaining one takes over."""
    delete_owned(db, actor, Address, address_id)


def list_for_user(db: Session, actor: User, user_id: int) -> list[AddressDict]:
    """A user's addresses, the default first, then the newest."""
    ensure_account(db, actor, user_id)
    rows = db.exec(
        select(Address)
        .where(col(Address.user_id) == user_id)
        .order_by(col(Address.is_default).desc(), col(Address.id).desc())
    ).all()
    return [address_to_dict(row) for row in rows]
