"""Sending the shopper to the error pages (spec 001 §8 "Error routing") from the server.

- `to_error_page`: the redirect a handler returns when the page it loads cannot show anything
  useful (the product page whose data failed with no copy in the browser). It *replaces* the
  failed page in the history: "back" from the error page does not reopen the failure.
- `route_unexpected_exception`: the app's `backend_exception_handler` (grocer/grocer.py). An
  exception no handler caught is a server error from the shopper's point of view: it is logged
  with its trace and a short reference, and the tab goes to /error/server carrying that
  reference and the page it was on, instead of Reflex's default toast (English, with
  "Contact the website administrator").

What is *not* routed: parts of a page that fail (home sections, promotions, categories,
related products) keep their own empty list or error box (spec 001 §8), and a websocket that
drops is the connection banner's business (the shop stays usable offline).
"""

from __future__ import annotations

import logging
import secrets
import time
import traceback

import reflex as rx
from reflex.event import EventSpec
from reflex_base.event.context import EventContext

from grocer.views.error_route import ErrorKind, error_url, is_error_page

log = logging.getLogger(__name__)


def now_ms() -> int:
    return int(time.time() * 1000)


def to_error_page(
    kind: ErrorKind, message_key: str, from_path: str | None, ref: str = ""
) -> EventSpec:
    """The redirect (replacing the history entry) to the error page of `kind`."""
    return rx.redirect(error_url(kind, message_key, from_path, now_ms(), ref), replace=True)


def _failed_page() -> str:
    """The path (with its query) of the page whose event failed, "" when unknown."""
    try:
        router_data = EventContext.get().router_data or {}
    except LookupError:
        return ""
    path = router_data.get("asPath") or router_data.get("pathname") or ""
    return path if isinstance(path, str) else ""


def route_unexpected_exception(exception: Exception) -> EventSpec | None:
    """Log an event handler's unexpected exception and send its tab to /error/server.

    On an error page itself nothing is sent (an error page whose own load fails would
    otherwise redirect to itself for ever); the failure is still logged.
    """
    ref = secrets.token_hex(4)
    page = _failed_page()
    log.error(
        "unexpected failure in an event handler (ref %s, page %s)\n%s",
        ref,
        page or "?",
        "".join(traceback.format_exception(type(exception), exception, exception.__traceback__)),
        extra={"request_id": ref},  # the JSON log line carries the page's reference
    )
    if is_error_page(page):
        return None
    return to_error_page("server", "errors:actionFailed", page, ref)
