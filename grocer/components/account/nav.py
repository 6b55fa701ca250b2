"""The account's navigation (001 §2): the sections down the left on a wide screen; on a phone,
chips that wrap over a few lines (all visible at once, the current one included, with no
sideways scrolling); the logout button under them."""

from __future__ import annotations

import reflex as rx

from grocer.components.i18n import t
from grocer.components.icons import stroke_icon
from grocer.state.account import SECTIONS, AccountState, section_route
from grocer.state.auth import AuthState
from grocer.views.styles import FOCUS

_ICONS: dict[str, tuple[str, ...]] = {
    "profile": ("M12 12a4 4 0 1 0 0-8 4 4 0 0 0 0 8Z", "M4 20a8 8 0 0 1 16 0"),
    "addresses": (
        "M12 21s-7-6.2-7-11.5a7 7 0 0 1 14 0C19 14.8 12 21 12 21Z",
        "M12 12.5a2.5 2.5 0 1 0 0-5 2.5 2.5 0 0 0 0 5Z",
    ),
    "payment": ("M3 6h18v12H3z", "M3 10h18", "M7 15h3"),
    "orders": ("M6 7h12l-1 13H7L6 7Z", "M9 7V6a3 3 0 0 1 6 0v1"),
    "favorites": ("M12 20s-7-4.4-9-9a5 5 0 0 1 9-3 5 5 0 0 1 9 3c-2 4.6-9 9-9 9Z",),
    "credit": ("M12 3v18", "M16 7H10a3 3 0 0 0 0 6h4a3 3 0 0 1 0 6H7"),
    "giftcards": (
        "M3 8h18v4H3z",
        "M5 12v9h14v-9",
        "M12 8v13",
        "M12 8S10 3 7.5 4 9 8 12 8Zm0 0s2-5 4.5-4S15 8 12 8Z",
    ),
    "referral": (
        "M16 11a3 3 0 1 0 0-6 3 3 0 0 0 0 6Z",
        "M8 13a3 3 0 1 0 0-6",
        "M2 20a6 6 0 0 1 12 0",
        "M14 20a6 6 0 0 1 8-5.6",
    ),
    "settings": (
        "M12 15a3 3 0 1 0 0-6 3 3 0 0 0 0 6Z",
        "M19 12a7 7 0 0 0-.1-1.2l2-1.6-2-3.4-2.4 1a7 7 0 0 0-2-1.2L14 3h-4l-.5 2.6a7 7 0 0 0-2 1.2l-2.4-1-2 3.4 2 1.6a7 7 0 0 0 0 2.4l-2 1.6 2 3.4 2.4-1a7 7 0 0 0 2 1.2L10 21h4l.5-2.6a7 7 0 0 0 2-1.2l2.4 1 2-3.4-2-1.6c.1-.4.1-.8.1-1.2Z",
    ),
}
_LOGOUT = ("M15 4h4v16h-4", "M10 17l5-5-5-5", "M15 12H3")

_ENTRY = (
    "flex items-center gap-3 whitespace-nowrap rounded-full border border-gray-200 px-3 py-1.5 "
    "text-sm font-medium md:w-full md:rounded-xl md:border-0 md:py-2.5 "
    f"{FOCUS}"
)


def _entry(section: str) -> rx.Component:
    current = AccountState.section == section
    return rx.el.li(
        rx.el.a(
            stroke_icon(_ICONS[section], 18, "hidden md:block"),
            t(f"account:nav.{section}"),
            href=section_route(section),
            on_click=[rx.prevent_default, AccountState.open_section(section)],
            aria_current=rx.cond(current, "page", None),
            class_name=rx.cond(
                current,
                f"{_ENTRY} border-green-700 bg-green-50 text-green-800",
                f"{_ENTRY} text-gray-700 hover:bg-gray-100",
            ),
        ),
    )


def account_nav() -> rx.Component:
    return rx.el.nav(
        rx.el.ul(
            *(_entry(section) for section in SECTIONS),
            class_name="flex flex-wrap gap-2 md:flex-col md:gap-1",
        ),
        rx.el.button(
            stroke_icon(_LOGOUT, 18),
            t("account:nav.logout"),
            type="button",
            on_click=AuthState.logout,
            class_name=(f"{_ENTRY} mt-4 hidden w-full text-red-700 hover:bg-red-50 md:flex"),
        ),
        aria_label=t("account:nav.label"),
        id="account-nav",
        class_name="md:sticky md:top-24 md:w-60 md:shrink-0 md:self-start",
    )


def phone_logout() -> rx.Component:
    """On a phone the logout button sits under the section (the tabs row has no room)."""
    return rx.el.button(
        stroke_icon(_LOGOUT, 18),
        t("account:nav.logout"),
        type="button",
        on_click=AuthState.logout,
        class_name=f"{_ENTRY} w-full justify-center border border-red-200 text-red-700 md:hidden",
    )
