"""The storefront pages hydrate the server's HTML as it is, and render what is far below the
fold only when the shopper comes near it (issue 21).

A mismatch between the prerendered HTML and the first client render makes React throw the
server's HTML away and render the whole page again: in a production build it says so on the
console as a recoverable error (React's errors #418-#425). The home paints every section from
the server; the app mounts its own sections as they come near the screen, and a card of the
last one works like any other.
"""

from __future__ import annotations

import re
from typing import Any

import pytest
from playwright.sync_api import Page, expect

from tests.e2e.test_session_bag import bag_count, wait_count

HYDRATION_TROUBLE = re.compile(
    r"Minified React error #(418|419|421|422|423|425)|hydrat|did not match", re.IGNORECASE
)

# The page's own data is in: no preview left on screen, nothing busy in the main column.
DATA_IN = """() => !document.getElementById('grocer-preview')
    && !document.querySelector('main [aria-busy="true"]')"""


def _pages(catalogue: dict[str, Any]) -> dict[str, str]:
    main, sub = catalogue["main"]["id"], catalogue["sub"]["id"]
    return {
        "home": "/",
        "first level": f"/level-one-products?mainCategoryId={main}",
        "second level": f"/products?mainCategoryId={main}&categoryId={sub}",
        "product": f"/produit/{catalogue['article']['id']}",
        "full products": f"/full-products?mainCategoryId={main}&categoryId={sub}",
    }


def _console_trouble(pg: Page) -> list[str]:
    found: list[str] = []
    pg.on(
        "console",
        lambda m: found.append(m.text) if m.type in ("error", "warning") else None,
    )
    pg.on("pageerror", lambda e: found.append(str(e)))
    return found


@pytest.mark.parametrize(
    "name", ["home", "first level", "second level", "product", "full products"]
)
def test_storefront_pages_hydrate_without_a_mismatch(
    page: Page, phone: Page, catalogue: dict[str, Any], name: str
) -> None:
    path = _pages(catalogue)[name]
    for pg in (phone, page):
        messages = _console_trouble(pg)
        pg.goto(path)
        expect(pg.get_by_role("button", name=re.compile(r"^Panier"))).to_be_visible()
        pg.wait_for_function(DATA_IN)
        pg.wait_for_timeout(500)  # late commits (transitions) report their errors too
        trouble = [m for m in messages if HYDRATION_TROUBLE.search(m)]
        assert not trouble, f"{name} at {pg.viewport_size}: {trouble}"


@pytest.mark.parametrize("name", ["home", "second level", "product"])
def test_an_english_browser_hydrates_the_french_page_then_reads_english(
    browser: Any, shop: str, catalogue: dict[str, Any], name: str
) -> None:
    """The page is prerendered in French: the first client render must be French too, and the
    browser's language follows once the page has hydrated (and is remembered)."""
    context = browser.new_context(
        locale="en-US", base_url=shop, viewport={"width": 390, "height": 844}
    )
    try:
        pg = context.new_page()
        messages = _console_trouble(pg)
        pg.goto(_pages(catalogue)[name])
        expect(pg.locator("html")).to_have_attribute("lang", "en", timeout=15_000)
        expect(pg.get_by_role("button", name=re.compile(r"^Bag"))).to_be_visible(timeout=15_000)
        pg.wait_for_function(DATA_IN)
        trouble = [m for m in messages if HYDRATION_TROUBLE.search(m)]
        assert not trouble, f"{name} in English: {trouble}"
        assert pg.evaluate("localStorage.getItem('preferredLanguage')") == "en"
    finally:
        context.close()


def test_far_home_sections_are_painted_then_mounted_when_scrolled_near(phone: Page) -> None:
    phone.goto("/")
    sections = phone.locator("main section[aria-labelledby]")
    expect(sections.first.get_by_role("button", name="Ajouter au panier").first).to_be_visible()
    phone.wait_for_function(DATA_IN)
    count = sections.count()
    assert count > 3, "the demo home has more sections than a screen holds"
    # (text_content: innerText is empty for a section the browser skips drawing, off screen)
    title = sections.nth(count - 1).locator("h2").text_content() or ""
    assert title
    # Painted from the server's HTML, kept in the place the app holds for it until it mounts.
    kept = phone.locator("[data-lazy-mount] section[aria-labelledby]")
    expect(kept.filter(has_text=title)).to_have_count(1)
    expect(kept.filter(has_text=title).locator("article").first).to_be_attached()

    last = sections.nth(count - 1)
    last.scroll_into_view_if_needed()
    expect(kept.filter(has_text=title)).to_have_count(0)  # the app's own section now
    add = last.get_by_role("button", name="Ajouter au panier").first
    expect(add).to_be_visible()
    before = bag_count(phone)
    add.click()
    wait_count(phone, before + 1)
    expect(sections).to_have_count(count)  # nothing painted twice, nothing lost


# Every home section or its place held by an empty lazy box, as it is added to the page: its
# rank among them (the observer runs after React's commit, its layout effects included).
RECORD_EMPTY_BOXES = """() => {
    window.__emptyBoxes = [];
    const rank = (box) => [...box.parentElement.children]
        .filter((el) => el.matches('section[aria-labelledby], [data-lazy-mount]'))
        .indexOf(box);
    new MutationObserver((records) => {
        for (const record of records) for (const node of record.addedNodes) {
            if (node.nodeType !== 1) continue;
            const boxes = node.matches('[data-lazy-mount]')
                ? [node] : [...node.querySelectorAll('[data-lazy-mount]')];
            for (const box of boxes) if (!box.firstChild) window.__emptyBoxes.push(rank(box));
        }
    }).observe(document.body, {childList: true, subtree: true});
}"""


def test_the_first_home_sections_show_at_once_on_a_home_reached_in_the_app(
    phone: Page, catalogue: dict[str, Any]
) -> None:
    """On a first load the server's preview holds the first sections' place while they mount;
    reached in the app there is no preview, and they are rendered with the data (an empty box
    would show in their place first)."""
    phone.goto(f"/produit/{catalogue['article']['id']}")
    phone.wait_for_function(DATA_IN)
    phone.evaluate(RECORD_EMPTY_BOXES)
    phone.get_by_role("link", name="Retour à l'accueil").click()
    sections = phone.locator("main section[aria-labelledby]")
    expect(sections.nth(1).get_by_role("heading")).to_be_visible()
    phone.wait_for_function(DATA_IN)
    boxes = phone.evaluate("window.__emptyBoxes")
    assert boxes, "the far sections' places were not seen being added"
    assert min(boxes) >= 2, f"a first section's place showed empty first: {boxes}"
