"""The back-office's audit trail: every change made from /admin or the admin API, who made it,
when, and the values before and after. Append-only from the application's point of view: the
mapper refuses an update or a delete of an entry (grocer.services.admin.audit)."""

from __future__ import annotations

from datetime import datetime
from typing import Any

from sqlmodel import Field, SQLModel

from grocer.models.base import json_field, utcnow


class AuditEntry(SQLModel, table=True):
    __tablename__ = "audit_entries"

    id: int | None = Field(default=None, primary_key=True)
    created_at: datetime = Field(default_factory=utcnow, index=True)
    # No foreign key: the trail outlives the accounts it names (the purge anonymises users).
    actor_id: int = Field(index=True)
    actor_name: str = Field(max_length=150)
    action: str = Field(max_length=40, index=True)  # "order.status", "user.active", …
    target_type: str = Field(max_length=20)  # "order", "user"
    target_id: int = Field(index=True)
    target_label: str = Field(default="", max_length=254)  # the order's number, the e-mail
    before: dict[str, Any] = json_field(default_factory=dict)
    after: dict[str, Any] = json_field(default_factory=dict)
    note: str = Field(default="", max_length=500)
