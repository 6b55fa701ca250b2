"""API routes: place search, reverse geocoding, address check, the caller's country/currency.

Thin: the services answer (grocer.services.geo, grocer.services.geoip). Bad input is a 400;
provider trouble is never an error here, the chain answers with what it found (at worst the
offline gazetteer). The `/geo/*` routes are `async`: their blocking outgoing calls run on the
geocoding pool of grocer.services.geo (503 when it is full), never in FastAPI's thread pool,
which the sign-in and bag routes need; each client address has a budget of `/geo/*` calls (429).
"""

from __future__ import annotations

from typing import Annotated, Any

from fastapi import APIRouter, Depends, Query, Request
from pydantic import BaseModel, Field

from grocer.api.deps import ClientIp
from grocer.api.schemas_account import AddressFields, CamelModel
from grocer.api.schemas_auth import error_responses
from grocer.services import geo, geoip, money
from grocer.services.errors import NotFound

router = APIRouter(tags=["geo"])


class PlaceAddress(BaseModel):
    road: str
    house_number: str
    city: str
    town: str
    village: str
    municipality: str
    state: str
    county: str
    country: str
    country_code: str
    postcode: str


class Place(BaseModel):
    """A geocoding result in Nominatim's shape (spec 000 §3), whichever provider answered."""

    place_id: int | str
    display_name: str
    lat: str
    lon: str
    address: PlaceAddress


class AddressCheckIn(AddressFields):
    """An address as the dialog holds it. Every field is optional and sizes are bounded as on
    save; what is missing or out of range is reported in the answer, not refused."""

    latitude: float | str | None = Field(default=None, description="A number or numeric text")
    longitude: float | str | None = Field(default=None, description="A number or numeric text")
    is_default: bool | None = None


class AddressCheckOut(CamelModel):
    valid: bool
    complete: bool
    in_range: bool
    geocodable: bool
    nearest_place: Place | None
    distance_km: float | None
    messages: list[str]


class CountryOut(CamelModel):
    country: str | None
    currency: str
    auto_detected: bool


async def count_geo_call(ip: ClientIp) -> None:
    """Every /geo/* call spends one unit of the caller's budget (429 past it)."""
    geo.count_client_call(ip)


_GEO_ERRORS = error_responses(400, 429, 503)
_geo = APIRouter(dependencies=[Depends(count_geo_call)], responses=_GEO_ERRORS)


@_geo.get("/geo/search", response_model=list[Place])
async def search_places(
    q: str = "",
    limit: Annotated[int, Query()] = geo.MAX_LIMIT,
    lang: str = "fr",
) -> list[dict[str, Any]]:
    """Places matching `q` (2..200 characters), at most `limit` (1..10)."""
    return await geo.search_places_async(q, limit, lang)


@_geo.get("/geo/reverse", response_model=Place, responses=error_responses(404))
async def reverse_geocode(
    lat: float | None = None, lon: float | None = None, lang: str = "fr"
) -> dict[str, Any]:
    """The place at a position; 404 when not even the offline gazetteer knows one near it."""
    place = await geo.reverse_async(lat, lon, lang)  # type: ignore[arg-type]  (checked there)
    if place is None:
        raise NotFound("Aucun lieu trouvé à cette position", key="geo.errors.noPlace")
    return place


@router.post("/auth/validate-address", response_model=AddressCheckOut)
def validate_address(body: AddressCheckIn) -> dict[str, Any]:
    """Is the address complete, within range and plausibly on the map? Always 200 with the
    report for a well-formed body (an invalid address is an answer, not an error)."""
    return geo.validate_address(body.payload())


@_geo.get("/geo/country", response_model=CountryOut)
async def caller_country(
    request: Request,
    ip: ClientIp,
    currency: str | None = None,
    setManually: bool = False,  # noqa: N803
) -> dict[str, Any]:
    """The caller's country and the currency that follows; a manual choice given as
    `currency` with `setManually=true` wins, as in the shop's start-up (spec 000 §4.4).
    The caller's address is the shop's one rule (grocer.services.client_address)."""
    manual = money.check_currency(currency) if currency is not None else None
    headers = dict(request.headers)
    return await geo.default_pool().run(geoip.detect_currency, ip, headers, manual, setManually)


router.include_router(_geo)
