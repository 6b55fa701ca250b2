"""The delivery address: the guest's address in the browser, the address dialog (000 §2.3, §4.5).

What the page shows:
- `address` (dict, the spec's camelCase Address) and `label` (one line for the header and the
  cart overlay). For a guest it is the `userAddress` kept in localStorage (`sync=True`, so
  every tab follows); for a signed-in shopper it is the account's address saved or loaded in
  this tab, else the stored one. The spec's `addressUpdated` event is simply these vars
  changing: every reader (header link, cart overlay) re-renders.
- The dialog's form fields, its mode (guest / signed in / editing), its messages and toast.

Rules live in the services (grocer.services.addresses: validation, create/update;
grocer.services.geo: reverse geocoding, result → Address). Every handler argument comes
from the browser and is checked here before use: field names against a fixed set, text cut
at the service's limits, coordinates finite and in range, ids positive integers.

The map picker overlay and the "Magasins à proximité" modal are substates
(grocer/state/map_picker.py): they read the dialog's position and write its fields. This state
imports neither: opening the dialog is `MapPickerState.dialog_opened`, which starts this
state's side (`_dialog_opened`) and then the picker's, in one event.
"""

from __future__ import annotations

import asyncio
import json
import logging
from collections.abc import Awaitable, Callable, Mapping
from typing import Any, TypedDict

import reflex as rx

from grocer.services import addresses, geo
from grocer.services.errors import ServiceError, ValidationFailed
from grocer.services.languages import language_or_default
from grocer.services.validation import (
    COORDINATE_TEXT_MAX,
    LATITUDE,
    LONGITUDE,
    coordinate,
    coordinate_text,
    position,
    record_id,
)
from grocer.state import session_guard
from grocer.state.dialogs import DialogState

logger = logging.getLogger(__name__)

# --- constants (000 §9) ------------------------------------------------------------------------

STORAGE_KEY = "userAddress"
TOAST_SECONDS = 3.0
GEOLOCATION_TIMEOUT_MS = 10_000
GEOLOCATION_MAX_AGE_MS = 60_000
STORED_TEXT_MAX = 4096
LABEL_MAX = 80

#: The browser's device geolocation, once: [lat, lng] or null (denial is silently ignored).
GEOLOCATE_JS = (
    "new Promise((resolve) => {"
    " if (!navigator.geolocation) { resolve(null); return; }"
    " navigator.geolocation.getCurrentPosition("
    "  (p) => resolve([p.coords.latitude, p.coords.longitude]),"
    "  () => resolve(null),"
    f"  {{enableHighAccuracy: true, timeout: {GEOLOCATION_TIMEOUT_MS},"
    f" maximumAge: {GEOLOCATION_MAX_AGE_MS}}});"
    "})"
)

# Message keys (assets/locales/*/address.json; fr holds the spec's exact text).
K_LATITUDE = "address:validation.latitude"
K_LONGITUDE = "address:validation.longitude"
K_SAVE_FAILED = "address:errors.saveFailed"
K_SAVED = "address:toast.saved"
K_UPDATED = "address:toast.updated"

#: Form field → (camelCase key of the Address, maximum length).
TEXT_FIELDS: dict[str, tuple[str, int]] = {
    "street": ("streetAddress", addresses.ADDRESS_LIMITS["streetAddress"]),
    "apartment": ("apartment", addresses.ADDRESS_LIMITS["apartment"]),
    "city": ("city", addresses.ADDRESS_LIMITS["city"]),
    "region": ("state", addresses.ADDRESS_LIMITS["state"]),
    "postal_code": ("postalCode", addresses.ADDRESS_LIMITS["postalCode"]),
    "country": ("country", addresses.ADDRESS_LIMITS["country"]),
}
COORDINATE_FIELDS = ("latitude", "longitude")
#: The required fields in the spec's order and their short names in message keys.
REQUIRED_NAMES = {"streetAddress": "street", "city": "city", "country": "country"}


#: The form as an opening without an address leaves it (`_clear_form`).
EMPTY_FORM: dict[str, Any] = {
    **{key: "" for key, _ in TEXT_FIELDS.values()},
    "addressType": addresses.DEFAULT_ADDRESS_TYPE,
    "latitude": "",
    "longitude": "",
    "isDefault": True,
}


class ShownAddress(TypedDict, total=False):
    """An address as the dialog, the header and the pickers hold it: the spec's camelCase
    Address (000 §3), every field checked by `clean_address`. Every key is optional: {} is
    "no address", and only a saved one has ids."""

    streetAddress: str
    apartment: str
    city: str
    state: str
    postalCode: str
    country: str
    addressType: str
    latitude: float | None
    longitude: float | None
    isDefault: bool
    id: int
    addressId: int


# --- pure rules (tests/unit/test_address_state_rules.py) ------------------------------------


#: Positions and stored addresses from the browser are read with the services' rules.
position_arg = position
clean_address = addresses.read_address


def parse_stored(text: Any) -> ShownAddress:
    """The guest address kept under userAddress; {} when absent or unreadable (000 §4.5:
    failures reading the stored address are ignored)."""
    if not isinstance(text, str) or not text or len(text) > STORED_TEXT_MAX:
        return {}
    try:
        return clean_address(json.loads(text))
    except ValueError:
        return {}


def address_label(address: Mapping[str, Any]) -> str:
    """One line for the header: "12 Avenue Kwame Nkrumah, Ouagadougou"."""
    street = str(address.get("streetAddress") or "").strip()
    city = str(address.get("city") or "").strip()
    if street and city and city.casefold() not in street.casefold():
        text = f"{street}, {city}"
    else:
        text = street or city or str(address.get("country") or "").strip()
    return text if len(text) <= LABEL_MAX else text[: LABEL_MAX - 1].rstrip(" ,") + "…"


def required_key(missing: list[str]) -> str:
    """The message key for missing required fields, e.g. ["streetAddress", "city"] →
    "address:validation.required.street_city" ('Veuillez remplir les champs suivants :
    adresse, ville')."""
    names = [REQUIRED_NAMES[key] for key in REQUIRED_NAMES if key in missing]
    return "address:validation.required." + "_".join(names) if names else ""


def validation_keys(data: Mapping[str, Any]) -> tuple[str, str, list[str]]:
    """(required-fields key, coordinate key, missing fields) of an Address, in the service's
    own rules (grocer.services.addresses.validate_address)."""
    problems = addresses.validate_address(data)
    missing = [
        key for key in REQUIRED_NAMES if not (isinstance(data.get(key), str) and data[key].strip())
    ]
    required = (
        required_key(missing) if any(p.key == "address.errors.required" for p in problems) else ""
    )
    coordinate_key = ""
    for problem in problems:
        if problem.key == "address.errors.latitude":
            coordinate_key = K_LATITUDE
            break
        if problem.key == "address.errors.longitude":
            coordinate_key = K_LONGITUDE
            break
    other = [
        p
        for p in problems
        if p.key
        not in {"address.errors.required", "address.errors.latitude", "address.errors.longitude"}
    ]
    if other and not required and not coordinate_key:
        coordinate_key = K_SAVE_FAILED
    return required, coordinate_key, missing if required else []


def id_arg(value: Any) -> bool:
    """A database id from the browser: a positive integer that fits the column (int32)."""
    return record_id(value, text=False) is not None


def language(value: Any) -> str:
    return language_or_default(value)


#: Who hears of an account address saved in the dialog (000 §4.5 addressUpdated), e.g. the
#: account's address list: `async def hook(state, user_id)`, `state` this AddressState.
SavedHook = Callable[[rx.State, int], Awaitable[None]]
_saved_hooks: list[SavedHook] = []


def on_saved(hook: SavedHook) -> SavedHook:
    """Register `hook` for the dialog's saves to the account (once per function)."""
    known = {(h.__module__, h.__qualname__) for h in _saved_hooks}
    if (hook.__module__, hook.__qualname__) not in known:
        _saved_hooks.append(hook)
    return hook


async def _announce_save(state: rx.State, user_id: int) -> None:
    """addressUpdated: the listeners follow (one failing does not undo the save)."""
    for hook in _saved_hooks:
        try:
            await hook(state, user_id)
        except Exception:
            logger.exception("address: a listener of the save failed")


async def _account_address(user_id: int, address_id: int = 0) -> ShownAddress:
    """One of the signed-in shopper's addresses (owner-checked by the service), or their
    default one when `address_id` is 0; {} when they have none."""
    if address_id:
        found = await session_guard.call(addresses.get, address_id, as_user=user_id)
        return clean_address(found)
    rows = await session_guard.call(addresses.list_for_user, user_id, as_user=user_id)
    return clean_address(rows[0]) if rows else {}


class AddressState(rx.State):
    """The delivery address and its dialog."""

    # The guest address (spec key userAddress), JSON text kept by the browser.
    user_address: str = rx.LocalStorage("", name=STORAGE_KEY, sync=True)
    # The signed-in shopper's address shown in this tab (their own data only).
    account_address: ShownAddress = {}

    # The dialog.
    signed_in: bool = False
    editing_id: int = 0
    # The dialog edits the address kept in this browser (userAddress), not a saved one: the
    # account's "Récente" card ('Modifier').
    editing_local: bool = False
    street: str = ""
    apartment: str = ""
    city: str = ""
    region: str = ""
    postal_code: str = ""
    country: str = ""
    latitude: str = ""
    longitude: str = ""
    is_default: bool = True
    address_type: str = addresses.DEFAULT_ADDRESS_TYPE
    error_key: str = ""  # shown inline, role=alert (guests' required fields, coordinates)
    invalid_fields: list[str] = []  # the required fields left blank (red outline)
    busy: bool = False
    # The submits answered, whatever the answer: the dialog is drawn closed, and the address
    # in the cart overlay, as soon as it is submitted; the state's dialog and address rule
    # again once this count has caught up (assets/open_now.js, issue 23), a refusal bringing
    # the dialog back with its message. It only grows.
    answered: int = 0
    locating: bool = False
    # The device position once known this session: the blue marker of the maps.
    here: list[float] = []
    # A 3-second toast after a save (rendered by the address dialog module).
    toast_key: str = ""
    toast_error: bool = False
    # A line for the browser console (000 §5), written there by the dialog's console echo: a
    # handler never sends code to run in the browser (it would need eval, which the CSP
    # forbids). The count makes the same line logged again.
    console_line: str = ""
    console_seq: int = 0
    # Asks the browser for the device position (± the fill sequence, see got_position; 0 when
    # nothing is asked): the dialog's locator reads it (grocer.components.browser).
    locate_request: int = 0

    _pending_edit: bool = False
    _lang: str = "fr"
    _fill_seq: int = 0
    _toast_seq: int = 0

    # --- what the page shows ------------------------------------------------------------

    @rx.var
    def address(self) -> ShownAddress:
        """The current delivery address (the spec's Address), {} when none."""
        return self.account_address or parse_stored(self.user_address)

    @rx.var
    def label(self) -> str:
        return address_label(self.address)

    @rx.var
    def stored_address(self) -> ShownAddress:
        """The address kept in this browser (userAddress), {} when none: the account's recent
        local address."""
        return parse_stored(self.user_address)

    @rx.var
    def editing(self) -> bool:
        """The dialog changes an existing address ('Modifier l'adresse')."""
        return bool(self.editing_id) or self.editing_local

    @rx.var
    def opens_fresh(self) -> bool:
        """Whether the dialog would open showing the form as it is now: no address to fill it
        with, nothing left in it from an earlier opening. Its "Ajouter une adresse" then draws
        it open at once (issue 23), before the state's answer."""
        idle = not (self.editing or self.error_key or self.invalid_fields or self.busy)
        return idle and not self.address and self._form() == EMPTY_FORM

    @rx.var
    def submit_key(self) -> str:
        if self.editing_id or self.editing_local:
            return "address:dialog.update"
        return "address:dialog.save" if self.signed_in else "address:dialog.apply"

    # --- helpers -----------------------------------------------------------------------------

    def _form(self) -> dict[str, Any]:
        data: dict[str, Any] = {key: getattr(self, name) for name, (key, _) in TEXT_FIELDS.items()}
        data["addressType"] = self.address_type
        data["latitude"] = self.latitude
        data["longitude"] = self.longitude
        data["isDefault"] = self.is_default
        return data

    def _fill(self, address: Mapping[str, Any], *, coordinates: bool = True) -> None:
        """Put an Address into the form fields."""
        clean = clean_address(address)
        for name, (key, _) in TEXT_FIELDS.items():
            setattr(self, name, clean.get(key, "") or "")
        if coordinates:
            lat, lng = clean.get("latitude"), clean.get("longitude")
            self.latitude = "" if lat is None else coordinate_text(lat)
            self.longitude = "" if lng is None else coordinate_text(lng)
        if clean:
            self.address_type = clean["addressType"]
        self.error_key = ""
        self.invalid_fields = []

    def _clear_form(self) -> None:
        self._fill({})
        self.is_default = True
        self.address_type = addresses.DEFAULT_ADDRESS_TYPE

    def _toast(self, key: str, *, error: bool = False):
        self._toast_seq += 1
        self.toast_key = key
        self.toast_error = error
        return AddressState.hide_toast(self._toast_seq)

    def _set_position(self, lat: float, lng: float) -> None:
        self.latitude = coordinate_text(lat)
        self.longitude = coordinate_text(lng)

    def _form_position(self) -> tuple[float, float] | None:
        """The dialog's point, when both coordinates are valid (backend-only: the map picker
        reads it; a browser has no business calling it)."""
        lat = coordinate(self.latitude, LATITUDE)
        lng = coordinate(self.longitude, LONGITUDE)
        return (lat, lng) if lat is not None and lng is not None else None

    async def _close_dialog(self) -> None:
        dialogs = await self.get_state(DialogState)
        if dialogs.active == "address":
            dialogs._close()
        self.editing_id = 0
        self.editing_local = False
        self._pending_edit = False
        self.busy = False

    # --- start of the page: the signed-in shopper's address -------------------------------

    @rx.event
    async def sync_account(self):
        """Mounted once per tab and again whenever the sign-in changes: a signed-in shopper
        sees their account's default address, a guest their stored one. A closed dialog
        learns the sign-in too, as its next opening would (`opens_fresh`)."""
        user_id = await session_guard.signed_in_user_id(self, refresh=False)
        if (await self.get_state(DialogState)).active != "address":
            self.signed_in = user_id is not None
        if user_id is None:
            self.account_address = {}
            return
        try:
            self.account_address = await _account_address(user_id)
        except Exception:  # the header simply keeps the stored address
            logger.exception("address: the account's address could not be loaded")

    # --- the dialog ------------------------------------------------------------------------

    @rx.event
    async def edit_address(self, address_id: int):
        """Open the dialog on one of the signed-in shopper's saved addresses ('Modifier
        l'adresse', 'Mettre à jour')."""
        if not id_arg(address_id):
            return
        user_id = await session_guard.signed_in_user_id(self)
        if user_id is None:
            return
        try:
            found = await _account_address(user_id, address_id)
        except ServiceError:  # not theirs or gone: nothing to edit
            return
        except Exception:
            logger.exception("address: the address to edit could not be loaded")
            return
        if not found:
            return
        self._fill(found)
        self.is_default = bool(found.get("isDefault", True))
        self.editing_id = address_id
        self.editing_local = False
        self._pending_edit = True
        return DialogState.open_dialog("address")

    @rx.event
    async def new_address(self):
        """'Ajouter une adresse' in the account: the dialog opens empty, to save a new address
        to the account (signed-in shoppers only)."""
        if await session_guard.signed_in_user_id(self) is None:
            return
        self._clear_form()
        self.editing_id = 0
        self.editing_local = False
        self._pending_edit = True
        return DialogState.open_dialog("address")

    @rx.event
    async def edit_stored(self):
        """'Modifier' on the account's recent local address: the dialog edits the address
        kept in this browser ('Mettre à jour' stores it back under userAddress)."""
        stored = self.stored_address
        if not stored or await session_guard.signed_in_user_id(self) is None:
            return
        self._clear_form()
        self._fill(stored)
        self.is_default = bool(stored.get("isDefault", True))
        self.editing_id = 0
        self.editing_local = True
        self._pending_edit = True
        return DialogState.open_dialog("address")

    @rx.event
    async def dialog_opened(self, lang: str = "fr"):
        """The dialog just opened, without its map picker (the dialog's component sends
        `MapPickerState.dialog_opened`, which does this and the picker in one event)."""
        await self._dialog_opened(lang)

    async def _dialog_opened(self, lang: str) -> None:
        """The dialog just opened (000 §4.5): who is signed in, the stored or edited address,
        then one device geolocation."""
        self._lang = language(lang)
        self.signed_in = await session_guard.signed_in_user_id(self) is not None
        if self._pending_edit and self.signed_in:
            self._pending_edit = False
        else:
            self.editing_id = 0
            self.editing_local = False
            self._pending_edit = False
            self._clear_form()
            stored = self.address
            if stored:
                self._fill(stored)
                self.is_default = bool(stored.get("isDefault", True))
        self.busy = False
        self.locating = True
        self._fill_seq += 1
        # The browser then sends the position (locate_request).
        self.locate_request = self._fill_seq

    @rx.event
    def use_current_position(self):
        """The 'Utiliser ma position actuelle' link: ask the device again, fill the fields."""
        self.locating = True
        self._fill_seq += 1
        self.locate_request = -self._fill_seq

    @rx.event(background=True)
    async def got_position(self, seq: int, position: Any = None):
        """The device position arrived (or null: denied, unavailable, timed out).

        `seq` > 0 comes from opening the dialog: the fields are filled only when the form holds
        no address yet (a stored or edited address is kept). `seq` < 0 comes from the
        explicit link: the fields are always filled. Stale answers are ignored.
        """
        found = position_arg(position)
        if isinstance(seq, bool) or not isinstance(seq, int):
            return
        async with self:
            if abs(seq) != self._fill_seq:
                return
            self.locate_request = 0
            if found is None:
                self.locating = False
                return
            self.here = [found[0], found[1]]
            fill = seq < 0 or (not self.editing_id and not self.street.strip())
            lang = self._lang
            if not fill:
                self.locating = False
                return
        place = None
        try:
            place = await geo.reverse_async(found[0], found[1], lang)
        except (ValidationFailed, geo.GeocoderBusy):  # busy: the position alone is kept
            place = None
        async with self:
            if abs(seq) != self._fill_seq:
                return
            self.locating = False
            if place:
                self._fill(geo.to_address(place), coordinates=False)
            self._set_position(found[0], found[1])

    @rx.event
    def set_field(self, name: str, value: str) -> None:
        """One form input changed (name from a fixed set, text cut at its limit)."""
        if not isinstance(value, str):
            return
        if name in TEXT_FIELDS:
            setattr(self, name, value[: TEXT_FIELDS[name][1]])
            key = TEXT_FIELDS[name][0]
            if key in self.invalid_fields and value.strip():
                self.invalid_fields = [f for f in self.invalid_fields if f != key]
        elif name in COORDINATE_FIELDS:
            setattr(self, name, value[:COORDINATE_TEXT_MAX])
        else:
            return
        self._fill_seq += 1  # the shopper types: a late geolocation answer must not overwrite

    @rx.event
    def toggle_default(self) -> None:
        """'Définir comme adresse par défaut'."""
        self.is_default = not self.is_default

    @rx.event
    async def close(self):
        """Escape, the backdrop or ×."""
        await self._close_dialog()

    @rx.event
    async def sign_in(self):
        """'Se connecter' (guests): the sign-in dialog takes the place of this one."""
        self.editing_id = 0
        self.editing_local = False
        return DialogState.open_dialog("login")

    @rx.event
    async def submit(self, _form: Any = None):
        """Appliquer / Enregistrer / Mettre à jour (000 §4.5, §5). Counted in `answered`
        whatever happens: the browser already shows the dialog closed."""
        try:
            if self.busy:
                return
            data = self._form()
            required, coordinate_key, missing = validation_keys(data)
            user_id = await session_guard.signed_in_user_id(self) if self.signed_in else None
            signed_in = user_id is not None
            self.invalid_fields = missing
            if required and signed_in:
                # 000 §5: for signed-in shoppers the message is only logged (the blank fields
                # are outlined); nothing is saved.
                message = addresses.required_message(missing)
                logger.info("address: incomplete, not saved (%s)", message)
                self.error_key = coordinate_key
                self.console_line = message
                self.console_seq += 1
                return
            if required or coordinate_key:
                self.error_key = required or coordinate_key
                return
            self.error_key = ""
            if self.signed_in and not signed_in:
                # The session ended while the dialog was open.
                yield self._toast(K_SAVE_FAILED, error=True)
                return
            if not signed_in:
                await self._save_guest(data)
                return
            if self.editing_local:
                if self._store_form(data):
                    await self._close_dialog()
                    yield self._toast(K_UPDATED)
                return
            self.busy = True
            yield
            editing = self.editing_id
            try:
                if editing:
                    saved = await session_guard.call(
                        addresses.update, editing, data, as_user=user_id
                    )
                else:
                    saved = await session_guard.call(addresses.create, data, as_user=user_id)
            except Exception:  # 000 §8: "Erreur lors de l'enregistrement de l'adresse…"
                logger.exception("address: the address could not be saved")
                self.busy = False
                yield self._toast(K_SAVE_FAILED, error=True)
                return
            self.account_address = clean_address(saved)
            await _announce_save(self, user_id)
            await self._close_dialog()
            yield self._toast(K_UPDATED if editing else K_SAVED)
        finally:
            self.answered += 1

    def _store_form(self, data: dict[str, Any]) -> bool:
        """Keep the form's address in the browser (key userAddress); False (and the dialog's
        alert, 000 §8) when it cannot be written."""
        try:
            address = clean_address(data)
            address["isDefault"] = data.get("isDefault") is not False
            self.user_address = json.dumps(address, ensure_ascii=False)
        except (TypeError, ValueError):
            self.error_key = K_SAVE_FAILED
            return False
        return True

    async def _save_guest(self, data: dict[str, Any]) -> None:
        """Guests keep one address in the browser (key userAddress)."""
        if not self._store_form(data):
            return
        self.account_address = {}
        await self._close_dialog()

    @rx.event(background=True)
    async def hide_toast(self, seq: int):
        """The toast goes after 3 s (000 §9), unless a newer one replaced it."""
        if isinstance(seq, bool) or not isinstance(seq, int):
            return
        await asyncio.sleep(TOAST_SECONDS)
        async with self:
            if seq == self._toast_seq:
                self.toast_key = ""

    @rx.event
    def dismiss_toast(self) -> None:
        self.toast_key = ""

    # --- shared with the pickers --------------------------------------------------------

    def _choose(self, address: Mapping[str, Any]) -> ShownAddress:
        """A place chosen in a picker fills the form (the dialog stays open)."""
        clean = clean_address(address)
        if clean:
            self._fill(clean)
            self._fill_seq += 1
        return clean

    def _store_chosen(self, address: Mapping[str, Any]) -> ShownAddress:
        """000 §4.5: the picker modal stores its choice under userAddress (addressUpdated)."""
        clean = clean_address(address)
        if not clean:
            return {}
        self.user_address = json.dumps(clean, ensure_ascii=False)
        if self.account_address:
            self.account_address = clean
        return clean

    @rx.event
    def fill_from_choice(self, address: dict) -> None:
        """The modal's select callback in the address dialog: the chosen place fills the
        form (browser data: cleaned like any other)."""
        self._choose(address if isinstance(address, dict) else {})
