"""Mes commandes in a real browser against the production build (issue 15), at 1280 and 390 px.

A shopper (signed up through the API with the code read from the loopback SMTP server) has
placed two pickup orders through the API; signed in in the browser, they see both in "Mes
commandes" (number, French date, "En attente", total in XOF), open one (tracking, history,
lines; the address bar links to it), reorder it (the bag's count goes up and the bag shows the
lines), cancel it after the confirmation ("Annulée" in the details, the history and the list),
and a reload of the deep link opens it again. A shopper without orders sees the empty state.
axe-core finds no serious or critical violation in the section (list, details, cancelled,
empty) at either width. Screenshots go to test-artifacts/.
"""

from __future__ import annotations

import re
import uuid
from datetime import datetime
from decimal import Decimal
from typing import Any

import httpx
import pytest
from babel.dates import format_date

from grocer.services.money import format_amount
from tests.e2e.test_checkout import _warm  # noqa: F401 (autouse: a patient first page)
from tests.e2e.test_session_bag import (
    ADD,
    PASSWORD,
    api_account,
    bag_count,
    fresh_email,
    open_home,
    wait_count,
)
from tests.support.axe import serious_violations
from tests.support.shop_server import ARTIFACTS

pytestmark = pytest.mark.e2e

SECTION = "/account?section=orders"


# --- orders placed through the API -------------------------------------------------------------


class Shopper:
    """A shopper's API client (a bearer token of their own)."""

    def __init__(self, shop: str, email: str) -> None:
        self.email = email
        self.api = httpx.Client(base_url=f"{shop}/api/v1", timeout=30)
        answer = self.api.post(
            "/auth/login", json={"username": email, "password": PASSWORD, "rememberMe": True}
        )
        answer.raise_for_status()
        self.user_id = int(answer.json()["userInfo"]["id"])
        self.api.headers["Authorization"] = f"Bearer {answer.json()['accessToken']}"

    def order(self, lines: dict[int, int]) -> dict[str, Any]:
        """A cash pickup order of `lines` (article id -> quantity) at the first free slot."""
        items = [{"articleId": a, "quantity": q} for a, q in lines.items()]
        self.api.post("/cart", json={"cartItems": items}).raise_for_status()
        slots = self.api.get("/delivery-slots", params={"kind": "pickup", "days": 7}).json()
        slot = next(s for s in slots if s["available"])
        placed = self.api.post(
            "/orders",
            json={"kind": "pickup", "slotId": slot["id"], "payment": {"method": "cash"}},
            headers={"Idempotency-Key": uuid.uuid4().hex},
        )
        assert placed.status_code == 201, placed.text
        return placed.json()

    def read(self, order_id: int) -> dict[str, Any]:
        return self.api.get(f"/orders/{order_id}").json()


def home_articles(shop: str, count: int) -> list[dict[str, Any]]:
    """`count` different articles of the home sections (id, name)."""
    sections = httpx.get(f"{shop}/api/v1/web-ui/articles-sections", timeout=30).json()
    seen: dict[int, dict[str, Any]] = {}
    for section in sections:
        for article in section.get("articles") or []:
            seen.setdefault(int(article["id"]), article)
    return list(seen.values())[:count]


def shopper_with_orders(shop: str, smtp: Any) -> tuple[Shopper, list[dict[str, Any]], list]:
    """A new shopper with two pending orders (older: two articles, newer: one)."""
    email = fresh_email("fatou")
    api_account(shop, smtp, email)
    shopper = Shopper(shop, email)
    articles = home_articles(shop, 2)
    first, second = (int(a["id"]) for a in articles)
    older = shopper.order({first: 2, second: 1})
    newer = shopper.order({second: 3})
    return shopper, [newer, older], articles


# --- the page ---------------------------------------------------------------------------------


def shot(page: Any, name: str) -> None:
    ARTIFACTS.mkdir(exist_ok=True)
    page.screenshot(path=str(ARTIFACTS / f"account-orders-{name}.png"), full_page=True)


def signed_in_at_orders(page: Any, email: str) -> Any:
    """Ask for Mes commandes signed out: the guard's sign-in dialog over the shop, then back
    to the section (the way that works at every width); returns the section."""
    open_home(page)
    page.goto(SECTION)
    dialog = page.get_by_role("dialog", name="Connectez-vous à votre compte")
    dialog.wait_for(timeout=60_000)
    page.wait_for_function("() => location.pathname === '/'")
    page.locator(ADD).first.wait_for(timeout=60_000)
    dialog.get_by_label("Nom d'utilisateur ou email").fill(email)
    dialog.locator("#login-password").fill(PASSWORD)
    dialog.get_by_role("button", name="Se connecter", exact=True).click()
    page.wait_for_url(re.compile(r".*/account\?section=orders$"))
    page.wait_for_function("() => !document.querySelector('[role=dialog]')")  # welcome gone
    section = page.locator("#orders-section")
    section.get_by_role("heading", name="Mes commandes").wait_for()
    return section


def french_date(iso: str) -> str:
    """What Intl writes for the date in French ("25 novembre 2026"; the browser runs in UTC)."""
    return format_date(datetime.fromisoformat(iso.replace("Z", "+00:00")), "long", locale="fr")


def no_sideways_scroll(page: Any) -> None:
    width = page.evaluate("() => document.documentElement.scrollWidth")
    assert width <= page.viewport_size["width"], width


def check_list(section: Any, placed: list[dict[str, Any]]) -> None:
    rows = section.locator("[data-order]")
    rows.first.wait_for()
    assert [rows.nth(i).get_attribute("data-order") for i in range(rows.count())] == [
        order["number"] for order in placed
    ]
    for order in placed:
        row = section.locator(f"[data-order='{order['number']}']")
        assert row.get_by_text(f"Commande {order['number']}").is_visible()
        assert row.get_by_text("En attente").is_visible()
        assert row.get_by_text(format_amount(Decimal(order["total"]), "XOF")).is_visible()
        assert row.get_by_text(french_date(order["date"])).is_visible()


def open_details(page: Any, section: Any, order: dict[str, Any]) -> Any:
    section.get_by_role("button", name=f"Voir le détail de la commande {order['number']}").click()
    details = section.get_by_role("article", name=f"Commande {order['number']}")
    details.wait_for()
    page.wait_for_function("(n) => location.search.includes('order=' + n)", arg=order["number"])
    return details


def check_details(details: Any, order: dict[str, Any], articles: list[dict[str, Any]]) -> None:
    tracking = details.get_by_role("list", name="Suivi de la commande")
    current = tracking.locator("[aria-current='step']")
    assert current.get_attribute("data-step") == "pending"
    assert tracking.locator("[data-state='todo']").count() == 3
    history = details.get_by_role("region", name="Historique")
    assert history.get_by_text("En attente").is_visible()
    lines = details.locator("[data-lines='order']")
    for line in order["lines"]:
        assert lines.get_by_text(f"{line['quantity']} × {line['name']}").is_visible()
    assert details.get_by_text("Retrait en magasin", exact=False).first.is_visible()
    assert details.locator("[data-total='total']").inner_text() == format_amount(
        Decimal(order["total"]), "XOF"
    )
    assert {a["name"] for a in articles} >= {line["name"] for line in order["lines"]}


def reorder(page: Any, details: Any, order: dict[str, Any]) -> None:
    """ "Commander à nouveau" (double-clicked): the lines go into the bag once, which shows
    them at once."""
    before = bag_count(page)
    details.get_by_role("button", name="Commander à nouveau").dblclick()
    details.get_by_text("Les articles ont été ajoutés à votre panier.").wait_for()
    added = sum(line["quantity"] for line in order["lines"])
    wait_count(page, before + added)
    page.wait_for_timeout(500)
    assert bag_count(page) == before + added  # one reorder, not two
    details.get_by_role("button", name="Voir mon panier").click()
    panel = page.locator("#bag-panel")
    for line in order["lines"]:
        panel.get_by_text(line["name"], exact=True).first.wait_for()
    page.keyboard.press("Escape")
    panel.wait_for(state="detached")


def cancel(page: Any, details: Any, section: Any) -> None:
    details.get_by_role("button", name="Annuler la commande").click()
    dialog = page.get_by_role("dialog", name="Annuler la commande ?")
    dialog.wait_for()
    assert dialog.get_by_text("Cette action est irréversible", exact=False).is_visible()
    # axe reads the colours once the sheet has slid in (mid-animation they are see-through).
    page.wait_for_function("() => document.getAnimations().every(a => a.playState !== 'running')")
    assert serious_violations(page, "#cancel-order-dialog") == []
    dialog.get_by_role("button", name="Annuler la commande").dblclick()
    dialog.wait_for(state="detached")
    page.get_by_text("Commande annulée", exact=True).wait_for()
    details.get_by_text("Cette commande a été annulée.").wait_for()
    history = details.get_by_role("region", name="Historique")
    assert history.get_by_text("Annulée").is_visible()
    assert history.get_by_text("par vous", exact=False).is_visible()
    assert details.get_by_role("button", name="Annuler la commande").count() == 0


# --- the journeys ------------------------------------------------------------------------------


def test_orders_list_details_reorder_cancel_at_1280(page: Any, shop: str, smtp: Any) -> None:
    shopper, placed, articles = shopper_with_orders(shop, smtp)
    section = signed_in_at_orders(page, shopper.email)
    check_list(section, placed)
    shot(page, "list-1280")
    assert serious_violations(page, "#orders-section") == []

    older = placed[1]
    details = open_details(page, section, older)
    check_details(details, older, articles)
    shot(page, "details-1280")
    assert serious_violations(page, "#orders-section") == []

    reorder(page, details, older)
    cancel(page, details, section)
    assert shopper.read(older["id"])["status"] == "cancelled"
    shot(page, "cancelled-1280")
    assert serious_violations(page, "#orders-section") == []

    page.reload()  # the deep link opens the order again
    details = section.get_by_role("article", name=f"Commande {older['number']}")
    details.get_by_text("Cette commande a été annulée.").wait_for()
    details.get_by_role("button", name="Retour à mes commandes").click()
    row = section.locator(f"[data-order='{older['number']}']")
    row.get_by_text("Annulée").wait_for()
    assert (
        section.locator(f"[data-order='{placed[0]['number']}']")
        .get_by_text("En attente")
        .is_visible()
    )


def test_orders_on_a_phone_and_the_empty_state(phone: Any, shop: str, smtp: Any) -> None:
    page = phone
    shopper, placed, articles = shopper_with_orders(shop, smtp)
    section = signed_in_at_orders(page, shopper.email)
    check_list(section, placed)
    no_sideways_scroll(page)
    shot(page, "list-390")
    assert serious_violations(page, "#orders-section") == []

    newer = placed[0]
    details = open_details(page, section, newer)
    check_details(details, newer, articles)
    no_sideways_scroll(page)
    shot(page, "details-390")
    assert serious_violations(page, "#orders-section") == []
    reorder(page, details, newer)
    cancel(page, details, section)
    no_sideways_scroll(page)
    assert shopper.read(newer["id"])["status"] == "cancelled"

    # Another shopper, without orders: the empty state and the way back to the shop.
    page.get_by_role("button", name="Se déconnecter").click()
    page.wait_for_function("() => location.pathname === '/'")
    other = fresh_email("ali")
    api_account(shop, smtp, other)
    section = signed_in_at_orders(page, other)
    section.get_by_text("Vous n'avez pas encore de commande").wait_for()
    shot(page, "empty-390")
    assert serious_violations(page, "#orders-section") == []
    section.get_by_role("link", name="Commencer mes achats").click()
    page.wait_for_function("() => location.pathname === '/'")
    page.locator(ADD).first.wait_for()
