"""Search results (/recherche?q=…[&categoryId=…][&page=…]): the product cards of the
catalogue, the category facets, a pager as on /full-products, and "Aucun résultat pour « … »"
with the did-you-mean link.

A route of its own, so that no other page carries its code. Facets and pager are links: the
address is the whole state of the page (shareable, the back button works). The layout's language
watcher (grocer.components.catalogue_language) tells the state when the shopper switches
language, and the results follow.
"""

from __future__ import annotations

import reflex as rx
from reflex_components_core.react_router.dom import ReactRouterLink

from grocer.components.i18n import t
from grocer.components.icons import icon
from grocer.components.layout import page_layout
from grocer.components.page_title import counted_title
from grocer.components.product_card import product_card
from grocer.components.skeleton import grid_skeleton
from grocer.state.search import ROUTE, FacetView, SearchState
from grocer.views.styles import FOCUS, LISTING_BUTTON, PILL, PRODUCTS_GRID

__all__ = ["ROUTE", "search_page"]

BUTTON = f"{LISTING_BUTTON} hover:border-green-700 {FOCUS}"
LINK = f"font-semibold text-green-700 underline {FOCUS}"


def did_you_mean() -> rx.Component:
    return rx.cond(
        SearchState.did_you_mean != "",
        rx.el.p(
            t("catalogue:didYouMean"),
            " ",
            ReactRouterLink.create(
                SearchState.did_you_mean,
                to=SearchState.did_you_mean_href,
                class_name=LINK,
                custom_attrs={"data-testid": "did-you-mean"},
            ),
            class_name="mt-2 text-gray-700",
        ),
    )


def heading() -> rx.Component:
    return rx.el.div(
        counted_title(t("catalogue:searchResultsFor", query=SearchState.query), SearchState.total),
        did_you_mean(),
        class_name="mt-4",
    )


def _facet(facet: rx.Var[FacetView]) -> rx.Component:
    return rx.el.li(
        ReactRouterLink.create(
            # One flex item: the pill is inline-flex, which would trim the space between the
            # name and its count ("Mangues6", read so by a screen reader too).
            rx.el.span(facet["name"], " ", rx.el.span(facet["count"], class_name="text-gray-500")),
            to=facet["href"],
            aria_current=rx.cond(facet["active"], "page", None),
            class_name=rx.cond(
                facet["active"],
                f"{PILL} border-green-700 bg-green-700 text-white {FOCUS}",
                f"{PILL} border-gray-200 bg-white text-gray-800 hover:border-green-700 {FOCUS}",
            ),
        )
    )


def facets() -> rx.Component:
    return rx.cond(
        SearchState.facets.length() > 0,
        rx.el.nav(
            rx.el.ul(
                rx.el.li(
                    ReactRouterLink.create(
                        t("catalogue:allCategories"),
                        to=SearchState.all_categories_href,
                        aria_current=rx.cond(SearchState.category_id == 0, "page", None),
                        class_name=rx.cond(
                            SearchState.category_id == 0,
                            f"{PILL} border-green-700 bg-green-700 text-white {FOCUS}",
                            f"{PILL} border-gray-200 bg-white text-gray-800 {FOCUS}",
                        ),
                    )
                ),
                rx.foreach(SearchState.facets, _facet),
                class_name="flex flex-wrap gap-2",
            ),
            aria_label=t("catalogue:searchCategories"),
            class_name="mt-4",
        ),
    )


def pager() -> rx.Component:
    return rx.cond(
        SearchState.pages > 1,
        rx.el.nav(
            rx.cond(
                SearchState.page > 1,
                ReactRouterLink.create(
                    icon("chevron-left", 16),
                    t("catalogue:previousPage"),
                    to=SearchState.previous_href,
                    class_name=BUTTON,
                ),
            ),
            rx.el.span(
                t("catalogue:pageOf", page=SearchState.page, pages=SearchState.pages),
                class_name="text-sm text-gray-700",
                aria_live="polite",
            ),
            rx.cond(
                SearchState.page < SearchState.pages,
                ReactRouterLink.create(
                    t("catalogue:nextPage"),
                    icon("chevron-right", 16),
                    to=SearchState.next_href,
                    class_name=BUTTON,
                ),
            ),
            aria_label=t("catalogue:pagination"),
            class_name="mt-8 flex items-center justify-center gap-4",
        ),
    )


def nothing_found() -> rx.Component:
    return rx.el.div(
        rx.el.p(
            t("catalogue:noSearchResults", query=SearchState.query),
            class_name="text-lg font-semibold text-gray-900",
        ),
        did_you_mean(),
        class_name="mt-6 rounded-2xl bg-white p-8 text-center",
        role="status",
    )


def results() -> rx.Component:
    return rx.cond(
        SearchState.loading & (SearchState.items.length() == 0),
        rx.el.div(grid_skeleton(12), class_name="mt-5"),
        rx.cond(
            SearchState.items.length() > 0,
            rx.fragment(
                heading(),
                facets(),
                rx.el.div(
                    rx.foreach(SearchState.items, lambda a: product_card(a)),
                    id="products-grid",
                    class_name=f"mt-5 {PRODUCTS_GRID}",
                ),
                pager(),
            ),
            rx.cond(
                SearchState.failed,
                rx.el.p(t("catalogue:searchFailed"), class_name="mt-6 text-red-700", role="alert"),
                nothing_found(),
            ),
        ),
    )


def search_page() -> rx.Component:
    return page_layout(
        rx.cond(
            SearchState.too_long,
            rx.el.p(t("catalogue:searchTooLong"), class_name="mt-6 text-gray-700", role="alert"),
            rx.cond(
                SearchState.searched,
                results(),
                rx.el.p(t("catalogue:searchPrompt"), class_name="mt-6 text-gray-700"),
            ),
        ),
        rx.el.div(class_name="h-4"),
    )
