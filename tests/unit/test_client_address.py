"""The one rule for "the client's address" (issue 12 item 8): the socket peer, or the Nth entry
from the right of X-Forwarded-For behind N trusted proxies; never a client-written entry."""

from __future__ import annotations

import pytest
from reflex import constants
from reflex.istate.data import RouterData

from grocer.services.client_address import client_address
from grocer.settings import get_settings
from grocer.state.client_address import router_client_address

PEER = "10.0.0.5"  # the last proxy, as the socket sees it


@pytest.mark.parametrize(
    ("forwarded", "hops", "expected"),
    [
        # no trusted proxy: the header is ignored, whatever it says
        (None, 0, PEER),
        ("90.0.0.1", 0, PEER),
        ("90.0.0.1, 41.138.96.1", 0, PEER),
        # one proxy: the entry it appended (the rightmost); the client's claims are ignored
        ("41.138.96.1", 1, "41.138.96.1"),
        ("90.0.0.1, 41.138.96.1", 1, "41.138.96.1"),
        ("1.1.1.1,2.2.2.2, 90.0.0.1 ,  41.138.96.1", 1, "41.138.96.1"),
        # two proxies: the second from the right (the outer proxy wrote it)
        ("90.0.0.1, 41.138.96.1, 172.16.0.2", 2, "41.138.96.1"),
        ("41.138.96.1, 172.16.0.2", 2, "41.138.96.1"),
        # IPv6 and proxies that write a port
        ("2001:db8::7", 1, "2001:db8::7"),
        ("[2001:db8::7]:443", 1, "2001:db8::7"),
        ("41.138.96.1:5123", 1, "41.138.96.1"),
        ("2001:DB8:0:0::7", 1, "2001:db8::7"),
    ],
)
def test_hops(forwarded: str | None, hops: int, expected: str) -> None:
    assert client_address(PEER, forwarded, hops) == expected


@pytest.mark.parametrize(
    ("forwarded", "hops"),
    [
        (None, 1),  # no header: the request did not come through the proxy
        ("", 1),
        (" , ,", 1),
        ("41.138.96.1", 2),  # fewer entries than trusted proxies
        ("90.0.0.1, 41.138.96.1", 3),
    ],
)
def test_short_header_falls_back_to_the_peer(forwarded: str | None, hops: int) -> None:
    assert client_address(PEER, forwarded, hops) == PEER


@pytest.mark.parametrize(
    "forwarded",
    [
        "unknown",
        "90.0.0.1, not-an-ip",
        "90.0.0.1, 999.1.1.1",
        "90.0.0.1, <script>",
        "90.0.0.1, 1.2.3.4.5",
        "90.0.0.1, " + "9" * 300,
        "90.0.0.1, [::1",
    ],
)
def test_junk_in_the_trusted_entry_falls_back_to_the_peer(forwarded: str) -> None:
    """Junk never becomes an address, and never shifts the count into client-written entries."""
    assert client_address(PEER, forwarded, 1) == PEER


def test_junk_to_the_left_is_not_read() -> None:
    assert client_address(PEER, "garbage, <x>, 41.138.96.1", 1) == "41.138.96.1"


def test_no_peer() -> None:
    assert client_address(None, None, 0) == "unknown"
    assert client_address("", "41.138.96.1", 2) == "unknown"
    assert client_address(None, "41.138.96.1", 1) == "41.138.96.1"
    assert len(client_address("x" * 500, None, 0)) == 64


def test_the_setting_defaults_to_no_proxy(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.delenv("GROCER_TRUSTED_PROXY_HOPS", raising=False)
    get_settings.cache_clear()
    assert get_settings().trusted_proxy_hops == 0
    monkeypatch.setenv("GROCER_TRUSTED_PROXY_HOPS", "2")
    get_settings.cache_clear()
    assert get_settings().trusted_proxy_hops == 2
    monkeypatch.setenv("GROCER_TRUSTED_PROXY_HOPS", "-1")
    get_settings.cache_clear()
    with pytest.raises(ValueError, match="GROCER_TRUSTED_PROXY_HOPS"):
        get_settings()


def test_the_reflex_config_gets_the_same_hops(monkeypatch: pytest.MonkeyPatch) -> None:
    """rxconfig passes the setting to Reflex's own `trusted_proxy_hops`."""
    import importlib

    import rxconfig

    monkeypatch.setenv("GROCER_TRUSTED_PROXY_HOPS", "3")
    get_settings.cache_clear()
    try:
        assert importlib.reload(rxconfig).config.trusted_proxy_hops == 3
    finally:
        monkeypatch.delenv("GROCER_TRUSTED_PROXY_HOPS")
        get_settings.cache_clear()
        importlib.reload(rxconfig)


def _router(headers: dict[str, str], reflex_ip: str = "") -> RouterData:
    """Router data as Reflex builds it for a websocket connection."""
    return RouterData.from_router_data(
        {constants.RouteVar.HEADERS: headers, constants.RouteVar.CLIENT_IP: reflex_ip}
    )


def test_reflex_states_use_the_same_rule(monkeypatch: pytest.MonkeyPatch) -> None:
    headers = {"asgi-scope-client": PEER, "x-forwarded-for": "90.0.0.1, 41.138.96.1"}
    assert router_client_address(_router(headers, "41.138.96.1")) == PEER  # hops=0: the peer
    monkeypatch.setenv("GROCER_TRUSTED_PROXY_HOPS", "1")
    get_settings.cache_clear()
    assert router_client_address(_router(headers, "41.138.96.1")) == "41.138.96.1"
    junk = {"asgi-scope-client": PEER, "x-forwarded-for": "90.0.0.1, junk"}
    assert router_client_address(_router(junk, "junk")) == PEER  # Reflex would say "junk"


def test_reflex_state_without_router_data() -> None:
    assert router_client_address(RouterData()) == "unknown"
    assert router_client_address(object()) == "unknown"
