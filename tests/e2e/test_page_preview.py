"""Product and category pages paint their data before the app's scripts have arrived (the
server's preview, grocer/web/page_preview.py), and the app then takes the page over without a
second copy, a hydration error or a dead control."""

from __future__ import annotations

import re
from typing import Any

import pytest
from playwright.sync_api import Page, expect

SCRIPTS = "**/assets/**/*.js"


def _errors(page: Page) -> list[str]:
    errors: list[str] = []
    page.on("pageerror", lambda error: errors.append(str(error)))
    return errors


def _picture_loaded(page: Page, alt: str) -> bool:
    return page.evaluate(
        "(alt) => [...document.images].some((i) => i.alt === alt && i.complete && i.naturalWidth)",
        alt,
    )


def test_a_product_shows_before_any_script_runs(phone: Page, catalogue: dict[str, Any]) -> None:
    article = catalogue["article"]
    phone.route(SCRIPTS, lambda route: route.abort())
    phone.goto(f"/produit/{article['id']}")
    expect(phone.get_by_role("heading", level=1, name=article["name"])).to_be_visible()
    expect(phone.get_by_role("img", name=article["name"])).to_be_visible()
    assert _picture_loaded(phone, article["name"])
    expect(phone.get_by_role("link", name="Retour à l'accueil")).to_be_visible()
    expect(phone.get_by_text("XOF").first).to_be_visible()
    # One header: the loading shell's. The app's frame, in the fallback without a page
    # (grocer.components.layout.shell), waits hidden until a page is drawn into it.
    expect(phone.locator("header")).to_be_hidden()
    expect(phone.get_by_role("button", name="Menu", exact=True)).to_have_count(0)


def test_the_product_page_takes_its_preview_over(phone: Page, catalogue: dict[str, Any]) -> None:
    article = catalogue["article"]
    errors = _errors(phone)
    phone.goto(f"/produit/{article['id']}")
    expect(phone.get_by_role("button", name="Add To Cart")).to_be_visible()
    expect(phone.locator("#grocer-preview")).to_have_count(0)
    expect(phone.locator("#grocer-shell")).to_have_count(0)
    expect(phone.locator("header")).to_be_visible()  # the app's own, once its page is drawn
    expect(phone.get_by_role("heading", level=1)).to_have_count(1)
    expect(phone.get_by_role("heading", level=1)).to_have_text(article["name"])
    phone.get_by_role("button", name="Augmenter la quantité").click()
    expect(phone.get_by_role("status", name="Quantité")).to_have_text("2")
    assert errors == []


def test_a_category_shows_before_any_script_runs(phone: Page, catalogue: dict[str, Any]) -> None:
    main, sub = catalogue["main"], catalogue["sub"]
    phone.route(SCRIPTS, lambda route: route.abort())
    phone.goto(f"/products?mainCategoryId={main['id']}&categoryId={sub['id']}")
    expect(phone.get_by_role("heading", level=1, name=sub["name"])).to_be_visible()
    expect(phone.get_by_role("link", name=main["name"])).to_be_visible()
    first_card = phone.locator("#grocer-preview article").first
    expect(first_card).to_be_visible()
    name = first_card.locator("img").get_attribute("alt") or ""
    assert name and _picture_loaded(phone, name)


@pytest.mark.parametrize("listing", ["/products", "/full-products"])
def test_the_category_page_takes_its_preview_over(
    page: Page, catalogue: dict[str, Any], listing: str
) -> None:
    main, sub = catalogue["main"], catalogue["sub"]
    errors = _errors(page)
    page.goto(f"{listing}?mainCategoryId={main['id']}&categoryId={sub['id']}")
    expect(page.locator("article[data-price]").first).to_be_visible()
    expect(page.locator("#grocer-preview")).to_have_count(0)
    expect(page.get_by_role("heading", level=1)).to_have_count(1)
    page.get_by_role("button", name="Filtrer").click()
    expect(page.get_by_role("dialog", name="Refine")).to_be_visible()
    assert errors == []


def test_a_product_reached_inside_the_app_shows_without_a_preview(
    page: Page, catalogue: dict[str, Any]
) -> None:
    main, sub = catalogue["main"], catalogue["sub"]
    page.goto(f"/products?mainCategoryId={main['id']}&categoryId={sub['id']}")
    card = page.locator("article[data-price]").first
    name = card.get_attribute("aria-label") or ""
    card.get_by_role("link", name=name).click()
    expect(page).to_have_url(re.compile(r"/produit/\d+$"))
    expect(page.get_by_role("heading", level=1, name=name)).to_be_visible()
    expect(page.get_by_role("button", name="Add To Cart")).to_be_visible()


def test_full_products_show_before_any_script_runs(phone: Page, catalogue: dict[str, Any]) -> None:
    main, sub = catalogue["main"], catalogue["sub"]
    phone.route(SCRIPTS, lambda route: route.abort())
    phone.goto(f"/full-products?mainCategoryId={main['id']}&categoryId={sub['id']}")
    expect(phone.get_by_role("heading", level=1, name=re.compile(sub["name"]))).to_be_visible()
    expect(phone.get_by_role("link", name=main["name"])).to_be_visible()
    first_card = phone.locator("#grocer-preview article").first
    expect(first_card).to_be_visible()
    name = first_card.locator("img").get_attribute("alt") or ""
    assert name and _picture_loaded(phone, name)
    phone.goto(f"/full-products?mainCategoryId={main['id']}")
    expect(phone.get_by_role("heading", level=1, name=main["name"])).to_be_visible()
    expect(phone.get_by_role("link", name=re.compile(sub["name"])).first).to_be_visible()
