"""The next checkout step's scripts are on their way before the tap that needs them (issue 23,
"Fetch ahead"): the cart overlay fetches /checkout's module, so "Continuer vers la commande"
waits for the page's data only."""

from __future__ import annotations

from typing import Any

import pytest

from tests.e2e.test_session_bag import add_articles, bag_button, open_home

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
    page.get_by_role("button", name="Add To Cart").wait_for()

    def first(kind: str, part: str) -> int:
        return next(i for i, (what, url) in enumerate(events) if what == kind and part in url)

    assert first("asked", "/assets/_produit_") < first("received", "/assets/entry.client"), events
