"""The address rules of spec 000 §3/§5 and the shared field checks, as pure functions."""

from __future__ import annotations

import math
from typing import Any

import pytest
from hypothesis import given
from hypothesis import strategies as st

from grocer.services.addresses import (
    ADDRESS_LIMITS,
    clean_address,
    required_message,
    validate_address,
)
from grocer.services.errors import ValidationFailed
from grocer.services.validation import (
    LATITUDE_MESSAGE,
    LONGITUDE_MESSAGE,
    check_choice,
    check_int_range,
    clean_text,
)

VALID: dict[str, Any] = {
    "streetAddress": "Avenue Kwame Nkrumah",
    "city": "Ouagadougou",
    "country": "BF",
}


def messages(data: dict[str, Any]) -> list[str]:
    return [error.message for error in validate_address(data)]


def test_a_complete_address_has_no_problem() -> None:
    assert validate_address(VALID) == []


@pytest.mark.parametrize(
    ("blank", "expected"),
    [
        (["streetAddress"], "Veuillez remplir le champ adresse"),
        (["city"], "Veuillez remplir le champ ville"),
        (["country"], "Veuillez remplir le champ pays"),
        (["streetAddress", "country"], "Veuillez remplir les champs suivants : adresse, pays"),
        (["city", "country"], "Veuillez remplir les champs suivants : ville, pays"),
        (
            ["streetAddress", "city", "country"],
            "Veuillez remplir les champs suivants : adresse, ville, pays",
        ),
    ],
)
@pytest.mark.parametrize("empty", [None, "", "   \t"], ids=["absent", "empty", "blank"])
def test_required_fields_are_named_in_french(blank: list[str], expected: str, empty: Any) -> None:
    data = {**VALID, **{key: empty for key in blank}}
    if empty is None:
        for key in blank:
            del data[key]
    errors = validate_address(data)
    assert [e.message for e in errors] == [expected]
    assert errors[0].field == blank[0]
    assert errors[0].key == "address.errors.required"


def test_required_message_helper() -> None:
    assert required_message(["city"]) == "Veuillez remplir le champ ville"
    assert required_message(["streetAddress", "city", "country"]) == (
        "Veuillez remplir les champs suivants : adresse, ville, pays"
    )


@pytest.mark.parametrize("value", [-90, 90, 0, 12.3714, "12.3714", " -45 ", None, ""])
def test_latitude_within_range(value: Any) -> None:
    assert validate_address({**VALID, "latitude": value}) == []


@pytest.mark.parametrize(
    "value", [-90.0001, 90.0001, 1000, math.nan, math.inf, -math.inf, "nord", True, [1]]
)
def test_latitude_out_of_range(value: Any) -> None:
    assert messages({**VALID, "latitude": value}) == [LATITUDE_MESSAGE]
    assert LATITUDE_MESSAGE == "La latitude doit être comprise entre -90 et 90"


@pytest.mark.parametrize("value", [-180, 180, -1.5197, "179.9"])
def test_longitude_within_range(value: Any) -> None:
    assert validate_address({**VALID, "longitude": value}) == []


@pytest.mark.parametrize("value", [-180.5, 180.01, math.nan, "ouest", False])
def test_longitude_out_of_range(value: Any) -> None:
    assert messages({**VALID, "longitude": value}) == [LONGITUDE_MESSAGE]
    assert LONGITUDE_MESSAGE == "La longitude doit être comprise entre -180 et 180"


@given(st.floats(allow_nan=False, allow_infinity=False))
def test_latitude_property(latitude: float) -> None:
    ok = -90 <= latitude <= 90
    assert (validate_address({**VALID, "latitude": latitude}) == []) is ok


@given(st.floats(allow_nan=False, allow_infinity=False))
def test_longitude_property(longitude: float) -> None:
    ok = -180 <= longitude <= 180
    assert (validate_address({**VALID, "longitude": longitude}) == []) is ok


def test_every_problem_is_reported_at_once() -> None:
    errors = validate_address({"city": "Ouaga", "latitude": 91, "longitude": -181})
    assert [e.field for e in errors] == ["streetAddress", "latitude", "longitude"]
    assert errors[0].message == "Veuillez remplir les champs suivants : adresse, pays"


LABELS = {
    "streetAddress": "adresse",
    "apartment": "appartement",
    "city": "ville",
    "state": "région",
    "postalCode": "code postal",
    "country": "pays",
}


@pytest.mark.parametrize("key", sorted(ADDRESS_LIMITS))
def test_length_limits(key: str) -> None:
    limit = ADDRESS_LIMITS[key]
    assert validate_address({**VALID, key: "x" * limit}) == []
    errors = validate_address({**VALID, key: "x" * (limit + 1)})
    assert [(e.field, e.message) for e in errors] == [
        (key, f"Le champ {LABELS[key]} ne doit pas dépasser {limit} caractères")
    ]


def test_limits_match_the_table() -> None:
    assert ADDRESS_LIMITS == {
        "streetAddress": 300,
        "apartment": 120,
        "city": 120,
        "state": 120,
        "postalCode": 20,
        "country": 120,
    }


def test_non_text_is_rejected() -> None:
    assert messages({**VALID, "city": 42}) == ["Le champ ville est invalide"]


def test_defaults_and_trimming() -> None:
    clean = clean_address({**VALID, "streetAddress": "  12 rue X  ", "apartment": " "})
    assert clean["street_address"] == "12 rue X"
    assert clean["apartment"] is None
    assert clean["address_type"] == "HOME"
    assert clean["is_default"] is True
    assert clean["latitude"] is None and clean["longitude"] is None


def test_numeric_text_coordinates_become_numbers() -> None:
    clean = clean_address({**VALID, "latitude": "12.5", "longitude": "-1.5"})
    assert (clean["latitude"], clean["longitude"]) == (12.5, -1.5)


@pytest.mark.parametrize(
    ("given_type", "stored"), [("home", "HOME"), ("WORK", "WORK"), ("", "HOME")]
)
def test_address_type(given_type: str, stored: str) -> None:
    assert clean_address({**VALID, "addressType": given_type})["address_type"] == stored


@pytest.mark.parametrize("bad_type", ["HOME 2", "bureau!", "X" * 21])
def test_bad_address_type(bad_type: str) -> None:
    assert [e.field for e in validate_address({**VALID, "addressType": bad_type})] == [
        "addressType"
    ]


def test_is_default_must_be_boolean() -> None:
    assert clean_address({**VALID, "isDefault": False})["is_default"] is False
    assert [e.field for e in validate_address({**VALID, "isDefault": "yes"})] == ["isDefault"]


def test_clean_address_raises_the_first_problem() -> None:
    with pytest.raises(ValidationFailed) as caught:
        clean_address({"latitude": 100})
    assert caught.value.message == "Veuillez remplir les champs suivants : adresse, ville, pays"
    assert caught.value.status == 400


# The shared checks other account services build on.


def test_clean_text() -> None:
    assert clean_text("  a ", field="f", label="nom", max_length=1) == "a"
    assert clean_text(None, field="f", label="nom", max_length=1) is None
    with pytest.raises(ValidationFailed, match="Le champ nom ne doit pas dépasser 1 caractères"):
        clean_text("ab", field="f", label="nom", max_length=1)


def test_check_choice_is_exact_about_types() -> None:
    assert check_choice(60, (30, 60, None), field="f", label="f") == 60
    assert check_choice(None, (30, 60, None), field="f", label="f") is None
    for wrong in (True, "60", 60.0, 45):
        with pytest.raises(ValidationFailed) as caught:
            check_choice(wrong, (30, 60, None), field="f", label="f")
        assert caught.value.message == "Valeur invalide pour f (valeurs possibles : 30, 60, null)"


def test_check_int_range() -> None:
    kw: dict[str, Any] = {"field": "m", "low": 1, "high": 12, "message": "mois", "key": "k"}
    assert check_int_range("7", **kw) == 7
    assert check_int_range(None, **kw) is None
    for wrong in (0, 13, 6.5, True, "juin"):
        with pytest.raises(ValidationFailed, match="mois"):
            check_int_range(wrong, **kw)
