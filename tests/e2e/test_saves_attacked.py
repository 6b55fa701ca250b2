"""The address save drawn at once (issue 23), attacked: two devices saving at the same moment,
a session ended while the dialog is open, a link that drops between the tap and the answer.
The dialog is drawn closed from the tap; whatever happens next, the account and the screen
must agree, and nothing typed or saved is lost or saved twice."""

from __future__ import annotations

from collections.abc import Iterator
from contextlib import contextmanager
from typing import Any

import httpx
import pytest
from playwright.sync_api import Page, expect

from tests.e2e.conftest import DESKTOP
from tests.e2e.test_account_shell import welcome_gone
from tests.e2e.test_address_maps import (
    DIALOG,
    account_addresses,
    fill_address,
    open_dialog,
    open_home,
)
from tests.e2e.test_session_bag import account_button, api_account, fresh_email, sign_in
from tests.support.held_answers import HeldAnswers

pytestmark = pytest.mark.e2e

SAVED = "Adresse enregistrée avec succès !"
FAILED = "Erreur lors de l'enregistrement de l'adresse. Veuillez réessayer."


def signed_in_with_the_dialog(page: Page, email: str, street: str) -> HeldAnswers:
    """Signed in on `page`, the address dialog open and filled with `street`."""
    socket = HeldAnswers(page)
    open_home(page)
    socket.wait_hydrated()
    sign_in(page, email)
    welcome_gone(page)  # its modal would hide the page from the accessibility tree
    expect(account_button(page)).to_be_visible()
    dialog = open_dialog(page)
    expect(dialog.get_by_role("button", name="Enregistrer")).to_be_visible()
    fill_address(page, street=street, city="Ouagadougou", region="Centre", country="Burkina Faso")
    return socket


@contextmanager
def another_device(browser: Any, shop: str) -> Iterator[Page]:
    context = browser.new_context(locale="fr-FR", viewport=DESKTOP, base_url=shop)
    try:
        other = context.new_page()
        other.set_default_timeout(15_000)
        yield other
    finally:
        context.close()


def test_two_devices_save_an_address_at_the_same_moment(
    page: Page, browser: Any, shop: str, smtp: Any
) -> None:
    """Both saves are kept, the account has one default, and both screens end on it."""
    email = fresh_email("twodevices")
    account = api_account(shop, smtp, email)
    with another_device(browser, shop) as other:
        here = signed_in_with_the_dialog(page, email, "Rue de la Paix")
        there = signed_in_with_the_dialog(other, email, "Avenue Kwame Nkrumah")
        here.hold = there.hold = True
        for tab in (page, other):
            tab.get_by_role("dialog", name=DIALOG).get_by_role("button", name="Enregistrer").click()
        for tab in (page, other):  # drawn closed at once, before either answer
            expect(tab.get_by_role("dialog", name=DIALOG)).to_have_count(0)
        here.release()
        there.release()
        for tab in (page, other):
            expect(tab.locator("#address-toast")).to_contain_text(SAVED)
            expect(tab.get_by_role("dialog", name=DIALOG)).to_have_count(0)

        rows = account_addresses(shop, account)
        assert sorted(row["streetAddress"] for row in rows) == [
            "Avenue Kwame Nkrumah",
            "Rue de la Paix",
        ]
        defaults = [row["streetAddress"] for row in rows if row["isDefault"]]
        assert len(defaults) == 1, rows
        for tab in (page, other):  # a reload shows the account's default on both
            tab.reload()
            tab.get_by_role("button", name=f"{defaults[0]}, Ouagadougou").first.wait_for()


def test_a_save_after_the_session_ended_brings_the_dialog_back_unsaved(
    page: Page, shop: str, smtp: Any
) -> None:
    """Signed out elsewhere (this browser's session revoked) while the dialog was open: the
    save is refused with the spec's message, the dialog comes back with what was typed, and
    the account holds nothing."""
    email = fresh_email("ended")
    account = api_account(shop, smtp, email)
    signed_in_with_the_dialog(page, email, "Rue du Commerce")
    refresh = page.evaluate("() => localStorage.getItem('refreshToken')")
    with httpx.Client(base_url=f"{shop}/api/v1", timeout=30) as api:
        api.post("/auth/logout", json={"refreshToken": refresh}).raise_for_status()
    dialog = page.get_by_role("dialog", name=DIALOG)
    dialog.get_by_role("button", name="Enregistrer").click()
    expect(page.locator("#address-toast")).to_contain_text(FAILED)
    expect(dialog).to_be_visible()
    expect(page.locator("#address-street")).to_have_value("Rue du Commerce")
    assert account_addresses(shop, account) == []


def test_a_link_dropped_between_the_save_and_its_answer_saves_once(
    page: Page, shop: str, smtp: Any
) -> None:
    """The server took the save, its answer is lost with the link: the page reconnects, is
    told the save's outcome, and shows the saved address; the account holds it once."""
    email = fresh_email("dropped")
    account = api_account(shop, smtp, email)
    socket = signed_in_with_the_dialog(page, email, "Boulevard Charles de Gaulle")
    socket.hold = True
    dialog = page.get_by_role("dialog", name=DIALOG)
    dialog.get_by_role("button", name="Enregistrer").click()
    expect(dialog).to_have_count(0)
    socket.wait_held()  # the server has the save: its answer is on its way
    for _ in range(100):
        if account_addresses(shop, account):
            break
        page.wait_for_timeout(100)
    socket.drop()
    socket.wait_hydrated()  # reconnected, the state sent again in full
    line = page.get_by_role("button", name="Boulevard Charles de Gaulle, Ouagadougou").first
    expect(line).to_be_visible()
    page.wait_for_timeout(500)
    expect(dialog).to_have_count(0)
    rows = account_addresses(shop, account)
    assert [row["streetAddress"] for row in rows] == ["Boulevard Charles de Gaulle"]
