"""Which of the shop's languages a request, a form or a stored preference asks for.

The browser translates the page (i18next); the server needs the language for what it writes
itself: e-mails, geocoding preferences, the account's preferred language.
"""

from __future__ import annotations

from grocer.models.constants import DEFAULT_LANGUAGE, LANGUAGES

__all__ = [
    "DEFAULT_LANGUAGE",
    "LANGUAGES",
    "language_or_default",
    "language_from_header",
    "supported_language",
]

_HEADER_PARTS_READ = 8


def supported_language(code: object) -> str | None:
    """The two-letter code when the shop speaks it ("en-GB" → "en"), else None."""
    if not isinstance(code, str):
        return None
    short = code.strip().lower()[:2]
    return short if short in LANGUAGES else None


def language_or_default(code: object) -> str:
    """The supported language of `code`, else French."""
    return supported_language(code) or DEFAULT_LANGUAGE


def language_from_header(accept_language: str | None) -> str:
    """The first supported language of an Accept-Language header, else French."""
    for part in (accept_language or "").split(",")[:_HEADER_PARTS_READ]:
        found = supported_language(part.split(";")[0])
        if found:
            return found
    return DEFAULT_LANGUAGE
