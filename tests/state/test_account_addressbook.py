"""The account's addresses and payment-methods handlers (issue 15), called the way the
websocket calls them, with honest and forged arguments: another customer's id changes
nothing, a card number or CVV never stays in the tab's state."""

from __future__ import annotations

import json
from typing import Any

import pytest
from sqlmodel import Session, select

from grocer.models import Address, PaymentMethod, User
from grocer.services import addresses, payment_methods
from grocer.state.account_addresses import AccountAddressesState
from grocer.state.account_payment_methods import AccountPaymentMethodsState
from grocer.state.address import AddressState
from grocer.state.dialogs import DialogState
from grocer.state.payment_method_form import card_payload
from grocer.state.toast import ToastState
from tests.support.address_dialog import FULL_ADDRESS, fill, opened, saved
from tests.support.state_harness import add_user, new_tree, run, sign_in, sub

CARD = {
    "card_name": "Awa Ouédraogo",
    "card_number": "4111 1111 1111 1111",
    "expiry_month": "4",
    "expiry_year": "2030",
    "cvv": "123",
    "billing_country": "France",
}
FORGED_IDS = (-1, 0, True, "1", 10**12, None, 1.0, [1])


def toast(root: Any) -> tuple[str, bool]:
    state = sub(root, ToastState)
    return state.key, state.error


def an_address(db: Session, user: User, street: str, **extra: Any) -> dict[str, Any]:
    row = addresses.create(db, user, {"streetAddress": street, "city": "Ouagadougou",
                                      "country": "Burkina Faso", **extra})  # fmt: skip
    db.commit()
    return dict(row)


def a_card(db: Session, user: User) -> dict[str, Any]:
    row = payment_methods.create(db, user, card_payload("card", CARD))
    db.commit()
    return dict(row)


def methods(db: Session, user: User) -> list[PaymentMethod]:
    db.expire_all()
    return list(db.exec(select(PaymentMethod).where(PaymentMethod.user_id == user.id)).all())


def signed_in_tree(db: Session, user: User) -> Any:
    root = new_tree()
    sign_in(root, db, user)
    return root


# --- addresses --------------------------------------------------------------------------------


def test_addresses_load_only_the_shoppers_own_and_follow_the_header(db: Session) -> None:
    alice, bob = add_user(db, "alice"), add_user(db, "bob")
    an_address(db, alice, "Rue A", isDefault=False)
    an_address(db, alice, "Rue B")
    an_address(db, bob, "Bob street")
    root = signed_in_tree(db, alice)
    state = sub(root, AccountAddressesState)
    assert state.loaded is False
    run(AccountAddressesState.load, state)
    assert state.loaded is True and state.failed is False
    assert [row["streetAddress"] for row in state.rows] == ["Rue B", "Rue A"]
    assert all(row["createdAt"] for row in state.rows)
    assert sub(root, AddressState).label == "Rue B, Ouagadougou"


def test_signed_out_tab_loads_nothing() -> None:
    root = new_tree()
    state = sub(root, AccountAddressesState)
    state.rows = [{"id": 1}]
    run(AccountAddressesState.load, state)
    assert state.rows == [] and state.loaded is False


def test_delete_with_confirmation_and_toasts(db: Session) -> None:
    alice = add_user(db, "alice")
    first = an_address(db, alice, "Rue A")
    an_address(db, alice, "Rue B", isDefault=False)
    root = signed_in_tree(db, alice)
    state = sub(root, AccountAddressesState)
    run(AccountAddressesState.load, state)

    run(AccountAddressesState.ask_delete, state, first["id"])
    assert state.confirm_id == first["id"]
    run(AccountAddressesState.cancel_delete, state)
    assert state.confirm_id == 0 and len(saved(db, alice)) == 2

    run(AccountAddressesState.ask_delete, state, first["id"])
    out = run(AccountAddressesState.confirm_delete, state)
    assert out  # the busy state went out first, then the toast's timer
    assert [row.street_address for row in saved(db, alice)] == ["Rue B"]
    assert [row["streetAddress"] for row in state.rows] == ["Rue B"]
    assert state.rows[0]["isDefault"] is True  # the remaining one took the default
    assert state.confirm_id == 0 and state.deleting is False
    assert toast(root) == ("addressbook:addresses.toast.deleted", False)
    assert sub(root, AddressState).label == "Rue B, Ouagadougou"


def test_another_customers_address_is_never_deleted(db: Session) -> None:
    alice, bob = add_user(db, "alice"), add_user(db, "bob")
    bobs = an_address(db, bob, "Bob street")
    root = signed_in_tree(db, alice)
    state = sub(root, AccountAddressesState)
    run(AccountAddressesState.ask_delete, state, bobs["id"])
    run(AccountAddressesState.confirm_delete, state)
    assert toast(root) == ("addressbook:addresses.toast.deleteFailed", True)
    assert [row.street_address for row in saved(db, bob)] == ["Bob street"]
    assert state.confirm_id == 0 and state.deleting is False


def test_forged_ids_open_no_confirmation() -> None:
    state = sub(new_tree(), AccountAddressesState)
    for forged in FORGED_IDS:
        run(AccountAddressesState.ask_delete, state, forged)
        assert state.confirm_id == 0
    run(AccountAddressesState.confirm_delete, state)  # nothing asked: nothing done
    assert state.deleting is False


def test_signed_out_confirmation_deletes_nothing(db: Session) -> None:
    alice = add_user(db, "alice")
    row = an_address(db, alice, "Rue A")
    root = new_tree()
    state = sub(root, AccountAddressesState)
    run(AccountAddressesState.ask_delete, state, row["id"])
    run(AccountAddressesState.confirm_delete, state)
    assert toast(root) == ("account:toasts.notSignedIn", True)
    assert len(saved(db, alice)) == 1


def test_recent_local_address_added_to_the_account(db: Session) -> None:
    alice = add_user(db, "alice")
    root = signed_in_tree(db, alice)
    state = sub(root, AccountAddressesState)
    run(AccountAddressesState.add_recent, state)
    assert toast(root) == ("addressbook:addresses.toast.noneSelected", True)
    assert saved(db, alice) == []

    sub(root, AddressState).user_address = json.dumps(
        {"streetAddress": "Rue Locale", "city": "Bobo-Dioulasso", "country": "Burkina Faso",
         "id": 999999, "admin": True}
    )  # fmt: skip
    run(AccountAddressesState.add_recent, state)
    rows = saved(db, alice)
    assert [row.street_address for row in rows] == ["Rue Locale"] and rows[0].id != 999999
    assert toast(root) == ("addressbook:addresses.toast.added", False)
    assert [row["streetAddress"] for row in state.rows] == ["Rue Locale"]
    assert state.adding is False
    run(AccountAddressesState.add_recent, state)  # a second click: not twice
    assert len(saved(db, alice)) == 1


def test_recent_address_that_breaks_the_rules_gives_the_error_toast(db: Session) -> None:
    alice = add_user(db, "alice")
    root = signed_in_tree(db, alice)
    sub(root, AddressState).user_address = json.dumps({"streetAddress": "Rue sans ville"})
    run(AccountAddressesState.add_recent, sub(root, AccountAddressesState))
    assert toast(root) == ("addressbook:addresses.toast.addFailed", True)
    assert saved(db, alice) == []


def test_signed_out_tab_adds_no_recent_address(db: Session) -> None:
    root = new_tree()
    sub(root, AddressState).user_address = json.dumps(
        {"streetAddress": "Rue", "city": "Bobo", "country": "BF"}
    )
    run(AccountAddressesState.add_recent, sub(root, AccountAddressesState))
    assert toast(root) == ("account:toasts.notSignedIn", True)
    db.expire_all()
    assert db.exec(select(Address)).all() == []


# --- the address dialog from the account ------------------------------------------------------


def test_add_opens_an_empty_dialog_and_the_list_follows_the_saves(db: Session) -> None:
    alice = add_user(db, "alice")
    an_address(db, alice, "Rue A")
    root = signed_in_tree(db, alice)
    form = sub(root, AddressState)
    run(AddressState.sync_account, form)
    assert "open_dialog" in str(run(AddressState.new_address, form))
    form = opened(root)
    assert form.street == "" and form.editing is False
    assert form.submit_key == "address:dialog.save"
    shown = sub(root, AccountAddressesState)
    run(AccountAddressesState.load, shown)
    assert len(shown.rows) == 1
    fill(form, FULL_ADDRESS)
    run(AddressState.submit, form, {})
    assert len(saved(db, alice)) == 2
    assert {row["streetAddress"] for row in shown.rows} == {"Rue A", FULL_ADDRESS["street"]}

    # An edit in the dialog: the list follows too.
    run(AddressState.edit_address, form, shown.rows[0]["id"])
    form = opened(root)
    fill(form, {"street": "Rue Modifiée"})
    run(AddressState.submit, form, {})
    assert shown.rows[0]["streetAddress"] == "Rue Modifiée"


def test_new_address_needs_a_signed_in_shopper() -> None:
    assert run(AddressState.new_address, sub(new_tree(), AddressState)) == [None]


def test_modifier_on_the_recent_address_edits_the_browser_copy(db: Session) -> None:
    alice = add_user(db, "alice")
    root = signed_in_tree(db, alice)
    form = sub(root, AddressState)
    form.user_address = json.dumps({"streetAddress": "Rue Locale", "city": "Bobo",
                                    "country": "Burkina Faso"})  # fmt: skip
    assert "open_dialog" in str(run(AddressState.edit_stored, form))
    form = opened(root)
    assert form.editing is True and form.editing_local is True
    assert form.street == "Rue Locale" and form.submit_key == "address:dialog.update"
    fill(form, {"street": "Rue Changée"})
    run(AddressState.submit, form, {})
    assert json.loads(form.user_address)["streetAddress"] == "Rue Changée"
    assert form.stored_address["streetAddress"] == "Rue Changée"
    assert saved(db, alice) == []  # the browser copy, not the account's list
    assert form.toast_key == "address:toast.updated" and form.editing_local is False
    assert sub(root, DialogState).active == ""


def test_modifier_on_no_recent_address_opens_nothing(db: Session) -> None:
    root = signed_in_tree(db, add_user(db, "alice"))
    assert run(AddressState.edit_stored, sub(root, AddressState)) == [None]


# --- payment methods --------------------------------------------------------------------------


def all_state_text(root: Any) -> str:
    """Every var of every state of the tab (backend-only ones too), as text."""
    return json.dumps(root.dict(), default=str) + repr(
        {name: getattr(state, "__dict__", {}) for name, state in root.substates.items()}
    )


def test_add_a_card_keeps_no_number_and_no_cvv(db: Session) -> None:
    alice = add_user(db, "alice")
    root = signed_in_tree(db, alice)
    state = sub(root, AccountPaymentMethodsState)
    run(AccountPaymentMethodsState.load, state)
    assert state.rows == [] and state.loaded is True
    run(AccountPaymentMethodsState.open_form, state)
    assert state.form_open is True and state.tab == "card"
    run(AccountPaymentMethodsState.add_method, state, {**CARD, "is_default": "on"})
    assert toast(root) == ("addressbook:payment.toast.added", False)
    assert state.form_open is False and state.busy is False and state.error_key == ""
    [row] = state.rows
    assert row["cardLastFour"] == "1111" and row["cardBrand"] == "Visa"
    assert row["isDefault"] is True and row["isVerified"] is False and row["isActive"] is True
    text = all_state_text(root)
    assert "4111111111111111" not in text and "4111 1111 1111 1111" not in text
    stored = methods(db, alice)
    assert len(stored) == 1 and stored[0].card_last_four == "1111"
    run(AccountPaymentMethodsState.add_method, state, CARD)  # a second click behind the first
    assert len(methods(db, alice)) == 1


def test_mobile_money_and_paypal_tabs(db: Session) -> None:
    alice = add_user(db, "alice")
    root = signed_in_tree(db, alice)
    state = sub(root, AccountPaymentMethodsState)
    run(AccountPaymentMethodsState.open_form, state)
    run(AccountPaymentMethodsState.choose_tab, state, "mobile")
    run(AccountPaymentMethodsState.add_method, state,
        {"provider": "Orange Money", "mobile_number": "70 12 34 56"})  # fmt: skip
    run(AccountPaymentMethodsState.open_form, state)
    run(AccountPaymentMethodsState.choose_tab, state, "paypal")
    run(AccountPaymentMethodsState.add_method, state, {"paypal_email": "awa@example.com"})
    kinds = {row["paymentType"]: row for row in state.rows}
    assert kinds["MOBILE_MONEY"]["mobileMoneyNumber"] == "70123456"
    assert kinds["MOBILE_MONEY"]["mobileMoneyProvider"] == "Orange Money"
    assert kinds["PAYPAL"]["paypalEmail"] == "awa@example.com"
    run(AccountPaymentMethodsState.choose_tab, state, "bitcoin")
    assert state.tab == "paypal"  # unknown tabs are ignored


def test_invalid_card_shows_the_services_message(db: Session) -> None:
    alice = add_user(db, "alice")
    root = signed_in_tree(db, alice)
    state = sub(root, AccountPaymentMethodsState)
    run(AccountPaymentMethodsState.open_form, state)
    run(AccountPaymentMethodsState.add_method, state, {**CARD, "card_number": "4111111111111112"})
    assert state.error_key == "checkout:methods.errors.cardNumber"
    assert toast(root) == ("addressbook:payment.toast.addFailed", True)
    assert state.form_open is True and state.busy is False
    run(AccountPaymentMethodsState.add_method, state, {**CARD, "expiry_month": "13"})
    assert state.error_key == "checkout:methods.errors.expiryMonth"
    run(AccountPaymentMethodsState.add_method, state, {**CARD, "billing_country": "Mars"})
    assert state.error_key == "addressbook:payment.errors.billingCountry"
    assert methods(db, alice) == []
    assert "4111111111111112" not in all_state_text(root)


def test_forged_form_and_signed_out_tab_add_nothing(db: Session) -> None:
    root = new_tree()
    state = sub(root, AccountPaymentMethodsState)
    run(AccountPaymentMethodsState.add_method, state, CARD)  # no form open: nothing
    assert toast(root) == ("", False)
    run(AccountPaymentMethodsState.open_form, state)
    run(AccountPaymentMethodsState.add_method, state, CARD)
    assert toast(root) == ("account:toasts.notSignedIn", True)
    alice = add_user(db, "alice")
    sign_in(root, db, alice)
    for forged in (None, "x", [CARD], 42):
        run(AccountPaymentMethodsState.add_method, state, forged)
    assert methods(db, alice) == []


def test_delete_a_method_and_another_customers_stays(db: Session) -> None:
    alice, bob = add_user(db, "alice"), add_user(db, "bob")
    mine, bobs = a_card(db, alice), a_card(db, bob)
    root = signed_in_tree(db, alice)
    state = sub(root, AccountPaymentMethodsState)
    run(AccountPaymentMethodsState.load, state)
    assert [row["id"] for row in state.rows] == [mine["id"]]

    run(AccountPaymentMethodsState.ask_delete, state, bobs["id"])
    run(AccountPaymentMethodsState.confirm_delete, state)
    assert toast(root) == ("addressbook:payment.toast.deleteFailed", True)
    assert len(methods(db, bob)) == 1

    run(AccountPaymentMethodsState.ask_delete, state, mine["id"])
    run(AccountPaymentMethodsState.confirm_delete, state)
    assert toast(root) == ("addressbook:payment.toast.deleted", False)
    assert methods(db, alice) == [] and state.rows == []
    assert len(methods(db, bob)) == 1


def test_sign_out_forgets_the_lists(db: Session) -> None:
    from grocer.state import session_events

    alice = add_user(db, "alice")
    a_card(db, alice)
    an_address(db, alice, "Rue A")
    root = signed_in_tree(db, alice)
    cards, places = sub(root, AccountPaymentMethodsState), sub(root, AccountAddressesState)
    run(AccountPaymentMethodsState.load, cards)
    run(AccountAddressesState.load, places)
    assert cards.rows and places.rows

    import asyncio

    asyncio.run(session_events.fire(session_events.LOGGED_OUT, cards))
    assert cards.rows == [] and places.rows == [] and cards.loaded is False


def test_a_failed_load_offers_the_reload_and_the_toast(
    db: Session, monkeypatch: pytest.MonkeyPatch
) -> None:
    alice = add_user(db, "alice")
    an_address(db, alice, "Rue A")
    root = signed_in_tree(db, alice)
    places, cards = sub(root, AccountAddressesState), sub(root, AccountPaymentMethodsState)

    def down(*_args: Any) -> None:
        raise OSError("database unreachable")

    with monkeypatch.context() as patch:
        patch.setattr(addresses, "list_for_user", down)
        patch.setattr(payment_methods, "list_for_user", down)
        run(AccountAddressesState.load, places)
        assert places.failed is True and places.loaded is True  # "Recharger les adresses"
        run(AccountPaymentMethodsState.load, cards)
        assert cards.failed is True
        assert toast(root) == ("addressbook:payment.toast.loadFailed", True)
    run(AccountAddressesState.load, places)  # 'Recharger les adresses'
    assert places.failed is False and [row["streetAddress"] for row in places.rows] == ["Rue A"]
