"""Phone numbers of an account (sign-up, profile): the spec's rule (001 §5), written once.

The ten country codes of the sign-up dialog (+226 by default) and the national number: digits
only (spaces tolerated), at least 8 of them, at most 15 (E.164). The payment service's mobile
money number follows the same digit counts and messages.
"""

from __future__ import annotations

import re

from grocer.services.errors import ValidationFailed

PHONE_MIN_DIGITS = 8
PHONE_MAX_DIGITS = 15  # E.164
COUNTRY_CODES = ("+226", "+33", "+1", "+32", "+41", "+212", "+225", "+237", "+221", "+233")
DEFAULT_COUNTRY_CODE = "+226"
PHONE_REQUIRED = "Veuillez entrer votre numéro de téléphone"
PHONE_TOO_SHORT = "Le numéro de téléphone doit contenir au moins 8 chiffres"

_SPACES = re.compile(r"\s+")


def national_digits(number: str | None) -> str:
    """The number as typed, spaces removed (the digits are checked by `validate_phone`)."""
    return _SPACES.sub("", number or "")


def validate_phone(country_code: str | None, number: str | None) -> tuple[str, str]:
    """A phone as (country code, national digits); spec 001 §5. Spaces are tolerated."""
    code = (country_code or "").strip() or DEFAULT_COUNTRY_CODE
    if code not in COUNTRY_CODES:
        raise ValidationFailed(
            "phones", "Indicatif téléphonique non pris en charge", key="validation.phoneCountry"
        )
    digits = national_digits(number)
    if not digits:
        raise ValidationFailed("phones", PHONE_REQUIRED, key="validation.phoneRequired")
    if not (digits.isascii() and digits.isdigit()):
        raise ValidationFailed(
            "phones",
            "Le numéro de téléphone ne doit contenir que des chiffres",
            key="validation.phoneDigits",
        )
    if len(digits) < PHONE_MIN_DIGITS:
        raise ValidationFailed(
            "phones",
            PHONE_TOO_SHORT,
            key="validation.phoneTooShort",
        )
    if len(digits) > PHONE_MAX_DIGITS:
        raise ValidationFailed(
            "phones",
            f"Le numéro de téléphone ne doit pas dépasser {PHONE_MAX_DIGITS} chiffres",
            key="validation.phoneTooLong",
        )
    return code, digits
