"""What the two place searches of the address dialog draw alike: the map picker (000 §2.4)
and the "Magasins à proximité" modal (000 §2.5).

Both show a search input with the magnifier inside it, then "Recherche en cours...", the places
found (a pin, the name, the rest of the address) or what to say when there are none, beside
the map of their state.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any, Literal

import reflex as rx

from grocer.components.form_parts import spinner
from grocer.components.i18n import t
from grocer.components.icons import icon
from grocer.components.leaflet import leaflet_map
from grocer.state.map_picker import QUERY_MAX, MapPickerState, StorePickerState
from grocer.views.styles import FOCUS


def search_field(
    field: rx.Component, label: Any, input_id: str, class_name: str = ""
) -> list[rx.Component]:
    """The hidden label and `field` with the magnifier inside its left edge."""
    return [
        rx.el.label(label, html_for=input_id, class_name="sr-only"),
        rx.el.div(
            icon(
                "search",
                18,
                "pointer-events-none absolute left-3.5 top-1/2 -translate-y-1/2 text-gray-500",
            ),
            field,
            class_name=f"relative {class_name}".strip(),
        ),
    ]


def search_input(
    input_id: str, placeholder: Any, height: str, attrs: dict[str, Any] | None = None, **props: Any
) -> rx.Component:
    """A search box of the length a geocoder accepts (`height`: h-11 in a modal, h-12 full
    screen)."""
    return rx.el.input(
        id=input_id,
        type="search",
        placeholder=placeholder,
        auto_complete="off",
        class_name=(
            f"block {height} w-full rounded-full border border-gray-300 bg-white pl-10 pr-4 "
            "text-base text-gray-900 shadow-sm placeholder:text-gray-400 "
            "focus:border-green-600 focus:outline-none focus:ring-4 "
            "focus:ring-green-600/15"
        ),
        custom_attrs={"maxLength": str(QUERY_MAX), **(attrs or {}), "enterKeyHint": "search"},
        **props,
    )


PlaceLook = Literal["stores", "picker"]

#: The two looks of a found place: (pin colour, how its lines are cut, the button's classes).
PLACE_LOOKS: dict[PlaceLook, tuple[str, str, str]] = {
    # Nearby stores: orange result pins, two lines each, beside the "Choisir" button.
    "stores": (
        "text-orange-600",
        "line-clamp-2",
        "flex min-w-0 flex-1 items-start gap-2 rounded-xl p-2 text-left text-sm hover:bg-gray-50",
    ),
    # Map picker: one line each, the whole row chooses.
    "picker": (
        "text-green-700",
        "block truncate",
        "flex w-full items-start gap-2.5 rounded-xl px-3 py-2.5 text-left text-sm "
        "hover:bg-green-50",
    ),
}


def place_button(item: rx.Var, on_click: Any, look: PlaceLook, **props: Any) -> rx.Component:
    """A place found: a pin, the name and the rest of the address in the `look` of its search."""
    pin, fit, class_name = PLACE_LOOKS[look]
    return rx.el.button(
        icon("pin", 18, f"mt-0.5 {pin}"),
        rx.el.span(
            rx.el.span(item["title"], class_name=f"{fit} font-semibold text-gray-900"),
            rx.el.span(item["subtitle"], class_name=f"{fit} text-xs text-gray-600"),
            class_name="min-w-0 flex-1",
        ),
        type="button",
        on_click=on_click,
        class_name=f"{class_name} {FOCUS}",
        **props,
    )


def search_results(
    searching: rx.Var[bool],
    results: rx.Var[list[Any]],
    row: Callable[[rx.Var], rx.Component],
    *,
    keys: str,
    empty: rx.Component,
    list_class: str = "flex flex-col",
) -> rx.Component:
    """ "Recherche en cours..." while `searching`, else the `results` (`row` draws one) or
    `empty`; `keys` prefixes the message keys (`{keys}.searching`, `{keys}.results`)."""
    return rx.cond(
        searching,
        rx.el.p(
            spinner(16),
            t(f"{keys}.searching"),
            role="status",
            class_name="flex items-center gap-2 p-3 text-sm text-gray-700",
        ),
        rx.cond(
            results.length() > 0,
            rx.el.ul(
                rx.foreach(results, row),
                aria_label=t(f"{keys}.results"),
                class_name=list_class,
            ),
            empty,
        ),
    )


def picker_map(
    state: type[MapPickerState] | type[StorePickerState],
    label: Any,
    map_id: str,
    box_class: str,
    *children: rx.Component,
    **props: Any,
) -> rx.Component:
    """The map of a picker `state` (its centre, zoom, markers, view and refresh keys) filling a
    region named `label`; `children` go inside the map, `props` to it."""
    return rx.el.div(
        leaflet_map(
            *children,
            center=state.center,
            zoom=state.zoom,
            markers=state.markers,
            view_key=state.view_key,
            refresh_key=state.refresh_key,
            height="100%",
            id=map_id,
            **props,
        ),
        role="region",
        aria_label=label,
        class_name=box_class,
    )
