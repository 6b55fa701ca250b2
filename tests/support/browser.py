"""The machine's Chromium and the flags DESIGN.md names, shared by the browser tests and the
benchmarks (Playwright's own browser download does not work here)."""

from __future__ import annotations

import os
import random
from collections.abc import Iterator
from contextlib import contextmanager
from typing import Any

CHROMIUM = os.environ.get("GROCER_CHROMIUM", "/usr/bin/chromium")
CHROMIUM_ARGS: list[str] = [
    "--headless",
    "--no-sandbox",
    "--disable-gpu",
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
    "--no-first-run",
]


def shopper_address() -> dict[str, str]:
    """A header giving one simulated shopper their own (private) address.

    The browser-test server trusts one proxy hop (GROCER_TRUSTED_PROXY_HOPS=1, as behind
    nginx), so each browser context and each API client of a test is a different shopper to
    the per-address budgets (20 codes an hour per address), as real shoppers are; everything
    else still comes from 127.0.0.1."""
    octets = (random.randint(0, 255), random.randint(0, 255), random.randint(1, 254))
    return {"X-Forwarded-For": "10.{}.{}.{}".format(*octets)}


HYDRATED_JS = """(selector) => {
    const node = document.querySelector(selector);
    return !!node && Object.keys(node).some((key) => key.startsWith("__reactFiber"));
}"""
"""True once React has taken over the element (prerendered pages start their scripts only
after `load`, so a click right after `goto` can come before the app is there)."""


def frames_sent(page: Any) -> list[str]:
    """Every websocket frame the page sends from now on (the app's events, and the client
    storage that goes up with the first one)."""
    sent: list[str] = []
    page.on("websocket", lambda ws: ws.on("framesent", lambda frame: sent.append(str(frame))))
    return sent


def wait_hydrated(page: Any, selector: str = "#top") -> None:
    """Wait until the app runs the page (React owns `selector`)."""
    page.wait_for_function(HYDRATED_JS, arg=selector)


def sign_in_at_the_guard(page: Any, identifier: str, password: str, drawn: str) -> None:
    """A signed-out visit to a guarded page: the shop (`drawn`, a selector of its content)
    with the sign-in dialog; sign in there (the guard then goes back to the page asked for)."""
    dialog = page.get_by_role("dialog", name="Connectez-vous à votre compte")
    dialog.wait_for()
    page.wait_for_function("() => location.pathname === '/'")
    page.locator(drawn).first.wait_for()  # the shop is drawn (the dialog with it)
    dialog.get_by_label("Nom d'utilisateur ou email").fill(identifier)
    dialog.locator("#login-password").fill(password)
    dialog.get_by_role("button", name="Se connecter", exact=True).click()


APP_SCRIPTS = "**/assets/**/*.js"
"""The app's scripts, as a Playwright route pattern."""


@contextmanager
def app_held_back(tab: Any) -> Iterator[None]:
    """The app's scripts wait until the block is over, as on a slow link. On this machine the
    page's `load` (after which the scripts are asked for) comes with the first paint, and a tap
    sent then may reach the page only once it has hydrated; holding the scripts makes sure what
    the block does comes before the app, which is the case under test."""
    held: list[Any] = []
    released = False

    def hold(route: Any) -> None:
        if released:
            route.continue_()
        else:
            held.append(route)

    tab.route(APP_SCRIPTS, hold)
    try:
        yield
    finally:
        released = True
        for route in held:
            route.continue_()
