"""Favourites in a real browser against the production build (issue 15), at 1280 and 390 px.

A guest taps the heart of a home card (pressed, in another open tab too, and still pressed
after a reload: kept in the browser), then signs up (desktop, code from the SMTP server) or
signs in where the account guard sends them (phone): the favourite is kept across the sign-in
and listed in "Mes favoris", where it goes into the bag and is removed; "Add To Wishlist" on a
product page saves it (still pressed after a reload). axe-core finds no serious or critical
fault in the section.
"""

from __future__ import annotations

import re
from typing import Any

import pytest

from tests.e2e.test_session_bag import (
    PASSWORD,
    api_account,
    fresh_email,
    open_home,
    sign_up_in_dialog,
    wait_count,
)
from tests.support.axe import serious_violations
from tests.support.shop_server import ARTIFACTS

pytestmark = pytest.mark.e2e

ADD_FAVOURITE = "Ajouter aux favoris"
REMOVE_FAVOURITE = "Retirer des favoris"
SECTION = "#favorites-section"


def shot(page: Any, name: str) -> None:
    ARTIFACTS.mkdir(exist_ok=True)
    page.screenshot(path=str(ARTIFACTS / f"favorites-{name}.png"), full_page=True)


def first_card(page: Any) -> tuple[Any, str]:
    """The first visible card of the home page that is no favourite yet, and its name."""
    found = page.locator("article[aria-label]:visible").filter(
        has=page.get_by_role("button", name=ADD_FAVOURITE, exact=True)
    )
    found.first.wait_for()
    name = found.first.get_attribute("aria-label") or ""
    return page.get_by_role("article", name=name, exact=True).first, name


def heart(card: Any, name: str) -> Any:
    return card.get_by_role("button", name=name, exact=True)


def no_dialog(page: Any) -> None:
    """The welcome dialog after a sign-in closes by itself (4 s)."""
    page.wait_for_function("() => !document.querySelector('[role=dialog]')", timeout=15_000)


def merged(page: Any) -> None:
    """The guest's list left the browser: it was merged into the account."""
    page.wait_for_function("() => !localStorage.getItem('favorites')")


def fits(page: Any) -> None:
    assert page.evaluate("() => document.documentElement.scrollWidth <= window.innerWidth")


def check_section(page: Any, name: str, width: str) -> None:
    """ "Mes favoris" lists the article; it goes into the bag from there, then is removed."""
    section = page.locator(SECTION)
    item = section.get_by_role("article", name=name, exact=True)
    item.wait_for()
    assert heart(item, REMOVE_FAVOURITE).get_attribute("aria-pressed") == "true"
    fits(page)
    assert serious_violations(page, SECTION) == []
    shot(page, f"section-{width}")

    item.get_by_role("button", name="Ajouter au panier").click()
    wait_count(page, 1)
    section.get_by_role("button", name=f"Retirer {name} des favoris").click()
    section.get_by_text("Aucun favori pour le moment").wait_for()
    assert section.get_by_role("link", name="Découvrir la boutique").is_visible()
    assert serious_violations(page, SECTION) == []
    shot(page, f"empty-{width}")
    page.reload()  # removed on the server, not only on the screen
    section.get_by_text("Aucun favori pour le moment").wait_for()


def wishlist_on_a_product_page(page: Any, width: str) -> None:
    """ "Add To Wishlist" keeps the product (pressed, "Dans vos favoris"), on the server."""
    page.goto("/")
    card, name = first_card(page)
    href = card.get_by_role("link", name=name).first.get_attribute("href")
    page.goto(href)
    button = page.get_by_role("button", name="Add To Wishlist")
    button.wait_for()
    page.get_by_role("heading", name=name, level=1).wait_for()
    assert button.get_attribute("aria-pressed") == "false"
    button.click()
    page.get_by_text("Dans vos favoris").wait_for()
    assert button.get_attribute("aria-pressed") == "true"
    fits(page)
    shot(page, f"product-{width}")
    page.reload()
    page.get_by_text("Dans vos favoris").wait_for()
    page.goto("/account?section=favorites")
    page.locator(SECTION).get_by_role("article", name=name, exact=True).wait_for()


def tap_heart_as_guest(page: Any) -> str:
    open_home(page)
    card, name = first_card(page)
    heart(card, ADD_FAVOURITE).click()
    pressed = heart(card, REMOVE_FAVOURITE)
    pressed.wait_for()
    assert pressed.get_attribute("aria-pressed") == "true"
    page.reload()  # kept in the browser
    open_home(page)
    again = page.get_by_role("article", name=name, exact=True).first
    heart(again, REMOVE_FAVOURITE).wait_for()
    return name


def test_guest_favourite_kept_across_sign_up_desktop(page: Any, shop: str, smtp: Any) -> None:
    other_tab = page.context.new_page()  # open before the tap: the heart follows it there
    open_home(other_tab)
    name = tap_heart_as_guest(page)
    heart(
        other_tab.get_by_role("article", name=name, exact=True).first, REMOVE_FAVOURITE
    ).wait_for()
    other_tab.close()
    shot(page, "home-heart-1280")
    sign_up_in_dialog(page, smtp, fresh_email("aminata"))
    page.get_by_role("button", name=re.compile(r"^Menu du compte de ")).wait_for()
    merged(page)
    no_dialog(page)
    heart(page.get_by_role("article", name=name, exact=True).first, REMOVE_FAVOURITE).wait_for()

    page.goto("/account?section=favorites")
    check_section(page, name, "1280")
    wishlist_on_a_product_page(page, "1280")


def test_guest_favourite_kept_across_the_guards_sign_in_phone(
    phone: Any, shop: str, smtp: Any
) -> None:
    page = phone
    email = fresh_email("boukary")
    api_account(shop, smtp, email)
    name = tap_heart_as_guest(page)
    fits(page)
    shot(page, "home-heart-390")

    page.goto("/account?section=favorites")
    dialog = page.get_by_role("dialog", name="Connectez-vous à votre compte")
    dialog.wait_for()
    page.wait_for_function("() => location.pathname === '/'")
    dialog.get_by_label("Nom d'utilisateur ou email").fill(email)
    dialog.locator("#login-password").fill(PASSWORD)
    dialog.get_by_role("button", name="Se connecter", exact=True).click()
    page.wait_for_url(re.compile(r".*/account\?section=favorites$"))
    merged(page)
    no_dialog(page)
    check_section(page, name, "390")
    wishlist_on_a_product_page(page, "390")
