"""The client's address of a Reflex event, with the same rule as the API's.

Reflex keeps the socket peer of the websocket in the `asgi-scope-client` entry of the
connection's headers and the proxies' `X-Forwarded-For` in `x-forwarded-for`;
`grocer.services.client_address` picks the client from them with `GROCER_TRUSTED_PROXY_HOPS`.
Reflex's own `router.session.client_ip` (resolved with the same setting through rxconfig.py's
`trusted_proxy_hops`, but without the junk check) is only the fallback for a connection without
a socket peer.
"""

from __future__ import annotations

from typing import Any

from grocer.services.client_address import UNKNOWN, client_address, configured_client_address
from grocer.services.login_records import device_label


def router_client_address(router: Any) -> str:
    """The client's address of the tab whose event is handled ("unknown" when Reflex has none)."""
    try:
        headers = router.headers.raw_headers or {}
        peer = headers.get("asgi-scope-client")
        if not peer:  # no socket peer: Reflex already applied the trusted hops to REMOTE_ADDR
            return client_address(router.session.client_ip, None, 0)
        return configured_client_address(peer, headers.get("x-forwarded-for"))
    except Exception:  # a state outside an event (tests, background start): no address
        return UNKNOWN


def router_device(router: Any) -> str:
    """The tab's browser and system ("Chrome · Android") for the sign-in records; "" when
    Reflex has no User-Agent."""
    try:
        return device_label(router.headers.user_agent)
    except Exception:
        return ""
