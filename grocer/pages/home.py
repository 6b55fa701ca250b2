"""Home (/): promotion banner, banner carousel, filter strip, then one product section per
home section in displayOrder (sections without articles are skipped by the service): a
section with an image is a text-plus-image block of 4 products, otherwise a row of cards."""

from __future__ import annotations

import reflex as rx

from grocer.components.banner import banner_carousel
from grocer.components.error_box import error_box, load_failure
from grocer.components.filter_menu import filter_menu, filter_strip
from grocer.components.layout import page_layout
from grocer.components.lazy_mount import lazy_mount
from grocer.components.preview_slot import preview_slot
from grocer.components.product_card import lazy_image, product_card
from grocer.components.product_row import product_row, view_all_link
from grocer.components.promo_banner import promo_banner
from grocer.components.skeleton import block, card_skeleton, row_skeleton
from grocer.state.catalogue import CatalogueState
from grocer.views.catalogue import HOME_EAGER_SECTIONS, HomeSection
from grocer.views.styles import (
    HOME_BLOCK_CARDS,
    HOME_BLOCK_IMAGE,
    HOME_BLOCK_SLOT,
    HOME_IMAGE_SECTION,
    SECTION_TITLE,
    SLIDES_ROW,
)


def image_block(section: rx.Var[HomeSection]) -> rx.Component:
    articles = section["articles"]
    heading_id = section["rowId"] + "-title"
    return rx.el.section(
        rx.el.div(
            rx.el.div(
                rx.el.h2(section["title"], id=heading_id, class_name=SECTION_TITLE),
                rx.el.p(section["description"], class_name="text-sm text-gray-500"),
                class_name="min-w-0",
            ),
            view_all_link(section["viewAll"]),
            class_name="mb-3 flex items-end justify-between gap-3",
        ),
        rx.el.div(
            rx.el.div(
                lazy_image(
                    section["image"],
                    "",
                    600,
                    600,
                    "h-full w-full object-cover object-top",
                ),
                class_name=HOME_BLOCK_IMAGE,
            ),
            rx.el.div(
                rx.foreach(
                    articles,
                    lambda a, i: rx.el.div(
                        product_card(a),
                        class_name=rx.cond(
                            i == 3,
                            HOME_BLOCK_SLOT[3],
                            rx.cond(i == 2, HOME_BLOCK_SLOT[2], HOME_BLOCK_SLOT[0]),
                        ),
                    ),
                ),
                class_name=HOME_BLOCK_CARDS,
            ),
            class_name="grid gap-4 lg:grid-cols-3",
        ),
        class_name=HOME_IMAGE_SECTION,
        aria_labelledby=heading_id,
    )


def _section(section: rx.Var[HomeSection]) -> rx.Component:
    return rx.cond(
        section["hasImage"],
        image_block(section),
        product_row(
            section["title"],
            section["articles"],
            row_id=section["rowId"],
            view_all_href=section["viewAll"],
            slide_class_name=SLIDES_ROW,
            subtitle=section["description"],
        ),
    )


def _sections_skeleton() -> rx.Component:
    """While the sections load: a banner section's outline and two rows of cards."""
    return rx.el.div(
        rx.el.div(
            rx.el.div(
                rx.el.div(block("h-6 w-48"), block("mt-1 h-4 w-64")),
                block("h-8 w-20 rounded-full"),
                class_name="mb-3 flex items-end justify-between",
            ),
            rx.el.div(
                block("aspect-[5/2] rounded-2xl sm:aspect-[3/1] lg:aspect-auto"),
                rx.el.div(
                    *(card_skeleton() for _ in range(4)),
                    class_name=(
                        "grid grid-cols-2 gap-3 sm:grid-cols-3 lg:col-span-2 lg:grid-cols-4 "
                        "[&>*:nth-child(3)]:hidden sm:[&>*:nth-child(3)]:flex "
                        "[&>*:nth-child(4)]:hidden lg:[&>*:nth-child(4)]:flex"
                    ),
                ),
                class_name="grid gap-4 lg:grid-cols-3",
            ),
            class_name="py-6",
        ),
        row_skeleton(),
        row_skeleton(),
        aria_busy="true",
    )


def _sections() -> rx.Component:
    # spec 001 §8: the box's icon says whether the server failed or could not be reached
    failure = load_failure(CatalogueState.home_error, CatalogueState.home_loading)
    box = error_box(
        "errors:sectionsTitle",
        "errors:sectionsMessage",
        CatalogueState.load_home,
        kind=failure,
    )
    return rx.cond(
        CatalogueState.home_loading,
        # The server's preview of the sections (grocer.web) until they are in (else a
        # skeleton); when the server cannot be reached, the box above what the preview shows.
        rx.fragment(
            rx.cond(failure != "", box),
            preview_slot(rx.cond(failure != "", rx.fragment(), _sections_skeleton())),
        ),
        rx.cond(
            failure != "",
            box,
            rx.foreach(
                CatalogueState.home_sections,
                lambda section, index: lazy_mount(
                    _section(section),
                    eager=index < HOME_EAGER_SECTIONS,
                    min_height=rx.cond(section["hasImage"], "560px", "480px"),
                    part=section["rowId"],
                ),
            ),
        ),
    )


def index() -> rx.Component:
    return page_layout(
        rx.el.h1("Grocer", class_name="sr-only"),
        rx.el.div(promo_banner(CatalogueState.promotions), class_name="pt-4"),
        rx.el.div(banner_carousel(), class_name="pt-4"),
        filter_strip(),
        _sections(),
        extra=filter_menu(),
    )
