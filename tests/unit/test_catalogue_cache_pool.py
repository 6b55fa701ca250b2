"""A catalogue cache miss is built in the thread pool, never on the event loop (issue 12 item
11): a stream of distinct requests must not hold every other request of the process."""

from __future__ import annotations

import asyncio
import threading
from typing import Any

from sqlmodel import Session

from grocer.services.catalogue_cache import CatalogueCache


def test_a_miss_is_built_off_the_event_loop(sqlite_db: Session) -> None:
    cache = CatalogueCache()
    built_in: list[int] = []

    def build(db: Session) -> dict[str, Any]:
        built_in.append(threading.get_ident())
        return {"ok": True}

    async def twice() -> tuple[bytes, bytes, int]:
        loop_thread = threading.get_ident()
        first = await cache.serve("test", ("a",), build)
        second = await cache.serve("test", ("a",), build)
        return first, second, loop_thread

    first, second, loop_thread = asyncio.run(twice())
    assert first == second == b'{"ok":true}'
    assert len(built_in) == 1 and cache.hits == 1  # the second call was a hit
    assert built_in[0] != loop_thread
