"""The back-office's picture field in a real browser (issue 17): an admin made with `grocer
create-admin` opens a home section's form at 390 px, picks a PNG through the page's file input
and saves it: the field shows the new picture (served from /media/, 600 px wide), the toast
says so, and the admin API lists the section with it. A text file named .jpg is refused by the
server with its message under the field; a GIF is refused by the browser before anything is
sent, with the same words as the server's. The section is a hidden one made for the test (the
shared shop's home is left as it was)."""

from __future__ import annotations

import io
import re
import uuid
from pathlib import Path
from typing import Any

import httpx
import pytest
from PIL import Image
from playwright.sync_api import TimeoutError as PlaywrightTimeout
from playwright.sync_api import expect

from tests.e2e.test_account_orders import Shopper
from tests.e2e.test_admin import new_admin, no_sideways_scroll, signed_in_at_admin
from tests.e2e.test_checkout import _warm  # noqa: F401 (autouse: a patient first page)
from tests.support.shop_server import ARTIFACTS

pytestmark = pytest.mark.e2e


def png() -> bytes:
    img = Image.new("RGB", (900, 700), (21, 128, 61))
    img.paste((250, 204, 21), (300, 200, 600, 500))
    out = io.BytesIO()
    img.save(out, "PNG")
    return out.getvalue()


def gif() -> bytes:
    out = io.BytesIO()
    Image.new("RGB", (40, 40), (200, 0, 0)).save(out, "GIF")
    return out.getvalue()


def test_an_admin_uploads_a_sections_picture_and_a_wrong_file_is_refused(
    phone: Any, shop: str, shop_data: Path
) -> None:
    admin_email = new_admin(shop_data)
    api = Shopper(shop, admin_email).api
    title = f"Photos {uuid.uuid4().hex[:6]}"
    made = api.post("/admin/sections", json={"title": title, "active": False})
    assert made.status_code == 201, made.text
    section_id = made.json()["id"]

    page = phone
    signed_in_at_admin(page, admin_email)
    page.get_by_role("navigation", name="Back-office").get_by_role(
        "button", name="Accueil et promotions"
    ).click()
    field = page.get_by_role("region", name="Image")
    for _ in range(3):  # a click while the panel still loads its lists is ignored
        page.get_by_role("button", name=f"Modifier « {title} »").click()
        try:
            field.wait_for(timeout=5_000)
            break
        except PlaywrightTimeout:
            continue
    expect(field.get_by_text("Pas d'image")).to_be_visible()
    save = field.get_by_role("button", name="Enregistrer l'image")
    expect(save).to_be_disabled()  # nothing picked yet

    # a real picture: picked through the page's file input, saved, shown
    chooser = field.locator("input[type=file]")
    chooser.set_input_files({"name": "affiche.png", "mimeType": "image/png", "buffer": png()})
    expect(field.get_by_text("Fichier choisi : affiche.png")).to_be_visible()
    save.click()
    expect(page.get_by_text("Image enregistrée").first).to_be_visible()
    shown = field.locator("#picture-section-current")
    expect(shown).to_have_attribute("src", re.compile(r"^/media/section/.+\.webp$"))
    page.wait_for_function(
        "() => { const img = document.querySelector('#picture-section-current');"
        " return img && img.complete && img.naturalWidth === 600; }"
    )
    url = shown.get_attribute("src")
    stored = next(s for s in api.get("/admin/sections").json() if s["id"] == section_id)
    assert stored["image"] == url
    served = httpx.get(f"{shop}{url}", timeout=30)
    assert served.status_code == 200 and served.headers["content-type"] == "image/webp"
    no_sideways_scroll(page)

    # a text file named .jpg: the server's message under the field, the picture unchanged
    chooser.set_input_files(
        {"name": "notes.jpg", "mimeType": "image/jpeg", "buffer": b"pas une image\n" * 40}
    )
    expect(field.get_by_text("Fichier choisi : notes.jpg")).to_be_visible()
    field.get_by_role("button", name="Enregistrer l'image").click()
    message = field.locator("#picture-section-message")
    expect(message).to_have_text("Ce fichier n'est pas une image JPEG, PNG ou WebP lisible")
    expect(page.get_by_text("Données invalides").first).to_be_visible()  # the toast
    expect(shown).to_have_attribute("src", url or "")

    # a GIF: refused by the browser, in the server's words, before anything is sent
    chooser.set_input_files({"name": "anim.gif", "mimeType": "image/gif", "buffer": gif()})
    expect(message).to_have_text(
        "Choisissez une image JPEG, PNG ou WebP (.jpg, .jpeg, .png ou .webp)"
    )
    expect(field.get_by_role("button", name="Enregistrer l'image")).to_be_disabled()
    no_sideways_scroll(page)
    ARTIFACTS.mkdir(exist_ok=True)
    page.screenshot(path=str(ARTIFACTS / "admin-picture-390.png"), full_page=True)
    stored = next(s for s in api.get("/admin/sections").json() if s["id"] == section_id)
    assert stored["image"] == url
