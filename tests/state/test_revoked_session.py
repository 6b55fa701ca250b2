"""A revoked session's tab is signed out over the websocket too (issue 12, item 2).

Each test opens tabs on a working session (their handlers read the server first, so the
worker's cache of recent answers holds the session), then ends the session elsewhere: "log
out of all devices", a password reset, a password change from another device, a logout of
that session, or a replayed refresh token. Right after, the tabs' handlers can no longer
read or change the bag, the addresses or the account, and the tab is signed out (its refresh
token died with the session).
"""

from __future__ import annotations

import json
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

import pytest
from sqlmodel import Session

from grocer.models import User
from grocer.models.base import utcnow
from grocer.services import accounts, addresses, cart, tokens
from grocer.services.errors import Unauthorized
from grocer.state import session_guard
from grocer.state.address import AddressState
from grocer.state.auth import AuthState
from grocer.state.bag import BagState
from tests.support.accounts import outbox_code
from tests.support.address_dialog import FULL_ADDRESS, fill, opened, saved
from tests.support.state_harness import (
    PASSWORD,
    add_article,
    add_user,
    new_tree,
    run,
    server_lines,
    store_session,
    sub,
)

REVOCATIONS = ["logout_all", "password_reset", "password_change", "logout", "refresh_replay"]


pytestmark = pytest.mark.usefixtures("fresh_session_cache")


@dataclass
class Account:
    """Alice, signed in once (one session), with a bag of 2 × article and one address."""

    db: Session
    user: User
    article: int
    other_article: int
    address_id: int
    pair: tokens.TokenPair
    how: str

    def tab(self) -> Any:
        """A new tab of the session (tabs share it through localStorage)."""
        root = new_tree()
        store_session(root, self.user, self.pair)
        return root

    def loaded_tab(self) -> Any:
        """A tab that has shown the server bag (the session works, and is now cached)."""
        root = self.tab()
        bag = sub(root, BagState)
        run(BagState.load_account_bag, bag)
        assert bag.quantities == {str(self.article): 2}
        return root

    def revoke(self) -> None:
        revoke(self.db, self.user, self.pair, self.how)


def revoke(db: Session, user: User, pair: tokens.TokenPair, how: str) -> None:
    """End the session `pair` belongs to, the way `how` says, from elsewhere."""
    now = utcnow()
    if how == "logout_all":
        accounts.logout_all(db, user, now)
    elif how == "password_reset":
        accounts.request_password_reset(db, user.email, now, "127.0.0.1", "fr")
        accounts.reset_password(db, user.email, "nouveau-secret", now, code=outbox_code(user.email))
    elif how == "password_change":  # from another device, which keeps its own session
        other = tokens.issue_tokens(db, user, True, now)
        db.commit()
        accounts.change_password(
            db, user, user.id, PASSWORD, "nouveau-secret", now, keep_session=other.session_id
        )
    elif how == "logout":
        accounts.logout(db, pair.refresh_token, now)
    elif how == "refresh_replay":
        accounts.refresh(db, pair.refresh_token, now)  # a thief uses the stolen token first
        with pytest.raises(Unauthorized):
            accounts.refresh(db, pair.refresh_token, now)  # the tab's copy: a replay
    else:  # pragma: no cover - a typo in the test
        raise AssertionError(how)
    db.expire_all()


@pytest.fixture
def alice(db: Session) -> User:
    add_user(db, "bob")  # a second account, untouched by Alice's revocations
    return add_user(db, "alice")


@pytest.fixture(params=REVOCATIONS)
def account(request: pytest.FixtureRequest, db: Session, alice: User) -> Account:
    article, other = add_article(db, "mangue"), add_article(db, "mil")
    cart.add_item(db, alice, article.id, 2)
    row = addresses.create(db, alice, {"streetAddress": "Rue A", "city": "Bobo", "country": "BF"})
    pair = tokens.issue_tokens(db, alice, True, utcnow())
    db.commit()
    return Account(db, alice, article.id, other.id, row["id"], pair, request.param)


def signed_out(root: Any) -> bool:
    auth = sub(root, AuthState)
    return (
        auth.access_token == ""
        and auth.refresh_token == ""
        and auth.user_info == ""
        and not auth.is_authenticated
    )


# --- the bag ----------------------------------------------------------------------------------


def test_a_revoked_tab_cannot_read_the_bag(account: Account) -> None:
    root = account.loaded_tab()
    starting = account.tab()  # a tab loading a page after the revocation
    bag = sub(root, BagState)
    bag.cart = ""  # what the tab shows is gone; only a read could bring it back
    account.revoke()
    run(BagState.load_account_bag, bag)
    assert bag.count == 0 and bag.items == []
    assert signed_out(root)
    events = run(AuthState.start_session, sub(starting, AuthState))
    assert BagState.restore_account_bag not in events  # no server bag for this session
    assert sub(starting, BagState).count == 0


BAG_CHANGES: dict[str, Callable[[Any, Account], None]] = {
    "add a new article": lambda bag, a: run(BagState.add_item, bag, {"id": a.other_article}),
    "add one more": lambda bag, a: run(BagState.add_item, bag, {"id": a.article}),
    "+1": lambda bag, a: run(BagState.increment, bag, str(a.article)),
    "-1": lambda bag, a: run(BagState.decrement, bag, str(a.article)),
    "remove": lambda bag, a: run(BagState.remove, bag, str(a.article)),
    "empty": lambda bag, a: (run(BagState.ask_empty, bag), run(BagState.empty_bag, bag)),
    "promo code": lambda bag, a: run(BagState.apply_promo, bag, {"promo_code": "SAVE10"}),
}


def test_a_revoked_tab_cannot_change_the_bag(account: Account) -> None:
    tabs = {name: account.loaded_tab() for name in BAG_CHANGES}
    account.revoke()
    for name, change in BAG_CHANGES.items():
        root = tabs[name]
        change(sub(root, BagState), account)
        assert server_lines(account.db, account.user) == {account.article: 2}, name
        assert signed_out(root), name
    found = cart.get_cart(account.db, account.user)
    assert not found.get("promoCode"), "the promo code reached the server bag"


# --- the addresses ----------------------------------------------------------------------------


def test_a_revoked_tab_cannot_read_the_addresses(account: Account) -> None:
    header = account.tab()
    form = sub(header, AddressState)
    run(AddressState.sync_account, form)
    assert form.label == "Rue A, Bobo"  # the session worked
    editor = account.tab()
    account.revoke()
    run(AddressState.sync_account, form)
    assert form.account_address == {} and form.label == ""
    edit = sub(editor, AddressState)
    run(AddressState.edit_address, edit, account.address_id)
    assert edit.editing_id == 0 and edit.street == ""
    assert signed_out(editor)


def test_a_revoked_tab_cannot_add_or_change_an_address(account: Account) -> None:
    adding = account.tab()
    new_form = opened(adding)  # the dialog opened while the session was live
    assert new_form.signed_in is True
    fill(new_form, FULL_ADDRESS)
    updating = account.tab()
    edit = sub(updating, AddressState)
    run(AddressState.edit_address, edit, account.address_id)
    edit = opened(updating)
    assert edit.editing_id == account.address_id
    fill(edit, {"street": "Rue volée"})
    account.revoke()
    run(AddressState.submit, new_form, {})
    run(AddressState.submit, edit, {})
    rows = saved(account.db, account.user)
    assert [(r.id, r.street_address) for r in rows] == [(account.address_id, "Rue A")]
    assert new_form.toast_error is True and edit.toast_error is True
    assert signed_out(adding) and signed_out(updating)


# --- the account ------------------------------------------------------------------------------


def test_a_revoked_tab_is_signed_out_of_the_account(account: Account) -> None:
    root = account.loaded_tab()
    auth = sub(root, AuthState)
    run(AuthState.check_session, auth)  # the 5-minute check of a live session: nothing
    assert auth.is_authenticated and auth.first_name_or_username == "alice"
    assert auth.email == "alice@example.com"
    account.revoke()
    assert session_guard.token_user_id(account.pair.access_token) is None
    run(AuthState.check_session, auth)
    assert signed_out(root)
    assert auth.display_name == "" and auth.email == "" and auth.roles == []
    with pytest.raises(Unauthorized):  # the refresh token died with the session
        accounts.refresh(account.db, account.pair.refresh_token, utcnow())


def test_a_password_change_keeps_the_callers_tab(db: Session, alice: User) -> None:
    article = add_article(db, "mangue")
    caller, other = new_tree(), new_tree()
    pairs = []
    for root in (caller, other):
        pair = tokens.issue_tokens(db, alice, True, utcnow())
        db.commit()
        store_session(root, alice, pair)
        run(BagState.load_account_bag, sub(root, BagState))
        pairs.append(pair)
    accounts.change_password(
        db, alice, alice.id, PASSWORD, "nouveau-secret", utcnow(), keep_session=pairs[0].session_id
    )
    run(BagState.add_item, sub(other, BagState), {"id": article.id})
    assert server_lines(db, alice) == {} and signed_out(other)
    run(BagState.add_item, sub(caller, BagState), {"id": article.id})
    assert server_lines(db, alice) == {article.id: 1}
    assert sub(caller, AuthState).access_token == pairs[0].access_token  # no refresh needed
    assert json.loads(sub(caller, AuthState).user_info)["username"] == "alice"
