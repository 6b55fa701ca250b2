"""Two-factor sign-in in a real browser against the production build (issue 15).

A shopper switches on codes by e-mail in /account?section=settings, signs out, signs in: the
sign-in dialog asks for the code, read from the loopback SMTP server, and the shopper is signed
in. Another switches on the authenticator app: the test reads the key the page shows, computes
the code with pyotp, confirms, sees the recovery codes once, then signs in with a TOTP code on a
phone (390 px). Screenshots go to test-artifacts/.
"""

from __future__ import annotations

import re
import time
from typing import Any

import pyotp
import pytest

from tests.e2e.test_account_shell import (
    sign_in_where_the_guard_sent as sign_in_where_the_guard_sent,
)
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

SETTINGS = "/account?section=settings"
STEP_TITLE = "Vérification en deux étapes"
SAVED = "Vérification en deux étapes mise à jour"


def shot(page: Any, name: str) -> None:
    ARTIFACTS.mkdir(exist_ok=True)
    page.screenshot(path=str(ARTIFACTS / f"two-factor-{name}.png"), full_page=True)


def open_panel(page: Any) -> Any:
    page.goto(SETTINGS)
    panel = page.locator("#two-factor-panel")
    panel.wait_for()
    page.wait_for_function(
        "() => document.querySelector('#two-factor-current')?.textContent.trim().length > 0"
    )
    return panel


def sign_out(page: Any) -> None:
    account_button(page).click()
    page.get_by_role("menuitem", name="Se déconnecter").click()
    page.wait_for_function("() => !localStorage.getItem('accessToken')")


def password_through_the_guard(page: Any, email: str) -> Any:
    """Signed out, the settings' address sends to the shop with the sign-in dialog; the
    password there. Answers the dialog's second step."""
    page.goto(SETTINGS)
    sign_in_where_the_guard_sent(page, email)
    return code_step(page)


def code_step(page: Any) -> Any:
    """The sign-in dialog once it asks for the second factor."""
    dialog = page.get_by_role("dialog", name=STEP_TITLE)
    dialog.wait_for()
    return dialog


def no_sideways_scroll(page: Any) -> None:
    width = page.evaluate("document.documentElement.scrollWidth")
    assert width <= page.viewport_size["width"], f"the page scrolls sideways ({width} px)"


def signed_in_shopper(page: Any, shop: str, smtp: Any, first: str) -> str:
    """A new account (made through the API), signed in on `page`; its e-mail."""
    email = fresh_email(first)
    api_account(shop, smtp, email)
    open_home(page)
    sign_in(page, email)
    account_button(page).wait_for()
    return email


def test_codes_by_email_at_sign_in(page: Any, shop: str, smtp: Any) -> None:
    email = signed_in_shopper(page, shop, smtp, "mariam")
    panel = open_panel(page)
    assert panel.get_by_text("Recommandé").is_visible()
    assert panel.locator("#two-factor-current").inner_text() == "Désactivée"
    panel.get_by_text("Code par email", exact=True).click()
    page.get_by_text(SAVED).wait_for()
    page.wait_for_function(
        "() => document.querySelector('#two-factor-current').textContent === 'Code par email'"
    )
    shot(page, "panel-email-1280")
    assert serious_violations(page, "#two-factor-panel") == []

    sign_out(page)
    sent = len(smtp.messages_to(email))
    dialog = password_through_the_guard(page, email)
    assert dialog.get_by_role("button", name="Renvoyer le code dans 60 s").is_disabled() or (
        dialog.get_by_role("button", name="Renvoyer le code").count() == 1
    )
    code = smtp.wait_for_code(email, after=sent)
    assert serious_violations(page, "#login-dialog") == []
    dialog.get_by_label("Code à 6 chiffres").fill("12345")
    dialog.get_by_role("button", name="Vérifier", exact=True).click()
    dialog.get_by_text("Veuillez entrer un code de vérification à 6 chiffres").wait_for()
    dialog.get_by_label("Code à 6 chiffres").fill(code)
    dialog.get_by_role("button", name="Vérifier", exact=True).click()
    dialog.wait_for(state="hidden")
    page.wait_for_url(re.compile(r".*/account\?section=settings$"))  # back where it was
    account_button(page).wait_for()


def test_authenticator_app_with_recovery_codes_then_totp_on_a_phone(
    page: Any, phone: Any, shop: str, smtp: Any
) -> None:
    email = signed_in_shopper(page, shop, smtp, "ibrahim")
    panel = open_panel(page)
    app = panel.get_by_role("radio", name=re.compile(r"^Application d'authentification"))
    assert "Recommandé" in app.locator("xpath=ancestor::label").inner_text()
    app.click()
    qr = panel.get_by_role(
        "img", name="Code QR à scanner avec votre application d'authentification"
    )
    qr.wait_for()
    assert qr.get_attribute("src").startswith("data:image/svg+xml")
    secret = panel.locator("#two-factor-secret").inner_text().replace(" ", "")
    totp = pyotp.TOTP(secret)
    shot(page, "enrolment-1280")
    assert serious_violations(page, "#two-factor-panel") == []
    used = totp.now()
    panel.get_by_label("Code à 6 chiffres").fill(used)
    panel.get_by_role("button", name="Activer").click()
    codes = panel.locator("#two-factor-recovery-codes li")
    codes.first.wait_for()
    assert codes.count() == 10
    recovery = [codes.nth(i).inner_text() for i in range(10)]
    assert all(len(code) == 11 and code[5] == "-" for code in recovery)
    assert panel.locator("#two-factor-secret").count() == 0  # the key is gone
    shot(page, "recovery-codes-1280")
    assert serious_violations(page, "#two-factor-panel") == []
    panel.get_by_role("button", name="J'ai noté mes codes").click()
    codes.first.wait_for(state="detached")
    open_panel(page)  # shown once: not after a reload either
    assert page.locator("#two-factor-recovery-codes").count() == 0
    assert page.locator("#two-factor-current").inner_text() == "Application d'authentification"

    # On a phone, sent to the sign-in by the account's guard: the password, then the app's
    # code in the same dialog, then back to the settings.
    dialog = password_through_the_guard(phone, email)
    assert dialog.get_by_text("Saisissez le code à 6 chiffres affiché par").is_visible()
    assert dialog.get_by_role("button", name="Utiliser un code de secours").is_visible()
    no_sideways_scroll(phone)
    shot(phone, "sign-in-step-390")
    assert serious_violations(phone, "#login-dialog") == []
    while totp.now() == used:  # the confirming code is spent: wait for the next one
        time.sleep(1)
    dialog.get_by_label("Code à 6 chiffres").fill(totp.now())
    dialog.get_by_role("button", name="Vérifier", exact=True).click()
    dialog.wait_for(state="hidden")
    phone.wait_for_url(re.compile(r".*/account\?section=settings$"))
    phone.locator("#two-factor-panel").wait_for()
    stored = phone.evaluate("({...localStorage})")
    assert stored["accessToken"] and PASSWORD not in str(stored)
