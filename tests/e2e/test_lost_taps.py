"""No lost taps (issues 19 and 21): on a phone-speed CPU (4x slower), a tap on the painted page
before the app has hydrated is kept and done once the app runs (grocer/web/tap_replay.js), so
the shopper sees what the tap asked for, once."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import httpx
from playwright.sync_api import Locator, Page, Route, expect

from tests.e2e.test_account_shell import welcome_gone
from tests.e2e.test_checkout import api_token
from tests.e2e.test_session_bag import (
    account_button,
    api_account,
    bag_button,
    close_auth_prompt,
    fresh_email,
    sign_in,
)
from tests.support.browser import app_held_back
from tests.support.held_answers import HeldAnswers

FIRST_PAINT = "() => performance.getEntriesByName('first-contentful-paint').length > 0"
APP_READY = "() => window.__grocerReady === true"
PREVIEW_ADD = '#grocer-preview [data-tap^="add-"]'
AFTER = 30_000
"""How long the result may take to show (ms): on a 4x-slowed CPU the app's scripts start after
`load`, then React hydrates and the websocket connects, on a machine other tests share."""
SHOWN_WAITING = """(key) =>
    !!document.querySelector(`[data-tap="${key}"][aria-busy="true"][data-tap-waiting]`)"""
"""The tapped control shows it is waiting for the app."""
DIALOGS_CODE = "**/assets/overlays-*.js"
"""The deferred dialogs' module (grocer.components.overlays), the auth prompt's among them."""
NAMESPACE_CONNECTED = "40/_event,"
"""The server's acknowledgement of the page's socket.io namespace: connected, nothing else."""
PROMPT_WATCH = """new MutationObserver(() => {
  if ([...document.querySelectorAll('[role=dialog]')]
      .some((d) => d.textContent.includes('Ne perdez pas votre panier'))) {
    window.__grocerPromptSeen = true;
  }
}).observe(document, { subtree: true, childList: true });"""
"""Notes whether the guest's auth prompt was ever drawn on the page."""
HEADER_BAG = 'header button[aria-label^="Panier"]'
ANSWERED_ADD = '"answered_rx_state_":1'
"""The server's answer to the page's first bag tap (BagState's count of answered taps)."""
WAITING = "(n) => document.querySelectorAll('[data-tap-waiting]').length === n"


def _open_slowed(tab: Page, path: str) -> None:
    """Open `path` with the CPU slowed 4x and return at the first contentful paint (the app's
    scripts start only after `load`, grocer.web.paint_first)."""
    cdp = tab.context.new_cdp_session(tab)
    cdp.send("Emulation.setCPUThrottlingRate", {"rate": 4})
    tab.goto(path, wait_until="commit")
    tab.wait_for_function(FIRST_PAINT, polling=10)


def _tap_before_the_app(tab: Page, control: Locator) -> None:
    """Tap `control` as it is painted, checking that the app does not run the page yet."""
    assert tab.evaluate(APP_READY) is False
    _tap(tab, control)


def _tap(tab: Page, control: Locator) -> None:
    """A finger's tap on the phone, a mouse click on the desktop."""
    if (tab.viewport_size or {}).get("width", 0) < 600:
        control.tap()
    else:
        control.click()


def _three_added_on_the_painted_page(tab: Page, article_id: int) -> None:
    """The product link opened with the app held back (app_held_back): 3 chosen on the
    painted stepper, then "Add To Cart" tapped, kept for the app."""
    _open_slowed(tab, f"/produit/{article_id}")
    more = tab.get_by_role("button", name="Augmenter la quantité")
    for _ in range(2):
        _tap(tab, more)
    expect(tab.locator('[role=status][aria-label="Quantité"]')).to_have_text("3")
    _tap_before_the_app(tab, tab.get_by_role("button", name="Add To Cart"))


def _all_done(tab: Page) -> None:
    """Every kept tap has been done (no control is marked waiting any more)."""
    tab.wait_for_function(APP_READY, timeout=AFTER)
    tab.wait_for_function(WAITING, arg=0, timeout=AFTER)


def _bag_shows_one(tab: Page) -> None:
    expect(bag_button(tab)).to_have_text("1", timeout=AFTER)
    _all_done(tab)
    # Done once, not once per painted copy of the card nor once per tap.
    expect(bag_button(tab)).to_have_text("1", timeout=AFTER)


def test_the_phone_menu_opens(phone: Page) -> None:
    with app_held_back(phone):
        _open_slowed(phone, "/")
        _tap_before_the_app(phone, phone.locator('[data-tap="menu"]'))
        assert phone.evaluate(SHOWN_WAITING, "menu")
    expect(phone.get_by_role("dialog", name="Menu")).to_be_visible(timeout=AFTER)
    _all_done(phone)
    # Opened once, not toggled shut by a second replay.
    expect(phone.get_by_role("dialog", name="Menu")).to_be_visible(timeout=AFTER)


def test_the_phone_menu_300_ms_after_the_first_paint(phone: Page) -> None:
    _open_slowed(phone, "/")
    phone.wait_for_timeout(300)
    _tap(phone, phone.locator('[data-tap="menu"]'))
    expect(phone.get_by_role("dialog", name="Menu")).to_be_visible(timeout=AFTER)


def _opens_dialog(page: Page, key: str, act: Callable[[], None], dialog: str) -> None:
    """`act` on the painted page before the app runs: the control `key` waits, then `dialog`
    opens."""
    with app_held_back(page):
        _open_slowed(page, "/")
        assert page.evaluate(APP_READY) is False
        act()
        assert page.evaluate(SHOWN_WAITING, key)
    expect(page.get_by_role("dialog", name=dialog)).to_be_visible(timeout=AFTER)


def test_sign_in_opens_its_dialog(page: Page) -> None:
    sign_in = page.get_by_role("button", name="Sign in", exact=True)
    _opens_dialog(page, "signin", sign_in.click, "Connectez-vous à votre compte")


def test_the_address_opens_its_dialog_from_the_keyboard(page: Page) -> None:
    def press_enter() -> None:
        page.get_by_role("button", name="Entrez votre adresse").focus()
        page.keyboard.press("Enter")

    _opens_dialog(page, "address", press_enter, "Entrez votre adresse de livraison")


def test_the_language_changes(page: Page) -> None:
    with app_held_back(page):
        _open_slowed(page, "/")
        assert page.evaluate(APP_READY) is False
        page.locator("#language-select").select_option("en")
        assert page.evaluate(SHOWN_WAITING, "lang")
    expect(page.locator("html")).to_have_attribute("lang", "en", timeout=AFTER)
    expect(page.get_by_role("button", name="Bag", exact=True)).to_be_visible(timeout=AFTER)
    expect(page.get_by_role("combobox", name="Language")).to_have_value("en", timeout=AFTER)


def test_add_on_a_category_preview_card(phone: Page, catalogue: dict[str, Any]) -> None:
    main, sub = catalogue["main"], catalogue["sub"]
    with app_held_back(phone):
        _open_slowed(phone, f"/products?mainCategoryId={main['id']}&categoryId={sub['id']}")
        card_add = phone.locator(PREVIEW_ADD).first
        _tap_before_the_app(phone, card_add)
        assert phone.evaluate(SHOWN_WAITING, card_add.get_attribute("data-tap"))
    _bag_shows_one(phone)


def test_add_on_a_home_card_300_ms_after_the_first_paint(phone: Page) -> None:
    """Whatever card the home paints first (issue 21's wording)."""
    _open_slowed(phone, "/")
    phone.wait_for_timeout(300)
    painted = phone.locator('[data-tap^="add-"]')
    assert painted.count() > 0, "the home paints no product card"
    _tap(phone, painted.first)
    _bag_shows_one(phone)


def test_the_painted_product_stepper_answers_before_the_app(
    phone: Page, catalogue: dict[str, Any]
) -> None:
    """Issue 23: on a shared product link, − and + answer as painted, before the app's scripts
    have arrived; "Add To Cart" tapped then (twice) is kept, and once the app runs the bag holds
    the quantity chosen, once, and the app's stepper shows it (a later visit starts at 1 again)."""
    article = catalogue["article"]
    quantity = phone.locator('[role=status][aria-label="Quantité"]')
    more = phone.get_by_role("button", name="Augmenter la quantité")
    less = phone.get_by_role("button", name="Diminuer la quantité")
    with app_held_back(phone):
        _open_slowed(phone, f"/produit/{article['id']}")
        assert phone.evaluate(APP_READY) is False
        expect(quantity).to_have_text("1")
        expect(less).to_be_disabled()
        for _ in range(4):
            _tap(phone, more)
        _tap(phone, less)
        expect(quantity).to_have_text("4")
        assert phone.evaluate(APP_READY) is False, "the app ran before the taps"
        add = phone.get_by_role("button", name="Add To Cart")
        _tap_before_the_app(phone, add)
        _tap_before_the_app(phone, add)  # a double tap, impatient: added once
        assert phone.evaluate(SHOWN_WAITING, "product-add")
    _all_done(phone)
    close_auth_prompt(phone)  # a guest's bag past 2 articles (000 §4.3), 4 of them
    expect(bag_button(phone)).to_have_text("4", timeout=AFTER)
    expect(phone.locator("#grocer-preview")).to_have_count(0)
    expect(quantity).to_have_text("4")  # the app's own stepper took the quantity over
    _tap(phone, more)
    expect(quantity).to_have_text("5")
    expect(bag_button(phone)).to_have_text("4", timeout=AFTER)  # added once
    phone.get_by_role("link", name="Retour à l'accueil").click()
    phone.wait_for_url(lambda url: "/produit/" not in url)
    phone.go_back()
    expect(phone.get_by_role("button", name="Add To Cart")).to_be_visible(timeout=AFTER)
    expect(quantity).to_have_text("1")


def test_the_painted_add_draws_the_auth_prompt_before_the_servers_answer(
    phone: Page, catalogue: dict[str, Any]
) -> None:
    """A guest's "Add To Cart" tapped on the painted page, bringing the bag past 2 articles:
    as the app runs, the auth prompt (000 §4.3) is drawn in the browser with the count, while
    the server's answer to the add is still held back; the answer, once it comes, keeps both.
    (Drawn only by the answer, the prompt came a round trip and the hydration later.)"""
    held = HeldAnswers(phone)
    held.hold_from = ANSWERED_ADD
    prompt = phone.get_by_role("dialog", name="Ne perdez pas votre panier")
    dialogs_code: list[Route] = []  # as on a slow link, it comes after the app has mounted
    with app_held_back(phone):
        phone.route(DIALOGS_CODE, lambda route: dialogs_code.append(route))
        _three_added_on_the_painted_page(phone, catalogue["article"]["id"])
    expect(phone.locator(HEADER_BAG)).to_have_text("3", timeout=AFTER)  # the kept tap is done
    phone.wait_for_function(APP_READY)
    for _ in range(600):
        if dialogs_code:
            break
        phone.wait_for_timeout(50)
    assert dialogs_code, f"the dialogs' code ({DIALOGS_CODE}) was never asked for"
    phone.unroute(DIALOGS_CODE)
    for route in dialogs_code:
        route.continue_()
    expect(prompt).to_be_visible(timeout=AFTER)
    expect(prompt).to_contain_text("3 articles")
    expect(phone.locator(HEADER_BAG)).to_have_text("3")  # the modal hides it from role lookups
    held.wait_held()  # the server has answered the add, and the page has not had it
    assert not any(ANSWERED_ADD in message for message in held.passed)
    expect(prompt).to_be_visible()
    held.release()
    phone.wait_for_timeout(500)  # the answer drawn
    expect(prompt).to_be_visible()
    close_auth_prompt(phone)
    expect(bag_button(phone)).to_have_text("3")


def test_a_signed_in_shoppers_painted_add_reaches_the_server_bag(
    first_visit: Page, shop: str, smtp: Any, catalogue: dict[str, Any]
) -> None:
    """The same kept "Add To Cart" for a signed-in shopper opening a product link: the
    quantity set on the painted stepper is in the account's server bag once the app has run
    (the session's start and its bag restore do not undo it), and the screen agrees. The
    guest's auth prompt is never drawn, not even before the session's state has come."""
    page = first_visit
    page.add_init_script(PROMPT_WATCH)
    email = fresh_email("painted")
    api_account(shop, smtp, email)
    article = catalogue["article"]
    page.goto("/")
    sign_in(page, email)
    welcome_gone(page)  # a modal: it hides the header from role lookups
    expect(account_button(page)).to_be_visible(timeout=AFTER)
    with app_held_back(page):
        _three_added_on_the_painted_page(page, article["id"])
    _all_done(page)
    expect(bag_button(page)).to_have_text("3", timeout=AFTER)
    _, token = api_token(shop, email)
    lines: list[tuple[int, int]] = []
    for _ in range(50):  # the save may still be on its way when the count shows
        bag = httpx.get(
            f"{shop}/api/v1/cart", headers={"Authorization": f"Bearer {token}"}, timeout=30
        ).json()
        lines = [(item["articleId"], item["quantity"]) for item in bag["items"]]
        if lines:
            break
        page.wait_for_timeout(200)
    assert lines == [(article["id"], 3)]
    assert page.evaluate("() => window.__grocerPromptSeen === true") is False
    page.reload()
    expect(bag_button(page)).to_have_text("3", timeout=AFTER)


def test_a_signed_in_shoppers_add_before_the_session_has_come_draws_no_prompt(
    first_visit: Page, shop: str, smtp: Any, catalogue: dict[str, Any]
) -> None:
    """Signed in, "Add To Cart" tapped once the app runs but before the hydration's answers
    (held back here, as on a slow link): the bag shows the article at once, and the guest's
    auth prompt is not drawn, although the page still holds the state's defaults (signed
    out) until the session's state comes."""
    page = first_visit
    email = fresh_email("early")
    api_account(shop, smtp, email)
    page.goto("/")
    sign_in(page, email)
    welcome_gone(page)
    expect(account_button(page)).to_be_visible(timeout=AFTER)
    page.add_init_script(PROMPT_WATCH)
    held = HeldAnswers(page)
    held.hold_after = NAMESPACE_CONNECTED
    page.goto(f"/produit/{catalogue['article']['id']}")
    page.wait_for_function(APP_READY)
    expect(page.locator("#grocer-preview")).to_have_count(0, timeout=AFTER)
    held.wait_held()  # connected; the hydration's answers are held
    page.get_by_role("button", name="Augmenter la quantité").click()
    page.get_by_role("button", name="Add To Cart").click()
    expect(page.locator(HEADER_BAG)).to_have_text("2")
    page.wait_for_load_state("networkidle")  # the dialogs' code, asked for at the tap, is in
    page.wait_for_timeout(500)  # a prompt drawn at once would be drawn by now
    assert page.evaluate("() => window.__grocerPromptSeen === true") is False
    held.release()
    expect(bag_button(page)).to_have_text("2", timeout=AFTER)
    assert page.evaluate("() => window.__grocerPromptSeen === true") is False


def test_the_dialogs_code_cut_off_on_its_way_comes_with_the_next_tap(page: Page) -> None:
    """A connection dropped while the dialogs' code travels (it is asked for as soon as it is
    needed, assets/deferred.js): the tap that needed it opens nothing, and the next tap asks
    for it again and opens its dialog."""
    cut: list[str] = []

    def drop(route: Route) -> None:
        cut.append(route.request.url)
        route.abort("connectionreset")

    page.route(DIALOGS_CODE, drop)
    page.goto("/")
    page.wait_for_function(APP_READY)
    sign_in = page.get_by_role("button", name="Sign in", exact=True)
    dialog = page.get_by_role("dialog", name="Connectez-vous à votre compte")
    sign_in.click()
    for _ in range(600):
        if cut:
            break
        page.wait_for_timeout(50)
    assert cut, f"the dialogs' code ({DIALOGS_CODE}) was never asked for"
    page.wait_for_timeout(500)
    expect(dialog).to_have_count(0)
    page.unroute(DIALOGS_CODE)
    sign_in.click()
    expect(dialog).to_be_visible(timeout=AFTER)
