"""The limits around geocoding (issue 12 item 9): the public Photon host has its own
one-call-per-second limiter, the geocoding pool refuses work beyond its line at once, and the
per-address budget counts calls in a sliding minute."""

from __future__ import annotations

import asyncio
import json
import threading

import httpx
import pytest

from grocer.services import geo
from grocer.services.errors import RateLimited
from tests.fakes.providers import PHOTON_FEATURES, FakeClock, FakePhoton


def _photon_answers(request: httpx.Request) -> httpx.Response:
    """photon.komoot.io's answer, without the network (httpx's own test transport)."""
    body = {"type": "FeatureCollection", "features": PHOTON_FEATURES[:1]}
    return httpx.Response(200, content=json.dumps(body).encode())


def test_public_photon_host_is_asked_at_most_once_per_second(fake_clock: FakeClock) -> None:
    seen: list[str] = []

    def answer(request: httpx.Request) -> httpx.Response:
        seen.append(request.url.host)
        return _photon_answers(request)

    chain = geo.Geocoder(
        [],
        "https://photon.komoot.io",
        photon_limiter=geo.LocalIntervalLimiter(clock=fake_clock, sleep=fake_clock.sleep),
        clock=fake_clock,
        transport=httpx.MockTransport(answer),
    )
    chain.search("Ouagadougou")
    chain.search("Bobo")
    fake_clock.advance(0.25)
    chain.reverse(12.37, -1.52)
    assert seen == ["photon.komoot.io"] * 3
    assert fake_clock.slept == [pytest.approx(1.0), pytest.approx(0.75)]
    chain.close()


def test_photon_has_its_own_budget(fake_photon: FakePhoton, fake_clock: FakeClock) -> None:
    """Photon's slot is not Nominatim's: a busy Nominatim does not slow Photon, and a fake host
    treated as the public one is limited."""
    nominatim = geo.LocalIntervalLimiter(clock=fake_clock, sleep=fake_clock.sleep)
    photon = geo.LocalIntervalLimiter(max_wait=1.5, clock=fake_clock, sleep=lambda s: None)
    chain = geo.Geocoder(
        [],
        fake_photon.url,
        limiter=nominatim,
        photon_limiter=photon,
        photon_limited_hosts=frozenset({fake_photon.netloc}),
        clock=fake_clock,
    )
    for query in ("Ouagadougou", "Bobo", "Kwame"):  # slots at +0 s, +1 s; +2 s is too far
        chain.search(query)
    assert len(fake_photon.requests) == 2  # the third fell through to the gazetteer
    chain.close()


def test_default_limiters_target_the_public_hosts() -> None:
    assert "photon.komoot.io" in geo.PUBLIC_PHOTON_HOSTS
    assert geo.shared_limiter(name="photon") is geo.shared_limiter(name="photon")
    assert geo.shared_limiter(name="photon") is not geo.shared_limiter()


# --- the pool ------------------------------------------------------------------------------------


def test_pool_refuses_beyond_its_threads_and_line() -> None:
    pool = geo.GeoPool(workers=1, queue=1)
    gate = threading.Event()
    started = threading.Event()

    def stuck(value: int) -> int:
        started.set()
        gate.wait()
        return value

    async def scenario() -> list[int]:
        running = asyncio.ensure_future(pool.run(stuck, 1))
        waiting = asyncio.ensure_future(pool.run(stuck, 2))
        await asyncio.to_thread(started.wait)
        with pytest.raises(geo.GeocoderBusy) as refused:
            await pool.run(stuck, 3)
        assert refused.value.status == 503 and refused.value.key == "geo.errors.busy"
        gate.set()
        results = [await running, await waiting]
        results.append(await pool.run(stuck, 4))  # slots come back when the work ends
        return results

    try:
        assert asyncio.run(scenario()) == [1, 2, 4]
    finally:
        gate.set()
        pool.close()


def test_a_caller_that_goes_away_keeps_its_slot_until_the_work_ends() -> None:
    pool = geo.GeoPool(workers=1, queue=0)
    gate = threading.Event()
    started = threading.Event()

    def stuck() -> None:
        started.set()
        gate.wait()

    async def scenario() -> None:
        call = asyncio.ensure_future(pool.run(stuck))
        await asyncio.to_thread(started.wait)
        call.cancel()
        with pytest.raises(asyncio.CancelledError):
            await call
        with pytest.raises(geo.GeocoderBusy):  # the thread is still busy: no new work
            await pool.run(stuck)
        gate.set()
        await asyncio.to_thread(lambda: pool._executor.submit(lambda: None).result())
        await pool.run(lambda: None)

    try:
        asyncio.run(scenario())
    finally:
        gate.set()
        pool.close()


# --- the per-address budget ----------------------------------------------------------------------


def test_address_budget_is_a_sliding_minute(fake_clock: FakeClock) -> None:
    budget = geo.AddressBudget(2, 60.0, clock=fake_clock)
    budget.hit("a")
    fake_clock.advance(10)
    budget.hit("a")
    with pytest.raises(RateLimited) as refused:
        budget.hit("a")
    assert refused.value.retry_after == 50
    assert refused.value.key == "geo.errors.tooManyRequests"
    budget.hit("b")  # another address has its own budget
    fake_clock.advance(50)
    budget.hit("a")  # the first call left the window


def test_address_budget_forgets_the_least_recent_addresses(fake_clock: FakeClock) -> None:
    budget = geo.AddressBudget(1, 60.0, max_addresses=2, clock=fake_clock)
    budget.hit("a")
    budget.hit("b")
    budget.hit("c")  # "a" is forgotten
    budget.hit("a")
    with pytest.raises(RateLimited):
        budget.hit("c")
