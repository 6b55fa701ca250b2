"""Languages and currencies in the browser: switching changes every text (or amount) at once,
without a reload, and is remembered; amounts follow money.py's rules."""

from __future__ import annotations

import re
from decimal import Decimal

import pytest
from playwright.sync_api import Page, expect

from grocer.services.money import format_amount

pytestmark = pytest.mark.e2e

AUTO = "Devise détectée automatiquement"


def _ready(page: Page) -> None:
    """The page is hydrated and connected: the categories came over the websocket."""
    nav = page.get_by_role(
        "navigation", name=re.compile("Catégories|Categories|Categorías|Kategorien")
    )
    expect(nav.get_by_role("link").first).to_be_visible()


# (language, the bag button's name, the language select's name, "Add to bag")
LANGUAGES = [
    ("en", "Bag", "Language", "Add to bag"),
    ("es", "Cesta", "Idioma", "Añadir a la cesta"),
    ("de", "Warenkorb", "Sprache", "In den Warenkorb"),
    ("fr", "Panier", "Langue", "Ajouter au panier"),
]


def test_language_switch_without_reload_and_remembered(page: Page) -> None:
    page.goto("/")
    _ready(page)
    expect(page.locator("html")).to_have_attribute("lang", "fr")
    expect(page.get_by_role("button", name="Panier", exact=True)).to_be_visible()
    page.evaluate("window.__sameDocument = true")
    select_name = "Langue"
    for code, bag, select, add in LANGUAGES:
        page.get_by_role("combobox", name=select_name).select_option(code)
        expect(page.get_by_role("button", name=bag, exact=True)).to_be_visible()
        expect(page.get_by_role("button", name=add).first).to_be_visible()
        expect(page.locator("html")).to_have_attribute("lang", code)
        assert page.evaluate("window.__sameDocument === true"), "no reload"
        select_name = select

    page.get_by_role("combobox", name="Langue").select_option("de")
    expect(page.get_by_role("button", name="Warenkorb", exact=True)).to_be_visible()
    page.reload()
    _ready(page)
    expect(page.get_by_role("button", name="Warenkorb", exact=True)).to_be_visible()
    expect(page.get_by_role("combobox", name="Sprache")).to_have_value("de")
    expect(page.locator("html")).to_have_attribute("lang", "de")
    assert page.evaluate("localStorage.getItem('preferredLanguage')") == "de"
    page.get_by_role("combobox", name="Sprache").select_option("fr")
    expect(page.get_by_role("button", name="Panier", exact=True)).to_be_visible()


def test_currency_switch_converts_every_amount(page: Page) -> None:
    page.goto("/")
    _ready(page)
    expect(page.get_by_title(AUTO)).to_be_visible()
    card = page.locator("main article").first
    expect(card).to_have_attribute("data-price", re.compile(r"XOF$"))
    text = card.get_attribute("data-price") or ""
    amount = Decimal(re.sub(r"\D", "", text))
    assert text == format_amount(amount, "XOF")

    page.evaluate("window.__sameDocument = true")
    page.get_by_role("combobox", name="Devise").select_option("EUR")
    expect(card).to_have_attribute("data-price", format_amount(amount, "EUR"))
    expect(card.get_by_text(format_amount(amount, "EUR"), exact=True)).to_be_visible()
    expect(page.get_by_title(AUTO)).to_have_count(0)

    page.get_by_role("combobox", name="Devise").select_option("USD")
    expect(card).to_have_attribute("data-price", format_amount(amount, "USD"))
    assert page.evaluate("window.__sameDocument === true"), "no reload"

    page.reload()
    _ready(page)
    card = page.locator("main article").first
    expect(card).to_have_attribute("data-price", format_amount(amount, "USD"))
    expect(page.get_by_role("combobox", name="Devise")).to_have_value("USD")
    assert page.evaluate(
        "[localStorage.getItem('preferredCurrency'), localStorage.getItem('currencySetManually')]"
    ) == ["USD", "true"]

    page.get_by_role("combobox", name="Devise").select_option("XOF")
    expect(card).to_have_attribute("data-price", text)


def test_currency_follows_the_country_when_not_chosen(browser: object, shop: str) -> None:
    """A visitor from France (country header from the trusted proxy) sees euros, marked auto."""
    context = browser.new_context(  # type: ignore[attr-defined]
        locale="fr-FR",
        base_url=shop,
        viewport={"width": 1280, "height": 900},
        extra_http_headers={"CF-IPCountry": "FR"},
    )
    page = context.new_page()
    try:
        page.goto("/")
        expect(page.get_by_role("combobox", name="Devise")).to_have_value("EUR")
        expect(page.get_by_title("Pays détecté")).to_have_text("FR")
        expect(page.get_by_title(AUTO)).to_be_visible()
        card = page.locator("main article").first
        expect(card).to_have_attribute("data-price", re.compile("€$"))
        assert page.evaluate("localStorage.getItem('currencySetManually')") == "false"
    finally:
        context.close()


def test_a_dialog_whose_texts_come_later_opens_in_the_shown_language(page: Page) -> None:
    """The address dialog's texts are not in the page's first scripts: they come with its
    module, in French, and the shown language's are fetched then. A shopper who chose English
    opens it at once after a reload and reads it in English."""
    page.goto("/")
    _ready(page)
    page.get_by_role("combobox", name="Langue").select_option("en")
    expect(page.get_by_role("button", name="Bag", exact=True)).to_be_visible()
    page.reload()
    _ready(page)
    page.get_by_role("button", name="Enter your address").first.click()
    dialog = page.get_by_role("dialog", name="Enter your delivery address")
    expect(dialog).to_be_visible()
    expect(dialog.get_by_role("button", name="Choose on the map")).to_be_visible()
    expect(dialog.get_by_text("Entrez votre adresse de livraison")).to_have_count(0)
