"""FavoritesState driven like the websocket drives it, on a real database (issue 15): a guest's
hearts kept in the browser and merged at sign-in, a signed-in heart saved on the server, the
section's list, forged arguments ignored, another user's favourites untouched."""

from __future__ import annotations

import json
from datetime import timedelta
from typing import Any

import pytest
from reflex_base.event import EventHandler, EventSpec
from sqlmodel import Session, col, select

from grocer.models import Favourite
from grocer.models.base import utcnow
from grocer.services import favorites, tokens
from grocer.state.auth import AuthState
from grocer.state.favorites import (
    STORAGE_KEY,
    FavoritesSectionState,
    FavoritesState,
    dump_ids,
    guest_ids,
)
from grocer.state.toast import ToastState
from tests.support.state_harness import PASSWORD, add_article, new_tree, run, sign_in, sub


def follow(root: Any, handler: EventHandler, *args: Any) -> list[Any]:
    """Run a handler, then the favourites' events it hands back (as the browser would);
    every other event it returned."""
    queue: list[tuple[EventHandler, tuple[Any, ...]]] = [(handler, args)]
    others: list[Any] = []
    while queue:
        handler, args = queue.pop(0)
        for item in run(handler, sub(root, handler.state), *args):
            for event in item if isinstance(item, list) else [item]:
                if isinstance(event, EventSpec) and event.handler.state is FavoritesState:
                    queue.append((event.handler, ()))
                elif event is not None:
                    others.append(event)
    return others


def stored(db: Session, user: Any) -> set[int]:
    db.expire_all()
    rows = db.exec(select(Favourite.article_id).where(col(Favourite.user_id) == user.id)).all()
    return set(rows)


def hearts(root: Any) -> list[int]:
    return sub(root, FavoritesState).ids


def test_a_guests_hearts_stay_in_the_browser_and_merge_at_sign_in(db: Session, shop: dict) -> None:
    alice = shop["alice"]
    a0, a1, a2 = (a.id for a in shop["articles"])
    tab = new_tree()
    follow(tab, FavoritesState.toggle, a0)
    follow(tab, FavoritesState.toggle, str(a1))  # digits from the browser are fine too
    follow(tab, FavoritesState.toggle, a2)
    follow(tab, FavoritesState.toggle, a2)  # and off again
    state = sub(tab, FavoritesState)
    assert json.loads(state.guest) == [a0, a1] and hearts(tab) == [a0, a1]
    assert stored(db, alice) == set()

    favorites.add(db, alice, alice.id, a2)  # kept earlier, on another device
    db.commit()
    others = follow(
        tab,
        AuthState.submit_login,
        {"username": "alice", "password": PASSWORD, "remember_me": "on"},
    )
    assert stored(db, alice) == {a0, a1, a2}
    assert set(hearts(tab)) == {a0, a1, a2}
    assert state.guest == "" and STORAGE_KEY in str(others)  # the browser's list is gone


def test_the_merge_removes_the_browser_key(db: Session, shop: dict) -> None:
    alice, a0 = shop["alice"], shop["articles"][0].id
    tab = new_tree()
    follow(tab, FavoritesState.toggle, a0)
    sign_in(tab, db, alice)
    answer = run(FavoritesState.sync_account, sub(tab, FavoritesState))
    assert STORAGE_KEY in str(answer)
    assert sub(tab, FavoritesState).guest == "" and stored(db, alice) == {a0}


def test_signed_in_hearts_are_saved_on_the_server(db: Session, shop: dict) -> None:
    alice, bob = shop["alice"], shop["bob"]
    a0, a1 = shop["articles"][0].id, shop["articles"][1].id
    favorites.add(db, bob, bob.id, a1)
    db.commit()
    tab = new_tree()
    sign_in(tab, db, alice)
    follow(tab, FavoritesState.sync_account)
    follow(tab, FavoritesState.toggle, a0)
    follow(tab, FavoritesState.toggle, a1)
    assert stored(db, alice) == {a0, a1} and hearts(tab) == [a1, a0]
    assert sub(tab, FavoritesState).guest == ""  # nothing in the browser
    follow(tab, FavoritesState.remove, a0)
    follow(tab, FavoritesState.remove, a0)  # a double click: still removed, not re-added
    assert stored(db, alice) == {a1} and hearts(tab) == [a1]
    assert stored(db, bob) == {a1}


@pytest.mark.parametrize(
    "forged",
    [None, True, -1, 0, 2**31, 1.5, "abc", "1e3", [1], {"id": 1}, "9" * 40, "<script>"],
    ids=repr,
)
def test_forged_article_ids_change_nothing(db: Session, shop: dict, forged: Any) -> None:
    alice = shop["alice"]
    guest, member = new_tree(), new_tree()
    sign_in(member, db, alice)
    for tab in (guest, member):
        follow(tab, FavoritesState.toggle, forged)
        follow(tab, FavoritesState.remove, forged)
        assert hearts(tab) == [] and sub(tab, FavoritesState).guest == ""
    assert stored(db, alice) == set()


def test_an_unknown_article_and_the_limit_show_a_toast(
    db: Session, shop: dict, monkeypatch: pytest.MonkeyPatch
) -> None:
    alice, a0, a1 = shop["alice"], shop["articles"][0].id, shop["articles"][1].id
    tab = new_tree()
    sign_in(tab, db, alice)
    follow(tab, FavoritesState.toggle, 999_999)
    assert sub(tab, ToastState).key == "favorites:errors.gone" and stored(db, alice) == set()
    monkeypatch.setattr(favorites, "MAX_FAVOURITES", 1)
    follow(tab, FavoritesState.toggle, a0)
    follow(tab, FavoritesState.toggle, a1)
    assert sub(tab, ToastState).key == "favorites:errors.full"
    assert stored(db, alice) == {a0}


def test_a_guest_list_is_bounded(monkeypatch: pytest.MonkeyPatch) -> None:
    from grocer.state import favorites as module

    monkeypatch.setattr(module, "MAX_FAVOURITES", 2)
    tab = new_tree()
    for ident in (11, 12, 13):
        follow(tab, FavoritesState.toggle, ident)
    assert hearts(tab) == [11, 12]
    assert sub(tab, ToastState).key == "favorites:errors.full"


@pytest.mark.parametrize(
    ("stored_text", "ids"),
    [
        ("", []),
        ("not json", []),
        ('{"a": 1}', []),
        ('[3, 3, 1, true, -2, 0, 2147483648, 1.5, "7", null]', [3, 1]),
        (dump_ids([5, 6]), [5, 6]),
        ("[" + ",".join(["1"] * 20_000) + "]", []),  # longer than any list the shop writes
    ],
)
def test_the_stored_guest_list_is_checked(stored_text: str, ids: list[int]) -> None:
    assert guest_ids(stored_text) == ids


def test_logout_clears_and_an_ended_session_keeps_the_guest_list(db: Session, shop: dict) -> None:
    alice, a0 = shop["alice"], shop["articles"][0].id
    tab = new_tree()
    sign_in(tab, db, alice)
    follow(tab, FavoritesState.toggle, a0)
    assert hearts(tab) == [a0]
    others = follow(tab, AuthState.logout)
    assert hearts(tab) == [] and sub(tab, FavoritesState).guest == ""
    assert STORAGE_KEY in str(others)
    assert stored(db, alice) == {a0}  # the account keeps them


def test_the_section_lists_cards_and_drops_a_removed_one_at_once(db: Session, shop: dict) -> None:
    alice, bob = shop["alice"], shop["bob"]
    a0, a1 = shop["articles"][0], shop["articles"][1]
    favorites.merge(db, alice, alice.id, [a0.id, a1.id])
    favorites.add(db, bob, bob.id, shop["articles"][2].id)
    db.commit()
    tab = new_tree()
    sign_in(tab, db, alice)
    follow(tab, FavoritesSectionState.load)
    section = sub(tab, FavoritesSectionState)
    assert not section.loading and not section.failed
    assert [card["id"] for card in section.shown] == [a1.id, a0.id]
    assert section.shown[0]["name"] == a1.name and section.shown[0]["display"]
    assert section.more is False
    follow(tab, FavoritesState.remove, a1.id)
    assert [card["id"] for card in sub(tab, FavoritesSectionState).shown] == [a0.id]


def test_the_section_pages(db: Session, shop: dict, monkeypatch: pytest.MonkeyPatch) -> None:
    alice = shop["alice"]
    extra = [add_article(db, f"extra-{i}").id for i in range(3)]
    ids = [a.id for a in shop["articles"]] + extra
    favorites.merge(db, alice, alice.id, ids)
    db.commit()
    monkeypatch.setattr(favorites, "PAGE_SIZE", 4)
    tab = new_tree()
    sign_in(tab, db, alice)
    follow(tab, FavoritesSectionState.load)
    section = sub(tab, FavoritesSectionState)
    assert len(section.shown) == 4 and section.more
    follow(tab, FavoritesSectionState.load_more)
    assert [card["id"] for card in section.shown] == list(reversed(ids))
    assert section.more is False


def test_the_section_of_a_signed_out_tab_shows_nothing(db: Session, shop: dict) -> None:
    favorites.add(db, shop["alice"], shop["alice"].id, shop["articles"][0].id)
    db.commit()
    tab = new_tree()
    follow(tab, FavoritesSectionState.load)
    section = sub(tab, FavoritesSectionState)
    assert section.articles == [] and not section.loading


def test_a_merge_cut_short_is_done_by_the_next_load(db: Session, shop: dict) -> None:
    """Signed in, but the guest list is still in the browser (the page was left before the
    merge ran): the section and a restored tab merge it, once."""
    alice, a0, a1 = shop["alice"], shop["articles"][0].id, shop["articles"][1].id
    favorites.add(db, alice, alice.id, a1)
    db.commit()
    for start in (FavoritesSectionState.load, AuthState.start_session):
        tab = new_tree()
        sign_in(tab, db, alice)
        sub(tab, FavoritesState).guest = dump_ids([a0])
        follow(tab, start)
        assert stored(db, alice) == {a0, a1} and set(hearts(tab)) == {a0, a1}
        assert sub(tab, FavoritesState).guest == ""


def test_the_section_shows_an_error_then_retries(
    db: Session, shop: dict, monkeypatch: pytest.MonkeyPatch
) -> None:
    """A database that does not answer: the error box; "Réessayer" loads the list."""
    alice, a0 = shop["alice"], shop["articles"][0].id
    favorites.add(db, alice, alice.id, a0)
    db.commit()
    tab = new_tree()
    sign_in(tab, db, alice)
    page = favorites.page

    def unreachable(*args: Any, **kwargs: Any) -> Any:
        raise ConnectionError("database unreachable")

    monkeypatch.setattr(favorites, "page", unreachable)
    follow(tab, FavoritesSectionState.load)
    section = sub(tab, FavoritesSectionState)
    assert section.failed and not section.loading and section.shown == []
    monkeypatch.setattr(favorites, "page", page)
    follow(tab, FavoritesSectionState.load)
    assert not section.failed and [card["id"] for card in section.shown] == [a0]


def test_an_ended_session_shows_the_guest_list_again(db: Session, shop: dict) -> None:
    """Expired and not refreshable: the account's hearts go, a guest list stays for the next
    sign-in."""
    alice, a0 = shop["alice"], shop["articles"][0].id
    tab = new_tree()
    sign_in(tab, db, alice)
    follow(tab, FavoritesState.toggle, a0)
    sub(tab, FavoritesState).guest = dump_ids([a0 + 1000])  # left by an earlier session
    auth = sub(tab, AuthState)
    auth.access_token = tokens.create_access_token(alice.id, [], utcnow() - timedelta(hours=1))
    auth.refresh_token = "revoked-refresh-token"
    follow(tab, AuthState.check_session)
    assert not auth.is_authenticated
    assert hearts(tab) == [a0 + 1000]
    assert stored(db, alice) == {a0}


def test_another_users_favourites_are_out_of_reach(db: Session, shop: dict) -> None:
    """Bob's tab names Alice's favourite: only Bob's own list can change (the user comes from
    the verified token, never from the browser)."""
    alice, bob, a0 = shop["alice"], shop["bob"], shop["articles"][0].id
    favorites.add(db, alice, alice.id, a0)
    db.commit()
    tab = new_tree()
    sign_in(tab, db, bob)
    follow(tab, FavoritesState.remove, a0)
    follow(tab, FavoritesState.toggle, a0)
    follow(tab, FavoritesSectionState.load)
    assert stored(db, alice) == {a0} and stored(db, bob) == {a0}
    follow(tab, FavoritesState.remove, a0)
    assert stored(db, alice) == {a0} and stored(db, bob) == set()


def test_only_the_handlers_are_callable_from_the_browser() -> None:
    built_in = {"setvar"}  # Reflex's own, on every state (public vars only)
    assert set(FavoritesState.event_handlers) == {"toggle", "remove", "sync_account", *built_in}
    assert {"load", "load_more"} <= set(FavoritesSectionState.event_handlers)
    for helper in ("_sync_account", "_set", "_save", "_fetch", "_show_account"):
        assert helper not in FavoritesSectionState.event_handlers
