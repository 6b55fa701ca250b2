"""Map markers as the states hold them and the Leaflet component draws them (pure, no Reflex).

Below both: the map picker states build their `markers` with `map_point`, and
grocer/components/leaflet.py draws a list of them, without a state importing a component.
"""

from __future__ import annotations

from typing import TypedDict

MARKER_KINDS = ("default", "current", "selection", "result")


class MapPoint(TypedDict):
    """One marker as a state holds it (see `map_point`)."""

    lat: float
    lng: float
    kind: str
    title: str
    popup: str
    open: bool


def map_point(
    lat: float,
    lng: float,
    *,
    kind: str = "default",
    title: str = "",
    popup: str = "",
    open: bool = False,  # noqa: A002 (the marker's own word)
) -> MapPoint:
    """A marker for `leaflet_map(markers=...)`: position, colour, hover title, popup text."""
    return MapPoint(
        lat=float(lat),
        lng=float(lng),
        kind=kind if kind in MARKER_KINDS else "default",
        title=title,
        popup=popup,
        open=bool(open),
    )
