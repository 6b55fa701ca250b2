"""The operator's routes: readiness (/ready) and Prometheus metrics (/metrics). Liveness is
/health (grocer.api.app), which answers as long as the process does.

/metrics exists only when `GROCER_METRICS_TOKEN` is set, and answers only a request carrying
it as a bearer token (compared in constant time): request counts by route and the orders by
status say a lot about a shop, so they are not public. Without the token set, the route
answers 404 like any unknown path.
"""

from __future__ import annotations

import hmac
from typing import Annotated

import anyio
from fastapi import APIRouter, Depends
from fastapi.responses import JSONResponse, Response
from fastapi.security import HTTPAuthorizationCredentials

from grocer.api.deps import bearer
from grocer.services.errors import NotFound, Unauthorized
from grocer.settings import get_settings
from grocer.web import metrics, readiness

router = APIRouter(tags=["meta"])


@router.get("/ready", responses={503: {"description": "A dependency does not answer"}})
async def ready() -> JSONResponse:
    """200 when the database (and Redis, and the built pages, where used) answer; else 503
    with each check's state. Run in a worker thread: the checks wait on the network."""
    checks = await anyio.to_thread.run_sync(readiness.checks)
    is_ready = readiness.FAILED not in checks.values()
    return JSONResponse(
        {"status": "ready" if is_ready else "unavailable", "checks": checks},
        status_code=200 if is_ready else 503,
        headers={"Cache-Control": "no-store"},
    )


@router.get("/metrics", include_in_schema=False)
async def prometheus_metrics(
    credentials: Annotated[HTTPAuthorizationCredentials | None, Depends(bearer)],
) -> Response:
    token = get_settings().metrics_token
    if not token:
        raise NotFound()
    given = credentials.credentials if credentials else ""
    if not hmac.compare_digest(given.encode(), token.encode()):
        raise Unauthorized()
    body = await anyio.to_thread.run_sync(metrics.exposition)
    return Response(body, media_type=metrics.CONTENT_TYPE, headers={"Cache-Control": "no-store"})
