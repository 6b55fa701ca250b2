"""The first page a shopper sees lists the home sections of the database, in order."""

from __future__ import annotations

import httpx
from playwright.sync_api import Page, expect


def test_home_shows_the_demo_sections_in_order(page: Page, shop: str) -> None:
    sections = httpx.get(
        f"{shop}/api/v1/web-ui/articles-sections",
        params={"articlesonly": "false", "active": "true"},
        timeout=30,
    ).json()
    titles = [s["title"] for s in sections if s["articles"]]
    assert len(titles) >= 5

    page.goto("/")
    for title in titles[:3]:
        expect(page.get_by_role("heading", name=title).first).to_be_visible()
    first_product = next(s for s in sections if s["articles"])["articles"][0]["name"]
    expect(page.get_by_text(first_product).first).to_be_visible()
    headings = page.get_by_role("heading").all_inner_texts()
    positions = [next(i for i, h in enumerate(headings) if t in h) for t in titles[:3]]
    assert positions == sorted(positions)


def test_home_scripts_come_compressed_and_cacheable(page: Page, shop: str) -> None:
    """A returning shopper's browser keeps the hashed scripts for good and gets them brotli-
    compressed; the page itself is never cached (it must show the current build)."""
    scripts: list[str] = []
    page.on("response", lambda r: scripts.append(r.url) if "/assets/" in r.url else None)
    page.goto("/")
    # the page asks for nothing in /assets/ before it has painted (its styles are in it)
    page.wait_for_function("() => window.__grocerReady === true")
    assert scripts
    answer = httpx.get(scripts[0], headers={"Accept-Encoding": "br, gzip"}, timeout=30)
    assert answer.status_code == 200
    assert answer.headers["content-encoding"] == "br"
    assert "immutable" in answer.headers["cache-control"]
    assert "cache-control" not in httpx.get(f"{shop}/", timeout=30).headers
    image = httpx.get(f"{shop}/img/banners/banner-1-600.webp", timeout=30)
    assert image.headers["cache-control"] == "public, max-age=3600"


def test_home_asks_for_the_app_scripts_once_its_banner_is_in(page: Page, shop: str) -> None:
    """The prerendered home page and its banner come first on a weak connection: no script of
    the app is asked for before the banner (the page's first picture) is in, and the app then
    starts (the sections arrive over its websocket)."""
    sections = httpx.get(
        f"{shop}/api/v1/web-ui/articles-sections",
        params={"articlesonly": "false", "active": "true"},
        timeout=30,
    ).json()
    first_title = next(s["title"] for s in sections if s["articles"])
    page.goto("/")
    page.wait_for_load_state("load")
    expect(page.get_by_role("heading", name=first_title).first).to_be_visible()
    # The app starts after `load` and a painted frame (grocer.web.paint_first): wait for it.
    page.wait_for_function("() => window.__grocerReady === true")
    timings = page.evaluate(
        """() => {
            const entries = performance.getEntriesByType("resource");
            const banner = document.querySelector('img[fetchpriority="high"]');
            return {
                banner: entries.filter((e) => e.name === banner.currentSrc)
                    .map((e) => e.responseEnd),
                scripts: entries
                    .filter((e) => e.name.includes("/assets/") && e.name.endsWith(".js"))
                    .map((e) => e.startTime),
            };
        }"""
    )
    assert timings["scripts"], "the app's scripts were never fetched"
    assert len(timings["banner"]) == 1, "the banner was not fetched once"
    assert min(timings["scripts"]) >= timings["banner"][0]


def test_pages_paint_styled_without_asking_for_the_stylesheet(page: Page, shop: str) -> None:
    """The global stylesheet is in the page (grocer.web.inline_styles): the home is styled
    (Tailwind's reset and classes apply) before and after the app starts, and the stylesheet
    file is never fetched."""
    fetched: list[str] = []
    page.on("request", lambda r: fetched.append(r.url) if r.url.endswith(".css") else None)
    page.goto("/")
    page.wait_for_load_state("load")
    # Tailwind's reset: no margin on the body (a browser's own style gives it 8 px)
    assert page.evaluate("() => getComputedStyle(document.body).margin") == "0px"
    page.wait_for_function("() => window.__grocerReady === true")
    # the header's row (`flex h-16`): 4 rem high
    row = page.locator("header > div > div").first
    assert row.evaluate("(el) => [getComputedStyle(el).display, el.offsetHeight]") == ["flex", 64]
    assert page.evaluate("() => getComputedStyle(document.body).margin") == "0px"
    assert not [url for url in fetched if "__reflex_global_styles" in url]
