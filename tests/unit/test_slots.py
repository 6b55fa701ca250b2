"""Delivery and pickup slots: day pages, slot lists, availability and timeslot checks."""

from __future__ import annotations

from datetime import date, datetime, timedelta

import pytest

from grocer.services import slots
from grocer.services.errors import ValidationFailed

TODAY = date(2025, 3, 10)


def test_slot_constants_follow_the_spec() -> None:
    assert slots.DELIVERY_SLOTS == ("9-13", "13-17", "17-21")
    assert slots.PICKUP_SLOTS == ("9-13", "15-17")
    assert slots.DAYS_PER_PAGE == {"delivery": 5, "pickup": 6}


def test_delivery_days_are_five_from_today_plus_weeks() -> None:
    assert slots.delivery_days(TODAY, 0) == [TODAY + timedelta(days=i) for i in range(5)]
    assert slots.delivery_days(TODAY, 1)[0] == TODAY + timedelta(days=7)
    assert slots.delivery_days(TODAY, -2) == slots.delivery_days(TODAY, 0)  # never below 0


def test_pickup_days_are_pages_of_six() -> None:
    assert slots.pickup_days(TODAY, 0) == [TODAY + timedelta(days=i) for i in range(6)]
    assert slots.pickup_days(TODAY, 1)[0] == TODAY + timedelta(days=6)
    assert slots.pickup_days(TODAY, -1) == slots.pickup_days(TODAY, 0)


@pytest.mark.parametrize(
    ("slot", "label"), [("9-13", "9h - 13h"), ("13-17", "13h - 17h"), ("15-17", "15h - 17h")]
)
def test_slot_labels(slot: str, label: str) -> None:
    assert slots.slot_label(slot) == label


def test_day_options_for_delivery_and_pickup() -> None:
    delivery = slots.day_options("delivery", TODAY, 1)
    assert [d["dayOffset"] for d in delivery] == [7, 8, 9, 10, 11]
    assert delivery[0]["date"] == "2025-03-17"
    assert [s["label"] for s in delivery[0]["slots"]] == ["9h - 13h", "13h - 17h", "17h - 21h"]
    pickup = slots.day_options("pickup", TODAY)
    assert len(pickup) == 6
    assert [s["slot"] for s in pickup[0]["slots"]] == ["9-13", "15-17"]


def test_started_slots_are_not_available() -> None:
    now = datetime(2025, 3, 10, 13, 0)
    today, tomorrow = slots.day_options("delivery", TODAY, 0, now)[:2]
    assert [s["available"] for s in today["slots"]] == [False, False, True]
    assert all(s["available"] for s in tomorrow["slots"])
    assert all(s["available"] for s in slots.day_options("delivery", TODAY)[0]["slots"])


@pytest.mark.parametrize(("method", "expected"), [(None, "delivery"), (" Pickup ", "pickup")])
def test_check_method(method: str | None, expected: str) -> None:
    assert slots.check_method(method) == expected


def test_unknown_method_is_refused() -> None:
    with pytest.raises(ValidationFailed):
        slots.check_method("drone")


def test_check_timeslot_accepts_the_method_slots() -> None:
    assert slots.check_timeslot("delivery", 1, "17-21") == {"dayOffset": 1, "slot": "17-21"}
    assert slots.check_timeslot("pickup", 0, "15-17") == {"dayOffset": 0, "slot": "15-17"}


@pytest.mark.parametrize(
    ("method", "offset", "slot"),
    [
        ("pickup", 0, "13-17"),
        ("delivery", 0, "15-17"),
        ("delivery", -1, "9-13"),
        ("delivery", 366, "9-13"),
        ("delivery", True, "9-13"),
        ("delivery", "1", "9-13"),
        ("delivery", 1, None),
    ],
)
def test_check_timeslot_refuses_the_rest(method: str, offset: object, slot: object) -> None:
    with pytest.raises(ValidationFailed):
        slots.check_timeslot(method, offset, slot)
