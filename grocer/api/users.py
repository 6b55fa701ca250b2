"""API routes: users."""

from fastapi import APIRouter

router = APIRouter(tags=["users"])
