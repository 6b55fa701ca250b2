"""Checkout in a real browser against the production build (issue 14).

A new shopper goes from the bag to a placed cash order: sign-up with the code read from the
loopback SMTP server → cart overlay → address → delivery slot → instructions → payment (a
double click on the pay button) → the confirmation page → the receipt in the SMTP inbox → one
order in the API. A signed-out visitor of /checkout is sent to the sign-in dialog and comes
back. Screenshots at 390 and 1280 px of the slot dialog, /checkout, /payment and the
confirmation page go to test-artifacts/.
"""

from __future__ import annotations

import re
from typing import Any

import httpx
import pytest
from playwright.sync_api import expect

from tests.e2e.test_session_bag import (
    ADD,
    PASSWORD,
    add_articles,
    api_account,
    bag_button,
    close_auth_prompt,
    fresh_email,
    open_home,
    sign_in,
    sign_up_in_dialog,
)
from tests.support.browser import sign_in_at_the_guard
from tests.support.held_answers import HeldAnswers
from tests.support.shop_server import ARTIFACTS

pytestmark = pytest.mark.e2e

ADDRESS_DIALOG = "Entrez votre adresse de livraison"
SLOT_DIALOG = "Créneau de livraison"
PICKUP_DIALOG = "Options de retrait"


# --- helpers -------------------------------------------------------------------------------


@pytest.fixture(autouse=True, scope="module")
def _warm(shop: str, browser: Any) -> None:
    """The first page of a fresh build is slow to come alive: open it once, patiently."""
    context = browser.new_context(base_url=shop, locale="fr-FR")
    page = context.new_page()
    page.goto("/")
    page.locator(ADD).first.wait_for(timeout=120_000)
    context.close()


def shot(page: Any, name: str) -> None:
    """A screenshot in test-artifacts/ (a dialog: the screen; a page: the whole page)."""
    ARTIFACTS.mkdir(exist_ok=True)
    whole = "dialog" not in name
    page.screenshot(path=str(ARTIFACTS / f"checkout-{name}.png"), full_page=whole)


def open_overlay(page: Any) -> Any:
    bag_button(page).click()
    page.locator("#bag-panel").get_by_role("button", name="Check out").click()
    overlay = page.locator("#cart-overlay")
    overlay.get_by_role("button", name="Continue shopping").wait_for()
    return overlay


def add_address(page: Any, overlay: Any) -> None:
    overlay.get_by_role("button", name="Ajouter une adresse").click()
    dialog = page.get_by_role("dialog", name=ADDRESS_DIALOG)
    dialog.wait_for()
    for name, text in {
        "street": "Avenue de l'Indépendance",
        "city": "Ouagadougou",
        "region": "Centre",
        "country": "Burkina Faso",
        "latitude": "12.3647",
        "longitude": "-1.5338",
    }.items():
        page.locator(f"#address-{name}").fill(text)
    dialog.get_by_role("button", name="Enregistrer").click()
    dialog.wait_for(state="detached")
    overlay.get_by_text("Avenue de l'Indépendance, Ouagadougou").wait_for()


def choose_delivery_slot(page: Any, overlay: Any, screenshot: str = "") -> str:
    """Open the delivery dialog from the overlay, pick tomorrow's first free slot, save;
    returns its label."""
    overlay.get_by_role("button", name="Voir les créneaux").click()
    overlay.get_by_role("button", name="Choisir l'heure de livraison").click()
    dialog = page.get_by_role("dialog", name=SLOT_DIALOG)
    dialog.wait_for()
    save = dialog.get_by_role("button", name="Enregistrer")
    select = dialog.get_by_label("Sélectionner une heure")
    tomorrow = dialog.get_by_role("button", name="Demain", exact=True)
    tomorrow.click()
    # Today's slots are listed until the day changes (some are free before the evening).
    expect(tomorrow).to_have_attribute("aria-pressed", "true")
    page.wait_for_function(
        "() => document.querySelectorAll('#slot-select option:not([disabled])').length > 0"
    )
    assert save.is_disabled()  # until a slot is chosen
    assert dialog.get_by_text("Les créneaux standard sont affichés.").is_visible()
    labels = [o.strip() for o in select.locator("option").all_inner_texts()]
    assert labels[0] == "Sélectionnez un créneau"
    assert [label.split(" — ")[0] for label in labels[1:]] == ["9h - 13h", "13h - 17h", "17h - 21h"]
    value = select.locator("option:not([disabled])").nth(1).get_attribute("value")
    select.select_option(value)
    page.wait_for_function(
        "() => !document.querySelector('#slot-dialog button:last-of-type').disabled"
    )
    label = select.locator(f"option[value='{value}']").inner_text().strip()
    if screenshot:
        shot(page, f"slot-dialog-{screenshot}")
    save.click()
    dialog.wait_for(state="detached")
    overlay.get_by_test_id("overlay-chosen-slot").get_by_text(f"Demain, {label}").wait_for()
    return label


def mail_text(message: Any) -> str:
    """Subject and every text part of an e-mail, decoded."""
    parts = [str(message["Subject"] or "")]
    for part in message.walk():
        if part.get_content_maintype() == "text":
            payload = part.get_payload(decode=True) or b""
            parts.append(payload.decode(part.get_content_charset() or "utf-8", "replace"))
    return "\n".join(parts)


def api_token(shop: str, email: str) -> tuple[int, str]:
    with httpx.Client(base_url=f"{shop}/api/v1", timeout=30) as api:
        answer = api.post(
            "/auth/login", json={"username": email, "password": PASSWORD, "rememberMe": True}
        )
        answer.raise_for_status()
        body = answer.json()
    return int(body["userInfo"]["id"]), body["accessToken"]


def top_up_bag(shop: str, email: str, page: Any) -> None:
    """Reach the delivery minimum (35 EUR): 80 of the first home article, added through the
    API to the shopper's server bag, which the page then shows (a reload restores it)."""
    user_id, token = api_token(shop, email)
    article = httpx.get(f"{shop}/api/v1/web-ui/articles-sections", timeout=30).json()
    first = next(a for section in article for a in section.get("articles") or [])
    answer = httpx.post(
        f"{shop}/api/v1/cart/items",
        json={"articleId": int(first["id"]), "quantity": 80},
        headers={"Authorization": f"Bearer {token}"},
        timeout=30,
    )
    answer.raise_for_status()
    page.reload()
    page.wait_for_function(
        "() => parseInt(document.querySelector('button[aria-label^=\"Panier\"]')"
        ".innerText.trim() || '0', 10) > 80"
    )


def api_orders(shop: str, email: str) -> list[dict]:
    user_id, token = api_token(shop, email)
    answer = httpx.get(
        f"{shop}/api/v1/users/{user_id}/orders",
        headers={"Authorization": f"Bearer {token}"},
        timeout=30,
    )
    answer.raise_for_status()
    body = answer.json()
    return body if isinstance(body, list) else body["items"]


# --- a new shopper, from the bag to a cash order ---------------------------------------------


def test_new_shopper_places_a_cash_order(page: Any, shop: str, smtp: Any) -> None:
    email = fresh_email("mariam")
    open_home(page)
    add_articles(page, 2)
    close_auth_prompt(page)
    add_articles(page, 1)
    sign_up_in_dialog(page, smtp, email)
    page.get_by_role("button", name=re.compile(r"^Menu du compte de ")).wait_for()
    page.wait_for_function("() => !document.querySelector('[role=dialog]')")  # 1.2 s later
    top_up_bag(shop, email, page)

    overlay = open_overlay(page)
    add_address(page, overlay)
    choose_delivery_slot(page, overlay, screenshot="1280")
    overlay.get_by_role("button", name="Continuer vers la commande").click()

    # /checkout: the summary, the form prefilled from the profile, its checks.
    page.wait_for_url("**/checkout")
    page.get_by_role("heading", name="Instructions de livraison").wait_for()
    summary = page.get_by_role("region", name="Récapitulatif de la commande")
    assert summary.get_by_text("Avenue de l'Indépendance, Ouagadougou").is_visible()
    assert summary.get_by_test_id("chosen-slot").inner_text().startswith("Demain, ")
    assert page.get_by_text("Étape suivante: Paiement").is_visible()
    first = page.get_by_label("Prénom du destinataire")
    assert first.input_value() == "Mariam"
    assert page.locator("#co-phone").input_value() == "70123456"
    first.fill("")
    page.locator("#co-phone").fill("7012")
    page.get_by_role("button", name="Confirmer", exact=True).click()
    page.get_by_text("Veuillez entrer le prénom du destinataire").wait_for()
    assert page.get_by_text("Le numéro de téléphone doit contenir au moins 8 chiffres").is_visible()
    assert page.url.endswith("/checkout")
    first.fill("Mariam")
    page.locator("#co-phone").fill("70 11 22 33")
    page.get_by_label("Au gardien").check()
    page.get_by_label("Autres instructions").fill("Portail bleu, 2e étage")
    shot(page, "checkout-1280")
    page.get_by_role("button", name="Confirmer", exact=True).click()

    # /payment: server totals, cash by default, the add-method form hidden until asked.
    page.wait_for_url("**/payment")
    pay = page.locator("#pay-button")
    pay.wait_for()
    page.get_by_text("+22670112233").wait_for()
    assert page.get_by_role("radio", name=re.compile(r"^Paiement à la livraison")).is_checked()
    assert page.get_by_text("Entièrement reversé à votre livreur.").is_visible()
    tip = page.locator("[data-total='tip']")
    five = tip.inner_text()
    tips = page.locator("section", has=page.get_by_role("heading", name="Pourboire"))
    assert tips.get_by_role("button").first.get_attribute("aria-pressed") == "true"  # 5 EUR
    tips.get_by_role("button").nth(1).click()  # 10 EUR, in XOF
    page.wait_for_function(
        "(t) => document.querySelector(\"[data-total='tip']\").innerText !== t", arg=five
    )
    page.get_by_role("button", name="Autre").click()
    page.locator("#custom-tip").fill("-3")
    page.locator("#custom-tip").blur()
    page.get_by_text("Le pourboire doit être un nombre positif ou nul").wait_for()
    page.locator("#custom-tip").fill("500")
    page.locator("#custom-tip").blur()
    page.wait_for_function(
        "() => document.querySelector(\"[data-total='tip']\").innerText.includes('500')"
    )
    page.get_by_placeholder("Code promo").fill("save10")
    page.get_by_role("button", name="Appliquer").first.click()
    page.get_by_text(re.compile(r"^Code appliqué\. Réduction: \d")).wait_for()
    assert page.locator("#pm-card_number").count() == 0
    page.get_by_role("button", name="Ajouter un moyen de paiement").click()
    page.locator("#pm-card_number").fill("4111 1111 1111 1111")
    page.locator("#pm-expiry_month").fill("13")
    page.locator("#pm-expiry_year").fill("2030")
    page.locator("#pm-cvv").fill("123")
    page.get_by_role("button", name="Enregistrer").click()
    page.get_by_text("Le mois d'expiration doit être compris entre 1 et 12").wait_for()
    page.get_by_text("Erreur lors de l'ajout de la méthode de paiement").wait_for()
    page.locator("#pm-expiry_month").fill("4")
    page.get_by_role("button", name="Enregistrer").click()
    page.get_by_text("Méthode de paiement ajoutée").wait_for()
    shot(page, "payment-1280")
    total = page.locator("[data-total='total']").first.inner_text()

    # A double click places ONE order.
    pay.dblclick()
    page.wait_for_url(re.compile(r".*/order-confirmation\?number=[\w-]+$"))
    heading = page.get_by_role("heading", name=re.compile(r"^Commande "))
    heading.wait_for()
    number = heading.inner_text().removeprefix("Commande ").strip()
    assert page.get_by_text(
        "Avenue de l'Indépendance, Ouagadougou, Centre, Burkina Faso"
    ).is_visible()
    assert page.get_by_text("Paiement à la livraison · à régler à la livraison").is_visible()
    assert page.locator("[data-total='total']").inner_text() == total
    shot(page, "confirmation-1280")
    # The bag follows the server (emptied by the order); the choices are used.
    page.wait_for_function(
        "() => !document.querySelector('button[aria-label^=\"Panier\"]').innerText.trim()"
    )
    assert page.evaluate("localStorage.getItem('deliveryTimeslot')") in (None, "")

    # The receipt, and one order in the API.
    receipts = [m for m in smtp.messages_to(email) if number in mail_text(m)]
    assert receipts, "no receipt e-mailed"
    orders = api_orders(shop, email)
    assert [o["number"] for o in orders] == [number]

    # Somebody else's confirmation page is not found.
    other = fresh_email("issa")
    api_account(shop, smtp, other)
    page.get_by_role("button", name=re.compile(r"^Menu du compte de ")).click()
    page.get_by_role("menuitem", name="Se déconnecter").click()
    sign_in(page, other)
    page.goto(page.url)
    page.get_by_text("Page introuvable").wait_for()


# --- the guard and the phone screens ------------------------------------------------------------


def test_guard_sign_in_and_back_and_phone_screens(phone: Any, shop: str, smtp: Any) -> None:
    page = phone
    email = fresh_email("salif")
    api_account(shop, smtp, email)
    open_home(page)
    add_articles(page, 2)
    close_auth_prompt(page)
    page.goto("/checkout")
    # Signed out: the shop, with the sign-in dialog; after signing in, back to /checkout.
    sign_in_at_the_guard(page, email, PASSWORD, ADD)
    page.wait_for_url(re.compile(r".*/checkout$"))
    page.get_by_role("heading", name="Instructions de livraison").wait_for()
    summary = page.get_by_role("region", name="Récapitulatif de la commande")
    # The sign-in dialog's closing may still hide the page from assistive technology a moment.
    expect(summary.get_by_text("Aucune adresse sélectionnée")).to_be_visible()
    expect(summary.get_by_text("Aucun créneau choisi")).to_be_visible()
    summary.get_by_role("button", name="Choisir un créneau").click()
    slot = page.get_by_role("dialog", name=SLOT_DIALOG)
    slot.wait_for()
    slot.get_by_role("button", name="Demain", exact=True).click()
    shot(page, "slot-dialog-390")
    slot.get_by_role("button", name="Annuler").click()
    slot.wait_for(state="detached")
    # No slot: "Confirmer" says so instead of going on.
    page.get_by_role("button", name="Confirmer", exact=True).click()
    page.get_by_text("Veuillez choisir un créneau.").wait_for()
    shot(page, "checkout-390")

    # On the phone, on to a pickup order paid on collection.
    page.goto("/")
    open_home(page)
    pickup_to_payment(page)
    # Collected at the shop: the tip goes to its team, no delivery fee nor surcharge.
    page.get_by_text("Entièrement reversé à l'équipe du magasin.").wait_for()
    assert page.get_by_text("Entièrement reversé à votre livreur.").count() == 0
    for row in ("deliveryFee", "surcharge"):
        assert page.locator(f"[data-total='{row}']").first.inner_text().startswith("0")
    shot(page, "payment-390")
    page.locator("#pay-button").click()
    page.wait_for_url(re.compile(r".*/order-confirmation\?number=[\w-]+$"))
    page.get_by_role("heading", name=re.compile(r"^Commande ")).wait_for()
    assert page.get_by_text("Retrait en magasin").first.is_visible()
    assert page.get_by_text("Paiement à la livraison · à régler au retrait").is_visible()
    shot(page, "confirmation-390")


# --- each page prepared by the tap that leads to it (issue 23) --------------------------------


def test_checkout_and_payment_show_before_their_starts_answer(
    page: Any, shop: str, smtp: Any
) -> None:
    """Signed in, "Continuer vers la commande" moves to /checkout before any answer, with the
    form prefilled as the cart overlay opened (fetched ahead), every answer held; "Confirmer"
    prepares /payment in the same answer as the move: the quote shows while the page's own
    start is still unanswered; and the pay's move to the confirmation comes with the order."""
    socket = HeldAnswers(page)
    email = fresh_email("aicha")
    api_account(shop, smtp, email)
    open_home(page)
    socket.wait_hydrated()
    sign_in(page, email)
    page.get_by_role("button", name=re.compile(r"^Menu du compte de ")).wait_for()
    page.get_by_role("dialog", name=re.compile(r"^Welcome back")).wait_for(state="detached")
    add_articles(page, 1)
    choose_pickup_slot(page, open_overlay(page))

    socket.hold = True
    page.locator("#cart-overlay").get_by_role("button", name="Continuer vers la commande").click()
    page.wait_for_url("**/checkout")  # moved, and the overlay closed, with every answer held
    page.get_by_role("heading", name="Commande", exact=True).wait_for()
    expect(page.locator("#cart-overlay")).to_have_count(0)
    # The form was prefilled as the overlay opened: it shows with every answer held.
    page.get_by_role("heading", name="Instructions de livraison").wait_for()
    expect(page.locator("#co-phone")).not_to_have_value("")  # prefilled from the profile
    socket.wait_held()  # the tap and the page's start are answered; the page has had neither
    socket.release()

    socket.hold_after = '"_redirect"'
    page.get_by_role("button", name="Confirmer", exact=True).click()
    page.wait_for_url("**/payment")
    socket.wait_held()
    expect(page.locator("#pay-button")).to_be_enabled()
    expect(page.locator("[data-total='total']")).not_to_be_empty()
    socket.release()

    socket.hold_after = '"_redirect"'  # the pay's move to the confirmation came with the order
    page.locator("#pay-button").click()
    page.wait_for_url(re.compile(r".*/order-confirmation\?number=([\w-]+)$"))
    number = page.url.rsplit("=", 1)[1]
    socket.wait_held()
    expect(page.get_by_role("heading", name=f"Commande {number}")).to_be_visible()
    socket.release()
    assert [o["number"] for o in api_orders(shop, email)] == [number]


# --- mobile money: accepted, refused (bag kept), timed out then settled by the callback -------


def choose_pickup_slot(page: Any, overlay: Any) -> None:
    pickup = overlay.get_by_role("button", name="Je souhaite passer récupérer")
    if pickup.get_attribute("aria-pressed") != "true":
        pickup.click()
    overlay.get_by_role("button", name="Choisir un créneau de retrait").click()
    dialog = page.get_by_role("dialog", name=PICKUP_DIALOG)
    dialog.wait_for()
    confirm = dialog.get_by_role("button", name="Confirmer le créneau")
    assert confirm.is_disabled()
    dialog.get_by_role("button", name="Jours suivants").click()
    free = dialog.locator("button[data-slot]:not([disabled])").first
    free.wait_for()
    free.click()
    page.wait_for_function(
        "() => !!document.querySelector('#pickup-dialog button[data-slot][aria-pressed=true]')"
    )
    confirm.click()
    dialog.wait_for(state="detached")
    overlay.get_by_test_id("overlay-chosen-slot").get_by_text("Retrait :").wait_for()


def pickup_to_payment(page: Any) -> None:
    """From the bag to /payment: a pickup slot, the prefilled instructions."""
    choose_pickup_slot(page, open_overlay(page))
    to_payment(page)


def to_payment(page: Any) -> None:
    """From the overlay to /payment with the prefilled instructions."""
    page.locator("#cart-overlay").get_by_role("button", name="Continuer vers la commande").click()
    page.wait_for_url("**/checkout")
    page.get_by_role("heading", name="Instructions de livraison").wait_for()
    assert page.get_by_text("Retrait en magasin").first.is_visible()
    page.get_by_role("button", name="Confirmer", exact=True).click()
    page.wait_for_url("**/payment")
    page.locator("#pay-button").wait_for()


def pay_by_mobile_money(page: Any, channel: str = "Orange Money") -> None:
    page.get_by_role("radio", name=re.compile(r"^Mobile Money")).click()
    page.locator("#mm-phone").wait_for()
    page.get_by_role("button", name=channel).click()
    page.locator("#mm-phone").fill("70 55 66 77")
    page.locator("#mm-phone").blur()
    page.locator("#pay-button").click()


def test_mobile_money_accepted_refused_and_timed_out(
    page: Any, shop: str, smtp: Any, mobile_money_provider: Any
) -> None:
    fake = mobile_money_provider
    # The provider's callbacks go to this shop (its address is known only now).
    fake.deliver = lambda url, headers, form: (
        httpx.post(
            shop + url[url.index("/api/") :], headers=headers, data=form, timeout=10
        ).status_code
    )
    email = fresh_email("fatou")
    api_account(shop, smtp, email)
    open_home(page)
    sign_in(page, email)
    page.get_by_role("button", name=re.compile(r"^Menu du compte de ")).wait_for()
    # The welcome dialog comes with the signed-in header and closes itself after 4 s (a tap
    # meanwhile would only close it); on a busy machine it may be gone already: wait until it
    # is, rather than for it to be seen.
    page.get_by_role("dialog", name=re.compile(r"^Welcome back")).wait_for(state="detached")
    add_articles(page, 2)

    # Refused at once: the shopper is told, the order cancelled, the bag is back.
    fake.mode = "refuse"
    pickup_to_payment(page)
    shot(page, "payment-mobile-1280")
    pay_by_mobile_money(page)
    page.get_by_text(
        re.compile(r"^Le paiement a été refusé\. Votre panier est conservé")
    ).wait_for()
    page.wait_for_function(
        "() => parseInt(document.querySelector('button[aria-label^=\"Panier\"]')"
        ".innerText.trim() || '0', 10) === 2"
    )
    assert [o["status"] for o in api_orders(shop, email)] == ["cancelled"]

    # Accepted: a second attempt (a new key) is a new order, paid, confirmed.
    fake.mode = "accept"
    page.locator("#pay-button").click()
    page.wait_for_url(re.compile(r".*/order-confirmation\?number=[\w-]+$"))
    page.get_by_text("Mobile Money · payé").wait_for()
    statuses = sorted(o["status"] for o in api_orders(shop, email))
    assert statuses == ["cancelled", "confirmed"]

    # Timed out: pending (the shopper waits), then the provider's callback settles it.
    page.goto("/")
    open_home(page)
    add_articles(page, 1)
    fake.mode = "timeout"
    pickup_to_payment(page)
    pay_by_mobile_money(page, "Moov Money")
    page.get_by_text("En attente de confirmation sur votre téléphone…").wait_for(timeout=30_000)
    fake.release()
    reference = fake.initiated()[-1]
    fake.complete(reference, "ACCEPTED")
    page.wait_for_url(re.compile(r".*/order-confirmation\?number=[\w-]+$"), timeout=30_000)
    page.get_by_text("Mobile Money · payé").wait_for()
    assert sorted(o["status"] for o in api_orders(shop, email)) == [
        "cancelled",
        "confirmed",
        "confirmed",
    ]
