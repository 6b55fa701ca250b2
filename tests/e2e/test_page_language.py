"""An English shopper's reload (issue 16): the page the server sends before the app runs is in
English (the `grocer_lang` cookie the language switch wrote), the service worker does not answer
the French copy it kept, and once the app runs it stays English: the product's name is never
shown in French on the way."""

from __future__ import annotations

import time
from collections.abc import Iterator
from typing import Any

import httpx
import pytest
from playwright.sync_api import Page, expect

from tests.e2e.conftest import DESKTOP, _tab
from tests.support.browser import app_held_back, wait_hydrated

pytestmark = pytest.mark.e2e

CONTROLLED = "() => !!(navigator.serviceWorker && navigator.serviceWorker.controller)"
APP_READY = "() => window.__grocerReady === true"
NAMES_SEEN = """
(() => {
  window.__headings = [];
  const seen = () => document.querySelectorAll("h1").forEach((h) => {
    const text = h.textContent.trim();
    if (text && window.__headings[window.__headings.length - 1] !== text) {
      window.__headings.push(text);
    }
  });
  new MutationObserver(seen).observe(document, {childList: true, subtree: true,
    characterData: true});
})();
"""
"""Every product heading the page shows, in order, from the first byte on."""


@pytest.fixture
def no_worker(browser: object, shop: str, request: pytest.FixtureRequest) -> Iterator[object]:
    """A desktop page without the service worker: the page's own requests (its scripts) are the
    network's, so a test can hold them back (a worker's fetches are not routed)."""
    yield from _tab(browser, request, viewport=DESKTOP, base_url=shop, service_workers="block")


def _names(shop: str, article: dict[str, Any]) -> tuple[str, str]:
    english = httpx.get(f"{shop}/api/v1/articles/{article['id']}", params={"lang": "en"})
    french_name, english_name = article["name"], english.json()["name"]
    assert french_name != english_name
    return french_name, english_name


def _switch_to_english(tab: Page, english_name: str) -> None:
    """The header's language select, on a product page; the choice is kept in the cookie."""
    tab.get_by_role("combobox", name="Langue").select_option("en")
    expect(tab.get_by_role("heading", level=1, name=english_name)).to_be_visible()
    cookies = {c["name"]: c for c in tab.context.cookies()}
    assert cookies["grocer_lang"]["value"] == "en"
    assert cookies["grocer_lang"]["path"] == "/" and cookies["grocer_lang"]["sameSite"] == "Lax"
    assert cookies["grocer_lang"]["expires"] > time.time() + 300 * 24 * 3600  # about a year


def test_an_english_shopper_reloads_a_product_page_in_english(
    no_worker: Page, shop: str, catalogue: dict[str, Any]
) -> None:
    page = no_worker
    article = catalogue["article"]
    url = f"/produit/{article['id']}"
    french_name, english_name = _names(shop, article)
    page.goto(url)
    expect(page.get_by_role("heading", level=1, name=french_name)).to_be_visible()
    expect(page.locator("html")).to_have_attribute("lang", "fr")
    _switch_to_english(page, english_name)

    page.add_init_script(NAMES_SEEN)
    with app_held_back(page):
        page.reload(wait_until="commit")
        preview = page.locator("#grocer-preview")
        expect(preview.get_by_role("heading", level=1)).to_have_text(english_name)
        expect(page.locator("html")).to_have_attribute("lang", "en")
        expect(page.get_by_role("link", name="Back to home")).to_be_visible()
        assert page.evaluate(APP_READY) is False  # the server's page, before the app
    page.wait_for_function(APP_READY, timeout=30_000)
    expect(page.get_by_role("button", name="Bag", exact=True)).to_be_visible()
    expect(page.get_by_role("heading", level=1, name=english_name)).to_be_visible()
    expect(page.locator("html")).to_have_attribute("lang", "en")
    headings = page.evaluate("window.__headings")
    assert french_name not in headings, headings


def test_the_service_worker_does_not_answer_a_page_in_the_language_left(
    page: Page, shop: str, catalogue: dict[str, Any]
) -> None:
    article = catalogue["article"]
    url = f"/produit/{article['id']}"
    french_name, english_name = _names(shop, article)
    page.goto("/")
    wait_hydrated(page)
    page.wait_for_function(CONTROLLED, timeout=30_000)
    page.goto(url)  # kept in the worker's cache, in French
    expect(page.get_by_role("heading", level=1, name=french_name)).to_be_visible()
    _switch_to_english(page, english_name)

    page.add_init_script(NAMES_SEEN)
    answer = page.reload()
    assert answer is not None and answer.headers.get("content-language") == "en"
    page.wait_for_function(APP_READY, timeout=30_000)
    expect(page.get_by_role("heading", level=1, name=english_name)).to_be_visible()
    headings = page.evaluate("window.__headings")
    assert french_name not in headings, headings
