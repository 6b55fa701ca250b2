"""The frame of every page: header (with the phone menu), category bar, content and footer.
The app's dialogs and overlays are not in it: they are mounted once for the whole app, outside
the pages (grocer.components.overlays.DIALOGS_WRAP)."""

from __future__ import annotations

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


def page_layout(*children: rx.Component, extra: rx.Component | None = None) -> rx.Component:
    return rx.el.div(
        rx.el.a(
            t("common:skipToContent"),
            href="#main",
            class_name=(
                "sr-only focus:not-sr-only focus:fixed focus:left-4 focus:top-4 focus:z-[60] "
                "focus:rounded-lg focus:bg-white focus:px-4 focus:py-2 focus:text-green-800 "
                "focus:shadow"
            ),
        ),
        site_header(mobile_menu()),
        extra if extra is not None else rx.fragment(),
        rx.el.main(
            *children,
            id="main",
            class_name="mx-auto w-full max-w-7xl flex-1 px-4",
        ),
        site_footer(),
        HtmlLang.create(),
        catalogue_language_watch(),
        nav_cache_writer(),
        AppReady.create(),
        id=PAGE_ROOT_ID,
        class_name="flex min-h-screen flex-col bg-gray-50 text-gray-900 antialiased",
    )
