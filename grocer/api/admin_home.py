"""API routes of the back-office's home (issue 17, ★), under /admin. Every route needs a
signed-in account with the area's role (401 without a token, 403 for a shopper); the services
check the role again themselves."""

from __future__ import annotations

from fastapi import APIRouter

from grocer.api.schemas_auth import error_responses

router = APIRouter(prefix="/admin", tags=["admin"], responses=error_responses(401, 403))
