"""The back-office's home panel in a real browser (issue 17, "Done when": an admin reorders
home sections): an admin made with `grocer create-admin` opens "Accueil et promotions" at
390 px and moves the storefront's second home section above the first with its "Monter «…»"
button; a shopper's home, open in another browser, shows the new order after a reload, with
no restart. The promotion form's preview draws the storefront's banner from what is typed,
before any save. The shop's order is put back afterwards (the other browser tests share it)."""

from __future__ import annotations

import time
from pathlib import Path
from typing import Any

import pytest
from playwright.sync_api import expect

from tests.e2e.conftest import DESKTOP
from tests.e2e.test_account_orders import Shopper
from tests.e2e.test_admin import new_admin, no_sideways_scroll, signed_in_at_admin
from tests.e2e.test_checkout import _warm  # noqa: F401 (autouse: a patient first page)
from tests.e2e.test_session_bag import open_home
from tests.support.browser import shopper_address
from tests.support.shop_server import ARTIFACTS

pytestmark = pytest.mark.e2e


def home_order(page: Any, titles: list[str]) -> list[str]:
    """Which of `titles` the home page shows as section headings, in the page's order."""
    shown = page.locator("main h2").all_inner_texts()
    return [text for text in shown if text in titles]


def listed(rows: Any) -> list[str]:
    """The sections' titles in the list's order, read at one instant."""
    return rows.evaluate_all("rows => rows.map(row => row.dataset.section)")


def changed(rows: Any, before: list[str], timeout: float = 15) -> list[str]:
    """The sections' titles once the list shows another order than `before`."""
    deadline = time.monotonic() + timeout
    while (now := listed(rows)) == before and time.monotonic() < deadline:
        time.sleep(0.2)
    assert now != before, "the list did not change"
    return now


def test_an_admin_reorders_the_home_and_a_shoppers_home_follows(
    phone: Any, browser: Any, shop: str, shop_data: Path
) -> None:
    admin_email = new_admin(shop_data)
    api = Shopper(shop, admin_email).api  # the admin's own API client
    original = [s["id"] for s in api.get("/admin/sections").json()]
    shown = api.get("/web-ui/articles-sections", params={"articlesonly": "true"}).json()
    first, second = shown[0]["title"], shown[1]["title"]

    context = browser.new_context(
        locale="fr-FR", viewport=DESKTOP, base_url=shop, extra_http_headers=shopper_address()
    )
    try:
        shopper = context.new_page()
        shopper.set_default_timeout(15_000)
        open_home(shopper)
        assert home_order(shopper, [first, second]) == [first, second]

        admin = phone
        signed_in_at_admin(admin, admin_email)
        admin.get_by_role("navigation", name="Back-office").get_by_role(
            "button", name="Accueil et promotions"
        ).click()
        # the rows, read from the page itself (their order is what is checked)
        rows = admin.locator('ol[aria-label="Sections de l\'accueil"] > li')
        expect(rows).to_have_count(len(original))
        # up until it stands above the first (hidden or empty sections may lie between)
        titles = listed(rows)
        for _ in range(len(original)):
            if titles.index(second) < titles.index(first):
                break
            admin.get_by_role("button", name=f"Monter « {second} »").click()
            admin.get_by_text("Ordre enregistré").first.wait_for()  # the save's toast
            titles = changed(rows, titles)
        assert titles.index(second) < titles.index(first)
        no_sideways_scroll(admin)

        # the shopper's home, in the other browser, after a reload (workers see a change
        # within a second: the catalogue version)
        deadline = time.monotonic() + 20
        while True:
            shopper.reload()
            shopper.locator("main h2").first.wait_for()
            order = home_order(shopper, [first, second])
            if order == [second, first] or time.monotonic() > deadline:
                break
        assert order == [second, first]

        # the banner's preview follows the promotion form before any save
        admin.get_by_role("button", name="Nouvelle promotion").click()
        admin.locator("#promotion-name").fill("Fête des mangues")
        admin.locator("#promotion-code").fill("mangue30")
        preview = admin.locator("[data-preview=banner]")
        expect(preview.get_by_text("Fête des mangues").first).to_be_visible()
        expect(preview.get_by_text("MANGUE30")).to_be_visible()
        no_sideways_scroll(admin)
        ARTIFACTS.mkdir(exist_ok=True)
        admin.screenshot(path=str(ARTIFACTS / "admin-home-390.png"), full_page=True)
    finally:
        context.close()
        api.put("/admin/sections/order", json={"ids": original}).raise_for_status()
