"""Full products (/full-products?mainCategoryId=&categoryId=[&sectionId=]).

Variant A (a category or a section): the articles as a grid of 18 per page, the count in the
heading, "Tout voir" showing everything (read 100 at a time, more on demand) and hiding the
pager; the page goes back to 1 whenever the list changes (a new URL). Variant B (a level-1
category alone): its level-2 categories with their first three level-3 names and round
pictures, then the category's section carousels.
"""

from __future__ import annotations

import reflex as rx
from reflex_base.vars.base import Var
from reflex_base.vars.function import ArgsFunctionOperation
from reflex_components_core.react_router.dom import ReactRouterLink

from grocer.components.buttons import text_button
from grocer.components.category_bar import category_picture, level_two_href
from grocer.components.i18n import t
from grocer.components.icons import icon
from grocer.components.layout import page_layout
from grocer.components.lazy_mount import lazy_mount
from grocer.components.page_title import counted_title
from grocer.components.preview_slot import preview_slot
from grocer.components.skeleton import grid_skeleton, row_skeleton
from grocer.pages.products import (
    breadcrumb,
    no_results,
    not_found,
    page_skeleton,
    products_grid,
    refine_dialog,
    section_rows,
)
from grocer.state.listing import ListingState
from grocer.views.catalogue import GRID_PART, CategoryNode
from grocer.views.styles import (
    DEPARTMENT,
    DEPARTMENT_ICON,
    FOCUS,
    LISTING_BUTTON,
    PAGE_TITLE,
)

BUTTON = f"{LISTING_BUTTON} hover:border-green-700 disabled:opacity-40 {FOCUS}"


def heading() -> rx.Component:
    title = rx.cond(
        ListingState.section_title != "",
        ListingState.section_title,
        rx.cond(ListingState.title != "", ListingState.title, t("catalogue:allProducts")),
    )
    return rx.el.div(
        counted_title(title, ListingState.total),
        rx.el.div(
            rx.cond(
                ~ListingState.show_all & (ListingState.pages > 1),
                text_button(t("catalogue:seeEverything"), ListingState.see_all, BUTTON),
            ),
            refine_dialog(ListingState),
            class_name="flex items-center gap-2",
        ),
        class_name="mt-3 flex flex-wrap items-center justify-between gap-3",
    )


SCROLL_TO_GRID = rx.call_function(
    ArgsFunctionOperation.create(
        (),
        Var(_js_expr="document.getElementById('products-grid')?.scrollIntoView({block: 'start'})"),
    )
)
"""After a page of the pager has loaded (the chain's events run in turn): code of the page,
not sent by the handler (that would need eval, which the CSP forbids)."""


def pager() -> rx.Component:
    return rx.cond(
        ~ListingState.show_all & (ListingState.pages > 1),
        rx.el.nav(
            text_button(
                icon("chevron-left", 16),
                [ListingState.go_page(ListingState.page - 1), SCROLL_TO_GRID],
                BUTTON,
                t("catalogue:previousPage"),
                disabled=ListingState.page <= 1,
            ),
            rx.el.span(
                t("catalogue:pageOf", page=ListingState.page, pages=ListingState.pages),
                class_name="text-sm text-gray-700",
                aria_live="polite",
            ),
            text_button(
                t("catalogue:nextPage"),
                [ListingState.go_page(ListingState.page + 1), SCROLL_TO_GRID],
                BUTTON,
                icon("chevron-right", 16),
                disabled=ListingState.page >= ListingState.pages,
            ),
            aria_label=t("catalogue:pagination"),
            class_name="mt-8 flex items-center justify-center gap-4",
        ),
    )


def grid_variant() -> rx.Component:
    return rx.fragment(
        breadcrumb(),
        heading(),
        rx.el.div(
            rx.cond(
                ListingState.grid_loading & (ListingState.items.length() == 0),
                grid_skeleton(12),
                rx.cond(
                    ListingState.items.length() > 0,
                    # Mounted from the server's preview of it, in a transition: rendered with
                    # the page's data, its 18 cards made that render a long task on a phone.
                    lazy_mount(
                        products_grid(ListingState.items),
                        eager=True,
                        min_height="720px",
                        part=GRID_PART,
                    ),
                    no_results(),
                ),
            ),
            class_name="mt-5",
            aria_busy=rx.cond(ListingState.grid_loading, "true", "false"),
        ),
        pager(),
        rx.cond(
            ListingState.has_more,
            rx.el.div(
                text_button(
                    t("catalogue:loadMore"),
                    ListingState.load_more,
                    BUTTON,
                    disabled=ListingState.grid_loading,
                ),
                class_name="mt-8 flex justify-center",
            ),
        ),
    )


def _department(sub: rx.Var[CategoryNode]) -> rx.Component:
    leaves = sub["children"]
    href = level_two_href(ListingState.main_id, sub["id"])
    return rx.el.li(
        ReactRouterLink.create(
            category_picture(
                sub,
                80,
                "h-20 w-20 shrink-0",
                DEPARTMENT_ICON,
            ),
            rx.el.span(
                rx.el.span(sub["name"], class_name="block font-bold text-gray-900"),
                rx.el.span(
                    rx.foreach(
                        leaves[:3],
                        lambda leaf, i: rx.el.span(rx.cond(i > 0, " · ", ""), leaf["name"]),
                    ),
                    class_name="mt-1 block text-sm text-gray-600",
                ),
            ),
            to=href,
            class_name=f"{DEPARTMENT} hover:shadow-md {FOCUS}",
        ),
    )


def overview_variant() -> rx.Component:
    return rx.fragment(
        breadcrumb(),
        rx.el.h1(ListingState.title, class_name=f"mt-3 {PAGE_TITLE}"),
        rx.el.section(
            rx.el.h2(t("catalogue:departments"), class_name="sr-only"),
            rx.el.ul(
                rx.foreach(ListingState.subcategories, _department),
                class_name="grid gap-3 sm:grid-cols-2 lg:grid-cols-3",
            ),
            class_name="mt-5",
        ),
        rx.cond(
            ListingState.sections_loading,
            row_skeleton(),
            section_rows(ListingState.sections),
        ),
    )


def full_products_page() -> rx.Component:
    return page_layout(
        rx.cond(
            ListingState.not_found,
            not_found(),
            rx.cond(
                ListingState.sections_loading
                & ListingState.grid_loading
                & (ListingState.title == ""),
                # The server's preview of the listing (grocer.web) until its data is in.
                preview_slot(page_skeleton()),
                rx.cond(ListingState.variant == "overview", overview_variant(), grid_variant()),
            ),
        ),
        rx.el.div(class_name="h-4"),
    )
