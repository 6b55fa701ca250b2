"""The account's credit and gift-card sections in a real browser (issue 15), at 1280 and 390 px.

A friend buys a gift card through the API, paid by the local mobile-money provider; its code
reaches the recipient through the loopback SMTP server. The recipient, in the browser, redeems
it (an empty code first: the spec's message), sees the balance go up with a toast, the card
among the received ones, then the credit section's balance and history line. On a phone, a
shopper buys a card through the form (the provider accepts, the page waits for the payment,
then lists the card as purchased) and its recipient gets the code. axe-core finds no serious
or critical fault on either section at either width.
"""

from __future__ import annotations

import re
import time
import uuid
from typing import Any

import httpx
import pytest

from tests.e2e.test_account_shell import sign_in_where_the_guard_sent
from tests.e2e.test_checkout import api_token, mail_text
from tests.e2e.test_session_bag import api_account, fresh_email
from tests.support.axe import serious_violations
from tests.support.shop_server import ARTIFACTS

pytestmark = pytest.mark.e2e

CODE = re.compile(r"\b([A-Z2-7]{4}-[A-Z2-7]{4}-[A-Z2-7]{4}-[A-Z2-7]{4})\b")
PAY = {"method": "mobile_money", "channel": "orange", "phone": "70123456"}


@pytest.fixture
def provider(mobile_money_provider: Any, shop: str) -> Any:
    """The provider, accepting payments at once and calling this shop back."""
    fake = mobile_money_provider
    fake.mode = "accept"
    fake.deliver = lambda url, headers, form: (
        httpx.post(
            shop + url[url.index("/api/") :], headers=headers, data=form, timeout=10
        ).status_code
    )
    return fake


def shot(page: Any, name: str) -> None:
    ARTIFACTS.mkdir(exist_ok=True)
    page.screenshot(path=str(ARTIFACTS / f"account-wallet-{name}.png"), full_page=True)


def wait_for_code(smtp: Any, email: str, timeout: float = 30.0) -> str:
    """The gift-card code e-mailed to `email`."""
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        for message in reversed(smtp.messages_to(email)):
            found = CODE.search(mail_text(message))
            if found:
                return found.group(1)
        time.sleep(0.2)
    raise AssertionError(f"no gift card e-mailed to {email}")


def bought_for(shop: str, smtp: Any, provider: Any, recipient: str) -> str:
    """A friend buys a 10 000 XOF card for `recipient` through the API; its code."""
    friend = fresh_email("kadi")
    api_account(shop, smtp, friend)
    user_id, token = api_token(shop, friend)
    answer = httpx.post(
        f"{shop}/api/v1/users/{user_id}/giftcards/purchase",
        json={"amount": "10000", "recipientEmail": recipient, "senderName": "Kadi", "payment": PAY},
        headers={"Authorization": f"Bearer {token}", "Idempotency-Key": uuid.uuid4().hex},
        timeout=30,
    )
    assert answer.status_code == 201, answer.text
    return wait_for_code(smtp, recipient)


def open_section(page: Any, email: str, section: str) -> None:
    """Ask for the section signed out: the guard's sign-in dialog, then back to the section
    (works on a phone, where the header has no sign-in button)."""
    page.goto(f"/account?section={section}")
    sign_in_where_the_guard_sent(page, email)
    page.wait_for_url(re.compile(rf".*/account\?section={section}$"))
    page.get_by_role("heading", name="Mon compte", level=1).wait_for()


def compact(text: str) -> str:
    """Text without any kind of space (French amounts group digits with narrow spaces)."""
    return re.sub(r"\s", "", text)


def no_sideways_scroll(page: Any, width: int) -> None:
    assert page.evaluate("() => document.scrollingElement.scrollWidth") <= width


def test_redeem_a_code_and_see_it_in_the_credit(
    page: Any, shop: str, smtp: Any, provider: Any
) -> None:
    email = fresh_email("aicha")
    api_account(shop, smtp, email)
    code = bought_for(shop, smtp, provider, email)

    open_section(page, email, "giftcards")
    section = page.locator("#account-giftcards")
    section.get_by_role("heading", name="Cartes cadeaux").wait_for()
    section.get_by_text("Aucune carte cadeau reçue").wait_for()
    section.get_by_text("Aucune carte cadeau achetée").wait_for()
    assert compact(page.locator("#giftcards-balance").inner_text()) == "0XOF"
    # the buy form is there (mobile money is configured for this shop), the terms fold out
    section.get_by_text("Acheter une carte cadeau").first.click()
    assert section.get_by_role("button", name="Acheter", exact=True).is_enabled()
    section.get_by_text("Conditions d'utilisation des cartes cadeaux").click()
    section.get_by_text("Chaque code ne peut être utilisé qu'une seule fois").wait_for()

    # An empty code: the spec's message.
    redeem = section.get_by_role("button", name="Utiliser la carte")
    redeem.click()
    section.get_by_role("alert").filter(
        has_text="Veuillez entrer un code de carte cadeau"
    ).wait_for()
    # The real code (typed in lower case without dashes): balance up, a toast, the card listed.
    page.get_by_label("Code de la carte cadeau").fill(code.lower().replace("-", ""))
    redeem.click()
    page.get_by_role("status").filter(has_text="Carte cadeau ajoutée à votre crédit !").wait_for()
    page.wait_for_function(
        "() => document.querySelector('#giftcards-balance').innerText.replace(/\\s/g, '')"
        " === '10000XOF'"
    )
    page.locator("#giftcards-received").get_by_text("•••• " + code[-4:]).wait_for()
    assert page.get_by_label("Code de la carte cadeau").input_value() == ""
    shot(page, "giftcards-1280")
    assert serious_violations(page) == []
    # The same code again: refused.
    page.get_by_label("Code de la carte cadeau").fill(code)
    redeem.click()
    section.get_by_role("alert").filter(
        has_text="Cette carte cadeau a déjà été utilisée"
    ).wait_for()

    # The credit section: the same balance, the note, the bonus link, the history line.
    page.get_by_role("navigation", name="Sections du compte").get_by_role(
        "link", name="Mon crédit"
    ).click()
    page.wait_for_url(re.compile(r".*/account\?section=credit$"))
    credit = page.locator("#account-credit")
    credit.get_by_text("Carte cadeau •••• " + code[-4:]).wait_for()
    assert compact(page.locator("#credit-balance").inner_text()) == "10000XOF"
    credit.get_by_text(
        "Votre crédit est déduit automatiquement de votre prochaine commande."
    ).wait_for()
    bonus = credit.get_by_role("link", name=re.compile(r"^Gagnez .* de bonus"))
    assert compact(bonus.inner_text()).startswith("Gagnez32798XOFdebonus")  # 50 EUR in XOF
    # in euros, the spec's 50
    page.evaluate("() => localStorage.setItem('preferredCurrency', 'EUR')")
    page.reload()
    credit = page.locator("#account-credit")
    bonus = credit.get_by_role("link", name=re.compile(r"^Gagnez .* de bonus"))
    page.wait_for_function(
        "() => /Gagnez\\s*50,00\\s*€/"
        ".test(document.querySelector('#account-credit a')?.innerText || '')"
    )
    credit.get_by_text("Carte cadeau •••• " + code[-4:]).wait_for()
    shot(page, "credit-1280")
    assert serious_violations(page) == []
    bonus.click()
    page.wait_for_url(re.compile(r".*/account\?section=referral$"))
    page.evaluate("() => localStorage.setItem('preferredCurrency', 'XOF')")


def test_buy_a_card_on_a_phone(phone: Any, shop: str, smtp: Any, provider: Any) -> None:
    page = phone
    email = fresh_email("salif")
    recipient = fresh_email("binta")
    api_account(shop, smtp, email)
    open_section(page, email, "giftcards")
    section = page.locator("#account-giftcards")
    section.get_by_text("Aucune carte cadeau achetée").wait_for()
    no_sideways_scroll(page, 390)
    section.get_by_text("Acheter une carte cadeau").first.click()
    form = page.locator("#giftcard-buy-form")
    form.get_by_text(re.compile(r"^25\s000\sXOF$")).click()
    fields = {
        "E-mail du destinataire": recipient,
        "Votre nom (facultatif)": "Salif",
        "Message (facultatif)": "Pour tes courses",
        "Numéro mobile money": "70 55 66 77",
    }
    # Known issue (closing note of issue 15): on a busy phone page a fill has been seen to land
    # in the previous field; each field is typed until it holds its text, then all re-checked.
    for _ in range(3):
        for label, text in fields.items():
            field = form.get_by_label(label)
            if field.input_value() != text:
                field.click()
                field.fill(text)
        if all(form.get_by_label(k).input_value() == v for k, v in fields.items()):
            break
    assert {k: form.get_by_label(k).input_value() for k in fields} == fields
    shot(page, "buy-390")
    no_sideways_scroll(page, 390)
    form.get_by_role("button", name="Acheter", exact=True).dblclick()
    page.get_by_role("status").filter(has_text="Carte cadeau achetée").wait_for(timeout=30_000)
    purchased = page.locator("#giftcards-purchased")
    purchased.get_by_text(f"Pour {recipient}").wait_for()
    purchased.get_by_text("Envoyée").wait_for()
    code = wait_for_code(smtp, recipient)
    purchased.get_by_text(code).wait_for()
    assert form.get_by_label("E-mail du destinataire").input_value() == ""
    assert len(page.locator("#giftcards-purchased li").all()) == 1  # a double tap, one card
    shot(page, "giftcards-390")
    assert serious_violations(page) == []
    no_sideways_scroll(page, 390)

    # the credit section on a phone: nothing yet, the empty texts
    page.goto("/account?section=credit")
    page.locator("#account-credit").get_by_text("Aucun mouvement de crédit").wait_for()
    no_sideways_scroll(page, 390)
    shot(page, "credit-390")
    assert serious_violations(page) == []
