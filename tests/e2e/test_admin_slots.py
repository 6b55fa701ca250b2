"""The back-office's slots in a real browser (issue 17, "Done when"): an admin made with
`grocer create-admin` opens the slots tab at 390 px and sets tomorrow's 9h - 13h delivery slot
to one place; a shopper then holds it in the checkout's slot dialog, and a second shopper's
dialog lists it as full (and the API refuses them a hold); the admin's panel shows the place
held. The template's preview is shown before anything is saved."""

from __future__ import annotations

import re
from datetime import UTC, datetime, timedelta
from pathlib import Path
from typing import Any

import pytest
from playwright.sync_api import expect

from tests.e2e.conftest import DESKTOP
from tests.e2e.test_account_orders import Shopper
from tests.e2e.test_account_shell import welcome_gone
from tests.e2e.test_admin import new_admin, no_sideways_scroll, signed_in_at_admin
from tests.e2e.test_checkout import SLOT_DIALOG, _warm  # noqa: F401 (autouse: a patient first page)
from tests.e2e.test_session_bag import (
    ADD,
    PASSWORD,
    add_articles,
    api_account,
    fresh_email,
    open_home,
)
from tests.support.browser import shopper_address, sign_in_at_the_guard
from tests.support.shop_server import ARTIFACTS

pytestmark = pytest.mark.e2e
HOURS = "9h - 13h"


def slot_dialog_of(page: Any, email: str) -> Any:
    """A shopper with one article in the bag signs in at /checkout and opens the slot dialog
    on tomorrow."""
    open_home(page)
    add_articles(page, 1)
    page.goto("/checkout")
    sign_in_at_the_guard(page, email, PASSWORD, ADD)
    page.wait_for_url(re.compile(r".*/checkout$"))
    welcome_gone(page)
    summary = page.get_by_role("region", name="Récapitulatif de la commande")
    summary.get_by_role("button", name="Choisir un créneau").click()
    dialog = page.get_by_role("dialog", name=SLOT_DIALOG)
    dialog.wait_for()
    tomorrow = dialog.get_by_role("button", name="Demain", exact=True)
    tomorrow.click()
    expect(tomorrow).to_have_attribute("aria-pressed", "true")
    page.wait_for_function(
        "() => document.querySelectorAll('#slot-select option:not([disabled])').length > 0"
    )
    return dialog


def test_a_slot_set_to_one_place_is_held_once_only(
    phone: Any, browser: Any, shop: str, smtp: Any, shop_data: Path
) -> None:
    admin_email = new_admin(shop_data)
    first, second = fresh_email("awa"), fresh_email("ali")
    api_account(shop, smtp, first)
    api_account(shop, smtp, second)
    tomorrow = (datetime.now(UTC) + timedelta(days=1)).date().isoformat()

    admin = phone
    signed_in_at_admin(admin, admin_email)
    welcome_gone(admin)  # it would take the typing meant for the panel
    tabs = admin.get_by_role("navigation", name="Back-office")
    tabs.get_by_role("button", name="Créneaux").click()
    slot = admin.locator(f'li[data-day="{tomorrow}"] li[data-slot="{HOURS}"]')
    expect(slot.get_by_text("0 réservées, 0 retenues, 20 libres")).to_be_visible()
    capacity = slot.get_by_label("Capacité", exact=True)
    capacity.fill("1")
    expect(capacity).to_have_value("1")
    slot.get_by_role("button", name="Enregistrer").click()
    admin.get_by_text("Capacité enregistrée").wait_for()
    expect(slot.get_by_text("0 réservées, 0 retenues, 1 libres")).to_be_visible()
    no_sideways_scroll(admin)
    # the template's effect is shown before anything is saved
    template = admin.locator("#slots-template")
    template.get_by_role("button", name="Voir l'effet").click()
    preview = admin.locator("#slots-template-preview")
    expect(preview.get_by_text(f"{tomorrow} · {HOURS} · 1 → 20 · 0 prises")).to_be_visible()
    preview.get_by_role("button", name="Annuler").click()
    expect(preview).to_have_count(0)
    no_sideways_scroll(admin)
    ARTIFACTS.mkdir(exist_ok=True)
    admin.screenshot(path=str(ARTIFACTS / "admin-slots-390.png"), full_page=True)

    contexts = [
        browser.new_context(
            locale="fr-FR", viewport=DESKTOP, base_url=shop, extra_http_headers=shopper_address()
        )
        for _ in range(2)
    ]
    try:
        page = contexts[0].new_page()
        page.set_default_timeout(15_000)
        dialog = slot_dialog_of(page, first)
        dialog.get_by_label("Sélectionner une heure").select_option(label=HOURS)
        page.wait_for_function(
            "() => !document.querySelector('#slot-dialog button:last-of-type').disabled"
        )
        dialog.get_by_role("button", name="Enregistrer").click()
        dialog.wait_for(state="detached")
        held = Shopper(shop, first).api.get("/delivery-slots/hold")
        assert held.status_code == 200 and held.json()["slot"]["slot"] == "9-13"
        assert held.json()["slot"]["date"] == tomorrow

        other = contexts[1].new_page()
        other.set_default_timeout(15_000)
        dialog = slot_dialog_of(other, second)
        option = dialog.locator("#slot-select option", has_text=HOURS)
        expect(option).to_have_text(f"{HOURS} — Complet")
        expect(option).to_be_disabled()
        answer = Shopper(shop, second).api.post(f"/delivery-slots/{held.json()['slot']['id']}/hold")
        assert answer.status_code == 409
    finally:
        for context in contexts:
            context.close()

    tabs.get_by_role("button", name="Créneaux").click()
    expect(slot.get_by_text("0 réservées, 1 retenues, 0 libres")).to_be_visible()
