"""Leaflet maps as Reflex components (react-leaflet 5 on Leaflet 1.9).

Client-only: Leaflet touches `window` when it loads, so every piece is an `rx.NoSSRComponent`
(lazily imported in the browser; the rest of the page is prerendered as usual and the map
mounts after hydration). Leaflet's stylesheet and marker images are bundled from the npm
package by `assets/leaflet/grocer_leaflet.js`, with the map chunk, not fetched from a CDN and
not added to the first bytes of pages that never open a map.

A Python developer drops a map in one line::

    leaflet_map(
        center=State.center,        # [lat, lng]; changing it re-centres the map
        zoom=State.zoom,            # changing it re-zooms
        markers=State.markers,      # list of map_point(...) dicts (grocer.state.map_points)
        on_pick=State.pick,         # click on the map → State.pick(lat: float, lng: float)
        height="320px",
    )

Markers: kind "current" (blue, the shopper's position), "selection" (green, the chosen
place), "result" (orange, search results), "default". The tile URL template and attribution
come from the settings (GROCER_TILE_URL, GROCER_TILE_ATTRIBUTION) when the app is compiled.
"""

from __future__ import annotations

from typing import Any

import reflex as rx
from reflex.event import passthrough_event_spec

from grocer.settings import get_settings

LEAFLET = "leaflet@1.9.4"
REACT_LEAFLET = "react-leaflet@5.0.0"
HELPERS = "$/public/leaflet/grocer_leaflet.js"


class _ReactLeaflet(rx.NoSSRComponent):
    """A react-leaflet export, loaded in the browser only."""

    library = REACT_LEAFLET
    lib_dependencies: list[str] = [LEAFLET]  # noqa: RUF012 (Reflex reads a class attribute)


class MapContainer(_ReactLeaflet):
    """Creates the Leaflet map. Its props only apply when the map is created (react-leaflet
    makes them immutable); `MapView` moves it afterwards."""

    tag = "MapContainer"

    center: rx.Var[list[float] | list[int | float]]
    zoom: rx.Var[int | float]
    min_zoom: rx.Var[int | float]
    max_zoom: rx.Var[int | float]
    scroll_wheel_zoom: rx.Var[bool]
    zoom_control: rx.Var[bool]
    attribution_control: rx.Var[bool]
    double_click_zoom: rx.Var[bool]


class TileLayer(_ReactLeaflet):
    """The background tiles: `url` is a {z}/{x}/{y} template."""

    tag = "TileLayer"

    url: rx.Var[str]
    attribution: rx.Var[str]
    max_zoom: rx.Var[int | float]


class Popup(_ReactLeaflet):
    """A popup bound to its parent marker (rich content; plain text can use `popup=`)."""

    tag = "Popup"

    max_width: rx.Var[int | float]
    min_width: rx.Var[int | float]
    auto_pan: rx.Var[bool]
    close_button: rx.Var[bool]


class _Helpers(rx.NoSSRComponent):
    """A component of assets/leaflet/grocer_leaflet.js (bundles leaflet.css and the icons)."""

    library = HELPERS
    lib_dependencies: list[str] = [LEAFLET, REACT_LEAFLET]  # noqa: RUF012


class Marker(_Helpers):
    """A marker with an explicit icon built from the bundled images (Leaflet's default one
    asks for a /marker-icon.png that does not exist). `open` opens its popup."""

    tag = "GrocerMarker"

    position: rx.Var[list[float] | list[int | float]]
    kind: rx.Var[str]
    title: rx.Var[str]
    popup: rx.Var[str]
    open: rx.Var[bool]
    z_index_offset: rx.Var[int]


class MapEvents(_Helpers):
    """A child of the map that turns a click into `on_pick(lat, lng)`."""

    tag = "MapEvents"

    on_pick: rx.EventHandler[passthrough_event_spec(float, float)]


class MapView(_Helpers):
    """A child of the map that follows `center`/`zoom` (useMap().setView when they change, or
    when `view_key` changes to re-centre on the same point) and refreshes the map size 150 ms
    after it opens and 50 ms after `refresh_key` changes (e.g. after a search)."""

    tag = "MapView"

    center: rx.Var[list[float] | list[int | float]]
    zoom: rx.Var[int | float]
    view_key: rx.Var[int]
    refresh_key: rx.Var[int]


map_container = MapContainer.create
tile_layer = TileLayer.create
map_popup = Popup.create
map_marker = Marker.create
map_events = MapEvents.create
map_view = MapView.create


def _marker_from_point(point: rx.Var) -> rx.Component:
    return map_marker(
        position=[point["lat"], point["lng"]],
        kind=point["kind"],
        title=point["title"],
        popup=point["popup"],
        open=point["open"],
    )


def leaflet_map(
    *children: rx.Component,
    center: Any,
    zoom: Any,
    markers: Any = None,
    on_pick: Any = None,
    height: str = "320px",
    view_key: Any = None,
    refresh_key: Any = None,
    class_name: str = "",
    scroll_wheel_zoom: bool = True,
    **props: Any,
) -> rx.Component:
    """A complete map: tiles from the settings, re-centring, size refreshes, click picking.

    `center` is [lat, lng], `markers` a list of `map_point` dicts (a state var or a list),
    `on_pick` an event handler taking (lat: float, lng: float). Extra children (markers,
    popups) go inside the map.
    """
    settings = get_settings()
    parts: list[Any] = [
        tile_layer(url=settings.tile_url, attribution=settings.tile_attribution, max_zoom=19),
        map_view(
            center=center,
            zoom=zoom,
            **({"view_key": view_key} if view_key is not None else {}),
            **({"refresh_key": refresh_key} if refresh_key is not None else {}),
        ),
    ]
    if on_pick is not None:
        parts.append(map_events(on_pick=on_pick))
    if markers is not None:
        parts.append(rx.foreach(markers, _marker_from_point))
    return map_container(
        *parts,
        *children,
        center=center,
        zoom=zoom,
        scroll_wheel_zoom=scroll_wheel_zoom,
        class_name=f"grocer-map z-0 w-full {class_name}".strip(),
        style={"height": height, "width": "100%"},
        **props,
    )
