"""What every catalogue screen's service shares (categories, articles, home sections and
promotions): names and descriptions with their en/es/de translations, the changed fields an
audit entry keeps, keys made from names, and one writer at a time on a table."""

from __future__ import annotations

import secrets
from collections.abc import Iterable
from typing import Any

import sqlalchemy as sa
from sqlmodel import Session, col, select
from typing_extensions import TypedDict

from grocer.models import Article, Category
from grocer.models.catalogue import CatalogueTranslation
from grocer.seed.demo_data import slugify
from grocer.services import translations
from grocer.services.errors import ValidationFailed
from grocer.services.validation import plain_text

NAME_MAX = 200
DESCRIPTION_MAX = 5000
#: The languages names are translated into (French is the row itself).
OTHER_LANGUAGES: tuple[str, ...] = ("en", "es", "de")


class TextsDict(TypedDict):
    """A row's name and description in one other language ("" when French is shown)."""

    name: str
    description: str


def text(value: Any, field: str, label: str, max_length: int) -> str | None:
    return plain_text(value, field=field, label=label, max_length=max_length)


def required_text(value: Any, field: str, label: str, max_length: int = NAME_MAX) -> str:
    found = text(value, field, label, max_length)
    if not found:
        raise ValidationFailed(field, f"Le champ {label} est obligatoire", key="errors.required")
    return found


def clean_translations(value: Any, *, with_description: bool) -> dict[str, TextsDict]:
    """{"en": {"name": …, "description": …}, …}: only en, es and de, within the French
    limits; a blank text means the French one is shown."""
    if value is None:
        return {}
    if not isinstance(value, dict) or any(lang not in OTHER_LANGUAGES for lang in value):
        raise ValidationFailed(
            "translations", "Les traductions sont en anglais (en), espagnol (es) ou allemand (de)"
        )
    allowed = {"name", "description"} if with_description else {"name"}
    out: dict[str, TextsDict] = {}
    for lang, texts in value.items():
        if not isinstance(texts, dict) or set(texts) - allowed:
            raise ValidationFailed(f"translations.{lang}", "Traduction invalide")
        name = text(texts.get("name"), f"translations.{lang}.name", "nom", NAME_MAX)
        description = text(
            texts.get("description"),
            f"translations.{lang}.description",
            "description",
            DESCRIPTION_MAX,
        )
        out[lang] = TextsDict(name=name or "", description=description or "")
    return out


def stored_texts(db: Session, kind: str, ids: Iterable[int]) -> dict[int, dict[str, TextsDict]]:
    """ref_id → lang → texts, for every row of `kind` among `ids` that has translations."""
    wanted = sorted(set(ids))
    out: dict[int, dict[str, TextsDict]] = {}
    for start in range(0, len(wanted), 500):
        rows = db.exec(
            select(CatalogueTranslation).where(
                col(CatalogueTranslation.kind) == kind,
                col(CatalogueTranslation.ref_id).in_(wanted[start : start + 500]),
            )
        ).all()
        for row in rows:
            if row.lang in OTHER_LANGUAGES:
                out.setdefault(row.ref_id, {})[row.lang] = TextsDict(
                    name=row.name or "", description=row.description or ""
                )
    return out


def put_texts(
    db: Session, kind: str, ref_id: int, old: dict[str, TextsDict], new: dict[str, TextsDict]
) -> tuple[dict[str, Any], dict[str, Any]]:
    """Store the translations given; the audit's (before, after) when they changed."""
    if not new:
        return {}, {}
    translations.put(
        db,
        kind,
        [(ref_id, lang, t["name"] or None, t["description"] or None) for lang, t in new.items()],
    )
    merged = {**old, **new}
    if merged == old:
        return {}, {}
    return {"translations": old}, {"translations": merged}


def changed(before: dict[str, Any], after: dict[str, Any]) -> tuple[dict[str, Any], dict[str, Any]]:
    """Only the fields whose value changed, before and after (the audit trail's entry)."""
    keys = [k for k in after if before.get(k) != after[k]]
    return {k: before.get(k) for k in keys}, {k: after[k] for k in keys}


def new_key(db: Session, model: type[Category] | type[Article], name: str, limit: int) -> str:
    """A stable key from the name (the seed's keys look the same), unique."""
    base = (slugify(name) or "x")[: limit - 8]
    key = base
    while db.exec(select(model.id).where(col(model.key) == key)).first() is not None:
        key = f"{base}-{secrets.token_hex(3)}"
    return key


def write_lock(db: Session, model: type[Category] | type[Article], number: int) -> None:
    """Serialise writers of `model`'s table: PostgreSQL takes the transaction-scoped advisory
    lock `number` (it also covers rows being inserted, which a row lock would not); SQLite has
    no row locks, so a no-op UPDATE takes its database write lock at once, before anything is
    read."""
    if db.get_bind().dialect.name == "sqlite":
        db.exec(sa.update(model).where(col(model.id) == 0).values(id=model.id))
    else:
        db.exec(sa.select(sa.func.pg_advisory_xact_lock(number)))
