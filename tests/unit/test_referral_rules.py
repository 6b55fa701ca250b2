"""The referral's pure rules (001 §5, §9): the address list, codes, the delay, the household."""

from __future__ import annotations

from datetime import UTC, datetime, timedelta
from decimal import Decimal

import pytest

from grocer.services import referral
from grocer.services.errors import NotFound, ValidationFailed
from grocer.services.referral_codes import CODE_ALPHABET, new_code, normalise_code
from grocer.state.account_referral import delay_value, referral_key

NOW = datetime(2026, 11, 25, 12, 0, tzinfo=UTC)


def test_addresses_are_trimmed_lowered_and_deduplicated() -> None:
    raw = " a@example.bf,B@Example.bf ; a@example.bf\nc@example.bf,, "
    assert referral.parse_addresses(raw) == ["a@example.bf", "b@example.bf", "c@example.bf"]


@pytest.mark.parametrize("raw", ["", "   ", ",,", None, 12, ["a@example.bf"]])
def test_no_address_gives_the_spec_message(raw: object) -> None:
    with pytest.raises(ValidationFailed) as caught:
        referral.parse_addresses(raw)
    assert caught.value.message == "Veuillez entrer au moins une adresse email"
    assert caught.value.field == "emailInvitation"


def test_an_invalid_address_is_named_and_more_than_ten_refused() -> None:
    with pytest.raises(referral.AddressRefused) as caught:
        referral.parse_addresses("a@example.bf, not-an-address")
    assert caught.value.params == {"email": "not-an-address"}
    ten = ",".join(f"f{i}@example.bf" for i in range(10))
    assert len(referral.parse_addresses(ten)) == 10
    with pytest.raises(referral.AddressRefused) as caught:
        referral.parse_addresses(ten + ",x@example.bf")
    assert caught.value.key == "referral.errors.tooMany"


def test_codes_use_the_unambiguous_alphabet() -> None:
    codes = {new_code() for _ in range(200)}
    assert len(codes) == 200
    assert all(len(code) == 8 and set(code) <= set(CODE_ALPHABET) for code in codes)
    assert not set("01OIL") & set(CODE_ALPHABET)
    assert normalise_code(" abcd2345 ") == "ABCD2345"
    for bad in ("ABCD234", "ABCD23450", "ABCD2340", "ABCD-345", None, 12345678):
        assert normalise_code(bad) is None


def test_minutes_to_wait_rounds_up_and_zero_means_none() -> None:
    assert referral.minutes_to_wait(None, 5, NOW) == 0
    assert referral.minutes_to_wait(NOW, 0, NOW) == 0
    assert referral.minutes_to_wait(NOW, 5, NOW) == 5
    assert referral.minutes_to_wait(NOW - timedelta(minutes=4, seconds=1), 5, NOW) == 1
    assert referral.minutes_to_wait(NOW - timedelta(minutes=5), 5, NOW) == 0


def test_the_month_starts_on_the_first_at_midnight_utc() -> None:
    assert referral.month_start(NOW) == datetime(2026, 11, 1, tzinfo=UTC)


def test_one_household_whatever_the_spelling() -> None:
    home = {"streetAddress": "Avenue Kwame Nkrumah", "city": "Ouagadougou", "country": "BF"}
    same = {"streetAddress": " AVENUE kwamé-nkrumah ", "city": "ouagadougou", "country": "bf"}
    other = {**home, "streetAddress": "Avenue Kwame Nkrumah 2"}
    assert referral.household_key(home, 1) == referral.household_key(same, 2)
    assert referral.household_key(home, 1) != referral.household_key(other, 1)
    assert referral.household_key({}, 1) != referral.household_key(None, 2)
    assert len(referral.household_key(home, 1)) == 64


def test_the_amounts_are_euro_amounts_in_xof() -> None:
    assert referral.reward_amount() == Decimal("32797.85")
    assert referral.minimum_first_order() == Decimal("64939.74")


def test_the_delay_field_as_typed() -> None:
    assert [delay_value(v) for v in (" 5 ", "0", "-3", "61")] == [5, 0, -3, 61]
    assert [delay_value(v) for v in ("", "abc", "2.5", None)] == ["", "abc", "2.5", None]


def test_message_keys_of_refusals() -> None:
    refused = ValidationFailed("x", "m", key="referral.errors.delay")
    assert referral_key(refused, "fallback") == "referral:errors.delay"
    assert referral_key(NotFound(), "fallback") == "fallback"
