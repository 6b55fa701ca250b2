"""What a page's first visit asks for (issue 21): the dialogs' library (Radix, through
assets/dialog.js) comes when a dialog is first wanted, and a dialog wanted before it has arrived
still opens, with its focus trap, Escape and focus return; the tab's icon is in the page. The
address and slot dialogs come once, with the app, not again with each page moved to; a product
page starts with a few scripts, not twenty, and the first dialog asks for one (issue 23,
grocer.web.chunk_groups)."""

from __future__ import annotations

from typing import Any

from playwright.sync_api import Page, expect

from tests.e2e.test_product_quantity import QUANTITY

RADIX_MARK = "DialogContent"
"""A name only Radix's dialog module holds (its parts' display names)."""
DIALOG_MARKS = ("address-city", "slot-select")
"""Element ids of the address dialog and of the slot dialog (in their compiled code)."""
OVERLAY_MARKS = ("auth-prompt", "bag-panel")
"""Element ids of the auth prompt and of the bag's panel (grocer.components.overlays)."""
MOST_FIRST_SCRIPTS = 10
"""Scripts a product page may start with: each costs a round trip of its own on a slow link
(20 before the start files were grouped, 8 after)."""


def _scripts_with_radix(page: Page, fetched: list[Any]) -> list[Any]:
    return [response for response in fetched if RADIX_MARK in response.text()]


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
    # the library and the dialogs' code come in one file: one round trip for the first dialog
    radix = _scripts_with_radix(phone, fetched)
    assert len(radix) == 1
    assert all(mark in radix[0].text() for mark in OVERLAY_MARKS)
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


def test_a_move_to_another_page_does_not_fetch_the_dialogs_again(
    phone: Page, catalogue: dict[str, Any]
) -> None:
    fetched: list[Any] = []
    phone.on(
        "response",
        lambda response: fetched.append(response) if response.url.endswith(".js") else None,
    )
    phone.goto(f"/produit/{catalogue['article']['id']}")
    phone.wait_for_function("() => window.__grocerReady === true")
    with_dialogs = [r.url for r in fetched if all(m in r.text() for m in DIALOG_MARKS)]
    assert len(with_dialogs) == 1, with_dialogs  # the app's own script, once

    first_visit = len(fetched)
    phone.get_by_role("link", name="Retour à l'accueil").click()
    phone.wait_for_url(lambda url: "/produit/" not in url)
    phone.get_by_role("button", name="Menu", exact=True).wait_for()
    moved = fetched[first_visit:]
    assert moved, "the move fetched no script for the home page"
    assert [r.url for r in moved if any(m in r.text() for m in DIALOG_MARKS)] == []

    # The dialogs are still there: the menu's address link opens the address dialog, and on
    # a phone its map picker over it.
    phone.get_by_role("button", name="Menu", exact=True).click()
    phone.get_by_role("button", name="Entrez votre adresse").first.click()
    expect(
        phone.get_by_role("dialog", name="Choisissez votre adresse sur la carte")
    ).to_be_visible()


def test_a_move_to_another_page_keeps_the_header_drawn(
    phone: Page, catalogue: dict[str, Any]
) -> None:
    """The header is the app's shell (grocer.components.layout.shell): a move draws only the
    page's own part, the header element the shopper sees stays the same one."""
    phone.goto(f"/produit/{catalogue['article']['id']}")
    phone.wait_for_function("() => window.__grocerReady === true")
    phone.evaluate(
        "() => { document.querySelector('header').dataset.drawnOnce = 'yes';"
        " document.querySelector('main').dataset.drawnOnce = 'yes'; }"
    )
    phone.get_by_role("link", name="Retour à l'accueil").click()
    phone.wait_for_url(lambda url: "/produit/" not in url)
    expect(phone.locator("main#main")).not_to_have_attribute("data-drawn-once", "yes")
    expect(phone.locator("header")).to_have_count(1)
    expect(phone.locator("header")).to_have_attribute("data-drawn-once", "yes")
    expect(phone.locator("footer")).to_have_count(1)
    # The shell's controls still act on the new page.
    phone.get_by_role("button", name="Menu", exact=True).click()
    expect(phone.get_by_role("dialog", name="Menu")).to_be_visible()


def test_a_dialog_open_leaves_the_page_unrestyled_and_its_backdrop_takes_the_taps(
    phone: Page,
) -> None:
    """Opening a modal changes nothing the page's elements inherit (Radix's `pointer-events`
    and scroll-lock variable on <body>, grocer.components.dialog.DIALOG_CSS), and the page
    behind still takes no tap: the backdrop does, and closes the dialog."""
    phone.goto("/")
    phone.wait_for_function("() => window.__grocerReady === true")
    menu = phone.get_by_role("button", name="Menu", exact=True)
    menu.click()
    drawer = phone.get_by_role("dialog", name="Menu")
    expect(drawer).to_be_visible()
    phone.wait_for_function("() => document.body.style.pointerEvents === 'none'")
    inherited = phone.evaluate(
        """() => {
          const card = getComputedStyle(document.querySelector('main article'));
          return [card.pointerEvents, card.getPropertyValue('--removed-body-scroll-bar-size')];
        }"""
    )
    assert inherited == ["auto", ""], inherited
    home_url = phone.url
    box = phone.locator("main article a").last.bounding_box()
    assert box is not None
    # A tap where a product link lies under the backdrop, beside the drawer.
    phone.mouse.click(box["x"] + box["width"] - 4, box["y"] + 4)
    expect(drawer).to_have_count(0)
    assert phone.url == home_url


def test_a_product_page_starts_with_a_few_scripts(phone: Page, catalogue: dict[str, Any]) -> None:
    asked: list[str] = []
    phone.on(
        "request",
        lambda request: asked.append(request.url) if request.resource_type == "script" else None,
    )
    phone.goto(f"/produit/{catalogue['article']['id']}")
    phone.wait_for_function("() => window.__grocerReady === true")
    first = sorted(set(asked))
    assert first, "the page asked for no script"
    assert len(first) <= MOST_FIRST_SCRIPTS, first
    # the page works with them: its quantity stepper answers
    phone.get_by_role("button", name="Augmenter la quantité").click()
    expect(phone.get_by_role("status", name=QUANTITY)).to_have_text("2")


def test_a_product_page_asks_for_its_photo_first_and_once(
    phone: Page, catalogue: dict[str, Any]
) -> None:
    """The photo is named at the top of the page's head (grocer.web.hero_preload) and fetched
    once; the app's scripts are asked for after it is in (grocer.web.paint_first), and the page
    then works."""
    photos: list[str] = []
    phone.on(
        "request",
        lambda request: photos.append(request.url) if "/img/products/" in request.url else None,
    )
    phone.goto(f"/produit/{catalogue['article']['id']}")
    phone.wait_for_function("() => window.__grocerReady === true")
    head = phone.evaluate(
        "() => [...document.head.children].slice(0, 4).map((el) => el.outerHTML).join('')"
    )
    photo = phone.evaluate("() => document.querySelector('img[fetchpriority=\"high\"]').src")
    assert 'rel="preload" as="image"' in head and photo.split("/img/")[1] in head
    assert photos.count(photo) == 1, photos
    timings = phone.evaluate(
        """(photo) => {
            const entries = performance.getEntriesByType("resource");
            return {
                photo: entries.filter((e) => e.name === photo).map((e) => e.responseEnd),
                scripts: entries
                    .filter((e) => e.name.includes("/assets/") && e.name.endsWith(".js"))
                    .map((e) => e.startTime),
            };
        }""",
        photo,
    )
    assert len(timings["photo"]) == 1 and timings["scripts"]
    assert min(timings["scripts"]) >= timings["photo"][0]
    phone.get_by_role("button", name="Augmenter la quantité").click()
    expect(phone.get_by_role("status", name=QUANTITY)).to_have_text("2")
