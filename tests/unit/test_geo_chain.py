"""The geocoding chain against real local fake providers: order, headers, cache, cooldown,
the public host's 1/s limit (local and through Redis), and the offline gazetteer."""

from __future__ import annotations

import asyncio
import logging
import time
import uuid
from collections.abc import Iterator
from typing import TYPE_CHECKING

import pytest

from grocer.services import gazetteer, geo
from grocer.services.http_cache import MISSING, TTLCache
from tests.support import redis_server

if TYPE_CHECKING:
    from tests.fakes.providers import FakeClock, FakeGeo, FakeNominatim, FakePhoton


USER_AGENT = "Grocer/1.0 (+support@grocer.bf)"


@pytest.fixture
def geocoder(
    fake_nominatim: FakeNominatim,
    fake_nominatim_backup: FakeNominatim,
    fake_photon: FakePhoton,
    fake_clock: FakeClock,
) -> Iterator[geo.Geocoder]:
    """The chain of two Nominatim fakes then the Photon fake, on a fake clock."""
    chain = geo.Geocoder(
        [fake_nominatim.url, fake_nominatim_backup.url],
        fake_photon.url,
        timeout=0.5,
        user_agent=USER_AGENT,
        limiter=geo.LocalIntervalLimiter(clock=fake_clock, sleep=fake_clock.sleep),
        clock=fake_clock,
    )
    yield chain
    chain.close()


def counts(*servers: FakeNominatim | FakePhoton) -> list[int]:
    return [len(server.requests) for server in servers]


# --- order --------------------------------------------------------------------------------------


def test_first_provider_answers_with_the_right_request(
    geocoder: geo.Geocoder,
    fake_nominatim: FakeNominatim,
    fake_nominatim_backup: FakeNominatim,
    fake_photon: FakePhoton,
) -> None:
    found = geocoder.search("Avenue Kwame Nkrumah", limit=5)
    assert [r["place_id"] for r in found] == [101]
    assert geo.to_address(found[0])["streetAddress"] == "12 Avenue Kwame Nkrumah"
    assert found[0]["lat"] == "12.3690021"  # Nominatim's own string, untouched
    assert counts(fake_nominatim, fake_nominatim_backup, fake_photon) == [1, 0, 0]
    request = fake_nominatim.requests[0]
    assert request.path == "/search"
    assert request.query == {
        "format": "json",
        "addressdetails": "1",
        "limit": "10",
        "q": "Avenue Kwame Nkrumah",
    }
    assert request.headers["user-agent"] == USER_AGENT
    assert request.headers["accept-language"] == "fr,en;q=0.8"


def test_chain_order_down_to_the_gazetteer(
    geocoder: geo.Geocoder,
    fake_nominatim: FakeNominatim,
    fake_nominatim_backup: FakeNominatim,
    fake_photon: FakePhoton,
    caplog: pytest.LogCaptureFixture,
) -> None:
    caplog.set_level(logging.WARNING, logger="grocer.services.geo")
    fake_nominatim.fail(503)
    found = geocoder.search("Ouagadougou")
    assert counts(fake_nominatim, fake_nominatim_backup, fake_photon) == [1, 1, 0]
    assert [r["place_id"] for r in found] == [101, 102]

    fake_nominatim_backup.garbage()
    found = geocoder.search("Bobo-Dioulasso")
    # the first is cooling down and not asked again; the backup fails; Photon answers
    assert counts(fake_nominatim, fake_nominatim_backup, fake_photon) == [1, 2, 1]
    assert fake_photon.requests[0].path == "/api/"
    assert fake_photon.requests[0].query == {"q": "Bobo-Dioulasso", "limit": "10", "lang": "fr"}
    assert fake_photon.requests[0].headers["user-agent"] == USER_AGENT
    assert found[0]["address"]["city"] == "Bobo-Dioulasso"

    fake_photon.hang_up()
    found = geocoder.search("Koudougou")
    assert counts(fake_nominatim, fake_nominatim_backup, fake_photon) == [1, 2, 2]
    assert found[0]["display_name"] == "Koudougou, Centre-Ouest, Burkina Faso"  # gazetteer

    failures = [r.getMessage() for r in caplog.records if r.levelno == logging.WARNING]
    assert len(failures) == 3
    assert all(message.startswith("Recherche échouée:") for message in failures)


def test_cooldown_ends_and_the_provider_is_asked_again(
    geocoder: geo.Geocoder, fake_nominatim: FakeNominatim, fake_clock: FakeClock
) -> None:
    fake_nominatim.fail(500)
    geocoder.search("Ouagadougou")
    fake_nominatim.recover()
    geocoder.search("Paris")
    assert len(fake_nominatim.requests) == 1
    fake_clock.advance(31)
    assert geocoder.search("Bobo")[0]["place_id"] == 103
    assert len(fake_nominatim.requests) == 2


def test_slow_provider_times_out_and_the_next_answers(
    geocoder: geo.Geocoder, fake_nominatim: FakeNominatim, fake_nominatim_backup: FakeNominatim
) -> None:
    fake_nominatim.slow(5)
    started = time.monotonic()
    found = geocoder.search("Paris")
    assert time.monotonic() - started < 3
    assert found[0]["address"]["postcode"] == "75000"
    assert counts(fake_nominatim, fake_nominatim_backup) == [1, 1]


def test_an_empty_answer_passes_the_question_on(
    geocoder: geo.Geocoder,
    fake_nominatim: FakeNominatim,
    fake_nominatim_backup: FakeNominatim,
    fake_photon: FakePhoton,
) -> None:
    fake_nominatim.places = []
    fake_nominatim_backup.places = []
    found = geocoder.search("Kwame Nkrumah")
    assert counts(fake_nominatim, fake_nominatim_backup, fake_photon) == [1, 1, 1]
    assert found[0]["address"]["road"] == "Avenue Kwame Nkrumah"
    # the providers were healthy: no cooldown
    geocoder.search("Paris")
    assert counts(fake_nominatim, fake_nominatim_backup) == [2, 2]


# --- cache --------------------------------------------------------------------------------------


def test_second_identical_query_hits_no_server(
    geocoder: geo.Geocoder,
    fake_nominatim: FakeNominatim,
    fake_nominatim_backup: FakeNominatim,
    fake_photon: FakePhoton,
    fake_clock: FakeClock,
) -> None:
    first = geocoder.search("Ouagadougou", limit=10)
    again = geocoder.search("  ouagadougou ", limit=8)  # same query, the modal's smaller limit
    assert again == first[:8]
    assert counts(fake_nominatim, fake_nominatim_backup, fake_photon) == [1, 0, 0]
    again[0]["display_name"] = "changed by a caller"
    assert geocoder.search("Ouagadougou")[0]["display_name"] != "changed by a caller"
    geocoder.search("Ouagadougou", lang="en")  # another language is another entry
    assert len(fake_nominatim.requests) == 2
    fake_clock.advance(geo.CACHE_TTL + 1)
    geocoder.search("Ouagadougou")
    assert len(fake_nominatim.requests) == 3


def test_gazetteer_answers_after_failures_are_not_cached(
    geocoder: geo.Geocoder,
    fake_nominatim: FakeNominatim,
    fake_nominatim_backup: FakeNominatim,
    fake_photon: FakePhoton,
    fake_clock: FakeClock,
) -> None:
    for server in (fake_nominatim, fake_nominatim_backup, fake_photon):
        server.fail(502)
    assert geocoder.search("Ouagadougou")[0]["place_id"] == 2357048  # GeoNames id
    for server in (fake_nominatim, fake_nominatim_backup, fake_photon):
        server.recover()
    fake_clock.advance(31)
    assert geocoder.search("Ouagadougou")[0]["place_id"] == 101
    assert counts(fake_nominatim, fake_nominatim_backup, fake_photon) == [2, 1, 1]


def test_reverse_chain_cache_and_rounding(
    geocoder: geo.Geocoder,
    fake_nominatim: FakeNominatim,
    fake_nominatim_backup: FakeNominatim,
    fake_photon: FakePhoton,
) -> None:
    place = geocoder.reverse(12.36900, -1.52010)
    assert place is not None and place["place_id"] == 101
    request = fake_nominatim.requests[0]
    assert request.path == "/reverse"
    assert request.query == {
        "format": "json",
        "addressdetails": "1",
        "lat": "12.369",
        "lon": "-1.5201",
    }
    assert request.headers["accept-language"] == "fr,en;q=0.8"
    assert geocoder.reverse(12.369012, -1.520098) == place  # same 4-decimal cell: cached
    assert len(fake_nominatim.requests) == 1

    fake_nominatim.places = []  # {"error": "Unable to geocode"}: an answer, but empty
    fake_nominatim_backup.fail(503)
    place = geocoder.reverse(12.3682, -1.5271)
    assert place is not None and place["address"]["city"] == "Ouagadougou"
    assert fake_photon.requests[-1].path == "/reverse"
    assert fake_photon.requests[-1].query == {"lat": "12.3682", "lon": "-1.5271", "lang": "fr"}


def test_reverse_offline_near_ouagadougou(
    geocoder: geo.Geocoder,
    fake_nominatim: FakeNominatim,
    fake_nominatim_backup: FakeNominatim,
    fake_photon: FakePhoton,
) -> None:
    for server in (fake_nominatim, fake_nominatim_backup, fake_photon):
        server.fail(503)
    place = geocoder.reverse(12.3714, -1.5197)
    assert place is not None
    assert place["display_name"] == "Ouagadougou, Centre, Burkina Faso"
    assert geo.to_address(place)["city"] == "Ouagadougou"
    assert geocoder.reverse(0.0, -30.0) is None  # mid-Atlantic: no town within 100 km


# --- rate limit of the public Nominatim host -----------------------------------------------------


def limited_geocoder(server: FakeNominatim, clock: FakeClock, **limiter_kw: float) -> geo.Geocoder:
    """A chain that treats the fake as the public host (the 1/s policy applies)."""
    return geo.Geocoder(
        [server.url],
        timeout=0.5,
        limiter=geo.LocalIntervalLimiter(clock=clock, sleep=clock.sleep, **limiter_kw),
        rate_limited_hosts=frozenset({server.netloc}),
        clock=clock,
    )


def test_public_host_is_asked_at_most_once_per_second(
    fake_nominatim: FakeNominatim, fake_clock: FakeClock
) -> None:
    chain = limited_geocoder(fake_nominatim, fake_clock)
    chain.search("Ouagadougou")
    chain.search("Bobo")
    fake_clock.advance(0.25)
    chain.reverse(12.37, -1.52)
    fake_clock.advance(5)
    chain.search("Paris")
    assert len(fake_nominatim.requests) == 4
    assert fake_clock.slept == [pytest.approx(1.0), pytest.approx(0.75)]
    chain.close()


def test_other_hosts_are_not_slowed(geocoder: geo.Geocoder, fake_clock: FakeClock) -> None:
    for query in ("Ouagadougou", "Bobo", "Paris"):
        geocoder.search(query)
    assert fake_clock.slept == []


def test_no_slot_soon_enough_skips_to_the_next_provider(
    fake_nominatim: FakeNominatim, fake_photon: FakePhoton, fake_clock: FakeClock
) -> None:
    limiter = geo.LocalIntervalLimiter(max_wait=1.5, clock=fake_clock, sleep=lambda s: None)
    chain = geo.Geocoder(
        [fake_nominatim.url],
        fake_photon.url,
        limiter=limiter,
        rate_limited_hosts=frozenset({fake_nominatim.netloc}),
        clock=fake_clock,
    )
    for query in ("Ouagadougou", "Bobo", "Kwame"):  # slots at +0 s, +1 s; +2 s is too far
        chain.search(query)
    assert counts(fake_nominatim, fake_photon) == [2, 1]
    chain.close()


def test_default_limiter_is_shared_and_targets_the_public_host() -> None:
    assert geo.shared_limiter() is geo.shared_limiter()
    assert "nominatim.openstreetmap.org" in geo.PUBLIC_NOMINATIM_HOSTS


@pytest.fixture
def redis_url() -> str:
    url = redis_server.redis_url(15)
    if not redis_server.reachable(url):
        pytest.skip(redis_server.SKIP_REASON)
    return url


def test_redis_limiter_spaces_calls_across_workers(redis_url: str) -> None:
    key = f"grocer:test:nominatim:{uuid.uuid4().hex}"
    waits: list[float] = []
    workers = [geo.RedisIntervalLimiter(redis_url, key, sleep=waits.append) for _ in range(2)]
    workers[0].acquire()
    workers[1].acquire()
    workers[0].acquire()
    assert waits[0] == pytest.approx(1.0, abs=0.1)
    assert waits[1] == pytest.approx(2.0, abs=0.1)  # the third call reserved the slot after


def test_redis_limiter_refuses_a_slot_too_far(redis_url: str) -> None:
    key = f"grocer:test:nominatim:{uuid.uuid4().hex}"
    limiter = geo.RedisIntervalLimiter(redis_url, key, max_wait=1.5, sleep=lambda s: None)
    limiter.acquire()
    limiter.acquire()
    with pytest.raises(geo.RateLimitBusy):
        limiter.acquire()


def test_redis_down_falls_back_to_the_local_limit(fake_clock: FakeClock) -> None:
    limiter = geo.RedisIntervalLimiter("redis://127.0.0.1:1/0", sleep=fake_clock.sleep)
    limiter._fallback = geo.LocalIntervalLimiter(clock=fake_clock, sleep=fake_clock.sleep)
    limiter.acquire()
    limiter.acquire()
    assert fake_clock.slept == [pytest.approx(1.0)]


# --- the module functions read the settings ------------------------------------------------------


def test_search_places_uses_the_configured_providers(fake_geo: FakeGeo) -> None:
    found = geo.search_places("Paris")
    assert found[0]["address"]["postcode"] == "75000"
    assert len(fake_geo.nominatim.requests) == 1
    assert fake_geo.nominatim.requests[0].headers["user-agent"] == USER_AGENT
    assert geo.reverse(48.85, 2.35)["place_id"] == 104  # type: ignore[index]


@pytest.mark.usefixtures("offline_geo")
def test_everything_down_the_gazetteer_still_finds_the_towns() -> None:
    assert geo.search_places("Ouagadougou")[0]["display_name"] == (
        "Ouagadougou, Centre, Burkina Faso"
    )
    bobo = geo.search_places("bobo dioulasso", limit=1)
    assert [geo.to_address(r)["city"] for r in bobo] == ["Bobo-Dioulasso"]
    place = geo.reverse(12.3714, -1.5197)
    assert place is not None and place["address"]["city"] == "Ouagadougou"


@pytest.mark.usefixtures("offline_geo")
def test_async_variants_answer() -> None:
    async def both() -> tuple[list[dict], dict | None]:
        return await geo.search_places_async("Banfora", 1), await geo.reverse_async(11.18, -4.29)

    found, place = asyncio.run(both())
    assert found[0]["address"]["city"] == "Banfora"
    assert place is not None and place["address"]["city"] == "Bobo-Dioulasso"


# --- the gazetteer ------------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("query", "first"),
    [
        ("Ouagadougou", "Ouagadougou, Centre, Burkina Faso"),
        ("ouaga", "Ouagadougou, Centre, Burkina Faso"),
        ("BOBO", "Bobo-Dioulasso, Hauts-Bassins, Burkina Faso"),
        ("Bobo Dioulasso", "Bobo-Dioulasso, Hauts-Bassins, Burkina Faso"),
        ("ziniare", "Ziniaré, Plateau-Central, Burkina Faso"),
        ("Abidjan", "Abidjan, Côte d'Ivoire"),
        ("dakar, senegal", "Dakar, Sénégal"),
        ("12 avenue Kwame Nkrumah, Ouagadougou", "Ouagadougou, Centre, Burkina Faso"),
    ],
)
def test_gazetteer_search(query: str, first: str) -> None:
    assert gazetteer.search(query, 3)[0]["display_name"] == first


def test_gazetteer_ranks_by_population_and_filters_by_country() -> None:
    names = [r["address"]["city"] for r in gazetteer.search("paris", 10)]
    assert names[0] == "Paris"
    in_france = gazetteer.search("paris, France", 10)
    assert {r["address"]["country_code"] for r in in_france} == {"fr"}
    prefixed = gazetteer.search("kou, Burkina Faso", 3)  # all prefix matches: largest first
    assert [r["address"]["city"] for r in prefixed][0] == "Koudougou"
    assert gazetteer.search("qqqzzz") == []


def test_gazetteer_english_country_names() -> None:
    assert gazetteer.search("Abidjan", 1, "en")[0]["address"]["country"] == "Ivory Coast"


def test_gazetteer_nearest_and_find_city() -> None:
    place, distance = gazetteer.nearest(11.18, -4.29)  # type: ignore[misc]
    assert place.name == "Bobo-Dioulasso" and distance < 5
    assert gazetteer.nearest(0.0, -30.0, max_km=100) is None
    assert gazetteer.find_city("OUAGADOUGOU", "burkina faso") is not None
    assert gazetteer.find_city("Ouagadougou", "France") is None
    assert gazetteer.find_city("Ouagadougou", "Pays inconnu") is not None  # unknown: ignored


def test_ttl_cache_is_bounded(fake_clock: FakeClock) -> None:
    cache = TTLCache(ttl=10, maxsize=2, clock=fake_clock)
    cache.set("a", 1)
    cache.set("b", 2)
    cache.get("a")
    cache.set("c", 3)  # evicts b, the least recently used
    assert (cache.get("a"), cache.get("b"), cache.get("c")) == (1, MISSING, 3)
    fake_clock.advance(11)
    assert cache.get("a") is MISSING


def test_ttl_cache_entry_lifetime(fake_clock: FakeClock) -> None:
    cache = TTLCache(ttl=10, clock=fake_clock)
    cache.set("country", "BF")
    cache.set("unknown", None, ttl=1)  # None is a value worth caching, for its own time
    assert cache.get("unknown") is None
    fake_clock.advance(2)
    assert (cache.get("country"), cache.get("unknown")) == ("BF", MISSING)
    fake_clock.advance(9)
    assert cache.get("country") is MISSING


def test_a_misconfigured_provider_is_skipped(
    fake_photon: FakePhoton, caplog: pytest.LogCaptureFixture
) -> None:
    chain = geo.Geocoder(["not a url", "ftp://example.invalid"], fake_photon.url)
    assert chain.search("Ouagadougou")[0]["place_id"] == 3119929
    assert sum("Recherche échouée:" in r.getMessage() for r in caplog.records) == 2
    chain.close()
