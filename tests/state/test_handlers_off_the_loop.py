"""No Reflex handler reads the database on the event loop (issue 13, "States are adapters").

The event loop serves every tab of the process: a query there stalls them all. Each handler
below is run the way the websocket runs it, on an asyncio loop in this thread, while
SQLAlchemy reports the thread of every statement it sends: none may be this one (they go
through `session_guard.call`, in a worker thread). The catalogue handlers used to open
`session_scope()` on the loop.
"""

from __future__ import annotations

import threading
from collections.abc import Callable, Iterator
from typing import Any

import pytest
import sqlalchemy as sa
from reflex.istate.data import RouterData
from sqlmodel import Session

import grocer.state.delivery_panel
import grocer.state.forgot
import grocer.state.signup  # noqa: F401  (every state of the tree is registered)
from grocer.state.address import AddressState
from grocer.state.auth import AuthState
from grocer.state.bag import BagState
from grocer.state.catalogue import CatalogueState
from grocer.state.dialogs import DialogState
from grocer.state.forgot import ForgotState
from grocer.state.listing import ListingState
from grocer.state.product import ProductState
from grocer.state.signup import SignupState
from tests.support.state_harness import PASSWORD, add_user, new_tree, run, sign_in, sub


@pytest.fixture
def statement_threads(database: sa.Engine) -> Iterator[list[int]]:
    """The thread of every SQL statement the shop's engine sends during the test."""
    threads: list[int] = []

    def record(*_args: Any) -> None:
        threads.append(threading.get_ident())

    sa.event.listen(database, "before_cursor_execute", record)
    yield threads
    sa.event.remove(database, "before_cursor_execute", record)


def on(path: str, query: str = "") -> RouterData:
    return RouterData.from_router_data({"pathname": path, "asPath": path + query})


def _catalogue(root: Any) -> None:
    state = sub(root, CatalogueState)
    run(CatalogueState.load_nav, state)
    run(CatalogueState.load_home, state)


def _listing(root: Any) -> None:
    state = sub(root, ListingState)
    state.router = on("/products")  # no category: the Fresh Deals tabs
    run(ListingState.load_category_page, state)
    state.router = on("/products", "?mainCategoryId=1&categoryId=2")
    run(ListingState.load_category_page, state)
    state.router = on("/full-products", "?categoryId=2")
    run(ListingState.load_full_products, state)
    state.pages = 3
    run(ListingState.go_page, state, 2)
    run(ListingState.see_all, state)
    state.total = 500
    run(ListingState.load_more, state)


def _product(root: Any) -> None:
    state = sub(root, ProductState)
    state.router = on("/produit/7")
    run(ProductState.load, state)


def _sign_in(root: Any) -> None:
    auth = sub(root, AuthState)
    run(AuthState.submit_login, auth, {"username": "alice", "password": PASSWORD})
    assert auth.is_authenticated
    run(AuthState.check_session, auth)
    run(AuthState.logout, auth)


def _bag_and_address(root: Any) -> None:
    run(BagState.add_item, sub(root, BagState), {"id": 1, "name": "Mangue", "price": "500"})
    run(BagState.load_account_bag, sub(root, BagState))
    run(BagState.apply_promo, sub(root, BagState), {"promo_code": "NEW50"})
    run(AddressState.sync_account, sub(root, AddressState))


HANDLERS: dict[str, Callable[[Any], None]] = {
    "catalogue": _catalogue,
    "listing": _listing,
    "product": _product,
    "sign-in": _sign_in,
    "bag and address": _bag_and_address,
}


@pytest.mark.parametrize("name", list(HANDLERS))
def test_handlers_send_no_statement_from_the_event_loop(
    name: str, db: Session, statement_threads: list[int]
) -> None:
    root = new_tree()
    alice = add_user(db, "alice")
    if name == "bag and address":
        sign_in(root, db, alice)
    db.commit()
    statement_threads.clear()  # the test's own statements ran here, before the handlers
    HANDLERS[name](root)
    assert statement_threads, "the handlers read nothing: the test would prove nothing"
    assert threading.get_ident() not in statement_threads


@pytest.mark.parametrize(
    ("name", "state_cls", "dirty", "clean"),
    [
        ("login", AuthState, {"login_error": "x", "login_busy": True}, ("", False)),
        ("signup", SignupState, {"step": 3, "error": "x", "email": "a@b.c"}, (1, "", "")),
        ("forgot", ForgotState, {"step": 2, "info": "x", "email": "a@b.c"}, (1, "", "")),
    ],
)
def test_opening_a_dialog_resets_it(
    name: str, state_cls: type, dirty: dict[str, Any], clean: tuple[Any, ...]
) -> None:
    """Each dialog's state registers its reset with DialogState, which imports none of them."""
    root = new_tree()
    dialog = sub(root, state_cls)
    for var, value in dirty.items():
        setattr(dialog, var, value)
    run(DialogState.open_dialog, sub(root, DialogState), name)
    assert sub(root, DialogState).active == name
    assert tuple(getattr(dialog, var) for var in dirty) == clean
