"""The visitor's country from their IP address, and the currency that follows (spec 000 §4.4).

One small interface, `CountrySource`, and a chain of them (DESIGN.md, "Outgoing calls"):

1. the country header a trusted proxy adds (`settings.trusted_proxy_header`, e.g. Cloudflare's
   CF-IPCountry): free and exact when the shop runs behind such a proxy;
2. the offline `geoip2fast` database shipped in the package (no network);
3. the public services of `settings.ip_services`, in order, with short time-outs.

Sources 2 and 3 are asked only for public addresses (a private or loopback address says
nothing about a country) and their answer is cached per IP for an hour. A failing service is
logged and skipped for a cooldown; detection never raises: no answer means the default currency.

Asked with `wait=False`, the chain answers only what it knows at once (the header, a private
address, the cache, the offline database once loaded) and raises `WouldWait` where it would have
to build its clients, load the database or call a service: a new tab's page start then answers
in its own event, and only the rest goes to a background task (grocer.state.currency). A worker
builds and loads both in a thread as it starts (`warm_up`).
"""

from __future__ import annotations

import asyncio
import ipaddress
import logging
from collections.abc import Mapping, Sequence
from typing import Any, Protocol
from urllib.parse import quote

import httpx

from grocer.services import currency as currency_rules
from grocer.services.http_cache import (
    MISSING,
    Cooldown,
    PerSettings,
    TTLCache,
    fetch_json,
    make_client,
    user_agent,
)
from grocer.services.once import BuiltOnce
from grocer.settings import Settings

logger = logging.getLogger(__name__)

CACHE_TTL = 3600.0
NEGATIVE_TTL = 300.0  # "no country" may be a passing outage: ask again sooner
_NOT_COUNTRIES = frozenset({"XX", "T1", "ZZ", "--"})  # unknown / Tor / unassigned markers
_ANSWER_KEYS = ("country_code", "countryCode", "country")


class WouldWait(Exception):
    """Asked not to wait, a source could only answer after a network call or a slow load."""


class CountrySource(Protocol):
    def country(self, ip: str, headers: Mapping[str, str], wait: bool = True) -> str | None:
        """An ISO 3166 alpha-2 code in upper case, or None when this source cannot tell;
        `WouldWait` when `wait` is False and the answer needs a network call or a slow load."""


def country_code(value: Any) -> str | None:
    """`value` as an upper-case two-letter country code, or None if it is not one."""
    if not isinstance(value, str):
        return None
    code = value.strip().upper()
    if len(code) != 2 or not code.isascii() or not code.isalpha() or code in _NOT_COUNTRIES:
        return None
    return code


def is_public_ip(ip: str) -> bool:
    """True for a globally routable address (never for loopback, private or malformed ones)."""
    try:
        address = ipaddress.ip_address(ip.strip())
    except ValueError:
        return False
    if isinstance(address, ipaddress.IPv6Address) and address.ipv4_mapped:
        address = address.ipv4_mapped
    return address.is_global


def header_value(headers: Mapping[str, str], name: str) -> str | None:
    """A header by name, whatever its case and whether it uses '-' or '_' (Reflex's router
    headers are snake_case, Starlette's are case-insensitive)."""
    wanted = name.lower().replace("_", "-")
    for key, value in headers.items():
        if key.lower().replace("_", "-") == wanted:
            return value
    return None


class ProxyHeaderSource:
    """The country a trusted reverse proxy puts in a header (only two-letter codes count)."""

    def __init__(self, header: str) -> None:
        self.header = header

    def country(self, ip: str, headers: Mapping[str, str], wait: bool = True) -> str | None:
        return country_code(header_value(headers, self.header)) if self.header else None


def _load_geoip() -> Any:
    """geoip2fast loads its database (about 0.3 s) on import and construction: on first use."""
    from geoip2fast import GeoIP2Fast

    return GeoIP2Fast()


_offline_db = BuiltOnce(_load_geoip)


class OfflineDatabaseSource:
    """The geoip2fast country database inside the package: no network, about 40 µs a lookup."""

    def country(self, ip: str, headers: Mapping[str, str], wait: bool = True) -> str | None:
        if not (wait or _offline_db.built):
            raise WouldWait("the offline database is not loaded yet")
        try:
            return country_code(_offline_db().lookup(ip).country_code)
        except Exception as exc:  # a broken database must not break detection
            logger.warning("Country detection failed: offline database: %s", exc)
            return None


class PublicServiceSource:
    """A public IP geolocation service, given as a URL template with `{ip}`.

    Understands the usual answers: ipapi.co (`country_code`, `country`), ipwho.is
    (`country_code`; `success: false` on error), ip-api.com (`countryCode`).
    """

    def __init__(self, template: str, client: httpx.Client, cooldown: Cooldown) -> None:
        self.template = template
        self._client = client
        self._cooldown = cooldown

    def country(self, ip: str, headers: Mapping[str, str], wait: bool = True) -> str | None:
        if self._cooldown.is_down(self.template):
            return None
        if not wait:
            raise WouldWait(self.template)
        url = self.template.replace("{ip}", quote(ip.strip(), safe=":."))
        try:
            body = fetch_json(self._client, url)
        except Exception as exc:  # detection never fails the caller
            logger.warning("Country detection failed: %s (%s)", url, exc)
            self._cooldown.mark_down(self.template)
            return None
        if not isinstance(body, dict) or body.get("error") or body.get("success") is False:
            return None
        return next((c for key in _ANSWER_KEYS if (c := country_code(body.get(key)))), None)


class FirstAnswer:
    """A chain: the first source that names a country wins."""

    def __init__(self, sources: Sequence[CountrySource]) -> None:
        self.sources = list(sources)

    def country(self, ip: str, headers: Mapping[str, str], wait: bool = True) -> str | None:
        return next((c for s in self.sources if (c := s.country(ip, headers, wait))), None)


class PerIpCache:
    """Asks `source` only for public IPs (unless `allow_private`, for tests), caching per IP."""

    def __init__(
        self, source: CountrySource, *, allow_private: bool = False, cache: TTLCache | None = None
    ) -> None:
        self.source = source
        self.allow_private = allow_private
        self.cache = cache if cache is not None else TTLCache(CACHE_TTL, maxsize=10_000)

    def country(self, ip: str, headers: Mapping[str, str], wait: bool = True) -> str | None:
        ip = ip.strip()
        if not (self.allow_private or is_public_ip(ip)):
            return None
        cached = self.cache.get(ip)
        if cached is not MISSING:
            return cached
        found = self.source.country(ip, headers, wait)
        self.cache.set(ip, found, None if found else NEGATIVE_TTL)
        return found


def build_chain(
    settings: Settings,
    *,
    offline: bool = True,
    allow_private: bool = False,
    transport: httpx.BaseTransport | None = None,
) -> FirstAnswer:
    """The chain as the settings describe it; `offline=False` skips the local database and
    `allow_private=True` looks private addresses up too (both for tests)."""
    client = make_client(settings.http_timeout, user_agent(settings), transport)
    cooldown = Cooldown(30.0)
    by_ip: list[CountrySource] = [OfflineDatabaseSource()] if offline else []
    by_ip += [PublicServiceSource(t, client, cooldown) for t in settings.ip_services]
    return FirstAnswer(
        [
            ProxyHeaderSource(settings.trusted_proxy_header),
            PerIpCache(FirstAnswer(by_ip), allow_private=allow_private),
        ]
    )


_default = PerSettings(build_chain)


def detect_country(
    ip: str,
    headers: Mapping[str, str] | None = None,
    *,
    chain: CountrySource | None = None,
    wait: bool = True,
) -> str | None:
    """The visitor's country (ISO alpha-2, upper case) or None; never raises but `WouldWait`
    (only when `wait` is False)."""
    if chain is None:
        if not (wait or _default.ready):  # its clients take a TLS setup and imports to build
            raise WouldWait("the detection chain is not built yet")
        chain = _default.get()
    return chain.country(ip or "", headers or {}, wait)


def detect_currency(
    ip: str,
    headers: Mapping[str, str] | None = None,
    manual: str | None = None,
    set_manually: bool = False,
    *,
    chain: CountrySource | None = None,
    wait: bool = True,
) -> dict[str, Any]:
    """{currency, country, autoDetected} for a visitor (spec 000 §4.4).

    A stored manual choice (a supported code with `set_manually`) wins and no lookup is made
    (country None). Otherwise the detected country decides, XOF when unknown, and the choice
    is automatic (autoDetected true; country None says detection found nothing). With `wait`
    False, `WouldWait` when only a network call or the database's first load could tell.
    """
    code, chosen_manually = currency_rules.resolve_currency(manual, set_manually, None)
    if chosen_manually:
        return {"currency": code, "country": None, "autoDetected": False}
    country = detect_country(ip, headers, chain=chain, wait=wait)
    return {
        "currency": currency_rules.currency_for_country(country),
        "country": country,
        "autoDetected": True,
    }


def warm_up() -> None:
    """Build the chain and load the offline database (about 0.3 s): a worker does it in a
    thread as it starts, so that its first tabs already learn their currency at once."""
    try:
        _default.get()
        _offline_db()
    except Exception:  # the background detection will say what is wrong
        logger.warning("Country detection could not warm up", exc_info=True)


async def detect_currency_async(
    ip: str,
    headers: Mapping[str, str] | None = None,
    manual: str | None = None,
    set_manually: bool = False,
) -> dict[str, Any]:
    """`detect_currency` off the event loop, for Reflex handlers."""
    return await asyncio.to_thread(detect_currency, ip, headers, manual, set_manually)


# --- where an address is (the "recent logins" list, 001 §2 and §7) --------------------------

_PLACE_FIELDS = ("city", "region", "country_name")
_PLACE_MAX = 120


def offline_country_name(ip: str) -> str | None:
    """The country (English name) of a public address from the offline database: no network,
    so a sign-in can record it at once."""
    if not is_public_ip(ip or ""):
        return None
    try:
        name = _offline_db().lookup(ip.strip()).country_name
    except Exception as exc:  # a broken database must not break a sign-in
        logger.warning("Place lookup failed: offline database: %s", exc)
        return None
    return name.strip()[:_PLACE_MAX] if isinstance(name, str) and name.strip() else None


def _place_of(body: Any) -> dict[str, str]:
    """city, region, country_name of an IP service's answer (ipapi.co's names; ipwho.is
    says `country`), only the non-empty text ones."""
    if not isinstance(body, dict) or body.get("error") or body.get("success") is False:
        return {}
    found = {k: body.get(k) for k in _PLACE_FIELDS}
    if not isinstance(found["country_name"], str) or len(found["country_name"]) <= 2:
        found["country_name"] = body.get("country")
    return {k: v.strip()[:_PLACE_MAX] for k, v in found.items() if isinstance(v, str) and v.strip()}


def _place_client(settings: Settings) -> tuple[httpx.Client, list[str]]:
    return make_client(settings.http_timeout, user_agent(settings)), list(settings.ip_services)


_place_clients = PerSettings(_place_client)


def lookup_place(ip: str) -> dict[str, str]:
    """{city, region, country_name} (those known) of a public address, from the first IP
    service of the settings that answers; {} on any failure (001 §7: failures ignored).
    Blocking (network): never on a sign-in's path, see grocer.services.login_records."""
    if not is_public_ip(ip or ""):
        return {}
    client, templates = _place_clients.get()
    for template in templates:
        url = template.replace("{ip}", quote(ip.strip(), safe=":."))
        try:
            place = _place_of(fetch_json(client, url))
        except Exception as exc:
            logger.warning("Place lookup failed: %s (%s)", url, type(exc).__name__)
            continue
        if place:
            return place
    return {}
