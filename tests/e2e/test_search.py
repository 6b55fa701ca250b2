"""Search in the browser (issue 16): type in the header, pick a suggestion, search, filter by a
category facet, page, switch language with the results following, and the empty result with
its did-you-mean link. The demo catalogue, the production build, real Chromium."""

from __future__ import annotations

import re

import httpx
import pytest
from playwright.sync_api import Page, expect

pytestmark = pytest.mark.e2e


def _ready(page: Page) -> None:
    """Hydrated and connected: the category bar's links came over the websocket."""
    nav = page.get_by_role("navigation", name=re.compile("Catégories|Categories"))
    expect(nav.get_by_role("link").first).to_be_visible()


def _box(page: Page):  # type: ignore[no-untyped-def]
    return page.get_by_role("combobox", name="Rechercher")


def test_suggestions_are_a_keyboard_combobox(page: Page) -> None:
    page.goto("/")
    _ready(page)
    box = _box(page)
    box.fill("mang")
    options = page.get_by_role("listbox", name="Suggestions de recherche").get_by_role("option")
    expect(options.first).to_be_visible()
    expect(box).to_have_attribute("aria-expanded", "true")
    assert options.count() <= 8
    expect(options.filter(has_text="Mangues").first).to_be_visible()  # a category
    box.press("ArrowDown")
    first = options.first
    expect(first).to_have_attribute("aria-selected", "true")
    expect(box).to_have_attribute("aria-activedescendant", first.get_attribute("id") or "")
    box.press("Escape")
    expect(box).to_have_attribute("aria-expanded", "false")
    # Picking an article opens its page.
    box.fill("mangue ke")
    page.get_by_role("option", name="Mangue Kent").click()
    expect(page).to_have_url(re.compile(r"/produit/\d+"))
    expect(page.get_by_role("heading", name="Mangue Kent", level=1)).to_be_visible()


def test_search_facet_page_language_and_back(page: Page, shop: str) -> None:
    total = httpx.get(f"{shop}/api/v1/search", params={"q": "lait"}, timeout=30).json()["total"]
    assert total > 18, "the query must need two pages"
    page.goto("/")
    _ready(page)
    _box(page).fill("lait")
    _box(page).press("Enter")
    expect(page).to_have_url(re.compile(r"/recherche\?q=lait$"))
    expect(page.get_by_role("heading", level=1)).to_contain_text("Résultats pour « lait »")
    expect(page).to_have_title("Résultats pour « lait » – Grocer")
    grid = page.locator("#products-grid")
    expect(grid.locator("article, li, div").first).to_be_visible()
    expect(page.get_by_text(f"Page 1 sur {-(-total // 18)}")).to_be_visible()

    # Paging: the URL says which page; the back button returns to page 1.
    page.get_by_role("link", name="Page suivante").click()
    expect(page).to_have_url(re.compile(r"page=2"))
    expect(page.get_by_text(f"Page 2 sur {-(-total // 18)}")).to_be_visible()
    page.go_back()
    expect(page.get_by_text(f"Page 1 sur {-(-total // 18)}")).to_be_visible()

    # A category facet narrows the results and is marked current.
    facets = page.get_by_role("navigation", name="Filtrer par catégorie")
    facet = facets.get_by_role("link").nth(1)
    assert re.fullmatch(r"\S.* \d+", facet.inner_text()), "the name, a space, the count"
    facet_name = (facet.inner_text()).rsplit(" ", 1)[0].strip()
    facet.click()
    expect(page).to_have_url(re.compile(r"categoryId=\d+"))
    expect(facets.get_by_role("link", name=re.compile(re.escape(facet_name)))).to_have_attribute(
        "aria-current", "page"
    )

    # The language switch: results and texts follow, without a reload.
    page.goto("/recherche?q=mangue")
    expect(page.get_by_text("Mangue Kent").first).to_be_visible()
    page.get_by_role("combobox", name="Langue").select_option("en")
    expect(page.get_by_role("heading", level=1)).to_contain_text("Results for “mangue”")
    expect(page).to_have_title("Results for “mangue” – Grocer")
    expect(page.get_by_text("Kent mango").first).to_be_visible()
    page.get_by_role("combobox", name="Language").select_option("fr")
    expect(page.get_by_text("Mangue Kent").first).to_be_visible()


def test_nothing_found_offers_did_you_mean(page: Page) -> None:
    page.goto("/recherche?q=mongeu")
    expect(page.get_by_text("Aucun résultat pour « mongeu »")).to_be_visible()
    page.get_by_test_id("did-you-mean").click()
    expect(page).to_have_url(re.compile(r"/recherche\?q=mangue"))
    expect(page.get_by_text("Mangue Kent").first).to_be_visible()


def test_a_typo_still_finds(page: Page) -> None:
    page.goto("/recherche?q=tomatte")
    expect(page.get_by_text("Tomates fraîches").first).to_be_visible()
    expect(page.get_by_test_id("did-you-mean")).to_be_visible()


def test_the_catalogue_follows_the_language(page: Page, shop: str) -> None:
    """Names of categories, sections and articles come from the server in the language the
    shopper chose (French when a text has no translation), and follow a switch."""
    kent = httpx.get(f"{shop}/api/v1/search", params={"q": "mangue kent"}, timeout=30).json()
    kent_id = kent["items"][0]["id"]
    page.goto("/")
    _ready(page)
    page.get_by_role("combobox", name="Langue").select_option("en")
    nav = page.get_by_role("navigation", name="Categories")
    expect(nav.get_by_role("link", name="Fruit and vegetables")).to_be_visible()
    expect(page.get_by_role("heading", name="This week's deals")).to_be_visible()
    page.goto(f"/produit/{kent_id}")
    expect(page.get_by_role("heading", name="Kent mango", level=1)).to_be_visible()
    page.get_by_role("combobox", name="Language").select_option("de")
    expect(page.get_by_role("heading", name="Kent-Mango", level=1)).to_be_visible()
    page.get_by_role("combobox", name="Sprache").select_option("fr")
    expect(page.get_by_role("heading", name="Mangue Kent", level=1)).to_be_visible()
