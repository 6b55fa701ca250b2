"""The bag answers a tap at once (issue 23, assets/bag_now.js): "+ Ajouter", + and − change the
card and the header's count before the server's answer comes back, the answer then stands; a
tap nobody answers goes back to what the server holds; and on a slowed phone whose websocket
is down, each change shows at once and, the connection back, the server's bag (or a guest's
browser bag) is what the screen shows."""

from __future__ import annotations

import json
import re
from pathlib import Path
from typing import Any

import pytest
from playwright.sync_api import Locator, Page, expect

from tests.e2e.test_account_orders import Shopper
from tests.e2e.test_account_shell import welcome_gone
from tests.e2e.test_address_maps import DIALOG as ADDRESS_DIALOG
from tests.e2e.test_address_maps import PICKER
from tests.e2e.test_admin import new_admin
from tests.e2e.test_offline import LOST, server_bag
from tests.e2e.test_product_quantity import open_product, tap
from tests.e2e.test_session_bag import (
    ADD,
    account_button,
    api_account,
    bag_button,
    close_auth_prompt,
    fresh_email,
    open_home,
    sign_in,
    wait_count,
)
from tests.support.held_answers import HeldAnswers

pytestmark = pytest.mark.e2e

PHONE = {"width": 390, "height": 844}
PROMPT = "Ne perdez pas votre panier"
SLOT_CAPACITY = 20
"""A made delivery slot's places (the demo template's), put back after a test filled one."""
TOMORROWS_HOURS = [
    re.compile(rf"^{hours}( — .+)?$") for hours in ("9h - 13h", "13h - 17h", "17h - 21h")
]


def first_card(page: Page) -> tuple[int, Locator]:
    """The first card showing "+ Ajouter": its article id and the card (by name, so that it
    stays the same card once its button has become the stepper)."""
    add = page.locator(ADD).first
    article = json.loads(add.get_attribute("data-bag-add") or "{}")
    name = add.get_attribute("title") or ""
    return int(article["id"]), page.locator(f'article[aria-label="{name}"]').first


def shows(card: Locator, quantity: int) -> None:
    """The card's stepper shows `quantity`."""
    expect(card.locator("span[aria-live=polite]")).to_have_text(str(quantity))


def plus(card: Locator) -> Locator:
    return card.get_by_role("button", name="Augmenter la quantité")


def minus(card: Locator) -> Locator:
    return card.get_by_role("button", name="Diminuer la quantité")


def home_with_held_answers(page: Page) -> tuple[HeldAnswers, int, Locator]:
    """The home page, hydrated, its websocket through the test; its first card to add."""
    socket = HeldAnswers(page)
    open_home(page)
    socket.wait_hydrated()
    return (socket, *first_card(page))


def browser_bag(page: Page) -> dict[int, int]:
    lines = json.loads(page.evaluate("() => localStorage.getItem('cart') || '[]'"))
    return {int(line["id"]): line["quantity"] for line in lines}


def test_taps_show_before_the_servers_answer_which_then_stands(page: Page) -> None:
    socket, article, card = home_with_held_answers(page)
    socket.hold = True
    page.locator(ADD).first.click()
    shows(card, 1)  # the server's answer is held: this is the page's own
    expect(bag_button(page)).to_have_text("1")
    plus(card).click()  # 2 articles: the auth prompt (000 §4.3) shows at once too
    prompt = page.get_by_role("dialog", name=PROMPT)
    expect(prompt).to_be_visible()
    expect(prompt).to_contain_text("Vous avez 2 articles")
    prompt.get_by_role("button", name="Plus tard").click()
    expect(prompt).to_have_count(0)
    plus(card).click()
    shows(card, 3)
    minus(card).click()
    shows(card, 2)
    expect(bag_button(page)).to_have_text("2")
    assert socket.held, "the server answered taps the page never saw"
    assert browser_bag(page) == {}  # the guest bag is written by the server's answers
    socket.release()  # the state opens the prompt, then closes it: it stays closed
    for _ in range(20):
        expect(prompt).to_have_count(0)
        page.wait_for_timeout(100)
    page.wait_for_function(
        """(id) => JSON.parse(localStorage.getItem('cart') || '[]')
            .some((line) => line.id === id && line.quantity === 2)""",
        arg=str(article),
    )
    assert browser_bag(page) == {article: 2}
    shows(card, 2)
    wait_count(page, 2)


def test_the_product_pages_quantity_shows_in_the_bag_at_once(
    page: Page, catalogue: dict[str, Any]
) -> None:
    socket = HeldAnswers(page)
    article = catalogue["article"]["id"]
    open_product(page, article)
    socket.wait_hydrated()
    tap(page, "Augmenter la quantité", 2)  # answered in the browser: 3
    socket.hold = True
    page.get_by_role("button", name="Add To Cart").click()
    wait_count(page, 3)  # before the server's answer, under the auth prompt (000 §4.3)
    expect(page.get_by_role("dialog", name=PROMPT)).to_contain_text("Vous avez 3 articles")
    assert browser_bag(page) == {}
    socket.release()
    page.wait_for_function(
        """(id) => JSON.parse(localStorage.getItem('cart') || '[]')
            .some((line) => line.id === id && line.quantity === 3)""",
        arg=str(article),
    )
    # 0 → 3 at once: the server's answer brings the guest's sign-in prompt (000 §4.3).
    close_auth_prompt(page)
    expect(bag_button(page)).to_have_text("3")


def test_a_line_removed_from_the_bag_panel_goes_at_once(page: Page) -> None:
    socket, _, card = home_with_held_answers(page)
    page.locator(ADD).first.click()
    wait_count(page, 1)  # answered
    bag_button(page).click()
    panel = page.locator("#bag-panel")
    remove = panel.get_by_role("button", name=re.compile(r"^Retirer .+ du panier$"))
    expect(remove).to_have_count(1)
    socket.hold = True
    remove.click()
    expect(remove).to_have_count(0)  # the line is gone before the server's answer
    expect(card.get_by_role("button", name="Ajouter au panier")).to_be_visible()
    socket.release()
    panel.get_by_text("Your bag is empty").wait_for()
    wait_count(page, 0)


def _a_bag_opened_once(page: Page) -> tuple[HeldAnswers, Locator, Locator]:
    """A guest's bag of one article, its panel opened and closed once (the dialogs' code is
    then here); the panel and the overlay."""
    socket, _, _ = home_with_held_answers(page)
    page.locator(ADD).first.click()
    wait_count(page, 1)
    panel, overlay = page.locator("#bag-panel"), page.locator("#cart-overlay")
    bag_button(page).click()  # once answered: the dialogs' code is here
    expect(panel).to_be_visible()
    page.keyboard.press("Escape")
    expect(panel).to_have_count(0)
    return socket, panel, overlay


def test_the_bag_panel_and_the_overlay_open_and_close_at_once(page: Page) -> None:
    """Opening and closing the bag (and the overlay's slot list) is shown before the server's
    answer, which then agrees."""
    socket, panel, overlay = _a_bag_opened_once(page)
    socket.hold = True
    bag_button(page).click()
    expect(panel).to_be_visible()  # the server's answer is held: this is the page's own
    panel.get_by_role("button", name="Check out").click()
    expect(overlay).to_be_visible()
    expect(panel).to_have_count(0)
    slots = overlay.get_by_role("button", name="Voir les créneaux")
    slots.click()  # the slot list shows and hides at once too
    expect(overlay.locator("#slot-area")).to_be_visible()
    expect(slots).to_have_attribute("aria-expanded", "true")
    slots.click()
    expect(overlay.locator("#slot-area")).to_have_count(0)
    slots.click()
    expect(overlay.locator("#slot-area")).to_be_visible()
    overlay.get_by_role("button", name="Continue shopping").click()
    expect(overlay).to_have_count(0)
    assert socket.held, "the server answered taps the page never saw"
    socket.release()  # the answers: open, then the overlay, then closed; the page agrees
    page.wait_for_timeout(500)
    expect(overlay).to_have_count(0)
    expect(panel).to_have_count(0)
    bag_button(page).click()  # the page and the server still agree on what is open
    expect(panel).to_be_visible()
    panel.get_by_role("button", name="Check out").click()
    expect(overlay.locator("#slot-area")).to_be_visible()  # shown three times: left open


def test_a_tap_undone_before_its_answer_is_not_drawn_again_by_that_answer(page: Page) -> None:
    """The bag opened, and its "Check out" tapped before the server answered the opening: that
    answer (the panel open), arriving alone, does not draw the panel again over the overlay;
    the overlay's own answer then agrees."""
    socket, panel, overlay = _a_bag_opened_once(page)
    page.wait_for_timeout(500)  # the answers are in
    socket.hold = True
    bag_button(page).click()
    expect(panel).to_be_visible()
    panel.get_by_role("button", name="Check out").click()
    expect(overlay).to_be_visible()
    expect(panel).to_have_count(0)
    socket.release_through('"panel_open_rx_state_":true')  # the opening's answer, alone
    for _ in range(5):
        page.wait_for_timeout(100)
        expect(panel).to_have_count(0)
        expect(overlay).to_be_visible()
    socket.release()  # "Check out"'s answer: the overlay open, the panel closed
    page.wait_for_timeout(500)
    expect(panel).to_have_count(0)
    expect(overlay).to_be_visible()


def _overlay_with_a_bag(page: Page) -> tuple[HeldAnswers, Locator]:
    """A guest's bag of one article, its overlay open and answered."""
    socket, _, _ = home_with_held_answers(page)
    page.locator(ADD).first.click()
    wait_count(page, 1)
    bag_button(page).click()
    page.locator("#bag-panel").get_by_role("button", name="Check out").click()
    overlay = page.locator("#cart-overlay")
    expect(overlay.get_by_role("button", name="Voir les créneaux")).to_be_visible()
    page.wait_for_timeout(500)  # the overlay's answers are in
    return socket, overlay


def test_the_slot_dialog_opens_changes_day_and_takes_an_hour_at_once(page: Page) -> None:
    """The delivery dialog's slots come with the slot list: opening the dialog, "Demain" and
    an hour show before the server's answers, which then agree; "Enregistrer" keeps it."""
    socket, overlay = _overlay_with_a_bag(page)
    overlay.get_by_role("button", name="Voir les créneaux").click()
    socket.wait_passed('"listed_rx_state_":"delivery"')  # the slots, fetched ahead
    socket.hold = True
    choose = overlay.get_by_role("button", name="Choisir l'heure de livraison")
    dialog = page.get_by_role("dialog", name="Créneau de livraison")
    choose.click()
    expect(dialog).to_be_visible()  # the server's answer is held: this is the page's own
    dialog.get_by_role("button", name="Annuler").click()
    expect(dialog).to_have_count(0)
    choose.click()
    expect(dialog).to_be_visible()
    tomorrow = dialog.get_by_role("button", name="Demain", exact=True)
    tomorrow.click()
    expect(tomorrow).to_have_attribute("aria-pressed", "true")
    select = dialog.get_by_label("Sélectionner une heure")
    hours = select.locator("option")  # the placeholder, then tomorrow's three hours
    expect(hours).to_have_text(["Sélectionnez un créneau", *TOMORROWS_HOURS])
    save = dialog.get_by_role("button", name="Enregistrer")
    expect(save).to_be_disabled()
    free = select.locator("option:not([disabled])").first
    value = free.get_attribute("value") or ""
    label = free.inner_text().strip()
    select.select_option(value)
    expect(save).to_be_enabled()
    expect(select).to_have_value(value)
    today = dialog.get_by_role("button", name="Aujourd'hui", exact=True)
    today.click()  # another day: the hour of tomorrow is no longer chosen
    expect(select).to_have_value("")
    expect(save).to_be_disabled()
    tomorrow.click()
    select.select_option(value)
    expect(save).to_be_enabled()
    assert socket.held, "the server answered taps the page never saw"
    socket.release()  # open, closed, open, the days and hours: the page agrees with each
    page.wait_for_timeout(500)
    expect(tomorrow).to_have_attribute("aria-pressed", "true")
    expect(select).to_have_value(value)
    socket.hold = True
    save.click()  # closed, and the hour shown in the overlay, before the server's answer
    expect(dialog).to_have_count(0)
    chosen = overlay.get_by_test_id("overlay-chosen-slot")
    expect(chosen).to_have_text(f"Livraison : Demain, {label}")
    assert socket.held, "the server answered a tap the page never saw"
    socket.release()  # the save's answer agrees: the same line, kept
    page.wait_for_timeout(500)
    expect(dialog).to_have_count(0)
    expect(chosen).to_have_text(f"Livraison : Demain, {label}")
    page.reload()
    expect(page.locator("#cart-overlay").get_by_test_id("overlay-chosen-slot")).to_have_count(0)
    stored = page.evaluate("() => localStorage.getItem('deliveryTimeslot') || ''")
    assert label in stored, stored


def test_a_slot_saved_before_any_answer_closes_its_dialog(page: Page) -> None:
    """The dialog opened, a day, an hour and "Enregistrer", all before the server has answered
    the opening: the answers then come in one burst (the state's opening and its close after
    the save drawn together), and the dialog stays closed with the hour shown."""
    socket, overlay = _overlay_with_a_bag(page)
    overlay.get_by_role("button", name="Voir les créneaux").click()
    socket.wait_passed('"listed_rx_state_":"delivery"')  # the slots, fetched ahead
    socket.hold = True
    overlay.get_by_role("button", name="Choisir l'heure de livraison").click()
    dialog = page.get_by_role("dialog", name="Créneau de livraison")
    tomorrow = dialog.get_by_role("button", name="Demain", exact=True)
    tomorrow.click()
    expect(tomorrow).to_have_attribute("aria-pressed", "true")
    select = dialog.get_by_label("Sélectionner une heure")
    expect(select.locator("option")).to_have_text(["Sélectionnez un créneau", *TOMORROWS_HOURS])
    free = select.locator("option:not([disabled])").first
    value, label = free.get_attribute("value") or "", free.inner_text().strip()
    select.select_option(value)
    dialog.get_by_role("button", name="Enregistrer").click()
    expect(dialog).to_have_count(0)
    assert socket.held, "the server answered taps the page never saw"
    socket.release()
    chosen = overlay.get_by_test_id("overlay-chosen-slot")
    expect(chosen).to_have_text(f"Livraison : Demain, {label}")
    for _ in range(10):  # the answers drawn: it stays closed
        page.wait_for_timeout(100)
        expect(dialog).to_have_count(0)
    expect(chosen).to_have_text(f"Livraison : Demain, {label}")


def test_an_address_saved_before_any_answer_closes_its_dialog(page: Page) -> None:
    """ "Ajouter une adresse", the fields and "Appliquer", all before the server has answered
    the opening: once the answers come, the dialog stays closed and the address is shown."""
    socket, overlay = _overlay_with_a_bag(page)
    socket.hold = True
    overlay.get_by_role("button", name="Ajouter une adresse").click()
    dialog = page.get_by_role("dialog", name=ADDRESS_DIALOG)
    expect(dialog).to_be_visible()
    for field, typed in (("street", "12 rue du Marché"), ("city", "Ouagadougou"),
                         ("country", "Burkina Faso")):  # fmt: skip
        page.locator(f"#address-{field}").fill(typed)
    dialog.get_by_role("button", name="Appliquer").click()
    expect(dialog).to_have_count(0)
    assert socket.held, "the server answered taps the page never saw"
    socket.release()
    line = overlay.locator("aside").get_by_text("12 rue du Marché, Ouagadougou", exact=True)
    expect(line).to_be_visible()
    for _ in range(10):  # the answers drawn: it stays closed
        page.wait_for_timeout(100)
        expect(dialog).to_have_count(0)


def test_a_slot_refused_at_its_save_comes_back_with_its_message(
    page: Page, shop: str, smtp: Any, shop_data: Path
) -> None:
    """Signed in, "Enregistrer" holds the slot: the dialog is drawn closed and the hour shown
    at once; the slot filled up meanwhile, the server's refusal brings the dialog back with
    the spec's message, and nothing is shown as chosen."""
    email = fresh_email("slot")
    api_account(shop, smtp, email)
    socket, _, _ = home_with_held_answers(page)
    sign_in(page, email)
    welcome_gone(page)  # it would cover the card, and hide the header from the a11y tree
    expect(account_button(page)).to_be_visible()
    page.locator(ADD).first.click()
    wait_count(page, 1)
    bag_button(page).click()
    page.locator("#bag-panel").get_by_role("button", name="Check out").click()
    overlay = page.locator("#cart-overlay")
    overlay.get_by_role("button", name="Voir les créneaux").click()
    socket.wait_passed('"listed_rx_state_":"delivery"')
    overlay.get_by_role("button", name="Choisir l'heure de livraison").click()
    dialog = page.get_by_role("dialog", name="Créneau de livraison")
    tomorrow = dialog.get_by_role("button", name="Demain", exact=True)
    tomorrow.click()
    expect(tomorrow).to_have_attribute("aria-pressed", "true")  # drawn in the tap's next task
    select = dialog.get_by_label("Sélectionner une heure")
    expect(select.locator("option")).to_have_text(["Sélectionnez un créneau", *TOMORROWS_HOURS])
    free = select.locator("option:not([disabled])").last
    slot_id, label = free.get_attribute("value") or "", free.inner_text().strip()
    select.select_option(slot_id)
    save = dialog.get_by_role("button", name="Enregistrer")
    expect(save).to_be_enabled()
    page.wait_for_timeout(500)  # the choice's answer is in

    admin = Shopper(shop, new_admin(shop_data))
    filled = admin.api.put(f"/admin/slots/made/{slot_id}", json={"capacity": 0})
    assert filled.status_code == 200, filled.text
    try:
        socket.hold = True
        save.click()
        expect(dialog).to_have_count(0)
        chosen = overlay.get_by_test_id("overlay-chosen-slot")
        expect(chosen).to_have_text(f"Livraison : Demain, {label}")
        socket.release()
        expect(dialog).to_be_visible()
        expect(dialog.locator("#slot-error")).to_have_text(
            "Ce créneau vient d'être complet. Choisissez-en un autre."
        )
        expect(chosen).to_have_count(0)
        expect(select).to_have_value("")
    finally:
        admin.api.put(f"/admin/slots/made/{slot_id}", json={"capacity": SLOT_CAPACITY})


def test_add_an_address_opens_the_dialog_and_the_phones_picker_at_once(page: Page) -> None:
    """On a phone, "Ajouter une adresse" shows the address dialog and the map picker over it
    before the server's answer; a place typed meanwhile is searched once the answer is in; a
    result tapped is the selection at once, "Annuler" closes the picker at once, and
    "Confirmer" closes it and fills the dialog at once."""
    page.set_viewport_size(PHONE)
    socket, overlay = _overlay_with_a_bag(page)
    socket.hold = True
    overlay.get_by_role("button", name="Ajouter une adresse").click()
    picker = page.get_by_role("dialog", name=PICKER)
    expect(picker).to_be_visible()  # the server's answer is held: this is the page's own
    expect(picker.get_by_role("button", name="Confirmer")).to_be_disabled()
    search = picker.get_by_label("Rechercher un lieu")
    search.fill("Ouagadougou")
    assert socket.held, "the server answered a tap the page never saw"
    socket.release()
    found = page.locator("#map-picker-results").get_by_role(
        "button", name=re.compile("^Ouagadougou")
    )
    expect(found.first).to_be_visible()
    expect(search).to_have_value("Ouagadougou")
    page.wait_for_timeout(300)  # the search's answers are in
    socket.hold = True
    name = found.first.locator("span span").first.inner_text()
    found.first.click()  # the result is the selection at once: its name, "Confirmer" enabled
    selection = page.locator("#map-picker-selection")
    expect(selection).to_contain_text(name)
    confirm = picker.get_by_role("button", name="Confirmer")
    expect(confirm).to_be_enabled()
    picker.get_by_role("button", name="Annuler").click()  # closed at once too
    expect(picker).to_have_count(0)
    assert socket.held, "the server answered a tap the page never saw"
    socket.release()  # the choice, then the cancel: the page agrees
    page.wait_for_timeout(500)
    expect(picker).to_have_count(0)
    dialog = page.get_by_role("dialog", name=ADDRESS_DIALOG)
    expect(dialog).to_be_visible()
    dialog.get_by_role("button", name="Choisir sur la carte").click()
    expect(picker).to_be_visible()
    expect(confirm).to_be_disabled()  # cancelled: nothing chosen
    search.fill("Ouagadougou")
    found.first.click()
    expect(confirm).to_be_enabled()
    page.wait_for_timeout(300)  # the choice's answer is in
    socket.hold = True
    confirm.click()  # the picker closes and the place fills the dialog at once
    expect(picker).to_have_count(0)
    city = page.locator("#address-city")
    expect(city).to_have_value("Ouagadougou")
    latitude = page.locator("#address-latitude").input_value()
    assert latitude and float(latitude) == pytest.approx(12.37, abs=0.1)
    assert socket.held, "the server answered a tap the page never saw"
    socket.release()
    page.wait_for_timeout(500)
    expect(city).to_have_value("Ouagadougou")  # the state filled the same
    expect(page.locator("#address-latitude")).to_have_value(latitude)


def test_add_an_address_opens_at_once_while_another_dialogs_close_is_on_its_way(
    page: Page,
) -> None:
    """The auth prompt closed by "Plus tard", its answer held: the bag, "Check out" and
    "Ajouter une adresse" still draw the address dialog open at once (the state, which still
    has the prompt open, opens the address dialog in its place), and it stays open."""
    socket, _, card = home_with_held_answers(page)
    page.locator(ADD).first.click()
    wait_count(page, 1)
    plus(card).click()  # 2 articles: the auth prompt
    prompt = page.get_by_role("dialog", name=PROMPT)
    expect(prompt).to_be_visible()
    page.wait_for_timeout(500)  # the state has the prompt open
    socket.hold = True
    prompt.get_by_role("button", name="Plus tard").click()
    expect(prompt).to_have_count(0)
    bag_button(page).click()
    panel, overlay = page.locator("#bag-panel"), page.locator("#cart-overlay")
    expect(panel).to_be_visible()
    panel.get_by_role("button", name="Check out").click()
    expect(overlay).to_be_visible()
    overlay.get_by_role("button", name="Ajouter une adresse").click()
    dialog = page.get_by_role("dialog", name=ADDRESS_DIALOG)
    expect(dialog).to_be_visible()  # the server's answers are held: this is the page's own
    assert socket.held, "the server answered taps the page never saw"
    socket.release()
    page.wait_for_timeout(500)
    expect(dialog).to_be_visible()
    expect(prompt).to_have_count(0)
    expect(panel).to_have_count(0)


def test_add_an_address_opens_the_dialog_at_once_and_waits_when_an_address_would_fill_it(
    page: Page,
) -> None:
    """On a wide screen the dialog alone shows at once (the picker is opened by its button);
    once an address is known, "Modifier l'adresse" waits for the state, which fills the form."""
    socket, overlay = _overlay_with_a_bag(page)
    socket.hold = True
    overlay.get_by_role("button", name="Ajouter une adresse").click()
    dialog = page.get_by_role("dialog", name=ADDRESS_DIALOG)
    expect(dialog).to_be_visible()
    expect(page.get_by_role("dialog", name=PICKER)).to_have_count(0)
    socket.release()
    for field, typed in (("street", "12 rue du Marché"), ("city", "Ouagadougou"),
                         ("country", "Burkina Faso")):  # fmt: skip
        page.locator(f"#address-{field}").fill(typed)
    page.wait_for_timeout(300)  # the fields' answers are in
    socket.hold = True
    dialog.get_by_role("button", name="Appliquer").click()
    expect(dialog).to_have_count(0)  # closed, and the address in the overlay, at once
    line = overlay.locator("aside").get_by_text("12 rue du Marché, Ouagadougou", exact=True)
    expect(line).to_be_visible()
    change = overlay.get_by_role("button", name="Modifier l'adresse")
    expect(change).to_be_visible()
    assert socket.held, "the server answered a tap the page never saw"
    socket.release()  # the state agrees: the same line, kept
    page.wait_for_timeout(500)
    expect(dialog).to_have_count(0)
    expect(line).to_be_visible()
    page.wait_for_timeout(300)
    socket.hold = True
    change.click()
    page.wait_for_timeout(500)
    expect(dialog).to_have_count(0)  # not drawn ahead: the state fills it
    socket.release()
    expect(dialog).to_be_visible()
    expect(page.locator("#address-city")).to_have_value("Ouagadougou")


def test_an_address_with_blank_required_fields_stays_open_for_its_message(page: Page) -> None:
    """Required fields left blank: the browser knows the save will be refused, so the dialog is
    not drawn closed; the state's answer brings the spec's message, and no address is kept."""
    socket, overlay = _overlay_with_a_bag(page)
    overlay.get_by_role("button", name="Ajouter une adresse").click()
    dialog = page.get_by_role("dialog", name=ADDRESS_DIALOG)
    expect(dialog).to_be_visible()
    page.locator("#address-city").fill("Ouagadougou")
    page.locator("#address-street").fill("   ")  # blanks only: blank
    page.wait_for_timeout(300)  # the fields' answers are in
    socket.hold = True
    dialog.get_by_role("button", name="Appliquer").click()
    for _ in range(5):  # the answer is held: the dialog stays as it was
        expect(dialog).to_be_visible()
        page.wait_for_timeout(100)
    assert socket.held, "the server answered a tap the page never saw"
    socket.release()
    expect(page.locator("#address-error")).to_have_text(
        "Veuillez remplir les champs suivants : adresse, pays"
    )
    expect(dialog).to_be_visible()
    expect(page.locator("#address-city")).to_have_value("Ouagadougou")
    # Behind the dialog (hidden from the accessibility tree): still no address kept.
    expect(overlay.locator("aside button", has_text="Ajouter une adresse")).to_be_attached()


def test_a_tap_nobody_answers_goes_back_to_the_servers_bag(page: Page) -> None:
    socket, _, card = home_with_held_answers(page)
    socket.hold = True
    page.locator(ADD).first.click()
    shows(card, 1)
    # No answer ever comes: the card and the count go back to the bag the server holds.
    expect(card.get_by_role("button", name="Ajouter au panier")).to_be_visible(timeout=30_000)
    wait_count(page, 0)


def _on_a_slowed_phone(page: Page) -> None:
    page.set_viewport_size(PHONE)
    page.context.new_cdp_session(page).send("Emulation.setCPUThrottlingRate", {"rate": 4})


def _change_the_bag_while_disconnected(page: Page) -> dict[int, int]:
    """Offline: "+ Ajouter" on two cards, + twice and − once on the first; each change shown at
    once. Returns the bag the screen shows."""
    page.context.set_offline(True)
    expect(page.get_by_role("status").filter(has_text=LOST)).to_be_visible(timeout=30_000)
    first, first_shown = first_card(page)
    page.locator(ADD).first.click()
    shows(first_shown, 1)
    expect(bag_button(page)).to_have_text("1")
    plus(first_shown).click()
    shows(first_shown, 2)
    plus(first_shown).click()
    shows(first_shown, 3)
    minus(first_shown).click()
    shows(first_shown, 2)
    second, second_shown = first_card(page)
    page.locator(ADD).first.click()
    shows(second_shown, 1)
    expect(bag_button(page)).to_have_text("3")
    return {first: 2, second: 1}


def _back_online(page: Page) -> None:
    page.context.set_offline(False)
    expect(page.get_by_role("status").filter(has_text=LOST)).to_have_count(0, timeout=30_000)
    page.wait_for_function("() => !localStorage.getItem('cartOffline')", timeout=30_000)


def test_signed_in_changes_made_while_disconnected_reach_the_server_as_shown(
    page: Page, shop: str, smtp: Any
) -> None:
    email = fresh_email("hors-ligne")
    token = api_account(shop, smtp, email)["accessToken"]
    open_home(page)
    sign_in(page, email)
    account_button(page).wait_for()
    _on_a_slowed_phone(page)
    shown = _change_the_bag_while_disconnected(page)
    assert server_bag(shop, token) == {}  # nothing could reach it
    _back_online(page)
    wait_count(page, 3, timeout=30_000)
    assert server_bag(shop, token) == shown
    for article, quantity in shown.items():
        card = page.locator(f'article:has([data-bag-id="{article}"])').first
        shows(card, quantity)


def test_a_guests_changes_made_while_disconnected_stay_in_the_browser_as_shown(
    page: Page,
) -> None:
    open_home(page)
    _on_a_slowed_phone(page)
    shown = _change_the_bag_while_disconnected(page)
    _back_online(page)
    wait_count(page, 3, timeout=30_000)
    assert browser_bag(page) == shown
    page.reload()
    wait_count(page, 3, timeout=30_000)
    assert browser_bag(page) == shown
