"""Accessibility of the storefront (issue 19): axe-core, with the rules of WCAG 2.1 level AA,
finds no serious or critical violation on a 390 px phone and a 1280 px desktop, on the home, a
category page, a product page and the full-products page, nor with the bag panel, the sign-in
dialog or the address dialog open. And the live visitors notice never covers "Add To Cart".

Each check runs once the app has hydrated and the page's data has arrived (what a shopper
then meets), and once finite animations (a dialog sliding in) have ended, since axe measures
colours as they are drawn. A failure prints each violation with the elements it was found on.
"""

from __future__ import annotations

from typing import Any

import pytest

from tests.support.axe import WCAG21_AA, describe, serious_violations
from tests.support.browser import wait_hydrated

pytestmark = pytest.mark.e2e

ADD = 'button[aria-label="Ajouter au panier"]:visible'
BAG = 'button[aria-label^="Panier"]'

SETTLED_JS = """() => document.getAnimations().every((a) =>
    a.playState !== "running" || a.effect.getTiming().iterations === Infinity)"""
"""True once every animation that ends has ended (the pulsing live dot never does)."""

NOT_COVERED_JS = """(el) => {
    const box = el.getBoundingClientRect();
    const top = document.elementFromPoint(box.left + box.width / 2, box.top + box.height / 2);
    return !!top && (top === el || el.contains(top));
}"""


@pytest.fixture(params=["phone", "page"], ids=["390px", "1280px"])
def tab(request: pytest.FixtureRequest) -> Any:
    """The same check on a 390 px phone and on a 1280 px desktop."""
    return request.getfixturevalue(request.param)


def _is_phone(page: Any) -> bool:
    return page.viewport_size["width"] < 640


def _settled(page: Any) -> None:
    page.wait_for_function(SETTLED_JS)


def _open(page: Any, url: str, loaded: str) -> None:
    """Go to `url` and wait until the app runs it and `loaded` (a selector of its data) is
    drawn."""
    page.goto(url)
    wait_hydrated(page)
    page.locator(BAG).first.wait_for()
    page.locator(loaded).first.wait_for()
    _settled(page)


def _assert_no_serious(page: Any, where: str) -> None:
    found = serious_violations(page, tags=WCAG21_AA)
    width = page.viewport_size["width"]
    assert not found, f"axe-core on {where} at {width} px:\n{describe(found)}"


def _pages(catalogue: dict[str, Any]) -> dict[str, tuple[str, str]]:
    """Each page: its address and a selector of what shows its data has arrived."""
    main, sub, article = catalogue["main"], catalogue["sub"], catalogue["article"]
    category = f"mainCategoryId={main['id']}&categoryId={sub['id']}"
    return {
        "home": ("/", ADD),
        "category": (f"/products?{category}", "main article"),
        "product": (f"/produit/{article['id']}", "text=31 Visitors Right Now"),
        "full-products": (f"/full-products?{category}", "#products-grid article"),
    }


@pytest.mark.parametrize("name", ["home", "category", "product", "full-products"])
def test_pages_have_no_serious_accessibility_fault(
    tab: Any, catalogue: dict[str, Any], name: str
) -> None:
    url, loaded = _pages(catalogue)[name]
    _open(tab, url, loaded)
    _assert_no_serious(tab, f"{name} ({url})")
    # Further down (rows drawn as they come into view, the footer), as a shopper scrolls.
    tab.evaluate("window.scrollTo(0, document.body.scrollHeight)")
    tab.get_by_role("contentinfo").wait_for()
    _settled(tab)
    _assert_no_serious(tab, f"{name} ({url}), scrolled to the footer")


def test_bag_panel_has_no_serious_accessibility_fault(tab: Any) -> None:
    _open(tab, "/", ADD)
    tab.locator(ADD).first.click()
    tab.wait_for_function(
        "(sel) => /\\d/.test(document.querySelector(sel)?.innerText || '')", arg=BAG
    )
    tab.locator(BAG).first.click()
    checkout = tab.locator("#bag-panel").get_by_role("button", name="Check out")
    _assert_open_and_sound(tab, checkout, "the home with the bag panel open (one line)")


def _from_header(tab: Any, phone_label: str, desktop_label: str) -> None:
    """On the home, press a header control (on a phone, in the menu drawer)."""
    _open(tab, "/", ADD)
    if _is_phone(tab):
        tab.get_by_role("button", name="Menu").first.click()
    label = phone_label if _is_phone(tab) else desktop_label
    tab.get_by_role("button", name=label, exact=True).first.click()


def _assert_open_and_sound(tab: Any, dialog: Any, where: str) -> None:
    dialog.wait_for()
    _settled(tab)
    _assert_no_serious(tab, where)


def test_sign_in_dialog_has_no_serious_accessibility_fault(tab: Any) -> None:
    _from_header(tab, "Se connecter", "Sign in")
    dialog = tab.get_by_role("dialog", name="Connectez-vous à votre compte")
    dialog.get_by_label("Nom d'utilisateur ou email").wait_for()
    _assert_open_and_sound(tab, dialog, "the home with the sign-in dialog open")


def test_address_dialog_has_no_serious_accessibility_fault(tab: Any) -> None:
    _from_header(tab, "Entrez votre adresse", "Entrez votre adresse")
    # On a phone, the dialog opens with the map picker over it.
    name = (
        "Choisissez votre adresse sur la carte"
        if _is_phone(tab)
        else "Entrez votre adresse de livraison"
    )
    dialog = tab.get_by_role("dialog", name=name)
    _assert_open_and_sound(tab, dialog, "the home with the address dialog open")


def test_visitors_notice_never_covers_add_to_cart(tab: Any, catalogue: dict[str, Any]) -> None:
    url, loaded = _pages(catalogue)["product"]
    _open(tab, url, loaded)
    add = tab.get_by_role("button", name="Add To Cart")
    add.scroll_into_view_if_needed()
    assert add.evaluate(NOT_COVERED_JS), "something is drawn over the centre of Add To Cart"
    # Scrolled so that the button sits at the bottom edge, where a fixed notice would be.
    add.evaluate("(el) => el.scrollIntoView({block: 'end'})")
    assert add.evaluate(NOT_COVERED_JS), "something is drawn over Add To Cart at the bottom"
    notice = tab.get_by_text("31 Visitors Right Now")
    assert notice.is_visible()
