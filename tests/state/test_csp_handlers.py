"""Handlers that must work under the Content-Security-Policy (grocer.web.security_headers): no
handler sends code for the browser to run (Reflex would `eval` it, which the policy forbids),
and the session keeps its refresh token once in localStorage."""

from __future__ import annotations

import json

from reflex.istate.data import RouterData
from sqlmodel import Session

from grocer.state.address import AddressState
from grocer.state.auth import AuthState
from grocer.state.dialogs import DialogState
from grocer.state.map_picker import StorePickerState
from grocer.state.product import ProductState
from tests.support.state_harness import add_user, new_tree, run, sign_in, sub


def on_page(path: str) -> RouterData:
    return RouterData.from_router_data({"pathname": "/produit/[id]", "asPath": path})


def test_login_response_keeps_no_refresh_token(sqlite_db: Session) -> None:
    user = add_user(sqlite_db, "awa")
    root = new_tree()
    pair = sign_in(root, sqlite_db, user)
    auth = sub(root, AuthState)

    stored = json.loads(auth.login_response)
    assert "refreshToken" not in stored
    assert pair.refresh_token not in auth.login_response
    assert stored["accessToken"] == pair.access_token and stored["userInfo"]["username"] == "awa"
    assert auth.refresh_token == pair.refresh_token


def test_a_failed_product_load_asks_the_page_for_the_browser_copy_without_a_script() -> None:
    """The database is unreachable (no tables): the page is told which localStorage key to send
    back (its reader is compiled into the page); no code goes to the browser."""
    product = sub(new_tree(), ProductState)
    product.router = RouterData.from_router_data(
        {"pathname": "/produit/[id]", "asPath": "/produit/7"}
    )
    out = run(ProductState.load, product)

    assert product.cache_key == "product_7"
    assert product.loading is True and product.not_found is False
    assert not any("_call_script" in str(item) or "_call_function" in str(item) for item in out)

    copy = json.dumps({"id": 7, "name": "Mangue", "weightText": "1 kg", "imageUrl": "/img/m.webp"})
    run(ProductState.use_cached, product, copy)
    assert product.cache_key == "" and product.loading is False and product.from_cache is True
    assert product.product["name"] == "Mangue"


def test_a_forged_copy_for_another_product_is_refused() -> None:
    product = sub(new_tree(), ProductState)
    product.router = RouterData.from_router_data(
        {"pathname": "/produit/[id]", "asPath": "/produit/7"}
    )
    run(ProductState.load, product)
    out = run(ProductState.use_cached, product, json.dumps({"id": 8, "name": "Autre"}))
    assert product.product == {} and product.from_cache is False
    # nothing to show: the server failure goes to its error page (spec 001 §8)
    assert "/error/server?" in str(out[0])


def test_the_address_dialog_asks_the_browser_for_its_position_through_a_var() -> None:
    """Opening the dialog and "Utiliser ma position actuelle" set `locate_request` (± the fill
    sequence) for the dialog's locator; the pickers' buttons ask from their own event chain."""
    root = new_tree()
    sub(root, DialogState).active = "address"
    form = sub(root, AddressState)
    out = run(AddressState.dialog_opened, form, "fr")
    assert form.locate_request == form._fill_seq > 0
    out += run(AddressState.use_current_position, form)
    assert form.locate_request == -form._fill_seq
    out += run(StorePickerState.open_store_picker, sub(root, StorePickerState), "fr")
    assert not any("_call_script" in str(item) or "_call_function" in str(item) for item in out)
