"""Which of the shop's languages a request, a form or a stored preference asks for.

The browser translates the page (assets/translator.js); the server needs the language for what
it writes itself: e-mails, geocoding preferences, the account's preferred language, and the
HTML it sends before the app runs (page preview, loading shell, link previews). The browser keeps
the shopper's choice in localStorage and mirrors it into the `grocer_lang` cookie
(assets/i18n.js), the only copy a first request carries.
"""

from __future__ import annotations

from collections.abc import Mapping
from urllib.parse import parse_qs

from grocer.models.constants import DEFAULT_LANGUAGE, LANGUAGES

__all__ = [
    "DEFAULT_LANGUAGE",
    "LANGUAGES",
    "LANGUAGE_COOKIE",
    "cookie_language",
    "page_language",
    "language_or_default",
    "language_from_header",
    "supported_language",
]

_HEADER_PARTS_READ = 8
LANGUAGE_COOKIE = "grocer_lang"
"""The cookie assets/i18n.js writes with the shopper's language (same name there)."""


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


def cookie_language(cookie_header: str | None) -> str | None:
    """The supported language of the `grocer_lang` cookie in a Cookie header, else None. Read
    by hand: a stdlib cookie parser drops every cookie after one odd value (another site's or
    an extension's cookie must not hide ours)."""
    for part in (cookie_header or "").split(";"):
        name, _, value = part.strip().partition("=")
        if name == LANGUAGE_COOKIE:
            value = value.strip().strip('"')
            return supported_language(value) if len(value) in (2, 5) else None
    return None


def page_language(query: str | Mapping[str, list[str]], headers: Mapping[str, str]) -> str:
    """The language of a page the server writes: `?lang=` (shared links, crawlers, hreflang
    alternates), else the `grocer_lang` cookie (the shopper's choice), else `Accept-Language`,
    else French. One order for every server-written page; an unsupported `?lang=` is ignored
    (a page, unlike the API, answers anyway)."""
    params = parse_qs(query) if isinstance(query, str) else query
    asked = (params.get("lang") or [""])[0].strip()
    return (
        (supported_language(asked) if len(asked) in (2, 5) else None)
        or cookie_language(headers.get("cookie"))
        or language_from_header(headers.get("accept-language"))
    )
