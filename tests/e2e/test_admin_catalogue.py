"""The back-office's catalogue in a real browser (issue 17, "Done when": an admin creates a
category and an article with a picture and sees it on the storefront in another browser,
without restarting): an admin made with `grocer create-admin` opens "Catalogue" at 390 px,
builds a category on each of the three levels, then an article in the level-3 one (a refused
price shown beside its field first) and uploads its picture; a shopper's browser, open on a
search for that article before it existed, finds it on a reload and opens its product page,
picture included. What the test adds is withdrawn and
hidden afterwards (the other browser tests share the shop)."""

from __future__ import annotations

import io
import re
import uuid
from pathlib import Path
from typing import Any

import pytest
from PIL import Image
from playwright.sync_api import expect

from tests.e2e.conftest import DESKTOP
from tests.e2e.test_account_orders import Shopper
from tests.e2e.test_admin import new_admin, no_sideways_scroll, signed_in_at_admin
from tests.e2e.test_checkout import _warm  # noqa: F401 (autouse: a patient first page)
from tests.e2e.test_session_bag import open_home
from tests.support.browser import shopper_address
from tests.support.shop_server import ARTIFACTS

pytestmark = pytest.mark.e2e


def jpeg() -> bytes:
    img = Image.new("RGB", (800, 800), (153, 27, 27))
    img.paste((250, 204, 21), (250, 250, 550, 550))
    out = io.BytesIO()
    img.save(out, "JPEG")
    return out.getvalue()


def new_category(page: Any, name: str, under: str = "") -> None:
    """The category form from the top button or from `under`'s row, saved; its row shows."""
    if under:
        row = page.locator(f'[data-category="{under}"]')
        row.get_by_role("button", name=f"Nouvelle sous-catégorie de « {under} »").click()
        where = page.get_by_text(re.compile(f"^Sous « {re.escape(under)} »"))
    else:
        page.get_by_role("button", name="Nouvelle catégorie").click()
        where = page.get_by_text("Au premier niveau")
    expect(where).to_be_visible()  # the new form, not the one it replaces
    page.locator("#category-name").fill(name)
    expect(page.locator("#category-name")).to_have_value(name)
    page.locator("#category-form").get_by_role("button", name="Enregistrer").click()
    expect(page.locator(f'[data-category="{name}"]')).to_be_visible()
    expect(page.get_by_role("heading", name="Modifier la catégorie")).to_be_visible()


def test_an_admin_creates_a_category_and_an_article_that_another_browser_sees(
    phone: Any, browser: Any, shop: str, shop_data: Path
) -> None:
    admin_email = new_admin(shop_data)
    api = Shopper(shop, admin_email).api  # the admin's own API client, for the clean-up
    word = f"Tiyamzi{uuid.uuid4().hex[:6]}"  # a word no other article holds
    top, middle, leaf = f"Épicerie {word}", f"Confitures {word}", f"Fruits rouges {word}"
    name = f"Confiture {word}"

    context = browser.new_context(
        locale="fr-FR", viewport=DESKTOP, base_url=shop, extra_http_headers=shopper_address()
    )
    created: dict[str, int] = {}
    try:
        other = context.new_page()
        other.set_default_timeout(20_000)
        open_home(other)
        other.goto(f"/recherche?q={word}")
        expect(other.get_by_text(f"Aucun résultat pour « {word} »")).to_be_visible()

        admin = phone
        signed_in_at_admin(admin, admin_email)
        admin.get_by_role("navigation", name="Back-office").get_by_role(
            "button", name="Catalogue"
        ).click()
        expect(admin.locator("[data-category]").first).to_be_visible()  # the tree is in
        new_category(admin, top)
        new_category(admin, middle, under=top)
        new_category(admin, leaf, under=middle)
        expect(admin.locator(f'[data-category="{leaf}"]')).to_contain_text("Niveau 3")
        no_sideways_scroll(admin)
        ARTIFACTS.mkdir(exist_ok=True)
        admin.screenshot(path=str(ARTIFACTS / "admin-categories-390.png"), full_page=True)
        created["category"] = next(
            c["id"] for c in api.get("/admin/categories").json() if c["name"] == top
        )

        admin.get_by_role("group", name="Catalogue").get_by_role("button", name="Articles").click()
        admin.get_by_role("button", name="Nouvel article").click()
        admin.locator("#article-name").fill(name)
        admin.locator("#article-price").fill("2500")
        admin.locator("#article-salePrice").fill("3000")  # above the price: refused
        admin.locator("#article-categoryId").select_option(label=f"{top} › {middle} › {leaf}")
        admin.locator("#article-weight").fill("250 g")
        admin.locator("#article-brand").fill("Saveurs du Sahel")
        admin.locator("#article-description").fill("Confiture artisanale")
        admin.locator('input[name="line_name_0"]').fill("Calories")
        admin.locator('input[name="line_value_0"]').fill("240")
        admin.locator('select[name="line_unit_0"]').select_option("kcal")
        form = admin.locator("#article-form")
        form.get_by_role("button", name="Enregistrer").click()
        expect(admin.locator("#catalogue-error-salePrice")).to_have_text(
            "Le prix soldé doit être inférieur au prix"
        )
        no_sideways_scroll(admin)
        admin.locator("#article-salePrice").fill("2200")
        form.get_by_role("button", name="Enregistrer").click()
        expect(admin.get_by_role("heading", name="Modifier l'article")).to_be_visible()
        expect(admin.locator("#catalogue-error-salePrice")).to_have_count(0)
        expect(admin.locator(f'[data-article="{name}"]')).to_contain_text("2500.00 XOF")
        # its picture, picked through the page's file input and saved
        field = admin.get_by_role("region", name="Image")
        field.locator("input[type=file]").set_input_files(
            {"name": "confiture.jpg", "mimeType": "image/jpeg", "buffer": jpeg()}
        )
        field.get_by_role("button", name="Enregistrer l'image").click()
        shown = field.locator("#picture-article-current")
        expect(shown).to_have_attribute("src", re.compile(r"^/media/article/.+\.webp$"))
        picture = (shown.get_attribute("src") or "").rsplit("/", 1)[-1][:24]  # its hash
        no_sideways_scroll(admin)
        admin.screenshot(path=str(ARTIFACTS / "admin-catalogue-390.png"), full_page=True)
        created["article"] = api.get("/admin/articles", params={"q": word}).json()["items"][0]["id"]

        # the shopper's browser, with no restart: the search finds it, its page shows it
        other.reload()
        found = other.get_by_text(name).first
        expect(found).to_be_visible()
        other.goto(f"/produit/{created['article']}")
        expect(other.get_by_role("heading", name=name, level=1)).to_be_visible()
        expect(other.get_by_text("Saveurs du Sahel").first).to_be_visible()
        expect(other.locator(f'main img[src*="{picture}"]').first).to_be_visible()
    finally:
        context.close()
        if "article" in created:
            api.patch(f"/admin/articles/{created['article']}", json={"status": "INACTIVE"})
        if "category" in created:
            api.patch(f"/admin/categories/{created['category']}", json={"visible": False})
