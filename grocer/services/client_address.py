"""The one meaning of "the client's address", for rate limits, the country guess and logs.

Behind N reverse proxies the socket peer is the last proxy, so every shopper would share one
rate-limit budget. Each trusted proxy appends the address it received the request from to
`X-Forwarded-For`, so the Nth entry from the right was written by the outermost trusted proxy
and names the client. Entries further left were sent by the client and prove nothing, so they
are never read. With no trusted proxy (`GROCER_TRUSTED_PROXY_HOPS=0`, the default) the header
is ignored entirely: anyone can send it.

The API (`grocer.api.deps.client_ip`), the Reflex states (`grocer.state.client_address`) and the
geocoding routes all call `client_address`, with the same setting that Reflex's own
`trusted_proxy_hops` receives in rxconfig.py.
"""

from __future__ import annotations

import ipaddress

from grocer.settings import get_settings

UNKNOWN = "unknown"
MAX_LENGTH = 64  # rate-limit keys and logs hold at most this much of an address


def _parse_entry(entry: str) -> str | None:
    """One X-Forwarded-For entry as a canonical IP address, or None when it is not one.

    Accepts the spellings proxies write: `1.2.3.4`, `1.2.3.4:5678`, `2001:db8::1`,
    `[2001:db8::1]:443`, optionally quoted.
    """
    text = entry.strip().strip('"').strip()
    if text.startswith("["):
        text = text[1 : text.find("]")] if "]" in text else ""
    elif text.count(":") == 1:  # IPv4 with a port (an IPv6 address has two colons or more)
        text = text.split(":", 1)[0]
    try:
        return str(ipaddress.ip_address(text))
    except ValueError:
        return None


def client_address(peer: str | None, forwarded_for: str | None, trusted_hops: int) -> str:
    """The client's address: the socket `peer` with no trusted proxy, else the `trusted_hops`-th
    entry from the right of `forwarded_for`.

    Falls back to the peer when the header is missing, has fewer entries than trusted proxies
    (the request did not come through the whole chain) or when that entry is not an IP address
    (junk: a proxy we trust would have written an address there).
    """
    fallback = (peer or "").strip()[:MAX_LENGTH] or UNKNOWN
    if trusted_hops <= 0 or not forwarded_for:
        return fallback
    entries = [part for part in forwarded_for.split(",") if part.strip()]
    if len(entries) < trusted_hops:
        return fallback
    return _parse_entry(entries[-trusted_hops]) or fallback


def configured_client_address(peer: str | None, forwarded_for: str | None) -> str:
    """`client_address` with the hops of the settings (`GROCER_TRUSTED_PROXY_HOPS`)."""
    return client_address(peer, forwarded_for, get_settings().trusted_proxy_hops)
