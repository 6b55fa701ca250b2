"""The product page's quantity, in a real browser (issue 23): − and + answer in the browser,
without a websocket message; "Add To Cart" puts the whole quantity in the bag in one go (a
guest going past 2 gets the auth prompt, a signed-in shopper's server bag holds it); another
product, and the same product visited again, start again at 1.
"""

from __future__ import annotations

from typing import Any

import httpx
import pytest

from tests.e2e.test_checkout import api_token
from tests.e2e.test_session_bag import (
    api_account,
    close_auth_prompt,
    fresh_email,
    sign_in,
    wait_count,
)
from tests.support.browser import frames_sent
from tests.support.held_answers import HeldAnswers

pytestmark = pytest.mark.e2e

QUANTITY = "Quantité"
PROMPT = "Ne perdez pas votre panier"


def open_product(page: Any, article_id: int) -> None:
    """The product page, once the app has taken over from the served preview and its first
    events have been answered (the bag button shows)."""
    page.goto(f"/produit/{article_id}")
    page.locator("#grocer-preview").wait_for(state="detached")
    page.get_by_role("button", name="Add To Cart").wait_for()
    page.wait_for_function("() => !!document.querySelector('button[aria-label^=\"Panier\"]')")
    page.wait_for_timeout(500)  # the page's load events have been answered


def shown_quantity(page: Any) -> str:
    return page.get_by_role("status", name=QUANTITY).inner_text().strip()


def tap(page: Any, name: str, times: int = 1) -> None:
    for _ in range(times):
        page.get_by_role("button", name=name).click()


def test_a_guest_sets_the_quantity_in_the_browser_and_adds_it_at_once(
    page: Any, catalogue: dict[str, Any]
) -> None:
    sent = frames_sent(page)
    open_product(page, catalogue["article"]["id"])
    decrease = page.get_by_role("button", name="Diminuer la quantité")
    assert shown_quantity(page) == "1" and decrease.is_disabled()

    before = len(sent)
    tap(page, "Augmenter la quantité", 4)
    assert shown_quantity(page) == "5"
    tap(page, "Diminuer la quantité")
    assert shown_quantity(page) == "4"
    page.wait_for_timeout(300)
    assert sent[before:] == [], "a quantity tap went to the server"

    page.get_by_role("button", name="Add To Cart").click()
    wait_count(page, 4)
    # 0 → 4 in one change goes past 2: the guest is offered to keep the bag (000 §4.3)
    close_auth_prompt(page)

    # Another product starts again at 1.
    page.locator("#related-products a[href^='/produit/']").first.click()
    page.wait_for_url(lambda url: f"/produit/{catalogue['article']['id']}" not in url)
    page.get_by_role("button", name="Add To Cart").wait_for()
    page.wait_for_function(
        "(name) => document.querySelector(`[role=status][aria-label='${name}']`)"
        "?.innerText.trim() === '1'",
        arg=QUANTITY,
    )


def test_a_product_visited_again_starts_at_one(page: Any, catalogue: dict[str, Any]) -> None:
    """The shopper chooses 3, leaves without adding, and comes back: 1, as on any visit
    (001 §4: "Quantity starts at 1")."""
    open_product(page, catalogue["article"]["id"])
    tap(page, "Augmenter la quantité", 2)
    assert shown_quantity(page) == "3"

    page.get_by_role("link", name="Retour à l'accueil").click()
    page.wait_for_url(lambda url: "/produit/" not in url)
    page.get_by_role("status", name=QUANTITY).wait_for(state="detached")
    page.go_back()
    page.get_by_role("button", name="Add To Cart").wait_for()
    assert shown_quantity(page) == "1"
    tap(page, "Augmenter la quantité")
    assert shown_quantity(page) == "2"


def test_a_signed_in_shopper_adds_the_quantity_to_the_server_bag(
    page: Any, shop: str, smtp: Any, catalogue: dict[str, Any]
) -> None:
    email = fresh_email("mariam")
    api_account(shop, smtp, email)
    open_product(page, catalogue["article"]["id"])
    sign_in(page, email)
    page.get_by_role("dialog", name="Connectez-vous à votre compte").wait_for(state="detached")

    tap(page, "Augmenter la quantité", 2)
    assert shown_quantity(page) == "3"
    page.get_by_role("button", name="Add To Cart").click()
    wait_count(page, 3)
    assert page.get_by_role("dialog", name=PROMPT).count() == 0  # signed in: no prompt

    user_id, token = api_token(shop, email)
    server_bag: dict[str, Any] = {}
    for _ in range(50):  # the save is in flight when the count shows
        server_bag = httpx.get(
            f"{shop}/api/v1/cart", headers={"Authorization": f"Bearer {token}"}, timeout=30
        ).json()
        if server_bag["itemCount"] == 3:
            break
        page.wait_for_timeout(200)
    assert server_bag["userId"] == user_id
    assert [(i["articleId"], i["quantity"]) for i in server_bag["items"]] == [
        (catalogue["article"]["id"], 3)
    ]


def test_the_page_answers_taps_before_the_server_has_answered_anything(
    page: Any, catalogue: dict[str, Any]
) -> None:
    """The product the server wrote into the page is drawn from the app's first render: with
    every message of the websocket held back (its handshake too), the stepper answers and
    "Add To Cart" shows in the bag at once; once the messages flow, the server's bag holds the
    quantity (the page's load ran before the tap's event)."""
    socket = HeldAnswers(page)
    socket.hold = True
    article = catalogue["article"]
    page.goto(f"/produit/{article['id']}")
    page.locator("#grocer-preview").wait_for(state="detached")  # the app drew the page
    page.get_by_role("heading", name=article["name"]).wait_for()
    tap(page, "Augmenter la quantité", 2)
    assert shown_quantity(page) == "3"
    page.get_by_role("button", name="Add To Cart").click()
    wait_count(page, 3)
    assert socket.held and not socket.passed, "the server's messages reached the page"
    socket.release()
    page.get_by_role("dialog", name=PROMPT).wait_for()  # the server's answer to the add
    page.wait_for_function(
        "(id) => JSON.parse(localStorage.getItem('cart') || '[]')"
        ".some((line) => String(line.id) === String(id) && line.quantity === 3)",
        arg=article["id"],
    )
    wait_count(page, 3)


def test_a_guests_add_reaching_two_articles_shows_the_prompt_at_once(
    page: Any, catalogue: dict[str, Any]
) -> None:
    """The auth prompt (000 §4.3) shows with the tap that brings a guest's bag past 2 articles,
    before the server's answer, which then opens it too; once shown, it is not drawn again."""
    socket = HeldAnswers(page)
    open_product(page, catalogue["article"]["id"])
    tap(page, "Augmenter la quantité", 2)
    socket.hold = True
    page.get_by_role("button", name="Add To Cart").click()
    prompt = page.get_by_role("dialog", name=PROMPT)
    prompt.wait_for()  # every answer is held: this is the page's own
    prompt.get_by_text("Vous avez 3 articles dans votre panier").wait_for()
    assert socket.held, "the server answered a tap the page never saw"
    socket.release()
    page.wait_for_timeout(500)
    assert prompt.is_visible()  # the state opened it as well
    prompt.get_by_role("button", name="Plus tard").click()
    prompt.wait_for(state="detached")
    page.wait_for_timeout(300)
    socket.hold = True
    page.get_by_role("button", name="Add To Cart").click()
    page.wait_for_timeout(500)
    assert prompt.count() == 0  # shown once in this tab: not again
    socket.release()


def test_a_prompt_drawn_for_a_tap_nobody_answers_goes_with_it(
    page: Any, catalogue: dict[str, Any]
) -> None:
    socket = HeldAnswers(page)
    open_product(page, catalogue["article"]["id"])
    tap(page, "Augmenter la quantité")
    socket.hold = True
    page.get_by_role("button", name="Add To Cart").click()
    prompt = page.get_by_role("dialog", name=PROMPT)
    prompt.wait_for()
    wait_count(page, 2)
    # No answer ever comes: the prompt goes with the tap's count, back to the server's bag.
    prompt.wait_for(state="detached", timeout=30_000)
    wait_count(page, 0)
