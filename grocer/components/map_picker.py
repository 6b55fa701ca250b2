"""The full map picker overlay of the address dialog (000 §2.4).

A full-screen layer over the dialog: a search box with its results (2 characters, 300 ms
debounce, "Recherche en cours...", "Aucun résultat trouvé pour ..."), manual coordinates with
"Afficher sur la carte", "Centrer sur ma position actuelle", the marker legend (blue: current
position, green: selection), a click on the map picks a place, and Annuler / Confirmer
(Confirmer disabled until a place is chosen). Desktop: a side panel beside the map; phone: the
search on top, its results over the map, the buttons at the bottom.
"""

from __future__ import annotations

import reflex as rx
from reflex.vars import VarData

from grocer.components.browser import browser_call
from grocer.components.buttons import icon_text_button
from grocer.components.dialog import FOCUS, dialog
from grocer.components.form_parts import coordinate_attrs, spinner
from grocer.components.i18n import t, t_var
from grocer.components.icons import icon
from grocer.components.open_now import open_now_mark, shown_value, value_now_mark
from grocer.components.place_search import (
    picker_map,
    place_button,
    search_field,
    search_input,
    search_results,
)
from grocer.services.validation import COORDINATE_DECIMALS, LATITUDE, LONGITUDE
from grocer.state.address import GEOLOCATE_JS, TEXT_FIELDS, AddressState
from grocer.state.dialogs import DialogState
from grocer.state.map_picker import MapPickerState

PICKER_NOW = "mapPicker"
"""The picker's key: "Ajouter une adresse" draws it open at once on a phone (assets/open_now.js)."""
CHOICE_NOW = "pickerChoice"
"""The result just tapped: drawn as the selection at once, "Confirmer" enabled."""

BUTTON = (
    "inline-flex h-11 items-center justify-center gap-2 rounded-full px-5 text-sm font-semibold "
    f"transition {FOCUS}"
)


def _results_showing() -> rx.Var:
    """True while the results panel is there (searching, or a search has answered)."""
    return (
        MapPickerState.searching
        | (MapPickerState.results.length() > 0)
        | (MapPickerState.searched != "")
    )


def search_box() -> rx.Component:
    return rx.el.div(
        *search_field(
            rx.debounce_input(
                search_input(
                    "map-picker-search",
                    t("address:picker.searchPlaceholder"),
                    "h-12",
                    # Only while the panel exists: an id that is not in the page is invalid.
                    {"aria-controls": rx.cond(_results_showing(), "map-picker-results", None)},
                    value=MapPickerState.query,
                    on_change=MapPickerState.set_query,
                ),
                debounce_timeout=300,
            ),
            t("address:picker.search"),
            "map-picker-search",
        ),
        class_name="w-full",
    )


def result_row(item: rx.Var) -> rx.Component:
    return rx.el.li(
        place_button(
            item,
            MapPickerState.choose_result(item["index"]),
            "picker",
            custom_attrs=value_now_mark({CHOICE_NOW: item["index"].to_string()}),
        ),
    )


def _tapped_result() -> tuple[rx.Var, rx.Var[bool]]:
    """The result drawn as the selection (the one just tapped, else the state's `chosen`) and
    whether there is one; when there is none, the state's selection is drawn (a point, or
    nothing)."""
    chosen = shown_value(CHOICE_NOW, MapPickerState.chosen.to_string())
    results = MapPickerState.results
    found = f"({results}).find((item) => String(item.index) === {chosen})"
    data = VarData.merge(chosen._get_all_var_data(), results._get_all_var_data())
    tapped = rx.Var(_js_expr=f"({found} ?? null)", _var_type=dict, _var_data=data).to(dict)
    return tapped, rx.Var(_js_expr=f"({found} !== undefined)", _var_data=data).to(bool)


def field_key(name: str) -> str:
    """The key under which the address dialog's field `name` (an AddressState var) is drawn
    with a value "Confirmer" put in at once."""
    return "address" + "".join(part.title() for part in name.split("_"))


def _coordinate_text(value: str) -> str:
    """`validation.coordinate_text` in the browser: the state's rule for the field's text."""
    return f'Number({value}).toFixed({COORDINATE_DECIMALS}).replace(/0+$/, "").replace(/\\.$/, "")'


def _confirm_fills() -> dict[str, rx.Var[str]]:
    """What `MapPickerState.confirm` puts into the dialog's fields, drawn when "Confirmer" is
    tapped: the chosen place's address in every text field (blank where it has none) when it
    has one, else the fields as they are; its coordinates always."""
    tapped, is_tapped = _tapped_result()
    place = rx.cond(is_tapped, tapped, MapPickerState.selected)
    address = f"(({place})?.address ?? {{}})"
    has_address = f"(Object.keys({address}).length > 0)"
    fills: dict[str, rx.Var[str]] = {}
    for name, (key, _) in TEXT_FIELDS.items():
        now = getattr(AddressState, name)
        expr = f'({has_address} ? String({address}["{key}"] ?? "") : {now})'
        data = VarData.merge(place._get_all_var_data(), now._get_all_var_data())
        fills[field_key(name)] = rx.Var(_js_expr=expr, _var_data=data).to(str)
    for axis, name in (("lat", "latitude"), ("lng", "longitude")):
        now = getattr(AddressState, name)
        value = f"({place})?.{axis}"
        expr = f"({value} == null ? {now} : {_coordinate_text(value)})"
        data = VarData.merge(place._get_all_var_data(), now._get_all_var_data())
        fills[field_key(name)] = rx.Var(_js_expr=expr, _var_data=data).to(str)
    return fills


def results_panel() -> rx.Component:
    """Loading, empty and found states; over the map on a phone, in the panel on desktop."""
    return rx.cond(
        _results_showing(),
        rx.el.div(
            search_results(
                MapPickerState.searching,
                MapPickerState.results,
                result_row,
                keys="address:picker",
                empty=rx.el.p(
                    t("address:picker.noResults", query=MapPickerState.searched),
                    role="status",
                    class_name="px-3 py-3 text-sm text-gray-700",
                ),
            ),
            id="map-picker-results",
            class_name=(
                "absolute inset-x-0 top-full z-[1100] mt-2 max-h-[45dvh] overflow-y-auto "
                "rounded-2xl border border-gray-200 bg-white p-1 shadow-xl "
                "sm:static sm:mt-3 sm:max-h-none sm:shadow-none"
            ),
        ),
    )


def manual_coordinates() -> rx.Component:
    def field(name: str, axis: str, value: rx.Var) -> rx.Component:
        field_id = f"map-picker-{name}"
        return rx.el.div(
            rx.el.label(
                t(f"address:fields.{axis}"),
                html_for=field_id,
                class_name="mb-1 block text-xs font-semibold text-gray-700",
            ),
            rx.debounce_input(
                rx.el.input(
                    id=field_id,
                    value=value,
                    on_change=MapPickerState.set_manual(name),
                    class_name=(
                        "block h-10 w-full rounded-xl border border-gray-300 bg-white px-3 "
                        "text-sm focus:border-green-600 focus:outline-none focus:ring-4 "
                        "focus:ring-green-600/15"
                    ),
                    custom_attrs={
                        **coordinate_attrs(axis),
                        "aria-describedby": "map-picker-manual-error",
                    },
                ),
                debounce_timeout=200,
                force_notify_on_blur=True,
                force_notify_by_enter=True,
            ),
            class_name="min-w-0",
        )

    return rx.el.details(
        rx.el.summary(
            t("address:picker.manual"),
            class_name=(
                "cursor-pointer select-none rounded-lg px-1 py-1.5 text-sm font-semibold "
                f"text-green-800 {FOCUS}"
            ),
        ),
        rx.el.div(
            rx.el.div(
                field("lat", LATITUDE, MapPickerState.manual_lat),
                field("lng", LONGITUDE, MapPickerState.manual_lng),
                class_name="grid grid-cols-2 gap-2",
            ),
            rx.cond(
                MapPickerState.manual_error != "",
                rx.el.p(
                    t_var(MapPickerState.manual_error),
                    id="map-picker-manual-error",
                    role="alert",
                    class_name="text-sm font-medium text-red-700",
                ),
            ),
            icon_text_button(
                "pin",
                t("address:picker.showOnMap"),
                16,
                on_click=MapPickerState.show_coordinates,
                class_name=(
                    f"{BUTTON} h-10 w-full border border-green-700 bg-white text-green-800 "
                    "hover:bg-green-50"
                ),
            ),
            class_name="mt-2 flex flex-col gap-2",
        ),
        class_name="rounded-2xl border border-gray-200 bg-white px-3 py-2",
    )


def _dot(look: str) -> rx.Component:
    """The colour of a kind of marker (blue: current position, green: selection)."""
    return rx.el.span(
        class_name=f"inline-block h-3 w-3 shrink-0 rounded-full {look}", aria_hidden="true"
    )


def legend() -> rx.Component:
    return rx.el.div(
        rx.el.p(t("address:picker.instructions"), class_name="font-semibold text-gray-900"),
        rx.el.p(
            _dot("ring-2 ring-white bg-blue-600"),
            t("address:picker.legendCurrent"),
            class_name="flex items-center gap-2",
        ),
        rx.el.p(
            _dot("ring-2 ring-white bg-green-600"),
            t("address:picker.legendSelection"),
            class_name="flex items-center gap-2",
        ),
        class_name=(
            "pointer-events-none absolute bottom-7 left-2 z-[1000] flex max-w-[calc(100%-1rem)] "
            "flex-col gap-0.5 rounded-xl bg-white/95 px-3 py-2 text-[11px] leading-snug "
            "text-gray-700 shadow-md sm:bottom-8 sm:left-3 sm:max-w-sm sm:text-xs"
        ),
        id="map-picker-legend",
    )


def center_on_me_button() -> rx.Component:
    return rx.el.button(
        icon("locate", 20, "text-blue-700"),
        rx.el.span(t("address:picker.centerOnMe"), class_name="hidden lg:inline"),
        type="button",
        on_click=browser_call(GEOLOCATE_JS, MapPickerState.got_here),
        aria_label=t("address:picker.centerOnMe"),
        title=t("address:picker.centerOnMe"),
        class_name=(
            "absolute right-2 top-2 z-[1000] inline-flex h-11 min-w-11 items-center "
            "justify-center gap-2 rounded-full bg-white px-3 text-sm font-semibold text-gray-800 "
            f"shadow-md hover:bg-gray-50 sm:right-3 sm:top-3 {FOCUS}"
        ),
    )


def selection_summary() -> rx.Component:
    tapped, is_tapped = _tapped_result()
    server = MapPickerState.selected

    def shown(key: str) -> rx.Var:
        return rx.cond(is_tapped, tapped[key], server[key])

    return rx.el.div(
        rx.cond(
            is_tapped | MapPickerState.has_selection,
            rx.el.div(
                _dot("mt-1 bg-green-600"),
                rx.el.div(
                    rx.el.p(
                        t("address:picker.selected"),
                        class_name="text-xs font-semibold uppercase tracking-wide text-gray-500",
                    ),
                    rx.cond(
                        ~is_tapped & MapPickerState.resolving,
                        rx.el.p(
                            spinner(16),
                            t("address:picker.resolving"),
                            class_name="flex items-center gap-1.5 text-sm text-gray-700",
                        ),
                        rx.el.p(
                            shown("name"),
                            class_name="line-clamp-2 text-sm font-medium text-gray-900",
                        ),
                    ),
                    rx.el.p(
                        shown("lat").to_string(),
                        ", ",
                        shown("lng").to_string(),
                        class_name="text-xs tabular-nums text-gray-500",
                    ),
                    class_name="min-w-0",
                ),
                class_name="flex items-start gap-2",
            ),
            rx.el.p(t("address:picker.noSelection"), class_name="text-sm text-gray-600"),
        ),
        aria_live="polite",
        id="map-picker-selection",
        class_name="min-w-0 flex-1",
    )


def actions() -> rx.Component:
    return rx.el.div(
        selection_summary(),
        rx.el.div(
            rx.el.button(
                t("address:picker.cancel"),
                type="button",
                on_click=MapPickerState.cancel,
                custom_attrs=open_now_mark({PICKER_NOW: False}),
                class_name=f"{BUTTON} flex-1 border border-gray-300 bg-white text-gray-800 "
                "hover:bg-gray-50 sm:flex-none",
            ),
            rx.el.button(
                icon("check", 18),
                t("address:picker.confirm"),
                type="button",
                on_click=MapPickerState.confirm,
                # The picker closes and the dialog's fields fill at once (issue 23).
                custom_attrs={
                    **open_now_mark({PICKER_NOW: False}),
                    **value_now_mark(_confirm_fills()),
                },
                disabled=~_tapped_result()[1]
                & (~MapPickerState.has_selection | MapPickerState.resolving),
                class_name=f"{BUTTON} flex-1 bg-green-700 text-white hover:bg-green-800 "
                "disabled:cursor-not-allowed disabled:bg-gray-300 disabled:text-gray-600 "
                "sm:flex-none",
                id="map-picker-confirm",
            ),
            class_name="flex gap-2",
        ),
        class_name=(
            "flex flex-col gap-3 border-t border-gray-200 bg-white px-4 py-3 "
            "pb-[max(0.75rem,env(safe-area-inset-bottom))] sm:flex-row sm:items-center "
            "sm:px-6"
        ),
    )


def map_picker() -> rx.Component:
    return dialog(
        rx.el.div(
            rx.el.div(
                # Side panel (desktop) / top strip (phone).
                rx.el.div(
                    rx.el.div(search_box(), results_panel(), class_name="relative"),
                    manual_coordinates(),
                    class_name=(
                        "relative z-[1100] flex flex-col gap-3 border-b border-gray-200 bg-white "
                        "p-3 sm:w-[380px] sm:shrink-0 sm:overflow-y-auto sm:border-b-0 "
                        "sm:border-r sm:p-5"
                    ),
                ),
                rx.el.div(
                    picker_map(
                        MapPickerState,
                        t("address:picker.map"),
                        "map-picker-map",
                        "absolute inset-0",
                        on_pick=MapPickerState.pick,
                        class_name="cursor-crosshair",
                    ),
                    legend(),
                    center_on_me_button(),
                    class_name="relative min-h-0 flex-1",
                ),
                class_name="flex min-h-0 flex-1 flex-col sm:flex-row",
            ),
            actions(),
            class_name="flex h-full min-h-0 flex-col",
        ),
        open=MapPickerState.open & (DialogState.active == "address"),
        on_close=MapPickerState.cancel,
        title=t("address:picker.title"),
        variant="full",
        dialog_id="map-picker",
        class_name="bg-white",
        now_key=PICKER_NOW,
    )
