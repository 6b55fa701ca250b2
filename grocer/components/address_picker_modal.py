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
from grocer.components.form_parts import spinner
from grocer.components.i18n import t
from grocer.components.leaflet import map_marker
from grocer.components.place_search import (
    picker_map,
    place_button,
    search_field,
    search_input,
    search_results,
)
from grocer.state.map_picker import StorePickerState


def search_form() -> rx.Component:
    return rx.el.form(
        *search_field(
            search_input("store-picker-q", t("address:stores.placeholder"), "h-11", name="q"),
            t("address:stores.placeholder"),
            "store-picker-q",
            "min-w-0 flex-1",
        ),
        rx.el.button(
            rx.cond(StorePickerState.searching, spinner(16), rx.fragment()),
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
        place_button(
            item, StorePickerState.focus_result(item["index"]), "stores", aria_pressed=active
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
        search_results(
            StorePickerState.searching,
            StorePickerState.results,
            lambda item: result_row(item, on_select),
            keys="address:stores",
            empty=rx.el.p(
                t("address:stores.empty"),
                role="status",
                class_name=(
                    "flex h-full min-h-24 items-center justify-center rounded-2xl border "
                    "border-dashed border-gray-300 p-4 text-center text-sm text-gray-600"
                ),
            ),
            list_class="flex flex-col gap-1",
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
                picker_map(
                    StorePickerState,
                    t("address:stores.map"),
                    "store-picker-map",
                    "h-[240px] overflow-hidden rounded-2xl border border-gray-200 sm:h-[380px]",
                    you_are_here(),
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
