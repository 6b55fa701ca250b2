"""The one ownership rule (a customer acts on their own resources, an admin on any) and the
persistence helpers of per-user rows that build on it: owned-row lookup, one default per user,
the per-user write lock. The address, payment method, settings, gift card, credit, order, cart
and account services share them, so that each is written once.
"""

from __future__ import annotations

from typing import TypeVar

import sqlalchemy as sa
from sqlmodel import Session, col, select

from grocer.models import Address, PaymentMethod, User
from grocer.models.constants import ADMIN_ROLE
from grocer.services.errors import NotFound

Owned = TypeVar("Owned", Address, PaymentMethod)


def is_admin(user: User) -> bool:
    return ADMIN_ROLE in (user.roles or [])


def ensure_owner(actor: User, owner_id: int | None) -> None:
    """Raise NotFound (not Forbidden: no hint that the resource exists) unless allowed."""
    if owner_id is None or (owner_id != actor.id and not is_admin(actor)):
        raise NotFound()


def ensure_account(db: Session, actor: User, user_id: int) -> User:
    """The account `user_id` when the actor may act on it (itself, or any for an admin)."""
    ensure_owner(actor, user_id)
    user = actor if actor.id == user_id else db.get(User, user_id)
    if user is None:
        raise NotFound()
    return user


def get_owned(db: Session, actor: User, model: type[Owned], row_id: int) -> Owned:
    """A row of a per-user table, or NotFound: others' rows look exactly like missing ones."""
    row = db.get(model, row_id)
    if row is None:
        raise NotFound()
    ensure_owner(actor, row.user_id)
    return row


def list_owned(db: Session, actor: User, model: type[Owned], user_id: int) -> list[Owned]:
    """A user's rows of a per-user table, the default first, then the newest; NotFound when
    the actor may not see that account."""
    ensure_account(db, actor, user_id)
    rows = db.exec(
        select(model)
        .where(col(model.user_id) == user_id)
        .order_by(col(model.is_default).desc(), col(model.id).desc())
    ).all()
    return list(rows)


def lock_user(db: Session, user_id: int) -> None:
    """Serialise concurrent writers of one user's rows (one default, settings merge).

    PostgreSQL locks the user row; SQLite has no row locks, so a no-op UPDATE takes its
    database write lock at once, before anything is read.
    """
    if db.get_bind().dialect.name == "sqlite":
        db.exec(sa.update(User).where(col(User.id) == user_id).values(id=User.id))
    else:
        db.exec(sa.select(User.id).where(col(User.id) == user_id).with_for_update())


def keep_single_default(db: Session, model: type[Owned], user_id: int, default_id: int) -> None:
    """Clear the default flag on every other row of this user."""
    db.exec(
        sa.update(model)
        .where(
            col(model.user_id) == user_id,
            col(model.id) != default_id,
            col(model.is_default).is_(True),
        )
        .values(is_default=False)
    )


def promote_default_if_none(db: Session, model: type[Owned], user_id: int) -> None:
    """Give the user a default again (the newest row) when none is left."""
    rows = db.exec(
        select(model).where(col(model.user_id) == user_id).order_by(col(model.id).desc())
    ).all()
    if rows and not any(row.is_default for row in rows):
        rows[0].is_default = True
        db.add(rows[0])


def save_owned(db: Session, row: Owned) -> Owned:
    """Insert or update a row; if flagged default it alone keeps the flag, else one is ensured.

    Callers hold `lock_user` so that two concurrent saves cannot both end up default.
    """
    db.add(row)
    db.flush()
    assert row.id is not None
    if row.is_default:
        keep_single_default(db, type(row), row.user_id, row.id)
    else:
        promote_default_if_none(db, type(row), row.user_id)
    db.flush()
    db.refresh(row)
    return row


def delete_owned(db: Session, actor: User, model: type[Owned], row_id: int) -> None:
    """Delete one of the actor's rows; when it was the default, the newest remaining one is."""
    row = get_owned(db, actor, model, row_id)
    lock_user(db, row.user_id)
    db.delete(row)
    db.flush()
    promote_default_if_none(db, model, row.user_id)
    db.flush()
