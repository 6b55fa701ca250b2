"""Real local HTTP servers that speak the formats of the shop's outside providers.

Each fake is a `ThreadingHTTPServer` on a free loopback port, in a daemon thread. It answers
in the provider's own JSON format, records every request (path, query, headers) and has
switches to misbehave: `fail(status)`, `slow(seconds)`, `hold()` (every request waits until
`release()`: a provider that is stuck for as long as a test needs), `garbage()` (a 200 that is
not JSON), `hang_up()` (close the connection without answering) and `recover()`.

    FakeNominatim  /search, /reverse            (Nominatim JSON, format=json&addressdetails=1)
    FakePhoton     /api/, /reverse              (GeoJSON FeatureCollection)
    FakeIpApi      /{ip}/json/                  (ipapi.co: country_code, country)
    FakeIpWho      /{ip}                        (ipwho.is: success, country_code)
    FakeTiles      /{z}/{x}/{y}.png             (a small PNG map tile)

Use them as pytest fixtures: add `pytest_plugins = ["tests.fakes.providers"]` to a test module
(or the root conftest), then ask for `fake_nominatim`, `fake_nominatim_backup`, `fake_photon`,
`fake_ipapi`, `fake_ipwho`, `fake_tiles`, or `fake_geo` (all of them, with the GROCER_*
settings pointed at them), or `offline_geo` (every provider unreachable: only the gazetteer
and the offline IP database answer). `fake_clock` drives time without sleeping.
"""

from __future__ import annotations

import io
import json
import socket
import threading
import unicodedata
from collections.abc import Iterator
from dataclasses import dataclass, field
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
from typing import Any, ClassVar
from urllib.parse import parse_qsl, urlsplit

import pytest

from grocer import settings as grocer_settings

Answer = tuple[int, str, bytes]  # status, content type, body


def free_port() -> int:
    with socket.socket() as sock:
        sock.bind(("127.0.0.1", 0))
        return int(sock.getsockname()[1])


def _fold(text: str) -> str:
    decomposed = unicodedata.normalize("NFKD", text.casefold())
    return "".join(ch for ch in decomposed if not unicodedata.combining(ch))


def _json(payload: Any, status: int = 200) -> Answer:
    return status, "application/json; charset=utf-8", json.dumps(payload).encode()


@dataclass(frozen=True)
class Recorded:
    """One request as the fake saw it; header names are lower case."""

    method: str
    path: str
    query: dict[str, str]
    headers: dict[str, str]


class FakeServer:
    """Base of every fake: serving, recording and the misbehaviour switches."""

    name: ClassVar[str] = "fake"

    def __init__(self) -> None:
        self.requests: list[Recorded] = []
        self.status = 200
        self.delay = 0.0
        self.body_override: bytes | None = None
        self.hang = False
        self._stopping = threading.Event()
        self._gate = threading.Event()  # cleared by hold(): requests wait for it
        self._gate.set()
        self._httpd = ThreadingHTTPServer(("127.0.0.1", free_port()), self._handler_class())
        self._httpd.daemon_threads = True
        self._httpd.block_on_close = False
        self._thread = threading.Thread(
            target=self._httpd.serve_forever, kwargs={"poll_interval": 0.05}, daemon=True
        )

    # --- life cycle -------------------------------------------------------------------------

    def start(self) -> FakeServer:
        self._thread.start()
        return self

    def stop(self) -> None:
        self._stopping.set()
        self._gate.set()
        self._httpd.shutdown()
        self._httpd.server_close()

    @property
    def port(self) -> int:
        return int(self._httpd.server_address[1])

    @property
    def url(self) -> str:
        return f"http://127.0.0.1:{self.port}"

    @property
    def netloc(self) -> str:
        return f"127.0.0.1:{self.port}"

    # --- switches ---------------------------------------------------------------------------

    def fail(self, status: int = 503) -> None:
        self.status = status

    def slow(self, seconds: float) -> None:
        self.delay = seconds

    def garbage(self) -> None:
        self.body_override = b"<html>not json</html>"

    def hang_up(self) -> None:
        self.hang = True

    def hold(self) -> None:
        """Every request from now on is recorded, then waits until `release()`."""
        self._gate.clear()

    def release(self) -> None:
        self._gate.set()

    def recover(self) -> None:
        self.status, self.delay, self.body_override, self.hang = 200, 0.0, None, False
        self._gate.set()

    # --- what was asked ---------------------------------------------------------------------

    def paths(self) -> list[str]:
        return [r.path for r in self.requests]

    def reset_requests(self) -> None:
        self.requests.clear()

    # --- serving ----------------------------------------------------------------------------

    def answer(self, path: str, query: dict[str, str]) -> Answer:
        """The provider's answer to a GET; subclasses implement their routes."""
        return _json({"error": "not found"}, 404)

    def _handler_class(self) -> type[BaseHTTPRequestHandler]:
        fake = self

        class Handler(BaseHTTPRequestHandler):
            protocol_version = "HTTP/1.1"
            disable_nagle_algorithm = True  # headers and body go out at once

            def do_GET(self) -> None:  # noqa: N802 (http.server's naming)
                parts = urlsplit(self.path)
                query = dict(parse_qsl(parts.query, keep_blank_values=True))
                headers = {k.lower(): v for k, v in self.headers.items()}
                fake.requests.append(Recorded("GET", parts.path, query, headers))
                fake._gate.wait()
                if fake.delay:
                    fake._stopping.wait(fake.delay)
                if fake.hang:
                    self.close_connection = True
                    self.connection.shutdown(socket.SHUT_RDWR)
                    return
                if fake.status != 200:
                    status, ctype, body = _json({"error": "failure"}, fake.status)
                elif fake.body_override is not None:
                    status, ctype, body = 200, "application/json", fake.body_override
                else:
                    status, ctype, body = fake.answer(parts.path, query)
                self.send_response(status)
                self.send_header("Content-Type", ctype)
                self.send_header("Content-Length", str(len(body)))
                self.end_headers()
                self.wfile.write(body)

            def log_message(self, format: str, *args: Any) -> None:  # noqa: A002
                return

        return Handler


# --------------------------------------------------------------------------------------------
# Geocoding
# --------------------------------------------------------------------------------------------

NOMINATIM_PLACES: list[dict[str, Any]] = [
    {
        "place_id": 101,
        "licence": "Data © OpenStreetMap contributors, ODbL 1.0.",
        "osm_type": "way",
        "osm_id": 2001,
        "lat": "12.3690021",
        "lon": "-1.5201234",
        "class": "place",
        "type": "house",
        "display_name": "12, Avenue Kwame Nkrumah, Koulouba, Ouagadougou, Kadiogo, Centre, "
        "Burkina Faso",
        "address": {
            "house_number": "12",
            "road": "Avenue Kwame Nkrumah",
            "suburb": "Koulouba",
            "city": "Ouagadougou",
            "county": "Kadiogo",
            "state": "Centre",
            "ISO3166-2-lvl4": "BF-03",
            "country": "Burkina Faso",
            "country_code": "bf",
        },
        "boundingbox": ["12.3689", "12.3691", "-1.5202", "-1.5200"],
    },
    {
        "place_id": 102,
        "lat": "12.3681873",
        "lon": "-1.5270944",
        "class": "boundary",
        "type": "administrative",
        "display_name": "Ouagadougou, Kadiogo, Centre, Burkina Faso",
        "address": {
            "city": "Ouagadougou",
            "county": "Kadiogo",
            "state": "Centre",
            "country": "Burkina Faso",
            "country_code": "bf",
        },
    },
    {
        "place_id": 103,
        "lat": "11.1771",
        "lon": "-4.2979",
        "display_name": "Bobo-Dioulasso, Houet, Hauts-Bassins, Burkina Faso",
        "address": {
            "city": "Bobo-Dioulasso",
            "county": "Houet",
            "state": "Hauts-Bassins",
            "country": "Burkina Faso",
            "country_code": "bf",
        },
    },
    {
        "place_id": 104,
        "lat": "48.8534951",
        "lon": "2.3483915",
        "display_name": "Paris, Île-de-France, France métropolitaine, France",
        "address": {
            "city": "Paris",
            "state": "Île-de-France",
            "country": "France",
            "country_code": "fr",
            "postcode": "75000",
        },
    },
]


def _nearest(places: list[dict[str, Any]], lat: float, lon: float, key: Any) -> Any:
    return min(places, key=lambda p: (key(p)[0] - lat) ** 2 + (key(p)[1] - lon) ** 2)


class FakeNominatim(FakeServer):
    """Nominatim: /search filters `places` by the query (accent-insensitive substring)."""

    name = "nominatim"

    def __init__(self, places: list[dict[str, Any]] | None = None) -> None:
        super().__init__()
        self.places = list(places if places is not None else NOMINATIM_PLACES)

    def answer(self, path: str, query: dict[str, str]) -> Answer:
        if path == "/search":
            words = _fold(query.get("q", "")).replace(",", " ").split()
            found = [p for p in self.places if all(w in _fold(p["display_name"]) for w in words)]
            return _json(found[: int(query.get("limit", "10"))])
        if path == "/reverse":
            if not self.places:
                return _json({"error": "Unable to geocode"})
            lat, lon = float(query["lat"]), float(query["lon"])
            return _json(
                _nearest(self.places, lat, lon, lambda p: (float(p["lat"]), float(p["lon"])))
            )
        return super().answer(path, query)


PHOTON_FEATURES: list[dict[str, Any]] = [
    {
        "type": "Feature",
        "geometry": {"type": "Point", "coordinates": [-1.5270944, 12.3681873]},
        "properties": {
            "osm_type": "R",
            "osm_id": 3119929,
            "osm_key": "place",
            "osm_value": "city",
            "type": "city",
            "name": "Ouagadougou",
            "county": "Kadiogo",
            "state": "Centre",
            "country": "Burkina Faso",
            "countrycode": "BF",
        },
    },
    {
        "type": "Feature",
        "geometry": {"type": "Point", "coordinates": [-1.5201234, 12.3690021]},
        "properties": {
            "osm_type": "W",
            "osm_id": 4550001,
            "osm_key": "highway",
            "osm_value": "primary",
            "type": "street",
            "name": "Avenue Kwame Nkrumah",
            "district": "Koulouba",
            "city": "Ouagadougou",
            "state": "Centre",
            "country": "Burkina Faso",
            "countrycode": "BF",
        },
    },
    {
        "type": "Feature",
        "geometry": {"type": "Point", "coordinates": [-4.2979, 11.1771]},
        "properties": {
            "osm_type": "N",
            "osm_id": 2362344,
            "osm_key": "place",
            "osm_value": "city",
            "type": "city",
            "name": "Bobo-Dioulasso",
            "state": "Hauts-Bassins",
            "country": "Burkina Faso",
            "countrycode": "BF",
        },
    },
]


class FakePhoton(FakeServer):
    """Photon: /api/ and /reverse answer GeoJSON FeatureCollections from `features`."""

    name = "photon"

    def __init__(self, features: list[dict[str, Any]] | None = None) -> None:
        super().__init__()
        self.features = list(features if features is not None else PHOTON_FEATURES)

    def answer(self, path: str, query: dict[str, str]) -> Answer:
        if path in {"/api", "/api/"}:
            words = _fold(query.get("q", "")).replace(",", " ").split()
            found = [
                f
                for f in self.features
                if all(w in _fold(" ".join(map(str, f["properties"].values()))) for w in words)
            ]
            return _json(
                {"type": "FeatureCollection", "features": found[: int(query.get("limit", "10"))]}
            )
        if path == "/reverse":
            lat, lon = float(query["lat"]), float(query["lon"])
            found = (
                [_nearest(self.features, lat, lon, lambda f: f["geometry"]["coordinates"][::-1])]
                if self.features
                else []
            )
            return _json({"type": "FeatureCollection", "features": found})
        return super().answer(path, query)


# --------------------------------------------------------------------------------------------
# IP geolocation
# --------------------------------------------------------------------------------------------

IP_COUNTRIES: dict[str, tuple[str, str]] = {
    "41.138.96.1": ("BF", "Burkina Faso"),
    "90.0.0.1": ("FR", "France"),
    "8.8.8.8": ("US", "United States"),
    "10.1.2.3": ("SN", "Senegal"),  # private: only asked when a test forces it
}
#: city and region that ipapi.co adds for some addresses (the sign-in records' place)
IP_PLACES: dict[str, tuple[str, str]] = {"41.138.96.1": ("Ouagadougou", "Centre")}


class _FakeIpService(FakeServer):
    def __init__(self, countries: dict[str, tuple[str, str]] | None = None) -> None:
        super().__init__()
        self.countries = dict(countries if countries is not None else IP_COUNTRIES)

    @property
    def template(self) -> str:
        raise NotImplementedError

    def asked_ips(self) -> list[str]:
        return [p.strip("/").split("/")[0] for p in self.paths()]


class FakeIpApi(_FakeIpService):
    """ipapi.co: GET /{ip}/json/ → {ip, country_code, country, country_name, city?, region?}
    or {error}."""

    name = "ipapi"

    @property
    def template(self) -> str:
        return f"{self.url}/{{ip}}/json/"

    def answer(self, path: str, query: dict[str, str]) -> Answer:
        ip = path.strip("/").removesuffix("/json")
        if ip in self.countries:
            code, name = self.countries[ip]
            city, region = IP_PLACES.get(ip, ("", ""))
            answer = {"ip": ip, "country_code": code, "country": code, "country_name": name}
            return _json({**answer, **({"city": city, "region": region} if city else {})})
        return _json({"ip": ip, "error": True, "reason": "Reserved IP Address"})


class FakeIpWho(_FakeIpService):
    """ipwho.is: GET /{ip} → {ip, success: true, country, country_code} or {success: false}."""

    name = "ipwho"

    @property
    def template(self) -> str:
        return f"{self.url}/{{ip}}"

    def answer(self, path: str, query: dict[str, str]) -> Answer:
        ip = path.strip("/")
        if ip in self.countries:
            code, name = self.countries[ip]
            return _json({"ip": ip, "success": True, "country": name, "country_code": code})
        return _json({"ip": ip, "success": False, "message": "Invalid IP address"})


# --------------------------------------------------------------------------------------------
# Map tiles
# --------------------------------------------------------------------------------------------


def tile_png(size: int = 256) -> bytes:
    """A plain light-green tile, like an empty stretch of an OpenStreetMap tile."""
    from PIL import Image

    buffer = io.BytesIO()
    Image.new("RGB", (size, size), (226, 236, 214)).save(buffer, format="PNG")
    return buffer.getvalue()


class FakeTiles(FakeServer):
    """A tile server: GET /{z}/{x}/{y}.png → a small PNG."""

    name = "tiles"

    def __init__(self) -> None:
        super().__init__()
        self.png = tile_png()

    @property
    def template(self) -> str:
        return f"{self.url}/{{z}}/{{x}}/{{y}}.png"

    def answer(self, path: str, query: dict[str, str]) -> Answer:
        parts = path.strip("/").removesuffix(".png").split("/")
        if len(parts) == 3 and all(p.isdigit() for p in parts):
            return 200, "image/png", self.png
        return super().answer(path, query)


# --------------------------------------------------------------------------------------------
# Time without sleeping
# --------------------------------------------------------------------------------------------


@dataclass
class FakeClock:
    """A monotonic clock whose `sleep` only advances it and records the request."""

    now: float = 1000.0
    slept: list[float] = field(default_factory=list)

    def __call__(self) -> float:
        return self.now

    def sleep(self, seconds: float) -> None:
        self.slept.append(seconds)
        self.now += seconds

    def advance(self, seconds: float) -> None:
        self.now += seconds


# --------------------------------------------------------------------------------------------
# Fixtures
# --------------------------------------------------------------------------------------------


@dataclass
class FakeGeo:
    """Every fake provider, with the settings pointed at them."""

    nominatim: FakeNominatim
    nominatim_backup: FakeNominatim
    photon: FakePhoton
    ipapi: FakeIpApi
    ipwho: FakeIpWho
    tiles: FakeTiles

    def all(self) -> list[FakeServer]:
        return [
            self.nominatim,
            self.nominatim_backup,
            self.photon,
            self.ipapi,
            self.ipwho,
            self.tiles,
        ]

    def env(self) -> dict[str, str]:
        return {
            "GROCER_GEOCODER_URLS": f"{self.nominatim.url},{self.nominatim_backup.url}",
            "GROCER_PHOTON_URL": self.photon.url,
            "GROCER_IP_SERVICES": f"{self.ipapi.template},{self.ipwho.template}",
            "GROCER_TILE_URL": self.tiles.template,
            "GROCER_HTTP_TIMEOUT": "2",
        }


def _serve(server: FakeServer) -> Iterator[Any]:
    server.start()
    try:
        yield server
    finally:
        server.stop()


@pytest.fixture
def fake_nominatim() -> Iterator[FakeNominatim]:
    yield from _serve(FakeNominatim())


@pytest.fixture
def fake_nominatim_backup() -> Iterator[FakeNominatim]:
    yield from _serve(FakeNominatim())


@pytest.fixture
def fake_photon() -> Iterator[FakePhoton]:
    yield from _serve(FakePhoton())


@pytest.fixture
def fake_ipapi() -> Iterator[FakeIpApi]:
    yield from _serve(FakeIpApi())


@pytest.fixture
def fake_ipwho() -> Iterator[FakeIpWho]:
    yield from _serve(FakeIpWho())


@pytest.fixture
def fake_tiles() -> Iterator[FakeTiles]:
    yield from _serve(FakeTiles())


def _use_env(monkeypatch: pytest.MonkeyPatch, env: dict[str, str]) -> None:
    for key, value in env.items():
        monkeypatch.setenv(key, value)
    grocer_settings.get_settings.cache_clear()


@pytest.fixture
def fake_geo(
    monkeypatch: pytest.MonkeyPatch,
    fake_nominatim: FakeNominatim,
    fake_nominatim_backup: FakeNominatim,
    fake_photon: FakePhoton,
    fake_ipapi: FakeIpApi,
    fake_ipwho: FakeIpWho,
    fake_tiles: FakeTiles,
) -> FakeGeo:
    """All fakes running and GROCER_GEOCODER_URLS, _PHOTON_URL, _IP_SERVICES, _TILE_URL set."""
    geo = FakeGeo(
        fake_nominatim, fake_nominatim_backup, fake_photon, fake_ipapi, fake_ipwho, fake_tiles
    )
    _use_env(monkeypatch, geo.env())
    return geo


@pytest.fixture
def offline_geo(monkeypatch: pytest.MonkeyPatch) -> None:
    """Every outside provider unreachable (a closed loopback port): the offline answers only."""
    dead = f"http://127.0.0.1:{free_port()}"
    _use_env(
        monkeypatch,
        {
            "GROCER_GEOCODER_URLS": dead,
            "GROCER_PHOTON_URL": dead,
            "GROCER_IP_SERVICES": f"{dead}/{{ip}}",
            "GROCER_HTTP_TIMEOUT": "1",
        },
    )


@pytest.fixture
def fake_clock() -> FakeClock:
    return FakeClock()
