"""A shop that survives a flaky connection (issue 19): the service worker answers the pages a
shopper has seen when the network is gone, a page never seen gets the offline page, the shop
says in a small bar that the connection is lost and is being retried, and a bag changed
meanwhile reaches the server once the connection is back."""

from __future__ import annotations

import re
from typing import Any

import httpx
import pytest
from playwright.sync_api import Page, expect

from tests.e2e.test_session_bag import api_account, fresh_email, open_home, sign_in, wait_count
from tests.support.browser import shopper_address, wait_hydrated

pytestmark = pytest.mark.e2e

LOST = "Connexion perdue — nouvelle tentative…"
CONTROLLED = "() => !!(navigator.serviceWorker && navigator.serviceWorker.controller)"


def category_url(catalogue: dict[str, Any]) -> str:
    return f"/products?mainCategoryId={catalogue['main']['id']}&categoryId={catalogue['sub']['id']}"


def banner(page: Page) -> Any:
    return page.get_by_role("status").filter(has_text=LOST)


def visit_while_online(page: Page, catalogue: dict[str, Any]) -> None:
    """The home page (the service worker installs and takes the tab), then a category."""
    open_home(page)
    page.wait_for_function(CONTROLLED, timeout=30_000)
    page.goto(category_url(catalogue))
    expect(page.locator("article[data-price]").first).to_be_visible()


def server_bag(shop: str, token: str) -> dict[int, int]:
    answer = httpx.get(
        f"{shop}/api/v1/cart",
        headers={"Authorization": f"Bearer {token}", **shopper_address()},
        timeout=30,
    )
    answer.raise_for_status()
    return {item["articleId"]: item["quantity"] for item in answer.json()["items"]}


def test_offline_browsing_and_a_bag_changed_offline_reaches_the_server(
    page: Page, shop: str, smtp: Any, catalogue: dict[str, Any]
) -> None:
    email = fresh_email("offline")
    account = api_account(shop, smtp, email)
    token = account["accessToken"]
    open_home(page)
    sign_in(page, email)
    page.get_by_role("button", name=re.compile(r"^Menu du compte de ")).wait_for()
    visit_while_online(page, catalogue)
    expect(banner(page)).to_have_count(0)

    page.context.set_offline(True)
    expect(banner(page)).to_be_visible()  # the websocket is down: said in the bar
    page.reload()  # answered by the service worker
    sub = catalogue["sub"]
    expect(page.get_by_role("heading", level=1, name=sub["name"])).to_be_visible()
    first = page.locator("[data-bag-add]").first
    expect(first).to_be_visible()
    wait_hydrated(page)
    expect(banner(page)).to_be_visible()
    page.goto("/")  # the home page, from the cache too
    expect(page.get_by_role("region", name="Offres du moment").first).to_be_visible()
    wait_hydrated(page)
    page.goto(category_url(catalogue))
    wait_hydrated(page)
    expect(banner(page)).to_be_visible()

    added = page.locator("[data-bag-add]").first
    article = int(re.search(r'"id":\s*(\d+)', added.get_attribute("data-bag-add") or "")[1])
    added.click()  # "+ Ajouter" with no connection
    expect(page.get_by_text("Votre sac est gardé sur cet appareil (1)")).to_be_visible()
    assert article not in server_bag(shop, token)

    page.context.set_offline(False)
    expect(banner(page)).to_have_count(0, timeout=30_000)  # the connection is back
    page.wait_for_function("() => !localStorage.getItem('cartOffline')", timeout=30_000)  # saved
    assert server_bag(shop, token) == {article: 1}
    wait_count(page, 1)  # the page shows the server's bag again
    page.reload()
    wait_count(page, 1)
    assert server_bag(shop, token) == {article: 1}  # saved once


def test_a_guest_keeps_the_bag_changed_offline(page: Page, catalogue: dict[str, Any]) -> None:
    visit_while_online(page, catalogue)
    page.context.set_offline(True)
    page.reload()
    wait_hydrated(page)
    expect(banner(page)).to_be_visible()
    card = page.locator("[data-bag-add]").first
    card.click()
    card.click()
    expect(page.get_by_text("Votre sac est gardé sur cet appareil (2)")).to_be_visible()
    page.get_by_role("link", name="Accueil Grocer").click()  # a link loads the page offline
    page.wait_for_url(re.compile(r"/$"))
    expect(page.get_by_role("region", name="Offres du moment").first).to_be_visible()
    wait_hydrated(page)  # the app runs offline too, from the worker's cache
    expect(page.get_by_text("Votre sac est gardé sur cet appareil (2)")).to_be_visible()
    page.context.set_offline(False)
    expect(banner(page)).to_have_count(0, timeout=30_000)
    wait_count(page, 2)
    page.reload()
    wait_count(page, 2)


def test_a_page_never_seen_offline_shows_the_offline_page(
    page: Page, catalogue: dict[str, Any]
) -> None:
    visit_while_online(page, catalogue)
    page.context.set_offline(True)
    answer = page.goto(f"/produit/{catalogue['article']['id']}")
    assert answer is not None and answer.status == 503
    expect(page.get_by_role("heading", level=1, name="Vous êtes hors ligne")).to_be_visible()
    expect(page.get_by_role("link", name="Réessayer")).to_be_visible()
    page.context.set_offline(False)
    page.get_by_role("link", name="Réessayer").click()
    expect(page.get_by_role("heading", level=1, name=catalogue["article"]["name"])).to_be_visible()


def test_the_service_worker_is_served_from_the_root_and_always_revalidated(shop: str) -> None:
    answer = httpx.get(f"{shop}/sw.js", timeout=30)
    assert answer.status_code == 200
    assert answer.headers["cache-control"] == "no-cache"
    assert "javascript" in answer.headers["content-type"]
    build = re.search(r"^const BUILD = (.*); // @grocer-build$", answer.text, re.M)
    assert build is not None and '"version": "dev"' not in build[1]
    assert '"/"' in build[1] and "/assets/" in build[1]
