"""API routes: auth."""

from fastapi import APIRouter

router = APIRouter(tags=["auth"])
