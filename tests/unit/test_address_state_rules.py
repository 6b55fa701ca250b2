"""The pure rules behind the address dialog and the map pickers (grocer/state/address.py,
grocer/state/map_picker.py): argument checks of the handlers, the stored address, the label,
the message keys and the spec's constants (000 §5, §9)."""

from __future__ import annotations

import json
import math
from pathlib import Path

import pytest
from hypothesis import given
from hypothesis import strategies as st

from grocer.services import addresses
from grocer.services.validation import LATITUDE, coordinate
from grocer.state import address as rules
from grocer.state import map_picker as picker
from grocer.state.map_points import map_point

ROOT = Path(__file__).resolve().parents[2]


def catalog(lang: str) -> dict:
    return json.loads((ROOT / "assets/locales" / lang / "address.json").read_text("utf-8"))


def lookup(data: dict, key: str) -> str:
    ns, _, path = key.partition(":")
    assert ns == "address"
    node: object = data
    for part in path.split("."):
        assert isinstance(node, dict), key
        node = node[part]
    assert isinstance(node, str), key
    return node


# --- constants of the spec -------------------------------------------------------------------


def test_spec_constants() -> None:
    assert picker.DEFAULT_CENTER == [12.3714, -1.5197]
    assert (picker.DEFAULT_ZOOM, picker.POINT_ZOOM) == (13, 15)
    assert picker.SMALL_SCREEN_PX == 640
    assert picker.MIN_QUERY == 2
    assert (picker.PICKER_LIMIT, picker.MODAL_LIMIT) == (10, 8)
    assert (
        picker.MODAL_ZOOM,
        picker.MODAL_GEO_ZOOM,
        picker.MODAL_SEARCH_ZOOM,
        picker.MODAL_RESULT_ZOOM,
    ) == (12, 13, 14, 15)
    assert rules.TOAST_SECONDS == 3.0
    assert rules.STORAGE_KEY == "userAddress"


def test_geolocation_options() -> None:
    js = rules.GEOLOCATE_JS
    assert "enableHighAccuracy: true" in js
    assert "timeout: 10000" in js
    assert "maximumAge: 60000" in js
    assert "resolve(null)" in js  # denial is silently ignored


def test_map_refresh_delays_and_bundled_assets() -> None:
    helpers = (ROOT / "assets/leaflet/grocer_leaflet.js").read_text("utf-8")
    assert "const OPEN_DELAY_MS = 150;" in helpers
    assert "const SEARCH_DELAY_MS = 50;" in helpers
    assert 'import "leaflet/dist/leaflet.css";' in helpers
    assert 'from "leaflet/dist/images/marker-icon.png"' in helpers
    assert "http" not in helpers.replace("https://leafletjs.com", "")  # nothing fetched


# --- exact French texts ----------------------------------------------------------------------


def test_exact_french_texts() -> None:
    fr = catalog("fr")
    assert lookup(fr, "address:dialog.title") == "Entrez votre adresse de livraison"
    assert lookup(fr, "address:dialog.editTitle") == "Modifier l'adresse"
    assert lookup(fr, "address:dialog.apply") == "Appliquer"
    assert lookup(fr, "address:dialog.save") == "Enregistrer"
    assert lookup(fr, "address:dialog.update") == "Mettre à jour"
    assert lookup(fr, "address:dialog.setDefault") == "Définir comme adresse par défaut"
    assert lookup(fr, "address:dialog.signIn") == "Se connecter"
    assert lookup(fr, rules.K_LATITUDE) == "La latitude doit être comprise entre -90 et 90"
    assert lookup(fr, rules.K_LONGITUDE) == "La longitude doit être comprise entre -180 et 180"
    assert lookup(fr, rules.K_SAVE_FAILED) == (
        "Erreur lors de l'enregistrement de l'adresse. Veuillez réessayer."
    )
    assert lookup(fr, rules.K_SAVED) == "Adresse enregistrée avec succès !"
    assert lookup(fr, rules.K_UPDATED) == "Adresse mise à jour avec succès !"
    assert lookup(fr, "address:picker.searching") == "Recherche en cours..."
    assert lookup(fr, "address:picker.noResults") == "Aucun résultat trouvé pour {{query}}"
    assert lookup(fr, "address:picker.showOnMap") == "Afficher sur la carte"
    assert lookup(fr, "address:picker.centerOnMe") == "Centrer sur ma position actuelle"
    assert lookup(fr, "address:picker.cancel") == "Annuler"
    assert lookup(fr, "address:picker.confirm") == "Confirmer"
    assert lookup(fr, "address:stores.title") == "Magasins à proximité"
    assert lookup(fr, "address:stores.placeholder") == "Rechercher une adresse ou un lieu"
    assert lookup(fr, "address:stores.search") == "Rechercher"
    assert lookup(fr, "address:stores.choose") == "Choisir"
    assert lookup(fr, "address:stores.empty") == (
        "Aucun résultat pour l'instant. Essayez une recherche."
    )
    assert lookup(fr, "address:stores.youAreHere") == "Vous êtes ici"


SUBSETS = [
    ["streetAddress"],
    ["city"],
    ["country"],
    ["streetAddress", "city"],
    ["streetAddress", "country"],
    ["city", "country"],
    ["streetAddress", "city", "country"],
]


@pytest.mark.parametrize("missing", SUBSETS)
def test_required_keys_say_what_the_service_says(missing: list[str]) -> None:
    """One key per combination; its French text is the service's own message
    ('Veuillez remplir le champ adresse', '... les champs suivants : adresse, ville, pays')."""
    key = rules.required_key(missing)
    assert lookup(catalog("fr"), key) == addresses.required_message(missing)
    for lang in ("en", "es", "de"):
        assert lookup(catalog(lang), key)


def test_every_state_key_exists() -> None:
    fr = catalog("fr")
    for key in ("address:dialog.apply", "address:dialog.save", "address:dialog.update"):
        assert lookup(fr, key)


# --- validation ------------------------------------------------------------------------------


def test_validation_keys() -> None:
    blank = {"streetAddress": " ", "city": "", "country": None, "latitude": "", "longitude": ""}
    required, coordinate, missing = rules.validation_keys(blank)
    assert required == "address:validation.required.street_city_country"
    assert missing == ["streetAddress", "city", "country"]
    full = {"streetAddress": "Rue 1", "city": "Ouagadougou", "country": "Burkina Faso"}
    assert rules.validation_keys({**full, "latitude": "91"})[:2] == ("", rules.K_LATITUDE)
    assert rules.validation_keys({**full, "longitude": "-180.5"})[:2] == ("", rules.K_LONGITUDE)
    assert rules.validation_keys({**full, "latitude": "abc"})[:2] == ("", rules.K_LATITUDE)
    assert rules.validation_keys({**full, "latitude": "12.3", "longitude": "-1.5"}) == ("", "", [])
    assert rules.validation_keys({**full, "city": ""})[0] == "address:validation.required.city"


# --- handler arguments -----------------------------------------------------------------------


@pytest.mark.parametrize(
    ("value", "expected"),
    [
        (12.5, 12.5),
        ("12.5", 12.5),
        (" -90 ", -90.0),
        (90, 90.0),
        (90.0001, None),
        ("nan", None),
        ("inf", None),
        (math.nan, None),
        (True, None),
        (None, None),
        ("", None),
        ("1" * 400, None),
        ([12], None),
        ({"lat": 1}, None),
    ],
)
def test_coordinate(value: object, expected: float | None) -> None:
    assert coordinate(value, LATITUDE) == expected


def test_position_arg() -> None:
    assert rules.position_arg([12.3714, -1.5197]) == (12.3714, -1.5197)
    for bad in (None, [], [1], [1, 2, 3], [91, 0], [0, 181], ["a", 0], "12,1", {"0": 1}):
        assert rules.position_arg(bad) is None


@given(st.lists(st.one_of(st.floats(), st.integers(), st.text(), st.none()), max_size=3))
def test_position_arg_never_lets_anything_out_of_range(value: list) -> None:
    found = rules.position_arg(value)
    if found is not None:
        assert -90 <= found[0] <= 90 and -180 <= found[1] <= 180


def test_index_and_query_args() -> None:
    assert picker.index_arg(0, 3) == 0 and picker.index_arg(2, 3) == 2
    for bad in (-1, 3, True, "1", 1.0, None):
        assert picker.index_arg(bad, 3) is None
    assert picker.query_text("x" * 1000) == "x" * 200
    assert picker.query_text(None) == "" and picker.query_text(["a"]) == ""


# --- the stored address ------------------------------------------------------------------


def test_clean_address_keeps_known_keys_and_limits() -> None:
    raw = {
        "streetAddress": " 12 Avenue Kwame Nkrumah ",
        "city": "Ouagadougou",
        "country": "Burkina Faso",
        "state": "x" * 1000,
        "latitude": "12.36",
        "longitude": 500,
        "isDefault": False,
        "addressType": "<script>",
        "id": -3,
        "evil": "<img onerror=alert(1)>",
    }
    clean = rules.clean_address(raw)
    assert clean["streetAddress"] == "12 Avenue Kwame Nkrumah"
    assert len(clean["state"]) == addresses.ADDRESS_LIMITS["state"]
    assert clean["latitude"] == 12.36 and clean["longitude"] is None
    assert clean["isDefault"] is False
    assert clean["addressType"] == "HOME"
    assert "evil" not in clean and "id" not in clean
    assert rules.clean_address({"city": 5, "streetAddress": ["x"]}) == {}
    assert rules.clean_address("nope") == {}


@pytest.mark.parametrize(
    "stored", ["", "{", "[]", "null", "42", '"text"', "x" * 10_000, None, '{"city": {"a": 1}}']
)
def test_unreadable_stored_address_is_ignored(stored: object) -> None:
    assert rules.parse_stored(stored) == {}


def test_stored_address_round_trip() -> None:
    address = {
        "streetAddress": "Rue 15.23",
        "city": "Ouagadougou",
        "country": "Burkina Faso",
        "latitude": 12.33,
        "longitude": -1.49,
        "isDefault": True,
    }
    parsed = rules.parse_stored(json.dumps(address))
    assert {k: parsed[k] for k in address} == address


def test_label() -> None:
    assert rules.address_label({}) == ""
    assert rules.address_label({"streetAddress": "Rue 1", "city": "Ouagadougou"}) == (
        "Rue 1, Ouagadougou"
    )
    assert rules.address_label({"streetAddress": "Ouagadougou, Centre", "city": "Ouagadougou"}) == (
        "Ouagadougou, Centre"
    )
    assert rules.address_label({"city": "Bobo-Dioulasso"}) == "Bobo-Dioulasso"
    long = rules.address_label({"streetAddress": "x" * 300, "city": "y"})
    assert len(long) <= rules.LABEL_MAX and long.endswith("…")


def test_language() -> None:
    assert rules.language("en") == "en"
    assert rules.language("xx") == "fr" and rules.language(None) == "fr"


# --- results and markers -----------------------------------------------------------------


def test_result_item() -> None:
    result = {
        "place_id": 101,
        "display_name": "12, Avenue Kwame Nkrumah, Koulouba, Ouagadougou, Burkina Faso",
        "lat": "12.3690021",
        "lon": "-1.5201234",
        "address": {
            "house_number": "12",
            "road": "Avenue Kwame Nkrumah",
            "city": "Ouagadougou",
            "state": "Centre",
            "country": "Burkina Faso",
        },
    }
    item = picker.result_item(result, 0)
    assert item["title"] == "12 Avenue Kwame Nkrumah"
    assert item["subtitle"] == "Koulouba, Ouagadougou, Burkina Faso"
    assert (item["lat"], item["lng"]) == (12.3690021, -1.5201234)
    assert item["address"]["streetAddress"] == "12 Avenue Kwame Nkrumah"
    assert item["address"]["isDefault"] is False  # 000 §3: a search result is not default
    broken = {**result, "lat": "north"}
    assert picker.result_items([broken, result])[0]["index"] == 1


def test_map_point() -> None:
    point = map_point(1, 2, kind="selection", title="t", popup="p", open=True)
    assert point == {
        "lat": 1.0,
        "lng": 2.0,
        "kind": "selection",
        "title": "t",
        "popup": "p",
        "open": True,
    }
    assert map_point(1, 2, kind="<evil>")["kind"] == "default"
