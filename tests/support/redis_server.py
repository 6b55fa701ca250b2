"""This machine's Redis for the tests that need one (the limiter shared by workers, readiness,
the scaled shop): each test file takes a database number of its own."""

from __future__ import annotations

import redis

SKIP_REASON = "Redis is not reachable on 127.0.0.1:6379"


def redis_url(database: int) -> str:
    return f"redis://127.0.0.1:6379/{database}"


def reachable(url: str) -> bool:
    try:
        redis.Redis.from_url(url, socket_connect_timeout=1).ping()
    except redis.RedisError:
        return False
    return True
