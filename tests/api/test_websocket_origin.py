"""The websocket handshake through the whole ASGI stack: a page of the shop, served on any
port or host, opens it; a page of another site is refused and the log says which setting to
change (grocer.web.origins)."""

from __future__ import annotations

import logging
from collections.abc import Iterator

import pytest
from starlette.testclient import TestClient
from starlette.types import ASGIApp
from starlette.websockets import WebSocketDisconnect

from tests.api.test_security_headers import shop_stack, write_build

HANDSHAKE = "/_event/?EIO=4&transport=websocket"
UPGRADE = {"upgrade": "websocket", "connection": "Upgrade"}  # what a browser sends


@pytest.fixture(scope="module")
def stack(tmp_path_factory: pytest.TempPathFactory) -> Iterator[ASGIApp]:
    web = tmp_path_factory.mktemp("web")
    write_build(web)
    with pytest.MonkeyPatch.context() as patch:
        patch.setenv("REFLEX_WEB_WORKDIR", str(web))
        from grocer.grocer import app

        yield shop_stack(app)


def opens(stack: ASGIApp, host: str, origin: str, **headers: str) -> bool:
    """Whether the engine.io handshake succeeds (the server's open packet, "0{...sid...}")."""
    with TestClient(stack) as client:
        try:
            with client.websocket_connect(
                HANDSHAKE, headers={"host": host, "origin": origin, **UPGRADE, **headers}
            ) as socket:
                return socket.receive_text().startswith('0{"sid"')
        except WebSocketDisconnect:
            return False


def test_the_shops_own_origin_on_another_port_opens_the_websocket(stack: ASGIApp) -> None:
    # Not in GROCER_ALLOWED_ORIGINS (its default names port 3000 only).
    assert opens(stack, "127.0.0.1:3005", "http://127.0.0.1:3005")
    assert opens(stack, "192.168.1.20:8080", "http://192.168.1.20:8080")


def test_a_foreign_origin_is_refused_and_logged_once(
    stack: ASGIApp, caplog: pytest.LogCaptureFixture
) -> None:
    caplog.set_level(logging.WARNING, logger="grocer.web.origins")
    assert not opens(stack, "127.0.0.1:3005", "http://evil.example")
    assert not opens(stack, "127.0.0.1:3005", "http://evil.example")
    assert not opens(stack, "127.0.0.1:3005", "http://127.0.0.1:3006")  # same host, other port
    lines = [r.getMessage() for r in caplog.records if r.name == "grocer.web.origins"]
    evil = [line for line in lines if "'http://evil.example'" in line]
    assert len(evil) == 1
    assert "GROCER_ALLOWED_ORIGINS" in evil[0] and "http://127.0.0.1:3005" in evil[0]
    assert any("'http://127.0.0.1:3006'" in line for line in lines)


def test_forwarded_host_counts_only_through_trusted_proxies(stack: ASGIApp) -> None:
    # No trusted proxy (the default): a client's X-Forwarded-Host proves nothing.
    forged = {"x-forwarded-host": "evil.example", "x-forwarded-proto": "https"}
    assert not opens(stack, "127.0.0.1:3005", "https://evil.example", **forged)


def test_configured_origins_still_open_it(stack: ASGIApp) -> None:
    assert opens(stack, "internal:3000", "http://localhost:3000")
