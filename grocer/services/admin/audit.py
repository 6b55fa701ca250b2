"""The audit trail: every back-office change is recorded in the same transaction as the change
itself (so a change that rolls back leaves no entry, and no change goes unrecorded). Entries are
only ever added: the mapper refuses to update or delete one, whatever the caller."""

from __future__ import annotations

from datetime import datetime
from typing import Any

import sqlalchemy as sa
from sqlalchemy import event
from sqlmodel import Session, col, func, select
from typing_extensions import TypedDict

from grocer.models import AuditEntry, User
from grocer.models.base import as_utc, iso_utc, utcnow
from grocer.services.admin import access
from grocer.services.admin.paging import Page, check_page
from grocer.services.errors import ServiceError
from grocer.services.validation import invalid_field, plain_text, record_id

NOTE_MAX = 500
ACTIONS: tuple[str, ...] = (
    "order.status",
    "user.active",
    "user.roles",
    "category.create",
    "category.update",
    "article.create",
    "article.update",
    "article.picture",
    "section.create",
    "section.update",
    "promotion.create",
    "promotion.update",
    "slot.template",
    "slot.capacity",
    "slot.closure",
)
#: What an entry's target is (the trail's `targetType` filter).
TARGET_TYPES: tuple[str, ...] = (
    "order",
    "user",
    "category",
    "article",
    "section",
    "promotion",
    "slot",
    "slot_template",
    "slot_closure",
)


class AppendOnly(ServiceError):
    status = 409
    key = "admin.errors.auditAppendOnly"
    message = "Le journal des modifications ne se modifie pas"


@event.listens_for(AuditEntry, "before_update")
@event.listens_for(AuditEntry, "before_delete")
def _refuse_change(_mapper: Any, _connection: Any, _target: AuditEntry) -> None:
    raise AppendOnly()


class AuditDict(TypedDict):
    id: int
    at: str | None
    actorId: int
    actorName: str
    action: str
    targetType: str
    targetId: int
    targetLabel: str
    before: dict[str, Any]
    after: dict[str, Any]
    note: str


def record(
    db: Session,
    actor: User,
    action: str,
    target_type: str,
    target_id: int,
    *,
    label: str = "",
    before: dict[str, Any],
    after: dict[str, Any],
    note: str = "",
    now: datetime | None = None,
) -> None:
    """Add one entry (the caller's transaction commits it with the change)."""
    assert action in ACTIONS and actor.id is not None
    db.add(
        AuditEntry(
            created_at=as_utc(now or utcnow()),
            actor_id=actor.id,
            actor_name=actor.username,
            action=action,
            target_type=target_type,
            target_id=target_id,
            target_label=label[:254],
            before=before,
            after=after,
            note=note[:NOTE_MAX],
        )
    )


def clean_note(value: Any) -> str:
    """A change's note: optional plain text of at most NOTE_MAX characters."""
    if value is None:
        return ""
    return plain_text(value, field="note", label="note", max_length=NOTE_MAX) or ""


def entry_dict(entry: AuditEntry) -> AuditDict:
    assert entry.id is not None
    return AuditDict(
        id=entry.id,
        at=iso_utc(entry.created_at),
        actorId=entry.actor_id,
        actorName=entry.actor_name,
        action=entry.action,
        targetType=entry.target_type,
        targetId=entry.target_id,
        targetLabel=entry.target_label,
        before=dict(entry.before or {}),
        after=dict(entry.after or {}),
        note=entry.note,
    )


def list_entries(
    db: Session,
    actor: User,
    *,
    action: Any = None,
    actor_id: Any = None,
    target_type: Any = None,
    target_id: Any = None,
    page: Any = 1,
    size: Any = 20,
) -> Page[AuditDict]:
    """The trail, newest first, filtered by action, author and target (admins only)."""
    access.require(actor, "audit")
    number, per_page = check_page(page, size)
    where: list[sa.ColumnElement[bool]] = []
    if action is not None:
        if action not in ACTIONS:
            raise _bad("action")
        where.append(col(AuditEntry.action) == action)
    if target_type is not None:
        if target_type not in TARGET_TYPES:
            raise _bad("targetType")
        where.append(col(AuditEntry.target_type) == target_type)
    for field, column, value in (
        ("actorId", AuditEntry.actor_id, actor_id),
        ("targetId", AuditEntry.target_id, target_id),
    ):
        if value is not None:
            ident = record_id(value)
            if ident is None:
                raise _bad(field)
            where.append(col(column) == ident)
    total = db.exec(select(func.count()).select_from(AuditEntry).where(*where)).one()
    rows = db.exec(
        select(AuditEntry)
        .where(*where)
        .order_by(col(AuditEntry.created_at).desc(), col(AuditEntry.id).desc())
        .offset((number - 1) * per_page)
        .limit(per_page)
    ).all()
    return Page(items=[entry_dict(r) for r in rows], total=int(total), page=number, size=per_page)


def _bad(field: str) -> ServiceError:
    return invalid_field(field, field)
