"""Saved payment methods: card, PayPal, mobile money.

A card number and a CVV may arrive (the spec's payload carries them) but are never stored: the
number is only Luhn-checked and reduced to its brand and last four; the CVV is dropped unread.
"""

from __future__ import annotations

import re
from collections.abc import Mapping
from typing import Any

from sqlmodel import Session
from typing_extensions import TypedDict

from grocer.models import PaymentMethod, User
from grocer.models.base import iso_utc, utcnow
from grocer.services.errors import ValidationFailed
from grocer.services.ownership import (
    delete_owned,
    list_owned,
    lock_user,
    save_owned,
)
from grocer.services.phones import (
    PHONE_MAX_DIGITS,
    PHONE_MIN_DIGITS,
    PHONE_REQUIRED,
    PHONE_TOO_SHORT,
)
from grocer.services.validation import (
    check_bool,
    check_choice,
    check_int_range,
    clean_text,
    email_address,
)

CREDIT_CARD, PAYPAL, MOBILE_MONEY = "CREDIT_CARD", "PAYPAL", "MOBILE_MONEY"
PAYMENT_TYPES = (CREDIT_CARD, PAYPAL, MOBILE_MONEY)
PAYMENT_TYPE_NAMES = {CREDIT_CARD: "Carte bancaire", PAYPAL: "PayPal", MOBILE_MONEY: "Mobile Money"}
MOBILE_MONEY_PROVIDERS = ("Orange Money", "Moov Money", "Telecel Money", "Wave", "Coris Money")
EXPIRY_YEARS = (2024, 2100)
#: The card form's billing countries (001 §2 "Account page"), the first one the default. The
#: country is checked but not kept (no column holds it).
BILLING_COUNTRIES = ("United States", "France", "Côte d’Ivoire", "Belgique", "Canada")
DEFAULT_BILLING_COUNTRY = BILLING_COUNTRIES[0]

INVALID_CARD = "Numéro de carte invalide"
MONTH_MESSAGE = "Le mois d'expiration doit être compris entre 1 et 12"
YEAR_MESSAGE = "L'année d'expiration doit être comprise entre 2024 et 2100"
COUNTRY_MESSAGE = "Veuillez choisir un pays de facturation de la liste"
EMAIL_REQUIRED = "Veuillez entrer votre adresse email"
EMAIL_INVALID = "Veuillez entrer une adresse email valide"

# Transport limits the API schema shares (cardNumber allows spaces or dashes between groups).
PAYMENT_LIMITS = {
    "paymentName": 120,
    "cardNumber": 23,
    "cvv": 4,
    "cardLastFour": 4,
    "cardBrand": 30,
    "paypalEmail": 254,
    "mobileMoneyNumber": 30,
    "mobileMoneyProvider": 60,
    "bankName": 120,
    "accountNumber": 34,
    "billingCountry": 60,
}

_CARD_SEPARATORS = re.compile(r"[ \-]")
_PHONE_SEPARATORS = re.compile(r"[ \-.()]")


class PaymentMethodDict(TypedDict):
    id: int
    paymentType: str
    paymentName: str | None
    paymentTypeDisplayName: str
    cardLastFour: str | None
    cardBrand: str | None
    expiryMonth: int | None
    expiryYear: int | None
    paypalEmail: str | None
    mobileMoneyNumber: str | None
    mobileMoneyProvider: str | None
    bankName: str | None
    isDefault: bool
    isActive: bool
    isVerified: bool
    createdAt: str | None


def luhn_valid(digits: str) -> bool:
    """The Luhn checksum of a string of digits (catches typos before anything is saved)."""
    if not digits.isdigit():
        return False
    total = 0
    for position, char in enumerate(reversed(digits)):
        value = int(char)
        if position % 2:
            value = value * 2 - 9 if value > 4 else value * 2
        total += value
    return total % 10 == 0


def card_brand(digits: str) -> str:
    """The brand from the number's prefix: Visa 4, Mastercard 51-55 and 2221-2720, Amex 34/37."""
    if digits.startswith("4"):
        return "Visa"
    if digits[:2] in {"34", "37"}:
        return "Amex"
    if "51" <= digits[:2] <= "55" or (len(digits) >= 4 and 2221 <= int(digits[:4]) <= 2720):
        return "Mastercard"
    return "CARD"


def card_digits(raw: Any) -> str:
    """The digits of a card number (12 to 19, spaces and dashes allowed), Luhn-checked."""
    if not isinstance(raw, str):
        raise ValidationFailed("cardNumber", INVALID_CARD, key="payment.errors.cardNumber")
    digits = _CARD_SEPARATORS.sub("", raw)
    if not (digits.isdigit() and 12 <= len(digits) <= 19 and luhn_valid(digits)):
        raise ValidationFailed("cardNumber", INVALID_CARD, key="payment.errors.cardNumber")
    return digits


def _text(data: Mapping[str, Any], key: str, label: str) -> str | None:
    return clean_text(data.get(key), field=key, label=label, max_length=PAYMENT_LIMITS[key])


def _card_fields(data: Mapping[str, Any]) -> dict[str, Any]:
    number = _text(data, "cardNumber", "numéro de carte")
    if number is not None:
        digits = card_digits(number)
        last_four, brand = digits[-4:], card_brand(digits)
    else:
        last_four = _text(data, "cardLastFour", "4 derniers chiffres")
        if last_four is None or not (last_four.isdigit() and len(last_four) == 4):
            raise ValidationFailed("cardNumber", INVALID_CARD, key="payment.errors.cardNumber")
        brand = _text(data, "cardBrand", "marque") or "CARD"
    month = check_int_range(
        data.get("expiryMonth"),
        field="expiryMonth",
        low=1,
        high=12,
        message=MONTH_MESSAGE,
        key="payment.errors.expiryMonth",
    )
    year = check_int_range(
        data.get("expiryYear"),
        field="expiryYear",
        low=EXPIRY_YEARS[0],
        high=EXPIRY_YEARS[1],
        message=YEAR_MESSAGE,
        key="payment.errors.expiryYear",
    )
    if month is None:
        raise ValidationFailed("expiryMonth", MONTH_MESSAGE, key="payment.errors.expiryMonth")
    if year is None:
        raise ValidationFailed("expiryYear", YEAR_MESSAGE, key="payment.errors.expiryYear")
    country = data.get("billingCountry")
    if country is not None and country not in BILLING_COUNTRIES:
        raise ValidationFailed(
            "billingCountry", COUNTRY_MESSAGE, key="payment.errors.billingCountry"
        )
    return {
        "card_last_four": last_four,
        "card_brand": brand,
        "expiry_month": month,
        "expiry_year": year,
        "bank_name": _text(data, "bankName", "banque"),
    }


def _paypal_fields(data: Mapping[str, Any]) -> dict[str, Any]:
    email = _text(data, "paypalEmail", "email PayPal")
    if email is None:
        raise ValidationFailed("paypalEmail", EMAIL_REQUIRED, key="payment.errors.emailRequired")
    address = email_address(email)
    if address is None:
        raise ValidationFailed("paypalEmail", EMAIL_INVALID, key="payment.errors.emailInvalid")
    return {"paypal_email": address}


def mobile_money_number(raw: Any) -> str:
    """Digits only (a leading + kept), as many as an account's phone (grocer.services.phones:
    8 to 15)."""
    text = clean_text(raw, field="mobileMoneyNumber", label="numéro de téléphone", max_length=30)
    if text is None:
        raise ValidationFailed("mobileMoneyNumber", PHONE_REQUIRED, key="payment.errors.phone")
    plus, digits = text.startswith("+"), _PHONE_SEPARATORS.sub("", text.removeprefix("+"))
    if not digits.isdigit() or len(digits) < PHONE_MIN_DIGITS:
        raise ValidationFailed("mobileMoneyNumber", PHONE_TOO_SHORT, key="payment.errors.phone")
    if len(digits) > PHONE_MAX_DIGITS:
        raise ValidationFailed(
            "mobileMoneyNumber", "Numéro de téléphone invalide", key="payment.errors.phone"
        )
    return ("+" if plus else "") + digits


def mobile_money_provider(raw: Any) -> str | None:
    """A known provider under its usual spelling, else the free text as typed (≤ 60)."""
    text = clean_text(raw, field="mobileMoneyProvider", label="opérateur", max_length=60)
    if text is None:
        return None
    known = {name.casefold(): name for name in MOBILE_MONEY_PROVIDERS}
    return known.get(text.casefold(), text)


def _mobile_fields(data: Mapping[str, Any]) -> dict[str, Any]:
    return {
        "mobile_money_number": mobile_money_number(data.get("mobileMoneyNumber")),
        "mobile_money_provider": mobile_money_provider(data.get("mobileMoneyProvider")),
    }


_TYPE_FIELDS = {CREDIT_CARD: _card_fields, PAYPAL: _paypal_fields, MOBILE_MONEY: _mobile_fields}


def default_name(fields: Mapping[str, Any], payment_type: str) -> str:
    """'Visa •••• 4242', 'PayPal (a@b.bf)', 'Orange Money •••• 5678' when none is given."""
    if payment_type == CREDIT_CARD:
        return f"{fields['card_brand']} •••• {fields['card_last_four']}"
    if payment_type == PAYPAL:
        return f"PayPal ({fields['paypal_email']})"
    provider = fields["mobile_money_provider"] or PAYMENT_TYPE_NAMES[MOBILE_MONEY]
    return f"{provider} •••• {fields['mobile_money_number'][-4:]}"


def clean_payment_method(data: Mapping[str, Any]) -> dict[str, Any]:
    """The row's columns for a payment payload; only the fields of its type are kept.

    cardNumber, cvv and accountNumber are read (the number to derive brand and last four)
    and never returned.
    """
    raw_type = data.get("paymentType")
    payment_type = check_choice(
        raw_type.strip().upper() if isinstance(raw_type, str) else raw_type,
        PAYMENT_TYPES,
        field="paymentType",
        label="type de paiement",
    )
    fields = _TYPE_FIELDS[payment_type](data)
    is_default = data.get("isDefault")
    return {
        "payment_type": payment_type,
        "payment_name": _text(data, "paymentName", "nom") or default_name(fields, payment_type),
        "is_default": (
            False
            if is_default is None
            else check_bool(is_default, field="isDefault", label="par défaut")
        ),
        **fields,
    }


def payment_method_to_dict(method: PaymentMethod) -> PaymentMethodDict:
    assert method.id is not None
    return PaymentMethodDict(
        id=method.id,
        paymentType=method.payment_type,
        paymentName=method.payment_name,
        paymentTypeDisplayName=PAYMENT_TYPE_NAMES.get(method.payment_type, method.payment_type),
        cardLastFour=method.card_last_four,
        cardBrand=method.card_brand,
        expiryMonth=method.expiry_month,
        expiryYear=method.expiry_year,
        paypalEmail=method.paypal_email,
        mobileMoneyNumber=method.mobile_money_number,
        mobileMoneyProvider=method.mobile_money_provider,
        bankName=method.bank_name,
        isDefault=method.is_default,
        isActive=method.is_active,
        isVerified=method.is_verified,
        createdAt=iso_utc(method.created_at),
    )


def create(db: Session, actor: User, data: Mapping[str, Any]) -> PaymentMethodDict:
    """Save a payment method for the actor. It is unverified until a payment proves it; the
    first one, or one asked as default, becomes the only default."""
    assert actor.id is not None
    clean = clean_payment_method(data)
    lock_user(db, actor.id)
    method = PaymentMethod(user_id=actor.id, created_at=utcnow(), **clean)
    return payment_method_to_dict(save_owned(db, method))


def list_for_user(db: Session, actor: User, user_id: int | None = None) -> list[PaymentMethodDict]:
    """The actor's payment methods (an admin may name another user), default first."""
    owner_id = actor.id if user_id is None else user_id
    assert owner_id is not None
    rows = list_owned(db, actor, PaymentMethod, owner_id)
    return [payment_method_to_dict(row) for row in rows]


def delete(db: Session, actor: User, method_id: int) -> None:
    """Remove a payment method; the newest remaining one becomes the default if needed."""
    delete_owned(db, actor, PaymentMethod, method_id)
