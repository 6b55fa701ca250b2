"""GET /checkout/quote: the payment page's figures from the caller's server bag, exactly what
the pricing rules give (fee, surcharge, tip, NEW50 from 99 EUR, SAVE10, GIFT10, floored at 0)."""

from __future__ import annotations

from decimal import Decimal
from typing import Any

import pytest
from fastapi.testclient import TestClient
from sqlmodel import Session

from grocer.services import pricing
from tests.support import API
from tests.support.accounts import bearer_for, stored_user
from tests.support.carts import make_article
from tests.support.checkout import fill_bag


def quote(client: TestClient, auth: dict[str, str], **params: str) -> Any:
    return client.get(f"{API}/checkout/quote", params=params, headers=auth)


def shopper_with(client: TestClient, db: Session, price: str, quantity: int) -> dict[str, str]:
    auth = bearer_for(stored_user(db, "alice"))
    fill_bag(client, auth, make_article(db, "rice", price), quantity)
    return auth


def test_new50_below_and_from_its_threshold(client: TestClient, db: Session) -> None:
    # 99 EUR = 64 939.74 XOF: one unit under it, then exactly at it
    threshold = pricing.NEW50_THRESHOLD
    auth = shopper_with(client, db, str(threshold - Decimal("0.01")), 1)
    under = quote(client, auth, promoCode="new50").json()
    assert (under["promoCode"], under["promoRecognised"], under["discount"]) == (
        "NEW50", True, "0.00",
    )  # fmt: skip
    fill_bag(client, auth, make_article(db, "exact", str(threshold)), 1)
    at = quote(client, auth, promoCode=" NEW50 ").json()
    assert at["discount"] == str(pricing.NEW50_DISCOUNT)
    expected = pricing.quote(threshold, promo_code="NEW50")
    assert at["total"] == str(expected.total) and at["subtotal"] == str(threshold)


def test_every_figure_is_the_pricing_services(client: TestClient, db: Session) -> None:
    auth = shopper_with(client, db, "6500.00", 4)
    answer = quote(client, auth, promoCode="SAVE10", giftCardCode="gift10", tip="15")
    assert answer.status_code == 200, answer.text
    body = answer.json()
    expected = pricing.quote(
        Decimal("26000"), promo_code="SAVE10", gift_card_code="GIFT10", tip_choice="15"
    ).as_json()
    assert {key: body[key] for key in expected} == expected
    assert body["count"] == 4
    assert [(x["name"], x["quantity"], x["lineTotal"]) for x in body["lines"]] == [
        ("Rice", 4, "26000.00")
    ]


def test_default_and_custom_tips(client: TestClient, db: Session) -> None:
    auth = shopper_with(client, db, "6500.00", 4)
    assert quote(client, auth).json()["tip"] == str(pricing.TIPS["5"])
    assert quote(client, auth, tip="custom", customTip="300").json()["tip"] == "300.00"
    assert quote(client, auth, tip="custom", customTip="-20").json()["tip"] == "0.00"
    assert quote(client, auth, tip="custom").json()["tip"] == "0.00"


def test_the_total_is_floored_at_zero(client: TestClient, db: Session) -> None:
    # 100 XOF of goods + fee + surcharge + no tip < GIFT10 (6 559.57 XOF)
    auth = shopper_with(client, db, "100.00", 1)
    body = quote(client, auth, giftCardCode="GIFT10", tip="custom", customTip="0").json()
    assert body["giftCard"] == str(pricing.GIFT10_VALUE) and body["total"] == "0.00"


def test_an_empty_bag_quotes_the_fees_only(client: TestClient, db: Session) -> None:
    body = quote(client, bearer_for(stored_user(db, "alice"))).json()
    assert (body["subtotal"], body["count"], body["lines"]) == ("0.00", 0, [])


def test_a_pickup_quote_has_no_fee_nor_surcharge(client: TestClient, db: Session) -> None:
    auth = shopper_with(client, db, "6500.00", 4)
    pickup = quote(client, auth, kind="pickup", promoCode="SAVE10", tip="10").json()
    expected = pricing.quote(Decimal("26000"), kind="pickup", promo_code="SAVE10", tip_choice="10")
    assert {key: pickup[key] for key in expected.as_json()} == expected.as_json()
    assert (pickup["deliveryFee"], pickup["surcharge"]) == ("0.00", "0.00")
    delivery = quote(client, auth, kind="delivery", promoCode="SAVE10", tip="10").json()
    assert delivery == quote(client, auth, promoCode="SAVE10", tip="10").json()
    assert delivery["deliveryFee"] == str(pricing.DELIVERY_FEE)
    extra = pricing.DELIVERY_FEE + pricing.SURCHARGE
    assert Decimal(delivery["total"]) - Decimal(pickup["total"]) == extra


@pytest.mark.parametrize("kind", ["home", "PICKUP", ""])
def test_an_unknown_kind_is_a_400_naming_the_kinds(
    client: TestClient, db: Session, kind: str
) -> None:
    answer = quote(client, bearer_for(stored_user(db, "alice")), kind=kind)
    assert answer.status_code == 400, answer.text
    assert answer.json()["message"] == (
        "Valeur invalide pour mode (valeurs possibles : delivery, pickup)"
    )


@pytest.mark.parametrize(
    "params",
    [{"tip": "20"}, {"tip": "custom", "customTip": "lots"}, {"promoCode": "P" * 41}],
)
def test_bad_parameters_are_400s(client: TestClient, db: Session, params: dict[str, str]) -> None:
    answer = quote(client, bearer_for(stored_user(db, "alice")), **params)
    assert answer.status_code == 400 and "message" in answer.json()


def test_signed_out_is_401(client: TestClient) -> None:
    assert client.get(f"{API}/checkout/quote").status_code == 401
