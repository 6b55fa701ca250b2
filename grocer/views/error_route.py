"""Where a failure sends the shopper (spec 001 §8 "Error routing"): a network failure to
/error/network, a server failure (5xx) to /error/server, with the message, the error type and
the time in the query string, and the page that failed so that "Réessayer" can go back to it.

Pure (no Reflex): the states build the redirect with it (grocer.state.error_route) and the
tests read the URLs it makes.

The message travels as a message *key* from `MESSAGE_KEYS`, never as text: the error pages
show only a key they know (translated), so a crafted link cannot make the shop's own error
page say "call this number for a refund". The reference (`ref`) is the short id under which
the server logged the failure: the shopper can read it to the support line.
"""

from __future__ import annotations

from typing import Literal
from urllib.parse import urlencode, urlsplit

ErrorKind = Literal["network", "server"]

ERROR_PATHS: dict[str, str] = {"network": "/error/network", "server": "/error/server"}

#: The messages an error page may show (keys of assets/locales/<lng>/errors.json).
MESSAGE_KEYS: frozenset[str] = frozenset(
    {
        "errors:productLoadFailed",  # the product page's data could not be read
        "errors:actionFailed",  # an action (an event handler) failed on the server
    }
)

MAX_FROM_LENGTH = 512


def return_path(path: str | None) -> str:
    """`path` when it is a page of this shop that "Réessayer" may reopen, else "".

    Only a path of this site (one leading "/", no scheme, no host, no backslash trick) and
    never an error page (retrying an error page would only show it again).
    """
    if not path or len(path) > MAX_FROM_LENGTH or not path.startswith("/"):
        return ""
    if path.startswith("//") or "\\" in path or any(ord(ch) < 32 for ch in path):
        return ""
    parts = urlsplit(path)
    if parts.scheme or parts.netloc:
        return ""
    if parts.path == "/error" or parts.path.startswith("/error/"):
        return ""
    return path


def is_error_page(path: str | None) -> bool:
    """Whether `path` (a path, with or without a query) is one of the error pages."""
    bare = urlsplit(path or "").path.rstrip("/")
    return bare == "/error" or bare.startswith("/error/")


def error_url(
    kind: ErrorKind, message_key: str, from_path: str | None, timestamp_ms: int, ref: str = ""
) -> str:
    """The error page of `kind` with its query: type, message (a known key, else none),
    timestamp (ms since the epoch, shown in the shopper's locale), the failed page, the log
    reference."""
    params: dict[str, str] = {"type": kind}
    if message_key in MESSAGE_KEYS:
        params["message"] = message_key
    params["timestamp"] = str(int(timestamp_ms))
    back = return_path(from_path)
    if back:
        params["from"] = back
    if ref:
        params["ref"] = ref
    return f"{ERROR_PATHS[kind]}?{urlencode(params)}"
