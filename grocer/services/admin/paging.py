"""One page of a back-office list: lists are paged on the server (a shop has thousands of
orders and accounts), 20 rows by default, at most 100."""

from __future__ import annotations

from typing import Any, Generic, TypeVar

from typing_extensions import TypedDict

from grocer.models.constants import MAX_ID
from grocer.services.errors import ValidationFailed
from grocer.services.validation import clean_text, record_id

T = TypeVar("T")
DEFAULT_SIZE = 20
MAX_SIZE = 100


class Page(TypedDict, Generic[T]):
    items: list[T]
    total: int
    page: int
    size: int


def check_page(page: Any, size: Any) -> tuple[int, int]:
    """The page number (1..2^31-1) and size (1..MAX_SIZE), else ValidationFailed (400)."""
    number = record_id(page)
    if number is None:
        raise ValidationFailed("page", f"La page doit être un entier de 1 à {MAX_ID}")
    per_page = record_id(size)
    if per_page is None or per_page > MAX_SIZE:
        raise ValidationFailed("size", f"La taille doit être un entier de 1 à {MAX_SIZE}")
    return number, per_page


def search_text(value: Any, field: str = "q") -> str | None:
    """A list's search words: trimmed, at most 100 characters, None when blank."""
    return clean_text(value, field=field, label="recherche", max_length=100)


def contains_pattern(words: str) -> str:
    """A LIKE pattern (escape character backslash) finding `words`, lower-cased, anywhere:
    the words' own % and _ match themselves."""
    escaped = words.lower().replace("\\", "\\\\").replace("%", "\\%").replace("_", "\\_")
    return f"%{escaped}%"
