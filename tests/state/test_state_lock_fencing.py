"""A tab state written after its lock expired is thrown away, not saved over a newer one
(issue 18: several workers share the tabs' states in Redis).

An event that holds a tab's lock past its expiry (a stalled worker, a long pause) must not
overwrite what an event of another worker saved meanwhile. Reflex's Redis state manager fences
each write with the lock it was taken under (one script checks the lock and writes). The shop
relies on it, so this pins it, on this machine's Redis with the shop's own bag state.
"""

from __future__ import annotations

import asyncio
import uuid

import pytest
import redis.asyncio as aioredis
from reflex.istate.manager.redis import StateManagerRedis
from reflex.istate.manager.token import BaseStateToken
from reflex.state import State
from reflex_base.utils.exceptions import LockExpiredError

from grocer.state.bag import BagState
from tests.support import redis_server

URL = redis_server.redis_url(12)

pytestmark = pytest.mark.skipif(not redis_server.reachable(URL), reason=redis_server.SKIP_REASON)


def test_a_write_under_an_expired_lock_is_thrown_away() -> None:
    async def scenario() -> tuple[bool, bool]:
        stalled = StateManagerRedis(
            redis=aioredis.Redis.from_url(URL), lock_expiration=500, lock_warning_threshold=100
        )
        other = StateManagerRedis(
            redis=aioredis.Redis.from_url(URL), lock_expiration=500, lock_warning_threshold=100
        )
        token = BaseStateToken(ident=str(uuid.uuid4()), cls=State)
        refused = False
        try:
            async with stalled.modify_state(token) as root:
                bag = await root.get_state(BagState)
                await asyncio.sleep(0.8)  # the lock expires; the other worker goes on
                async with other.modify_state(token) as newer:
                    (await newer.get_state(BagState)).auth_prompt_shown = True
                bag.auth_prompt_shown = False
                bag.promo_code = "STALE"
        except LockExpiredError:
            refused = True
        saved = await other.get_state(token)
        kept = (await saved.get_state(BagState)).auth_prompt_shown
        stale = (await saved.get_state(BagState)).promo_code == "STALE"
        for manager in (stalled, other):
            await manager.close()
        return refused and kept, stale

    fenced, stale = asyncio.run(scenario())
    assert fenced, "the stalled write was not refused, or the newer one was lost"
    assert not stale
