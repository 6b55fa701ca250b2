"""The bounded integer parameters every router shares: path ids and page numbers.

Why: the id columns are 32-bit integers. An id beyond them reached SQLite as an OverflowError
(a 500) and a 22-digit page number overflowed the OFFSET; bounded at the door, both are the usual
400 "Champ invalide : <field>" and the bounds are in the OpenAPI schema.
"""

from __future__ import annotations

from typing import Annotated

from fastapi import Path, Query

# The largest id the integer columns hold is also the largest page number (its OFFSET, at most
# 100 rows a page, stays far within 64 bits).
from grocer.models.constants import MAX_ID

PathId = Annotated[int, Path(ge=1, le=MAX_ID, description="An id (1 to 2^31-1)")]
"""A resource id in the path: 1..2^31-1, else 400."""

PageNumber = Annotated[int, Query(ge=1, le=MAX_ID, description="1-based page (1 to 2^31-1)")]
"""A 1-based page number in the query: 1..2^31-1, else 400."""


def in_range(value: int) -> bool:
    """True when `value` is a valid id or page number (for hand-parsed query values)."""
    return 1 <= value <= MAX_ID


def shopper_language(lang: str | None, accept_language: str | None) -> str:
    """The catalogue's language for a request: `?lang=` (400 when the shop does not speak it),
    else the first supported language of `Accept-Language`, else French."""
    from grocer.services.errors import ValidationFailed
    from grocer.services.languages import LANGUAGES, language_from_header, supported_language

    if lang is None or not lang.strip():
        return language_from_header(accept_language)
    found = supported_language(lang) if len(lang.strip()) in (2, 5) else None
    if found is None:
        raise ValidationFailed(
            "lang", f"lang doit être l'une de : {', '.join(LANGUAGES)}", key="search.errors.lang"
        )
    return found
