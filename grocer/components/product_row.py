"""A row of product cards (spec 001 §2): title, "View all", previous/next arrows, swipe,
circular wrap-around, 2 / 4 / 6 cards visible (home rows 2 / 3 / 6)."""

from __future__ import annotations

import reflex as rx
from reflex_components_core.react_router.dom import ReactRouterLink

from grocer.components.carousel import arrows, carousel
from grocer.components.i18n import t
from grocer.components.product_card import product_card
from grocer.views.catalogue import CardView
from grocer.views.styles import HOME_ROW_SECTION, SECTION_TITLE, SLIDES_CAROUSEL, VIEW_ALL


def view_all_link(href: rx.Var[str] | str) -> rx.Component:
    return ReactRouterLink.create(t("catalogue:viewAll"), to=href, class_name=VIEW_ALL)


def product_row(
    title: rx.Var[str] | str,
    articles: rx.Var[list[CardView]],
    row_id: rx.Var[str] | str,
    view_all_href: rx.Var[str] | str | None = None,
    slide_class_name: str = SLIDES_CAROUSEL,
    subtitle: rx.Var[str] | str | None = None,
) -> rx.Component:
    heading_id = rx.Var.create(row_id) + "-title"
    return rx.el.section(
        rx.el.div(
            rx.el.div(
                rx.el.h2(title, id=heading_id, class_name=SECTION_TITLE),
                rx.el.p(subtitle, class_name="text-sm text-gray-500")
                if subtitle is not None
                else rx.fragment(),
                class_name="min-w-0",
            ),
            rx.el.div(
                view_all_link(view_all_href) if view_all_href is not None else rx.fragment(),
                arrows(row_id),
                class_name="flex shrink-0 items-center gap-2",
            ),
            class_name="mb-3 flex items-end justify-between gap-3",
        ),
        carousel(
            articles,
            lambda a: product_card(a),
            carousel_id=row_id,
            slide_class_name=slide_class_name,
            aria_label=title,
        ),
        class_name=HOME_ROW_SECTION,
        aria_labelledby=heading_id,
    )
