"""The pure rules of the checkout states: the stored slot choice, the delivery instructions,
the payment page's tip, body and payment-method payload (issue 14, piece U)."""

from __future__ import annotations

import json
from datetime import date

import pytest

from grocer.state.checkout import check_instructions, parse_instructions, split_phone
from grocer.state.payment import (
    card_payload,
    custom_tip_value,
    new_attempt_key,
    order_body,
    shown_amounts,
)
from grocer.state.slot_dialog import (
    address_line,
    day_tabs,
    parse_timeslot,
    slot_row,
    timeslot_record,
)

TODAY = date(2026, 11, 25)  # a Wednesday


def _slot(**over: object) -> dict:
    raw = {
        "id": 7,
        "kind": "delivery",
        "date": "2026-11-27",
        "start": "13:00",
        "end": "17:00",
        "slot": "13-17",
        "label": "13h - 17h",
        "capacity": 20,
        "remaining": 3,
        "cutoffAt": "2026-11-27T11:00:00Z",
        "available": True,
    }
    return {**raw, **over}


def test_a_full_or_closed_slot_is_listed_and_marked() -> None:
    assert slot_row(_slot())["state_key"] == ""
    assert slot_row(_slot(remaining=0, available=False))["state_key"] == "checkout:slots.full"
    assert slot_row(_slot(remaining=4, available=False))["state_key"] == "checkout:slots.closed"
    assert slot_row({"id": "x"}) is None


def test_days_strip_names_today_tomorrow_then_weekday_day_month() -> None:
    rows = [slot_row(_slot())]
    tabs = day_tabs(rows, TODAY, 7, TODAY)
    assert [t["name_key"] for t in tabs[:3]] == [
        "bag:days.today",
        "bag:days.tomorrow",
        "bag:weekdaysShort.4",  # Friday 27
    ]
    assert [t["named"] for t in tabs[:3]] == [True, True, False]
    assert (tabs[2]["day"], tabs[2]["month_key"]) == (27, "bag:monthsShort.11")
    assert [len(t["slots"]) for t in tabs] == [0, 0, 1, 0, 0, 0, 0]


def test_the_stored_choice_keeps_the_spec_fields_and_the_hold() -> None:
    row = slot_row(_slot())
    record = timeslot_record(row, TODAY, {"holdId": 12, "expiresAt": "2026-11-25T10:00:00Z"})
    assert record == {
        "dayOffset": 2,
        "slot": "13-17",
        "kind": "delivery",
        "date": "2026-11-27",
        "slotId": 7,
        "label": "13h - 17h",
        "holdId": 12,
        "expiresAt": "2026-11-25T10:00:00Z",
    }
    assert parse_timeslot(json.dumps(record)) == record
    guest = timeslot_record(row, TODAY)
    assert "holdId" not in parse_timeslot(json.dumps(guest))


@pytest.mark.parametrize(
    "text",
    [
        "",
        "not json",
        json.dumps({"dayOffset": 0, "slot": "9-13"}),  # no date / slot id
        json.dumps(
            {"dayOffset": 0, "slot": "15-17", "kind": "delivery", "date": "2026-11-25", "slotId": 1}
        ),
        json.dumps(
            {"dayOffset": 0, "slot": "9-13", "kind": "drone", "date": "2026-11-25", "slotId": 1}
        ),
        "x" * 5000,
    ],
)
def test_an_unreadable_or_foreign_choice_is_ignored(text: str) -> None:
    assert parse_timeslot(text) == {}


def test_pickup_address_line_joins_what_is_there() -> None:
    address = {"streetAddress": "12 Av. Kwame Nkrumah", "city": "Ouagadougou", "country": "BF"}
    assert address_line(address) == "12 Av. Kwame Nkrumah, Ouagadougou, BF"
    assert address_line({}) == ""


GOOD = {
    "recipientFirstName": " Awa ",
    "recipientLastName": "Traoré",
    "countryCode": "+226",
    "phone": "70 12 34 56",
    "deliveryPreference": "doorman",
    "deliveryNotes": "Portail bleu",
}


def test_instructions_are_cleaned_into_the_spec_keys() -> None:
    clean, errors = check_instructions(GOOD)
    assert errors == {}
    assert clean == {
        "recipientFirstName": "Awa",
        "recipientLastName": "Traoré",
        "phone": "+22670123456",
        "deliveryPreference": "doorman",
        "deliveryNotes": "Portail bleu",
    }
    assert parse_instructions(json.dumps(clean)) == clean


@pytest.mark.parametrize(
    ("change", "field", "key"),
    [
        (
            {"recipientFirstName": "  "},
            "recipientFirstName",
            "checkout:instructions.errors.firstName",
        ),
        ({"recipientLastName": ""}, "recipientLastName", "checkout:instructions.errors.lastName"),
        (
            {"recipientLastName": "x" * 61},
            "recipientLastName",
            "checkout:instructions.errors.nameTooLong",
        ),
        ({"phone": ""}, "phone", "auth:signup.errors.phoneRequired"),
        ({"phone": "7012345"}, "phone", "auth:signup.errors.phoneTooShort"),
        ({"phone": "70-12-34-56"}, "phone", "auth:signup.errors.phoneDigits"),
        ({"countryCode": "+999"}, "phone", "checkout:instructions.errors.phoneCountry"),
        (
            {"deliveryPreference": "roof"},
            "deliveryPreference",
            "checkout:instructions.errors.preference",
        ),
        (
            {"deliveryNotes": "n" * 501},
            "deliveryNotes",
            "checkout:instructions.errors.notesTooLong",
        ),
    ],
)
def test_instructions_errors_name_the_field(change: dict, field: str, key: str) -> None:
    _, errors = check_instructions({**GOOD, **change})
    assert errors == {field: key}


def test_phone_split_and_stale_instructions() -> None:
    assert split_phone("+33612345678") == ("+33", "612345678")
    assert split_phone("+22670123456") == ("+226", "70123456")
    assert parse_instructions(json.dumps({"recipientFirstName": "Awa"})) == {}
    assert parse_instructions("[1]") == {}


@pytest.mark.parametrize(
    ("text", "value"),
    [
        ("", "0"),
        ("0", "0"),
        ("1500", "1500"),
        ("2,5", "2.5"),
        ("-1", None),
        ("abc", None),
        ("nan", None),
        ("1e9", None),
    ],
)
def test_custom_tip_is_a_number_at_least_zero(text: str, value: str | None) -> None:
    assert custom_tip_value(text) == value


def test_order_body_carries_no_price_and_one_address_form() -> None:
    slot = {"kind": "delivery", "slotId": 7, "holdId": 12}
    body = order_body(
        timeslot=slot,
        address={
            "streetAddress": "12 Av.",
            "city": "Ouagadougou",
            "country": "BF",
            "latitude": 12.3,
        },
        instructions=check_instructions(GOOD)[0],
        tip_choice="custom",
        custom_tip="500",
        promo_code="NEW50",
        gift_card_code="",
        method="cash",
        channel="orange",
        phone="70123456",
    )
    assert body["holdId"] == 12 and body["slotId"] == 7
    assert body["address"] == {
        "streetAddress": "12 Av.",
        "city": "Ouagadougou",
        "country": "BF",
        "latitude": 12.3,
    }
    assert body["tip"] == {"choice": "custom", "custom": "500"}
    assert body["payment"] == {"method": "cash", "channel": None, "phone": None}
    assert body["giftCardCode"] is None
    assert body["instructions"]["phone"] == "22670123456"
    assert "price" not in json.dumps(body).lower()
    saved = order_body(
        timeslot={"kind": "pickup", "slotId": 3},
        address={"id": 4, "streetAddress": "x"},
        instructions={},
        tip_choice="5",
        custom_tip=None,
        promo_code="",
        gift_card_code="GIFT10",
        method="mobile_money",
        channel="moov",
        phone="+226 70 12 34 56",
    )
    assert "address" not in saved and "addressId" not in saved  # pickup: the store
    assert saved["payment"] == {"method": "mobile_money", "channel": "moov", "phone": "22670123456"}


def test_attempt_keys_fit_the_header_rule() -> None:
    keys = {new_attempt_key() for _ in range(50)}
    assert len(keys) == 50
    assert all(1 <= len(k) <= 80 and k.replace("-", "").replace("_", "").isalnum() for k in keys)


def test_card_payload_never_carries_the_cvv() -> None:
    form = {
        "card_name": "Awa",
        "card_number": "4111 1111 1111 1111",
        "expiry_month": "4",
        "expiry_year": "2030",
        "cvv": "123",
    }
    payload = card_payload("card", form)
    assert payload["cardNumber"] == "4111111111111111"
    assert "cvv" not in {k.lower() for k in payload}
    assert (
        card_payload("mobile", {"provider": "Moov Money", "mobile_number": "70123456"})[
            "paymentType"
        ]
        == "MOBILE_MONEY"
    )
    assert card_payload("paypal", {"paypal_email": "a@b.bf"}) == {
        "paymentType": "PAYPAL",
        "paypalEmail": "a@b.bf",
    }


def test_shown_amounts_in_every_currency() -> None:
    shown = shown_amounts({"total": "12000", "tip": "bad"})
    assert set(shown) >= {"subtotal", "total", "tip"}
    assert set(shown["total"]) == {"XOF", "EUR", "USD"}
    assert "12" in shown["total"]["XOF"]
