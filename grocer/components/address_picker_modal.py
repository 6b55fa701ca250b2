"""The address picker modal "Magasins à proximité" (000 §2.5), open while
`StorePickerState.open` is true (`StorePickerState.open_store_picker` opens it).

A map beside the results (stacked on a phone), a search form ("Rechercher une adresse ou un
lieu", "Rechercher"), at most 8 results each with "Choisir". Choosing stores the address under
userAddress (addressUpdated), calls the owner's `on_select(address)` and closes.

    address_picker_modal(on_select=AddressState.fill_from_choice)
"""

from __future__ import annotations

from typing import Any

import reflex as rx

from grocer.components.dialog import FOCUS, dialog
from grocer.components.i18n import t
from grocer.components.icons import icon
from grocer.components.leaflet import leaflet_map, map_marker
from grocer.state.map_picker import QUERY_MAX, StorePickerState


def _spinner() -> rx.Component:
    return rx.el.svg(
        rx.el.svg.path(d="M12 3a9 9 0 1 0 9 9"),
        view_box="0 0 24 24",
        width="16",
        height="16",
        class_name="shrink-0 animate-spin",
        custom_attrs={"fill": "none", "stroke": "currentColor", "strokeWidth": "2",
                      "strokeLinecap": "round", "aria-hidden": "true"},
    )  # fmt: skip


def search_form() -> rx.Component:
    return rx.el.form(
        rx.el.label(
            t("address:stores.placeholder"), html_for="store-picker-q", class_name="sr-only"
        ),
        rx.el.div(
            icon(
                "search",
                18,
                "pointer-events-none absolute left-3.5 top-1/2 -translate-y-1/2 text-gray-500",
            ),
            rx.el.input(
                id="store-picker-q",
                name="q",
                type="search",
                placeholder=t("address:stores.placeholder"),
                auto_complete="off",
                class_name=(
                    "block h-11 w-full rounded-full border border-gray-300 bg-white pl-10 pr-4 "
                    "text-base text-gray-900 shadow-sm placeholder:text-gray-400 "
                    "focus:border-green-600 focus:outline-none focus:ring-4 "
                    "focus:ring-green-600/15"
                ),
                custom_attrs={"maxLength": str(QUERY_MAX), "enterKeyHint": "search"},
            ),
            class_name="relative min-w-0 flex-1",
        ),
        rx.el.button(
            rx.cond(StorePickerState.searching, _spinner(), rx.fragment()),
            t("address:stores.search"),
            type="submit",
            class_name=(
                "inline-flex h-11 shrink-0 items-center gap-2 rounded-full bg-green-700 px-5 "
                f"text-sm font-semibold text-white hover:bg-green-800 {FOCUS}"
            ),
        ),
        on_submit=StorePickerState.search,
        reset_on_submit=False,
        role="search",
        class_name="flex gap-2",
    )


def result_row(item: rx.Var, on_select: Any) -> rx.Component:
    active = StorePickerState.active == item["index"]
    choose = [StorePickerState.choose(item["index"])]
    if on_select is not None:
        choose.append(on_select(item["address"]))
    return rx.el.li(
        rx.el.button(
            icon("pin", 18, "mt-0.5 text-orange-600"),
            rx.el.span(
                rx.el.span(item["title"], class_name="line-clamp-2 font-semibold text-gray-900"),
                rx.el.span(item["subtitle"], class_name="line-clamp-2 text-xs text-gray-600"),
                class_name="min-w-0 flex-1",
            ),
            type="button",
            on_click=StorePickerState.focus_result(item["index"]),
            aria_pressed=active,
            class_name=(
                "flex min-w-0 flex-1 items-start gap-2 rounded-xl p-2 text-left text-sm "
                f"hover:bg-gray-50 {FOCUS}"
            ),
        ),
        rx.el.button(
            t("address:stores.choose"),
            type="button",
            on_click=choose,
            class_name=(
                "h-9 shrink-0 self-center rounded-full border border-green-700 px-3.5 text-sm "
                f"font-semibold text-green-800 hover:bg-green-700 hover:text-white {FOCUS}"
            ),
        ),
        class_name=rx.cond(
            active,
            "flex items-start gap-1 rounded-2xl bg-green-50 p-1 ring-1 ring-green-600/40",
            "flex items-start gap-1 rounded-2xl p-1",
        ),
    )


def results(on_select: Any) -> rx.Component:
    return rx.el.div(
        rx.cond(
            StorePickerState.searching,
            rx.el.p(
                _spinner(),
                t("address:stores.searching"),
                role="status",
                class_name="flex items-center gap-2 p-3 text-sm text-gray-700",
            ),
            rx.cond(
                StorePickerState.results.length() > 0,
                rx.el.ul(
                    rx.foreach(StorePickerState.results, lambda item: result_row(item, on_select)),
                    aria_label=t("address:stores.results"),
                    class_name="flex flex-col gap-1",
                ),
                rx.el.p(
                    t("address:stores.empty"),
                    role="status",
                    class_name=(
                        "flex h-full min-h-24 items-center justify-center rounded-2xl border "
                        "border-dashed border-gray-300 p-4 text-center text-sm text-gray-600"
                    ),
                ),
            ),
        ),
        id="store-picker-results",
        class_name="min-h-0 overflow-y-auto sm:max-h-[380px]",
    )


def you_are_here() -> rx.Component:
    return rx.cond(
        StorePickerState.located.length() == 2,
        map_marker(
            position=StorePickerState.located,
            kind="current",
            title=t("address:stores.youAreHere"),
            popup=t("address:stores.youAreHere"),
            open=StorePickerState.active < 0,
        ),
    )


def address_picker_modal(on_select: Any = None) -> rx.Component:
    """The modal; `on_select` (an event handler taking the Address dict) is the owner's
    select callback."""
    return dialog(
        rx.el.div(
            search_form(),
            rx.el.div(
                rx.el.div(
                    leaflet_map(
                        you_are_here(),
                        center=StorePickerState.center,
                        zoom=StorePickerState.zoom,
                        markers=StorePickerState.markers,
                        view_key=StorePickerState.view_key,
                        refresh_key=StorePickerState.refresh_key,
                        height="100%",
                        id="store-picker-map",
                    ),
                    role="region",
                    aria_label=t("address:stores.map"),
                    class_name=(
                        "h-[240px] overflow-hidden rounded-2xl border border-gray-200 sm:h-[380px]"
                    ),
                ),
                results(on_select),
                class_name="grid grid-cols-1 gap-3 sm:grid-cols-[minmax(0,1fr)_272px]",
            ),
            class_name="flex min-h-0 flex-col gap-3 overflow-y-auto px-5 pb-5 pt-2 sm:px-6",
        ),
        open=StorePickerState.open,
        on_close=StorePickerState.close,
        title=t("address:stores.title"),
        size="lg",
        dialog_id="store-picker",
    )
