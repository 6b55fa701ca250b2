"""The shopper's language, as the server knows it.

The UI language lives in the browser (assets/i18n.js), which reads and writes
localStorage `preferredLanguage`; switching is instant and needs no server. This state mirrors
that preference for server-side uses (e.g. the account settings). A switch is made in the
browser, by the page's own code (grocer.components.header), then recorded here with
`remember`: a handler cannot tell the browser to switch, since code sent by a handler would
need eval, which the Content-Security-Policy forbids (grocer.web.security_headers).
"""

from __future__ import annotations

from typing import Any

import reflex as rx

from grocer.services.languages import (
    DEFAULT_LANGUAGE,
    LANGUAGES,
    page_language,
    supported_language,
)

__all__ = [
    "DEFAULT_LANGUAGE",
    "LANGUAGES",
    "LanguageState",
    "router_language",
    "supported_language",
]


def router_language(router: Any) -> str:
    """The language the server wrote the page in (`?lang=`, the `grocer_lang` cookie,
    Accept-Language, French), read from the page's address and the websocket's headers: the
    catalogue states start in it, so what replaces the page preview is in the preview's language
    rather than French until the browser reports its own (LanguageWatch)."""
    try:
        query = router.url.query or ""
        headers = {
            "cookie": router.headers.cookie or "",
            "accept-language": router.headers.accept_language or "",
        }
    except AttributeError:
        return DEFAULT_LANGUAGE
    return page_language(query, headers)


class LanguageState(rx.State):
    language: str = rx.LocalStorage(DEFAULT_LANGUAGE, name="preferredLanguage", sync=True)

    @rx.var
    def code(self) -> str:
        return supported_language(self.language) or DEFAULT_LANGUAGE

    @rx.event
    def remember(self, code: str) -> None:
        """Record a choice the browser already applied (the header and drawer selects)."""
        chosen = supported_language(code)
        if chosen:
            self.language = chosen
