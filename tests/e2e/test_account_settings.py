"""The account's settings section in Chromium (001 §2 Settings, §4, §8, §9), at 1280 and 390 px:
saved and shown again after a reload, the language switching the site, logout of every other
device reaching a second browser without a reload, the auto-logout of an idle tab, and the
recent sign-ins with this session marked."""

from __future__ import annotations

import re
from collections.abc import Iterator
from datetime import datetime, timedelta
from typing import Any
from zoneinfo import ZoneInfo

import pytest

from tests.e2e.conftest import DESKTOP
from tests.e2e.test_session_bag import (
    ADD,
    PASSWORD,
    api_account,
    fresh_email,
    open_home,
    sign_in,
)
from tests.support.axe import serious_violations
from tests.support.browser import sign_in_at_the_guard
from tests.support.shop_server import ARTIFACTS

pytestmark = pytest.mark.e2e

SETTINGS = "/account?section=settings"
SAVED = "Paramètres sauvegardés avec succès !"


def signed_in_settings(page: Any, shop: str, smtp: Any, email: str | None = None) -> str:
    """An account signed in through the dialog the account's guard opens (at either width),
    then back on the settings section; its e-mail."""
    email = email or fresh_email("mariam")
    if not smtp.messages_to(email):
        api_account(shop, smtp, email)
    open_home(page)
    page.goto(SETTINGS)
    sign_in_at_the_guard(page, email, PASSWORD, ADD)
    page.wait_for_url(re.compile(r"/account/?\?section=settings$"))
    page.get_by_role("button", name="Sauvegarder les paramètres").wait_for()
    page.get_by_role("dialog", name=re.compile(r"^Welcome back")).wait_for(state="detached")
    return email


def open_settings(page: Any) -> None:
    page.goto(SETTINGS)
    page.get_by_role("button", name="Sauvegarder les paramètres").wait_for()


def switch(page: Any, name: str) -> Any:
    return page.get_by_role("switch", name=name)


def shot(page: Any, name: str) -> None:
    """The whole page in test-artifacts/ (looked at by people, not compared)."""
    ARTIFACTS.mkdir(exist_ok=True)
    page.screenshot(path=str(ARTIFACTS / f"settings-{name}.png"), full_page=True)


def no_sideways_scroll(page: Any) -> None:
    assert page.evaluate("document.documentElement.scrollWidth <= window.innerWidth + 1")


@pytest.fixture(params=["desktop", "phone"])
def tab(request: pytest.FixtureRequest) -> Iterator[Any]:
    yield request.getfixturevalue("page" if request.param == "desktop" else "phone")


def test_saved_settings_come_back_after_a_reload(tab: Any, shop: str, smtp: Any) -> None:
    signed_in_settings(tab, shop, smtp)
    rows = tab.get_by_test_id("login-row")
    assert rows.count() == 2  # the sign-up's session (through the API), then this one
    assert rows.first.get_by_text("Cette session").is_visible()
    assert rows.filter(has_text="Cette session").count() == 1
    assert switch(tab, "Notifications par email").get_attribute("aria-checked") == "true"
    assert switch(tab, "Notifications push").get_attribute("aria-checked") == "false"
    no_sideways_scroll(tab)

    switch(tab, "Notifications push").click()
    switch(tab, "Partage des données").click()
    tab.get_by_label("Déconnexion automatique").select_option("1440")
    timezone = tab.get_by_label("Fuseau horaire", exact=True)
    zone_block = tab.locator("#settings-timezone").locator("xpath=../../..")
    timezone.select_option("Asia/Tokyo")
    zone_block.get_by_text("Auto", exact=True).wait_for(state="detached")  # chosen by hand
    tab.get_by_role("button", name="Détecter mon fuseau horaire").click()
    zone_block.get_by_text("Auto", exact=True).wait_for()
    browser_zone = tab.evaluate("Intl.DateTimeFormat().resolvedOptions().timeZone")
    listed = tab.eval_on_selector_all("#settings-timezone option", "os => os.map(o => o.value)")
    assert timezone.input_value() == (browser_zone if browser_zone in listed else "Europe/Paris")
    timezone.select_option("Asia/Tokyo")
    tab.get_by_role("button", name="Sauvegarder les paramètres").click()
    tab.get_by_text(SAVED).wait_for()

    tab.reload()
    tab.get_by_role("button", name="Sauvegarder les paramètres").wait_for()
    assert switch(tab, "Notifications push").get_attribute("aria-checked") == "true"
    assert switch(tab, "Partage des données").get_attribute("aria-checked") == "false"
    assert tab.get_by_label("Déconnexion automatique").input_value() == "1440"
    assert tab.get_by_label("Fuseau horaire", exact=True).input_value() == "Asia/Tokyo"
    # The sign-ins are dated in the chosen timezone now.
    when = tab.get_by_test_id("login-row").first.inner_text()
    tokyo = [datetime.now(ZoneInfo("Asia/Tokyo")) - timedelta(minutes=m) for m in (0, 10)]
    assert any(f"{moment:%d/%m/%Y %H}:" in when for moment in tokyo), when
    no_sideways_scroll(tab)
    assert serious_violations(tab) == []
    shot(tab, str(tab.viewport_size["width"]))


def test_the_language_switches_the_site_and_is_kept(page: Any, shop: str, smtp: Any) -> None:
    signed_in_settings(page, shop, smtp)
    page.locator("#settings-language").select_option("en")
    page.get_by_role("heading", name="Settings", exact=True).wait_for()
    page.get_by_role("button", name="Save settings").click()
    page.get_by_text("Settings saved successfully!").wait_for()
    page.reload()
    page.get_by_role("button", name="Save settings").wait_for()
    assert page.evaluate("document.documentElement.lang") == "en"


def test_logout_of_all_devices_reaches_another_browser_without_a_reload(
    page: Any, browser: Any, shop: str, smtp: Any
) -> None:
    email = fresh_email("oumar")
    api_account(shop, smtp, email)
    context = browser.new_context(locale="fr-FR", viewport=DESKTOP, base_url=shop)
    try:
        other = context.new_page()
        other.set_default_timeout(15_000)
        open_home(other)
        sign_in(other, email)
        other.get_by_role("button", name=re.compile(r"^Menu du compte de ")).wait_for()

        signed_in_settings(page, shop, smtp, email)
        assert page.get_by_test_id("login-row").count() == 3  # sign-up, the other, this
        page.get_by_role("button", name="Se déconnecter de tous les appareils").click()
        page.get_by_text("Tous vos autres appareils ont été déconnectés.").wait_for()

        # The other browser is told by its session watch (every 15 s), with no reload.
        other.get_by_role("dialog", name="Connectez-vous à votre compte").wait_for(timeout=45_000)
        assert other.get_by_role("button", name=re.compile(r"^Menu du compte de ")).count() == 0

        # This tab goes on signed in, with its session still marked.
        open_settings(page)
        current = page.get_by_test_id("login-row").filter(has_text="Cette session")
        assert current.count() == 1
    finally:
        context.close()


def test_an_idle_tab_is_signed_out_after_the_chosen_time(page: Any, shop: str, smtp: Any) -> None:
    signed_in_settings(page, shop, smtp)
    page.get_by_label("Déconnexion automatique").select_option("30")
    page.get_by_role("button", name="Sauvegarder les paramètres").click()
    page.get_by_text(SAVED).wait_for()
    # The test switch counts the saved 30 minutes as 30 s; nothing is touched meanwhile.
    page.get_by_role("dialog", name="Connectez-vous à votre compte").wait_for(timeout=90_000)
    assert page.get_by_role("button", name=re.compile(r"^Menu du compte de ")).count() == 0
    page.wait_for_url(re.compile(r"/$"))
