"""/account: which section shows, and the guard (001 §2 "Account page", §6).

The section is in the address (`/account?section=orders`), so every section can be linked to
and the account menu's entries open theirs. A signed-out visitor goes to / with the sign-in
dialog and comes back to the section asked for. Each section's own state loads its data when
the section is shown (its component's on_mount) and checks the signed-in user itself.
"""

from __future__ import annotations

from typing import Any

import reflex as rx

from grocer.state import route_guard, session_events

ROUTE = "/account"
SECTIONS: tuple[str, ...] = (
    "profile",
    "addresses",
    "payment",
    "orders",
    "favorites",
    "credit",
    "giftcards",
    "referral",
    "settings",
)
DEFAULT_SECTION = SECTIONS[0]


def section_route(section: str) -> str:
    return f"{ROUTE}?section={section}"


def section_of(query: Any) -> str:
    """The section a query asks for; the profile for anything unknown."""
    value = query.get("section") if hasattr(query, "get") else None
    return value if isinstance(value, str) and value in SECTIONS else DEFAULT_SECTION


class AccountState(rx.State):
    section: str = DEFAULT_SECTION
    ready: bool = False  # the guard let the shopper in

    @rx.event
    async def load(self):
        """On load of /account (and on every section change): the section, then the guard."""
        self.section = section_of(self.router.url.query_parameters)
        user_id, away = await route_guard.require_sign_in(self, section_route(self.section))
        self.ready = user_id is not None
        return away or None

    @rx.event
    def open_section(self, name: str):
        """A click in the navigation: shown at once, then the address follows."""
        if name not in SECTIONS:
            return None
        self.section = name
        return rx.redirect(section_route(name))


async def _leave_the_account(state: rx.State) -> Any:
    """Signed out (here, in another tab, or by the server): the account area closes, and a
    shopper looking at it goes to the shop."""
    account = await state.get_state(AccountState)
    account.ready = False
    return route_guard.leave("/") if state.router.url.path == ROUTE else None


session_events.on(session_events.LOGGED_OUT)(_leave_the_account)
session_events.on(session_events.ENDED)(_leave_the_account)
