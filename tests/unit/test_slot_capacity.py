"""The pure parts of slot capacity: days a listing covers, cut-offs, the slot answer, settings."""

from __future__ import annotations

from datetime import UTC, date, datetime

import pytest

from grocer import settings as grocer_settings
from grocer.models import DeliverySlot
from grocer.services import slot_capacity
from grocer.services.errors import ValidationFailed

TODAY = date(2030, 3, 11)


def test_a_slot_closes_the_cutoff_before_it_starts_in_utc() -> None:
    assert slot_capacity.cutoff_for(TODAY, 9, 120) == datetime(2030, 3, 11, 7, 0, tzinfo=UTC)
    assert slot_capacity.cutoff_for(TODAY, 9, 0) == datetime(2030, 3, 11, 9, 0, tzinfo=UTC)
    assert slot_capacity.cutoff_for(TODAY, 9, 600) == datetime(2030, 3, 10, 23, 0, tzinfo=UTC)


@pytest.mark.parametrize(
    ("text", "expected"), [(None, TODAY), ("", TODAY), ("2030-03-12", date(2030, 3, 12))]
)
def test_parse_day(text: str | None, expected: date) -> None:
    assert slot_capacity.parse_day(text, TODAY) == expected


@pytest.mark.parametrize(
    "text",
    [
        "2030-02-30",
        "2030-13-01",
        "30-03-2030",
        "2030-3-1",
        "2030-03-11T00:00",
        " 2030-03-11",
        "demain",
    ],
)
def test_parse_day_refuses_what_is_not_a_date(text: str) -> None:
    with pytest.raises(ValidationFailed) as refused:
        slot_capacity.parse_day(text, TODAY)
    assert (refused.value.field, refused.value.key) == ("from", "slots.errors.date")


def test_listed_days_stop_at_the_horizon() -> None:
    assert slot_capacity.listed_days(TODAY, 3, TODAY, 30) == [
        date(2030, 3, 11), date(2030, 3, 12), date(2030, 3, 13)
    ]  # fmt: skip
    assert slot_capacity.listed_days(date(2030, 4, 8), 14, TODAY, 30) == [
        date(2030, 4, 8),
        date(2030, 4, 9),
    ]
    with pytest.raises(ValidationFailed):
        slot_capacity.listed_days(date(2030, 4, 10), 1, TODAY, 30)
    with pytest.raises(ValidationFailed):
        slot_capacity.listed_days(date(2030, 3, 10), 1, TODAY, 30)


def test_the_slot_answer_says_full_or_closed_as_not_available() -> None:
    row = DeliverySlot(
        id=7, kind="pickup", day=TODAY, start_hour=15, end_hour=17, capacity=3, booked=1, held=1,
        cutoff_at=datetime(2030, 3, 11, 13, 0, tzinfo=UTC),
    )  # fmt: skip
    before = datetime(2030, 3, 11, 12, 59, tzinfo=UTC)
    assert slot_capacity.slot_dict(row, before) == {
        "id": 7, "kind": "pickup", "date": "2030-03-11", "start": "15:00", "end": "17:00",
        "slot": "15-17", "label": "15h - 17h", "capacity": 3, "remaining": 1,
        "cutoffAt": "2030-03-11T13:00:00Z", "available": True,
    }  # fmt: skip
    assert (
        slot_capacity.slot_dict(row, datetime(2030, 3, 11, 13, 0, tzinfo=UTC))["available"] is False
    )
    row.held = 2
    assert slot_capacity.slot_dict(row, before)["available"] is False
    assert slot_capacity.slot_dict(row, before)["remaining"] == 0


def test_slot_settings_have_their_defaults_and_refuse_nonsense(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    settings = grocer_settings.get_settings()
    assert (settings.slot_capacity, settings.slot_cutoff_minutes) == (20, 120)
    assert (settings.slot_hold_minutes, settings.slot_days_ahead) == (20, 30)
    monkeypatch.setenv("GROCER_SLOT_HOLD_MINUTES", "0")
    grocer_settings.get_settings.cache_clear()
    with pytest.raises(ValueError, match="GROCER_SLOT_HOLD_MINUTES"):
        grocer_settings.get_settings()
