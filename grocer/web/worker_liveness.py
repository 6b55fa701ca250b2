"""A killed worker's tabs keep their tokens, and so their states, when they reconnect elsewhere.

Reflex records in Redis which worker holds each tab's websocket (`token_manager_socket_record_`
and the tab's token, kept an hour) and deletes the record when the socket closes. A worker that
is killed (SIGKILL, the OOM killer, a crash, a lost machine) deletes nothing. Its tabs reconnect
through the proxy to another worker, which finds the record, takes the tab for a duplicate (a
browser tab copied with its sessionStorage) and gives it a new token, that is a new, empty tab
state: the open checkout, the chosen slot, a form half filled are gone.

So each worker holds, for as long as it runs, a subscription to a Redis channel of its own and
renews a key every BEAT seconds. Before Reflex looks for a duplicate, a record whose worker has
neither is dropped, and the tab keeps its token and finds its state in Redis. The subscription
tells at once: a killed process's connection is closed by its kernel, and Redis forgets the
subscription that instant, before the tab's reconnect (about a second) arrives. The key covers
a machine that vanished without closing anything (it lapses HEARTBEAT_TTL seconds after the last
beat). A record of a live worker is left to Reflex (a real duplicate tab, or a reconnect quicker
than the old worker's notice of the loss; then the tab starts afresh and the bag and the sign-in
come back from the server and the browser, as on any new tab).
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
import pickle
from typing import Any

log = logging.getLogger(__name__)

BEAT = 2.0
"""Seconds between two heartbeats of a worker."""
HEARTBEAT_TTL = 6
"""Seconds after its last beat when a worker counts as gone (three beats missed)."""
ALIVE_KEY = "grocer:worker-alive:"

#: Delete the record only if it still is the dead worker's (another may have just written it).
_DROP_IF_UNCHANGED = (
    "if redis.call('GET', KEYS[1]) == ARGV[1] then return redis.call('DEL', KEYS[1]) end return 0"
)


def alive_key(instance_id: str) -> str:
    """The worker's key, and the name of its channel."""
    return f"{ALIVE_KEY}{instance_id}"


async def is_alive(redis: Any, instance_id: str) -> bool:
    """The worker is subscribed to its channel and has beaten within HEARTBEAT_TTL."""
    key = alive_key(instance_id)
    counts = {
        name.decode() if isinstance(name, bytes) else name: count
        for name, count in await redis.pubsub_numsub(key)
    }
    subscribers = counts.get(key, 0)
    return bool(subscribers) and bool(await redis.exists(key))


async def drop_record_of_gone_worker(manager: Any, token: str) -> bool:
    """Drop the tab's socket record when the worker that wrote it is no longer alive; True
    when dropped. Redis errors leave Reflex's own rule in charge."""
    redis = manager.redis
    key = manager._get_redis_key(token)
    try:
        raw = await redis.get(key)
        if not raw:
            return False
        owner = pickle.loads(raw).instance_id
        if owner == manager.instance_id or await is_alive(redis, owner):
            return False
        dropped = bool(await redis.eval(_DROP_IF_UNCHANGED, 1, key, raw))
    except Exception as exc:
        log.warning("worker liveness: Redis did not answer (%s)", type(exc).__name__)
        return False
    if dropped:
        log.info("a tab of a worker that is gone reconnected here and keeps its state")
    return dropped


async def heartbeat(manager: Any) -> None:
    """Say this worker is alive (its channel, its key every BEAT seconds) until it stops; then
    both go at once, so a worker stopped on purpose hands its tabs over without waiting."""
    pubsub = manager.redis.pubsub()
    try:
        try:
            await pubsub.subscribe(alive_key(manager.instance_id))
        except Exception as exc:  # then only the key speaks for this worker
            log.warning("worker liveness: cannot subscribe (%s)", type(exc).__name__)
        while True:
            try:
                await manager.redis.set(alive_key(manager.instance_id), b"1", ex=HEARTBEAT_TTL)
            except Exception as exc:
                log.warning("worker liveness: heartbeat failed (%s)", type(exc).__name__)
            await asyncio.sleep(BEAT)
    finally:
        with contextlib.suppress(Exception):  # stopping anyway; the key lapses by itself
            await manager.redis.delete(alive_key(manager.instance_id))
        with contextlib.suppress(Exception):
            await pubsub.aclose()


def guard(manager: Any) -> None:
    """Check a tab's record before the manager links its token (see the module's docstring)."""
    link = manager.link_token_to_sid

    async def link_token_to_sid(token: str, sid: str) -> str | None:
        await drop_record_of_gone_worker(manager, token)
        return await link(token, sid)

    manager.link_token_to_sid = link_token_to_sid


def install_worker_liveness(app: Any) -> None:
    """Heartbeat and record check on the app's token manager, when it keeps its records in
    Redis (several workers); a single worker's manager has nothing to hand over."""
    from reflex.utils.token_manager import RedisTokenManager

    manager = getattr(app.event_namespace, "_token_manager", None)
    if not isinstance(manager, RedisTokenManager):
        return
    guard(manager)

    async def worker_heartbeat() -> None:
        await heartbeat(manager)

    app.register_lifespan_task(worker_heartbeat)
