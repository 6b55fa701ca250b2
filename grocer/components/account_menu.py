"""The signed-in account menu of the header (001 §2 "Account menu and welcome")."""

from __future__ import annotations

from typing import Any

import reflex as rx
from reflex_base.utils.format import format_queue_events

from grocer.components.auth_dialog import svg_icon
from grocer.components.dialog import FOCUS
from grocer.components.form_parts import CHECK
from grocer.components.i18n import t
from grocer.components.icons import icon_badge
from grocer.state.auth import AuthState
from grocer.state.session import SessionState

_USER = ("M12 12a4 4 0 1 0 0-8 4 4 0 0 0 0 8Z", "M4 20a8 8 0 0 1 16 0")
_CHEVRON = ("m6 9 6 6 6-6",)
_LOGOUT = ("M15 4h4v16h-4", "M10 17l5-5-5-5", "M15 12H3")
_BACK_OFFICE = ("M4 5h16v14H4z", "M4 9h16", "M9 9v10")

#: (section, message key, icon paths) of the menu entries; all go to /account (001 §2), each
#: at its section.
ENTRIES: tuple[tuple[str, str, tuple[str, ...]], ...] = (
    ("profile", "auth:account.profile", _USER),
    (
        "favorites",
        "auth:account.favorites",
        ("M12 20s-7-4.4-9-9a5 5 0 0 1 9-3 5 5 0 0 1 9 3c-2 4.6-9 9-9 9Z",),
    ),
    ("orders", "auth:account.orders", ("M6 7h12l-1 13H7L6 7Z", "M9 7V6a3 3 0 0 1 6 0v1")),
    (
        "addresses",
        "auth:account.addresses",
        (
            "M12 21s-7-6.2-7-11.5a7 7 0 0 1 14 0C19 14.8 12 21 12 21Z",
            "M12 12.5a2.5 2.5 0 1 0 0-5 2.5 2.5 0 0 0 0 5Z",
        ),
    ),
    (
        "settings",
        "auth:account.settings",
        (
            "M12 15a3 3 0 1 0 0-6 3 3 0 0 0 0 6Z",
            "M19 12a7 7 0 0 0-.1-1.2l2-1.6-2-3.4-2.4 1a7 7 0 0 0-2-1.2L14 3h-4l-.5 2.6a7 7 0 0 0-2 1.2l-2.4-1-2 3.4 2 1.6a7 7 0 0 0 0 2.4l-2 1.6 2 3.4 2.4-1a7 7 0 0 0 2 1.2L10 21h4l.5-2.6a7 7 0 0 0 2-1.2l2.4 1 2-3.4-2-1.6c.1-.4.1-.8.1-1.2Z",
        ),
    ),
)

_ITEM = (
    "flex w-full items-center gap-3 rounded-xl px-3 py-2.5 text-left text-sm font-medium "
    f"text-gray-800 hover:bg-gray-50 {FOCUS}"
)


def on_escape(event) -> rx.Var:
    """An onKeyDown handler running `event` when Escape is pressed (other keys stay local)."""
    callback = format_queue_events(event)
    return rx.Var(
        _js_expr=f'((e) => {{ if (e.key === "Escape") {{ ({callback!s})(); }} }})',
        _var_data=callback._get_all_var_data(),
    )


def _badge(label: rx.Var[str], tone: str) -> rx.Component:
    return rx.el.span(
        label,
        class_name=f"inline-flex items-center gap-1 rounded-full px-2 py-0.5 text-xs font-semibold {tone}",
    )


def _link(paths: tuple[str, ...], key: str, href: str, **props: Any) -> rx.Component:
    """One entry of the menu: an icon and a label, going to `href`."""
    return rx.el.li(
        rx.el.a(
            svg_icon(paths, 18, "text-gray-500"),
            t(key),
            href=href,
            role="menuitem",
            class_name=_ITEM,
            **props,
        ),
        role="none",
    )


def _panel() -> rx.Component:
    return rx.el.div(
        rx.el.div(
            rx.el.p(
                SessionState.display_name, class_name="truncate text-base font-bold text-gray-900"
            ),
            rx.el.p(SessionState.email, class_name="truncate text-sm text-gray-600"),
            rx.el.div(
                rx.cond(
                    SessionState.is_admin,
                    _badge(t("auth:account.admin"), "bg-gray-900 text-white"),
                ),
                rx.cond(
                    SessionState.email_verified,
                    rx.el.span(
                        svg_icon(CHECK, 12),
                        t("auth:account.emailVerified"),
                        class_name=(
                            "inline-flex items-center gap-1 rounded-full bg-green-100 px-2 py-0.5 "
                            "text-xs font-semibold text-green-800"
                        ),
                    ),
                ),
                class_name="mt-2 flex flex-wrap gap-1.5 empty:hidden",
            ),
            class_name="border-b border-gray-100 px-3 pb-3 pt-1",
        ),
        rx.el.ul(
            *(
                _link(
                    paths,
                    key,
                    f"/account?section={section}",
                    on_click=[rx.prevent_default, AuthState.go_to_account(section)],
                )
                for section, key, paths in ENTRIES
            ),
            rx.cond(
                SessionState.is_team,
                _link(_BACK_OFFICE, "auth:account.backOffice", "/admin"),
            ),
            rx.el.li(
                rx.el.button(
                    svg_icon(_LOGOUT, 18, "text-red-600"),
                    t("auth:account.logout"),
                    type="button",
                    role="menuitem",
                    on_click=AuthState.logout,
                    class_name=f"{_ITEM} text-red-700 hover:bg-red-50",
                ),
                role="none",
                class_name="mt-1 border-t border-gray-100 pt-1",
            ),
            role="menu",
            aria_label=t("auth:account.menu"),
            class_name="py-1",
        ),
        id="account-menu-panel",
        class_name=(
            "absolute right-0 top-full z-50 mt-2 w-72 rounded-2xl border border-gray-100 bg-white "
            "p-2 shadow-xl ring-1 ring-black/5"
        ),
    )


def account_menu() -> rx.Component:
    """ "Account" and the first name (or username); the panel opens below."""
    return rx.el.div(
        rx.el.button(
            icon_badge(svg_icon(_USER, 18), "h-8 w-8", "rounded-full bg-green-100 text-green-800"),
            rx.el.span(
                rx.el.span(
                    t("auth:account.account"),
                    class_name="block text-[11px] leading-3 text-gray-500",
                ),
                rx.el.span(
                    SessionState.first_name_or_username,
                    class_name="block max-w-32 truncate text-sm font-semibold leading-5 text-gray-900",
                ),
                class_name="hidden text-left sm:block",
            ),
            svg_icon(_CHEVRON, 16, "hidden text-gray-500 sm:block"),
            type="button",
            on_click=AuthState.toggle_menu,
            aria_haspopup="menu",
            aria_expanded=AuthState.menu_open,
            aria_controls="account-menu-panel",
            aria_label=t("auth:account.open", name=SessionState.first_name_or_username),
            class_name=f"inline-flex items-center gap-2 rounded-full py-1 pl-1 pr-2 hover:bg-gray-100 {FOCUS}",
        ),
        rx.cond(
            AuthState.menu_open,
            rx.fragment(
                rx.el.div(
                    on_click=AuthState.close_menu,
                    class_name="fixed inset-0 z-40 cursor-default",
                    aria_hidden="true",
                ),
                _panel(),
            ),
        ),
        custom_attrs={"onKeyDown": on_escape(AuthState.close_menu)},
        class_name="relative",
    )
