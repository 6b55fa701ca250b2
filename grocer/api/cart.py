"""API routes: cart."""

from fastapi import APIRouter

router = APIRouter(tags=["cart"])
