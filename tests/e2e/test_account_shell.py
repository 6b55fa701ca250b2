"""The account area's frame in a real browser (issue 15): the guard, the navigation, the
account menu's entries, the phone layout, logout, accessibility.

A signed-out visitor of a section is sent to the shop with the sign-in dialog and comes back to
that section once signed in; each entry of the account menu opens its section; on a 390 px
phone the section tabs fit (no sideways page scroll) and the logout button signs out.
"""

from __future__ import annotations

import contextlib
import re
from typing import Any

import pytest
from playwright.sync_api import TimeoutError as PlaywrightTimeout

from tests.e2e.test_session_bag import (
    PASSWORD,
    account_button,
    api_account,
    fresh_email,
    open_home,
    sign_in,
)
from tests.support.axe import serious_violations
from tests.support.shop_server import ARTIFACTS

pytestmark = pytest.mark.e2e

LOGIN = "Connectez-vous à votre compte"
ADD = 'button[aria-label="Ajouter au panier"]:visible'


def sign_in_where_the_guard_sent(page: Any, email: str) -> None:
    """The guard's sign-in dialog, over the shop (once the shop's page is drawn: each page has
    its own dialog, and the one of the page being left goes with it)."""
    dialog = page.get_by_role("dialog", name=LOGIN)
    dialog.wait_for(timeout=60_000)  # a busy machine: the page, the guard, then the shop
    page.wait_for_function("() => location.pathname === '/'")
    page.locator(ADD).first.wait_for(timeout=60_000)
    dialog.get_by_label("Nom d'utilisateur ou email").fill(email)
    dialog.locator("#login-password").fill(PASSWORD)
    dialog.get_by_role("button", name="Se connecter", exact=True).click()


def welcome_gone(page: Any) -> None:
    """The welcome dialog opens 300 ms after a sign-in and closes itself 4 s later; checks of
    the page behind it (axe measures colours) wait until it has come and gone."""
    welcome = page.get_by_role("dialog", name=re.compile(r"^Welcome back"))
    with contextlib.suppress(PlaywrightTimeout):  # already gone on a busy machine
        welcome.wait_for(timeout=5_000)
    welcome.wait_for(state="detached", timeout=15_000)


def _nav(page: Any) -> Any:
    return page.get_by_role("navigation", name="Sections du compte")


def _current(page: Any) -> str:
    return _nav(page).locator('[aria-current="page"]').inner_text().strip()


def _shot(page: Any, name: str) -> None:
    ARTIFACTS.mkdir(exist_ok=True)
    page.screenshot(path=str(ARTIFACTS / f"account-{name}.png"), full_page=True)


def test_guard_brings_the_shopper_back_to_the_section_asked_for(
    page: Any, shop: str, smtp: Any
) -> None:
    email = fresh_email("issa")
    api_account(shop, smtp, email)
    page.goto("/account?section=orders")
    sign_in_where_the_guard_sent(page, email)
    page.wait_for_url(re.compile(r".*/account\?section=orders$"))
    page.get_by_role("heading", name="Mon compte", level=1).wait_for()
    assert _current(page) == "Mes commandes"


def test_menu_entries_open_their_sections_and_the_nav_moves_between_them(
    page: Any, shop: str, smtp: Any
) -> None:
    email = fresh_email("mariam")
    api_account(shop, smtp, email)
    open_home(page)
    sign_in(page, email)
    page.get_by_role("dialog", name=LOGIN).wait_for(state="detached")
    welcome_gone(page)
    for entry, section in (
        ("Mes favoris", "favorites"),
        ("Mes commandes", "orders"),
        ("Mes adresses", "addresses"),
        ("Paramètres", "settings"),
        ("Mon profil", "profile"),
    ):
        account_button(page).click()
        page.get_by_role("menuitem", name=entry).click()
        page.wait_for_url(re.compile(rf".*/account\?section={section}$"))
        page.wait_for_function(
            "(name) => document.querySelector('nav [aria-current=\"page\"]')?.innerText.trim()"
            " === name",
            arg=entry,
        )
    # The side navigation reaches every section, and the address follows.
    _nav(page).get_by_role("link", name="Cartes cadeaux").click()
    page.wait_for_url(re.compile(r".*/account\?section=giftcards$"))
    assert _current(page) == "Cartes cadeaux"
    page.go_back()
    page.wait_for_url(re.compile(r".*/account\?section=profile$"))
    page.wait_for_function(
        "() => document.querySelector('nav [aria-current=\"page\"]')?.innerText.trim()"
        " === 'Mon profil'"
    )
    _shot(page, "shell-1280")
    assert serious_violations(page) == []
    # An unknown section shows the profile.
    page.goto("/account?section=nope")
    page.get_by_role("heading", name="Mon compte", level=1).wait_for()
    page.wait_for_function(
        "() => document.querySelector('nav [aria-current=\"page\"]')?.innerText.trim()"
        " === 'Mon profil'"
    )


def test_phone_tabs_fit_and_logout_leaves_the_account(phone: Any, shop: str, smtp: Any) -> None:
    page = phone
    email = fresh_email("ousmane")
    api_account(shop, smtp, email)
    open_home(page)
    page.goto("/account?section=referral")
    sign_in_where_the_guard_sent(page, email)
    page.wait_for_url(re.compile(r".*/account\?section=referral$"))
    _nav(page).wait_for()
    assert page.evaluate("() => document.scrollingElement.scrollWidth") <= 390
    # Every section's chip is in sight, the deep-linked one marked as the current page.
    page.wait_for_function(
        """() => [...document.querySelectorAll('#account-nav a')].every((a) => {
            const r = a.getBoundingClientRect();
            return r.left >= 0 && r.right <= 390;
        }) && !!document.querySelector('#account-nav [aria-current="page"]')"""
    )
    welcome_gone(page)
    _shot(page, "shell-390")
    assert serious_violations(page) == []
    page.get_by_role("button", name="Se déconnecter").click()
    page.wait_for_function("() => location.pathname === '/'")
    page.wait_for_function("() => !localStorage.getItem('accessToken')")
    account_button(page).wait_for(state="detached")
