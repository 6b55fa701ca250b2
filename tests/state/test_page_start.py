"""A page's one on-load event (grocer.state.page_start): the category tree, the page's own
loads with their intermediate updates and returned events, the currency detection once per
tab; a route the app did not declare starts nothing but the tree."""

from __future__ import annotations

import asyncio
from typing import Any

import pytest
from reflex.istate.data import RouterData
from sqlmodel import Session

import grocer.pages  # noqa: F401  (declares every page's loads, as the app does)
from grocer.seed import loader
from grocer.services import geoip
from grocer.state.account_referral import ReferralLinkState
from grocer.state.auth import AuthState
from grocer.state.bag import BagState
from grocer.state.catalogue import CatalogueState
from grocer.state.currency import CurrencyState
from grocer.state.listing import ListingState
from grocer.state.page_start import PAGE_LOADS, PageStartState
from grocer.web.hydrate_snapshot import announce_page_load
from tests.support.state_harness import add_user, new_tree, run, sign_in, sub


def on(root: Any, path: str, query: str = "", sid: str = "") -> None:
    """The tab on `path`; with `sid`, over that websocket connection (from loopback)."""
    data = {"pathname": path, "asPath": path + query}
    if sid:
        data |= {"ip": "127.0.0.1", "sid": sid}
    root.router = RouterData.from_router_data(data)


def test_home_start_loads_the_tree_the_sections_and_the_referral_code(db: Session) -> None:
    loader.load_synthetic(db, 60)
    geoip.detect_country("90.0.0.2")  # a worker that has served a tab: its detection is ready
    root = new_tree()
    on(root, "/", "?ref=awa2k7mn")
    out = run(PageStartState.start, sub(root, PageStartState), "/")

    catalogue = sub(root, CatalogueState)
    assert catalogue.nav and catalogue.nav_loaded and catalogue.nav_saved_at > 0
    assert catalogue.home_sections and not catalogue.home_loading
    assert sub(root, ReferralLinkState).referral_code == "AWA2K7MN"
    # The tree goes down first, in an update of its own (rendered with the sections, it made
    # one long task on a phone); the sections come with the answer: no skeleton update before.
    assert out[0] is None and None not in out[1:]
    # first page of the tab: the country of a loopback address is known at once (none)
    assert CurrencyState.detect not in out
    currency = sub(root, CurrencyState)
    assert currency._asked and currency.code == "XOF" and currency.auto_detected

    on(root, "/products", "?mainCategoryId=1&categoryId=2")
    out = run(PageStartState.start, sub(root, PageStartState), "/products")
    assert CurrencyState.detect not in out
    assert sub(root, ListingState).main_id == 1


def test_the_currency_follows_the_country_in_the_page_start(db: Session) -> None:
    """A shopper in France sees euros with the first page's data, no background task (on a
    worker whose offline database is loaded: its first tab's detection loads it)."""
    loader.load_synthetic(db, 20)
    geoip.detect_country("90.0.0.2")
    root = new_tree()
    root.router = RouterData.from_router_data({"pathname": "/", "asPath": "/", "ip": "90.0.0.1"})
    out = run(PageStartState.start, sub(root, PageStartState), "/")
    currency = sub(root, CurrencyState)
    assert CurrencyState.detect not in out
    assert (currency.code, currency.detected_country, currency.loading) == ("EUR", "FR", False)
    assert currency.set_manually == "false"


def test_a_country_that_needs_a_wait_is_asked_in_the_background(
    db: Session, monkeypatch: pytest.MonkeyPatch
) -> None:
    """A worker that has not loaded the offline database yet: the page start does not load it
    (0.3 s on the event loop); the background detection does, and follows it."""
    loader.load_synthetic(db, 20)
    monkeypatch.setattr(geoip, "_offline_db", geoip.BuiltOnce(geoip._load_geoip))
    root = new_tree()
    root.router = RouterData.from_router_data({"pathname": "/", "asPath": "/", "ip": "90.0.0.7"})
    out = run(PageStartState.start, sub(root, PageStartState), "/")
    currency = sub(root, CurrencyState)
    assert out[-1] is CurrencyState.detect
    assert not currency._asked and currency.code == "XOF"


def test_a_manual_choice_stays_in_the_page_start(db: Session) -> None:
    loader.load_synthetic(db, 20)
    root = new_tree()
    root.router = RouterData.from_router_data({"pathname": "/", "asPath": "/", "ip": "90.0.0.1"})
    currency = sub(root, CurrencyState)
    currency.currency, currency.set_manually = "USD", "true"
    out = run(PageStartState.start, sub(root, PageStartState), "/")
    assert CurrencyState.detect not in out
    assert (currency.code, currency.set_manually, currency._asked) == ("USD", "true", True)


def flat(out: list[Any]) -> list[Any]:
    """The handlers of the events a handler yielded (alone, in lists, or as specs)."""
    events = [e for item in out for e in (item if isinstance(item, list | tuple) else [item])]
    return [getattr(e, "handler", e) for e in events]


def test_a_page_load_starts_the_session_a_reconnect_does_not(db: Session) -> None:
    """The session's start is part of the page start of a page load (its hydration carries the
    page's hashes): a signed-in shopper's reloaded tab is restored (the server bag asked for)
    and closes what a reload should close. After a mere reconnect (no hashes) the open bag
    stays open and nothing is reloaded over a change being written (issue 18), nor after a
    client-side navigation."""
    loader.load_synthetic(db, 20)
    alice = add_user(db, "alice")
    root = new_tree()
    sign_in(root, db, alice)
    bag, auth = sub(root, BagState), sub(root, AuthState)

    bag.panel_open = True  # left open before the reload
    on(root, "/", sid="connection-1")
    asyncio.run(announce_page_load(root, ["page", "hashes"]))
    out = run(PageStartState.start, sub(root, PageStartState), "/")
    assert BagState.restore_account_bag in flat(out)
    assert not bag.panel_open
    assert auth.is_authenticated

    bag.panel_open = True
    on(root, "/", sid="connection-2")  # the websocket dropped and came back
    asyncio.run(announce_page_load(root, None))
    out = run(PageStartState.start, sub(root, PageStartState), "/")
    assert BagState.restore_account_bag not in flat(out)
    assert bag.panel_open

    on(root, "/products", sid="connection-2")  # a client-side navigation
    out = run(PageStartState.start, sub(root, PageStartState), "/products")
    assert BagState.restore_account_bag not in flat(out)

    on(root, "/", sid="connection-3")  # a reload: the session starts again
    asyncio.run(announce_page_load(root, ["page", "hashes"]))
    out = run(PageStartState.start, sub(root, PageStartState), "/")
    assert BagState.restore_account_bag in flat(out)
    assert not bag.panel_open


def test_a_replayed_page_load_on_the_same_connection_starts_nothing_again(db: Session) -> None:
    """A client that sends a page load's hydration again on its connection (a replay, or a
    forged one) reaches only its own tab, and the session's start does its work once per
    connection: the open bag stays open, no bag is reloaded over a change being written."""
    loader.load_synthetic(db, 20)
    alice = add_user(db, "alice")
    root = new_tree()
    sign_in(root, db, alice)
    on(root, "/", sid="connection-1")
    asyncio.run(announce_page_load(root, ["page", "hashes"]))
    run(PageStartState.start, sub(root, PageStartState), "/")

    sub(root, BagState).panel_open = True
    asyncio.run(announce_page_load(root, ["page", "hashes"]))
    out = run(PageStartState.start, sub(root, PageStartState), "/")
    assert BagState.restore_account_bag not in flat(out)
    assert sub(root, BagState).panel_open


def test_a_tab_that_has_its_tree_gets_the_page_in_one_update(db: Session) -> None:
    """Only a new tab's tree goes down apart: back on the home, the page's data comes in one
    update, as before."""
    loader.load_synthetic(db, 20)
    root = new_tree()
    on(root, "/")
    first = run(PageStartState.start, sub(root, PageStartState), "/")
    again = run(PageStartState.start, sub(root, PageStartState), "/")
    assert first.count(None) == 1 and None not in again
    assert sub(root, CatalogueState).home_sections


def test_an_undeclared_route_starts_only_the_tree(db: Session) -> None:
    loader.load_synthetic(db, 20)
    root = new_tree()
    on(root, "/")
    for route in ("/nowhere", 42, None):
        run(PageStartState.start, sub(root, PageStartState), route)
    assert sub(root, CatalogueState).nav
    assert not sub(root, CatalogueState).home_sections


def test_every_page_of_the_layout_is_declared() -> None:
    assert {"/", "/products", "/produit/[product_id]", "/checkout", "/payment"} <= set(PAGE_LOADS)
    assert PAGE_LOADS["/checkout"][0].fn.__qualname__ == "CheckoutState.load"


def test_a_new_tab_sees_a_catalogue_change_and_a_retry_shows_the_skeletons(db: Session) -> None:
    """The home cards are built once per cached answer and shared by the tabs: a change of
    the catalogue (its version) must still reach the next tab, and a tab that failed to load
    shows the skeletons again when it retries."""
    from grocer.models import Article
    from grocer.services.catalogue_cache import CACHE, bump_version

    loader.load_synthetic(db, 60)
    first = sub(new_tree(), CatalogueState)
    run(CatalogueState.load_home, first)
    card = first.home_sections[0]["articles"][0]

    article = db.get(Article, card["id"])
    assert article is not None
    article.name = "Mangue Kent du verger"
    db.add(article)
    bump_version(db)
    db.commit()
    CACHE.expire_version()

    second = sub(new_tree(), CatalogueState)
    run(CatalogueState.load_home, second)
    names = [c["name"] for s in second.home_sections for c in s["articles"]]
    assert "Mangue Kent du verger" in names
    assert card["name"] != "Mangue Kent du verger"  # the first tab's cards were not changed

    second.home_sections, second.home_loading = [], False  # as a failed load leaves them
    out = run(CatalogueState.load_home, second)
    assert out[0] is None  # the skeletons went out before the answer
    assert second.home_sections and not second.home_loading
