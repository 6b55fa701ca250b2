"""The next checkout step's scripts are on their way before the tap that needs them (issue 23,
"Fetch ahead"): the cart overlay fetches /checkout's module, so "Continuer vers la commande"
waits for the page's data only; the cart overlay and the address dialog fetch the map
picker's scripts before the picker is opened, and so do the bag panel and a sign-up or a
sign-in made with a bag."""

from __future__ import annotations

from typing import Any

import pytest

from tests.e2e.test_address_maps import open_dialog
from tests.e2e.test_session_bag import (
    add_articles,
    bag_button,
    fresh_email,
    open_home,
    sign_up_in_dialog,
)

pytestmark = pytest.mark.e2e


def test_the_cart_overlay_fetches_the_checkout_page_ahead(page: Any) -> None:
    open_home(page)
    add_articles(page, 1)
    asked: list[str] = []
    page.on("request", lambda request: asked.append(request.url))
    bag_button(page).click()
    page.locator("#bag-panel").get_by_role("button", name="Check out").click()
    overlay = page.locator("#cart-overlay")
    overlay.get_by_role("button", name="Continue shopping").wait_for()
    page.wait_for_function(
        "() => [...document.querySelectorAll('link[rel=modulepreload], link[rel=prefetch]')]"
        ".some((link) => link.href.includes('checkout'))"
    )
    page.wait_for_timeout(500)
    assert any("/assets/_checkout_" in url for url in asked), asked


MAP_SCRIPTS = "/assets/grocer_leaflet"
"""The map helpers' chunk (assets/leaflet/grocer_leaflet.js), which imports Leaflet."""
FETCHED = "(part) => performance.getEntriesByType('resource').some((e) => e.name.includes(part))"


def loaded(page: Any, part: str) -> bool:
    """Whether the page has fetched a resource whose address holds `part`."""
    return bool(page.evaluate(FETCHED, part))


def wait_loaded(page: Any, part: str) -> None:
    page.wait_for_function(FETCHED, arg=part)


def test_the_cart_overlay_and_the_address_dialog_fetch_the_map_ahead(page: Any) -> None:
    asked: list[str] = []
    page.on("request", lambda request: asked.append(request.url))
    open_home(page)
    add_articles(page, 1)
    assert not any(MAP_SCRIPTS in url for url in asked), "the home asked for the map at once"
    bag_button(page).click()
    page.locator("#bag-panel").get_by_role("button", name="Check out").click()
    page.locator("#cart-overlay").get_by_role("button", name="Continue shopping").wait_for()
    wait_loaded(page, MAP_SCRIPTS)
    assert page.locator(".leaflet-container").count() == 0  # no map shown: fetched ahead

    other: list[str] = []
    tab = page.context.new_page()
    tab.on("request", lambda request: other.append(request.url))
    open_home(tab)
    assert not any(MAP_SCRIPTS in url for url in other)
    open_dialog(tab)
    wait_loaded(tab, MAP_SCRIPTS)
    assert tab.locator(".leaflet-container").count() == 0


def test_an_account_made_with_a_bag_fetches_the_checkout_steps_ahead(page: Any, smtp: Any) -> None:
    """A shopper with a bag who has just made an account is on the way to checkout: during the
    sign-up's success (the spec's 1.2 s), the map picker's and /checkout's scripts arrive.
    While the dialog is only being filled in, nothing of them is fetched (an abandoned
    sign-up costs no bytes)."""
    open_home(page)
    add_articles(page, 1)
    page.get_by_role("button", name="create account").click()
    dialog = page.get_by_role("dialog", name="Créer votre compte")
    dialog.get_by_label("Adresse email").wait_for()
    page.wait_for_timeout(1_000)
    assert not loaded(page, MAP_SCRIPTS), "an unfinished sign-up fetched the map"
    assert not loaded(page, "/assets/_checkout_")
    page.keyboard.press("Escape")
    dialog.wait_for(state="detached")
    sign_up_in_dialog(page, smtp, fresh_email())
    page.get_by_text("Compte créé et connecté avec succès !").wait_for()
    wait_loaded(page, MAP_SCRIPTS)
    wait_loaded(page, "/assets/_checkout_")
    assert page.locator(".leaflet-container").count() == 0


def test_a_product_link_asks_for_its_page_module_with_the_app(
    page: Any, catalogue: dict[str, Any]
) -> None:
    """A shared product link is served from the app's fallback page: its start script asks for
    the product page's modules together with the app's entry, not once the entry has run (the
    router used to find the page's module only then: one more trip on a slow link)."""
    events: list[tuple[str, str]] = []
    page.on("request", lambda request: events.append(("asked", request.url)))
    page.on("requestfinished", lambda request: events.append(("received", request.url)))
    page.goto(f"/produit/{catalogue['article']['id']}")
    page.locator("#grocer-preview").wait_for(state="detached")  # the app drew its page
    page.get_by_role("button", name="Add To Cart").wait_for()

    def first(kind: str, part: str) -> int:
        return next(i for i, (what, url) in enumerate(events) if what == kind and part in url)

    assert first("asked", "/assets/_produit_") < first("received", "/assets/entry.client"), events
