"""The phone menu (spec 001 §2): a drawer with an accordion of categories, the delivery
address, the language select (Français, English, Español, Deutsch), the currency ("Devise"),
sign-in and sign-up. A Radix dialog: focus trapped, Escape closes, focus returns to "Menu".
"""

from __future__ import annotations

from typing import Any

import reflex as rx
from reflex_components_core.react_router.dom import ReactRouterLink

from grocer.components.auth_buttons import sign_in_button, sign_up_button
from grocer.components.buttons import ROUND, icon_button
from grocer.components.category_bar import (
    category_picture,
    level_one_href,
    level_three_href,
    level_two_href,
)
from grocer.components.dialog import DialogDescription, DialogTitle
from grocer.components.header import address_link, currency_marker, currency_select, language_select
from grocer.components.i18n import t
from grocer.components.icons import icon, logo
from grocer.components.skeleton import block
from grocer.components.triggered_dialog import close_button, closing, triggered_dialog
from grocer.state.catalogue import CatalogueState
from grocer.state.session import SessionState
from grocer.views.catalogue import NavNode
from grocer.views.styles import FOCUS


def _closing_link(label: Any, href: rx.Var[str] | str, class_name: str) -> rx.Component:
    return closing(ReactRouterLink.create(label, to=href, class_name=f"{class_name} {FOCUS}"))


def _see_all(name: rx.Var[str], href: rx.Var[str]) -> rx.Component:
    """ "Voir tout {name}": a category's own page, first in its list."""
    return rx.el.li(
        _closing_link(
            t("catalogue:seeAll", name=name),
            href,
            "block rounded-md px-3 py-2 text-sm font-semibold text-green-700",
        )
    )


def _level_two(main: rx.Var[NavNode], sub: rx.Var[NavNode]) -> rx.Component:
    leaves = sub["children"]
    return rx.el.li(
        rx.el.details(
            rx.el.summary(
                sub["name"],
                icon("chevron-down", 16, "transition group-open/l2:rotate-180"),
                class_name=(
                    "flex cursor-pointer list-none items-center justify-between rounded-lg px-3 "
                    f"py-2 text-sm font-medium text-gray-800 hover:bg-gray-50 {FOCUS}"
                ),
            ),
            rx.el.ul(
                _see_all(sub["name"], level_two_href(main["id"], sub["id"])),
                rx.foreach(
                    leaves,
                    lambda leaf: rx.el.li(
                        _closing_link(
                            leaf["name"],
                            level_three_href(main["id"], leaf["id"]),
                            "block rounded-md px-3 py-2 text-sm text-gray-700 hover:bg-green-50",
                        )
                    ),
                ),
                class_name="ml-3 border-l border-gray-100 pl-2",
            ),
            class_name="group/l2",
        ),
    )


def _level_one(cat: rx.Var[NavNode]) -> rx.Component:
    subs = cat["children"]
    return rx.el.li(
        rx.el.details(
            rx.el.summary(
                rx.el.span(
                    category_picture(cat, 32),
                    cat["name"],
                    class_name="flex items-center gap-3",
                ),
                icon("chevron-down", 18, "transition group-open/l1:rotate-180"),
                class_name=(
                    "flex cursor-pointer list-none items-center justify-between rounded-xl px-3 "
                    f"py-2.5 text-base font-semibold text-gray-900 hover:bg-gray-50 {FOCUS}"
                ),
            ),
            rx.el.ul(
                _see_all(cat["name"], level_one_href(cat["id"])),
                rx.cond(
                    subs.length() > 0,
                    rx.foreach(subs, lambda sub: _level_two(cat, sub)),
                    rx.el.li(
                        t("catalogue:noSubcategory"), class_name="px-3 py-2 text-sm text-gray-500"
                    ),
                ),
                class_name="mt-1 space-y-0.5 pl-2",
            ),
            class_name="group/l1",
        ),
    )


_DRAWER_SIGN_IN = f"h-11 flex-1 rounded-full border-2 border-green-700 text-sm font-semibold text-green-800 {FOCUS}"
_LABEL = "text-sm font-semibold text-gray-700"
_DRAWER_SIGN_UP = f"h-11 flex-1 rounded-full bg-green-700 text-sm font-semibold text-white {FOCUS}"


def _sign_in_up() -> rx.Component:
    """Signed in: the shopper's name; signed out: sign in and sign up (closing the drawer)."""
    return rx.cond(
        SessionState.is_authenticated,
        rx.el.p(
            icon("user", 18),
            SessionState.first_name_or_username,
            class_name="flex items-center gap-2 px-1 text-sm font-semibold text-gray-800",
        ),
        rx.el.div(
            closing(sign_in_button(t("common:drawerSignIn"), _DRAWER_SIGN_IN)),
            closing(sign_up_button(t("common:signUp"), _DRAWER_SIGN_UP)),
            class_name="flex gap-2",
        ),
    )


def _settings() -> rx.Component:
    """Language and currency, with labels (the header's selects in their light look)."""
    return rx.el.div(
        rx.el.label(t("common:language"), html_for="drawer-language", class_name=_LABEL),
        language_select(full_names=True, select_id="drawer-language"),
        rx.el.div(
            rx.el.label(t("common:currency"), html_for="drawer-currency", class_name=_LABEL),
            currency_marker(light=True),
            class_name="mt-3 flex items-center justify-between",
        ),
        currency_select(light=True, select_id="drawer-currency"),
        class_name="flex flex-col gap-1.5 border-t border-gray-100 pt-4",
    )


def mobile_menu() -> rx.Component:
    """The "Menu" button (phones and tablets) and its drawer."""
    return triggered_dialog(
        icon_button(
            t("common:menu"),
            f"{ROUND} h-11 w-11 text-gray-800 hover:bg-gray-100 lg:hidden {FOCUS}",
            icon("menu", 24),
            custom_attrs={"data-tap": "menu"},
        ),
        rx.el.div(
            logo(),
            close_button(t("common:close")),
            class_name="flex items-center justify-between border-b border-gray-100 px-4 py-3",
        ),
        DialogTitle.create(t("common:menu"), class_name="sr-only"),
        DialogDescription.create(t("common:menuHint"), class_name="sr-only"),
        rx.el.div(
            _sign_in_up(),
            closing(address_link(light=True)),
            rx.el.nav(
                rx.el.h2(
                    t("catalogue:categories"),
                    class_name="px-1 text-xs font-bold uppercase tracking-wide text-gray-500",
                ),
                rx.el.ul(
                    rx.cond(
                        CatalogueState.nav_loaded,
                        rx.foreach(CatalogueState.nav, _level_one),
                        rx.fragment(
                            *(rx.el.li(block("h-10 w-full"), class_name="py-1") for _ in range(6))
                        ),
                    ),
                    class_name="mt-2 space-y-0.5",
                ),
                aria_label=t("catalogue:categories"),
            ),
            _settings(),
            class_name="flex flex-1 flex-col gap-4 overflow-y-auto px-4 py-4",
        ),
        content_class=(
            "fixed inset-y-0 left-0 z-50 flex w-[88vw] max-w-sm flex-col bg-white shadow-xl "
            "focus:outline-none"
        ),
    )
