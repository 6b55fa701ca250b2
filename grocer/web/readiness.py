"""Is this worker ready to serve shoppers? The database answers, Redis answers when the shop is
configured with it (tab states, shared by the workers), and the built pages are there when this
process serves them. /api/v1/ready (grocer.api.operations) answers 503 until all do, so that a
proxy or an orchestrator sends no shopper to a worker that would fail them."""

from __future__ import annotations

import logging

import sqlalchemy as sa

from grocer.settings import get_settings

log = logging.getLogger(__name__)

OK, FAILED, NOT_USED = "ok", "failed", "not used"


def _database() -> str:
    from grocer.db import get_engine

    try:
        with get_engine().connect() as conn:
            conn.execute(sa.text("SELECT 1"))
    except Exception as exc:  # any failure means not ready; the reason goes to the log
        log.warning("readiness: the database did not answer (%s)", type(exc).__name__)
        return FAILED
    return OK


def _redis() -> str:
    url = get_settings().redis_url
    if not url:
        return NOT_USED
    import redis

    client = redis.Redis.from_url(url, socket_connect_timeout=1, socket_timeout=1)
    try:
        client.ping()
    except Exception as exc:
        log.warning("readiness: Redis did not answer (%s)", type(exc).__name__)
        return FAILED
    finally:
        client.close()
    return OK


def _frontend() -> str:
    """The built pages, when this process serves them (a production run that is not
    backend-only); a backend-only worker, or a development run, serves none."""
    from reflex_base.environment import environment

    from grocer.web.build import built_pages_dir

    mode = environment.REFLEX_ENV_MODE.get()
    if environment.REFLEX_BACKEND_ONLY.get() or getattr(mode, "value", mode) != "prod":
        return NOT_USED
    return OK if (built_pages_dir() / "index.html").is_file() else FAILED


def checks() -> dict[str, str]:
    """Each dependency's state: "ok", "failed" or "not used"."""
    return {"database": _database(), "redis": _redis(), "frontend": _frontend()}
