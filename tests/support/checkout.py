"""Checkout for the tests: a bookable slot, a bag worth a delivery, an order request."""

from __future__ import annotations

from datetime import datetime, timedelta
from typing import Any

from fastapi.testclient import TestClient
from sqlmodel import Session

from grocer.models import DeliverySlot
from grocer.models.base import utcnow
from tests.support import API
from tests.support.accounts import VALID_ADDRESS

#: 4 × 6 500 XOF: above the delivery minimum (35 EUR, 22 958.50 XOF)
RICE_PRICE = "6500.00"
BAG_QUANTITY = 4


def make_slot(
    db: Session,
    kind: str = "delivery",
    *,
    capacity: int = 20,
    booked: int = 0,
    start_hour: int = 9,
    end_hour: int = 13,
    days_ahead: int = 1,
    now: datetime | None = None,
) -> int:
    """A slot `days_ahead` days from now, closing 2 hours before it starts."""
    day = ((now or utcnow()) + timedelta(days=days_ahead)).date()
    starts = datetime.combine(day, datetime.min.time(), tzinfo=utcnow().tzinfo)
    slot = DeliverySlot(
        kind=kind,
        day=day,
        start_hour=start_hour,
        end_hour=end_hour,
        capacity=capacity,
        booked=booked,
        cutoff_at=starts + timedelta(hours=start_hour - 2),
    )
    db.add(slot)
    db.commit()
    assert slot.id is not None
    return slot.id


def order_body(slot_id: int, **changes: Any) -> dict[str, Any]:
    """A cash delivery order for a slot, at a full address, with the spec's instructions."""
    body: dict[str, Any] = {
        "kind": "delivery",
        "slotId": slot_id,
        "address": dict(VALID_ADDRESS),
        "instructions": {
            "recipientFirstName": "Awa",
            "recipientLastName": "Ouédraogo",
            "phone": "70 12 34 56",
            "deliveryPreference": "doorman",
            "deliveryNotes": "Portail bleu",
        },
        "tip": {"choice": "5"},
        "payment": {"method": "cash"},
    }
    body.update(changes)
    return body


def fill_bag(client: TestClient, auth: dict[str, str], article_id: int, quantity: int) -> None:
    """The shopper's server bag holds `quantity` of one article."""
    answer = client.post(
        f"{API}/cart",
        json={"cartItems": [{"articleId": article_id, "quantity": quantity}]},
        headers=auth,
    )
    assert answer.status_code == 200, answer.text


def place(client: TestClient, auth: dict[str, str], body: dict[str, Any], key: str | None) -> Any:
    """POST /orders with an Idempotency-Key (none when `key` is None)."""
    headers = {**auth, **({"Idempotency-Key": key} if key is not None else {})}
    return client.post(f"{API}/orders", json=body, headers=headers)
