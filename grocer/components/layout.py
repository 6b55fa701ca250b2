"""The frame of every page: the shell (skip link, header with the phone menu and the category
bar), mounted once for the whole app, and each page's own content and footer. The app's
dialogs and overlays are mounted once too, around the shell
(grocer.components.overlays.DIALOGS_WRAP)."""

from __future__ import annotations

from collections.abc import Callable

import reflex as rx

from grocer.components.assets import APP_READY_JS, asset_component
from grocer.components.catalogue_language import catalogue_language_watch
from grocer.components.footer import site_footer
from grocer.components.header import site_header
from grocer.components.i18n import HtmlLang, t
from grocer.components.mobile_menu import mobile_menu
from grocer.components.nav_cache import nav_cache_writer
from grocer.views.styles import PAGE_ROOT_ID

AppReady = asset_component(APP_READY_JS, "AppReady")
"""Tells the page's tap-replay script (grocer.web.tap_replay) that the app is running."""


def skip_link() -> rx.Component:
    return rx.el.a(
        t("common:skipToContent"),
        href="#main",
        class_name=(
            "sr-only focus:not-sr-only focus:fixed focus:left-4 focus:top-4 focus:z-[60] "
            "focus:rounded-lg focus:bg-white focus:px-4 focus:py-2 focus:text-green-800 "
            "focus:shadow"
        ),
    )


def shell(stateful: bool) -> rx.Component | None:
    """The app wrap (`SHELL_WRAP`) holding what every page shares: the skip link, the header
    with the phone menu and the category bar, and the watchers that keep the language, the
    category cache and the tap replay. React keeps it mounted from one page to the next, so
    a move draws only the page's own part (`page_layout`): the header is about half of a
    small page, and drawing it again cost a slow phone a tenth of a second or more per move
    (issue 23). The page is appended as its last child."""
    if not stateful:
        return None
    return rx.el.div(
        skip_link(),
        site_header(mobile_menu()),
        HtmlLang.create(),
        catalogue_language_watch(),
        nav_cache_writer(),
        AppReady.create(),
        id=PAGE_ROOT_ID,
        class_name="flex min-h-screen flex-col bg-gray-50 text-gray-900 antialiased",
    )


SHELL_WRAP: tuple[tuple[int, str], Callable[[bool], rx.Component | None]] = ((3, "Shell"), shell)
"""Inside the dialogs' wrap (4): the page is the shell's last child."""


def page_layout(*children: rx.Component, extra: rx.Component | None = None) -> rx.Component:
    """A page's own part of the frame, under the shell's header: `extra` (the home page's
    filter menu), the content as `<main id="main">` and the footer."""
    return rx.fragment(
        extra if extra is not None else rx.fragment(),
        rx.el.main(
            *children,
            id="main",
            class_name="mx-auto w-full max-w-7xl flex-1 px-4",
        ),
        site_footer(),
    )
