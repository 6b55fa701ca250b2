"""The category page's "Refine" dialog, on the shop's Radix dialog parts (grocer.components.dialog:
focus trap, Escape, focus return, scroll lock) with its own trigger, look and close button.

The Refine dialog really filters: its choices become the page's URL query (sort, shopBy,
brand, origin), so a shared link shows the same list, and the listing state asks
`catalogue.articles_page` for it. Brand and Made In come from the category's real facets.
"""

from __future__ import annotations

from typing import Any

import reflex as rx
from reflex_base.event import EventHandler, passthrough_event_spec

from grocer.components.assets import CAROUSEL_JS, asset_import
from grocer.components.buttons import text_button
from grocer.components.dialog import DialogDescription, DialogRoot, DialogTitle
from grocer.components.i18n import t
from grocer.components.icons import icon
from grocer.components.triggered_dialog import close_button, closing, triggered_dialog
from grocer.views.styles import FILTER_BUTTON, FOCUS

_toggle_group = rx.Var(_js_expr="toggleGroup", _var_data=asset_import(CAROUSEL_JS, "toggleGroup"))
"""onChange of the Brand boxes: "All Brands" and the brands exclude each other."""


class RefineDialogRoot(DialogRoot):
    """The shared Radix root, but handing Radix's new open flag to the listing state (the
    dialog opens through its own trigger, so a change is not always a request to close)."""

    on_open_change: EventHandler[passthrough_event_spec(bool)]


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


def _choice(
    label: Any, kind: str, name: Any, value: Any, checked: Any, **attrs: Any
) -> rx.Component:
    """One radio or check box (`kind`) of the dialog, with its label."""
    box = rx.el.input(
        type=kind, name=name, value=value, default_checked=checked, class_name=_INPUT, **attrs
    )
    return rx.el.label(box, label, class_name=_CHOICE)


def _facet_choices(
    values: rx.Var[list[str]], prefix: str, chosen: rx.Var[list[str]], **attrs: Any
) -> rx.Component:
    """A box per facet value, named `prefix` and its position (the form keeps them apart)."""
    return rx.foreach(
        values,
        lambda value, i: _choice(
            value, "checkbox", prefix + i.to(str), value, chosen.contains(value), **attrs
        ),
    )


def _brand_group(all_brands: bool = False) -> dict[str, Any]:
    """The Brand boxes' attributes: "All Brands" ("data-all") and the brands exclude each other."""
    attrs: dict[str, Any] = {"data-group": "brand", "onChange": _toggle_group}
    if all_brands:
        attrs["data-all"] = "1"
    return {"custom_attrs": attrs}


def refine_dialog(state: Any) -> rx.Component:
    """The "Refine" dialog of a listing state (ListingState): open flag, choices, facets."""
    return triggered_dialog(
        rx.el.button(
            icon("filter", 18),
            t("catalogue:filter"),
            type="button",
            class_name=f"{FILTER_BUTTON} hover:border-green-700 {FOCUS}",
        ),
        rx.el.form(
            rx.el.div(
                DialogTitle.create(
                    t("catalogue:refine"), class_name="text-lg font-bold text-gray-900"
                ),
                close_button(t("common:close")),
                class_name="flex items-center justify-between border-b border-gray-100 px-5 py-3",
            ),
            DialogDescription.create(t("catalogue:refineHint"), class_name="sr-only"),
            rx.el.div(
                _fieldset(
                    t("catalogue:sortBy"),
                    *(
                        _choice(t(key), "radio", "sort", value, state.sort == value)
                        for value, key in SORT_OPTIONS
                    ),
                ),
                _fieldset(
                    t("catalogue:shopBy"),
                    *(
                        _choice(
                            t(key),
                            "checkbox",
                            f"shopBy_{value}",
                            value,
                            state.shop_by.contains(value),
                        )
                        for value, key in SHOP_BY_OPTIONS
                    ),
                ),
                _fieldset(
                    t("catalogue:brand"),
                    _choice(
                        t("catalogue:allBrands"),
                        "checkbox",
                        "brand_all",
                        "all",
                        state.brands.length() == 0,
                        **_brand_group(all_brands=True),
                    ),
                    _facet_choices(state.facet_brands, "brand_", state.brands, **_brand_group()),
                ),
                _fieldset(
                    t("catalogue:madeIn"),
                    _facet_choices(state.facet_origins, "origin_", state.origins),
                ),
                class_name="max-h-[60vh] overflow-y-auto px-5",
            ),
            rx.el.div(
                closing(
                    text_button(
                        t("common:cancel"),
                        None,
                        f"rounded-full px-4 py-2 text-sm font-semibold text-gray-700 hover:bg-gray-100 {FOCUS}",
                    )
                ),
                rx.el.button(
                    t("catalogue:applyFilters"),
                    type="submit",
                    class_name=(
                        "rounded-full bg-green-700 px-5 py-2 text-sm font-semibold text-white "
                        f"hover:bg-green-800 {FOCUS}"
                    ),
                ),
                class_name="flex justify-end gap-2 border-t border-gray-100 px-5 py-3",
            ),
            on_submit=state.apply_refine,
            reset_on_submit=False,
        ),
        content_class=(
            "fixed left-1/2 top-1/2 z-50 w-[calc(100vw-2rem)] max-w-md -translate-x-1/2 "
            "-translate-y-1/2 rounded-2xl bg-white shadow-xl focus:outline-none"
        ),
        root=RefineDialogRoot,
        open=state.refine_open,
        on_open_change=state.set_refine_open,
    )
