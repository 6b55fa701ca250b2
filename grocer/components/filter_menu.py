"""The "Shop by" filter menu and the "Filtrer par" strip (spec 001 §2): an EXPRESS toggle,
"Peak Quality" (marked active), New, Gluten-Free, Organic, Kosher, Local. Only the toggle has
state. The floating menu appears once the page is scrolled past the strip (200 px), only on
/, and not while a category dropdown is open."""

from __future__ import annotations

import reflex as rx

from grocer.components.category_bar import nav_value
from grocer.components.i18n import t
from grocer.components.icons import icon
from grocer.state.catalogue import CatalogueState
from grocer.views.styles import FOCUS

CHIPS = (
    "catalogue:chipNew",
    "catalogue:chipGlutenFree",
    "catalogue:chipOrganic",
    "catalogue:chipKosher",
    "catalogue:chipLocal",
)
MENU = (
    "fixed inset-x-0 z-30 border-b border-gray-100 bg-white/95 shadow-sm backdrop-blur "
    "transition duration-200"
)
# Under the sticky header (taller on phones, where the search box has its own row), and under
# the category bar on desktop while the bar shows.
BELOW_HEADER = "top-[120px] md:top-16"
BELOW_BAR = "top-[120px] md:top-16 lg:top-28"
CHIP = "inline-flex h-8 shrink-0 items-center rounded-full border px-3 text-sm"


def express_toggle(toggle_id: str) -> rx.Component:
    return rx.el.button(
        icon("bolt", 14),
        rx.el.span("EXPRESS"),
        rx.el.span(
            rx.el.span(
                class_name=rx.cond(
                    CatalogueState.express,
                    "block h-4 w-4 translate-x-4 rounded-full bg-white transition",
                    "block h-4 w-4 rounded-full bg-white transition",
                )
            ),
            class_name=rx.cond(
                CatalogueState.express,
                "ml-1 inline-flex h-5 w-9 items-center rounded-full bg-green-600 px-0.5",
                "ml-1 inline-flex h-5 w-9 items-center rounded-full bg-gray-300 px-0.5",
            ),
            aria_hidden="true",
        ),
        type="button",
        role="switch",
        id=toggle_id,
        aria_checked=rx.cond(CatalogueState.express, "true", "false"),
        on_click=CatalogueState.toggle_express,
        class_name=(
            f"{CHIP} gap-1 border-amber-300 bg-amber-50 font-bold text-amber-800 "
            f"hover:border-amber-500 {FOCUS}"
        ),
    )


def chips(toggle_id: str) -> rx.Component:
    return rx.fragment(
        express_toggle(toggle_id),
        rx.el.span(
            icon("check", 14),
            t("catalogue:chipPeakQuality"),
            class_name=f"{CHIP} gap-1 border-green-700 bg-green-700 font-semibold text-white",
            aria_current="true",
        ),
        *(
            rx.el.span(t(key), class_name=f"{CHIP} border-gray-200 bg-white text-gray-700")
            for key in CHIPS
        ),
    )


def filter_strip() -> rx.Component:
    """The inline "Filtrer par" strip under the home banner."""
    return rx.el.div(
        rx.el.span(t("catalogue:filterBy"), class_name="shrink-0 text-sm font-bold text-gray-900"),
        chips("express-strip"),
        class_name="flex items-center gap-2 overflow-x-auto py-3",
        role="group",
        aria_label=t("catalogue:filterBy"),
    )


def filter_menu() -> rx.Component:
    """The floating "Shop by" menu under the header, once the strip has scrolled away."""
    show = nav_value("pastStrip", bool) & (nav_value("open") == None)  # noqa: E711
    return rx.el.div(
        rx.el.div(
            rx.el.span(
                t("catalogue:shopByMenu"), class_name="shrink-0 text-sm font-bold text-gray-900"
            ),
            chips("express-menu"),
            class_name="mx-auto flex max-w-7xl items-center gap-2 overflow-x-auto px-4 py-2",
        ),
        class_name=rx.cond(
            show,
            rx.cond(nav_value("hidden", bool), f"{MENU} {BELOW_HEADER}", f"{MENU} {BELOW_BAR}"),
            f"{MENU} {BELOW_HEADER} pointer-events-none -translate-y-full opacity-0",
        ),
        role="group",
        aria_label=t("catalogue:shopByMenu"),
        aria_hidden=rx.cond(show, "false", "true"),
        # Hidden, its chips must leave the tab order too (aria-hidden alone leaves them
        # focusable: a keyboard user would land on invisible controls).
        custom_attrs={"inert": ~show},
    )
