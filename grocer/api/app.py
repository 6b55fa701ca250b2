"""Builds the FastAPI application: routers, error mapping, the OpenAPI schema at
/api/v1/openapi.json and, when GROCER_API_DOCS is on, Swagger UI at /api/v1/docs.

Every error answer has the one body the OpenAPI schema declares, `{message, key, field?, ...}`
with a French message: the services' typed errors, validation failures, malformed or oversized
bodies, unknown routes and methods, and the values the database cannot hold alike. The schema
says so for every operation (a `4XX` response with `ErrorOut`, and no FastAPI `422`, which the
API never answers).
"""

from __future__ import annotations

import logging
from pathlib import Path
from typing import Any

from fastapi import FastAPI, Request
from fastapi.exceptions import RequestValidationError
from fastapi.responses import FileResponse, HTMLResponse, JSONResponse, RedirectResponse, Response
from fastapi.routing import APIRoute
from sqlalchemy.exc import DataError, IntegrityError, OperationalError
from starlette.exceptions import HTTPException as StarletteHTTPException
from starlette.routing import Match, Mount

from grocer.api.body_limit import KEY as TOO_LARGE_KEY
from grocer.api.body_limit import MESSAGE as TOO_LARGE_MESSAGE
from grocer.api.body_limit import BodyLimit
from grocer.api.schemas_auth import ErrorOut
from grocer.services.errors import (
    Conflict,
    Forbidden,
    NotFound,
    RateLimited,
    ServiceError,
    Unauthorized,
    ValidationFailed,
)
from grocer.settings import get_settings
from grocer.web.request_id import REQUEST_ID, RequestId

log = logging.getLogger(__name__)

API_PREFIX = "/api/v1"
DOCS_URL = f"{API_PREFIX}/docs"
OPENAPI_URL = f"{API_PREFIX}/openapi.json"
_METHODS = ["GET", "HEAD", "POST", "PUT", "PATCH", "DELETE", "OPTIONS"]
_ERROR_RESPONSES: dict[int | str, dict[str, Any]] = {
    "4XX": {"model": ErrorOut, "description": "Erreur : {message, key, field?}"}
}

#: The French message and key of an HTTP error raised by the framework (not by our services).
_HTTP_ERRORS: dict[int, tuple[str, str]] = {
    400: ("Requête invalide", "errors.badRequest"),
    401: (Unauthorized.message, Unauthorized.key),
    403: (Forbidden.message, Forbidden.key),
    404: (NotFound.message, NotFound.key),
    405: ("Méthode non autorisée pour cette adresse", "errors.methodNotAllowed"),
    406: ("Format de réponse non disponible", "errors.notAcceptable"),
    413: (TOO_LARGE_MESSAGE, TOO_LARGE_KEY),
    415: ("Type de contenu non pris en charge", "errors.unsupportedMediaType"),
    429: (RateLimited.message, RateLimited.key),
}
DATABASE_UNAVAILABLE = (
    "Service momentanément indisponible, veuillez réessayer dans un instant",
    "errors.unavailable",
)
MALFORMED_BODY = ("Le corps de la requête n'est pas un JSON valide", "errors.malformedJson")


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
    if first.get("type") == "json_invalid":  # loc is a character position, not a field
        message, key = MALFORMED_BODY
        return JSONResponse(_error_body(message, key, field="body"), status_code=400)
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


async def _overflow_error(_request: Request, exc: Exception) -> JSONResponse:
    """SQLite's driver raises OverflowError (not a DataError) for an integer beyond 64 bits."""
    return await _data_error(_request, exc)


async def _integrity_error(_request: Request, exc: Exception) -> JSONResponse:
    """A uniqueness race lost to a concurrent request: the resource already exists."""
    return JSONResponse(_error_body(Conflict.message, Conflict.key), status_code=409)


async def _http_error(_request: Request, exc: Exception) -> Response:
    """The framework's own errors (unknown route, wrong method, unreadable body, a missing
    bearer token...) in the API's error body instead of Starlette's {detail}."""
    assert isinstance(exc, StarletteHTTPException)
    status = exc.status_code
    if status < 400 or status in {204, 304}:
        return Response(status_code=status, headers=exc.headers)
    if status == 400 and exc.detail == "There was an error parsing the body":
        message, key = MALFORMED_BODY
    elif status in _HTTP_ERRORS:
        message, key = _HTTP_ERRORS[status]
    elif status < 500:
        message, key = ServiceError.message, ServiceError.key
    else:
        message, key = "Erreur interne du serveur", "errors.server"
    return JSONResponse(_error_body(message, key), status_code=status, headers=exc.headers)


async def _database_unavailable(request: Request, exc: Exception) -> JSONResponse:
    """The database did not answer (refused, lost, locked too long): the request may succeed
    in a moment, so 503 with Retry-After, logged with the request id given as `ref`."""
    ref = REQUEST_ID.get()
    reason = (str(getattr(exc, "orig", None) or exc).splitlines() or [type(exc).__name__])[0]
    log.warning("the database did not answer %s %s: %s", request.method, request.url.path, reason)
    return JSONResponse(
        _error_body(*DATABASE_UNAVAILABLE, ref=ref),
        status_code=503,
        headers={"Retry-After": "5"},
    )


async def _unexpected_error(request: Request, exc: Exception) -> JSONResponse:
    """A failure no rule expected: logged with its trace and the request id, and answered in
    the API's error body with that id as `ref`, which a client can quote to the support."""
    ref = REQUEST_ID.get()
    log.error("unexpected failure answering %s %s", request.method, request.url.path, exc_info=exc)
    return JSONResponse(
        _error_body("Erreur interne du serveur", "errors.server", ref=ref), status_code=500
    )


def _unmatched_api_route() -> APIRoute:
    """A last route for every path under the API prefix that no other route answers: 404, or
    405 with `Allow` when the path exists for other methods.

    Why a route: in the shop the Reflex app is mounted at "/" behind the API, so without it an
    unknown /api/v1/... path (or method) would reach the pages and answer HTML.

    The API is read from the request, never held by the route: FastAPI caches facts about
    endpoint functions in module-level caches of 4,096 entries, and an endpoint closing over
    its app kept every app alive there (the tests make one per test: 3.7 GB by the end of
    `tests/api`).
    """

    def allowed_methods(api: FastAPI, scope: dict[str, Any]) -> set[str]:
        """The methods some other route answers at this path (asked of the routes themselves:
        included routers keep their routes to themselves)."""
        routes = [
            route
            for route in api.router.routes
            if not isinstance(route, Mount) and getattr(route, "name", "") != "unmatched_api_route"
        ]
        return {
            method
            for method in _METHODS
            if any(route.matches({**scope, "method": method})[0] is Match.FULL for route in routes)
        }

    async def unmatched_api_route(request: Request) -> Response:
        scope = dict(request.scope)
        api: FastAPI = request.app
        allowed = allowed_methods(api, scope)
        if allowed:
            raise StarletteHTTPException(405, headers={"Allow": ", ".join(sorted(allowed))})
        path = scope["path"]
        other = path[:-1] if path.endswith("/") else f"{path}/"
        if allowed_methods(api, {**scope, "path": other}) & {request.method}:
            return RedirectResponse(request.url.replace(path=other), status_code=307)
        raise StarletteHTTPException(404)

    return APIRoute(
        f"{API_PREFIX}/{{rest:path}}",
        unmatched_api_route,
        methods=_METHODS,
        include_in_schema=False,
        name="unmatched_api_route",
    )


def _openapi_with_error_bodies(api: FastAPI) -> dict[str, Any]:
    """The generated schema, with the error body on every 4xx a route declares without one."""
    if api.openapi_schema is None:
        schema = FastAPI.openapi(api)
        body = {"application/json": {"schema": {"$ref": "#/components/schemas/ErrorOut"}}}
        for item in schema.get("paths", {}).values():
            for operation in item.values():
                for status, response in operation.get("responses", {}).items():
                    if str(status).startswith("4") and "content" not in response:
                        response["content"] = body
        api.openapi_schema = schema
    return api.openapi_schema


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
    from grocer.api import (
        account,
        admin,
        admin_catalogue,
        admin_home,
        admin_pictures,
        admin_slots,
        auth,
        cart,
        catalogue,
        favorites,
        geo,
        media,
        operations,
        orders,
        payments,
        referral,
        search,
        slots,
        two_factor,
        users,
    )

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
    api.add_exception_handler(OverflowError, _overflow_error)
    api.add_exception_handler(IntegrityError, _integrity_error)
    api.add_exception_handler(StarletteHTTPException, _http_error)
    api.add_exception_handler(OperationalError, _database_unavailable)
    api.add_exception_handler(Exception, _unexpected_error)
    api.add_middleware(BodyLimit)
    api.add_middleware(RequestId)

    @api.get(f"{API_PREFIX}/health", tags=["meta"], responses=_ERROR_RESPONSES)
    async def health() -> dict[str, str]:
        """A trivial JSON answer: the ceiling for benchmarks and a liveness probe (readiness,
        with the database and Redis, is /ready: grocer.api.operations)."""
        return {"status": "ok"}

    # Routes are matched in this order, one by one: the catalogue's and search's, the busiest
    # and the cheapest to answer (a cache hit), come first (matching past the 40 routes of
    # the account routers cost a catalogue hit a third of its time).
    for module in (
        catalogue,
        search,
        auth,
        two_factor,
        users,
        cart,
        account,
        referral,
        favorites,
        geo,
        slots,
        orders,
        payments,
        admin,
        admin_catalogue,
        admin_pictures,
        admin_home,
        admin_slots,
        operations,
    ):
        api.include_router(module.router, prefix=API_PREFIX, responses=_ERROR_RESPONSES)
    # The back-office's uploaded pictures, at /media/ beside the pages (not under the prefix).
    api.include_router(media.router)
    api.router.routes.append(_unmatched_api_route())
    api.openapi = lambda: _openapi_with_error_bodies(api)  # type: ignore[method-assign]
    return api
