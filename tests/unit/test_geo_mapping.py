"""Pure mappings of geocoding: result → Address (spec 000 §3), Photon → Nominatim shape,
input checks, Accept-Language, and the offline address report."""

from __future__ import annotations

from typing import Any

import pytest

from grocer.services import geo
from grocer.services.errors import ValidationFailed
from grocer.services.gazetteer import ADDRESS_KEYS, place_result


def result(address: dict[str, str], display: str = "Lieu, Burkina Faso") -> dict[str, Any]:
    return {
        "place_id": 1,
        "display_name": display,
        "lat": "12.3690021",
        "lon": "-1.5201234",
        "address": address,
    }


@pytest.mark.parametrize(
    ("address", "expected"),
    [
        pytest.param(
            {
                "house_number": "12",
                "road": "Avenue Kwame Nkrumah",
                "city": "Ouagadougou",
                "state": "Centre",
                "county": "Kadiogo",
                "country": "Burkina Faso",
                "postcode": "01 BP 1234",
            },
            {
                "streetAddress": "12 Avenue Kwame Nkrumah",
                "city": "Ouagadougou",
                "state": "Centre",
                "country": "Burkina Faso",
                "postalCode": "01 BP 1234",
            },
            id="number-first-french-order",
        ),
        pytest.param(
            {"road": "Rue de la Chance", "town": "Koudougou", "county": "Boulkiemdé"},
            {"streetAddress": "Rue de la Chance", "city": "Koudougou", "state": "Boulkiemdé"},
            id="road-alone-town-county",
        ),
        pytest.param(
            {"village": "Saaba", "state": "Centre", "country": "Burkina Faso"},
            {"streetAddress": "Lieu, Burkina Faso", "city": "Saaba", "state": "Centre"},
            id="no-road-display-name-village",
        ),
        pytest.param(
            {"house_number": "7", "municipality": "Komsilga"},
            {"streetAddress": "Lieu, Burkina Faso", "city": "Komsilga", "state": ""},
            id="number-without-road-display-name",
        ),
        pytest.param(
            {"city": "", "town": "Banfora", "village": "Tengrela"},
            {"city": "Banfora"},
            id="blank-city-falls-to-town",
        ),
        pytest.param(
            {},
            {"streetAddress": "Lieu, Burkina Faso", "city": "", "country": "", "postalCode": ""},
            id="no-details",
        ),
    ],
)
def test_to_address_maps_as_the_spec_says(
    address: dict[str, str], expected: dict[str, str]
) -> None:
    mapped = geo.to_address(result(address))
    assert {key: mapped[key] for key in expected} == expected
    assert mapped["latitude"] == pytest.approx(12.3690021)
    assert mapped["longitude"] == pytest.approx(-1.5201234)
    assert mapped["isDefault"] is False
    assert mapped["addressType"] == "HOME"
    assert mapped["apartment"] == ""


def test_to_address_has_exactly_the_address_fields() -> None:
    assert set(geo.to_address(result({}))) == {
        "addressType",
        "streetAddress",
        "apartment",
        "city",
        "state",
        "postalCode",
        "country",
        "latitude",
        "longitude",
        "isDefault",
    }


def test_to_address_unreadable_coordinates_become_none() -> None:
    mapped = geo.to_address({"display_name": "X", "lat": "north", "lon": None, "address": None})
    assert mapped["latitude"] is None and mapped["longitude"] is None
    assert mapped["streetAddress"] == "X"


def test_place_result_is_nominatim_shaped() -> None:
    place = place_result(7, "Ouagadougou, Burkina Faso", 12.36566, -1.53388, {"city": "Ouaga"})
    assert place["lat"] == "12.3656600" and place["lon"] == "-1.5338800"
    assert set(place["address"]) == set(ADDRESS_KEYS)
    assert place["address"]["city"] == "Ouaga" and place["address"]["road"] == ""


def feature(props: dict[str, Any], lon: float = -1.52, lat: float = 12.37) -> dict[str, Any]:
    return {
        "type": "Feature",
        "geometry": {"type": "Point", "coordinates": [lon, lat]},
        "properties": props,
    }


def test_photon_house_maps_to_road_and_number() -> None:
    mapped = geo.photon_feature(
        feature(
            {
                "osm_id": 42,
                "osm_key": "building",
                "type": "house",
                "housenumber": "12",
                "street": "Avenue Kwame Nkrumah",
                "city": "Ouagadougou",
                "state": "Centre",
                "country": "Burkina Faso",
                "countrycode": "BF",
                "postcode": "01",
            }
        )
    )
    assert mapped is not None
    assert mapped["place_id"] == 42
    assert mapped["lat"] == "12.3700000" and mapped["lon"] == "-1.5200000"
    assert mapped["address"]["road"] == "Avenue Kwame Nkrumah"
    assert mapped["address"]["house_number"] == "12"
    assert mapped["address"]["country_code"] == "bf"
    assert mapped["display_name"] == (
        "12, Avenue Kwame Nkrumah, Ouagadougou, Centre, 01, Burkina Faso"
    )
    assert geo.to_address(mapped)["streetAddress"] == "12 Avenue Kwame Nkrumah"


def test_photon_street_name_is_the_road() -> None:
    mapped = geo.photon_feature(
        feature({"type": "street", "name": "Rue 15.45", "city": "Ouagadougou"})
    )
    assert mapped is not None and mapped["address"]["road"] == "Rue 15.45"


@pytest.mark.parametrize("kind", ["city", "town", "village"])
def test_photon_place_name_fills_its_kind(kind: str) -> None:
    mapped = geo.photon_feature(
        feature({"osm_key": "place", "osm_value": kind, "name": "Saaba", "country": "Burkina Faso"})
    )
    assert mapped is not None
    assert mapped["address"][kind] == "Saaba"
    assert geo.to_address(mapped)["city"] == "Saaba"
    assert mapped["display_name"] == "Saaba, Burkina Faso"


@pytest.mark.parametrize(
    "bad",
    [
        None,
        {"properties": {"name": "X"}},
        {"geometry": {"coordinates": [1.0]}, "properties": {"name": "X"}},
        feature({"name": "X"}, lon=200.0),
        feature({}),
    ],
)
def test_photon_unusable_features_are_dropped(bad: Any) -> None:
    assert geo.photon_feature(bad) is None


@pytest.mark.parametrize(
    ("lang", "header"),
    [("fr", "fr,en;q=0.8"), ("en", "en,fr;q=0.8"), ("es", "es,fr;q=0.8,en;q=0.6")],
)
def test_accept_language_french_then_english(lang: str, header: str) -> None:
    assert geo.accept_language(lang) == header


@pytest.mark.parametrize(
    ("call", "field"),
    [
        (lambda: geo.search_places(" a "), "q"),
        (lambda: geo.search_places("x" * 201), "q"),
        (lambda: geo.search_places(None), "q"),  # type: ignore[arg-type]
        (lambda: geo.search_places("Ouaga", 0), "limit"),
        (lambda: geo.search_places("Ouaga", 11), "limit"),
        (lambda: geo.search_places("Ouaga", True), "limit"),  # type: ignore[arg-type]
        (lambda: geo.search_places("Ouaga", 5, "french"), "lang"),
        (lambda: geo.reverse(90.5, 0), "lat"),
        (lambda: geo.reverse(float("nan"), 0), "lat"),
        (lambda: geo.reverse(None, 0), "lat"),  # type: ignore[arg-type]
        (lambda: geo.reverse(0, -180.01), "lon"),
        (lambda: geo.reverse(0, float("inf")), "lon"),
    ],
)
def test_bad_input_is_refused_before_any_call(call: Any, field: str) -> None:
    with pytest.raises(ValidationFailed) as caught:
        call()
    assert caught.value.field == field


def test_coordinate_messages_are_the_spec_text() -> None:
    with pytest.raises(ValidationFailed, match="La latitude doit être comprise entre -90 et 90"):
        geo.reverse(-91, 0)
    with pytest.raises(ValidationFailed, match="La longitude doit être comprise entre -180 et 180"):
        geo.reverse(0, 181)


# --- the offline address report (POST /auth/validate-address) --------------------------------

OUAGA = {
    "streetAddress": "12 Avenue Kwame Nkrumah",
    "city": "Ouagadougou",
    "country": "Burkina Faso",
    "latitude": 12.369,
    "longitude": -1.52,
}


def test_report_for_a_good_address() -> None:
    report = geo.validate_address(OUAGA)
    assert report["valid"] and report["complete"] and report["inRange"] and report["geocodable"]
    assert report["nearestPlace"]["display_name"] == "Ouagadougou, Centre, Burkina Faso"
    assert report["distanceKm"] < 5
    assert report["messages"] == []


def test_report_names_missing_fields_with_the_spec_message() -> None:
    report = geo.validate_address({"streetAddress": " ", "country": "Burkina Faso"})
    assert not report["valid"] and not report["complete"] and report["inRange"]
    assert report["messages"] == ["Veuillez remplir les champs suivants : adresse, ville"]
    one = geo.validate_address({**OUAGA, "country": ""})
    assert one["messages"] == ["Veuillez remplir le champ pays"]


def test_report_out_of_range_coordinates() -> None:
    report = geo.validate_address({**OUAGA, "latitude": 95, "longitude": "-200"})
    assert report["complete"] and not report["inRange"] and not report["valid"]
    assert report["messages"] == [
        "La latitude doit être comprise entre -90 et 90",
        "La longitude doit être comprise entre -180 et 180",
    ]
    assert report["distanceKm"] is None
    assert report["geocodable"]  # the city alone is a known town


def test_report_city_without_coordinates() -> None:
    report = geo.validate_address(
        {"streetAddress": "Secteur 22", "city": "bobo dioulasso", "country": "BF"}
    )
    assert report["valid"] and report["geocodable"]
    assert report["nearestPlace"]["address"]["city"] == "Bobo-Dioulasso"
    assert report["distanceKm"] is None


def test_report_city_in_the_wrong_country_is_not_plausible() -> None:
    report = geo.validate_address(
        {"streetAddress": "1 rue X", "city": "Paris", "country": "Burkina Faso"}
    )
    assert report["valid"] and not report["geocodable"]


def test_report_coordinates_far_from_any_town() -> None:
    report = geo.validate_address(
        {
            "streetAddress": "Bouée 4",
            "city": "Atlantide",
            "country": "Océan",
            "latitude": 0,
            "longitude": -30,
        }
    )
    assert report["valid"] and not report["geocodable"]
    assert report["distanceKm"] > 50
