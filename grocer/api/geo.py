"""API routes: geo."""

from fastapi import APIRouter

router = APIRouter(tags=["geo"])
