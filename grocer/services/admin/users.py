"""Accounts in the back-office (admins only): search, details, disable and enable, roles.

A disabled account's tokens stop working at once: every session is revoked in the same
transaction (the API's and the Reflex handlers' token check also reads `is_active`), so an
open tab is signed out at its next event or live check. An admin cannot disable their own
account or take their own admin role away: the shop would risk having no admin left."""

from __future__ import annotations

from datetime import datetime
from typing import Any

import sqlalchemy as sa
from sqlmodel import Session, col, func, or_, select
from typing_extensions import TypedDict

from grocer.models import Order, User
from grocer.models.base import as_utc, iso_utc, utcnow
from grocer.models.constants import ADMIN_ROLE, CONSUMER_ROLE, ROLES
from grocer.services import tokens
from grocer.services.admin import access, audit
from grocer.services.admin.paging import Page, check_page, contains_pattern, search_text
from grocer.services.errors import Conflict, NotFound, ValidationFailed
from grocer.services.validation import check_bool


class AdminUserDict(TypedDict):
    id: int
    username: str
    email: str
    firstName: str
    lastName: str
    roles: list[str]
    isActive: bool
    emailVerified: bool
    registrationDate: str | None
    lastLogin: str | None
    orders: int


def _user_dict(user: User, order_count: int) -> AdminUserDict:
    assert user.id is not None
    return AdminUserDict(
        id=user.id,
        username=user.username,
        email=user.email,
        firstName=user.first_name,
        lastName=user.last_name,
        roles=list(user.roles or []),
        isActive=user.is_active,
        emailVerified=user.email_verified,
        registrationDate=iso_utc(user.registration_date),
        lastLogin=iso_utc(user.last_login),
        orders=order_count,
    )


def _order_counts(db: Session, ids: list[int]) -> dict[int, int]:
    if not ids:
        return {}
    rows = db.exec(
        select(Order.user_id, func.count())
        .where(col(Order.user_id).in_(ids))
        .group_by(col(Order.user_id))
    ).all()
    return {int(uid): int(n) for uid, n in rows}


def account_matches(words: str) -> sa.ColumnElement[bool]:
    """The accounts whose e-mail, user name or names hold `words` (any case)."""
    like = contains_pattern(words)
    return or_(
        func.lower(col(User.email)).like(like, escape="\\"),
        func.lower(col(User.username)).like(like, escape="\\"),
        func.lower(col(User.first_name) + " " + col(User.last_name)).like(like, escape="\\"),
    )


def search_users(
    db: Session, actor: User, *, q: Any = None, page: Any = 1, size: Any = 20
) -> Page[AdminUserDict]:
    """Accounts, newest first, by e-mail, user name or names (anonymised accounts left out)."""
    access.require(actor, "users")
    number, per_page = check_page(page, size)
    where = [col(User.deleted_at).is_(None)]
    words = search_text(q)
    if words:
        where.append(account_matches(words))
    total = db.exec(select(func.count()).select_from(User).where(*where)).one()
    rows = db.exec(
        select(User)
        .where(*where)
        .order_by(col(User.registration_date).desc(), col(User.id).desc())
        .offset((number - 1) * per_page)
        .limit(per_page)
    ).all()
    counts = _order_counts(db, [u.id for u in rows if u.id is not None])
    return Page(
        items=[_user_dict(u, counts.get(u.id or 0, 0)) for u in rows],
        total=int(total),
        page=number,
        size=per_page,
    )


def _account(db: Session, user_id: int) -> User:
    user = db.get(User, user_id)
    if user is None or user.deleted_at is not None:
        raise NotFound()
    return user


def user_detail(db: Session, actor: User, user_id: int) -> AdminUserDict:
    access.require(actor, "users")
    user = _account(db, user_id)
    return _user_dict(user, _order_counts(db, [user_id]).get(user_id, 0))


def set_active(
    db: Session, actor: User, user_id: int, active: Any, *, now: datetime | None = None
) -> AdminUserDict:
    """Disable (every session revoked at once) or enable an account; audited."""
    access.require(actor, "users")
    wanted = check_bool(active, field="active", label="actif")
    user = _account(db, user_id)
    if user.id == actor.id and not wanted:
        raise Conflict(
            "Vous ne pouvez pas désactiver votre propre compte", key="admin.errors.selfDisable"
        )
    moment = as_utc(now or utcnow())
    before = user.is_active
    if before != wanted:
        user.is_active = wanted
        db.add(user)
        if not wanted:
            tokens.revoke_user_tokens(db, user_id, moment)
        audit.record(
            db,
            actor,
            "user.active",
            "user",
            user_id,
            label=user.email,
            before={"isActive": before},
            after={"isActive": wanted},
            now=moment,
        )
        db.flush()
    return user_detail(db, actor, user_id)


def set_roles(
    db: Session, actor: User, user_id: int, roles: Any, *, now: datetime | None = None
) -> AdminUserDict:
    """An account's roles among consumer, staff and admin (at least one); audited. A change of
    roles takes effect at the account's next request: roles are read from its row."""
    access.require(actor, "users")
    if not isinstance(roles, list) or not roles or len(roles) > len(ROLES):
        raise ValidationFailed("roles", "Choisissez au moins un rôle : consumer, staff, admin")
    if any(not isinstance(r, str) or r not in ROLES for r in roles):
        raise _unknown_role()
    wanted = [r for r in ROLES if r in roles]  # one order, no repeats
    user = _account(db, user_id)
    if user.id == actor.id and ADMIN_ROLE not in wanted:
        raise Conflict(
            "Vous ne pouvez pas retirer votre propre rôle d'administrateur",
            key="admin.errors.selfDemote",
        )
    before = list(user.roles or [CONSUMER_ROLE])
    if before != wanted:
        user.roles = wanted
        db.add(user)
        audit.record(
            db,
            actor,
            "user.roles",
            "user",
            user_id,
            label=user.email,
            before={"roles": before},
            after={"roles": wanted},
            now=as_utc(now or utcnow()),
        )
        db.flush()
    return user_detail(db, actor, user_id)


def set_main_role(
    db: Session, actor: User, user_id: int, role: Any, *, now: datetime | None = None
) -> AdminUserDict:
    """The /admin page's role select: a shopper stays a consumer whatever else it is given
    (consumer; consumer and staff; consumer and admin)."""
    if not isinstance(role, str) or role not in ROLES:
        raise _unknown_role()
    roles = [CONSUMER_ROLE] if role == CONSUMER_ROLE else [CONSUMER_ROLE, role]
    return set_roles(db, actor, user_id, roles, now=now)


def _unknown_role() -> ValidationFailed:
    return ValidationFailed("roles", "Rôle inconnu (rôles possibles : consumer, staff, admin)")
