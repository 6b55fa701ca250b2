"""What a page's first visit asks for (issue 21): the dialogs' library (Radix, through
assets/dialog.js) comes when a dialog is first wanted, and a dialog wanted before it has arrived
still opens, with its focus trap, Escape and focus return; the tab's icon is in the page."""

from __future__ import annotations

from typing import Any

from playwright.sync_api import Page, expect

RADIX_MARK = "DialogContent"
"""A name only Radix's dialog module holds (its parts' display names)."""


def _scripts_with_radix(page: Page, fetched: list[Any]) -> list[str]:
    return [response.url for response in fetched if RADIX_MARK in response.text()]


def test_the_first_scripts_leave_the_dialogs_library_out(phone: Page) -> None:
    fetched: list[Any] = []
    phone.on(
        "response",
        lambda response: fetched.append(response) if response.url.endswith(".js") else None,
    )
    phone.goto("/")
    phone.wait_for_function("() => window.__grocerReady === true")
    assert fetched, "the page asked for no script"
    assert _scripts_with_radix(phone, fetched) == []

    menu = phone.get_by_role("button", name="Menu", exact=True)
    expect(menu).to_have_attribute("aria-haspopup", "dialog")
    expect(menu).to_have_attribute("aria-expanded", "false")
    menu.click()
    drawer = phone.get_by_role("dialog", name="Menu")
    expect(drawer).to_be_visible()
    assert _scripts_with_radix(phone, fetched) != []
    phone.keyboard.press("Escape")
    expect(drawer).to_have_count(0)
    expect(menu).to_be_focused()
    expect(menu).to_have_attribute("aria-expanded", "false")


def test_a_dialog_wanted_before_its_library_arrives_opens(phone: Page) -> None:
    held: list[Any] = []

    def hold_radix(route: Any) -> None:
        response = route.fetch()
        if RADIX_MARK in response.text() and not held:
            held.append(route)  # answered below, once the shopper has asked for the dialog
            return
        route.fulfill(response=response)

    phone.route("**/assets/**/*.js", hold_radix)
    phone.goto("/")
    phone.wait_for_function("() => window.__grocerReady === true")
    menu = phone.get_by_role("button", name="Menu", exact=True)
    menu.click()
    phone.wait_for_timeout(300)
    assert held, "the tap did not ask for the dialogs' library"
    expect(phone.get_by_role("dialog")).to_have_count(0)
    held[0].fulfill(response=held[0].fetch())
    drawer = phone.get_by_role("dialog", name="Menu")
    expect(drawer).to_be_visible()
    expect(drawer.get_by_role("button", name="Fermer")).to_be_visible()
    phone.keyboard.press("Escape")
    expect(drawer).to_have_count(0)


def test_the_tab_icon_comes_with_the_page(phone: Page) -> None:
    asked: list[str] = []
    phone.on("request", lambda request: asked.append(request.url))
    phone.goto("/")
    phone.wait_for_function("() => window.__grocerReady === true")
    icon = phone.locator('link[rel="icon"]')
    expect(icon).to_have_count(1)
    assert (icon.get_attribute("href") or "").startswith("data:image/svg+xml,")
    assert phone.evaluate(
        """() => new Promise((done) => {
            const img = new Image();
            img.onload = () => done(img.naturalWidth > 0);
            img.onerror = () => done(false);
            img.src = document.querySelector('link[rel="icon"]').href;
        })"""
    )
    assert not [url for url in asked if url.endswith("/favicon.ico")]
