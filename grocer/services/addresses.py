"""A customer's delivery addresses: the address rules (required fields, lengths, coordinates,
type) and the saved addresses of an account.

The field checks are grocer.services.validation's, the owned-row helpers (lookup, one default
per user, the per-user lock) grocer.services.ownership's.
"""

from __future__ import annotations

import re
from collections.abc import Mapping
from typing import Any

from sqlmodel import Session
from typing_extensions import TypedDict

from grocer.models import Address, User
from grocer.models.base import iso_utc, utcnow
from grocer.services.errors import ValidationFailed
from grocer.services.ownership import (
    delete_owned,
    ensure_account,
    get_owned,
    list_owned,
    lock_user,
    save_owned,
)
from grocer.services.validation import (
    LATITUDE,
    LONGITUDE,
    check_bool,
    check_coordinate,
    clean_text,
    collect,
    coordinate,
)

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
_LABELS = {key: label for key, _, label, _ in ADDRESS_TEXT_FIELDS}
_ATTRS = {key: attr for key, attr, _, _ in ADDRESS_TEXT_FIELDS}
_ADDRESS_TYPE = re.compile(rf"^[A-Za-z_]{{1,{ADDRESS_TYPE_MAX}}}$")
_ADDRESS_KEYS = (*ADDRESS_LIMITS, "addressType", "latitude", "longitude", "isDefault")


def required_message(missing: list[str]) -> str:
    """'Veuillez remplir le champ adresse' or 'Veuillez remplir les champs suivants : …'."""
    names = [_LABELS[key] for key in missing]
    if len(names) == 1:
        return f"Veuillez remplir le champ {names[0]}"
    return f"Veuillez remplir les champs suivants : {', '.join(names)}"


def _address_type(value: Any) -> str:
    text = clean_text(
        value, field="addressType", label="type d'adresse", max_length=ADDRESS_TYPE_MAX
    )
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
    for axis in (LATITUDE, LONGITUDE):
        clean[axis] = collect(errors, check_coordinate, data.get(axis), axis)
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


def clean_partial_address(data: Mapping[str, Any]) -> dict[str, Any]:
    """An address whose every field is optional (the shipping choice a cart keeps), under the
    same rules as a saved one: camelCase keys, text trimmed within the limits (None when
    blank), the type checked, the coordinates in range. The first problem is raised."""
    type_given = data.get("addressType") is not None
    address: dict[str, Any] = {
        "addressType": _address_type(data.get("addressType")) if type_given else None
    }
    for key, _attr, label, limit in ADDRESS_TEXT_FIELDS:
        address[key] = clean_text(data.get(key), field=key, label=label, max_length=limit)
    for axis in (LATITUDE, LONGITUDE):
        address[axis] = check_coordinate(data.get(axis), axis)
    return address


def _cut(value: Any, limit: int) -> str:
    return value.strip()[:limit] if isinstance(value, str) else ""


def read_address(data: Any) -> dict[str, Any]:
    """An address read from untrusted data that is shown rather than judged (the guest's
    stored address, a geocoding result): known keys only, text cut at the limits, the type
    upper-cased (else the default), coordinates in range or None, positive ids kept.
    {} when it holds nothing usable."""
    if not isinstance(data, Mapping):
        return {}
    out: dict[str, Any] = {key: _cut(data.get(key), limit) for key, limit in ADDRESS_LIMITS.items()}
    address_type = _cut(data.get("addressType"), ADDRESS_TYPE_MAX)
    out["addressType"] = address_type.upper() if address_type.isalpha() else DEFAULT_ADDRESS_TYPE
    out[LATITUDE] = coordinate(data.get(LATITUDE), LATITUDE)
    out[LONGITUDE] = coordinate(data.get(LONGITUDE), LONGITUDE)
    out["isDefault"] = data.get("isDefault") is not False
    for key in ("id", "addressId"):
        value = data.get(key)
        if isinstance(value, int) and not isinstance(value, bool) and value > 0:
            out[key] = value
    if not any(out[key] for key in ADDRESS_LIMITS) and out[LATITUDE] is None:
        return {}
    return out


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
    return [address_to_dict(row) for row in list_owned(db, actor, Address, user_id)]
