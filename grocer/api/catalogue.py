"""API routes: catalogue."""

from fastapi import APIRouter

router = APIRouter(tags=["catalogue"])
