"""How a Reflex handler reaches a service: one unit of work in a worker thread.

A handler runs on the event loop that serves every tab of the process; a database query, a
bcrypt hash or an SMTP exchange there would stall them all. So a service call runs here in a
worker thread, in a database session of its own (committed on success, rolled back on error),
and is given up after the spec's HTTP time-out. With `as_user`, the service receives the
account of that verified id (the Reflex counterpart of the API's `CurrentUser`): the id comes
from `session_guard.signed_in_user_id`, never from the browser.

Failures are the services' typed errors (grocer.services.errors: `Unauthorized` when the
account is gone or disabled), `DatabaseUnavailable` when the database does not answer and
`TimeoutError` after the time-out; `message_key` turns them into the message keys a dialog
shows. No state opens a session or imports the SQL libraries: this module is their one door.
"""

from __future__ import annotations

import asyncio
import logging
from collections.abc import Callable, Mapping
from typing import Any, TypeVar

from grocer.db import run_unit_of_work
from grocer.services import accounts
from grocer.services.errors import ServiceError

logger = logging.getLogger(__name__)

T = TypeVar("T")

CALL_TIMEOUT_SECONDS = 60.0
"""The HTTP time-out of the spec (000 §9), applied to a service call from a handler."""


def run_blocking(fn: Callable[..., T], *args: Any, as_user: int | None = None, **kwargs: Any) -> T:
    """`fn(db, *args, **kwargs)`, or `fn(db, account, *args, **kwargs)` for the verified user
    id `as_user`, in a unit of work of its own. Blocking: for worker threads and tests."""
    if as_user is None:
        return run_unit_of_work(fn, *args, **kwargs)
    user_id = as_user

    def for_account(db: Any) -> T:
        return fn(db, accounts.active_user(db, user_id), *args, **kwargs)

    return run_unit_of_work(for_account)


async def call(fn: Callable[..., T], *args: Any, as_user: int | None = None, **kwargs: Any) -> T:
    """`run_blocking` in a worker thread, given up after CALL_TIMEOUT_SECONDS, so that a stuck
    database or mail server frees the dialog that waits on it instead of leaving it busy."""
    work = asyncio.to_thread(run_blocking, fn, *args, as_user=as_user, **kwargs)
    return await asyncio.wait_for(work, timeout=CALL_TIMEOUT_SECONDS)


def message_key(
    exc: BaseException,
    keys: Mapping[type[BaseException], str],
    default: str,
    *,
    context: str,
) -> str:
    """The message key of a failed call: that of the first type in `keys` the failure is an
    instance of, else `default`. A failure that is no typed service error is unexpected: it
    is logged with its trace under `context`."""
    for kind, key in keys.items():
        if isinstance(exc, kind):
            return key
    if not isinstance(exc, ServiceError):
        logger.error("%s: unexpected failure", context, exc_info=exc)
    return default
