"""Builds the FastAPI application: routers, error mapping, OpenAPI docs at /api/v1/docs."""

from __future__ import annotations

from fastapi import FastAPI, Request
from fastapi.exceptions import RequestValidationError
from fastapi.responses import JSONResponse
from sqlalchemy.exc import DataError, IntegrityError

from grocer.services.errors import Conflict, RateLimited, ServiceError, ValidationFailed

API_PREFIX = "/api/v1"


def _error_body(message: str, key: str, **extra: object) -> dict[str, object]:
    return {"message": message, "key": key, **extra}


async def _service_error(_request: Request, exc: Exception) -> JSONResponse:
    assert isinstance(exc, ServiceError)
    extra: dict[str, object] = dict(getattr(exc, "extra", None) or {})  # e.g. unknownArticleIds
    headers: dict[str, str] = {}
    if isinstance(exc, ValidationFailed):
        extra["field"] = exc.field
    if isinstance(exc, RateLimited):
        headers["Retry-After"] = str(exc.retry_after)
    return JSONResponse(
        _error_body(exc.message, exc.key, **extra), status_code=exc.status, headers=headers
    )


async def _validation_error(_request: Request, exc: Exception) -> JSONResponse:
    """Pydantic's 422 becomes the 400 the spec's clients expect, with a readable message."""
    assert isinstance(exc, RequestValidationError)
    errors = exc.errors()
    first = errors[0] if errors else {}
    loc = ".".join(str(p) for p in first.get("loc", ()) if p not in {"body", "query", "path"})
    message = f"Champ invalide : {loc}" if loc else "Requête invalide"
    details = [
        {"field": ".".join(str(p) for p in e.get("loc", ())), "error": e.get("msg", "")}
        for e in errors[:10]
    ]
    return JSONResponse(
        _error_body(message, "errors.validation", field=loc, details=details), status_code=400
    )


async def _data_error(_request: Request, exc: Exception) -> JSONResponse:
    """A value the database cannot hold (an id beyond its integer range, say) is bad input."""
    return JSONResponse(_error_body("Valeur hors limites", "errors.validation"), status_code=400)


async def _integrity_error(_request: Request, exc: Exception) -> JSONResponse:
    """A uniqueness race lost to a concurrent request: the resource already exists."""
    return JSONResponse(_error_body(Conflict.message, Conflict.key), status_code=409)


def create_api() -> FastAPI:
    """The API application; every router is included here and nowhere else."""
    from grocer.api import account, auth, cart, catalogue, geo, users

    api = FastAPI(
        title="Grocer API",
        version="1.0.0",
        docs_url=f"{API_PREFIX}/docs",
        redoc_url=None,
        openapi_url=f"{API_PREFIX}/openapi.json",
    )
    api.add_exception_handler(ServiceError, _service_error)
    api.add_exception_handler(RequestValidationError, _validation_error)
    api.add_exception_handler(DataError, _data_error)
    api.add_exception_handler(IntegrityError, _integrity_error)

    @api.get(f"{API_PREFIX}/health", tags=["meta"])
    async def health() -> dict[str, str]:
        """A trivial JSON answer: the ceiling for benchmarks and a liveness probe."""
        return {"status": "ok"}

    for module in (auth, users, catalogue, cart, account, geo):
        api.include_router(module.router, prefix=API_PREFIX)
    return api
