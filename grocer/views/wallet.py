"""What the account's credit and gift-card sections show, from the services' answers (pure).

Amounts arrive in XOF (decimal strings) and leave written in every display currency
(`amount_in_all`), so the page picks the shopper's currency without a round trip; texts stay
message keys or raw data (a reason the shop did not write itself is shown as it is).
"""

from __future__ import annotations

from collections.abc import Mapping
from decimal import Decimal
from typing import Any

from grocer.services.giftcard_purchase import AMOUNTS
from grocer.services.pricing import REFERRAL_CREDIT
from grocer.views.prices import amount_in_all


def ledger_row(line: Mapping[str, Any]) -> dict[str, Any]:
    """One line of the credit history: when, why, how much (+/-), until when."""
    amount = Decimal(str(line.get("amount") or "0"))
    return {
        "id": str(line.get("id", "")),
        "date": line.get("date") or "",
        "kind": line.get("kind") or "other",
        "ref": line.get("ref") or "",
        "reason": line.get("reason") or "",
        "sign": "-" if amount < 0 else "+",
        "amount": amount_in_all(abs(amount)),
        "expiresAt": line.get("expiresAt") or "",
        "expired": bool(line.get("expired")),
    }


def credit_view(answer: Mapping[str, Any]) -> dict[str, Any]:
    """The balance and the history of GET /users/{id}/credit."""
    return {
        "balance": amount_in_all(answer.get("balance") or "0"),
        "ledger": [ledger_row(line) for line in answer.get("transactions") or []],
    }


def _card_row(card: Mapping[str, Any], date_field: str) -> dict[str, Any]:
    return {
        "id": str(card.get("id", "")),
        "code": card.get("code") or "",
        "value": amount_in_all(card.get("initialValue") or "0"),
        "date": card.get(date_field) or "",
        "status": card.get("status") or "active",
        "redeemed": bool(card.get("redeemed")),
        "recipient": card.get("recipientEmail") or "",
    }


def cards_view(answer: Mapping[str, Any]) -> dict[str, Any]:
    """The balance and both lists of GET /users/{id}/giftcards."""
    return {
        "balance": amount_in_all(answer.get("balance") or "0"),
        "received": [_card_row(card, "redeemedAt") for card in answer.get("received") or []],
        "purchased": [_card_row(card, "createdAt") for card in answer.get("purchased") or []],
    }


def amounts_on_sale() -> list[dict[str, Any]]:
    """The gift-card amounts the shop sells, each written in every currency."""
    return [{"value": str(int(value)), "label": amount_in_all(value)} for value in AMOUNTS]


REFERRAL_BONUS: dict[str, str] = amount_in_all(REFERRAL_CREDIT)
"""The spec's referral bonus (50 EUR) in every display currency."""
