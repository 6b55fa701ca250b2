"""The account's referral section in Chromium (001 §2 Referral, §4, §5, §9), at 1280 and 390 px:
an eligible shopper invites two friends (green message, both e-mails arrive at the loopback
SMTP server with the link), an empty field gives the spec's message in red, the copy button
puts the link on the clipboard and confirms, and a delay of 61 minutes is refused in red."""

from __future__ import annotations

import re
import time
from collections.abc import Iterator
from typing import Any

import pytest
from playwright.sync_api import expect

from tests.e2e.test_session_bag import ADD, PASSWORD, api_account, fresh_email
from tests.support.axe import serious_violations
from tests.support.browser import sign_in_at_the_guard
from tests.support.orders import add_delivered_order, shop_database
from tests.support.shop_server import ARTIFACTS
from tests.support.smtp import body_text

pytestmark = pytest.mark.e2e

REFERRAL = "/account?section=referral"
SEND = "Envoyer les invitations"


@pytest.fixture(params=["desktop", "phone"])
def tab(request: pytest.FixtureRequest) -> Iterator[Any]:
    yield request.getfixturevalue("page" if request.param == "desktop" else "phone")


def signed_in_on_referral(page: Any, email: str) -> None:
    """Open the section signed out: the guard shows the sign-in dialog on the shop, and after
    signing in the shopper is back on the referral section (both widths: no menu needed)."""
    page.goto(REFERRAL)
    sign_in_at_the_guard(page, email, PASSWORD, ADD)
    page.wait_for_url(re.compile(r".*/account\?section=referral$"))


def eligible_shopper_on_referral(
    page: Any, shop: str, smtp: Any, tmp_path_factory: pytest.TempPathFactory
) -> str:
    """A new account with one delivered order, signed in, on the referral section."""
    email = fresh_email("fatou")
    api_account(shop, smtp, email)
    add_delivered_order(shop_database(tmp_path_factory), email)
    signed_in_on_referral(page, email)
    page.get_by_role("button", name="Copier le lien").wait_for()
    return email


def type_into(field: Any, text: str) -> None:
    """Fill a field and make sure the text landed there (not in the field focused before)."""
    field.click()
    field.fill(text)
    expect(field).to_have_value(text)


def no_sideways_scroll(page: Any) -> None:
    assert page.evaluate("document.documentElement.scrollWidth <= window.innerWidth + 1")


def colour_of(box: Any) -> str:
    """'red' or 'green': the message area's look."""
    classes = box.get_attribute("class") or ""
    return "red" if "red" in classes else "green" if "green" in classes else classes


def wait_for_mail(smtp: Any, address: str, timeout: float = 20) -> Any:
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        found = smtp.messages_to(address)
        if found:
            return found[-1]
        time.sleep(0.2)
    raise AssertionError(f"no invitation e-mailed to {address}")


def test_invite_copy_and_settings(
    tab: Any, shop: str, smtp: Any, tmp_path_factory: pytest.TempPathFactory
) -> None:
    eligible_shopper_on_referral(tab, shop, smtp, tmp_path_factory)
    tab.get_by_text("Invitations envoyées ce mois-ci : 0 / 25").wait_for()
    tab.wait_for_timeout(500)  # the section's first answers are in
    for text in ("Comment ça marche ?", "Conditions", "Les crédits expirent après 12 mois."):
        assert tab.get_by_text(text, exact=True).is_visible()
    assert tab.get_by_text("Un seul parrainage récompensé par client ou par foyer.").is_visible()
    assert tab.get_by_text("Amis parrainés récompensés : 0").is_visible()
    no_sideways_scroll(tab)

    # An empty field: the spec's message, in red.
    invite_form = tab.get_by_role("form", name="Partager par e-mail")
    invite_form.get_by_role("button", name=SEND).click()
    alert = invite_form.get_by_role("alert")
    alert.get_by_text("Veuillez entrer au moins une adresse email").wait_for()
    assert colour_of(alert) == "red"

    # Two friends: a green message, and both e-mails arrive with the link.
    link = tab.get_by_label("Votre lien de parrainage").input_value()
    assert re.fullmatch(r"https?://.+/\?ref=[A-Z2-9]{8}", link)
    friends = [fresh_email("ami"), fresh_email("amie")]
    expect(invite_form.get_by_role("button", name=SEND)).to_be_enabled()
    type_into(invite_form.get_by_label("Votre nom (facultatif)"), "Fatou")
    type_into(invite_form.get_by_label("Adresses email de vos amis"), ", ".join(friends))
    invite_form.get_by_role("button", name=SEND).click()
    success = invite_form.get_by_role("status").filter(has_text="envoyée(s) avec succès")
    success.wait_for()
    assert "2 invitation(s)" in success.inner_text()
    assert colour_of(success) == "green"
    for friend in friends:
        message = wait_for_mail(smtp, friend)
        assert link in body_text(message) and "Fatou" in body_text(message)
    assert tab.get_by_text("Invitations envoyées ce mois-ci : 2 / 25").is_visible()

    # Copy the link: on the clipboard, and confirmed.
    tab.context.grant_permissions(["clipboard-read", "clipboard-write"], origin=shop)
    tab.get_by_role("button", name="Copier le lien").click()
    tab.get_by_text("Lien copié !").wait_for()
    assert tab.evaluate("navigator.clipboard.readText()") == link

    # Settings: 61 minutes refused in red, 10 saved in green.
    settings = tab.get_by_role("form", name="Paramètres de parrainage")
    assert (
        settings.get_by_role("switch", name="Notifications par e-mail").get_attribute(
            "aria-checked"
        )
        == "true"
    )
    assert settings.get_by_label("Limite mensuelle d'invitations").input_value() == "25"
    delay = settings.get_by_label("Délai entre les invitations (minutes)")
    assert delay.input_value() == "5"
    delay.fill("61")
    settings.get_by_role("button", name="Enregistrer").click()
    refused = settings.get_by_role("alert")
    refused.get_by_text(
        "Le délai entre les invitations doit être compris entre 0 et 60 minutes"
    ).wait_for()
    assert colour_of(refused) == "red"
    delay.fill("10")
    settings.get_by_role("switch", name="Notifications push").click()
    settings.get_by_label("Limite mensuelle d'invitations").select_option("50")
    settings.get_by_role("button", name="Enregistrer").click()
    saved = settings.get_by_role("status").filter(has_text="enregistrés avec succès")
    saved.wait_for()
    assert colour_of(saved) == "green"
    no_sideways_scroll(tab)
    assert serious_violations(tab, "main") == []
    ARTIFACTS.mkdir(exist_ok=True)
    width = tab.viewport_size["width"]
    tab.screenshot(path=str(ARTIFACTS / f"account-referral-{width}.png"), full_page=True)

    tab.reload()
    tab.get_by_role("button", name="Copier le lien").wait_for()
    settings = tab.get_by_role("form", name="Paramètres de parrainage")
    assert settings.get_by_label("Délai entre les invitations (minutes)").input_value() == "10"
    assert settings.get_by_label("Limite mensuelle d'invitations").input_value() == "50"
    assert (
        settings.get_by_role("switch", name="Notifications push").get_attribute("aria-checked")
        == "true"
    )


def test_before_a_delivered_order_the_form_is_disabled(page: Any, shop: str, smtp: Any) -> None:
    email = fresh_email("issa")
    api_account(shop, smtp, email)
    signed_in_on_referral(page, email)
    page.get_by_text(
        "Le parrainage nécessite au moins une commande livrée.", exact=False
    ).wait_for()
    assert page.get_by_role("button", name=SEND).is_disabled()
    assert page.get_by_label("Adresses email de vos amis").is_disabled()
    assert serious_violations(page, "main") == []
