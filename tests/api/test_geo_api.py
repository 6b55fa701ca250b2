"""The geo endpoints over HTTP, against fake providers on loopback: shapes, 400s for bad
input, never a 5xx for provider trouble, and whose address counts for the country."""

from __future__ import annotations

from collections.abc import Iterator
from typing import TYPE_CHECKING, Any

import httpx
import pytest

from grocer.settings import get_settings
from tests.support.api_clients import ClientFactory as Client
from tests.support.api_clients import clients_by_peer

if TYPE_CHECKING:
    from tests.fakes.providers import FakeGeo


@pytest.fixture
def api() -> Iterator[Client]:
    """A TestClient factory; `peer` is the socket address the app sees. No database needed."""
    with clients_by_peer() as make:
        yield make


def assert_error(response: Any, field: str, message: str | None = None) -> None:
    assert response.status_code == 400, response.text
    body = response.json()
    assert body["field"] == field
    assert body["key"] and body["message"]
    if message:
        assert body["message"] == message


# --- GET /geo/search ------------------------------------------------------------------------------


def test_search_answers_nominatim_shaped_results(api: Client, fake_geo: FakeGeo) -> None:
    response = api().get("/api/v1/geo/search", params={"q": "Ouagadougou"})
    assert response.status_code == 200
    results = response.json()
    assert [r["place_id"] for r in results] == [101, 102]
    first = results[0]
    assert set(first) == {"place_id", "display_name", "lat", "lon", "address"}
    assert first["lat"] == "12.3690021"
    assert first["address"]["road"] == "Avenue Kwame Nkrumah"
    assert first["address"]["country_code"] == "bf"
    assert fake_geo.nominatim.requests[0].query["limit"] == "10"


def test_search_limit(api: Client, fake_geo: FakeGeo) -> None:
    response = api().get("/api/v1/geo/search", params={"q": "Ouagadougou", "limit": 1})
    assert [r["place_id"] for r in response.json()] == [101]


@pytest.mark.parametrize(
    ("params", "field"),
    [
        ({}, "q"),
        ({"q": "a"}, "q"),
        ({"q": "   "}, "q"),
        ({"q": "x" * 201}, "q"),
        ({"q": "Ouaga", "limit": 0}, "limit"),
        ({"q": "Ouaga", "limit": 11}, "limit"),
        ({"q": "Ouaga", "limit": "ten"}, "limit"),
        ({"q": "Ouaga", "lang": "french"}, "lang"),
    ],
)
def test_search_bad_input_is_400(
    api: Client, fake_geo: FakeGeo, params: dict[str, Any], field: str
) -> None:
    assert_error(api().get("/api/v1/geo/search", params=params), field)
    assert fake_geo.nominatim.requests == []


def test_search_with_every_provider_broken_still_answers(api: Client, fake_geo: FakeGeo) -> None:
    fake_geo.nominatim.fail(500)
    fake_geo.nominatim_backup.garbage()
    fake_geo.photon.hang_up()
    response = api().get("/api/v1/geo/search", params={"q": "Bobo-Dioulasso", "limit": 3})
    assert response.status_code == 200
    assert response.json()[0]["display_name"] == "Bobo-Dioulasso, Hauts-Bassins, Burkina Faso"


@pytest.mark.usefixtures("offline_geo")
def test_search_offline_nothing_found_is_an_empty_list(api: Client) -> None:
    response = api().get("/api/v1/geo/search", params={"q": "qqqzzz"})
    assert response.status_code == 200
    assert response.json() == []


# --- GET /geo/reverse -----------------------------------------------------------------------------


def test_reverse(api: Client, fake_geo: FakeGeo) -> None:
    response = api().get("/api/v1/geo/reverse", params={"lat": 48.8535, "lon": 2.3484})
    assert response.status_code == 200
    assert response.json()["address"]["city"] == "Paris"


@pytest.mark.usefixtures("offline_geo")
def test_reverse_offline_and_nowhere(api: Client) -> None:
    client = api()
    response = client.get("/api/v1/geo/reverse", params={"lat": 12.3714, "lon": -1.5197})
    assert response.status_code == 200
    assert response.json()["display_name"] == "Ouagadougou, Centre, Burkina Faso"
    nowhere = client.get("/api/v1/geo/reverse", params={"lat": 0, "lon": -30})
    assert nowhere.status_code == 404
    assert nowhere.json()["key"] == "geo.errors.noPlace"


@pytest.mark.parametrize(
    ("params", "field", "message"),
    [
        ({"lat": 91, "lon": 0}, "lat", "La latitude doit être comprise entre -90 et 90"),
        ({"lat": 0, "lon": -181}, "lon", "La longitude doit être comprise entre -180 et 180"),
        ({"lat": "nan", "lon": 0}, "lat", "La latitude doit être comprise entre -90 et 90"),
        ({"lon": 0}, "lat", "La latitude doit être comprise entre -90 et 90"),
        ({"lat": "north", "lon": 0}, "lat", None),
    ],
)
def test_reverse_bad_input_is_400(
    api: Client, fake_geo: FakeGeo, params: dict[str, Any], field: str, message: str | None
) -> None:
    assert_error(api().get("/api/v1/geo/reverse", params=params), field, message)


# --- POST /auth/validate-address ------------------------------------------------------------------

GOOD = {
    "addressType": "HOME",
    "streetAddress": "12 Avenue Kwame Nkrumah",
    "apartment": "",
    "city": "Ouagadougou",
    "state": "Centre",
    "postalCode": "",
    "country": "Burkina Faso",
    "latitude": 12.369,
    "longitude": -1.52,
    "isDefault": True,
}


def test_validate_a_good_address(api: Client) -> None:
    response = api().post("/api/v1/auth/validate-address", json=GOOD)
    assert response.status_code == 200
    report = response.json()
    assert report["valid"] and report["complete"] and report["inRange"] and report["geocodable"]
    assert report["nearestPlace"]["address"]["city"] == "Ouagadougou"
    assert report["distanceKm"] < 5
    assert report["messages"] == []


def test_validate_reports_what_is_wrong(api: Client) -> None:
    body = {**GOOD, "streetAddress": "", "city": None, "latitude": "95", "longitude": -1.52}
    report = api().post("/api/v1/auth/validate-address", json=body).json()
    assert not report["valid"] and not report["complete"] and not report["inRange"]
    assert report["messages"] == [
        "Veuillez remplir les champs suivants : adresse, ville",
        "La latitude doit être comprise entre -90 et 90",
    ]
    assert report["nearestPlace"] is None and report["distanceKm"] is None


def test_validate_an_unknown_place(api: Client) -> None:
    body = {"streetAddress": "Bouée 4", "city": "Atlantide", "country": "Océan"}
    report = api().post("/api/v1/auth/validate-address", json=body).json()
    assert report["valid"] and not report["geocodable"]


@pytest.mark.parametrize(
    ("body", "field"),
    [
        ([1, 2], ""),
        ({"city": "x" * 121}, "city"),
        ({"city": 12}, "city"),
        ({"latitude": [1]}, "latitude"),
    ],
)
def test_validate_malformed_body_is_400(api: Client, body: Any, field: str) -> None:
    response = api().post("/api/v1/auth/validate-address", json=body)
    assert response.status_code == 400
    assert response.json()["field"].startswith(field)


# --- GET /geo/country -----------------------------------------------------------------------------


def test_country_from_the_proxy_header(api: Client, fake_geo: FakeGeo) -> None:
    response = api().get("/api/v1/geo/country", headers={"CF-IPCountry": "FR"})
    assert response.status_code == 200
    assert response.json() == {"country": "FR", "currency": "EUR", "autoDetected": True}


def test_country_of_the_socket_peer(api: Client, fake_geo: FakeGeo) -> None:
    body = api(peer="41.138.96.1").get("/api/v1/geo/country").json()
    assert body == {"country": "BF", "currency": "XOF", "autoDetected": True}


def test_forwarded_for_is_ignored_without_a_trusted_proxy(api: Client, fake_geo: FakeGeo) -> None:
    """GROCER_TRUSTED_PROXY_HOPS=0 (the default): the socket peer, whatever the header says,
    even from loopback (a local process is not a proxy unless the setting says so)."""
    spoofed = {"X-Forwarded-For": "90.0.0.1"}
    remote = api(peer="41.138.96.1").get("/api/v1/geo/country", headers=spoofed).json()
    assert remote["country"] == "BF"  # a remote caller cannot pick its own address
    chain = {"X-Forwarded-For": "90.0.0.1, 41.138.96.1"}
    local = api(peer="127.0.0.1").get("/api/v1/geo/country", headers=chain).json()
    assert local == {"country": None, "currency": "XOF", "autoDetected": True}
    assert [len(fake_geo.ipapi.requests), len(fake_geo.ipwho.requests)] == [0, 0]


def test_forwarded_for_from_one_trusted_proxy(
    api: Client, fake_geo: FakeGeo, monkeypatch: pytest.MonkeyPatch
) -> None:
    """GROCER_TRUSTED_PROXY_HOPS=1: the entry the proxy appended last; entries further left
    are whatever the client claimed, so they are never believed."""
    monkeypatch.setenv("GROCER_TRUSTED_PROXY_HOPS", "1")
    get_settings.cache_clear()
    chain = {"X-Forwarded-For": "90.0.0.1, 41.138.96.1"}  # a claimed entry, then the proxy's
    local = api(peer="127.0.0.1").get("/api/v1/geo/country", headers=chain).json()
    assert local["country"] == "BF"
    alone = api(peer="127.0.0.1").get("/api/v1/geo/country").json()
    assert alone == {"country": None, "currency": "XOF", "autoDetected": True}
    assert [len(fake_geo.ipapi.requests), len(fake_geo.ipwho.requests)] == [0, 0]


def test_country_manual_currency_wins(api: Client, fake_geo: FakeGeo) -> None:
    params = {"currency": "usd", "setManually": "true"}
    body = api(peer="41.138.96.1").get("/api/v1/geo/country", params=params).json()
    assert body == {"country": None, "currency": "USD", "autoDetected": False}


def test_country_unsupported_currency_is_400(api: Client, fake_geo: FakeGeo) -> None:
    response = api().get("/api/v1/geo/country", params={"currency": "GBP", "setManually": "true"})
    assert_error(response, "currency")


def test_country_with_the_services_down_is_still_200(api: Client, fake_geo: FakeGeo) -> None:
    fake_geo.ipapi.fail(500)
    fake_geo.ipwho.hang_up()
    response = api(peer="2001:4860::1").get("/api/v1/geo/country")  # not in the offline base
    assert response.status_code == 200
    assert response.json() == {"country": None, "currency": "XOF", "autoDetected": True}
    assert [len(fake_geo.ipapi.requests), len(fake_geo.ipwho.requests)] == [1, 1]


def test_openapi_lists_the_routes(api: Client) -> None:
    paths = api().get("/api/v1/openapi.json").json()["paths"]
    for path in ("/api/v1/geo/search", "/api/v1/geo/reverse", "/api/v1/geo/country"):
        assert "get" in paths[path]
    assert "post" in paths["/api/v1/auth/validate-address"]


def test_fake_tile_server_serves_png(fake_geo: FakeGeo) -> None:
    """The map tests of the UI rely on it: GROCER_TILE_URL points at a PNG tile server."""
    url = get_settings().tile_url.format(z=13, x=4062, y=3782)
    response = httpx.get(url)
    assert response.status_code == 200
    assert response.headers["content-type"] == "image/png"
    assert response.content.startswith(b"\x89PNG")
    assert fake_geo.tiles.paths() == ["/13/4062/3782.png"]
