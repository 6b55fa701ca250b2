"""The category page's "Refine" dialog, on the shop's Radix dialog parts (grocer.components.dialog:
focus trap, Escape, focus return, scroll lock) with its own trigger, look and close button.

The Refine dialog really filters: its choices become the page's URL query (sort, shopBy,
brand, origin), so a shared link shows the same list, and the listing state asks
`catalogue.articles_page` for it. Brand and Made In come from the category's real facets.
"""

from __future__ import annotations

from typing import Any

import reflex as rx
from reflex.vars import VarData
from reflex_base.event import EventHandler, passthrough_event_spec
from reflex_base.utils.imports import ImportVar

from grocer.components.dialog import (
    FOCUS,
    DialogClose,
    DialogContent,
    DialogDescription,
    DialogOverlay,
    DialogPortal,
    DialogRoot,
    DialogTitle,
    DialogTrigger,
)
from grocer.components.i18n import t
from grocer.components.icons import icon
from grocer.views.styles import FILTER_BUTTON

_toggle_group = rx.Var(
    _js_expr="toggleGroup",
    _var_data=VarData(
        imports={"$/public/carousel.js": [ImportVar(tag="toggleGroup", install=False)]}
    ),
)
"""onChange of the Brand boxes: "All Brands" and the brands exclude each other."""


class RefineDialogRoot(DialogRoot):
    """The shared Radix root, but handing Radix's new open flag to the listing state (the
    dialog opens through its own trigger, so a change is not always a request to close)."""

    on_open_change: EventHandler[passthrough_event_spec(bool)]


def close_button(label: rx.Var[str] | str) -> rx.Component:
    return DialogClose.create(
        rx.el.button(
            icon("close", 20),
            type="button",
            aria_label=label,
            class_name=(
                "inline-flex h-9 w-9 items-center justify-center rounded-full text-gray-600 "
                f"hover:bg-gray-100 {FOCUS}"
            ),
        ),
        as_child=True,
    )


# --- the Refine dialog --------------------------------------------------------------------

SORT_OPTIONS: tuple[tuple[str, str], ...] = (
    ("popular", "catalogue:sortPopular"),
    ("rating", "catalogue:sortRating"),
    ("sale", "catalogue:sortSale"),
    ("price_asc", "catalogue:sortPriceAsc"),
    ("price_desc", "catalogue:sortPriceDesc"),
)
SHOP_BY_OPTIONS: tuple[tuple[str, str], ...] = (
    ("sale", "catalogue:shopBySale"),
    ("new", "catalogue:shopByNew"),
    ("organic", "catalogue:shopByOrganic"),
    ("local", "catalogue:shopByLocal"),
)

_CHOICE = (
    "flex cursor-pointer items-center gap-3 rounded-lg px-2 py-2 text-sm text-gray-800 "
    "hover:bg-gray-50 has-[:checked]:font-semibold"
)
_INPUT = "h-4 w-4 accent-green-700"


def _fieldset(legend: rx.Var[str], *children: rx.Component) -> rx.Component:
    return rx.el.fieldset(
        rx.el.legend(
            legend, class_name="mb-1 text-sm font-bold uppercase tracking-wide text-gray-500"
        ),
        *children,
        class_name="border-b border-gray-100 py-3",
    )


def refine_dialog(state: Any) -> rx.Component:
    """The "Refine" dialog of a listing state (ListingState): open flag, choices, facets."""
    return RefineDialogRoot.create(
        DialogTrigger.create(
            rx.el.button(
                icon("filter", 18),
                t("catalogue:filter"),
                type="button",
                class_name=f"{FILTER_BUTTON} hover:border-green-700 {FOCUS}",
            ),
            as_child=True,
        ),
        DialogPortal.create(
            DialogOverlay.create(class_name="fixed inset-0 z-50 bg-black/40"),
            DialogContent.create(
                rx.el.form(
                    rx.el.div(
                        DialogTitle.create(
                            t("catalogue:refine"), class_name="text-lg font-bold text-gray-900"
                        ),
                        close_button(t("common:close")),
                        class_name=(
                            "flex items-center justify-between border-b border-gray-100 px-5 py-3"
                        ),
                    ),
                    DialogDescription.create(t("catalogue:refineHint"), class_name="sr-only"),
                    rx.el.div(
                        _fieldset(
                            t("catalogue:sortBy"),
                            *(
                                rx.el.label(
                                    rx.el.input(
                                        type="radio",
                                        name="sort",
                                        value=value,
                                        default_checked=state.sort == value,
                                        class_name=_INPUT,
                                    ),
                                    t(key),
                                    class_name=_CHOICE,
                                )
                                for value, key in SORT_OPTIONS
                            ),
                        ),
                        _fieldset(
                            t("catalogue:shopBy"),
                            *(
                                rx.el.label(
                                    rx.el.input(
                                        type="checkbox",
                                        name=f"shopBy_{value}",
                                        value=value,
                                        default_checked=state.shop_by.contains(value),
                                        class_name=_INPUT,
                                    ),
                                    t(key),
                                    class_name=_CHOICE,
                                )
                                for value, key in SHOP_BY_OPTIONS
                            ),
                        ),
                        _fieldset(
                            t("catalogue:brand"),
                            rx.el.label(
                                rx.el.input(
                                    type="checkbox",
                                    name="brand_all",
                                    value="all",
                                    default_checked=state.brands.length() == 0,
                                    class_name=_INPUT,
                                    custom_attrs={
                                        "data-group": "brand",
                                        "data-all": "1",
                                        "onChange": _toggle_group,
                                    },
                                ),
                                t("catalogue:allBrands"),
                                class_name=_CHOICE,
                            ),
                            rx.foreach(
                                state.facet_brands,
                                lambda brand, i: rx.el.label(
                                    rx.el.input(
                                        type="checkbox",
                                        name="brand_" + i.to(str),
                                        value=brand,
                                        default_checked=state.brands.contains(brand),
                                        class_name=_INPUT,
                                        custom_attrs={
                                            "data-group": "brand",
                                            "onChange": _toggle_group,
                                        },
                                    ),
                                    brand,
                                    class_name=_CHOICE,
                                ),
                            ),
                        ),
                        _fieldset(
                            t("catalogue:madeIn"),
                            rx.foreach(
                                state.facet_origins,
                                lambda origin, i: rx.el.label(
                                    rx.el.input(
                                        type="checkbox",
                                        name="origin_" + i.to(str),
                                        value=origin,
                                        default_checked=state.origins.contains(origin),
                                        class_name=_INPUT,
                                    ),
                                    origin,
                                    class_name=_CHOICE,
                                ),
                            ),
                        ),
                        class_name="max-h-[60vh] overflow-y-auto px-5",
                    ),
                    rx.el.div(
                        DialogClose.create(
                            rx.el.button(
                                t("common:cancel"),
                                type="button",
                                class_name=(
                                    "rounded-full px-4 py-2 text-sm font-semibold text-gray-700 "
                                    f"hover:bg-gray-100 {FOCUS}"
                                ),
                            ),
                            as_child=True,
                        ),
                        rx.el.button(
                            t("catalogue:applyFilters"),
                            type="submit",
                            class_name=(
                                "rounded-full bg-green-700 px-5 py-2 text-sm font-semibold "
                                "text-white "
                                f"hover:bg-green-800 {FOCUS}"
                            ),
                        ),
                        class_name="flex justify-end gap-2 border-t border-gray-100 px-5 py-3",
                    ),
                    on_submit=state.apply_refine,
                    reset_on_submit=False,
                ),
                class_name=(
                    "fixed left-1/2 top-1/2 z-50 w-[calc(100vw-2rem)] max-w-md -translate-x-1/2 "
                    "-translate-y-1/2 rounded-2xl bg-white shadow-xl focus:outline-none"
                ),
            ),
        ),
        open=state.refine_open,
        on_open_change=state.set_refine_open,
    )
