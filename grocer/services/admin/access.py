"""Who may use which part of the back-office. Roles come from the account's row (the verified
token's user), never from what a client says it is.

- admin: everything;
- staff: orders (with the payments review) and slots, not accounts, catalogue or prices.
"""

from __future__ import annotations

from collections.abc import Iterable
from typing import Literal

from grocer.models import User
from grocer.models.constants import ADMIN_ROLE, STAFF_ROLE
from grocer.services.errors import Forbidden

Area = Literal["orders", "slots", "users", "catalogue", "audit"]
AREAS: tuple[Area, ...] = ("orders", "slots", "users", "catalogue", "audit")
STAFF_AREAS: frozenset[Area] = frozenset({"orders", "slots"})


def role_areas(roles: Iterable[str]) -> frozenset[Area]:
    """The parts of the back-office these roles open (none for a shopper)."""
    held = set(roles)
    if ADMIN_ROLE in held:
        return frozenset(AREAS)
    if STAFF_ROLE in held:
        return STAFF_AREAS
    return frozenset()


def areas(user: User | None) -> frozenset[Area]:
    """The parts of the back-office this account may use (a disabled account: none)."""
    if user is None or not user.is_active:
        return frozenset()
    return role_areas(user.roles or [])


def require(user: User, area: Area) -> User:
    """The actor, when allowed in `area`; Forbidden (403) otherwise."""
    if area not in areas(user):
        raise Forbidden()
    return user


def areas_of(_db: object, user: User) -> list[Area]:
    """`areas` in the back-office's order, for a caller that has a session (the /admin
    page's guard, through grocer.state.worker.call)."""
    allowed = areas(user)
    return [area for area in AREAS if area in allowed]
