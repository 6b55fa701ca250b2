"""Shared plumbing for outgoing calls: a bounded TTL cache, a provider cooldown, one JSON fetch.

Geocoding and IP geolocation both ask slow, rate-limited third parties. What they share lives
here once: answers are cached (so a repeated query costs nothing and the providers' usage
policies are respected), a provider that just failed is skipped for a while (so that with no
network a search pays one time-out, not one per keystroke), and every transport, status or
format failure becomes a single `ProviderError` that the callers log and never raise further.

The cache and cooldown are process-local on purpose: they only save calls, and two workers
that disagree about them cost at most one extra call each. Anything that must agree across
workers (the public Nominatim 1/s policy) is in `grocer.services.geo` and uses Redis.
"""

from __future__ import annotations

import threading
import time
from collections import OrderedDict
from collections.abc import Callable, Hashable, Mapping
from typing import Any, Generic, TypeVar

import httpx

from grocer.settings import Settings, get_settings

T = TypeVar("T")
Clock = Callable[[], float]

MISSING: Any = object()
"""What `TTLCache.get` returns for an absent or expired key (None is a value worth caching)."""


class ProviderError(Exception):
    """An outgoing call failed: network, time-out, HTTP status or unexpected body."""


class TTLCache:
    """A thread-safe LRU cache whose entries expire; the clock is injectable for tests."""

    def __init__(self, ttl: float, maxsize: int = 1024, clock: Clock = time.monotonic) -> None:
        self.ttl = ttl
        self.maxsize = maxsize
        self._clock = clock
        self._data: OrderedDict[Hashable, tuple[float, Any]] = OrderedDict()
        self._lock = threading.Lock()

    def get(self, key: Hashable) -> Any:
        with self._lock:
            entry = self._data.get(key)
            if entry is None:
                return MISSING
            expires, value = entry
            if expires <= self._clock():
                del self._data[key]
                return MISSING
            self._data.move_to_end(key)
            return value

    def set(self, key: Hashable, value: Any, ttl: float | None = None) -> None:
        """Store `value`; `ttl` overrides the default (e.g. shorter for negative answers)."""
        with self._lock:
            self._data[key] = (self._clock() + (self.ttl if ttl is None else ttl), value)
            self._data.move_to_end(key)
            while len(self._data) > self.maxsize:
                self._data.popitem(last=False)

    def clear(self) -> None:
        with self._lock:
            self._data.clear()

    def __len__(self) -> int:
        return len(self._data)


class Cooldown:
    """Remembers which providers failed recently so the chain skips them for `seconds`."""

    def __init__(self, seconds: float = 30.0, clock: Clock = time.monotonic) -> None:
        self.seconds = seconds
        self._clock = clock
        self._until: dict[str, float] = {}
        self._lock = threading.Lock()

    def is_down(self, name: str) -> bool:
        with self._lock:
            return self._until.get(name, 0.0) > self._clock()

    def mark_down(self, name: str) -> None:
        with self._lock:
            self._until[name] = self._clock() + self.seconds

    def mark_up(self, name: str) -> None:
        with self._lock:
            self._until.pop(name, None)


def make_client(
    timeout: float, user_agent: str, transport: httpx.BaseTransport | None = None
) -> httpx.Client:
    """An httpx client for third parties: short time-out, our User-Agent, no redirects."""
    return httpx.Client(
        timeout=httpx.Timeout(timeout),
        headers={"User-Agent": user_agent, "Accept": "application/json"},
        follow_redirects=False,
        transport=transport,
    )


def user_agent(settings: Settings) -> str:
    """Identify the application to providers, as Nominatim's usage policy asks."""
    return f"Grocer/1.0 (+{settings.support_email})"


def fetch_json(
    client: httpx.Client,
    url: str,
    *,
    params: Mapping[str, str | int | float] | None = None,
    headers: Mapping[str, str] | None = None,
) -> Any:
    """GET `url` and decode its JSON body; every failure is a `ProviderError`."""
    try:
        response = client.get(url, params=params, headers=headers)
    except httpx.HTTPError as exc:
        raise ProviderError(f"{type(exc).__name__}: {exc}") from exc
    if response.status_code != 200:
        raise ProviderError(f"HTTP {response.status_code}")
    try:
        return response.json()
    except ValueError as exc:
        raise ProviderError("invalid JSON") from exc


class PerSettings(Generic[T]):
    """A value built from the current settings, rebuilt when `get_settings` returns new ones.

    Tests change the environment and clear the settings cache; the next call then builds
    fresh clients pointing at the fake providers.
    """

    def __init__(
        self, build: Callable[[Settings], T], close: Callable[[T], None] | None = None
    ) -> None:
        self._build = build
        self._close = close
        self._current: tuple[Settings, T] | None = None
        self._lock = threading.Lock()

    @property
    def ready(self) -> bool:
        """Whether a call now returns a value already built for the current settings."""
        current = self._current
        return current is not None and current[0] is get_settings()

    def get(self) -> T:
        settings = get_settings()
        with self._lock:
            if self._current is None or self._current[0] is not settings:
                if self._current is not None and self._close is not None:
                    self._close(self._current[1])
                self._current = (settings, self._build(settings))
            return self._current[1]
