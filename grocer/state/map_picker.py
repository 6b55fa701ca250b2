"""The two map pickers of the address dialog (000 §2.4, §2.5), as substates of AddressState
(they read the dialog's position and fill its fields).

MapPickerState — the full map picker overlay: place search (≥ 2 characters, debounced 300 ms
in the browser, 10 results), manual coordinates, "Centrer sur ma position actuelle", a click
on the map picks a place (reverse-geocoded); Confirmer fills the dialog's fields.

StorePickerState — "Magasins à proximité", open while its `open` flag is true: a search form
(8 results, a blank search does nothing), zoom 12 on the default city, 13 with "Vous êtes
ici" after geolocation, 14 on the first hit of a search, 15 with its popup open when a result
is clicked. Choosing stores the address under userAddress (addressUpdated), calls the
owner's select callback (in the component) and closes.

Searches and reverse geocoding go through grocer.services.geo (provider chain, then the
offline gazetteer) in background events, so a slow provider never holds the tab's state.
"""

from __future__ import annotations

import asyncio
import logging
from typing import Any, TypedDict

import reflex as rx

from grocer.models.constants import HOME_CENTER
from grocer.services import gazetteer, geo
from grocer.services.errors import ValidationFailed
from grocer.services.validation import COORDINATE_TEXT_MAX, LATITUDE, LONGITUDE, coordinate
from grocer.state.address import (
    K_LATITUDE,
    K_LONGITUDE,
    AddressState,
    ShownAddress,
    clean_address,
    language,
    position_arg,
)
from grocer.state.dialogs import DialogState
from grocer.state.map_points import MapPoint, map_point

logger = logging.getLogger(__name__)

# 000 §9 (both maps open on the one home-city centre)
DEFAULT_CENTER = list(HOME_CENTER)
DEFAULT_ZOOM = 13
POINT_ZOOM = 15
SMALL_SCREEN_PX = 640
MIN_QUERY = geo.MIN_QUERY
QUERY_MAX = geo.MAX_QUERY
PICKER_LIMIT = 10
MODAL_ZOOM = 12
MODAL_GEO_ZOOM = 13
MODAL_SEARCH_ZOOM = 14
MODAL_RESULT_ZOOM = 15
MODAL_LIMIT = 8


class PlaceRow(TypedDict):
    """A geocoding result as a row of a picker's list: its name in two lines, its position
    and the Address it maps to."""

    index: int
    id: str
    title: str
    subtitle: str
    name: str
    lat: float
    lng: float
    address: ShownAddress


class Selection(TypedDict):
    """The place chosen in the map picker (its address once reverse-geocoded, else {})."""

    lat: float
    lng: float
    name: str
    address: ShownAddress


def result_item(result: dict[str, Any], index: int) -> PlaceRow | None:
    """A geocoding result as a list row; None when it has no usable position."""
    name = str(result.get("display_name") or "").strip()
    title, _, rest = name.partition(", ")
    if title.isdigit() and rest:  # "12, Avenue Kwame Nkrumah, …": the number joins the road
        road, _, rest = rest.partition(", ")
        title = f"{title} {road}"
    address = clean_address(geo.to_address(result))
    lat, lng = address.get("latitude"), address.get("longitude")
    if lat is None or lng is None:
        return None
    return PlaceRow(
        index=index,
        id=str(result.get("place_id") or index),
        title=title or name,
        subtitle=rest,
        name=name,
        lat=lat,
        lng=lng,
        address=address,
    )


def result_items(results: list[dict[str, Any]]) -> list[PlaceRow]:
    items = (result_item(r, i) for i, r in enumerate(results))
    return [item for item in items if item is not None]


async def warm_up_place_search() -> None:
    """A lifespan task: the offline gazetteer's index (about 0.7 s to build) is ready before a
    worker's first place search, which would otherwise wait for it (issue 23's journey)."""
    await asyncio.to_thread(gazetteer.warm_up)


async def search_places(query: str, limit: int, lang: str, picker: str) -> list[dict[str, Any]]:
    """A picker's place search: a query the service refuses finds nothing; any other failure
    is logged only (000 §8) and finds nothing."""
    try:
        return await geo.search_places_async(query, limit, lang)
    except ValidationFailed:
        return []
    except Exception:
        logger.exception("%s: search failed (%s)", picker, query)
        return []


def start_search(picker: MapPickerState | StorePickerState) -> Any:
    """A new search number (an older search's answer is then dropped) and its background
    event, `run_search`."""
    picker._search_seq += 1
    picker.searching = True
    return type(picker).run_search(picker._search_seq)


async def run_picker_search(
    picker: MapPickerState | StorePickerState, seq: Any, limit: int, name: str
) -> None:
    """A picker's background search number `seq`: the query (2 characters at least) is looked
    up off the state's lock, then the picker shows the results (its `_answered` does the rest),
    unless a newer search or a close has replaced it meanwhile."""
    if isinstance(seq, bool) or not isinstance(seq, int):
        return
    async with picker:
        if seq != picker._search_seq:
            return
        query, lang = picker.query.strip(), (await picker.get_state(AddressState))._lang
    found = await search_places(query, limit, lang, name) if len(query) >= MIN_QUERY else []
    async with picker:
        if seq != picker._search_seq:
            return
        picker.searching = False
        picker.results = result_items(found)[:limit]
        picker._answered(query)
        picker.refresh_key += 1  # 000 §9: the map size is refreshed 50 ms after a search


def query_text(value: Any) -> str:
    return value[:QUERY_MAX] if isinstance(value, str) else ""


def index_arg(value: Any, size: int) -> int | None:
    if isinstance(value, bool) or not isinstance(value, int) or not 0 <= value < size:
        return None
    return value


class MapPickerState(AddressState):
    """The full map picker overlay inside the address dialog."""

    open: bool = False
    query: str = ""
    searching: bool = False
    searched: str = ""  # the query the results answer ("Aucun résultat trouvé pour …")
    results: list[PlaceRow] = []
    center: list[float] = DEFAULT_CENTER
    zoom: int = DEFAULT_ZOOM
    view_key: int = 0
    refresh_key: int = 0
    selected: Selection | None = None  # once a place is chosen
    chosen: int = -1  # the result of the list that is the selection (-1: none, or a point)
    resolving: bool = False
    manual_lat: str = ""
    manual_lng: str = ""
    manual_error: str = ""

    _search_seq: int = 0
    _pick_seq: int = 0
    _started: int = -1  # the DialogState change whose opening `open_dialog` already started

    @rx.var
    def markers(self) -> list[MapPoint]:
        points = []
        if len(self.here) == 2:
            points.append(map_point(self.here[0], self.here[1], kind="current"))
        if self.selected is not None:
            points.append(map_point(self.selected["lat"], self.selected["lng"], kind="selection"))
        return points

    @rx.var
    def has_selection(self) -> bool:
        return self.selected is not None

    def _reset(self) -> None:
        self.open = False
        self.query = ""
        self.searching = False
        self.searched = ""
        self.results = []
        self.selected = None
        self.chosen = -1
        self.resolving = False
        self.manual_lat = ""
        self.manual_lng = ""
        self.manual_error = ""
        self._search_seq += 1
        self._pick_seq += 1

    def _view(self, lat: float, lng: float, zoom: int) -> None:
        self.center = [lat, lng]
        self.zoom = zoom
        self.view_key += 1

    def _address(self) -> AddressState:
        """The dialog (the parent state: its vars are written there, explicitly)."""
        parent = self.parent_state
        assert isinstance(parent, AddressState)
        return parent

    def _open(self) -> None:
        """Open on the dialog's point, else the device position, else the default city."""
        self._reset()
        form = self._address()
        point = form._form_position()
        if point is not None:
            parts = [form.street.strip(), form.city.strip(), form.country.strip()]
            name = ", ".join(part for part in parts if part)
            self.selected = Selection(lat=point[0], lng=point[1], name=name, address={})
            self._view(point[0], point[1], POINT_ZOOM)
            self.manual_lat, self.manual_lng = form.latitude, form.longitude
        elif len(form.here) == 2:
            self._view(form.here[0], form.here[1], POINT_ZOOM)
        else:
            self._view(DEFAULT_CENTER[0], DEFAULT_CENTER[1], DEFAULT_ZOOM)
        self.open = True

    @rx.event
    def open_picker(self) -> None:
        self._open()

    @rx.event
    def open_if_small(self, width: Any) -> None:
        self._open_if_small(width)

    def _open_if_small(self, width: Any) -> None:
        """000 §2.4: on screens narrower than 640 px the picker opens by itself."""
        if isinstance(width, bool) or not isinstance(width, int | float):
            return
        if 0 < width < SMALL_SCREEN_PX and not self.open:
            self._open()

    @rx.event
    async def open_dialog(self, lang: str = "fr", width: Any = None):
        """ "Ajouter une adresse", the header's address, the summary's "Modifier": the address
        dialog opens and starts in this one event. Opened by `DialogState.open_dialog`, it
        started from its mount (`dialog_opened`): two round trips in a row before the picker
        showed on a phone (issue 23)."""
        dialogs = await self.get_state(DialogState)
        await dialogs._open("address")
        self._started = dialogs._seq
        await self._start(lang, width=None)
        # The dialog first, then the picker over it, in a message of its own (no round trip
        # more): drawn in the same update as the dialog, the picker was hidden from the
        # accessibility tree behind it (a phone's menu, tests/e2e/test_address_maps.py).
        yield
        self._open_if_small(width)

    @rx.event
    async def dialog_opened(self, lang: str = "fr", width: Any = None):
        """The address dialog just opened (its form's mount): started here, unless
        `open_dialog` already started this opening."""
        if self._started == (await self.get_state(DialogState))._seq:
            return
        await self._start(lang, width)

    async def _start(self, lang: str, width: Any) -> None:
        """The dialog's own start (who is signed in, the stored address, a device position),
        then this picker closed and empty, opening by itself on a small screen (a `width` of
        None: left closed)."""
        await self._address()._dialog_opened(lang)
        self._reset()
        self._open_if_small(width)

    @rx.event
    def cancel(self) -> None:
        self._reset()

    @rx.event
    def confirm(self) -> None:
        """Confirmer: the chosen place fills the dialog (its coordinates always)."""
        if self.selected is None:
            return
        lat, lng = self.selected["lat"], self.selected["lng"]
        address = dict(self.selected["address"])
        form = self._address()
        if address:
            form._choose({**address, "latitude": lat, "longitude": lng})
        form._set_position(lat, lng)
        form.error_key = ""
        self._reset()

    # --- search -----------------------------------------------------------------------------

    @rx.event
    def set_query(self, value: str):
        """The search box (debounced 300 ms in the browser); 2 characters start a search."""
        self.query = query_text(value)
        if len(self.query.strip()) < MIN_QUERY:
            self._search_seq += 1  # an answer still on its way is dropped
            self.searching = False
            self.searched = ""
            self.results = []
            self.chosen = -1
            return None
        return start_search(self)

    @rx.event(background=True)
    async def run_search(self, seq: int):
        await run_picker_search(self, seq, PICKER_LIMIT, "map picker")

    def _answered(self, query: str) -> None:
        self.searched = query  # "Aucun résultat trouvé pour …" names it
        self.chosen = -1  # a new list: the selection, if any, is none of its rows

    @rx.event
    def choose_result(self, index: int) -> None:
        """A result of the list: selected (green) and centred."""
        position = index_arg(index, len(self.results))
        if position is None:
            return
        item = self.results[position]
        self._pick_seq += 1
        self.resolving = False
        self.chosen = position
        self.selected = Selection(
            lat=item["lat"], lng=item["lng"], name=item["name"], address=item["address"]
        )
        self._view(item["lat"], item["lng"], POINT_ZOOM)

    # --- a point on the map ---------------------------------------------------------------

    def _select_point(self, lat: float, lng: float):
        lat, lng = round(lat, 6), round(lng, 6)
        self._pick_seq += 1
        self.chosen = -1
        self.selected = Selection(lat=lat, lng=lng, name="", address={})
        self.resolving = True
        return MapPickerState.resolve_point(self._pick_seq)

    @rx.event
    def pick(self, lat: float, lng: float):
        """A click on the map picks that place (then reverse-geocoded)."""
        lat_ok, lng_ok = coordinate(lat, LATITUDE), coordinate(lng, LONGITUDE)
        if lat_ok is None or lng_ok is None:
            return None
        return self._select_point(lat_ok, lng_ok)

    @rx.event(background=True)
    async def resolve_point(self, seq: int):
        if isinstance(seq, bool) or not isinstance(seq, int):
            return
        async with self:
            if seq != self._pick_seq or self.selected is None:
                return
            lat, lng = self.selected["lat"], self.selected["lng"]
            lang = (await self.get_state(AddressState))._lang
        try:
            place = await geo.reverse_async(lat, lng, lang)
        except ValidationFailed:
            place = None
        except Exception:
            logger.exception("map picker: reverse geocoding failed (%s,%s)", lat, lng)
            place = None
        async with self:
            if seq != self._pick_seq:
                return
            self.resolving = False
            if place:
                address = clean_address(geo.to_address(place))
                self.selected = Selection(
                    lat=lat, lng=lng, name=str(place.get("display_name") or ""), address=address
                )

    @rx.event
    def set_manual(self, name: str, value: str) -> None:
        if not isinstance(value, str):
            return
        if name == "lat":
            self.manual_lat = value[:COORDINATE_TEXT_MAX]
        elif name == "lng":
            self.manual_lng = value[:COORDINATE_TEXT_MAX]

    @rx.event
    def show_coordinates(self):
        """'Afficher sur la carte': typed coordinates, checked (000 §5), become the selection."""
        lat = coordinate(self.manual_lat, LATITUDE)
        lng = coordinate(self.manual_lng, LONGITUDE)
        if lat is None:
            self.manual_error = K_LATITUDE
            return None
        if lng is None:
            self.manual_error = K_LONGITUDE
            return None
        self.manual_error = ""
        self._view(lat, lng, POINT_ZOOM)
        return self._select_point(lat, lng)

    @rx.event
    def got_here(self, position: Any = None) -> None:
        """'Centrer sur ma position actuelle': the position the button's event chain asked the
        browser for (grocer.components.map_picker)."""
        found = position_arg(position)
        if found is None:
            return
        self._address().here = [found[0], found[1]]
        self._view(found[0], found[1], POINT_ZOOM)


class StorePickerState(AddressState):
    """'Magasins à proximité' (000 §2.5)."""

    open: bool = False
    query: str = ""
    searching: bool = False
    searched: bool = False
    results: list[PlaceRow] = []
    active: int = -1
    center: list[float] = DEFAULT_CENTER
    zoom: int = MODAL_ZOOM
    view_key: int = 0
    refresh_key: int = 0
    located: list[float] = []

    _search_seq: int = 0

    @rx.var
    def markers(self) -> list[MapPoint]:
        """The results (orange); "Vous êtes ici" is drawn by the component (translated)."""
        return [
            map_point(
                item["lat"],
                item["lng"],
                kind="result",
                title=item["title"],
                popup=item["name"],
                open=item["index"] == self.active,
            )
            for item in self.results
        ]

    @rx.event
    def open_store_picker(self, lang: str = "fr"):
        """Open the modal on the default city; the browser's position re-centres it."""
        parent = self.parent_state
        assert isinstance(parent, AddressState)
        parent._lang = language(lang)
        self.open = True
        self.query = ""
        self.searching = False
        self.searched = False
        self.results = []
        self.active = -1
        self.located = []
        self._search_seq += 1
        self.center = list(DEFAULT_CENTER)
        self.zoom = MODAL_ZOOM
        self.view_key += 1
        # The button's event chain then asks the browser for its position (got_location).

    @rx.event
    def got_location(self, position: Any = None) -> None:
        found = position_arg(position)
        if found is None or not self.open:
            return
        self.located = [found[0], found[1]]
        if not self.results:
            self.center = [found[0], found[1]]
            self.zoom = MODAL_GEO_ZOOM
            self.view_key += 1

    @rx.event
    def close(self) -> None:
        self.open = False
        self._search_seq += 1

    @rx.event
    def set_query(self, value: str) -> None:
        self.query = query_text(value)

    @rx.event
    def search(self, form: Any = None):
        """'Rechercher': a blank search does nothing (000 §5)."""
        if isinstance(form, dict) and isinstance(form.get("q"), str):
            self.query = query_text(form["q"])
        query = self.query.strip()
        if not query:
            return None
        return start_search(self)

    @rx.event(background=True)
    async def run_search(self, seq: int):
        await run_picker_search(self, seq, MODAL_LIMIT, "store picker")

    def _answered(self, query: str) -> None:
        """No result open; the map on the first one (zoom 14)."""
        self.searched = True
        self.active = -1
        if self.results:
            self.center = [self.results[0]["lat"], self.results[0]["lng"]]
            self.zoom = MODAL_SEARCH_ZOOM
            self.view_key += 1

    @rx.event
    def focus_result(self, index: int) -> None:
        """A click on a result: zoom 15 on it, its popup open."""
        position = index_arg(index, len(self.results))
        if position is None:
            return
        item = self.results[position]
        self.active = position
        self.center = [item["lat"], item["lng"]]
        self.zoom = MODAL_RESULT_ZOOM
        self.view_key += 1

    @rx.event
    def choose(self, index: int):
        """'Choisir': store under userAddress (addressUpdated), close. The component adds
        the owner's select callback with the same address."""
        position = index_arg(index, len(self.results))
        if position is None:
            return
        parent = self.parent_state
        assert isinstance(parent, AddressState)
        parent._store_chosen(self.results[position]["address"])
        self.open = False
        self._search_seq += 1
