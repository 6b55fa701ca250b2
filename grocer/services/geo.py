"""Geocoding: place search and reverse geocoding through a provider chain, and address checks.

The chain (DESIGN.md, "Outgoing calls"): every Nominatim-compatible URL of
`settings.geocoder_urls` in order, then Photon (`settings.photon_url`), then the offline
gazetteer, so that city search still answers with no network. A provider that fails (network,
time-out, HTTP error, bad body) is logged as "Recherche échouée: …", skipped for a cooldown and
never raised to callers; one that answers with nothing passes the question on.

Every answer has the Nominatim shape ({place_id, display_name, lat, lon, address{…}}, see
`gazetteer.place_result`) whatever the provider, and `to_address` turns one into the shop's
Address (spec 000 §3). Answers are cached for a day, keyed by the normalised query or the
rounded coordinates and the language. Results that only the gazetteer produced because every
provider failed are not cached, so that the richer answer comes back with the network.

The public Nominatim host allows one request per second per application, and the public Photon
host asks for fair use: each public host gets its own one-call-per-second limiter. Inside one
process a lock and the time of the last call enforce it; across workers that is not enough, so
when `settings.redis_url` is set the interval is reserved in Redis (an atomic script on the
Redis clock) and every worker shares the same budget.

Functions here block (httpx, sync): a call may wait for a limiter slot and then for one time-out
per provider. The API routes and the Reflex handlers therefore await the `*_async` variants,
which run them on a small pool of their own (`GROCER_GEO_WORKERS` threads, at most
`GROCER_GEO_QUEUE` calls waiting): geocoding can never take the threads that sign-ins and the
bag need, and when the pool is full a call fails at once with `GeocoderBusy` (503) instead of
queueing. Cached answers are served before the pool is asked, so they never wait nor fail.
The API also counts `/geo/*` calls per client address (`GROCER_GEO_RATE_PER_MINUTE`, 429).
"""

from __future__ import annotations

import asyncio
import copy
import logging
import math
import re
import threading
import time
from collections import OrderedDict, deque
from collections.abc import Callable, Mapping, Sequence
from concurrent.futures import Future, ThreadPoolExecutor
from typing import Any, Protocol, TypeVar
from urllib.parse import urlsplit

import httpx

from grocer.services import addresses, gazetteer
from grocer.services.errors import RateLimited, ServiceError, ValidationFailed
from grocer.services.http_cache import (
    MISSING,
    Clock,
    Cooldown,
    PerSettings,
    ProviderError,
    TTLCache,
    fetch_json,
    make_client,
    user_agent,
)
from grocer.services.validation import (
    COORDINATE_RULES,
    LATITUDE,
    LONGITUDE,
    check_coordinate,
    coordinate,
)
from grocer.settings import Settings

logger = logging.getLogger(__name__)

FAILURE_PREFIX = "Recherche échouée:"  # spec 000 §8: failures are logged only
PUBLIC_NOMINATIM_HOSTS = frozenset({"nominatim.openstreetmap.org"})
PUBLIC_PHOTON_HOSTS = frozenset({"photon.komoot.io"})
MIN_QUERY, MAX_QUERY = 2, 200
MAX_LIMIT = 10  # spec 000 §9: 10 in the map picker, 8 in the address picker modal
CACHE_TTL = 24 * 3600.0
REVERSE_DECIMALS = 4  # about 11 m: close clicks share one cached answer
OFFLINE_REVERSE_KM = 100.0  # beyond this the nearest town names nothing useful
PLAUSIBLE_KM = 50.0
PHOTON_LANGS = frozenset({"de", "en", "fr", "it"})
_LANG = re.compile(r"^[a-z]{2}$")

T = TypeVar("T")
Sleep = Callable[[float], None]
Result = dict[str, Any]


# --------------------------------------------------------------------------------------------
# Input checks (ValidationFailed → 400 in the API)
# --------------------------------------------------------------------------------------------


def _require(ok: bool, field: str, message: str, key: str) -> None:
    """ValidationFailed on `field` unless `ok`."""
    if not ok:
        raise ValidationFailed(field, message, key=key)


def _check_query(query: Any) -> str:
    text = query.strip() if isinstance(query, str) else ""
    message = f"La recherche doit contenir entre {MIN_QUERY} et {MAX_QUERY} caractères"
    _require(MIN_QUERY <= len(text) <= MAX_QUERY, "q", message, "geo.errors.queryLength")
    return text


def _check_limit(limit: Any) -> int:
    whole = isinstance(limit, int) and not isinstance(limit, bool)
    message = f"Le nombre de résultats doit être compris entre 1 et {MAX_LIMIT}"
    _require(whole and 1 <= limit <= MAX_LIMIT, "limit", message, "geo.errors.limit")
    return limit


def _check_lang(lang: Any) -> str:
    ok = isinstance(lang, str) and _LANG.match(lang) is not None
    _require(ok, "lang", "Langue invalide", "geo.errors.lang")
    return lang


def _required_coordinate(value: Any, axis: str, field: str) -> float:
    number = check_coordinate(value, axis, field)
    if number is None:
        _low, _high, message, key = COORDINATE_RULES[axis]
        raise ValidationFailed(field, message, key=key)
    return number


def _check_coordinates(lat: Any, lon: Any) -> tuple[float, float]:
    return _required_coordinate(lat, LATITUDE, "lat"), _required_coordinate(lon, LONGITUDE, "lon")


def accept_language(lang: str) -> str:
    """The shopper's language first, then French, then English: 'fr' → 'fr,en;q=0.8'."""
    langs = list(dict.fromkeys([lang, "fr", "en"]))
    return ",".join(
        code if i == 0 else f"{code};q={1 - 0.2 * i:.1f}" for i, code in enumerate(langs)
    )


# --------------------------------------------------------------------------------------------
# Rate limiting of the public Nominatim host
# --------------------------------------------------------------------------------------------


class RateLimitBusy(ProviderError):
    """The next free slot is too far away: skip this provider for now (no cooldown)."""


class RateLimiter(Protocol):
    def acquire(self) -> None:
        """Return when a call may go out; raise RateLimitBusy rather than wait too long."""


class LocalIntervalLimiter:
    """At most one call per `interval` in this process.

    Each caller reserves the next free slot under a lock, then sleeps outside it, so
    concurrent threads queue one interval apart. Clock and sleep are injectable for tests.
    """

    def __init__(
        self,
        interval: float = 1.0,
        *,
        max_wait: float = 5.0,
        clock: Clock = time.monotonic,
        sleep: Sleep = time.sleep,
    ) -> None:
        self.interval = interval
        self.max_wait = max_wait
        self._clock = clock
        self._sleep = sleep
        self._next = -math.inf
        self._lock = threading.Lock()

    def acquire(self) -> None:
        with self._lock:
            now = self._clock()
            slot = max(now, self._next)
            if slot - now > self.max_wait:
                raise RateLimitBusy("rate limit: no slot soon enough")
            self._next = slot + self.interval
        if slot > now:
            self._sleep(slot - now)


# KEYS[1] holds the Redis time (ms) of the next free slot. Reserve it atomically, on one
# clock shared by every worker; answer the wait in ms, or -1 when it exceeds ARGV[2].
_RESERVE_SLOT = """
local t = redis.call('TIME')
local now = tonumber(t[1]) * 1000 + math.floor(tonumber(t[2]) / 1000)
local slot = math.max(now, tonumber(redis.call('GET', KEYS[1]) or '0'))
local wait = slot - now
if wait > tonumber(ARGV[2]) then return -1 end
redis.call('SET', KEYS[1], slot + tonumber(ARGV[1]), 'PX', wait + tonumber(ARGV[1]) + 1000)
return wait
"""


class RedisIntervalLimiter:
    """At most one call per `interval` across every worker sharing the Redis server.

    If Redis is unreachable it falls back to a process-local limiter rather than fail.
    """

    def __init__(
        self,
        redis_url: str,
        key: str = "grocer:ratelimit:nominatim",
        interval: float = 1.0,
        *,
        max_wait: float = 5.0,
        sleep: Sleep = time.sleep,
    ) -> None:
        import redis

        self._redis_error: type[Exception] = redis.RedisError
        client = redis.Redis.from_url(redis_url, socket_timeout=2, socket_connect_timeout=2)
        self._script = client.register_script(_RESERVE_SLOT)
        self.key = key
        self.interval = interval
        self.max_wait = max_wait
        self._sleep = sleep
        self._fallback = LocalIntervalLimiter(interval, max_wait=max_wait, sleep=sleep)

    def acquire(self) -> None:
        try:
            wait_ms = int(
                self._script(
                    keys=[self.key], args=[int(self.interval * 1000), int(self.max_wait * 1000)]
                )
            )
        except self._redis_error as exc:
            logger.warning("Redis rate limiter unavailable, using the local limit: %s", exc)
            self._fallback.acquire()
            return
        if wait_ms < 0:
            raise RateLimitBusy("rate limit: no slot soon enough")
        if wait_ms > 0:
            self._sleep(wait_ms / 1000)


_limiters: dict[tuple[str, str], RateLimiter] = {}
_limiters_lock = threading.Lock()


def shared_limiter(redis_url: str = "", name: str = "nominatim") -> RateLimiter:
    """The process-wide limiter of one public host, `name` ("nominatim" or "photon"):
    Redis-backed when configured, so that every worker shares the host's budget."""
    with _limiters_lock:
        if (redis_url, name) not in _limiters:
            _limiters[redis_url, name] = (
                RedisIntervalLimiter(redis_url, f"grocer:ratelimit:{name}")
                if redis_url
                else LocalIntervalLimiter()
            )
        return _limiters[redis_url, name]


# --------------------------------------------------------------------------------------------
# Providers: each maps its own format to the Nominatim shape
# --------------------------------------------------------------------------------------------


def _nominatim_item(item: Any) -> Result | None:
    """A Nominatim result reduced to the shape we promise; None when it is unusable."""
    if not isinstance(item, dict):
        return None
    lat = coordinate(item.get("lat"), LATITUDE)
    lon = coordinate(item.get("lon"), LONGITUDE)
    name = item.get("display_name")
    if lat is None or lon is None or not isinstance(name, str) or not name.strip():
        return None
    address = item.get("address")
    result = gazetteer.place_result(
        item.get("place_id") or f"{lat},{lon}",
        name.strip(),
        lat,
        lon,
        address if isinstance(address, dict) else {},
    )
    result["lat"], result["lon"] = str(item["lat"]).strip(), str(item["lon"]).strip()
    return result


def photon_feature(feature: Any) -> Result | None:
    """A Photon GeoJSON feature mapped to the Nominatim shape; None when it is unusable."""
    if not isinstance(feature, dict):
        return None
    props = feature.get("properties")
    coords = (feature.get("geometry") or {}).get("coordinates")
    if not isinstance(props, dict) or not isinstance(coords, list) or len(coords) < 2:
        return None
    lon, lat = coordinate(coords[0], LONGITUDE), coordinate(coords[1], LATITUDE)
    if lat is None or lon is None:
        return None

    def text(key: str) -> str:
        value = props.get(key)
        return str(value).strip() if value is not None else ""

    name = text("name")
    address = {
        "road": text("street") or (name if text("type") == "street" else ""),
        "house_number": text("housenumber"),
        "city": text("city"),
        "state": text("state"),
        "county": text("county"),
        "country": text("country"),
        "country_code": text("countrycode"),
        "postcode": text("postcode"),
    }
    kind = text("osm_value") if text("osm_key") == "place" else ""
    if kind in {"city", "town", "village", "municipality"} and name and not address.get(kind):
        address[kind] = name
    parts = [
        name,
        address["house_number"],
        address["road"],
        text("district"),
        address["city"],
        address["county"],
        address["state"],
        address["postcode"],
        address["country"],
    ]
    display = ", ".join(dict.fromkeys(part for part in parts if part))
    if not display:
        return None
    place_id = props.get("osm_id") or f"{lat},{lon}"
    return gazetteer.place_result(place_id, display, lat, lon, address)


class Provider(Protocol):
    name: str
    base_url: str

    def search(self, client: httpx.Client, query: str, limit: int, lang: str) -> list[Result]: ...

    def reverse(self, client: httpx.Client, lat: float, lon: float, lang: str) -> Result | None: ...


class NominatimProvider:
    name = "nominatim"

    def __init__(self, base_url: str) -> None:
        self.base_url = base_url.rstrip("/")

    def search(self, client: httpx.Client, query: str, limit: int, lang: str) -> list[Result]:
        params = {"format": "json", "addressdetails": 1, "limit": limit, "q": query}
        body = fetch_json(client, f"{self.base_url}/search", params=params, headers=_lang(lang))
        if not isinstance(body, list):
            raise ProviderError("unexpected answer")
        return [r for r in map(_nominatim_item, body) if r is not None]

    def reverse(self, client: httpx.Client, lat: float, lon: float, lang: str) -> Result | None:
        params = {"format": "json", "addressdetails": 1, "lat": lat, "lon": lon}
        body = fetch_json(client, f"{self.base_url}/reverse", params=params, headers=_lang(lang))
        if not isinstance(body, dict):
            raise ProviderError("unexpected answer")
        return None if "error" in body else _nominatim_item(body)


class PhotonProvider:
    name = "photon"

    def __init__(self, base_url: str) -> None:
        self.base_url = base_url.rstrip("/")

    @staticmethod
    def _features(body: Any) -> list[Result]:
        features = body.get("features") if isinstance(body, dict) else None
        if not isinstance(features, list):
            raise ProviderError("unexpected answer")
        return [r for r in map(photon_feature, features) if r is not None]

    def search(self, client: httpx.Client, query: str, limit: int, lang: str) -> list[Result]:
        params = {"q": query, "limit": limit, "lang": _photon_lang(lang)}
        url = f"{self.base_url}/api/"
        return self._features(fetch_json(client, url, params=params, headers=_lang(lang)))

    def reverse(self, client: httpx.Client, lat: float, lon: float, lang: str) -> Result | None:
        params = {"lat": lat, "lon": lon, "lang": _photon_lang(lang)}
        url = f"{self.base_url}/reverse"
        found = self._features(fetch_json(client, url, params=params, headers=_lang(lang)))
        return found[0] if found else None


def _lang(lang: str) -> dict[str, str]:
    return {"Accept-Language": accept_language(lang)}


def _photon_lang(lang: str) -> str:
    return lang if lang in PHOTON_LANGS else "fr"


# --------------------------------------------------------------------------------------------
# The chain
# --------------------------------------------------------------------------------------------


class Geocoder:
    """The provider chain with its cache, cooldown and rate limiter.

    Everything is injectable so tests point it at local fake servers and drive time:
    `clock` for the cache and cooldown, `limiter` and `photon_limiter` (with their own clock
    and sleep) for the public hosts' policies, `rate_limited_hosts` and `photon_limited_hosts`
    to treat a fake host as the public one.
    """

    def __init__(
        self,
        nominatim_urls: Sequence[str] = (),
        photon_url: str = "",
        *,
        timeout: float = 4.0,
        user_agent: str = "Grocer/1.0",
        limiter: RateLimiter | None = None,
        rate_limited_hosts: frozenset[str] = PUBLIC_NOMINATIM_HOSTS,
        photon_limiter: RateLimiter | None = None,
        photon_limited_hosts: frozenset[str] = PUBLIC_PHOTON_HOSTS,
        clock: Clock = time.monotonic,
        cache_ttl: float = CACHE_TTL,
        cooldown: float = 30.0,
        transport: httpx.BaseTransport | None = None,
    ) -> None:
        self.providers: list[Provider] = [NominatimProvider(url) for url in nominatim_urls if url]
        if photon_url:
            self.providers.append(PhotonProvider(photon_url))
        nominatim_limiter = limiter if limiter is not None else shared_limiter()
        photon = photon_limiter if photon_limiter is not None else shared_limiter(name="photon")
        self._limiters: dict[str, RateLimiter] = {}  # base URL → the limiter of its host
        for provider in self.providers:
            hosts = _host_names(provider.base_url)
            if isinstance(provider, PhotonProvider) and hosts & photon_limited_hosts:
                self._limiters[provider.base_url] = photon
            elif isinstance(provider, NominatimProvider) and hosts & rate_limited_hosts:
                self._limiters[provider.base_url] = nominatim_limiter
        self._client = make_client(timeout, user_agent, transport)
        self.cache = TTLCache(cache_ttl, maxsize=2048, clock=clock)
        self.cooldown = Cooldown(cooldown, clock=clock)

    def close(self) -> None:
        self._client.close()

    def _ask(self, call: Callable[[Provider], T | None]) -> tuple[T | None, bool]:
        """The first non-empty answer along the chain, and whether any provider answered."""
        answered = False
        for provider in self.providers:
            if self.cooldown.is_down(provider.base_url):
                continue
            try:
                limiter = self._limiters.get(provider.base_url)
                if limiter is not None:
                    limiter.acquire()
                result = call(provider)
            except Exception as exc:  # provider trouble never reaches callers (000 §8)
                logger.warning(
                    "%s %s %s (%s)", FAILURE_PREFIX, provider.name, provider.base_url, exc
                )
                if not isinstance(exc, RateLimitBusy):  # busy is ours, not the provider's
                    self.cooldown.mark_down(provider.base_url)
                continue
            answered = True
            if result:
                return result, True
        return None, answered

    @staticmethod
    def _search_key(query: Any, limit: Any, lang: Any) -> tuple[tuple[str, str, str], str, int]:
        text, limit, lang = _check_query(query), _check_limit(limit), _check_lang(lang)
        return ("search", " ".join(text.casefold().split()), lang), text, limit

    @staticmethod
    def _reverse_key(lat: Any, lon: Any, lang: Any) -> tuple[str, float, float, str]:
        lat, lon = _check_coordinates(lat, lon)
        lang = _check_lang(lang)
        return ("reverse", round(lat, REVERSE_DECIMALS), round(lon, REVERSE_DECIMALS), lang)

    def cached_search(self, query: str, limit: int = MAX_LIMIT, lang: str = "fr") -> Any:
        """The cached answer of `search`, else MISSING; checks the input (no network, cheap)."""
        key, _text, limit = self._search_key(query, limit, lang)
        cached = self.cache.get(key)
        return cached if cached is MISSING else copy.deepcopy(cached[:limit])

    def cached_reverse(self, lat: float, lon: float, lang: str = "fr") -> Any:
        """The cached answer of `reverse`, else MISSING; checks the input (no network, cheap)."""
        cached = self.cache.get(self._reverse_key(lat, lon, lang))
        return cached if cached is MISSING else copy.deepcopy(cached)

    def search(self, query: str, limit: int = MAX_LIMIT, lang: str = "fr") -> list[Result]:
        """Places matching `query`, best first (at most `limit`)."""
        key, text, limit = self._search_key(query, limit, lang)
        lang = key[2]
        cached = self.cache.get(key)
        if cached is MISSING:
            # Always ask for the maximum so the 8- and 10-result pickers share one entry.
            found, answered = self._ask(lambda p: p.search(self._client, text, MAX_LIMIT, lang))
            cached = found or gazetteer.search(text, MAX_LIMIT, lang)
            if answered:
                self.cache.set(key, cached)
        return copy.deepcopy(cached[:limit])

    def reverse(self, lat: float, lon: float, lang: str = "fr") -> Result | None:
        """The place at a position, or None when no provider nor the gazetteer knows one."""
        key = self._reverse_key(lat, lon, lang)
        _, lat, lon, lang = key
        cached = self.cache.get(key)
        if cached is MISSING:
            found, answered = self._ask(lambda p: p.reverse(self._client, lat, lon, lang))
            cached = found or gazetteer.nearest_place(lat, lon, lang, OFFLINE_REVERSE_KM)
            if answered:
                self.cache.set(key, cached)
        return copy.deepcopy(cached)


def _host_names(url: str) -> set[str]:
    """The host with and without its port, so that either spelling can be listed."""
    parts = urlsplit(url)
    return {parts.hostname or "", parts.netloc}


def build_geocoder(settings: Settings) -> Geocoder:
    """The chain as the settings describe it."""
    return Geocoder(
        settings.geocoder_urls,
        settings.photon_url,
        timeout=settings.http_timeout,
        user_agent=user_agent(settings),
        limiter=shared_limiter(settings.redis_url),
        photon_limiter=shared_limiter(settings.redis_url, "photon"),
    )


_default = PerSettings(build_geocoder, Geocoder.close)


def default_geocoder() -> Geocoder:
    return _default.get()


# --------------------------------------------------------------------------------------------
# The pool of geocoding threads, and the per-address budget of the API
# --------------------------------------------------------------------------------------------


class GeocoderBusy(ServiceError):
    """Every geocoding thread is busy and the waiting line is full: try again in a moment."""

    status = 503
    key = "geo.errors.busy"
    message = "La recherche d'adresses est très demandée en ce moment. Réessayez dans un instant."


class GeoPool:
    """`workers` threads of their own for the blocking provider calls, and at most `queue`
    calls waiting for one of them; beyond that `run` raises GeocoderBusy without waiting.

    A slot is given back when the work ends (or is cancelled before it starts), not when the
    caller stops waiting, so a caller that went away cannot let more work pile up.
    """

    def __init__(self, workers: int, queue: int) -> None:
        self.capacity = workers + queue
        self._executor = ThreadPoolExecutor(max_workers=workers, thread_name_prefix="grocer-geo")
        self._slots = threading.BoundedSemaphore(self.capacity)

    async def run(self, fn: Callable[..., T], *args: Any) -> T:
        if not self._slots.acquire(blocking=False):
            raise GeocoderBusy()
        try:
            future: Future[T] = self._executor.submit(fn, *args)
        except BaseException:
            self._slots.release()
            raise
        future.add_done_callback(lambda _done: self._slots.release())
        return await asyncio.wrap_future(future)

    def close(self) -> None:
        """Stop taking work; what was accepted still runs to its end."""
        self._executor.shutdown(wait=False)


def build_pool(settings: Settings) -> GeoPool:
    return GeoPool(settings.geo_workers, settings.geo_queue)


_pool = PerSettings(build_pool, GeoPool.close)


def default_pool() -> GeoPool:
    """The process's geocoding pool, sized by GROCER_GEO_WORKERS and GROCER_GEO_QUEUE."""
    return _pool.get()


class AddressBudget:
    """At most `limit` calls per `window` seconds per client address, counted in this process.

    The counts only protect the providers' budgets and the pool from one noisy client, so they
    need not agree across workers (each worker allows `limit`). At most `max_addresses` are
    remembered, the least recently seen forgotten first.
    """

    def __init__(
        self,
        limit: int,
        window: float = 60.0,
        *,
        max_addresses: int = 10_000,
        clock: Clock = time.monotonic,
    ) -> None:
        self.limit = limit
        self.window = window
        self.max_addresses = max_addresses
        self._clock = clock
        self._calls: OrderedDict[str, deque[float]] = OrderedDict()
        self._lock = threading.Lock()

    def hit(self, address: str) -> None:
        """Count one call of `address`; RateLimited (429) when its budget is spent."""
        now = self._clock()
        with self._lock:
            calls = self._calls.pop(address, None) or deque()
            self._calls[address] = calls
            while calls and calls[0] <= now - self.window:
                calls.popleft()
            if len(calls) >= self.limit:
                wait = calls[0] + self.window - now
                raise RateLimited(
                    "Trop de recherches d'adresses. Veuillez patienter.",
                    retry_after=max(1, math.ceil(wait)),
                    key="geo.errors.tooManyRequests",
                )
            calls.append(now)
            while len(self._calls) > self.max_addresses:
                self._calls.popitem(last=False)


_budget = PerSettings(lambda settings: AddressBudget(settings.geo_rate_per_minute))


def count_client_call(address: str) -> None:
    """Count one /geo/* call of a client address; raises RateLimited past its budget."""
    _budget.get().hit(address)


# --------------------------------------------------------------------------------------------
# Public API
# --------------------------------------------------------------------------------------------


def search_places(query: str, limit: int = MAX_LIMIT, lang: str = "fr") -> list[Result]:
    """Nominatim-shaped places for `query` (2..200 characters, limit 1..10); never fails on
    provider trouble, raises ValidationFailed on bad input."""
    return default_geocoder().search(query, limit, lang)


def reverse(lat: float, lon: float, lang: str = "fr") -> Result | None:
    """The Nominatim-shaped place at a position, or None; raises ValidationFailed on bad input."""
    return default_geocoder().reverse(lat, lon, lang)


async def search_places_async(query: str, limit: int = MAX_LIMIT, lang: str = "fr") -> list[Result]:
    """`search_places` for async callers (API routes, Reflex handlers): a cached answer at once,
    else on the geocoding pool; raises GeocoderBusy when the pool is full."""
    geocoder = default_geocoder()
    cached = geocoder.cached_search(query, limit, lang)
    if cached is not MISSING:
        return cached  # type: ignore[no-any-return]
    return await default_pool().run(geocoder.search, query, limit, lang)


async def reverse_async(lat: float, lon: float, lang: str = "fr") -> Result | None:
    """`reverse` for async callers: a cached answer at once, else on the geocoding pool;
    raises GeocoderBusy when the pool is full."""
    geocoder = default_geocoder()
    cached = geocoder.cached_reverse(lat, lon, lang)
    if cached is not MISSING:
        return cached  # type: ignore[no-any-return]
    return await default_pool().run(geocoder.reverse, lat, lon, lang)


def to_address(result: Mapping[str, Any]) -> dict[str, Any]:
    """A search result as the shop's Address (spec 000 §3).

    streetAddress puts the number first, the French way ("12 Avenue Kwame Nkrumah"); a road
    without a number is the road alone, and no road means the full display name.
    """
    address = result.get("address") or {}

    def field(*keys: str) -> str:
        return next((str(address[k]).strip() for k in keys if address.get(k)), "")

    road, number = field("road"), field("house_number")
    street = f"{number} {road}" if road and number else road
    return {
        "addressType": addresses.DEFAULT_ADDRESS_TYPE,
        "streetAddress": street or str(result.get("display_name") or "").strip(),
        "apartment": "",
        "city": field("city", "town", "village", "municipality"),
        "state": field("state", "county"),
        "postalCode": field("postcode"),
        "country": field("country"),
        "latitude": coordinate(result.get("lat"), LATITUDE),
        "longitude": coordinate(result.get("lon"), LONGITUDE),
        "isDefault": False,
    }


def validate_address(data: Mapping[str, Any]) -> dict[str, Any]:
    """The report of POST /auth/validate-address: is the address complete, in range, and
    plausibly on the map? Offline and fast (the gazetteer only).

    `valid` is complete and in range with no field problem (the same checks that saving
    applies, from `addresses.validate_address`); `geocodable` is advisory: the city is a known
    town (in the given country when it names one) or the position is within 50 km of one.
    """
    problems = addresses.validate_address(data)
    failed = {problem.field for problem in problems}
    in_range = not failed & {"latitude", "longitude"}
    lat = coordinate(data.get("latitude"), LATITUDE) if in_range else None
    lon = coordinate(data.get("longitude"), LONGITUDE) if in_range else None
    near = gazetteer.nearest(lat, lon) if lat is not None and lon is not None else None
    city, country = data.get("city"), data.get("country")
    town = (
        gazetteer.find_city(city, country if isinstance(country, str) else None)
        if isinstance(city, str)
        else None
    )
    place = near[0] if near else town
    return {
        "valid": not problems,
        "complete": not any(p.key == "address.errors.required" for p in problems),
        "inRange": in_range,
        "geocodable": town is not None or (near is not None and near[1] <= PLAUSIBLE_KM),
        "nearestPlace": place.result() if place else None,
        "distanceKm": round(near[1], 1) if near else None,
        "messages": [problem.message for problem in problems],
    }
