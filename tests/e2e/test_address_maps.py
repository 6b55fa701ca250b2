"""Delivery address and maps, in a real browser against the production build (issue #5).

The shared server's geocoders, Photon and tile server are the local fakes (`providers`):
FakeNominatim answers "12, Avenue Kwame Nkrumah, …, Ouagadougou" near 12.369, -1.520 and
"Bobo-Dioulasso"; switching them to failures leaves the offline gazetteer answering.

Journeys: a guest with geolocation granted (fields filled by reverse geocoding, the full map
picker: search list, loading and empty texts, a click on the map, Confirmer; Appliquer; the
header after a reload); every validation message; a signed-in shopper saving to the account
with the 3-second toast; the "Magasins à proximité" modal (blank search, "Vous êtes ici", zoom
and popup on a result, "Choisir"); the phone, where the picker opens by itself; providers down.
"""

from __future__ import annotations

import json
import re
import uuid
from typing import Any

import httpx
import pytest
from playwright.sync_api import expect

from tests.support.browser import shopper_address
from tests.support.shop_server import ARTIFACTS

pytestmark = pytest.mark.e2e

PASSWORD = "sesame-42"
DIALOG = "Entrez votre adresse de livraison"
PICKER = "Choisissez votre adresse sur la carte"
STORES = "Magasins à proximité"


# --- helpers -------------------------------------------------------------------------------


def open_home(page: Any) -> None:
    page.goto("/")
    page.wait_for_function("() => !!document.querySelector('button[aria-label^=\"Panier\"]')")
    page.wait_for_timeout(700)  # hydrated, the websocket is up


def open_dialog(page: Any, *, phone: bool = False, link: str = "Entrez votre adresse") -> Any:
    """The header's address link opens the dialog (on a phone, from the menu; there the map
    picker opens over it at once, which hides the dialog from the accessibility tree)."""
    if phone:
        page.get_by_role("button", name="Menu").first.click()
    page.get_by_role("button", name=link).first.click()
    dialog = page.get_by_role("dialog", name=DIALOG)
    if not phone:
        dialog.wait_for()
    return dialog


def value(page: Any, field: str) -> str:
    return page.locator(f"#address-{field}").input_value()


def wait_value(page: Any, field: str, expected: str) -> None:
    page.wait_for_function(
        "([id, v]) => document.getElementById(id)?.value === v",
        arg=[f"address-{field}", expected],
    )


def stored(page: Any) -> dict:
    return json.loads(page.evaluate("localStorage.getItem('userAddress') || '{}'"))


def shot(page: Any, name: str) -> None:
    ARTIFACTS.mkdir(exist_ok=True)
    page.screenshot(path=str(ARTIFACTS / f"address-{name}.png"))


def alert(page: Any) -> Any:
    return page.locator("#address-error")


def fill_address(page: Any, **fields: str) -> None:
    for name, text in fields.items():
        page.locator(f"#address-{name}").fill(text)


def account_addresses(shop: str, account: dict[str, Any]) -> list[dict[str, Any]]:
    """The account's addresses, as the REST API lists them (a session of its own)."""
    user_id = account["userInfo"].get("id") or account["userInfo"].get("userId")
    headers = {"Authorization": f"Bearer {account['accessToken']}"}
    with httpx.Client(base_url=f"{shop}/api/v1", timeout=30, headers=headers) as api:
        answer = api.get(f"/users/addresses/user/{user_id}")
    answer.raise_for_status()
    return list(answer.json())


def api_account(shop: str, smtp: Any, email: str) -> dict:
    """An account made through the public API (send code, read it from SMTP, register)."""
    with httpx.Client(base_url=f"{shop}/api/v1", timeout=30, headers=shopper_address()) as api:
        sent = len(smtp.messages_to(email))
        api.post("/auth/send-otp", json={"email": email}).raise_for_status()
        code = smtp.wait_for_code(email, after=sent)
        answer = api.post(
            "/users/register",
            json={
                "email": email,
                "password": PASSWORD,
                "otp": code,
                "phones": [{"countryCode": "+226", "number": "70123456"}],
            },
        )
        answer.raise_for_status()
        return answer.json()


def sign_in(page: Any, identifier: str) -> None:
    page.get_by_role("button", name="Sign in", exact=True).click()
    dialog = page.get_by_role("dialog", name="Connectez-vous à votre compte")
    dialog.get_by_label("Nom d'utilisateur ou email").fill(identifier)
    dialog.locator("#login-password").fill(PASSWORD)
    dialog.get_by_role("button", name="Se connecter", exact=True).click()
    page.get_by_role("button", name=re.compile(r"^Menu du compte de ")).wait_for()
    # The welcome dialog comes 300 ms later and goes after 4 s.
    page.wait_for_timeout(600)
    page.keyboard.press("Escape")
    page.wait_for_function("() => !document.querySelector('[role=dialog]')", timeout=8_000)


def click_map(page: Any, map_id: str, fx: float, fy: float) -> None:
    box = page.locator(f"#{map_id}").bounding_box()
    assert box is not None
    page.mouse.click(box["x"] + box["width"] * fx, box["y"] + box["height"] * fy)


# --- a guest with geolocation, the full map picker, Appliquer ------------------------------


def test_guest_geolocation_picker_and_saved_address(located: Any, providers: Any) -> None:
    page = located
    open_home(page)
    dialog = open_dialog(page)

    # On open: the position is reverse-geocoded into the fields.
    wait_value(page, "street", "12 Avenue Kwame Nkrumah")
    assert value(page, "city") == "Ouagadougou"
    assert value(page, "region") == "Centre"
    assert value(page, "country") == "Burkina Faso"
    assert value(page, "latitude") == "12.3714" and value(page, "longitude") == "-1.5197"
    assert dialog.get_by_role("button", name="Appliquer").is_visible()
    assert dialog.get_by_role("button", name="Se connecter").is_visible()
    assert dialog.get_by_label("Définir comme adresse par défaut").is_checked()
    shot(page, "dialog-1280")

    # The full picker: the Leaflet map with bundled icons and tiles from the settings.
    dialog.get_by_role("button", name="Choisir sur la carte").click()
    picker = page.get_by_role("dialog", name=PICKER)
    picker.wait_for()
    page.locator("#map-picker-map .leaflet-tile-loaded").first.wait_for()
    tile = page.locator("#map-picker-map img.leaflet-tile").first.get_attribute("src")
    assert tile and tile.startswith(providers.tiles.url)
    marker = page.locator("#map-picker-map img.leaflet-marker-icon.grocer-marker-selection")
    assert marker.count() == 1
    assert (marker.get_attribute("src") or "").startswith(("data:image/png", "/assets/"))
    assert picker.get_by_text("Marqueur bleu : votre position actuelle").is_visible()
    assert picker.get_by_text("Marqueur vert : l'emplacement choisi").is_visible()
    assert picker.get_by_role("button", name="Centrer sur ma position actuelle").is_visible()

    # Search: loading text, the list, the empty text.
    providers.nominatim.slow(1.5)
    try:
        picker.get_by_label("Rechercher un lieu").fill("Koulouba")
        picker.get_by_text("Recherche en cours...").wait_for()
    finally:
        providers.nominatim.recover()
    results = page.locator("#map-picker-results")
    results.get_by_text("12 Avenue Kwame Nkrumah").wait_for()
    picker.get_by_label("Rechercher un lieu").fill("Bobo")
    results.get_by_role("button", name=re.compile("Bobo-Dioulasso")).wait_for()
    shot(page, "picker-search-1280")
    picker.get_by_label("Rechercher un lieu").fill("Zzyzxq")
    picker.get_by_text("Aucun résultat trouvé pour Zzyzxq").wait_for()

    # A result, then a click on the map picks a place (reverse-geocoded).
    picker.get_by_label("Rechercher un lieu").fill("Bobo")
    results.get_by_role("button", name=re.compile("Bobo-Dioulasso")).click()
    selection = page.locator("#map-picker-selection")
    selection.get_by_text("Bobo-Dioulasso, Houet, Hauts-Bassins, Burkina Faso").wait_for()
    click_map(page, "map-picker-map", 0.62, 0.58)
    page.wait_for_function(
        "() => !document.querySelector('#map-picker-selection').innerText.includes('11.1771,')"
    )
    page.locator("#map-picker-confirm:not([disabled])").wait_for()
    shot(page, "picker-picked-1280")
    picker.get_by_role("button", name="Confirmer").click()
    picker.wait_for(state="detached")
    wait_value(page, "city", "Bobo-Dioulasso")
    lat = float(value(page, "latitude"))
    assert 10.5 < lat < 12 and value(page, "country") == "Burkina Faso"

    # Appliquer: kept in the browser; the header follows, also after a reload.
    fill_address(page, street="Secteur 22, rue 22.45", apartment="Porte 3")
    dialog.get_by_role("button", name="Appliquer").click()
    dialog.wait_for(state="detached")
    saved = stored(page)
    assert saved["streetAddress"] == "Secteur 22, rue 22.45"
    assert saved["apartment"] == "Porte 3" and saved["city"] == "Bobo-Dioulasso"
    assert saved["isDefault"] is True and abs(saved["latitude"] - lat) < 1e-6
    label = "Secteur 22, rue 22.45, Bobo-Dioulasso"
    page.get_by_role("button", name=label).first.wait_for()
    page.reload()
    open_home(page)
    page.get_by_role("button", name=label).first.wait_for()

    # Re-opening shows the stored address (not overwritten by the position).
    open_dialog(page, link=label)
    wait_value(page, "street", "Secteur 22, rue 22.45")
    page.wait_for_timeout(1000)
    assert value(page, "street") == "Secteur 22, rue 22.45"


# --- every validation message (guests see them) --------------------------------------------


def test_validation_messages_for_a_guest(page: Any) -> None:
    open_home(page)
    dialog = open_dialog(page)
    apply = dialog.get_by_role("button", name="Appliquer")

    apply.click()
    alert(page).get_by_text(
        "Veuillez remplir les champs suivants : adresse, ville, pays"
    ).wait_for()
    assert alert(page).get_attribute("role") == "alert"
    assert page.locator("#address-street").get_attribute("aria-invalid") == "true"

    fill_address(page, street="Rue 15.23")
    apply.click()
    alert(page).get_by_text("Veuillez remplir les champs suivants : ville, pays").wait_for()
    fill_address(page, city="Ouagadougou")
    apply.click()
    alert(page).get_by_text("Veuillez remplir le champ pays", exact=True).wait_for()
    fill_address(page, street=" ", country="Burkina Faso")
    apply.click()
    alert(page).get_by_text("Veuillez remplir le champ adresse", exact=True).wait_for()
    fill_address(page, street="Rue 15.23", city="")
    apply.click()
    alert(page).get_by_text("Veuillez remplir le champ ville", exact=True).wait_for()

    fill_address(page, city="Ouagadougou", latitude="95", longitude="-1.5")
    apply.click()
    alert(page).get_by_text("La latitude doit être comprise entre -90 et 90").wait_for()
    fill_address(page, latitude="12.3", longitude="-181")
    apply.click()
    alert(page).get_by_text("La longitude doit être comprise entre -180 et 180").wait_for()
    assert stored(page) == {}

    # The picker's manual coordinates apply the same ranges.
    dialog.get_by_role("button", name="Choisir sur la carte").click()
    picker = page.get_by_role("dialog", name=PICKER)
    picker.wait_for()
    picker.get_by_text("Saisir des coordonnées").click()
    picker.locator("#map-picker-lat").fill("-91")
    picker.locator("#map-picker-lng").fill("2")
    picker.get_by_role("button", name="Afficher sur la carte").click()
    picker.get_by_text("La latitude doit être comprise entre -90 et 90").wait_for()
    picker.locator("#map-picker-lat").fill("12.35")
    picker.locator("#map-picker-lng").fill("200")
    picker.get_by_role("button", name="Afficher sur la carte").click()
    picker.get_by_text("La longitude doit être comprise entre -180 et 180").wait_for()
    picker.locator("#map-picker-lng").fill("-1.51")
    picker.get_by_role("button", name="Afficher sur la carte").click()
    page.locator("#map-picker-confirm:not([disabled])").wait_for()
    picker.get_by_role("button", name="Confirmer").click()
    wait_value(page, "latitude", "12.35")
    assert value(page, "longitude") == "-1.51"
    alert(page).wait_for(state="detached")  # a chosen place clears the old message

    # "Se connecter" (guests): the sign-in dialog takes the place of this one.
    dialog.get_by_role("button", name="Se connecter").click()
    page.get_by_role("dialog", name="Connectez-vous à votre compte").wait_for()
    assert page.get_by_role("dialog", name=DIALOG).count() == 0


# --- signed in: saved to the account with the toast ----------------------------------------


TAPS_THROUGH_THE_TOAST = """() => {
    const target = (node) => {
        const box = node.getBoundingClientRect();
        const hit = document.elementFromPoint(box.x + box.width / 2, box.y + box.height / 2);
        return hit && hit.closest('#address-toast') ? 'toast' : 'page';
    };
    const toast = document.querySelector('#address-toast');
    return {text: target(toast.querySelector('p')), close: target(toast.querySelector('button'))};
}"""


def test_signed_in_shopper_saves_to_the_account(page: Any, shop: str, smtp: Any) -> None:
    email = f"salif.{uuid.uuid4().hex[:8]}@example.com"
    account = api_account(shop, smtp, email)
    logs: list[str] = []
    page.on("console", lambda message: logs.append(message.text))
    open_home(page)
    sign_in(page, email)
    dialog = open_dialog(page)
    save = dialog.get_by_role("button", name="Enregistrer")
    save.wait_for()
    assert dialog.get_by_role("button", name="Se connecter").count() == 0

    # Missing fields: only logged (no message), nothing saved.
    save.click()
    expect(page.locator("#address-city")).to_have_attribute("aria-invalid", "true")
    assert alert(page).count() == 0
    assert any("Veuillez remplir les champs suivants : adresse, ville, pays" in t for t in logs)

    fill_address(
        page,
        street="Avenue de l'Indépendance",
        city="Ouagadougou",
        region="Centre",
        country="Burkina Faso",
        latitude="12.3647",
        longitude="-1.5338",
    )
    save.click()
    toast = page.locator("#address-toast")
    toast.get_by_text("Adresse enregistrée avec succès !").wait_for()
    assert toast.get_attribute("role") == "status"
    dialog.wait_for(state="detached")
    shot(page, "toast-1280")
    # A tap on the toast's text reaches the page under it (the next step's button is often
    # there on a phone); its × still takes the tap.
    assert page.evaluate(TAPS_THROUGH_THE_TOAST) == {"text": "page", "close": "toast"}
    page.get_by_role("button", name="Avenue de l'Indépendance, Ouagadougou").first.wait_for()
    toast.wait_for(state="detached", timeout=6_000)  # 3 s

    rows = account_addresses(shop, account)
    assert [r["streetAddress"] for r in rows] == ["Avenue de l'Indépendance"]
    assert rows[0]["latitude"] == pytest.approx(12.3647) and rows[0]["isDefault"] is True
    assert stored(page) == {}  # the account keeps it, not the browser

    # After a reload the header shows the account's address.
    page.reload()
    open_home(page)
    page.get_by_role("button", name="Avenue de l'Indépendance, Ouagadougou").first.wait_for()


# --- "Magasins à proximité" -----------------------------------------------------------------


def test_store_picker_modal(located: Any) -> None:
    page = located
    open_home(page)
    dialog = open_dialog(page)
    wait_value(page, "street", "12 Avenue Kwame Nkrumah")
    dialog.get_by_role("button", name=STORES).click()
    modal = page.get_by_role("dialog", name=STORES)
    modal.wait_for()
    modal.get_by_text("Aucun résultat pour l'instant. Essayez une recherche.").wait_for()
    page.locator('#store-picker-map img.leaflet-marker-icon[title="Vous êtes ici"]').wait_for()
    page.locator("#store-picker-map .leaflet-popup").get_by_text("Vous êtes ici").wait_for()

    # A blank search does nothing.
    box = modal.get_by_placeholder("Rechercher une adresse ou un lieu")
    box.fill("   ")
    modal.get_by_role("button", name="Rechercher", exact=True).click()
    page.wait_for_timeout(600)
    assert modal.get_by_text("Aucun résultat pour l'instant. Essayez une recherche.").is_visible()

    box.fill("Kwame Nkrumah")
    modal.get_by_role("button", name="Rechercher", exact=True).click()
    rows = page.locator("#store-picker-results li")
    rows.first.wait_for()
    assert 1 <= rows.count() <= 8
    page.wait_for_function(
        """(n) => document.querySelectorAll(
            '#store-picker-map .leaflet-marker-icon.grocer-marker-result').length === n""",
        arg=rows.count(),
    )
    rows.first.get_by_role("button").first.click()
    popup = page.locator("#store-picker-map .leaflet-popup")
    popup.get_by_text("Avenue Kwame Nkrumah", exact=False).wait_for()
    shot(page, "stores-1280")

    rows.first.get_by_role("button", name="Choisir").click()
    modal.wait_for(state="detached")
    chosen = stored(page)
    assert chosen["streetAddress"] == "12 Avenue Kwame Nkrumah"
    assert chosen["city"] == "Ouagadougou" and chosen["isDefault"] is False
    # The owner's callback (the dialog) has the address; the header already follows.
    wait_value(page, "street", "12 Avenue Kwame Nkrumah")
    assert value(page, "latitude") == "12.369002"
    # The header follows at once (it is behind the open dialog, out of the a11y tree).
    page.get_by_text("12 Avenue Kwame Nkrumah, Ouagadougou").first.wait_for()


# --- a phone: the picker opens by itself ------------------------------------------------------


def test_phone_picker_opens_by_itself(phone: Any) -> None:
    page = phone
    open_home(page)
    open_dialog(page, phone=True)
    picker = page.get_by_role("dialog", name=PICKER)
    picker.wait_for()
    confirm = picker.get_by_role("button", name="Confirmer")
    assert confirm.is_disabled()  # nothing chosen yet (no position on this phone)
    page.locator("#map-picker-map .leaflet-tile-loaded").first.wait_for()
    shot(page, "picker-390")
    click_map(page, "map-picker-map", 0.5, 0.45)
    page.locator("#map-picker-confirm:not([disabled])").wait_for()
    page.wait_for_timeout(300)  # the button's colour transition, for an honest screenshot
    shot(page, "picker-picked-390")
    picker.get_by_role("button", name="Annuler").click()
    picker.wait_for(state="detached")
    assert page.get_by_role("dialog", name=DIALOG).is_visible()
    assert value(page, "street") == ""
    shot(page, "dialog-390")


# --- providers down: the offline gazetteer still answers ----------------------------------


def test_providers_down_the_gazetteer_answers(page: Any, providers: Any) -> None:
    """Every geocoder fails (they then rest for their cooldown): city search still works.
    Kept last in this module."""
    geocoders = [providers.nominatim, providers.nominatim_backup, providers.photon]
    for fake in geocoders:
        fake.fail(503)
    try:
        open_home(page)
        dialog = open_dialog(page)
        dialog.get_by_role("button", name=STORES).click()
        modal = page.get_by_role("dialog", name=STORES)
        modal.wait_for()
        box = modal.get_by_placeholder("Rechercher une adresse ou un lieu")
        for city in ("Ouagadougou", "Bobo-Dioulasso"):
            box.fill(city)
            modal.get_by_role("button", name="Rechercher", exact=True).click()
            page.locator("#store-picker-results li").get_by_text(city, exact=True).first.wait_for()
        modal.get_by_role("button", name="Fermer").first.click()
        modal.wait_for(state="detached")

        dialog.get_by_role("button", name="Choisir sur la carte").click()
        picker = page.get_by_role("dialog", name=PICKER)
        picker.wait_for()
        picker.get_by_label("Rechercher un lieu").fill("Ouaga")
        page.locator("#map-picker-results").get_by_text("Ouagadougou", exact=True).wait_for()
    finally:
        for fake in geocoders:
            fake.recover()
