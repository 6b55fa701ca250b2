"""Errors routed as the spec says (001 §8), with real failures: a page whose data fails goes to
/error/server in place of itself, with its message, the time and the way back; the home
sections' error box says whether the server failed or could not be reached, and "Réessayer"
loads them; the websocket opens at an address GROCER_ALLOWED_ORIGINS does not list."""

from __future__ import annotations

import re
from collections.abc import Iterator
from datetime import date
from pathlib import Path
from typing import Any
from urllib.parse import parse_qs, urlsplit

import pytest
from playwright.sync_api import Page, expect

from grocer import testing_switches

ADD = 'button[aria-label="Ajouter au panier"]:visible'  # a product card's button
SECTIONS_TITLE = "Erreur de chargement des sections"
SERVER_ERROR_URL = re.compile(r"/error/server/?\?")  # Reflex may add the trailing slash


@pytest.fixture
def faults(shop_env: dict[str, str]) -> Iterator[Path]:
    """The catalogue fault switch of the shared server (emptied after the test)."""
    switch = Path(shop_env[testing_switches.FAULT_CATALOGUE_ENV])
    yield switch
    switch.write_text("")


def query(page: Page) -> dict[str, str]:
    return {k: v[0] for k, v in parse_qs(urlsplit(page.url).query).items()}


def sections_box(page: Page) -> Any:
    return page.get_by_role("alert").filter(has_text=SECTIONS_TITLE)


def test_a_server_failure_of_the_sections_shows_the_server_box_and_retry_loads_them(
    page: Page, faults: Path
) -> None:
    faults.write_text("sections 1\n")
    page.goto("/")
    box = sections_box(page)
    expect(box).to_be_visible()
    expect(box).to_have_attribute("data-failure", "server")
    expect(box).to_contain_text("Erreur du serveur")  # what a screen reader hears of the icon
    assert faults.read_text() == "sections 0\n"
    box.get_by_role("button", name="Réessayer").click()
    expect(box).to_be_hidden()
    page.locator(ADD).first.wait_for()


def test_an_unreachable_server_shows_the_network_box_until_the_link_is_back(page: Page) -> None:
    link = {"up": False}

    def websocket(ws: Any) -> None:
        if link["up"]:
            ws.connect_to_server()
        else:
            # What a captive portal or a broken link hands the browser instead of the server:
            # no engine.io handshake, so the connection attempt fails (socket.io connect_error).
            ws.send("<html>no network</html>")

    page.route_web_socket(re.compile(r"/_event"), websocket)
    page.goto("/")
    box = sections_box(page)
    expect(box).to_be_visible()
    expect(box).to_have_attribute("data-failure", "network")
    expect(box).to_contain_text("Problème de connexion")
    link["up"] = True
    box.get_by_role("button", name="Réessayer").click()
    page.locator(ADD).first.wait_for(timeout=20_000)
    expect(box).to_be_hidden()


def test_a_product_that_fails_goes_to_the_server_error_page_in_its_place(
    page: Page, faults: Path, catalogue: dict[str, Any]
) -> None:
    article = catalogue["article"]
    product_path = f"/produit/{article['id']}"
    page.goto("/")
    page.locator(ADD).first.wait_for()
    faults.write_text("product 1\n")
    page.goto(product_path)  # no copy of it in this browser

    page.wait_for_url(SERVER_ERROR_URL)
    expect(page.get_by_role("heading", name="Erreur du serveur")).to_be_visible()
    details = page.locator("#error-details")
    expect(details).to_contain_text("Le produit n'a pas pu être chargé.")
    # the time of the failure, in the shopper's language (the context is fr-FR)
    expect(details).to_contain_text(re.compile(rf"Survenue le .*{date.today().year}"))
    params = query(page)
    assert params["type"] == "server" and params["from"] == product_path

    # the failed page was replaced: "back" returns to the home page, not to the failure
    page.go_back()
    page.wait_for_url(re.compile(r"/$"))
    page.go_forward()
    page.wait_for_url(SERVER_ERROR_URL)

    # "Réessayer" reopens the product (the fault is over), in place of the error page
    page.get_by_role("button", name="Réessayer").click()
    page.wait_for_url(re.compile(rf"{product_path}/?$"))
    expect(page.get_by_role("heading", name=article["name"]).first).to_be_visible()
    page.go_back()
    page.wait_for_url(re.compile(r"/$"))


def test_an_unexpected_handler_exception_goes_to_the_server_error_page(page: Page) -> None:
    page.goto("/")
    page.locator(ADD).first.wait_for()
    page.goto("/e2e-broken-handler")
    # The test page's button is no replayed control (grocer.web.tap_replay): a tap before the
    # app runs (the page is prerendered) would be lost, so the test waits for the app.
    page.wait_for_function("() => window.__grocerReady === true")
    page.get_by_role("button", name="Déclencher une panne").click()

    page.wait_for_url(SERVER_ERROR_URL)
    expect(page.get_by_role("heading", name="Erreur du serveur")).to_be_visible()
    details = page.locator("#error-details")
    expect(details).to_contain_text("L'action demandée n'a pas pu aboutir.")
    ref = query(page)["ref"]
    expect(details).to_contain_text(f"Référence : {ref}")
    assert query(page)["from"].rstrip("/") == "/e2e-broken-handler"
    # no Reflex toast in English
    expect(page.get_by_text("Contact the website administrator")).to_have_count(0)
    page.go_back()
    page.wait_for_url(re.compile(r"/$"))


def test_a_crafted_error_link_cannot_put_its_own_words_on_the_page(page: Page) -> None:
    page.goto("/error/server?type=server&message=Appelez+le+%2B226+00+00+00+00&ref=x")
    expect(page.get_by_role("heading", name="Erreur du serveur")).to_be_visible()
    expect(page.get_by_text("Appelez le")).to_have_count(0)
    expect(page.get_by_text("Référence")).to_have_count(0)


def test_retry_never_leaves_the_shop(page: Page, shop: str) -> None:
    """A crafted `from` (another site, spelled as browsers would still follow it) is ignored:
    "Réessayer" stays on the shop."""
    for crafted in ("%2F%2Fevil.example%2F", "%2F%09%2Fevil.example%2F"):
        page.goto(f"/error/server?type=server&from={crafted}")
        expect(page.get_by_role("heading", name="Erreur du serveur")).to_be_visible()
        page.get_by_role("button", name="Réessayer").click()
        page.wait_for_load_state()
        assert urlsplit(page.url).netloc == urlsplit(shop).netloc


def test_the_shop_works_at_an_address_the_allowed_origins_do_not_list(
    page: Page, shop: str
) -> None:
    """The server's GROCER_ALLOWED_ORIGINS names 127.0.0.1 and localhost only; the shop opened
    at another address of this machine still gets its websocket (the sections need it)."""
    port = urlsplit(shop).port
    page.goto(f"http://127.0.0.2:{port}/")
    page.locator(ADD).first.wait_for()
    expect(sections_box(page)).to_have_count(0)
