"""Geocoding cannot starve the API (issue 12 item 9).

The API runs in a real server (granian) on loopback, against fake providers that hold every
request until the test releases them: the geocoding pool's threads are all stuck, the calls
beyond its line are refused with 503 at once, and a sign-in still answers meanwhile. `/geo/*`
calls have a budget per client address (429), and the public Photon host is rate-limited like
the public Nominatim host.
"""

from __future__ import annotations

import os
import subprocess
import sys
import threading
import time
from collections.abc import Callable, Iterator
from concurrent.futures import Future, ThreadPoolExecutor
from pathlib import Path
from typing import TYPE_CHECKING

import httpx
import pytest
import sqlalchemy as sa
from fastapi.testclient import TestClient
from sqlmodel import Session

from grocer.settings import get_settings
from tests.fakes.providers import free_port
from tests.support import API
from tests.support.accounts import PASSWORD, make_user
from tests.support.api_clients import clients_by_peer

if TYPE_CHECKING:
    from tests.fakes.providers import FakeGeo

ROOT = Path(__file__).resolve().parents[2]
WORKERS, QUEUE = 2, 2
GEO_CALLS = 45  # more than FastAPI's own thread pool (40): the old sync routes took all of it


def wait_until(condition: Callable[[], bool], what: str, deadline: float = 60.0) -> None:
    """Poll `condition` (an outcome, not a time budget: the deadline only stops a hung test)."""
    end = time.monotonic() + deadline
    while not condition():
        if time.monotonic() > end:
            raise AssertionError(f"never happened: {what}")
        time.sleep(0.02)


@pytest.fixture
def served_api(
    database: sa.Engine, fake_geo: FakeGeo, monkeypatch: pytest.MonkeyPatch, tmp_path: Path
) -> Iterator[str]:
    """The API alone, served by granian in its own process on the test's database."""
    monkeypatch.setenv("GROCER_GEO_WORKERS", str(WORKERS))
    monkeypatch.setenv("GROCER_GEO_QUEUE", str(QUEUE))
    monkeypatch.setenv("GROCER_GEO_RATE_PER_MINUTE", "1000")
    monkeypatch.setenv("GROCER_HTTP_TIMEOUT", "60")  # held providers must not time out
    get_settings.cache_clear()
    port = free_port()
    log = (tmp_path / "granian.log").open("w")
    proc = subprocess.Popen(
        [sys.executable, "-m", "granian", "--interface", "asgi", "--host", "127.0.0.1",
         "--port", str(port), "--workers", "1", "--log-level", "warning", "--factory",
         "grocer.api.app:create_api"],
        cwd=ROOT, env=dict(os.environ), stdout=log, stderr=subprocess.STDOUT,
        start_new_session=True,
    )  # fmt: skip
    base = f"http://127.0.0.1:{port}"

    def up() -> bool:
        assert proc.poll() is None, (tmp_path / "granian.log").read_text()
        try:
            return httpx.get(f"{base}{API}/health", timeout=2).status_code == 200
        except httpx.HTTPError:
            return False

    try:
        wait_until(up, "the API server answers")
        yield base
    finally:
        for server in fake_geo.all():
            server.release()
        proc.terminate()
        try:
            proc.wait(timeout=20)
        except subprocess.TimeoutExpired:
            proc.kill()
            proc.wait()
        log.close()


def test_geocoding_cannot_starve_sign_in(served_api: str, fake_geo: FakeGeo, db: Session) -> None:
    make_user(db)
    db.commit()
    for server in (fake_geo.nominatim, fake_geo.nominatim_backup, fake_geo.photon):
        server.hold()
    search = f"{served_api}{API}/geo/search"
    with ThreadPoolExecutor(GEO_CALLS) as threads:
        calls: list[Future[httpx.Response]] = [
            threads.submit(httpx.get, search, params={"q": f"Ouagadougou {i}"}, timeout=120)
            for i in range(GEO_CALLS)
        ]
        wait_until(lambda: len(fake_geo.nominatim.requests) >= WORKERS, "the pool is busy")

        # Every geocoding thread is stuck in the provider, yet the API answers at once.
        login = httpx.post(
            f"{served_api}{API}/auth/login",
            json={"username": "awa", "password": PASSWORD},
            timeout=30,
        )
        assert login.status_code == 200, login.text
        assert httpx.get(f"{served_api}{API}/health", timeout=30).status_code == 200

        # The calls beyond the pool's threads and its line were refused, not queued.
        refused = GEO_CALLS - WORKERS - QUEUE
        wait_until(lambda: sum(c.done() for c in calls) >= refused, "the extra calls answer")
        done = [c.result() for c in calls if c.done()]
        assert len(done) == refused
        assert {r.status_code for r in done} == {503}
        body = done[0].json()
        assert body["key"] == "geo.errors.busy" and body["message"]
        # ... while the accepted ones are still held by the provider.
        assert len(fake_geo.nominatim.requests) == WORKERS
        assert sum(not c.done() for c in calls) == WORKERS + QUEUE

        for server in (fake_geo.nominatim, fake_geo.nominatim_backup, fake_geo.photon):
            server.release()
        answered = [c.result() for c in calls if c.result().status_code != 503]
    assert len(answered) == WORKERS + QUEUE
    assert {r.status_code for r in answered} == {200}


# --- the per-address budget of /geo/* ------------------------------------------------------------


@pytest.fixture
def geo_client(
    fake_geo: FakeGeo, monkeypatch: pytest.MonkeyPatch
) -> Iterator[Callable[..., TestClient]]:
    monkeypatch.setenv("GROCER_GEO_RATE_PER_MINUTE", "3")
    get_settings.cache_clear()
    with clients_by_peer() as make:
        yield make


def test_geo_calls_are_limited_per_client_address(
    geo_client: Callable[..., TestClient], fake_geo: FakeGeo
) -> None:
    noisy = geo_client("203.0.113.7")
    assert noisy.get(f"{API}/geo/search", params={"q": "Ouagadougou"}).status_code == 200
    assert noisy.get(f"{API}/geo/reverse", params={"lat": 48.85, "lon": 2.35}).status_code == 200
    assert noisy.get(f"{API}/geo/country").status_code == 200
    refused = noisy.get(f"{API}/geo/search", params={"q": "Bobo"})
    assert refused.status_code == 429
    assert refused.json()["key"] == "geo.errors.tooManyRequests"
    assert refused.json()["message"]
    assert int(refused.headers["Retry-After"]) >= 1
    other = geo_client("198.51.100.9")
    assert other.get(f"{API}/geo/search", params={"q": "Bobo"}).status_code == 200
    # the address check is offline and cheap: not part of the /geo/* budget
    check = noisy.post(f"{API}/auth/validate-address", json={"city": "Ouagadougou"})
    assert check.status_code == 200


def test_a_held_provider_does_not_hold_the_event_loop(
    geo_client: Callable[..., TestClient], fake_geo: FakeGeo, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Cached answers come straight from the cache, even while the pool is stuck."""
    monkeypatch.setenv("GROCER_GEO_RATE_PER_MINUTE", "1000")
    monkeypatch.setenv("GROCER_GEO_WORKERS", "1")
    monkeypatch.setenv("GROCER_GEO_QUEUE", "0")
    monkeypatch.setenv("GROCER_HTTP_TIMEOUT", "60")
    get_settings.cache_clear()
    with geo_client("203.0.113.7") as client:
        warm = client.get(f"{API}/geo/search", params={"q": "Bobo"})
        assert warm.status_code == 200
        fake_geo.nominatim.hold()
        stuck: list[httpx.Response] = []
        worker = threading.Thread(
            target=lambda: stuck.append(
                client.get(f"{API}/geo/search", params={"q": "Ouagadougou"})
            )
        )
        worker.start()
        try:
            wait_until(lambda: len(fake_geo.nominatim.requests) == 2, "the pool's thread waits")
            busy = client.get(f"{API}/geo/reverse", params={"lat": 48.85, "lon": 2.35})
            assert busy.status_code == 503
            cached = client.get(f"{API}/geo/search", params={"q": "Bobo"})
            assert cached.status_code == 200
            assert cached.json() == warm.json()
            assert not stuck
        finally:
            fake_geo.nominatim.release()
            worker.join()
    assert stuck[0].status_code == 200
