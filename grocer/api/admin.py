"""API routes of the back-office (issue 17, ★): orders, accounts, the audit trail and the
dashboard, under /admin. Every route needs a signed-in account with the area's role (401
without a token, 403 for a shopper; staff may use orders, not accounts or the trail). The
services check the role again themselves: they are what the /admin pages call too.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Annotated, Any

from fastapi import APIRouter, Depends, Query
from pydantic import StrictBool

from grocer.api.auth import Now
from grocer.api.deps import CurrentUser, SessionDep
from grocer.api.params import PageNumber, PathId
from grocer.api.schemas_account import CamelModel
from grocer.api.schemas_auth import error_responses
from grocer.models import User
from grocer.services.admin import access, audit, orders, users
from grocer.services.admin.audit import AuditDict
from grocer.services.admin.orders import AdminOrderDict, DashboardDict, OrderRowDict
from grocer.services.admin.paging import MAX_SIZE, Page
from grocer.services.admin.users import AdminUserDict

router = APIRouter(prefix="/admin", tags=["admin"], responses=error_responses(401, 403))

Size = Annotated[int, Query(ge=1, le=MAX_SIZE, description=f"rows a page (1 to {MAX_SIZE})")]
Search = Annotated[str | None, Query(max_length=100, description="words to look for")]


def _in_area(area: access.Area) -> Callable[[User], User]:
    def check(user: CurrentUser) -> User:
        return access.require(user, area)

    return check


OrdersActor = Annotated[User, Depends(_in_area("orders"))]
UsersActor = Annotated[User, Depends(_in_area("users"))]
AuditActor = Annotated[User, Depends(_in_area("audit"))]


class StatusIn(CamelModel):
    status: str | None = None
    note: str | None = None


class ActiveIn(CamelModel):
    active: StrictBool | None = None


class RolesIn(CamelModel):
    roles: list[Any] | None = None


# Orders ---------------------------------------------------------------------------------------


@router.get("/dashboard", response_model=DashboardDict)
def dashboard(actor: OrdersActor, db: SessionDep, now: Now) -> Any:
    """Today's and the week's orders by status, revenue in XOF, payments to review."""
    return orders.dashboard(db, actor, now=now)


@router.get("/orders", response_model=Page[OrderRowDict])
def list_orders(
    actor: OrdersActor,
    db: SessionDep,
    status: Annotated[str | None, Query(max_length=20)] = None,
    date_from: Annotated[str | None, Query(alias="from", max_length=10)] = None,
    date_to: Annotated[str | None, Query(alias="to", max_length=10)] = None,
    q: Search = None,
    page: PageNumber = 1,
    size: Size = 20,
) -> Any:
    """Orders, newest first, by status, creation day (`from`, `to`: YYYY-MM-DD) and number or
    customer (`q`)."""
    return orders.list_orders(
        db, actor, status=status, date_from=date_from, date_to=date_to, q=q, page=page, size=size
    )


@router.get("/orders/{order_id}", response_model=AdminOrderDict, responses=error_responses(404))
def order_detail(order_id: PathId, actor: OrdersActor, db: SessionDep) -> Any:
    return orders.order_detail(db, actor, order_id)


@router.post(
    "/orders/{order_id}/status",
    response_model=AdminOrderDict,
    responses=error_responses(400, 404, 409),
)
def change_status(
    order_id: PathId, body: StatusIn, actor: OrdersActor, db: SessionDep, now: Now
) -> Any:
    """Move the order to `status` (409 when its life cycle does not allow it), with a note."""
    return orders.change_status(db, actor, order_id, body.status, body.note, now=now)


# Accounts -------------------------------------------------------------------------------------


@router.get("/users", response_model=Page[AdminUserDict])
def search_users(
    actor: UsersActor, db: SessionDep, q: Search = None, page: PageNumber = 1, size: Size = 20
) -> Any:
    return users.search_users(db, actor, q=q, page=page, size=size)


@router.get("/users/{user_id}", response_model=AdminUserDict, responses=error_responses(404))
def user_detail(user_id: PathId, actor: UsersActor, db: SessionDep) -> Any:
    return users.user_detail(db, actor, user_id)


@router.put(
    "/users/{user_id}/active",
    response_model=AdminUserDict,
    responses=error_responses(400, 404, 409),
)
def set_active(user_id: PathId, body: ActiveIn, actor: UsersActor, db: SessionDep, now: Now) -> Any:
    """Disable (every session ends at once) or enable an account."""
    return users.set_active(db, actor, user_id, body.active, now=now)


@router.put(
    "/users/{user_id}/roles", response_model=AdminUserDict, responses=error_responses(400, 404, 409)
)
def set_roles(user_id: PathId, body: RolesIn, actor: UsersActor, db: SessionDep, now: Now) -> Any:
    """The account's roles among consumer, staff and admin."""
    return users.set_roles(db, actor, user_id, body.roles, now=now)


# The audit trail ------------------------------------------------------------------------------


@router.get("/audit", response_model=Page[AuditDict])
def audit_trail(
    actor: AuditActor,
    db: SessionDep,
    action: Annotated[str | None, Query(max_length=40)] = None,
    actor_id: Annotated[int | None, Query(alias="actorId", ge=1, le=2**31 - 1)] = None,
    target_type: Annotated[str | None, Query(alias="targetType", max_length=20)] = None,
    target_id: Annotated[int | None, Query(alias="targetId", ge=1, le=2**31 - 1)] = None,
    page: PageNumber = 1,
    size: Size = 20,
) -> Any:
    """Every back-office change, newest first, filterable by action, author and target."""
    return audit.list_entries(
        db,
        actor,
        action=action,
        actor_id=actor_id,
        target_type=target_type,
        target_id=target_id,
        page=page,
        size=size,
    )
