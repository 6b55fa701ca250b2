"""API routes: place search, reverse geocoding, address check, the caller's country/currency.

Thin: the services answer (grocer.services.geo, grocer.services.geoip). Bad input is a 400;
provider trouble is never an error here, the chain answers with what it found (at worst the
offline gazetteer). Routes are plain `def`: FastAPI runs them in its thread pool, so the
blocking outgoing calls do not hold the event loop.
"""

from __future__ import annotations

import ipaddress
from typing import Annotated, Any

from fastapi import APIRouter, Query, Request
from pydantic import BaseModel, Field

from grocer.api.schemas_account import CamelModel
from grocer.services import geo, geoip, money
from grocer.services.addresses import ADDRESS_LIMITS, ADDRESS_TYPE_MAX
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


class AddressCheckIn(CamelModel):
    """An address as the dialog holds it. Every field is optional and sizes are bounded as on
    save; what is missing or out of range is reported in the answer, not refused."""

    address_type: str | None = Field(default=None, max_length=ADDRESS_TYPE_MAX)
    street_address: str | None = Field(default=None, max_length=ADDRESS_LIMITS["streetAddress"])
    apartment: str | None = Field(default=None, max_length=ADDRESS_LIMITS["apartment"])
    city: str | None = Field(default=None, max_length=ADDRESS_LIMITS["city"])
    state: str | None = Field(default=None, max_length=ADDRESS_LIMITS["state"])
    postal_code: str | None = Field(default=None, max_length=ADDRESS_LIMITS["postalCode"])
    country: str | None = Field(default=None, max_length=ADDRESS_LIMITS["country"])
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


def caller_ip(request: Request) -> str:
    """The socket peer; behind a proxy on this machine (peer on loopback), the address that
    proxy appended last to X-Forwarded-For. Entries further left are whatever the client
    claimed, so they are never believed."""
    peer = request.client.host if request.client else ""
    if not _is_loopback(peer):
        return peer
    forwarded = [part.strip() for part in request.headers.get("x-forwarded-for", "").split(",")]
    return next((part for part in reversed(forwarded) if _is_ip(part)), peer)


def _is_ip(value: str) -> bool:
    try:
        ipaddress.ip_address(value)
    except ValueError:
        return False
    return True


def _is_loopback(value: str) -> bool:
    return _is_ip(value) and ipaddress.ip_address(value).is_loopback


@router.get("/geo/search", response_model=list[Place])
def search_places(
    q: str = "",
    limit: Annotated[int, Query()] = geo.MAX_LIMIT,
    lang: str = "fr",
) -> list[dict[str, Any]]:
    """Places matching `q` (2..200 characters), at most `limit` (1..10)."""
    return geo.search_places(q, limit, lang)


@router.get("/geo/reverse", response_model=Place, responses={404: {"description": "No place"}})
def reverse_geocode(
    lat: float | None = None, lon: float | None = None, lang: str = "fr"
) -> dict[str, Any]:
    """The place at a position; 404 when not even the offline gazetteer knows one near it."""
    place = geo.reverse(lat, lon, lang)  # type: ignore[arg-type]  (the service checks None)
    if place is None:
        raise NotFound("Aucun lieu trouvé à cette position", key="geo.errors.noPlace")
    return place


@router.post("/auth/validate-address", response_model=AddressCheckOut)
def validate_address(body: AddressCheckIn) -> dict[str, Any]:
    """Is the address complete, within range and plausibly on the map? Always 200 with the
    report for a well-formed body (an invalid address is an answer, not an error)."""
    return geo.validate_address(body.payload())


@router.get("/geo/country", response_model=CountryOut)
def caller_country(
    request: Request,
    currency: str | None = None,
    setManually: bool = False,  # noqa: N803
) -> dict[str, Any]:
    """The caller's country and the currency that follows; a manual choice given as
    `currency` with `setManually=true` wins, as in the shop's start-up (spec 000 §4.4)."""
    manual = money.check_currency(currency) if currency is not None else None
    return geoip.detect_currency(caller_ip(request), request.headers, manual, setManually)
