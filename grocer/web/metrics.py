"""Prometheus metrics: HTTP requests and websocket events of this worker, and the shop's
orders and payments, served at /api/v1/metrics (grocer.api.operations) in the text format.

Why two kinds:
- Requests and events are counted in this worker's memory (counters and latency histograms).
  With several workers, scrape each worker's own address (one target per backend port, not
  the proxy, which would answer from whichever worker it picked); Prometheus adds the instance.
- Orders and payments are read from the database when scraped (counts by status; payments by
  provider and status): every worker answers the same, whatever worker took the order, and a
  restart loses nothing.

Labels stay few: a request is labelled by its route's template (`/api/v1/articles/{article_id}`,
never the id itself), or by what it is when no API route answered it ("page", "static",
"api-unmatched"); an event by its handler's name, which the compiled app fixes.
"""

from __future__ import annotations

import logging
import time
from collections import deque
from collections.abc import Callable, Iterator
from typing import Any

import sqlalchemy as sa
from prometheus_client import (
    CONTENT_TYPE_LATEST,
    REGISTRY,
    Counter,
    Gauge,
    Histogram,
    disable_created_metrics,
    generate_latest,
)
from prometheus_client.core import GaugeMetricFamily
from prometheus_client.registry import Collector
from starlette.types import ASGIApp, Message, Receive, Scope, Send

log = logging.getLogger(__name__)

# No `*_created` series beside every counter and histogram: Prometheus does not need them,
# and they double what each scrape reads.
disable_created_metrics()

#: Seconds: from a cache hit (about a millisecond) to a slow phone's patience.
BUCKETS = (0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1.0, 2.5, 5.0, 10.0)

HTTP_REQUESTS = Counter(
    "grocer_http_requests", "HTTP requests answered", ("method", "route", "status")
)
HTTP_LATENCY = Histogram(
    "grocer_http_request_duration_seconds",
    "Time to answer an HTTP request (until its last byte is handed over)",
    ("route",),
    buckets=BUCKETS,
)
EVENTS = Counter("grocer_websocket_events", "Websocket events processed", ("handler",))
CONNECTIONS = Gauge(
    "grocer_websocket_connections", "Tabs connected to this worker now (open websockets)"
)
EVENT_LATENCY = Histogram(
    "grocer_websocket_event_duration_seconds",
    "Time from an event's arrival to the first update sent back for it",
    ("handler",),
    buckets=BUCKETS,
)

CONTENT_TYPE = CONTENT_TYPE_LATEST
#: Methods labelled as themselves; any other is "other".
METHODS = frozenset({"GET", "HEAD", "POST", "PUT", "PATCH", "DELETE", "OPTIONS"})
#: grocer.api.app.API_PREFIX (not imported: the API imports this module).
API_PREFIX = "/api/v1"


def route_label(scope: Scope) -> str:
    """The template of the API route that answered, else what kind of path it was."""
    path: str = scope.get("path", "")
    route = scope.get("route")
    template = getattr(route, "path", None)
    if path.startswith(API_PREFIX):
        if not isinstance(template, str) or getattr(route, "name", "") == "unmatched_api_route":
            return "api-unmatched"
        # An included router's routes keep their own paths, without the prefix it was
        # included under (the API's routers are all included under API_PREFIX).
        return template if template.startswith(API_PREFIX) else API_PREFIX + template
    last = path.rsplit("/", 1)[-1]
    if path.startswith(("/assets/", "/img/", "/locales/")) or "." in last:
        return "static"
    return "page"


class HttpMetrics:
    """ASGI middleware counting and timing every HTTP answer of this worker."""

    def __init__(self, app: ASGIApp) -> None:
        self.app = app

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        if scope["type"] != "http":
            await self.app(scope, receive, send)
            return
        started = time.perf_counter()
        status = 500  # an exception before the answer started is a server error

        async def send_seen(message: Message) -> None:
            nonlocal status
            if message["type"] == "http.response.start":
                status = int(message["status"])
            await send(message)

        try:
            await self.app(scope, receive, send_seen)
        finally:
            method = scope.get("method", "GET")
            if method not in METHODS:  # a client's invented method must not add series
                method = "other"
            count, latency = _http_series(method, route_label(scope), status)
            count.inc()
            latency.observe(time.perf_counter() - started)


_SERIES: dict[tuple[str, str, int], tuple[Any, Any]] = {}


def _http_series(method: str, route: str, status: int) -> tuple[Any, Any]:
    """The labelled counter and histogram of a request, looked up once per combination
    (`labels()` checks and locks at every call: half of the middleware's cost)."""
    key = (method, route, status)
    series = _SERIES.get(key)
    if series is None:
        series = _SERIES[key] = (
            HTTP_REQUESTS.labels(method, route, str(status)),
            HTTP_LATENCY.labels(route),
        )
    return series


class EventTimer:
    """Each tab's event from its arrival to the first update sent back for it.

    A tab's events are processed one at a time (its state lock), so a tab has at most one
    event being processed: `started` makes the oldest arrival of that name the tab's current
    event, and the next update sent to the tab closes it. An event that sends nothing is
    replaced by the tab's next one, never matched with another event's update."""

    #: Arrivals kept at most (tabs × names), and per tab and name: an event the app refuses
    #: (an unknown name a client made up) never starts, and must not grow memory.
    MAX_WAITING = 10_000
    MAX_PER_NAME = 64

    def __init__(self, clock: Callable[[], float] = time.perf_counter) -> None:
        self.clock = clock
        self._arrived: dict[tuple[str, str], deque[float]] = {}
        self._current: dict[str, tuple[str, float]] = {}

    def arrived(self, token: str, handler: str) -> None:
        queue = self._arrived.get((token, handler))
        if queue is None:
            if len(self._arrived) >= self.MAX_WAITING:
                return  # its start is then taken as its arrival
            queue = self._arrived[(token, handler)] = deque(maxlen=self.MAX_PER_NAME)
        queue.append(self.clock())

    def started(self, token: str, handler: str) -> None:
        queue = self._arrived.get((token, handler))
        arrival = queue.popleft() if queue else self.clock()
        if queue is not None and not queue:
            del self._arrived[(token, handler)]
        self._current[token] = (handler, arrival)
        EVENTS.labels(handler).inc()

    def updated(self, token: str) -> None:
        current = self._current.pop(token, None)
        if current is not None:
            handler, arrival = current
            EVENT_LATENCY.labels(handler).observe(self.clock() - arrival)

    def forget(self, token: str) -> None:
        """A tab that went away: nothing of it stays in memory."""
        self._current.pop(token, None)
        for key in [k for k in self._arrived if k[0] == token]:
            del self._arrived[key]


class ShopCollector(Collector):
    """Orders by status and payments by provider and status, read from the database when
    Prometheus scrapes (nothing when the database does not answer: the scrape still works)."""

    @staticmethod
    def _families() -> tuple[GaugeMetricFamily, GaugeMetricFamily]:
        orders = GaugeMetricFamily("grocer_orders", "Orders by status", labels=("status",))
        payments = GaugeMetricFamily(
            "grocer_payments", "Payment attempts by provider and status",
            labels=("provider", "status"),
        )  # fmt: skip
        return orders, payments

    def describe(self) -> Iterator[GaugeMetricFamily]:
        """The names alone: registering the collector reads no database."""
        yield from self._families()

    def collect(self) -> Iterator[GaugeMetricFamily]:
        from grocer.db import get_engine

        orders, payments = self._families()
        try:
            with get_engine().connect() as conn:
                for status, count in conn.execute(
                    sa.text("SELECT status, count(*) FROM orders GROUP BY status")
                ):
                    orders.add_metric((str(status),), float(count))
                for provider, status, count in conn.execute(
                    sa.text(
                        "SELECT provider, status, count(*) FROM payments GROUP BY provider, status"
                    )
                ):
                    payments.add_metric((str(provider), str(status)), float(count))
        except sa.exc.SQLAlchemyError as exc:
            log.warning("metrics: the database did not answer (%s)", type(exc).__name__)
            return
        yield orders
        yield payments


REGISTRY.register(ShopCollector())


def exposition() -> bytes:
    """Every metric of this worker, in Prometheus' text format."""
    return generate_latest(REGISTRY)
