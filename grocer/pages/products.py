"""Category product page: /products?mainCategoryId&categoryId and /level-one-products.

Breadcrumb, title, "Filtrer" (Refine dialog, which really filters through the URL), level-2
tabs, level-3 links to /full-products, the category's section carousels ("View all" to
/full-products with sectionId), and the filtered product list. Without a main category: the
"Fresh Deals" / "Sale" tabs. A rotating promotion banner on top.
"""

from __future__ import annotations

import reflex as rx
from reflex_components_core.react_router.dom import ReactRouterLink

from grocer.components.carousel import Delayed
from grocer.components.category_bar import level_one_href, level_three_href, level_two_href
from grocer.components.i18n import t, t_var
from grocer.components.layout import page_layout
from grocer.components.lazy_mount import lazy_mount
from grocer.components.preview_slot import preview_slot
from grocer.components.product_card import product_card
from grocer.components.product_row import product_row
from grocer.components.promo_banner import promo_banner
from grocer.components.refine_dialog import refine_dialog
from grocer.components.skeleton import block, grid_skeleton, row_skeleton
from grocer.components.tabs import tab_list, tab_panel
from grocer.state.listing import ListingState
from grocer.views.catalogue import CardView, SectionRow
from grocer.views.styles import (
    CRUMBS,
    CURRENT_CRUMB,
    FOCUS,
    LEAF_LINK,
    LEAVES_TITLE,
    PAGE_TITLE,
    PILL,
    PRODUCTS_GRID,
)


def breadcrumb() -> rx.Component:
    sep = rx.el.li("›", aria_hidden="true", class_name="text-gray-400")
    main = ListingState.main
    return rx.el.nav(
        rx.el.ol(
            rx.el.li(
                ReactRouterLink.create(
                    t("catalogue:home"), to="/", class_name=f"hover:underline {FOCUS}"
                )
            ),
            rx.cond(
                ListingState.main_id > 0,
                rx.fragment(
                    sep,
                    rx.el.li(
                        ReactRouterLink.create(
                            main["name"],
                            to=level_one_href(ListingState.main_id),
                            class_name=f"hover:underline {FOCUS}",
                        )
                    ),
                ),
            ),
            rx.cond(
                (ListingState.category_id > 0) & (ListingState.category_id != ListingState.main_id),
                rx.fragment(
                    sep,
                    rx.el.li(
                        ListingState.current["name"],
                        aria_current="page",
                        class_name=CURRENT_CRUMB,
                    ),
                ),
            ),
            class_name=CRUMBS,
        ),
        aria_label=t("catalogue:breadcrumb"),
        class_name="pt-4",
    )


def subcategory_tabs() -> rx.Component:
    return rx.el.nav(
        rx.foreach(
            ListingState.subcategories,
            lambda sub: ReactRouterLink.create(
                sub["name"],
                to=level_two_href(ListingState.main_id, sub["id"]),
                aria_current=rx.cond(sub["id"] == ListingState.category_id, "page", "false"),
                class_name=rx.cond(
                    sub["id"] == ListingState.category_id,
                    f"{PILL} border-green-700 bg-green-700 text-white {FOCUS}",
                    f"{PILL} border-gray-200 bg-white text-gray-800 hover:border-green-700 {FOCUS}",
                ),
            ),
        ),
        class_name="mt-4 flex gap-2 overflow-x-auto pb-1",
        aria_label=t("catalogue:categories"),
    )


def leaf_links() -> rx.Component:
    return rx.cond(
        ListingState.leaves.length() > 0,
        rx.el.section(
            rx.el.h2(
                t("catalogue:subcategories"),
                class_name=LEAVES_TITLE,
            ),
            rx.el.ul(
                rx.foreach(
                    ListingState.leaves,
                    lambda leaf: rx.el.li(
                        ReactRouterLink.create(
                            leaf["name"],
                            to=level_three_href(ListingState.main_id, leaf["id"]),
                            class_name=f"{LEAF_LINK} hover:bg-green-100 {FOCUS}",
                        )
                    ),
                ),
                class_name="mt-2 flex flex-wrap gap-2",
            ),
            class_name="mt-5",
        ),
    )


EAGER_ROWS = 1
"""Section rows rendered with the page; the others mount as they come near the screen."""


def section_rows(items: rx.Var[list[SectionRow]]) -> rx.Component:
    return rx.foreach(
        items,
        lambda s, index: lazy_mount(
            product_row(
                s["title"],
                s["articles"],
                row_id=s["rowId"],
                view_all_href=s["viewAll"],
            ),
            eager=index < EAGER_ROWS,
            min_height="480px",
            part=s["rowId"],
        ),
    )


def products_grid(items: rx.Var[list[CardView]]) -> rx.Component:
    return rx.el.div(
        rx.foreach(items, lambda a: product_card(a)),
        id="products-grid",
        class_name=PRODUCTS_GRID,
    )


def no_results() -> rx.Component:
    return rx.el.div(
        rx.el.p(t("catalogue:noResults"), class_name="text-gray-700"),
        rx.cond(
            ListingState.refined,
            ReactRouterLink.create(
                t("catalogue:resetFilters"),
                to=ListingState.reset_href,
                class_name=f"mt-2 inline-block font-semibold text-green-700 underline {FOCUS}",
            ),
        ),
        class_name="rounded-2xl bg-white p-8 text-center",
    )


def page_title_bar(title: rx.Var[str] | rx.Component) -> rx.Component:
    return rx.el.div(
        rx.el.h1(title, class_name=PAGE_TITLE),
        refine_dialog(ListingState),
        class_name="mt-3 flex flex-wrap items-center justify-between gap-3",
    )


def _category_content() -> rx.Component:
    return rx.fragment(
        breadcrumb(),
        page_title_bar(ListingState.title),
        subcategory_tabs(),
        leaf_links(),
        rx.cond(
            ListingState.sections.length() > 0,
            section_rows(ListingState.sections),
            rx.el.p(
                t("catalogue:noSections"),
                class_name="my-6 rounded-2xl bg-white p-6 text-center text-gray-600",
            ),
        ),
        rx.el.section(
            rx.el.div(
                rx.el.h2(
                    t("catalogue:allProducts"),
                    rx.el.span(
                        " · ",
                        t("catalogue:productCount", count=ListingState.total),
                        class_name="font-normal text-gray-500",
                    ),
                    class_name="text-xl font-bold text-gray-900",
                ),
                ReactRouterLink.create(
                    t("catalogue:seeEverything"),
                    to=ListingState.full_products_href,
                    class_name=(
                        "rounded-full px-3 py-1.5 text-sm font-semibold text-green-700 "
                        f"hover:bg-green-50 hover:underline {FOCUS}"
                    ),
                ),
                class_name="mb-3 flex items-center justify-between gap-3",
            ),
            rx.cond(
                ListingState.grid_loading,
                grid_skeleton(6),
                rx.cond(
                    ListingState.items.length() > 0,
                    # Below the section rows: mounted when it comes near the screen.
                    lazy_mount(products_grid(ListingState.items), False, "720px"),
                    no_results(),
                ),
            ),
            class_name="py-6",
            aria_label=t("catalogue:allProducts"),
        ),
    )


def _deals_content() -> rx.Component:
    return rx.fragment(
        tab_list(
            (("fresh", "catalogue:freshDeals"), ("sale", "catalogue:sale")),
            ListingState.deals_tab,
            ListingState.set_deals_tab,
            t("catalogue:dealsTabs"),
            "px-4 py-2 text-base",
            "mt-6 flex gap-2 border-b border-gray-200",
        ),
        rx.cond(
            ListingState.deals_tab == "fresh",
            tab_panel(
                "fresh",
                Delayed.create(
                    rx.el.div(row_skeleton(), row_skeleton(), row_skeleton(), aria_busy="true"),
                    rx.el.div(
                        rx.foreach(
                            ListingState.deals,
                            lambda d: product_row(
                                t_var(d["titleKey"]),
                                d["articles"],
                                row_id=d["rowId"],
                            ),
                        )
                    ),
                    delay=2000,
                ),
            ),
            tab_panel(
                "sale",
                rx.el.p(
                    t("catalogue:saleComingSoon"),
                    class_name="py-16 text-center text-lg text-gray-600",
                ),
            ),
        ),
    )


def not_found() -> rx.Component:
    """A listing whose category or section does not exist."""
    return rx.el.div(
        rx.el.h1(t("errors:notfoundTitle"), class_name="text-2xl font-bold"),
        ReactRouterLink.create(
            t("errors:backHome"),
            to="/",
            class_name=f"mt-3 inline-block text-green-700 underline {FOCUS}",
        ),
        class_name="py-16 text-center",
    )


def products_page() -> rx.Component:
    return page_layout(
        rx.el.div(promo_banner(ListingState.promotions), class_name="pt-4"),
        rx.cond(
            ListingState.not_found,
            not_found(),
            rx.cond(
                ListingState.sections_loading,
                # The server's preview of the category (grocer.web) until its data is in.
                preview_slot(page_skeleton()),
                rx.cond(ListingState.main_id > 0, _category_content(), _deals_content()),
            ),
        ),
    )


def page_skeleton() -> rx.Component:
    return rx.el.div(
        block("mt-4 h-4 w-48"),
        block("mt-4 h-8 w-64"),
        row_skeleton(),
        aria_busy="true",
    )
