"""Request bodies of the account routes: camelCase, bounded, unknown fields dropped.

They bound sizes and types at the door; the rules (required fields, ranges, choices, Luhn)
are the services', which the Reflex states call with the same camelCase dicts. Every field
is optional here so that a missing required field gets the service's French message.
Responses are the services' TypedDicts.
"""

from __future__ import annotations

from typing import Any

from pydantic import BaseModel, ConfigDict, Field, StrictBool, StrictInt
from pydantic.alias_generators import to_camel

from grocer.services.addresses import ADDRESS_LIMITS, ADDRESS_TYPE_MAX
from grocer.services.giftcards import CODE_MAX
from grocer.services.payment_methods import PAYMENT_LIMITS


class CamelModel(BaseModel):
    model_config = ConfigDict(alias_generator=to_camel, populate_by_name=True, extra="ignore")

    def payload(self) -> dict[str, Any]:
        """The fields the client sent (explicit nulls included), under their camelCase names."""
        return self.model_dump(by_alias=True, exclude_unset=True)


def _text(limit: int) -> Any:
    return Field(default=None, max_length=limit)


class AddressFields(CamelModel):
    """The fields of an address, as every route takes them (saved addresses, the cart's
    shipping address, the address check): one set of limits, the address service's."""

    address_type: str | None = _text(ADDRESS_TYPE_MAX)
    street_address: str | None = _text(ADDRESS_LIMITS["streetAddress"])
    apartment: str | None = _text(ADDRESS_LIMITS["apartment"])
    city: str | None = _text(ADDRESS_LIMITS["city"])
    state: str | None = _text(ADDRESS_LIMITS["state"])
    postal_code: str | None = _text(ADDRESS_LIMITS["postalCode"])
    country: str | None = _text(ADDRESS_LIMITS["country"])
    latitude: float | None = None
    longitude: float | None = None


class AddressIn(AddressFields):
    """An address to create, or the fields of one to change."""

    user_id: int | None = Field(default=None, description="An admin may name another user")
    is_default: bool | None = None


class PaymentMethodIn(CamelModel):
    """The spec's payment payload. cardNumber and cvv are accepted, checked and discarded."""

    model_config = ConfigDict(coerce_numbers_to_str=True)

    payment_type: str | None = _text(20)
    payment_name: str | None = _text(PAYMENT_LIMITS["paymentName"])
    card_number: str | None = _text(PAYMENT_LIMITS["cardNumber"])
    cvv: str | None = _text(PAYMENT_LIMITS["cvv"])
    card_last_four: str | None = _text(PAYMENT_LIMITS["cardLastFour"])
    card_brand: str | None = _text(PAYMENT_LIMITS["cardBrand"])
    expiry_month: int | None = None
    expiry_year: int | None = None
    paypal_email: str | None = _text(PAYMENT_LIMITS["paypalEmail"])
    mobile_money_number: str | None = _text(PAYMENT_LIMITS["mobileMoneyNumber"])
    mobile_money_provider: str | None = _text(PAYMENT_LIMITS["mobileMoneyProvider"])
    bank_name: str | None = _text(PAYMENT_LIMITS["bankName"])
    account_number: str | None = _text(PAYMENT_LIMITS["accountNumber"])
    billing_country: str | None = _text(PAYMENT_LIMITS["billingCountry"])
    is_default: bool | None = None


class NotificationsIn(CamelModel):
    email: StrictBool | None = None
    push: StrictBool | None = None
    sms: StrictBool | None = None


class PrivacyIn(CamelModel):
    public_profile: StrictBool | None = None
    data_sharing: StrictBool | None = None


class SecurityNotificationsIn(CamelModel):
    new_logins: StrictBool | None = None
    password_changes: StrictBool | None = None
    failed_logins: StrictBool | None = None


class SecurityIn(CamelModel):
    two_factor_method: str | None = _text(10)
    security_notifications: SecurityNotificationsIn | None = None


class SessionIn(CamelModel):
    auto_logout_minutes: StrictInt | None = Field(
        default=None, description="30, 60, 1440, 10080, or null for never"
    )
    logout_all_devices: StrictBool | None = None


class LanguageAndRegionIn(CamelModel):
    language: str | None = _text(5)
    currency: str | None = _text(3)
    is_currency_auto_detected: StrictBool | None = None
    timezone: str | None = _text(40)
    is_timezone_auto_detected: StrictBool | None = None


class ReferralSettingsIn(CamelModel):
    email_notifications: StrictBool | None = None
    push_notifications: StrictBool | None = None
    public_profile: StrictBool | None = None
    shared_statistics: StrictBool | None = None
    monthly_invitation_limit: StrictInt | None = None
    invitation_delay_minutes: StrictInt | None = None


class SettingsIn(CamelModel):
    """A whole or partial settings document; what is left out keeps its saved value."""

    user_id: int | None = None
    notifications: NotificationsIn | None = None
    privacy: PrivacyIn | None = None
    security: SecurityIn | None = None
    session: SessionIn | None = None
    language_and_region: LanguageAndRegionIn | None = None
    referral: ReferralSettingsIn | None = None


class RedeemIn(CamelModel):
    model_config = ConfigDict(coerce_numbers_to_str=True)

    code: str | None = Field(default=None, max_length=CODE_MAX * 2)
