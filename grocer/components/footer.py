"""The footer (spec 001 §2): Back to Top, company, social and help links, app-store badges
(drawn in SVG, no image files), legal links."""

from __future__ import annotations

import reflex as rx
from reflex_components_core.react_router.dom import ReactRouterLink

from grocer.components.buttons import icon_text_link
from grocer.components.i18n import t
from grocer.components.icons import logo

LINK = (
    "text-sm text-gray-300 hover:text-white hover:underline focus-visible:outline-2 "
    "focus-visible:outline-white"
)


def _column(title_key: str, links: list[tuple[str, str]]) -> rx.Component:
    return rx.el.div(
        rx.el.h2(t(title_key), class_name="text-sm font-bold uppercase tracking-wide text-white"),
        rx.el.ul(
            *(
                rx.el.li(ReactRouterLink.create(t(key), to=href, class_name=LINK))
                for key, href in links
            ),
            class_name="mt-3 space-y-2",
        ),
    )


def _store_badge(store: str, line1_key: str, line2: str) -> rx.Component:
    """An app-store badge drawn as a small SVG mark plus text."""
    if store == "apple":
        mark = rx.el.svg(
            rx.el.svg.path(
                d=(
                    "M16.4 12.6c0-2.2 1.8-3.3 1.9-3.3-1-1.5-2.6-1.7-3.2-1.7-1.4-.1-2.6.8-3.3.8-.7 "
                    "0-1.7-.8-2.9-.8-1.5 0-2.9.9-3.6 2.2-1.6 2.7-.4 6.7 1.1 8.9.8 1.1 1.7 2.3 2.8 "
                    "2.2 1.1 0 1.6-.7 2.9-.7 1.4 0 1.7.7 2.9.7 1.2 0 2-1.1 2.7-2.2.9-1.3 1.2-2.5 "
                    "1.2-2.6 0 0-2.5-.9-2.5-3.5ZM14.2 5.9c.6-.8 1-1.8.9-2.9-.9 0-2 .6-2.7 "
                    "1.4-.6.7-1.1 1.8-1 2.8 1 .1 2.1-.5 2.8-1.3Z"
                )
            ),
            view_box="0 0 24 24",
            width="24",
            height="24",
            custom_attrs={"fill": "currentColor", "aria-hidden": "true"},
        )
    else:
        mark = rx.el.svg(
            rx.el.svg.path(d="M4 3.5v17l9-8.5-9-8.5Z", custom_attrs={"fill": "#34a853"}),
            rx.el.svg.path(d="M4 3.5 16.5 10 13 12 4 3.5Z", custom_attrs={"fill": "#4285f4"}),
            rx.el.svg.path(d="M4 20.5 13 12l3.5 2L4 20.5Z", custom_attrs={"fill": "#ea4335"}),
            rx.el.svg.path(d="m16.5 10 4 2.2-4 1.8L13 12l3.5-2Z", custom_attrs={"fill": "#fbbc04"}),
            view_box="0 0 24 24",
            width="24",
            height="24",
            custom_attrs={"aria-hidden": "true"},
        )
    return rx.el.a(
        mark,
        rx.el.span(
            rx.el.span(t(line1_key), class_name="block text-[10px] leading-tight text-gray-300"),
            rx.el.span(line2, class_name="block text-sm font-semibold leading-tight text-white"),
        ),
        href="/",
        class_name=(
            "inline-flex h-12 items-center gap-2 rounded-lg border border-gray-600 bg-black px-3 "
            "hover:border-gray-400 focus-visible:outline-2 focus-visible:outline-white"
        ),
    )


def _social(label: str, path: str) -> rx.Component:
    return rx.el.a(
        rx.el.svg(
            rx.el.svg.path(d=path),
            view_box="0 0 24 24",
            width="18",
            height="18",
            custom_attrs={"fill": "currentColor", "aria-hidden": "true"},
        ),
        href="/",
        aria_label=label,
        class_name=(
            "inline-flex h-9 w-9 items-center justify-center rounded-full bg-white/10 text-white "
            "hover:bg-green-600 focus-visible:outline-2 focus-visible:outline-white"
        ),
    )


SOCIAL = (
    ("Facebook", "M14 8h3V4h-3c-2.8 0-4 1.8-4 4.3V10H7v4h3v8h4v-8h3l1-4h-4V8.5c0-.4.3-.5.6-.5H14Z"),
    (
        "Instagram",
        (
            "M7 3h10a4 4 0 0 1 4 4v10a4 4 0 0 1-4 4H7a4 4 0 0 1-4-4V7a4 4 0 0 1 4-4Zm5 5a4 4 0 1 "
            "0 0 8 4 4 0 0 0 0-8Zm5.5-1.5a1 1 0 1 0 0 2 1 1 0 0 0 0-2Z"
        ),
    ),
    ("X", "M4 4h4.5l4 5.6L17.3 4H20l-6.2 7.2L20.5 20H16l-4.3-6-5.2 6H4l6.5-7.6L4 4Z"),
    (
        "YouTube",
        (
            "M21.6 7.2a2.7 2.7 0 0 0-1.9-1.9C18 5 12 5 12 5s-6 0-7.7.3a2.7 2.7 0 0 0-1.9 1.9C2 "
            "8.9 2 12 2 12s0 3.1.4 4.8a2.7 2.7 0 0 0 1.9 1.9C6 19 12 19 12 19s6 0 7.7-.3a2.7 2.7 "
            "0 0 0 1.9-1.9c.4-1.7.4-4.8.4-4.8s0-3.1-.4-4.8ZM10 15V9l5.2 3L10 15Z"
        ),
    ),
)


def site_footer() -> rx.Component:
    return rx.el.footer(
        icon_text_link(
            "arrow-up",
            t("common:backToTop"),
            href="#top",
            class_name=(
                "flex w-full items-center justify-center gap-2 bg-gray-800 py-3 text-sm "
                "font-semibold text-white hover:bg-gray-700 focus-visible:outline-2 "
                "focus-visible:outline-white"
            ),
        ),
        rx.el.div(
            rx.el.div(
                rx.el.div(
                    rx.el.div(logo(), class_name="rounded-lg bg-white px-3 py-2 w-fit"),
                    rx.el.p(
                        t("common:footerTagline"), class_name="mt-3 max-w-xs text-sm text-gray-300"
                    ),
                    rx.el.div(*(_social(n, p) for n, p in SOCIAL), class_name="mt-4 flex gap-2"),
                ),
                _column(
                    "common:footerCompany",
                    [
                        ("common:footerAbout", "/"),
                        ("common:footerCareers", "/"),
                        ("common:footerPress", "/"),
                        ("common:goToBusiness", "/"),
                    ],
                ),
                _column(
                    "common:footerHelp",
                    [
                        ("common:footerContact", "/"),
                        ("common:footerFaq", "/"),
                        ("common:footerDelivery", "/"),
                        ("common:footerReturns", "/"),
                    ],
                ),
                rx.el.div(
                    rx.el.h2(
                        t("common:footerApps"),
                        class_name="text-sm font-bold uppercase tracking-wide text-white",
                    ),
                    rx.el.div(
                        _store_badge("apple", "common:downloadOn", "App Store"),
                        _store_badge("google", "common:getItOn", "Google Play"),
                        class_name="mt-3 flex flex-wrap gap-2",
                    ),
                ),
                class_name="grid gap-8 sm:grid-cols-2 lg:grid-cols-4",
            ),
            rx.el.div(
                rx.el.p("© 2025 Grocer", class_name="text-xs text-gray-400"),
                rx.el.ul(
                    *(
                        rx.el.li(ReactRouterLink.create(t(k), to="/", class_name=LINK))
                        for k in (
                            "common:legalTerms",
                            "common:legalPrivacy",
                            "common:legalCookies",
                            "common:legalNotice",
                        )
                    ),
                    class_name="flex flex-wrap gap-x-5 gap-y-2",
                ),
                class_name=(
                    "mt-10 flex flex-col gap-3 border-t border-gray-700 pt-6 sm:flex-row "
                    "sm:items-center sm:justify-between"
                ),
            ),
            class_name="mx-auto max-w-7xl px-4 py-10",
        ),
        # Always rendered (no content-visibility): skipped, the footer kept a fixed height
        # smaller than its phone layout, and the links below it were read on the white page,
        # not on the footer's dark background (axe and Lighthouse: low contrast).
        class_name="mt-12 bg-gray-900",
    )
