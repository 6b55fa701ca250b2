"""Pre-serialised catalogue answers, invalidated by the database's catalogue version.

Why: at 50,000 articles a catalogue call must answer at ≥ 40 % of a trivial endpoint's rate
with p95 ≤ 20 ms (DESIGN.md, Budgets). A session, a few queries and JSON encoding cost more
than that budget allows, so the API keeps the JSON *bytes* of recent answers in a bounded LRU.

How workers agree: the key holds the catalogue version, the single `CatalogueVersion` row that
every catalogue write bumps (`bump_version`). Each worker re-reads that row at most once per
`check_interval` (1 s) — one cheap primary-key read — so after a change every worker serves
fresh answers within a second; the writing worker does at its next request. Nothing here is
shared between processes except the database row, so several workers (or machines) are safe.
"""

from __future__ import annotations

import asyncio
import threading
import time
from collections import OrderedDict
from collections.abc import Callable, Hashable
from functools import lru_cache
from typing import Any

import anyio.to_thread
import orjson
import sqlalchemy as sa
from sqlmodel import Session

from grocer.db import get_engine
from grocer.models import CatalogueVersion


def dumps(data: Any) -> bytes:
    """JSON bytes, as `json.dumps(..., ensure_ascii=False)` writes them (int keys as strings),
    several times faster (`json` took a few per cent of a product page's build)."""
    return orjson.dumps(data, option=orjson.OPT_NON_STR_KEYS)


_V: sa.Table = CatalogueVersion.__table__  # type: ignore[assignment]

Builder = Callable[[Session], Any]
Shape = Callable[[Any], Any]


def read_version(conn: sa.Connection | Session) -> int:
    """The current catalogue version (0 before anything was loaded)."""
    value = conn.execute(sa.select(_V.c.version).where(_V.c.id == 1)).scalar()
    return int(value or 0)


def bump_version(db: Session) -> int:
    """Record a catalogue change (call it in the writing transaction) and return the version.

    The local cache re-reads the version at its next request; other workers within a second.
    """
    updated = db.execute(sa.update(_V).where(_V.c.id == 1).values(version=_V.c.version + 1))
    if not updated.rowcount:  # type: ignore[attr-defined]
        db.execute(sa.insert(_V).values(id=1, version=1))
    version = read_version(db)
    CACHE.expire_version()
    # Re-read once more after the commit: a read before it still sees the old version.
    sa.event.listen(db, "after_commit", lambda _session: CACHE.expire_version(), once=True)
    return version


class CatalogueCache:
    """A thread-safe, size-bounded LRU of JSON bytes keyed by (endpoint, params, version)."""

    def __init__(
        self,
        *,
        max_entries: int = 4096,
        max_bytes: int = 64 * 1024 * 1024,
        check_interval: float = 1.0,
        clock: Callable[[], float] = time.monotonic,
    ) -> None:
        self.max_entries = max_entries
        self.max_bytes = max_bytes
        self.check_interval = check_interval
        self.clock = clock
        self._entries: OrderedDict[Hashable, bytes] = OrderedDict()
        self._bytes = 0
        self._lock = threading.Lock()
        self._engine: sa.Engine | None = None
        self._version = -1
        self._checked_at = float("-inf")
        self.hits = 0
        self.misses = 0

    # -- version ------------------------------------------------------------------------------

    def version_due(self) -> bool:
        """True when the version must be re-read: interval elapsed, or another database."""
        return (
            self._engine is not get_engine()
            or self.clock() - self._checked_at >= self.check_interval
        )

    def refresh_version(self) -> int:
        """Read the version row; a new version (or database) empties the cache."""
        engine = get_engine()
        with engine.connect() as conn:
            version = read_version(conn)
        with self._lock:
            if engine is not self._engine or version != self._version:
                self._entries.clear()
                self._bytes = 0
                self._engine, self._version = engine, version
            self._checked_at = self.clock()
        return version

    def expire_version(self) -> None:
        """Force a version read at the next request (this worker just wrote the catalogue)."""
        self._checked_at = float("-inf")

    def clear(self) -> None:
        with self._lock:
            self._entries.clear()
            self._bytes = 0
            self._engine, self._version = None, -1
            self._checked_at = float("-inf")

    # -- entries ------------------------------------------------------------------------------

    def _lookup(self, key: Hashable) -> bytes | None:
        with self._lock:
            body = self._entries.get(key)
            if body is None:
                self.misses += 1
                return None
            self._entries.move_to_end(key)
            self.hits += 1
            return body

    def _store(self, key: Hashable, body: bytes) -> None:
        if len(body) > self.max_bytes // 4:
            return  # one huge answer must not flush everything else
        with self._lock:
            if key[-1] != self._version:  # type: ignore[index]  # built for an older version
                return
            previous = self._entries.pop(key, None)
            if previous is not None:
                self._bytes -= len(previous)
            self._entries[key] = body
            self._bytes += len(body)
            while len(self._entries) > self.max_entries or self._bytes > self.max_bytes:
                _, evicted = self._entries.popitem(last=False)
                self._bytes -= len(evicted)

    def __len__(self) -> int:
        return len(self._entries)

    @staticmethod
    def _build(build: Builder) -> bytes:
        with Session(get_engine(), expire_on_commit=False) as db:
            return dumps(build(db))

    # -- the two ways in ----------------------------------------------------------------------

    def get(self, endpoint: str, params: Hashable, build: Builder) -> bytes:
        """Synchronous: the cached JSON bytes, or `build(session)` encoded and kept."""
        if self.version_due():
            self.refresh_version()
        key = (endpoint, params, self._version)
        body = self._lookup(key)
        if body is None:
            body = self._build(build)
            self._store(key, body)
        return body

    async def serve(self, endpoint: str, params: Hashable, build: Builder) -> bytes:
        """For async routes: a hit costs a dict lookup on the event loop; a miss is built in
        the thread pool.

        Misses never run on the loop, whatever the database: a stream of distinct requests
        (each a miss) would otherwise hold every other request of the process, the websocket
        included, for the whole of each build. `params` must be the parsed, normalised request
        (never the raw query string), so that junk parameters cannot turn hits into misses.
        The version read (one primary-key read, at most once a second) stays on the loop for
        SQLite, in-process and cheaper than a thread hand-off, and goes to the pool otherwise,
        where a network round trip must not block the loop.
        """
        in_process = get_engine().dialect.name == "sqlite"
        if self.version_due():
            if in_process:
                self.refresh_version()
            else:
                await anyio.to_thread.run_sync(self.refresh_version)
        key = (endpoint, params, self._version)
        body = self._lookup(key)
        if body is None:
            limiter = _SQLITE_LIMITER if in_process else None
            body = await anyio.to_thread.run_sync(self._build, build, limiter=limiter)
            self._store(key, body)
        return body


#: Threads that build misses at once on SQLite. Its builds are Python work under the GIL: more
#: threads than cores only take the GIL from each other (random product pages at 16 at a time,
#: 50,000 articles: 32 % of the trivial route's rate with the shared pool of 40 threads).
#: A networked database keeps the shared pool, whose threads mostly wait on the network.
SQLITE_BUILDERS = 2
_SQLITE_LIMITER = anyio.CapacityLimiter(SQLITE_BUILDERS)


#: The process's cache (one per worker; workers agree through the version row).
CACHE = CatalogueCache()


async def cached_data(endpoint: str, params: Hashable, build: Builder) -> Any:
    """The same answer as the API's, decoded, for the Reflex states: every tab that opens the
    home page shares one build per catalogue version instead of querying the database (in a
    storm of 200 new tabs, those queries were half the worker's time). `endpoint` and `params`
    are the API route's own, so that the two share their entries. The version is read in the
    thread pool whatever the database (a Reflex handler sends no statement from the loop:
    tests/state/test_handlers_off_the_loop.py), by one task when many are due at once. The
    decoded answer is shared by the tabs: read it, never change it."""
    return _decoded(await _served(endpoint, params, build))


async def cached_shape(endpoint: str, params: Hashable, build: Builder, shape: Shape) -> Any:
    """`shape` (a module-level function) of `cached_data`'s answer, computed once per cached
    answer rather than once per tab: the home page's cards are the same for every tab of a
    language, and each new tab built them again (a quarter of a hydration storm's time).
    Shared read-only like the decoded answer."""
    return _shaped(shape, await _served(endpoint, params, build))


async def _served(endpoint: str, params: Hashable, build: Builder) -> bytes:
    if CACHE.version_due():
        async with _version_lock():
            if CACHE.version_due():
                await anyio.to_thread.run_sync(CACHE.refresh_version)
    return await CACHE.serve(endpoint, params, build)


@lru_cache(maxsize=64)
def _decoded(body: bytes) -> Any:
    """One decoding per cached answer (a bytes object keeps its hash: a hit is a lookup)."""
    return orjson.loads(body)


@lru_cache(maxsize=64)
def _shaped(shape: Shape, body: bytes) -> Any:
    return shape(_decoded(body))


_locks: dict[int, asyncio.Lock] = {}


def _version_lock() -> asyncio.Lock:
    """The lock of this event loop (tests run several loops in one process)."""
    loop = id(asyncio.get_running_loop())
    if loop not in _locks:
        _locks.clear()  # one loop serves a worker; an old test loop's lock is of no use
        _locks[loop] = asyncio.Lock()
    return _locks[loop]
