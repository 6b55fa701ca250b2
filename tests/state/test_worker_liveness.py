"""A tab of a worker that was killed keeps its token on the worker it reconnects to; a tab whose
worker is alive is still taken for a duplicate (grocer.web.worker_liveness, issue 18).

Real Redis, Reflex's own token manager, and a real worker process killed with SIGKILL: its
kernel closes its Redis connection, which is what the next worker reads.
"""

from __future__ import annotations

import asyncio
import os
import signal
import subprocess
import sys
import uuid

import pytest
import redis.asyncio as aioredis
from reflex.utils.token_manager import RedisTokenManager

from grocer.web import worker_liveness
from tests.support import redis_server

URL = redis_server.redis_url(13)

pytestmark = pytest.mark.skipif(not redis_server.reachable(URL), reason=redis_server.SKIP_REASON)

#: A worker holding one tab's websocket: it links the token, beats, and says so.
WORKER = """
import asyncio, sys
import redis.asyncio as aioredis
from reflex.utils.token_manager import RedisTokenManager
from grocer.web import worker_liveness

async def main():
    manager = RedisTokenManager(aioredis.Redis.from_url(sys.argv[1]))
    assert await manager.link_token_to_sid(sys.argv[2], "sid-of-the-first-worker") is None
    beating = asyncio.create_task(worker_liveness.heartbeat(manager))
    await asyncio.sleep(0.3)
    print("ready", flush=True)
    await beating

asyncio.run(main())
"""


def first_worker(token: str) -> subprocess.Popen[str]:
    process = subprocess.Popen(
        [sys.executable, "-c", WORKER, URL, token], stdout=subprocess.PIPE, text=True
    )
    assert process.stdout is not None and process.stdout.readline().strip() == "ready"
    return process


def second_worker() -> RedisTokenManager:
    manager = RedisTokenManager(aioredis.Redis.from_url(URL))
    worker_liveness.guard(manager)
    return manager


def test_the_tab_of_a_killed_worker_keeps_its_token() -> None:
    token = str(uuid.uuid4())
    process = first_worker(token)
    os.kill(process.pid, signal.SIGKILL)
    process.wait()

    async def reconnect() -> tuple[str | None, bool]:
        manager = second_worker()
        new_token = await manager.link_token_to_sid(token, "sid-on-the-second-worker")
        owned = manager.token_to_socket[token].instance_id == manager.instance_id
        await manager.redis.aclose()
        return new_token, owned

    new_token, owned = asyncio.run(reconnect())
    assert new_token is None  # the same token, so the same state in Redis
    assert owned


def test_a_tab_whose_worker_is_alive_is_a_duplicate() -> None:
    token = str(uuid.uuid4())
    process = first_worker(token)
    try:

        async def connect() -> str | None:
            manager = second_worker()
            new_token = await manager.link_token_to_sid(token, "sid-of-a-copied-tab")
            await manager.redis.aclose()
            return new_token

        new_token = asyncio.run(connect())
    finally:
        process.terminate()
        process.wait()
    assert new_token is not None and new_token != token  # Reflex's duplicate-tab rule
