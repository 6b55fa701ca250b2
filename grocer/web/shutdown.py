"""A worker that is asked to stop (SIGTERM) lets the events under way finish first.

Reflex's event processor, when the server stops, cancels every running event at once unless it
is given a grace period, and Reflex 0.10 gives none: a shopper's add-to-bag or payment that was
half done when a worker was restarted for a release would stop in the middle (the bag's
unsaved changes are kept in the browser and sent again, but the tab sees a failure first). The
grace period is GROCER_SHUTDOWN_GRACE_SECONDS; the service manager's stop timeout must be longer
(deploy/grocer-worker@.service: 30 s).
"""

from __future__ import annotations

import contextlib
from collections.abc import AsyncIterator
from typing import Any

from grocer.settings import get_settings


@contextlib.asynccontextmanager
async def graceful_shutdown(app: Any) -> AsyncIterator[None]:
    """Lifespan task: give the event processor its grace period once it exists (Reflex creates
    it in a lifespan task of its own, which runs before the ones the app registers)."""
    processor = app._event_processor
    if processor is not None:
        processor.graceful_shutdown_timeout = float(get_settings().shutdown_grace_seconds)
    yield
