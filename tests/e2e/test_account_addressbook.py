"""The account's addresses and payment methods in a real browser (issue 15), at 1280 and 390 px.

Desktop: a guest keeps an address in the browser, signs up (code from the loopback SMTP
server), finds it as the recent address and adds it to the account; then adds an address in the
address dialog, sees it listed with "Créée le" and a French date, edits it ("Modifier l'adresse"
/ "Mettre à jour") and deletes it after the confirmation. A card (4111 1111 1111 1111) is saved
and listed by its last four only (the full number is nowhere in the page), an invalid one gets
the service's message and the error toast, the card is deleted. Phone: the same through the
guard's sign-in, with the map picker that opens by itself on a small screen.
"""

from __future__ import annotations

import re
from typing import Any

import pytest

from tests.e2e.test_session_bag import (
    ADD,
    PASSWORD,
    api_account,
    fresh_email,
    open_home,
    sign_up_in_dialog,
)
from tests.support.axe import serious_violations
from tests.support.shop_server import ARTIFACTS

pytestmark = pytest.mark.e2e

ADDRESS_DIALOG = "Entrez votre adresse de livraison"
EDIT_DIALOG = "Modifier l'adresse"
PICKER = "Choisissez votre adresse sur la carte"
CONFIRM = "Confirmer la suppression"
METHOD_DIALOG = "Ajouter une méthode de paiement"
LOGIN = "Connectez-vous à votre compte"
FRENCH_DATE = re.compile(
    r"Créée le \d{1,2} (janvier|février|mars|avril|mai|juin|juillet|août|septembre|octobre|"
    r"novembre|décembre) \d{4}"
)
CARD = "4111111111111111"


# --- helpers -------------------------------------------------------------------------------


def shot(page: Any, name: str) -> None:
    ARTIFACTS.mkdir(exist_ok=True)
    page.screenshot(path=str(ARTIFACTS / f"account-{name}.png"), full_page="dialog" not in name)


def toast(page: Any, text: str) -> None:
    """The account's 3-second toast shows `text`, then goes."""
    message = page.get_by_text(text, exact=True)
    message.wait_for()
    message.wait_for(state="detached", timeout=8_000)


def fits_and_is_accessible(page: Any) -> None:
    """No sideways scroll of the page, no serious or critical axe-core violation."""
    assert page.evaluate("() => document.documentElement.scrollWidth <= window.innerWidth")
    assert serious_violations(page) == []


def fill_address(page: Any, **fields: str) -> None:
    for name, text in fields.items():
        page.locator(f"#address-{name.replace('_', '-')}").fill(text)


def address_dialog(page: Any, name: str, *, phone: bool) -> Any:
    """The address dialog just opened; on a phone the map picker opened over it: closed."""
    if phone:
        picker = page.get_by_role("dialog", name=PICKER)
        picker.wait_for()
        picker.get_by_role("button", name="Annuler").click()
        picker.wait_for(state="detached")
    dialog = page.get_by_role("dialog", name=name)
    dialog.wait_for()
    return dialog


def section(page: Any, heading: str) -> Any:
    page.get_by_role("heading", name=heading, level=2).wait_for()
    return page.locator("main section").filter(has=page.get_by_role("heading", name=heading))


def sign_in_where_the_guard_sent(page: Any, email: str) -> None:
    dialog = page.get_by_role("dialog", name=LOGIN)
    dialog.wait_for()
    page.wait_for_function("() => location.pathname === '/'")
    page.locator(ADD).first.wait_for()
    dialog.get_by_label("Nom d'utilisateur ou email").fill(email)
    dialog.locator("#login-password").fill(PASSWORD)
    dialog.get_by_role("button", name="Se connecter", exact=True).click()


def add_edit_and_delete_an_address(page: Any, *, phone: bool, width: str) -> None:
    """In the addresses section: add through the dialog, see it listed, edit, delete."""
    addresses = section(page, "Mes adresses")
    counted = addresses.get_by_role("heading", name=re.compile(r"^Adresses enregistrées \(\d+\)$"))
    before = int(re.sub(r"\D", "", counted.inner_text()))
    addresses.get_by_role("button", name="Ajouter une adresse").click()
    dialog = address_dialog(page, ADDRESS_DIALOG, phone=phone)
    assert page.locator("#address-street").input_value() == ""
    fill_address(page, street="Rue 17.42 Koulouba", city="Ouagadougou", region="Centre",
                 postal_code="01 BP 17", country="Burkina Faso")  # fmt: skip
    dialog.get_by_role("button", name="Enregistrer").click()
    dialog.wait_for(state="detached")
    heading = addresses.get_by_role("heading", name=f"Adresses enregistrées ({before + 1})")
    heading.wait_for()
    card = addresses.locator("#saved-addresses li").filter(has_text="Rue 17.42 Koulouba")
    card.wait_for()
    for text in ("Domicile", "Ouagadougou", "Centre", "01 BP 17", "Burkina Faso"):
        assert card.get_by_text(text, exact=True).is_visible()
    assert FRENCH_DATE.search(card.inner_text())
    fits_and_is_accessible(page)
    shot(page, f"addresses-{width}")

    # Modifier: the dialog in edit mode, on this address.
    card.get_by_role("button", name="Modifier l'adresse Rue 17.42 Koulouba").click()
    dialog = address_dialog(page, EDIT_DIALOG, phone=phone)
    assert page.locator("#address-street").input_value() == "Rue 17.42 Koulouba"
    fill_address(page, street="Rue 18.10 Koulouba")
    dialog.get_by_role("button", name="Mettre à jour").click()
    dialog.wait_for(state="detached")
    card = addresses.locator("#saved-addresses li").filter(has_text="Rue 18.10 Koulouba")
    card.wait_for()
    assert addresses.get_by_text("Rue 17.42 Koulouba").count() == 0

    # Supprimer: the confirmation first; Annuler keeps it, Supprimer removes it.
    card.get_by_role("button", name="Supprimer l'adresse Rue 18.10 Koulouba").click()
    confirm = page.get_by_role("dialog", name=CONFIRM)
    confirm.wait_for()
    assert confirm.get_by_text("Cette action est irréversible").is_visible()
    confirm.get_by_role("button", name="Annuler").click()
    confirm.wait_for(state="detached")
    card.get_by_role("button", name="Supprimer l'adresse Rue 18.10 Koulouba").click()
    confirm.wait_for()
    page.wait_for_timeout(300)  # the dialog's entrance, for an honest screenshot
    shot(page, f"address-delete-dialog-{width}")
    assert serious_violations(page) == []
    confirm.get_by_role("button", name="Supprimer").click()
    toast(page, "Adresse supprimée avec succès !")
    card.wait_for(state="detached")
    if before:
        addresses.get_by_role("heading", name=f"Adresses enregistrées ({before})").wait_for()
    else:
        addresses.get_by_text("Aucune adresse enregistrée").wait_for()
        assert addresses.get_by_text(
            "Vous n'avez pas encore d'adresses enregistrées sur le serveur."
        ).is_visible()


def fill_card(dialog: Any, number: str) -> None:
    dialog.get_by_label("Nom sur la carte").fill("Awa Ouédraogo")
    dialog.get_by_label("Numéro de carte").fill(number)
    dialog.get_by_label("Mois").fill("12")
    dialog.get_by_label("Année").fill("2030")
    dialog.get_by_label("Cryptogramme (CVV)").fill("123")


def add_and_delete_a_card(page: Any, *, width: str) -> None:
    """In the payment section: an invalid card (the service's message), a valid one listed by
    its last four only, then deleted."""
    methods = section(page, "Moyens de paiement")
    methods.get_by_text("Aucune méthode enregistrée").wait_for()

    methods.get_by_role("button", name="Ajouter une méthode").click()
    dialog = page.get_by_role("dialog", name=METHOD_DIALOG)
    dialog.wait_for()
    assert dialog.get_by_label("Pays de facturation").input_value() == "United States"
    assert dialog.get_by_label("Cryptogramme (CVV)").get_attribute("type") == "password"
    fill_card(dialog, "4111111111111112")
    dialog.get_by_role("button", name="Enregistrer").click()
    dialog.get_by_role("alert").get_by_text("Numéro de carte invalide").wait_for()
    toast(page, "Erreur lors de l'ajout de la méthode de paiement")

    fill_card(dialog, CARD)
    dialog.get_by_label("Pays de facturation").select_option("France")
    dialog.get_by_label("Définir par défaut").check()
    shot(page, f"payment-dialog-{width}")
    assert serious_violations(page) == []
    dialog.get_by_role("button", name="Enregistrer").click()
    dialog.wait_for(state="detached")
    page.get_by_text("Méthode de paiement ajoutée", exact=True).wait_for()
    card = methods.locator("#saved-methods li").first
    card.get_by_text("Visa se terminant par 1111").wait_for()
    for text in ("Awa Ouédraogo", "Carte bancaire", "Expire 12/2030", "Actif", "Non vérifié",
                 "Par défaut"):  # fmt: skip
        assert card.get_by_text(text, exact=True).is_visible()
    html = page.content()
    assert CARD not in html and "4111 1111" not in html
    fits_and_is_accessible(page)
    shot(page, f"payment-{width}")

    card.get_by_role("button", name="Supprimer Awa Ouédraogo").click()
    confirm = page.get_by_role("dialog", name=CONFIRM)
    confirm.get_by_role("button", name="Supprimer").click()
    toast(page, "Méthode de paiement supprimée")
    methods.get_by_text("Aucune méthode enregistrée").wait_for()


# --- desktop -------------------------------------------------------------------------------


def test_addresses_and_payment_methods_on_a_desktop(page: Any, smtp: Any) -> None:
    # A guest keeps an address in this browser.
    open_home(page)
    page.get_by_role("button", name="Entrez votre adresse").first.click()
    dialog = page.get_by_role("dialog", name=ADDRESS_DIALOG)
    dialog.wait_for()
    fill_address(page, street="Avenue Kwame Nkrumah", city="Ouagadougou", country="Burkina Faso")
    dialog.get_by_role("button", name="Appliquer").click()
    dialog.wait_for(state="detached")

    sign_up_in_dialog(page, smtp, fresh_email("aminata"))
    page.get_by_role("button", name=re.compile(r"^Menu du compte de ")).wait_for()
    page.wait_for_function("() => !document.querySelector('[role=dialog]')", timeout=10_000)

    page.goto("/account?section=addresses")
    addresses = section(page, "Mes adresses")
    recent = addresses.locator("#recent-address")
    recent.wait_for()
    assert recent.get_by_text("Récente", exact=True).is_visible()
    assert recent.get_by_text("Avenue Kwame Nkrumah").is_visible()
    addresses.get_by_text("Aucune adresse enregistrée").wait_for()

    # Modifier on the recent address: the browser's copy, in the dialog's edit mode.
    recent.get_by_role("button", name="Modifier").click()
    dialog = page.get_by_role("dialog", name=EDIT_DIALOG)
    dialog.wait_for()
    assert page.locator("#address-street").input_value() == "Avenue Kwame Nkrumah"
    fill_address(page, apartment="Villa 12")
    dialog.get_by_role("button", name="Mettre à jour").click()
    dialog.wait_for(state="detached")
    recent.get_by_text("Villa 12").wait_for()

    # Ajouter à mes adresses: it joins the account's list.
    recent.get_by_role("button", name="Ajouter à mes adresses").click()
    toast(page, "Adresse ajoutée avec succès !")
    saved = addresses.locator("#saved-addresses li").filter(has_text="Avenue Kwame Nkrumah")
    assert saved.get_by_text("Par défaut", exact=True).is_visible()
    assert FRENCH_DATE.search(saved.inner_text())
    addresses.get_by_role("heading", name="Adresses enregistrées (1)").wait_for()
    fits_and_is_accessible(page)

    add_edit_and_delete_an_address(page, phone=False, width="1280")

    page.get_by_role("navigation", name="Sections du compte").get_by_role(
        "link", name="Moyens de paiement"
    ).click()
    page.wait_for_url(re.compile(r".*/account\?section=payment$"))
    add_and_delete_a_card(page, width="1280")


# --- phone ---------------------------------------------------------------------------------


def test_addresses_and_payment_methods_on_a_phone(phone: Any, shop: str, smtp: Any) -> None:
    page = phone
    email = fresh_email("seydou")
    api_account(shop, smtp, email)
    page.goto("/account?section=addresses")
    sign_in_where_the_guard_sent(page, email)
    page.wait_for_url(re.compile(r".*/account\?section=addresses$"))
    addresses = section(page, "Mes adresses")
    addresses.get_by_text("Aucune adresse enregistrée").wait_for()
    assert addresses.locator("#recent-address").count() == 0
    add_edit_and_delete_an_address(page, phone=True, width="390")

    page.goto("/account?section=payment")
    add_and_delete_a_card(page, width="390")
