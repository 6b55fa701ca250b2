"""The shop under its Content-Security-Policy, in a real browser against the production build
(grocer/web/security_headers.py): pages, the sign-in dialog, the address dialog with the
device's position, the map picker and the store picker run with no CSP violation, and every
page arrives with the headers. After a sign-in, the refresh token is in localStorage once."""

from __future__ import annotations

import json
import os
import subprocess
import sys
import uuid
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

from tests.e2e.test_address_maps import (
    DIALOG,
    PICKER,
    STORES,
    api_account,
    open_dialog,
    open_home,
    sign_in,
    wait_value,
)
from tests.support.concurrency import wait_for_answer
from tests.support.shop_server import ROOT
from tests.support.smtp import free_port

pytestmark = pytest.mark.e2e

# Records every violation of the page (and says it in the console, which outlives the page).
WATCH_CSP = """
window.__csp = [];
document.addEventListener('securitypolicyviolation', (e) => {
  const line = `${e.violatedDirective} blocked ${e.blockedURI || '(inline)'}`
    + ` at ${e.sourceFile}:${e.lineNumber} ${e.sample || ''}`;
  window.__csp.push(line);
  console.error('CSP violation: ' + line);
});
"""


class Watch:
    """What the browser said about the policy, over every page of one tab."""

    def __init__(self, page: Any) -> None:
        self.page = page
        self.events: list[str] = []
        self.console: list[str] = []
        self.errors: list[str] = []
        page.add_init_script(WATCH_CSP)
        page.on("console", self._console)
        page.on("pageerror", lambda error: self.errors.append(str(error)))

    def _console(self, message: Any) -> None:
        text = message.text
        if "Content Security Policy" in text or "CSP violation" in text or "EvalError" in text:
            self.console.append(text)

    def collect(self) -> None:
        """The page's recorded events (call before leaving a page)."""
        self.events += self.page.evaluate("window.__csp || []")

    def assert_clean(self) -> None:
        self.collect()
        assert self.events == [] and self.console == [], (self.events, self.console)
        assert self.errors == []


def assert_hardened(response: Any) -> None:
    assert response is not None and response.ok
    headers = response.all_headers()
    policy = headers["content-security-policy"]
    assert policy.startswith("default-src 'self'; script-src 'self' 'sha256-")
    assert "'unsafe-eval'" not in policy and "frame-ancestors 'none'" in policy
    assert headers["x-content-type-options"] == "nosniff"
    assert headers["referrer-policy"] == "strict-origin-when-cross-origin"
    assert headers["x-frame-options"] == "DENY"
    assert "strict-transport-security" not in headers  # plain HTTP here


def test_pages_dialogs_and_maps_run_under_the_policy(
    located: Any, catalogue: dict[str, Any], providers: Any
) -> None:
    page = located
    watch = Watch(page)
    main, sub, article = catalogue["main"], catalogue["sub"], catalogue["article"]

    # A category (with the server's preview) and a product page (the SPA fallback, its
    # loading shell and preview), each until the app has taken over.
    assert_hardened(page.goto(f"/products?mainCategoryId={main['id']}&categoryId={sub['id']}"))
    page.locator("article[data-price]").first.wait_for()  # the app's own cards
    page.wait_for_function("() => !document.getElementById('grocer-preview')")
    watch.collect()
    assert_hardened(page.goto(f"/produit/{article['id']}"))
    page.get_by_role("button", name="Add To Cart").wait_for()  # the app has taken over
    page.wait_for_function("() => !document.querySelector('#grocer-shell, #grocer-preview')")
    watch.collect()

    # Home; the sign-in dialog.
    response = page.goto("/")
    assert_hardened(response)
    open_home(page)
    page.get_by_role("button", name="Sign in", exact=True).click()
    page.get_by_role("dialog", name="Connectez-vous à votre compte").wait_for()
    page.keyboard.press("Escape")
    page.wait_for_function("() => !document.querySelector('[role=dialog]')")

    # The address dialog: the device position (asked by the page's own code) fills the form.
    dialog = open_dialog(page)
    wait_value(page, "street", "12 Avenue Kwame Nkrumah")
    # The map picker: Leaflet, its bundled icons, the tiles of GROCER_TILE_URL.
    dialog.get_by_role("button", name="Choisir sur la carte").click()
    picker = page.get_by_role("dialog", name=PICKER)
    picker.wait_for()
    page.locator("#map-picker-map .leaflet-tile-loaded").first.wait_for()
    tile = page.locator("#map-picker-map img.leaflet-tile").first.get_attribute("src") or ""
    assert tile.startswith(providers.tiles.url)
    picker.get_by_role("button", name="Centrer sur ma position actuelle").click()
    page.locator("#map-picker-map img.leaflet-marker-icon").first.wait_for()
    page.keyboard.press("Escape")
    page.get_by_role("dialog", name=DIALOG).wait_for()
    # The store picker: its map and "Vous êtes ici" from the device position.
    page.get_by_role("dialog", name=DIALOG).get_by_role("button", name=STORES).click()
    page.get_by_role("dialog", name=STORES).wait_for()
    page.locator('#store-picker-map img.leaflet-marker-icon[title="Vous êtes ici"]').wait_for()
    page.locator("#store-picker-map .leaflet-tile-loaded").first.wait_for()
    page.wait_for_timeout(300)  # a late violation report would come in now

    watch.assert_clean()


def test_the_refresh_token_is_kept_once(page: Any, shop: str, smtp: Any) -> None:
    email = f"aminata.{uuid.uuid4().hex[:8]}@example.com"
    api_account(shop, smtp, email)
    watch = Watch(page)
    open_home(page)
    sign_in(page, email)

    storage = page.evaluate("Object.fromEntries(Object.entries(localStorage))")
    refresh = storage["refreshToken"]
    assert len(refresh) >= 32
    login = json.loads(storage["loginResponse"])
    assert "refreshToken" not in login
    assert login["accessToken"] and login["userInfo"]["email"] == email
    assert sum(value.count(refresh) for value in storage.values()) == 1
    watch.assert_clean()


# --- Swagger UI, when GROCER_API_DOCS turns it on ------------------------------------------


def docs_app() -> Any:
    """The API alone with its docs on, under the security headers (granian's factory)."""
    from grocer.api.app import create_api
    from grocer.web.security_headers import SecurityHeaders

    return SecurityHeaders(create_api(), pages=Path("/nonexistent"), api_url="")


@pytest.fixture(scope="module")
def docs_server(tmp_path_factory: pytest.TempPathFactory) -> Iterator[str]:
    data = tmp_path_factory.mktemp("docs")
    port = free_port()
    env = {
        **os.environ,
        "GROCER_API_DOCS": "1",
        "GROCER_DATA_DIR": str(data),
        "REFLEX_DB_URL": f"sqlite:///{data / 'docs.db'}",
    }
    proc = subprocess.Popen(
        [sys.executable, "-m", "granian", "--interface", "asgi", "--host", "127.0.0.1",
         "--port", str(port), "--factory", "tests.e2e.test_security_headers:docs_app"],
        cwd=ROOT, env=env, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL,
        start_new_session=True,
    )  # fmt: skip
    base = f"http://127.0.0.1:{port}"
    try:
        wait_for_answer(f"{base}/api/v1/openapi.json", proc)
        yield base
    finally:
        os.killpg(proc.pid, 15)
        proc.wait(timeout=20)


def test_swagger_ui_loads_under_the_policy(page: Any, docs_server: str) -> None:
    watch = Watch(page)
    foreign: list[str] = []
    page.on("request", lambda r: r.url.startswith(docs_server) or foreign.append(r.url))
    assert_hardened(page.goto(f"{docs_server}/api/v1/docs"))
    page.locator(".opblock").first.wait_for()
    assert page.locator(".opblock").count() > 20  # every operation of the API
    page.get_by_text("Grocer API").first.wait_for()
    assert foreign == []
    watch.assert_clean()
