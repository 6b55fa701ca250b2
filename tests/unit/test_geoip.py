"""Country detection: the proxy header, the offline database, the public services (fakes on
loopback), private addresses, time-outs, the per-IP cache, and the currency that follows."""

from __future__ import annotations

import time
from typing import TYPE_CHECKING

import pytest

from grocer.services import geoip
from grocer.services.http_cache import PerSettings, TTLCache
from grocer.settings import get_settings

if TYPE_CHECKING:
    from tests.fakes.providers import FakeClock, FakeGeo


def public_only_chain() -> geoip.FirstAnswer:
    """The configured chain without the offline database, private addresses allowed: the
    public services then answer for any address (the test forces them)."""
    return geoip.build_chain(get_settings(), offline=False, allow_private=True)


def asked(geo: FakeGeo) -> list[int]:
    return [len(geo.ipapi.requests), len(geo.ipwho.requests)]


@pytest.mark.parametrize(
    ("raw", "code"),
    [
        ("bf", "BF"),
        (" FR ", "FR"),
        ("XX", None),
        ("T1", None),
        ("BFA", None),
        ("", None),
        (12, None),
    ],
)
def test_country_code(raw: object, code: str | None) -> None:
    assert geoip.country_code(raw) == code


@pytest.mark.parametrize(
    ("ip", "public"),
    [
        ("41.138.96.1", True),
        ("2001:4860:4860::8888", True),
        ("::ffff:41.138.96.1", True),
        ("127.0.0.1", False),
        ("::1", False),
        ("10.1.2.3", False),
        ("192.168.1.20", False),
        ("169.254.0.1", False),
        ("testclient", False),
        ("", False),
    ],
)
def test_is_public_ip(ip: str, public: bool) -> None:
    assert geoip.is_public_ip(ip) is public


def test_proxy_header_wins(fake_geo: FakeGeo) -> None:
    assert geoip.detect_country("90.0.0.1", {"CF-IPCountry": "bf"}) == "BF"
    assert geoip.detect_country("90.0.0.1", {"cf_ipcountry": "SN"}) == "SN"  # Reflex's style
    assert asked(fake_geo) == [0, 0]


@pytest.mark.parametrize("value", ["XX", "T1", "France", ""])
def test_unusable_header_falls_to_the_offline_database(fake_geo: FakeGeo, value: str) -> None:
    assert geoip.detect_country("90.0.0.1", {"cf-ipcountry": value}) == "FR"


def test_offline_database_answers_without_network(fake_geo: FakeGeo) -> None:
    assert geoip.detect_country("41.138.96.1", {}) == "BF"
    assert geoip.detect_country("90.0.0.1") == "FR"
    assert asked(fake_geo) == [0, 0]


def test_header_name_comes_from_the_settings(
    fake_geo: FakeGeo, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setenv("GROCER_COUNTRY_HEADER", "X-Country")
    get_settings.cache_clear()
    assert geoip.detect_country("90.0.0.1", {"x-country": "CI", "CF-IPCountry": "BF"}) == "CI"


@pytest.mark.parametrize("ip", ["127.0.0.1", "10.1.2.3", "::1", "unknown"])
def test_private_addresses_are_not_looked_up(fake_geo: FakeGeo, ip: str) -> None:
    assert geoip.detect_country(ip, {}) is None
    assert (
        geoip.detect_country(ip, {}, chain=geoip.build_chain(get_settings(), offline=False)) is None
    )
    assert asked(fake_geo) == [0, 0]


def test_public_services_in_order(fake_geo: FakeGeo) -> None:
    chain = public_only_chain()
    assert geoip.detect_country("10.1.2.3", {}, chain=chain) == "SN"
    assert asked(fake_geo) == [1, 0]
    request = fake_geo.ipapi.requests[0]
    assert request.path == "/10.1.2.3/json/"
    assert request.headers["user-agent"] == "Grocer/1.0 (+support@grocer.bf)"


def test_second_service_when_the_first_fails(fake_geo: FakeGeo) -> None:
    fake_geo.ipapi.fail(429)
    chain = public_only_chain()
    assert geoip.detect_country("8.8.8.8", {}, chain=chain) == "US"
    assert fake_geo.ipwho.asked_ips() == ["8.8.8.8"]
    # the failed service cools down: the next address goes straight to the second
    assert geoip.detect_country("41.138.96.1", {}, chain=chain) == "BF"
    assert asked(fake_geo) == [1, 2]


@pytest.mark.parametrize("trouble", ["garbage", "hang_up"])
def test_second_service_when_the_first_is_broken(fake_geo: FakeGeo, trouble: str) -> None:
    getattr(fake_geo.ipapi, trouble)()
    assert geoip.detect_country("90.0.0.1", {}, chain=public_only_chain()) == "FR"
    assert asked(fake_geo) == [1, 1]


def test_first_service_does_not_know_the_second_does(fake_geo: FakeGeo) -> None:
    fake_geo.ipapi.countries.pop("41.138.96.1")  # ipapi answers {"error": true}
    assert geoip.detect_country("41.138.96.1", {}, chain=public_only_chain()) == "BF"
    assert asked(fake_geo) == [1, 1]


def test_time_out_moves_on_quickly(fake_geo: FakeGeo, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("GROCER_HTTP_TIMEOUT", "0.3")
    get_settings.cache_clear()
    fake_geo.ipapi.slow(5)
    started = time.monotonic()
    assert geoip.detect_country("8.8.8.8", {}, chain=public_only_chain()) == "US"
    assert time.monotonic() - started < 2


def test_every_source_fails_gives_none(fake_geo: FakeGeo) -> None:
    fake_geo.ipapi.fail(500)
    fake_geo.ipwho.fail(503)
    assert geoip.detect_country("8.8.8.8", {}, chain=public_only_chain()) is None


def test_without_waiting_the_chain_answers_what_it_knows_at_once(fake_geo: FakeGeo) -> None:
    geoip.detect_country("41.138.96.1", {})  # the offline database is loaded (a running shop's)
    assert geoip.detect_country("90.0.0.1", {"CF-IPCountry": "sn"}, wait=False) == "SN"
    assert geoip.detect_country("127.0.0.1", {}, wait=False) is None
    assert geoip.detect_country("41.138.96.1", {}, wait=False) == "BF"
    assert geoip.detect_currency("90.0.0.1", {}, wait=False)["currency"] == "EUR"
    assert asked(fake_geo) == [0, 0]


def test_without_waiting_a_public_service_is_not_asked(fake_geo: FakeGeo) -> None:
    chain = public_only_chain()
    with pytest.raises(geoip.WouldWait):
        geoip.detect_currency("8.8.8.8", {}, chain=chain, wait=False)
    assert asked(fake_geo) == [0, 0]
    assert geoip.detect_country("8.8.8.8", {}, chain=chain) == "US"  # the background's call
    assert geoip.detect_country("8.8.8.8", {}, chain=chain, wait=False) == "US"  # cached
    assert asked(fake_geo) == [1, 0]
    # a manual choice needs no lookup at all
    assert geoip.detect_currency("8.8.4.4", {}, "EUR", True, chain=chain, wait=False) == {
        "currency": "EUR",
        "country": None,
        "autoDetected": False,
    }


def test_without_waiting_the_database_is_not_loaded(
    fake_geo: FakeGeo, monkeypatch: pytest.MonkeyPatch
) -> None:
    """A new process has not loaded the offline database (0.3 s): not on the event loop."""
    monkeypatch.setattr(geoip, "_offline_db", geoip.BuiltOnce(geoip._load_geoip))
    with pytest.raises(geoip.WouldWait):
        geoip.detect_country("41.138.97.5", {}, wait=False)
    assert geoip.detect_country("41.138.97.5", {}) == "BF"  # the background task loads it
    assert geoip.detect_country("41.138.97.6", {}, wait=False) == "BF"


def test_without_waiting_the_chain_is_not_built(
    fake_geo: FakeGeo, monkeypatch: pytest.MonkeyPatch
) -> None:
    """A new worker builds its chain (HTTP clients, TLS) in the background task, not on the loop."""
    monkeypatch.setattr(geoip, "_default", PerSettings(geoip.build_chain))
    with pytest.raises(geoip.WouldWait):
        geoip.detect_currency("127.0.0.1", {}, wait=False)
    geoip.warm_up()  # what a worker does in a thread as it starts
    assert geoip.detect_currency("127.0.0.1", {}, wait=False)["currency"] == "XOF"


def test_answers_are_cached_per_ip(fake_geo: FakeGeo) -> None:
    chain = public_only_chain()
    for _ in range(3):
        assert geoip.detect_country("8.8.8.8", {}, chain=chain) == "US"
    assert asked(fake_geo) == [1, 0]
    assert geoip.detect_country("8.8.8.8", {"CF-IPCountry": "GB"}, chain=chain) == "GB"


def test_no_answer_is_cached_for_less_time(fake_clock: FakeClock) -> None:
    calls: list[str] = []

    class Counting:
        def country(self, ip: str, headers: object, wait: bool = True) -> str | None:
            calls.append(ip)
            return None

    cache = TTLCache(geoip.CACHE_TTL, clock=fake_clock)
    source = geoip.PerIpCache(Counting(), cache=cache)
    source.country("8.8.8.8", {})
    source.country("8.8.8.8", {})
    assert len(calls) == 1
    fake_clock.advance(geoip.NEGATIVE_TTL + 1)
    source.country("8.8.8.8", {})
    assert len(calls) == 2


@pytest.mark.parametrize(
    ("ip", "headers", "expected"),
    [
        ("41.138.96.1", {}, {"currency": "XOF", "country": "BF", "autoDetected": True}),
        ("90.0.0.1", {}, {"currency": "EUR", "country": "FR", "autoDetected": True}),
        (
            "8.8.8.8",
            {"CF-IPCountry": "US"},
            {"currency": "USD", "country": "US", "autoDetected": True},
        ),
        (
            "8.8.8.8",
            {"CF-IPCountry": "JP"},
            {"currency": "XOF", "country": "JP", "autoDetected": True},
        ),
        ("127.0.0.1", {}, {"currency": "XOF", "country": None, "autoDetected": True}),
    ],
)
def test_currency_follows_the_country(
    fake_geo: FakeGeo, ip: str, headers: dict[str, str], expected: dict[str, object]
) -> None:
    assert geoip.detect_currency(ip, headers) == expected


def test_a_manual_choice_wins_and_skips_detection(fake_geo: FakeGeo) -> None:
    chain = public_only_chain()
    result = geoip.detect_currency("8.8.8.8", {}, "eur", True, chain=chain)
    assert result == {"currency": "EUR", "country": None, "autoDetected": False}
    assert asked(fake_geo) == [0, 0]


@pytest.mark.parametrize(("manual", "set_manually"), [("EUR", False), ("GBP", True), (None, True)])
def test_no_usable_manual_choice_detects(
    fake_geo: FakeGeo, manual: str | None, set_manually: bool
) -> None:
    result = geoip.detect_currency("41.138.96.1", {}, manual, set_manually)
    assert result == {"currency": "XOF", "country": "BF", "autoDetected": True}


def test_async_variant(fake_geo: FakeGeo) -> None:
    import asyncio

    result = asyncio.run(geoip.detect_currency_async("90.0.0.1", {}))
    assert result["currency"] == "EUR"
