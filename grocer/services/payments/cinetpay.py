"""A CinetPay-style aggregator (Orange Money and Moov Money in Burkina Faso).

The dialect, as CinetPay's checkout API v2 speaks it:
- initiate: POST {base}/v2/payment, JSON {apikey, site_id, transaction_id, amount (integer),
  currency, description, notify_url, return_url, channels "MOBILE_MONEY", lang, metadata,
  customer_phone_number, lock_phone_number} → {"code": "201", "message": "CREATED",
  "data": {"payment_token", "payment_url"}}; any other code is a refusal.
- status: POST {base}/v2/payment/check, JSON {apikey, site_id, transaction_id} →
  {"code": "00", "message": "SUCCES", "data": {"amount", "currency", "status": "ACCEPTED",
  "payment_method", "operator_id", "payment_date"}}; "REFUSED" or "CANCELED" when it failed,
  other codes (662 WAITING_CUSTOMER_PAYMENT, 623 WAITING_CUSTOMER_TO_VALIDATE) while waiting.
- callback (notify_url): a form POST of cpm_* fields with an `x-token` header, the HMAC-SHA256
  (hex) under the merchant's secret key of the concatenation of the fields in CALLBACK_FIELDS.
- cancel: the API has none (an unpaid checkout simply lapses): cancel only logs.

The API key and the secret never reach a log or an error message.
"""

from __future__ import annotations

import hashlib
import hmac
import logging
from collections.abc import Mapping
from decimal import Decimal, InvalidOperation
from typing import Any

import httpx

from grocer.services.payments.provider import (
    Initiated,
    Outcome,
    PaymentRequest,
    ProviderRefused,
    ProviderStatus,
    ProviderUnavailable,
)

log = logging.getLogger(__name__)

PROVIDER_NAME = "cinetpay"
INITIATE_PATH = "/v2/payment"
CHECK_PATH = "/v2/payment/check"
CREATED = "201"
#: Our channels and CinetPay's payment-method codes for them (Burkina Faso).
PAYMENT_METHODS = {"orange": "OMBF", "moov": "MOOVBF"}
#: The callback fields whose concatenation, in this order, the x-token signs.
CALLBACK_FIELDS = (
    "cpm_site_id",
    "cpm_trans_id",
    "cpm_trans_date",
    "cpm_amount",
    "cpm_currency",
    "signature",
    "payment_method",
    "cel_phone_num",
    "cpm_phone_prefixe",
    "cpm_language",
    "cpm_version",
    "cpm_payment_config",
    "cpm_page_action",
    "cpm_custom",
    "cpm_designation",
    "cpm_error_message",
)
TOKEN_HEADER = "x-token"
_ACCEPTED = frozenset({"ACCEPTED"})
_REFUSED = frozenset({"REFUSED", "CANCELED", "CANCELLED", "FAILED"})


def mask_phone(phone: str | None) -> str:
    """A phone number fit for a log: only its last two digits."""
    digits = phone or ""
    return "*" * max(len(digits) - 2, 0) + digits[-2:]


def callback_token(form: Mapping[str, str], secret: str) -> str:
    """The x-token a genuine callback with these fields carries."""
    data = "".join(str(form.get(name, "")) for name in CALLBACK_FIELDS)
    return hmac.new(secret.encode(), data.encode(), hashlib.sha256).hexdigest()


def outcome_of(status: str) -> Outcome:
    """CinetPay's transaction status in our words (anything unknown is still pending)."""
    upper = status.upper()
    if upper in _ACCEPTED:
        return "accepted"
    if upper in _REFUSED:
        return "refused"
    return "pending"


def _decimal(value: Any) -> Decimal | None:
    try:
        return Decimal(str(value)) if value not in (None, "") else None
    except InvalidOperation:
        return None


class CinetPay:
    """The adapter. `transport` lets a caller swap the HTTP transport; the tests use a real
    loopback server instead."""

    name = PROVIDER_NAME

    def __init__(
        self,
        base_url: str,
        site_id: str,
        api_key: str,
        secret: str,
        *,
        timeout: float,
        transport: httpx.BaseTransport | None = None,
    ) -> None:
        self._base_url = base_url.rstrip("/")
        self._site_id = site_id
        self._api_key = api_key
        self._secret = secret
        self._timeout = timeout
        self._transport = transport

    def __repr__(self) -> str:  # the key and the secret stay out of any repr
        return f"CinetPay({self._base_url!r}, site_id={self._site_id!r})"

    def _post(self, path: str, payload: Mapping[str, Any]) -> tuple[int, dict[str, Any]]:
        """POST JSON; a time-out, a lost connection, a 5xx or a body that is not a JSON
        object is ProviderUnavailable (the error names neither the key nor the body sent)."""
        try:
            with httpx.Client(timeout=self._timeout, transport=self._transport) as client:
                response = client.post(f"{self._base_url}{path}", json=dict(payload))
        except httpx.HTTPError as exc:
            raise ProviderUnavailable(f"{path}: {type(exc).__name__}") from None
        if response.status_code >= 500:
            raise ProviderUnavailable(f"{path}: HTTP {response.status_code}")
        try:
            body = response.json()
        except ValueError:
            raise ProviderUnavailable(f"{path}: not JSON") from None
        if not isinstance(body, dict):
            raise ProviderUnavailable(f"{path}: not a JSON object")
        return response.status_code, body

    def _credentials(self, reference: str) -> dict[str, Any]:
        return {"apikey": self._api_key, "site_id": self._site_id, "transaction_id": reference}

    def initiate(self, request: PaymentRequest) -> Initiated:
        payload = {
            **self._credentials(request.reference),
            "amount": int(request.amount),
            "currency": request.currency,
            "description": request.description,
            "notify_url": request.notify_url,
            "return_url": request.return_url,
            "channels": "MOBILE_MONEY",
            "lang": request.language,
            "metadata": request.channel,
            "customer_phone_number": request.phone,
            "lock_phone_number": True,
            "payment_method": PAYMENT_METHODS.get(request.channel, ""),
        }
        log.info(
            "cinetpay initiate %s (%s, %s)",
            request.reference,
            request.channel,
            mask_phone(request.phone),
        )
        _status, body = self._post(INITIATE_PATH, payload)
        code = str(body.get("code", ""))
        message = str(body.get("message", ""))
        if code != CREATED:
            raise ProviderRefused(code, message)
        data = body.get("data") if isinstance(body.get("data"), dict) else {}
        url = data.get("payment_url") if isinstance(data.get("payment_url"), str) else None
        return Initiated(
            payment_url=url, provider_status=message or "CREATED", detail={"code": code}
        )

    def status(self, reference: str) -> ProviderStatus:
        _status, body = self._post(CHECK_PATH, self._credentials(reference))
        code = str(body.get("code", ""))
        data = body.get("data") if isinstance(body.get("data"), dict) else {}
        status = str(data.get("status") or body.get("message") or "")
        return ProviderStatus(
            reference=reference,
            outcome=outcome_of(status),
            amount=_decimal(data.get("amount")),
            currency=str(data["currency"]) if data.get("currency") else None,
            provider_status=status[:40],
            detail={"code": code, "message": str(body.get("message", ""))[:200]},
        )

    def verify_callback(self, headers: Mapping[str, str], form: Mapping[str, str]) -> str | None:
        received = next((v for k, v in headers.items() if k.lower() == TOKEN_HEADER), "")
        reference = str(form.get("cpm_trans_id", ""))
        if not received or not reference or str(form.get("cpm_site_id", "")) != self._site_id:
            return None
        if not hmac.compare_digest(received.strip().lower(), callback_token(form, self._secret)):
            return None
        return reference

    def cancel(self, reference: str) -> None:
        log.info("cinetpay %s lapses unpaid (the API has no cancel call)", reference)
