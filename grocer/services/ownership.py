"""The one ownership rule: a customer acts on their own resources, an admin on any."""

from __future__ import annotations

from grocer.models import User
from grocer.services.errors import NotFound


def is_admin(user: User) -> bool:
    return "admin" in (user.roles or [])


def ensure_owner(actor: User, owner_id: int | None) -> None:
    """Raise NotFound (not Forbidden: no hint that the resource exists) unless allowed."""
    if owner_id is None or (owner_id != actor.id and not is_admin(actor)):
        raise NotFound()
