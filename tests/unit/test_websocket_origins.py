"""The websocket's origin rule (grocer.web.origins): same origin or listed, nothing else."""

from __future__ import annotations

import logging

import pytest

from grocer.web.origins import OriginPolicy, normalise_origin, own_origins


@pytest.mark.parametrize(
    ("origin", "normal"),
    [
        ("http://LocalHost:3000", "http://localhost:3000"),
        ("http://shop.bf:80", "http://shop.bf"),
        ("https://shop.bf:443/", "https://shop.bf"),
        ("https://shop.bf:8443", "https://shop.bf:8443"),
        ("wss://shop.bf", "https://shop.bf"),
        ("http://[::1]:3000", "http://[::1]:3000"),
        ("null", None),
        ("", None),
        (None, None),
        ("file:///etc", None),
        ("http://shop.bf/path", None),
        ("http://user@shop.bf", None),
        ("http://shop.bf:99999", None),
    ],
)
def test_origins_compare_in_one_spelling(origin: str | None, normal: str | None) -> None:
    assert normalise_origin(origin) == normal


def test_the_requests_own_address_is_an_own_origin() -> None:
    assert own_origins("http", "127.0.0.1:3005") == {"http://127.0.0.1:3005"}
    assert own_origins("https", "shop.bf:443") == {"https://shop.bf"}
    assert own_origins("http", None) == set()


def test_forwarded_headers_count_only_from_trusted_proxies() -> None:
    # no trusted proxy: the client wrote them
    assert own_origins("http", "app:3000", "evil.example", "https", 0) == {"http://app:3000"}
    # one trusted proxy: its entry is the last one; the client's entry left of it is ignored
    assert own_origins("http", "app:3000", "evil.example, shop.bf", "http, https", 1) == {
        "http://app:3000",
        "https://shop.bf",
    }
    # two trusted proxies but one entry: the request did not come through the whole chain
    assert own_origins("http", "app:3000", "shop.bf", "https", 2) == {"http://app:3000"}


def environ(host: str, scheme: str = "ws", **headers: str) -> dict[str, object]:
    return {"HTTP_HOST": host, "asgi.scope": {"scheme": scheme}, **headers}


def test_the_policy_accepts_same_origin_and_listed_origins_only() -> None:
    policy = OriginPolicy(["http://localhost:3000"])
    assert policy("http://127.0.0.1:3005", environ("127.0.0.1:3005"))
    assert policy("https://shop.bf", environ("shop.bf", "wss"))
    assert policy("http://localhost:3000", environ("internal:8000"))
    assert not policy("http://shop.bf", environ("shop.bf", "wss"))  # TLS page only
    assert not policy("http://127.0.0.1:3006", environ("127.0.0.1:3005"))
    assert not policy("http://evil.example", environ("127.0.0.1:3005"))
    assert not policy(None, environ("127.0.0.1:3005"))
    assert OriginPolicy(["*"])("http://evil.example", environ("shop.bf"))


def test_a_refusal_is_logged_once_per_origin_with_the_setting(
    caplog: pytest.LogCaptureFixture,
) -> None:
    caplog.set_level(logging.WARNING, logger="grocer.web.origins")
    policy = OriginPolicy([])
    for _ in range(3):
        policy("http://evil.example", environ("shop.bf:3005"))
    policy("http://other.example", environ("shop.bf:3005"))
    lines = [r.getMessage() for r in caplog.records if r.levelno == logging.WARNING]
    assert len(lines) == 2
    assert "'http://evil.example'" in lines[0]
    assert "http://shop.bf:3005" in lines[0]
    assert "GROCER_ALLOWED_ORIGINS" in lines[0] and "GROCER_TRUSTED_PROXY_HOPS" in lines[0]
