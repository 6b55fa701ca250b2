"""The address dialog and the map pickers' handlers, called the way the websocket would, with
honest and forged arguments and storage (every handler is a door: any browser can call it).
"""

from __future__ import annotations

import json

from sqlmodel import Session

from grocer.models import Address
from grocer.services import addresses
from grocer.state import address as rules
from grocer.state.address import AddressState
from grocer.state.dialogs import DialogState
from grocer.state.map_picker import MapPickerState, StorePickerState
from tests.support.address_dialog import FULL_ADDRESS, fill, opened, saved
from tests.support.state_harness import add_user, new_tree, run, sign_in, sub

# --- form fields ------------------------------------------------------------------------------


def test_set_field_accepts_known_fields_only_and_cuts_text() -> None:
    form = sub(new_tree(), AddressState)
    run(AddressState.set_field, form, "street", "x" * 10_000)
    assert len(form.street) == addresses.ADDRESS_LIMITS["streetAddress"]
    for name, value in [
        ("_fill_seq", "9"),
        ("user_address", "{}"),
        ("signed_in", "true"),
        ("editing_id", "4"),
        ("city", 42),
        ("city", None),
        ("latitude", ["1"]),
    ]:
        run(AddressState.set_field, form, name, value)
    assert form.user_address == "" and form.signed_in is False and form.editing_id == 0
    assert form.city == "" and form.latitude == ""
    run(AddressState.set_field, form, "latitude", "1" * 500)
    assert len(form.latitude) == rules.COORDINATE_TEXT_MAX


def test_forged_stored_address_is_cleaned() -> None:
    form = sub(new_tree(), AddressState)
    form.user_address = json.dumps(
        {"streetAddress": "<b>x</b>" * 100, "city": {"x": 1}, "latitude": 1e309, "admin": True}
    )
    assert "admin" not in form.address
    assert form.address["city"] == "" and form.address["latitude"] is None
    assert len(form.address["streetAddress"]) <= addresses.ADDRESS_LIMITS["streetAddress"]
    form.user_address = "not json"
    assert form.address == {} and form.label == ""


# --- guests ------------------------------------------------------------------------------


def test_guest_validation_messages_then_save_to_the_browser() -> None:
    root = new_tree()
    form = opened(root)
    assert form.signed_in is False and form.submit_key == "address:dialog.apply"
    run(AddressState.submit, form, {})
    assert form.error_key == "address:validation.required.street_city_country"
    assert form.invalid_fields == ["streetAddress", "city", "country"]
    fill(form, {"street": "Rue 1", "country": "Burkina Faso"})
    run(AddressState.submit, form, {})
    assert form.error_key == "address:validation.required.city"
    fill(form, {"city": "Ouagadougou", "latitude": "-91"})
    run(AddressState.submit, form, {})
    assert form.error_key == rules.K_LATITUDE
    fill(form, {"latitude": "12", "longitude": "181"})
    run(AddressState.submit, form, {})
    assert form.error_key == rules.K_LONGITUDE
    assert form.user_address == ""

    fill(form, {"longitude": "-1.5"})
    run(AddressState.submit, form, {})
    assert form.error_key == ""
    stored = json.loads(form.user_address)
    assert stored["streetAddress"] == "Rue 1" and stored["latitude"] == 12.0
    assert form.label == "Rue 1, Ouagadougou"
    assert sub(root, DialogState).active == ""  # closed


def test_guest_cannot_edit_or_save_to_an_account(db: Session) -> None:
    alice = add_user(db, "alice")
    row = addresses.create(db, alice, {"streetAddress": "A", "city": "B", "country": "C"})
    db.commit()
    root = new_tree()
    form = sub(root, AddressState)
    run(AddressState.edit_address, form, row["id"])
    assert form.editing_id == 0 and form.street == ""
    form = opened(root)
    fill(form, FULL_ADDRESS)
    run(AddressState.submit, form, {})
    assert len(saved(db, alice)) == 1  # untouched


# --- signed-in shoppers --------------------------------------------------------------------


def test_signed_in_save_update_and_toasts(db: Session) -> None:
    alice = add_user(db, "alice")
    root = new_tree()
    sign_in(root, db, alice)
    form = opened(root)
    assert form.signed_in is True and form.submit_key == "address:dialog.save"

    # Missing fields: only logged (no message), outlined, nothing saved.
    out = run(AddressState.submit, form, {})
    assert form.error_key == "" and form.invalid_fields == ["streetAddress", "city", "country"]
    assert form.console_line == "Veuillez remplir les champs suivants : adresse, ville, pays"
    assert form.console_seq == 1
    assert not any("_call_script" in str(item) for item in out)  # no code sent: CSP, no eval
    assert saved(db, alice) == []

    fill(form, FULL_ADDRESS)
    run(AddressState.submit, form, {})
    rows = saved(db, alice)
    assert len(rows) == 1 and rows[0].street_address == FULL_ADDRESS["street"]
    assert form.toast_key == rules.K_SAVED and form.toast_error is False
    assert form.label == "12 Avenue Kwame Nkrumah, Ouagadougou"
    assert sub(root, DialogState).active == ""

    # Editing: 'Mettre à jour', the update toast.
    run(AddressState.edit_address, form, rows[0].id)
    assert form.editing_id == rows[0].id and form.street == FULL_ADDRESS["street"]
    form = opened(root)
    assert form.editing_id == rows[0].id and form.submit_key == "address:dialog.update"
    fill(form, {"street": "Rue 15.23"})
    run(AddressState.submit, form, {})
    rows = saved(db, alice)
    assert len(rows) == 1 and rows[0].street_address == "Rue 15.23"
    assert form.toast_key == rules.K_UPDATED


def test_edit_of_someone_elses_address_loads_nothing(db: Session) -> None:
    alice, bob = add_user(db, "alice"), add_user(db, "bob")
    row = addresses.create(db, bob, {"streetAddress": "Bob street", "city": "X", "country": "Y"})
    db.commit()
    root = new_tree()
    sign_in(root, db, alice)
    form = sub(root, AddressState)
    for forged in (row["id"], -1, 0, True, "1", 10**12, None):
        run(AddressState.edit_address, form, forged)
        assert form.editing_id == 0 and form.street == ""


def test_forged_editing_id_cannot_update_another_users_address(db: Session) -> None:
    alice, bob = add_user(db, "alice"), add_user(db, "bob")
    row = addresses.create(db, bob, {"streetAddress": "Bob street", "city": "X", "country": "Y"})
    db.commit()
    root = new_tree()
    sign_in(root, db, alice)
    form = opened(root)
    form.editing_id = row["id"]  # as if the browser could set it (it cannot: no setter)
    fill(form, FULL_ADDRESS)
    run(AddressState.submit, form, {})
    assert form.toast_key == rules.K_SAVE_FAILED and form.toast_error is True
    db.expire_all()
    assert db.get(Address, row["id"]).street_address == "Bob street"


def test_account_address_follows_the_sign_in(db: Session) -> None:
    alice = add_user(db, "alice")
    addresses.create(db, alice, {"streetAddress": "Rue A", "city": "Bobo", "country": "BF"})
    db.commit()
    root = new_tree()
    form = sub(root, AddressState)
    run(AddressState.sync_account, form)
    assert form.account_address == {}
    sign_in(root, db, alice)
    run(AddressState.sync_account, form)
    assert form.label == "Rue A, Bobo"


def test_the_dialog_opens_fresh_only_when_the_opening_would_show_the_form_as_it_is(
    db: Session,
) -> None:
    """`opens_fresh` (the page then draws "Ajouter une adresse"'s dialog open before the
    state's answer): no address and an empty form; not once an address would fill it, a field
    holds text from an earlier opening, or a message is shown."""
    root = new_tree()
    form, dialogs = sub(root, AddressState), sub(root, DialogState)
    assert form.opens_fresh is True
    run(MapPickerState.open_dialog, sub(root, MapPickerState), "fr", 1280)
    assert form.opens_fresh is True  # opened: still what the page drew
    run(AddressState.set_field, form, "street", "Rue 1")
    run(AddressState.close, form)
    assert dialogs.active == "" and form.opens_fresh is False  # the text stays until an opening
    run(MapPickerState.open_dialog, sub(root, MapPickerState), "fr", 1280)
    assert form.street == "" and form.opens_fresh is True
    run(AddressState.submit, form, {})
    assert form.error_key and form.opens_fresh is False
    run(AddressState.close, form)
    form.user_address = json.dumps(FULL_ADDRESS | {"streetAddress": "Rue 2"})
    run(MapPickerState.open_dialog, sub(root, MapPickerState), "fr", 1280)
    assert form.street == "Rue 2" and form.opens_fresh is False


def test_a_closed_dialog_learns_the_sign_in_an_open_one_keeps_its_own(db: Session) -> None:
    """The sign-in that the next opening would find is known before it (the page draws the
    dialog with the right buttons ahead); a dialog already open keeps the one it opened with."""
    alice = add_user(db, "alice")
    root = new_tree()
    form = sub(root, AddressState)
    sign_in(root, db, alice)
    run(AddressState.sync_account, form)
    assert form.signed_in is True and form.submit_key == "address:dialog.save"
    root = new_tree()
    form = opened(root)
    assert form.signed_in is False
    sign_in(root, db, alice)
    run(AddressState.sync_account, form)
    assert form.signed_in is False  # open: as it opened, until the next opening


# --- pickers ---------------------------------------------------------------------------------


def test_opening_the_dialog_starts_the_form_and_the_picker_in_one_event(db: Session) -> None:
    """The dialog's one opening event: the form takes the stored address and asks for the
    device position; the picker starts closed and empty, and opens by itself on a phone."""
    root = new_tree()
    sub(root, DialogState).active = "address"
    form, picker = sub(root, AddressState), sub(root, MapPickerState)
    form.user_address = json.dumps({**FULL_ADDRESS, "streetAddress": "Rue des Manguiers"})
    picker.selected = {"lat": 1.0, "lng": 2.0, "name": "", "address": {}}  # from before
    run(MapPickerState.dialog_opened, picker, "fr", 1280)
    assert form.street == "Rue des Manguiers"
    assert form.locate_request > 0 and form.locating
    assert picker.open is False and picker.selected is None

    run(MapPickerState.dialog_opened, picker, "fr", 390)
    assert picker.open is True
    run(MapPickerState.dialog_opened, picker, "fr", "390")  # not a width: the picker stays shut
    assert picker.open is False


def test_a_tap_opens_and_starts_the_dialog_in_one_event_which_its_mount_does_not_repeat(
    db: Session,
) -> None:
    """ "Ajouter une adresse": the dialog opens and starts in the tap's own event (one round
    trip); the form's mount, which starts a dialog opened any other way, then changes nothing
    (what the shopper typed meanwhile stays)."""
    root = new_tree()
    dialogs = sub(root, DialogState)
    form, picker = sub(root, AddressState), sub(root, MapPickerState)
    form.user_address = json.dumps({**FULL_ADDRESS, "streetAddress": "Rue des Manguiers"})
    run(MapPickerState.open_dialog, picker, "fr", 390)
    assert dialogs.active == "address" and picker.open is True
    assert form.street == "Rue des Manguiers" and form.locate_request > 0
    run(AddressState.set_field, form, "street", "Avenue Kwame Nkrumah")
    asked = form.locate_request
    run(MapPickerState.dialog_opened, picker, "fr", 390)  # the mount that follows
    assert form.street == "Avenue Kwame Nkrumah" and form.locate_request == asked
    assert picker.open is True

    run(DialogState.close_dialog, dialogs)
    run(DialogState.open_dialog, dialogs, "address")  # opened another way: the mount starts it
    run(MapPickerState.dialog_opened, picker, "fr", 1280)
    assert form.street == "Rue des Manguiers" and form.locate_request > asked
    assert picker.open is False


def test_map_picker_rejects_forged_arguments() -> None:
    root = new_tree()
    picker = sub(root, MapPickerState)
    for width in ("300", True, None, [300], 900):
        run(MapPickerState.open_if_small, picker, width)
        assert picker.open is False
    run(MapPickerState.open_if_small, picker, 390)
    assert picker.open is True and picker.zoom == 13 and picker.center == [12.3714, -1.5197]

    for lat, lng in [(91, 0), (0, 181), ("nan", 0), (True, 0), (None, None), ([1], 2)]:
        run(MapPickerState.pick, picker, lat, lng)
        assert picker.selected is None
    for index in (-1, 0, 5, True, "0", None):
        run(MapPickerState.choose_result, picker, index)
        assert picker.selected is None
    run(MapPickerState.confirm, picker)  # nothing chosen: nothing happens
    assert sub(root, AddressState).latitude == ""
    run(MapPickerState.got_here, picker, ["12", "x"])
    assert sub(root, AddressState).here == []


def _row(index: int, name: str, lat: float, lng: float) -> dict:
    return {"index": index, "id": f"p{index}", "title": name, "subtitle": "", "name": name,
            "lat": lat, "lng": lng, "address": {"city": name}}  # fmt: skip


def test_the_chosen_result_is_named_until_the_selection_is_no_row_of_the_list() -> None:
    """`chosen` names the row that is the selection (the page draws a tapped row as the
    selection until it changes): a map point, a new list, a shorter query or a close is no
    row."""
    root = new_tree()
    picker = sub(root, MapPickerState)
    run(MapPickerState.open_picker, picker)
    assert picker.chosen == -1
    picker.results = [_row(0, "Ouagadougou", 12.37, -1.52), _row(1, "Ouahigouya", 13.58, -2.42)]
    run(MapPickerState.choose_result, picker, 1)
    assert picker.chosen == 1 and picker.selected["name"] == "Ouahigouya"
    run(MapPickerState.pick, picker, 12.0, -1.0)
    assert picker.chosen == -1 and picker.selected["lat"] == 12.0
    run(MapPickerState.choose_result, picker, 0)
    assert picker.chosen == 0
    picker._answered("Bobo")  # another search's list: the selection stays, as no row
    assert picker.chosen == -1 and picker.selected["name"] == "Ouagadougou"
    picker.results = [_row(0, "Bobo-Dioulasso", 11.18, -4.29)]
    run(MapPickerState.choose_result, picker, 0)
    run(MapPickerState.set_query, picker, "B")
    assert picker.chosen == -1 and picker.results == []
    picker.results = [_row(0, "Bobo-Dioulasso", 11.18, -4.29)]
    run(MapPickerState.choose_result, picker, 0)
    run(MapPickerState.cancel, picker)
    assert picker.chosen == -1 and picker.selected is None


def test_map_picker_manual_coordinates_and_confirm() -> None:
    root = new_tree()
    picker = sub(root, MapPickerState)
    run(MapPickerState.open_picker, picker)
    run(MapPickerState.set_manual, picker, "lat", "95")
    run(MapPickerState.show_coordinates, picker)
    assert picker.manual_error == rules.K_LATITUDE and picker.selected is None
    run(MapPickerState.set_manual, picker, "lat", "11.17")
    run(MapPickerState.set_manual, picker, "lng", "-200")
    run(MapPickerState.show_coordinates, picker)
    assert picker.manual_error == rules.K_LONGITUDE
    run(MapPickerState.set_manual, picker, "lng", "-4.29")
    run(MapPickerState.show_coordinates, picker)
    assert picker.manual_error == "" and picker.selected["lat"] == 11.17
    assert picker.center == [11.17, -4.29] and picker.zoom == 15
    assert picker.markers[-1]["kind"] == "selection"
    run(MapPickerState.confirm, picker)
    form = sub(root, AddressState)
    assert (form.latitude, form.longitude) == ("11.17", "-4.29")
    assert picker.open is False


def test_search_query_is_bounded_and_short_ones_do_not_search() -> None:
    picker = sub(new_tree(), MapPickerState)
    assert run(MapPickerState.set_query, picker, "O") == [None]
    assert picker.searching is False and picker.results == []
    run(MapPickerState.set_query, picker, "x" * 5000)
    assert len(picker.query) == 200 and picker.searching is True
    run(MapPickerState.set_query, picker, {"q": "x"})
    assert picker.query == ""


def test_store_picker_blank_search_and_forged_choices() -> None:
    root = new_tree()
    stores = sub(root, StorePickerState)
    run(StorePickerState.open_store_picker, stores, "de")
    assert stores.open is True and stores.zoom == 12 and stores.center == [12.3714, -1.5197]
    assert sub(root, AddressState)._lang == "de"
    for blank in ({"q": "   "}, {"q": ""}, {}, None, "q"):
        assert run(StorePickerState.search, stores, blank) == [None]
        assert stores.searching is False
    run(StorePickerState.got_location, stores, [12.4, -1.5])
    assert stores.located == [12.4, -1.5] and stores.zoom == 13
    run(StorePickerState.got_location, stores, [500, 0])
    assert stores.located == [12.4, -1.5]
    for index in (-1, 0, 8, True, "0"):
        run(StorePickerState.choose, stores, index)
        run(StorePickerState.focus_result, stores, index)
    assert sub(root, AddressState).user_address == "" and stores.open is True

    stores.results = [
        {
            "index": 0,
            "lat": 12.36,
            "lng": -1.52,
            "title": "Ouagadougou",
            "name": "Ouagadougou, Burkina Faso",
            "address": {"streetAddress": "Ouagadougou", "city": "Ouagadougou", "country": "BF"},
        }
    ]
    run(StorePickerState.focus_result, stores, 0)
    assert stores.active == 0 and stores.zoom == 15 and stores.markers[0]["open"] is True
    run(StorePickerState.choose, stores, 0)
    form = sub(root, AddressState)
    assert json.loads(form.user_address)["city"] == "Ouagadougou"
    assert form.label == "Ouagadougou" and stores.open is False


def test_select_callback_with_forged_address() -> None:
    form = sub(new_tree(), AddressState)
    for forged in (None, "x", [1], {"city": {"a": 1}}, {"evil": 1}):
        run(AddressState.fill_from_choice, form, forged)
        assert form.street == "" and form.city == ""
    run(AddressState.fill_from_choice, form, {"streetAddress": "Rue 1", "city": "Ouaga"})
    assert form.street == "Rue 1" and form.city == "Ouaga"
