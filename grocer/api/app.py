"""Builds the FastAPI application: routers, error mapping, the OpenAPI schema at
/api/v1/openapi.json and, when GROCER_API_DOCS is on, Swagger UI at /api/v1/docs."""

from __future__ import annotations

from pathlib import Path

from fastapi import FastAPI, Request
from fastapi.exceptions import RequestValidationError
from fastapi.responses import FileResponse, HTMLResponse, JSONResponse, Response
from sqlalchemy.exc import DataError, IntegrityError

from grocer.services.errors import (
    Conflict,
    NotFound,
    RateLimited,
    ServiceError,
    ValidationFailed,
)
from grocer.settings import get_settings

API_PREFIX = "/api/v1"
DOCS_URL = f"{API_PREFIX}/docs"
OPENAPI_URL = f"{API_PREFIX}/openapi.json"


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


# --- Swagger UI, served from this origin ---------------------------------------------------
# FastAPI's own docs page loads Swagger UI from a CDN and starts it with an inline script: both
# are refused by the shop's Content-Security-Policy (grocer.web.security_headers), and a script
# from a third party without an integrity hash is a risk of its own. So the docs are off by
# default (the schema stays at /api/v1/openapi.json for clients and tools), and GROCER_API_DOCS=1
# serves Swagger UI 5 (OpenAPI 3.1, which FastAPI writes) from the files the `fastapi-offline`
# package ships, started by a script file of ours: no inline script, no other origin. (The
# `swagger-ui-bundle` package holds Swagger UI 4, which cannot read OpenAPI 3.1.)

DOCS_FILES: dict[str, str] = {
    "swagger-ui.css": "text/css; charset=utf-8",
    "swagger-ui-bundle.js": "text/javascript; charset=utf-8",
}
DOCS_PAGE = f"""<!DOCTYPE html>
<html lang="en"><head><meta charset="utf-8"><title>Grocer API</title>
<link rel="stylesheet" href="{DOCS_URL}/swagger-ui.css"></head>
<body><div id="swagger-ui" data-openapi="{OPENAPI_URL}"></div>
<script src="{DOCS_URL}/swagger-ui-bundle.js"></script>
<script src="{DOCS_URL}/start.js"></script></body></html>
"""
DOCS_START = """SwaggerUIBundle({
  url: document.getElementById("swagger-ui").dataset.openapi,
  dom_id: "#swagger-ui",
  layout: "BaseLayout",
  deepLinking: true,
  presets: [SwaggerUIBundle.presets.apis, SwaggerUIBundle.SwaggerUIStandalonePreset],
});
"""


def _add_docs(api: FastAPI) -> None:
    """Swagger UI at DOCS_URL, every file from this origin."""
    import fastapi_offline

    static = Path(fastapi_offline.__file__).parent / "static"

    @api.get(DOCS_URL, include_in_schema=False)
    async def docs() -> HTMLResponse:
        return HTMLResponse(DOCS_PAGE)

    @api.get(f"{DOCS_URL}/start.js", include_in_schema=False)
    async def docs_start() -> Response:
        return Response(DOCS_START, media_type="text/javascript; charset=utf-8")

    @api.get(f"{DOCS_URL}/{{name}}", include_in_schema=False)
    async def docs_file(name: str) -> FileResponse:
        if name not in DOCS_FILES:
            raise NotFound()
        return FileResponse(static / name, media_type=DOCS_FILES[name])


def create_api() -> FastAPI:
    """The API application; every router is included here and nowhere else."""
    from grocer.api import account, auth, cart, catalogue, geo, users

    api = FastAPI(
        title="Grocer API",
        version="1.0.0",
        docs_url=None,
        redoc_url=None,
        openapi_url=OPENAPI_URL,
    )
    if get_settings().api_docs:
        _add_docs(api)
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
