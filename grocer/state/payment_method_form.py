"""The add-payment-method form as the states read it (001 §2, §5), shared by /payment and the
account's payment section: its tabs, what its fields become for
grocer.services.payment_methods.create, and the service's error keys as the form's messages.

The form is uncontrolled: its fields reach the handler once, on submit, and nothing of them
is kept in a state var (a card number or a CVV never sits in the tab's state).
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from grocer.services import payment_methods
from grocer.services.errors import ValidationFailed

TAB_CARD, TAB_MOBILE, TAB_PAYPAL = "card", "mobile", "paypal"
TABS = (TAB_CARD, TAB_MOBILE, TAB_PAYPAL)

K_METHOD_INVALID = "checkout:methods.errors.invalid"
#: The payment-method service's error keys → the form's messages.
METHOD_ERRORS: dict[str, str] = {
    f"payment.errors.{name}": f"checkout:methods.errors.{name}"
    for name in (
        "cardNumber",
        "expiryMonth",
        "expiryYear",
        "emailRequired",
        "emailInvalid",
        "phone",
    )
}
METHOD_ERRORS["payment.errors.billingCountry"] = "addressbook:payment.errors.billingCountry"
_CHECKED = (True, "on", "true")


def card_payload(tab: str, form: Mapping[str, Any]) -> dict[str, Any]:
    """The add-payment-method form as payment_methods.create takes it (never the CVV). The
    account's form also has "billing_country" and "is_default" ('Définir par défaut')."""

    def text(name: str) -> str:
        value = form.get(name)
        return value.strip() if isinstance(value, str) else ""

    if tab == TAB_CARD:
        payload: dict[str, Any] = {
            "paymentType": payment_methods.CREDIT_CARD,
            "paymentName": text("card_name") or None,
            "cardNumber": text("card_number").replace(" ", "") or None,
            "expiryMonth": text("expiry_month") or None,
            "expiryYear": text("expiry_year") or None,
        }
        if "billing_country" in form:
            payload["billingCountry"] = text("billing_country") or None
    elif tab == TAB_MOBILE:
        payload = {
            "paymentType": payment_methods.MOBILE_MONEY,
            "mobileMoneyProvider": text("provider") or None,
            "mobileMoneyNumber": text("mobile_number") or None,
        }
    else:
        payload = {
            "paymentType": payment_methods.PAYPAL,
            "paypalEmail": text("paypal_email") or None,
        }
    if "is_default" in form:
        payload["isDefault"] = form.get("is_default") in _CHECKED
    return payload


def method_error_key(exc: BaseException, default: str) -> str:
    """The form's message for a failed save: the service's own rule when it broke one."""
    key = getattr(exc, "key", None)
    if isinstance(exc, ValidationFailed) and isinstance(key, str):
        return METHOD_ERRORS.get(key, K_METHOD_INVALID)
    return default
