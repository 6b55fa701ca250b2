"""The field checks every service shares: text, numbers and ranges, choices, booleans,
coordinates and e-mail syntax. Pure: values in, a value out or a `ValidationFailed` carrying
the field's camelCase name and a message key (the API answers it, the states show the key).

Each rule is written here once; the address, payment, settings, gift card, order, cart and
account services, the geocoding checks and the Reflex states call it.
"""

from __future__ import annotations

import math
import re
from collections.abc import Callable, Collection
from typing import Any, TypeVar

from email_validator import EmailNotValidError
from email_validator import validate_email as _email_validator

from grocer.models.constants import MAX_ID
from grocer.services.errors import ValidationFailed

T = TypeVar("T")

# --- text --------------------------------------------------------------------------------------

_CONTROL = re.compile(r"[\x00-\x08\x0b\x0c\x0e-\x1f\x7f]")


def too_long_message(label: str, limit: int) -> str:
    return f"Le champ {label} ne doit pas dépasser {limit} caractères"


def invalid_field(field: str, label: str) -> ValidationFailed:
    return ValidationFailed(field, f"Le champ {label} est invalide", key="errors.invalidField")


def clean_text(value: Any, *, field: str, label: str, max_length: int) -> str | None:
    """Trimmed text, None when blank or absent; rejects non-text and text over the limit."""
    if value is None:
        return None
    if not isinstance(value, str):
        raise invalid_field(field, label)
    text = value.strip()
    if len(text) > max_length:
        raise ValidationFailed(field, too_long_message(label, max_length), key="errors.tooLong")
    return text or None


def plain_text(value: Any, *, field: str, label: str, max_length: int) -> str | None:
    """`clean_text` that also refuses control characters (NUL breaks PostgreSQL, the others
    break e-mails and logs): names, free-text reasons."""
    if isinstance(value, str) and _CONTROL.search(value):
        raise invalid_field(field, label)
    return clean_text(value, field=field, label=label, max_length=max_length)


# --- numbers -----------------------------------------------------------------------------------


def parse_number(value: Any, *, field: str, message: str, key: str) -> float | None:
    """A finite number from a JSON number or numeric text (form inputs); None when empty."""
    if value is None or (isinstance(value, str) and not value.strip()):
        return None
    if isinstance(value, bool):
        raise ValidationFailed(field, message, key=key)
    try:
        number = float(value)
    except (TypeError, ValueError, OverflowError) as exc:
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


# --- coordinates (000 §5) ----------------------------------------------------------------------

LATITUDE = "latitude"
LONGITUDE = "longitude"
#: axis -> (lowest, highest, the spec's message, message key)
COORDINATE_RULES: dict[str, tuple[float, float, str, str]] = {
    LATITUDE: (
        -90.0,
        90.0,
        "La latitude doit être comprise entre -90 et 90",
        "address.errors.latitude",
    ),
    LONGITUDE: (
        -180.0,
        180.0,
        "La longitude doit être comprise entre -180 et 180",
        "address.errors.longitude",
    ),
}
LATITUDE_MESSAGE = COORDINATE_RULES[LATITUDE][2]
LONGITUDE_MESSAGE = COORDINATE_RULES[LONGITUDE][2]
COORDINATE_TEXT_MAX = 32  # longer numeric text is no coordinate anyone typed


def check_coordinate(value: Any, axis: str, field: str | None = None) -> float | None:
    """A latitude or longitude (`axis`) from a number or numeric text, within the spec's
    range; None when absent or blank; ValidationFailed with the spec's message otherwise."""
    low, high, message, key = COORDINATE_RULES[axis]
    return check_range(value, field=field or axis, low=low, high=high, message=message, key=key)


def coordinate(value: Any, axis: str) -> float | None:
    """The lenient form of `check_coordinate` for data that is read, not judged (provider
    answers, stored browser data, map clicks): the number, or None when it is not one."""
    if isinstance(value, str) and len(value.strip()) > COORDINATE_TEXT_MAX:
        return None
    try:
        return check_coordinate(value, axis)
    except ValidationFailed:
        return None


COORDINATE_DECIMALS = 6  # about 10 cm: what a form field shows of a coordinate


def coordinate_text(value: float) -> str:
    """A coordinate as the address form shows it: COORDINATE_DECIMALS decimals at most, no
    trailing zeros (12.3714, not 12.371400). The map picker draws "Confirmer"'s fill with the
    same rule in the browser (grocer.components.map_picker)."""
    return f"{value:.{COORDINATE_DECIMALS}f}".rstrip("0").rstrip(".")


def position(value: Any) -> tuple[float, float] | None:
    """A [latitude, longitude] pair, checked; None for anything else."""
    if not isinstance(value, list | tuple) or len(value) != 2:
        return None
    lat, lng = coordinate(value[0], LATITUDE), coordinate(value[1], LONGITUDE)
    return None if lat is None or lng is None else (lat, lng)


# --- e-mail addresses --------------------------------------------------------------------------


def email_address(text: str) -> str | None:
    """The address in its normalised form (Unicode domain, NFC) when `text` is a deliverable
    e-mail address by its syntax (RFC 5322/6531 via email-validator: dotted domain, valid
    labels, internationalised domains; no DNS lookup, no special-use domains), else None.
    The local part must be ASCII, so that every SMTP server can carry it."""
    try:
        return _email_validator(text, check_deliverability=False, allow_smtputf8=False).normalized
    except EmailNotValidError:
        return None


def ascii_email(address: str) -> str:
    """The address as SMTP carries it (an internationalised domain in its xn-- form)."""
    try:
        checked = _email_validator(address, check_deliverability=False, allow_smtputf8=False)
    except EmailNotValidError:
        return address
    return checked.ascii_email or address


# --- ids ---------------------------------------------------------------------------------------


def record_id(value: object, *, text: bool = True) -> int | None:
    """A database id from outside: a positive integer the id columns hold (`MAX_ID`), or with
    `text` its ASCII digits as text ("42"); None for anything else (True, 4.0, "٤٢", -1)."""
    if isinstance(value, bool):
        return None
    if isinstance(value, int):
        number = value
    elif text and isinstance(value, str) and value.strip().isascii() and value.strip().isdigit():
        digits = value.strip()
        if len(digits) > len(str(MAX_ID)):
            return None
        number = int(digits)
    else:
        return None
    return number if 0 < number <= MAX_ID else None
