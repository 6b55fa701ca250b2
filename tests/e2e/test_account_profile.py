"""The account's profile section in a real browser, at 1280 and 390 px (issue 15).

A new shopper (signed up in the dialog on the desktop; made through the API and signed in by
the /account guard on the phone) opens /account?section=profile, changes the names and saves
(the toast), finds them after a reload, gets the mismatch message of the password change, then
asks for the account to be deleted and is signed out.
"""

from __future__ import annotations

import re
from typing import Any

import pytest

from tests.e2e.test_checkout import _warm  # noqa: F401  (the build's first page, patiently)
from tests.e2e.test_session_bag import (
    ADD,
    PASSWORD,
    account_button,
    api_account,
    fresh_email,
    open_home,
    sign_up_in_dialog,
)
from tests.support.axe import serious_violations
from tests.support.shop_server import ARTIFACTS

pytestmark = pytest.mark.e2e

PROFILE = "/account?section=profile"


def shot(page: Any, name: str) -> None:
    ARTIFACTS.mkdir(exist_ok=True)
    page.screenshot(path=str(ARTIFACTS / f"profile-{name}.png"), full_page=True)


def _ready(page: Any) -> Any:
    """The profile section once the profile is loaded (its fields are enabled)."""
    first = page.locator("#profile-firstName")
    page.wait_for_function(
        "() => { const f = document.querySelector('#profile-firstName');"
        " return !!f && !f.disabled && f.value !== ''; }"
    )
    return first


def _no_horizontal_scroll(page: Any) -> None:
    assert page.evaluate("() => document.documentElement.scrollWidth <= window.innerWidth")


def _journey(page: Any, width: int) -> None:
    first = _ready(page)
    _no_horizontal_scroll(page)
    shot(page, f"{width}")
    assert serious_violations(page, "#profile-section") == []
    first.fill("Fatoumata")
    page.locator("#profile-lastName").fill("Sawadogo")
    page.locator("#profile-businessPhone").fill("25 30 40 50")
    page.locator("#profile-city").fill("Ouagadougou")
    page.locator("#profile-streetAddress").fill("Avenue Kwame Nkrumah")
    page.locator("#profile-country").fill("Burkina Faso")
    page.get_by_role("button", name="Enregistrer", exact=True).click()
    page.get_by_text("Profil mis à jour avec succès !").wait_for()

    page.reload()
    _ready(page)
    assert page.locator("#profile-firstName").input_value() == "Fatoumata"
    assert page.locator("#profile-lastName").input_value() == "Sawadogo"
    assert page.locator("#profile-businessPhone").input_value() == "25304050"
    assert page.locator("#profile-city").input_value() == "Ouagadougou"

    page.locator("#profile-currentPassword").fill(PASSWORD)
    page.locator("#profile-newPassword").fill("nouveau-1")
    page.locator("#profile-confirmPassword").fill("nouveau-2")
    page.get_by_role("button", name="Changer le mot de passe").click()
    page.get_by_text("Les mots de passe ne correspondent pas").wait_for()
    page.get_by_role("button", name="Modifier l'email").click()
    page.get_by_label("Nouvelle adresse email").wait_for()
    _no_horizontal_scroll(page)
    assert serious_violations(page, "#profile-section") == []  # errors and the e-mail flow
    page.get_by_role("button", name="Annuler").click()

    page.get_by_role("button", name="Supprimer mon compte").click()
    confirm = page.get_by_role("alertdialog", name="Confirmer la suppression")
    confirm.get_by_text("Cette action est irréversible").wait_for()
    shot(page, f"{width}-delete")
    assert serious_violations(page, "#profile-section") == []
    confirm.get_by_label("Motif (facultatif)").fill("Je quitte la ville")
    confirm.get_by_role("button", name="Supprimer", exact=True).click()
    page.wait_for_function("() => location.pathname === '/'")
    page.locator(ADD).first.wait_for()
    assert account_button(page).count() == 0
    page.goto(PROFILE)  # signed out: the guard sends the visitor to sign in
    page.get_by_role("dialog", name="Connectez-vous à votre compte").wait_for()


def test_profile_on_the_desktop(page: Any, smtp: Any) -> None:
    open_home(page)
    sign_up_in_dialog(page, smtp, fresh_email("fatou"))
    account_button(page).wait_for()
    page.wait_for_function("() => !document.querySelector('[role=dialog]')")  # 1.2 s later
    page.goto(PROFILE)
    _journey(page, 1280)


def test_profile_on_a_phone(phone: Any, shop: str, smtp: Any) -> None:
    email = fresh_email("fatou")
    api_account(shop, smtp, email)
    phone.goto(PROFILE)
    dialog = phone.get_by_role("dialog", name="Connectez-vous à votre compte")
    dialog.wait_for()
    phone.wait_for_function("() => location.pathname === '/'")
    phone.locator(ADD).first.wait_for()
    dialog.get_by_label("Nom d'utilisateur ou email").fill(email)
    dialog.locator("#login-password").fill(PASSWORD)
    dialog.get_by_role("button", name="Se connecter", exact=True).click()
    phone.wait_for_url(re.compile(r".*/account\?section=profile$"))  # back where it was going
    phone.goto(PROFILE)  # a fresh page: no welcome dialog opening over the form meanwhile
    _journey(phone, 390)
