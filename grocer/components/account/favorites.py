"""The account's "Mes favoris" section (issue 15): the favourite articles as product cards,
each with the bag's own add-to-bag control and a "Retirer" button; loading, empty and error
states; more favourites a page at a time."""

from __future__ import annotations

import reflex as rx
from reflex_components_core.react_router.dom import ReactRouterLink

from grocer.components.account.frame import empty_state, loading_text, section_frame
from grocer.components.buttons import icon_text_button, text_button
from grocer.components.error_box import error_box
from grocer.components.i18n import t
from grocer.components.product_card import product_card
from grocer.state.favorites import FavoritesSectionState, FavoritesState
from grocer.views.catalogue import CardView
from grocer.views.styles import FOCUS

S = FavoritesSectionState

PLAIN_BUTTON = (
    "inline-flex items-center justify-center gap-1.5 rounded-full border border-gray-300 "
    f"bg-white px-4 text-sm font-semibold text-gray-800 hover:border-red-400 {FOCUS}"
)


def _favourite(article: rx.Var[CardView]) -> rx.Component:
    return rx.el.li(
        product_card(article),
        icon_text_button(
            "trash",
            t("favorites:section.remove"),
            16,
            on_click=FavoritesState.remove(article["id"]),
            aria_label=t("favorites:section.removeNamed", name=article["name"]),
            class_name=f"{PLAIN_BUTTON} h-9 w-full hover:text-red-700",
        ),
        class_name="flex flex-col gap-2",
    )


def _list() -> rx.Component:
    return rx.el.div(
        rx.el.ul(
            rx.foreach(S.shown, _favourite),
            aria_label=t("favorites:section.list"),
            class_name="grid grid-cols-2 gap-3 sm:grid-cols-3 lg:grid-cols-4",
        ),
        rx.cond(
            S.more,
            rx.el.div(
                text_button(
                    t("favorites:section.more"),
                    S.load_more,
                    f"{PLAIN_BUTTON} h-10 hover:border-green-700",
                    disabled=S.loading,
                ),
                class_name="mt-4 flex justify-center",
            ),
        ),
    )


def _empty() -> rx.Component:
    return empty_state(
        "favorites:section.emptyTitle",
        "favorites:section.emptyText",
        ReactRouterLink.create(
            t("favorites:section.shop"),
            to="/",
            class_name=(
                "inline-flex h-10 items-center rounded-full bg-green-700 px-5 text-sm "
                f"font-semibold text-white hover:bg-green-800 {FOCUS}"
            ),
        ),
    )


def favorites_section() -> rx.Component:
    return section_frame(
        "account:nav.favorites",
        rx.cond(
            S.failed,
            error_box(
                "favorites:section.errorTitle",
                "favorites:section.errorText",
                S.load,
                icon_name="heart",
            ),
            rx.cond(
                S.shown.length() > 0,
                _list(),
                rx.cond(S.loading, loading_text("favorites:section.loading"), _empty()),
            ),
        ),
        description_key="favorites:section.description",
        on_mount=S.load,
        id="favorites-section",
    )
