"""The forgot-password dialog in a real browser (000 §2.2, §4.2, §5, §8): every message per
cause, the digits-only code field, back, the resend countdown, and the whole flow with the
code from the SMTP server, ending in the sign-in dialog and a sign-in with the new password.
"""

from __future__ import annotations

import re
from typing import Any

import pytest

from tests.e2e.test_session_bag import (
    PASSWORD,
    account_button,
    api_account,
    fresh_email,
    open_home,
    open_login,
)

pytestmark = pytest.mark.e2e

NEW_PASSWORD = "nouveau-99"


def open_forgot(page: Any) -> Any:
    login = open_login(page)
    login.get_by_role("button", name="Mot de passe oublié ?").click()
    dialog = page.get_by_role("dialog", name="Mot de passe oublié")
    dialog.wait_for()
    return dialog


def test_forgot_password_messages_and_full_flow(page: Any, shop: str, smtp: Any) -> None:
    email = fresh_email("fatou")
    api_account(shop, smtp, email)
    open_home(page)
    dialog = open_forgot(page)
    alert = page.get_by_role("alert")
    send = page.get_by_role("button", name="Envoyer le code")

    # Step 1: required, format, unknown address.
    send.click()
    alert.filter(has_text="Veuillez entrer votre adresse email").wait_for()
    dialog.get_by_label("Adresse email").fill("fatou@")
    send.click()
    alert.filter(has_text="Veuillez entrer une adresse email valide").wait_for()
    dialog.get_by_label("Adresse email").fill(fresh_email("personne"))
    send.click()
    alert.filter(has_text="Email introuvable").wait_for()

    # The dialog resets whenever it opens.
    page.keyboard.press("Escape")
    dialog.wait_for(state="hidden")
    dialog = open_forgot(page)
    assert dialog.get_by_label("Adresse email").input_value() == ""
    assert page.get_by_role("alert").count() == 0

    sent = len(smtp.messages_to(email))
    dialog.get_by_label("Adresse email").fill(email)
    page.get_by_role("button", name="Envoyer le code").click()
    verification = page.get_by_role("dialog", name="Vérification")
    code_field = verification.get_by_label("Code à 6 chiffres")
    code_field.wait_for()
    code = smtp.wait_for_code(email, after=sent)

    # Step 2: digits only, at most 6; the 60 s countdown; wrong code; back and forth.
    resend = verification.get_by_role("button", name=re.compile(r"^Renvoyer le code dans \d+ s$"))
    assert resend.is_disabled()
    code_field.press_sequentially("4a2-b 7")
    assert code_field.input_value() == "427"
    verification.get_by_role("button", name="Vérifier le code").click()
    page.get_by_role("alert").filter(has_text="Veuillez entrer un code à 6 chiffres").wait_for()
    code_field.fill("000000" if code != "000000" else "111111")
    verification.get_by_role("button", name="Vérifier le code").click()
    page.get_by_role("alert").filter(has_text="Code incorrect ou expiré").wait_for()
    verification.get_by_role("button", name="Retour").click()
    page.get_by_role("dialog", name="Mot de passe oublié").wait_for()
    page.get_by_role("button", name="Envoyer le code").click()
    # The server keeps its 60 s wait between two codes: the resend wait is enforced.
    page.get_by_role("alert").filter(has_text="Trop de tentatives. Veuillez patienter.").wait_for()


def test_forgot_password_full_flow(page: Any, shop: str, smtp: Any) -> None:
    email = fresh_email("moussa")
    api_account(shop, smtp, email)
    open_home(page)
    dialog = open_forgot(page)
    sent = len(smtp.messages_to(email))
    dialog.get_by_label("Adresse email").fill(email.upper())
    page.get_by_role("button", name="Envoyer le code").click()
    verification = page.get_by_role("dialog", name="Vérification")
    verification.get_by_label("Code à 6 chiffres").fill(smtp.wait_for_code(email, after=sent))
    verification.get_by_role("button", name="Vérifier le code").click()

    # Step 3: required, length, match.
    step3 = page.get_by_role("dialog", name="Nouveau mot de passe")
    step3.wait_for()
    reset = step3.get_by_role("button", name="Réinitialiser le mot de passe")
    reset.click()
    page.get_by_role("alert").filter(has_text="Veuillez remplir tous les champs").wait_for()
    step3.locator("#forgot-password").fill("12345")
    step3.locator("#forgot-confirm").fill("12345")
    reset.click()
    page.get_by_role("alert").filter(
        has_text="Le mot de passe doit contenir au moins 6 caractères"
    ).wait_for()
    step3.locator("#forgot-password").fill(NEW_PASSWORD)
    step3.locator("#forgot-confirm").fill(NEW_PASSWORD + "x")
    reset.click()
    page.get_by_role("alert").filter(has_text="Les mots de passe ne correspondent pas").wait_for()
    step3.get_by_role("button", name="Afficher le mot de passe").first.click()
    page.wait_for_function("() => document.querySelector('#forgot-password').type === 'text'")
    step3.locator("#forgot-confirm").fill(NEW_PASSWORD)
    reset.click()
    page.get_by_text("Mot de passe réinitialisé avec succès").wait_for()

    # 1.2 s later: the sign-in dialog; the old password no longer works, the new one does.
    login = page.get_by_role("dialog", name="Connectez-vous à votre compte")
    login.wait_for()
    login.get_by_label("Nom d'utilisateur ou email").fill(email)
    login.locator("#login-password").fill(PASSWORD)
    login.get_by_role("button", name="Se connecter", exact=True).click()
    page.get_by_role("alert").filter(
        has_text="Nom d'utilisateur ou mot de passe incorrect"
    ).wait_for()
    login.locator("#login-password").fill(NEW_PASSWORD)
    login.get_by_role("button", name="Se connecter", exact=True).click()
    account_button(page).wait_for()
