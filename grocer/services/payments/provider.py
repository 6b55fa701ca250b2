"""The one small interface every mobile-money provider adapter speaks.

The payment service knows only this: initiate a payment, ask its status, verify a callback,
cancel. What a provider answers is reduced to a few plain values, so that the rules (a callback
is never proof by itself, amount and currency checked, one idempotent "mark paid") are written
once in `service.py`, whatever the provider.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field
from decimal import Decimal
from typing import Any, Literal, Protocol

#: What a provider says of a payment, in our words.
Outcome = Literal["accepted", "refused", "pending"]


class ProviderUnavailable(Exception):
    """The provider did not answer in time, or not understandably: the payment's fate is
    unknown, so nothing is decided (a pending payment stays pending; the callback or the
    poller settles it later)."""


class ProviderRefused(Exception):
    """The provider refused to start the payment (its code and message in `detail`)."""

    def __init__(self, code: str, message: str) -> None:
        super().__init__(f"{code} {message}")
        self.code = code
        self.message = message


@dataclass(frozen=True)
class PaymentRequest:
    """What we ask a provider to collect. `reference` is ours (the provider's transaction id)."""

    reference: str
    amount: Decimal
    currency: str
    description: str
    channel: str  # orange, moov
    phone: str
    notify_url: str
    return_url: str
    language: str = "fr"


@dataclass(frozen=True)
class Initiated:
    """The provider took the request: where the shopper confirms it (when there is a page)."""

    payment_url: str | None
    provider_status: str
    detail: dict[str, Any] = field(default_factory=dict)


@dataclass(frozen=True)
class ProviderStatus:
    """The provider's own word on a payment, asked by us (never read from a callback)."""

    reference: str
    outcome: Outcome
    amount: Decimal | None
    currency: str | None
    provider_status: str
    detail: dict[str, Any] = field(default_factory=dict)


class MobileMoneyProvider(Protocol):
    """A mobile-money aggregator. Every method blocks on the network (a time-out is
    `ProviderUnavailable`): call it outside any database transaction."""

    name: str

    def initiate(self, request: PaymentRequest) -> Initiated:
        """Start collecting; raises ProviderRefused or ProviderUnavailable."""
        ...

    def status(self, reference: str) -> ProviderStatus:
        """The payment's status as the provider's API tells it; raises ProviderUnavailable."""
        ...

    def verify_callback(self, headers: Mapping[str, str], form: Mapping[str, str]) -> str | None:
        """The reference a callback names when its signature is genuine, else None. A genuine
        callback only says "ask me": its amounts and status are not believed."""
        ...

    def cancel(self, reference: str) -> None:
        """Stop collecting, as far as the provider allows (best effort, never raises)."""
        ...
