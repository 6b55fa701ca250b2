"""API routes: account."""

from fastapi import APIRouter

router = APIRouter(tags=["account"])
