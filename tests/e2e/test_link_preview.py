"""A shared link on the real production build: what WhatsApp's crawler reads in the page the
server sends (the built `<head>` as Reflex writes it, with the shop's tags in place of its
generic ones), and that a browser given that head still runs the page without an error."""

from __future__ import annotations

import io
import json
import re
from typing import Any
from urllib.parse import urlsplit

import httpx
from PIL import Image
from playwright.sync_api import Page, expect

from tests.support.browser import wait_hydrated

WHATSAPP = {"user-agent": "WhatsApp/2.23.20.0 A", "accept": "*/*"}


def _head(html: str) -> str:
    return html.split("</head>", 1)[0]


def test_whatsapp_reads_the_tags_of_a_built_product_page(
    shop: str, catalogue: dict[str, Any]
) -> None:
    article = catalogue["article"]
    answer = httpx.get(f"{shop}/produit/{article['id']}", headers=WHATSAPP, timeout=30)
    assert answer.status_code == 200
    head = _head(answer.text)
    assert head.count("<title>") == 1
    assert head.count('property="og:image"') == 1 and "favicon.ico" not in head
    assert re.search(r'<meta property="og:type" content="product">', head)
    assert '<meta name="twitter:card" content="summary_large_image">' in head
    ld = re.search(r'<script type="application/ld\+json">(.*?)</script>', head)
    assert ld and json.loads(ld.group(1))["@type"] == "Product"
    image = re.search(r'<meta property="og:image" content="([^"]+)">', head)
    assert image
    parts = urlsplit(image.group(1).replace("&amp;", "&"))
    picture = httpx.get(f"{shop}{parts.path}?{parts.query}", headers=WHATSAPP, timeout=30)
    assert picture.headers["content-type"] == "image/jpeg" and len(picture.content) < 300_000
    assert Image.open(io.BytesIO(picture.content)).size == (1200, 630)


def test_the_home_sitemap_and_robots_of_the_built_shop(shop: str) -> None:
    home = _head(httpx.get(f"{shop}/", headers=WHATSAPP, timeout=30).text)
    assert home.count("<title>") == 1 and 'property="og:title"' in home
    assert httpx.get(f"{shop}/robots.txt", timeout=30).text.startswith("User-agent: *")
    sitemap = httpx.get(f"{shop}/sitemap.xml", timeout=30)
    assert sitemap.headers["content-type"].startswith("application/xml")
    assert "/produit/" in sitemap.text


def test_a_browser_runs_a_product_page_with_its_tags(page: Page, catalogue: dict[str, Any]) -> None:
    """The JSON-LD block stays out of React's way while the page hydrates (no error #418)."""
    errors: list[str] = []
    page.on("pageerror", lambda error: errors.append(str(error)))
    page.goto(f"/produit/{catalogue['article']['id']}")
    expect(page.locator("#grocer-preview")).to_have_count(0)  # the app drew its page
    expect(page.get_by_role("button", name="Add To Cart")).to_be_visible()
    assert page.locator('head script[type="application/ld+json"]').count() == 1
    assert errors == []


def test_the_tab_keeps_naming_the_product_once_the_app_runs(
    page: Page, catalogue: dict[str, Any]
) -> None:
    """The served page's title names the product (for link previews); the app, once it has
    taken over, names it too, and the next product after a link."""
    article = catalogue["article"]
    page.goto(f"/produit/{article['id']}")
    wait_hydrated(page)
    heading = page.get_by_role("heading", level=1)
    expect(heading).to_have_text(article["name"])
    expect(page).to_have_title(f"{article['name']} – Grocer")

    related = page.locator("section[aria-labelledby='related-products-title'] a[href^='/produit/']")
    href = related.first.get_attribute("href")
    related.first.click()
    page.wait_for_url(f"**{href}")
    expect(heading).not_to_have_text(article["name"])
    name = heading.inner_text().strip()
    expect(page).to_have_title(f"{name} – Grocer")


def test_a_category_page_tab_names_the_category_in_the_shown_language(
    page: Page, shop: str, catalogue: dict[str, Any]
) -> None:
    """A category page's tab keeps the category's name once the app runs (as the served page
    has it), in the language the shopper picks; /full-products names what it lists."""
    main, sub = catalogue["main"], catalogue["sub"]
    page.goto(f"/products?mainCategoryId={main['id']}&categoryId={sub['id']}")
    wait_hydrated(page)
    expect(page).to_have_title(f"{sub['name']} – Grocer")

    english = httpx.get(f"{shop}/api/v1/categories/{sub['id']}", params={"lang": "en"}, timeout=30)
    assert english.json()["name"] != sub["name"]  # the demo catalogue names it in English
    page.get_by_role("combobox", name="Langue").select_option("en")
    expect(page).to_have_title(f"{english.json()['name']} – Grocer")

    page.goto("/full-products")
    wait_hydrated(page)
    expect(page).to_have_title("All products – Grocer")
