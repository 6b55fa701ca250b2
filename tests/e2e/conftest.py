"""Browser tests: ONE production build and ONE server per test session, driven by Playwright
in the machine's Chromium. The server runs on a fresh SQLite database with the demo catalogue,
e-mail going to a real SMTP server on loopback, outside providers replaced by local servers.
"""

from __future__ import annotations

import os
import subprocess
import sys
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import httpx
import pytest

from grocer import testing_switches
from tests.fakes.mobile_money import FakeMobileMoney
from tests.fakes.providers import (
    FakeGeo,
    FakeIpApi,
    FakeIpWho,
    FakeNominatim,
    FakePhoton,
    FakeTiles,
)
from tests.support.browser import CHROMIUM, CHROMIUM_ARGS, shopper_address
from tests.support.shop_server import ARTIFACTS, running_shop
from tests.support.smtp import SmtpServer

BROWSER_ARGS = [*CHROMIUM_ARGS, "--disable-quic"]
HERE = {"latitude": 12.3714, "longitude": -1.5197}  # Ouagadougou, where `located` pages are


@pytest.fixture(autouse=True)
def _isolated_settings() -> Iterator[None]:
    """Browser tests talk to the shared server; they need no per-test settings."""
    yield


@pytest.fixture(scope="session")
def smtp() -> Iterator[SmtpServer]:
    server = SmtpServer().start()
    yield server
    server.stop()


@pytest.fixture(scope="session")
def providers() -> Iterator[FakeGeo]:
    """Local stand-ins for the geocoders, the IP-country services and the tile server."""
    geo = FakeGeo(
        FakeNominatim(), FakeNominatim(), FakePhoton(), FakeIpApi(), FakeIpWho(), FakeTiles()
    )
    for server in geo.all():
        server.start()
    yield geo
    for server in geo.all():
        server.stop()


@pytest.fixture(scope="session")
def mobile_money_provider() -> Iterator[FakeMobileMoney]:
    """The local mobile-money provider the shop pays through (tests switch `mode`; its
    callbacks reach the shop once the checkout test points `deliver` at it)."""
    fake = FakeMobileMoney()
    fake.start()
    yield fake
    fake.stop()


#: The bearer token of /api/v1/metrics on the shared server (tests/e2e/test_operations.py).
METRICS_TOKEN = "e2e-metrics-token-7c1d9a4b"


@pytest.fixture(scope="session")
def shop_env() -> dict[str, str]:
    """Extra environment for the shared server; tests that need a switch add it here."""
    return {
        # Session/bag (issue #4): the deliberately broken route of the 500-fallback test, and
        # the bag-save fault switch: a file the test writes a count into (absent = no fault).
        testing_switches.BROKEN_ROUTE_ENV: "1",
        # One proxy hop is trusted, so each browser context is its own shopper (its own
        # address: tests.support.browser.shopper_address), as behind nginx.
        "GROCER_TRUSTED_PROXY_HOPS": "1",
        # Settings (issue #15): a saved auto-logout time counts its minutes as seconds.
        testing_switches.FAST_AUTO_LOGOUT_ENV: "1",
        testing_switches.FAULT_CART_SAVE_ENV: os.path.join(
            os.environ.get("TMPDIR", "/tmp"), f"grocer-e2e-cart-fault-{os.getpid()}"
        ),
        # The operator's view (issue 18): the metrics route, opened by this token.
        "GROCER_METRICS_TOKEN": METRICS_TOKEN,
        # Error routing (issue #19): catalogue loads that fail as a server fault would.
        testing_switches.FAULT_CATALOGUE_ENV: os.path.join(
            os.environ.get("TMPDIR", "/tmp"), f"grocer-e2e-catalogue-fault-{os.getpid()}"
        ),
    }


@pytest.fixture(scope="session")
def shop_data(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """The shared server's data folder (its SQLite database: `shop.db`)."""
    return tmp_path_factory.mktemp("shop")


@pytest.fixture(scope="session")
def shop(
    shop_data: Path,
    smtp: SmtpServer,
    providers: FakeGeo,
    mobile_money_provider: FakeMobileMoney,
    shop_env: dict[str, str],
) -> Iterator[str]:
    """Build the production frontend once and serve UI + API on one port; yields the base URL."""
    extra = {**smtp.env(), **providers.env(), **mobile_money_provider.env(), **shop_env}
    with running_shop(shop_data, extra) as base:
        yield base


def grocer_cli(shop_data: Path, *args: str) -> str:
    """The maintainer's command line on the shared server's database (e.g. create-admin)."""
    env = {**os.environ, "REFLEX_DB_URL": f"sqlite:///{shop_data / 'shop.db'}"}
    done = subprocess.run(
        [sys.executable, "-m", "grocer.cli", *args],
        env=env,
        capture_output=True,
        text=True,
        check=True,
        timeout=120,
    )
    return done.stdout


@pytest.fixture(scope="session")
def browser() -> Iterator[object]:
    from playwright.sync_api import sync_playwright

    with sync_playwright() as pw:
        instance = pw.chromium.launch(executable_path=CHROMIUM, args=BROWSER_ARGS)
        yield instance
        instance.close()


DESKTOP = {"width": 1280, "height": 900}
PHONE = {"width": 390, "height": 844}


def _tab(
    browser: object, request: pytest.FixtureRequest, **context_args: object
) -> Iterator[object]:
    """A page in a fresh browser context (French, 15 s timeouts), closed after the test; a
    screenshot in ARTIFACTS when the test failed."""
    headers = {**shopper_address(), **context_args.pop("extra_http_headers", {})}  # type: ignore[dict-item]
    context = browser.new_context(  # type: ignore[attr-defined]
        locale="fr-FR", extra_http_headers=headers, **context_args
    )
    pg = context.new_page()
    pg.set_default_timeout(15_000)
    yield pg
    _screenshot_on_failure(request, pg)
    context.close()


@pytest.fixture
def page(browser: object, shop: str, request: pytest.FixtureRequest) -> Iterator[object]:
    """A desktop page (1280 px) in a fresh browser context."""
    yield from _tab(browser, request, viewport=DESKTOP, base_url=shop)


@pytest.fixture
def phone(browser: object, shop: str, request: pytest.FixtureRequest) -> Iterator[object]:
    """A phone page (390 px) in a fresh browser context."""
    yield from _tab(browser, request, viewport=PHONE, base_url=shop, is_mobile=True, has_touch=True)


@pytest.fixture
def first_visit(browser: object, shop: str, request: pytest.FixtureRequest) -> Iterator[object]:
    """A desktop page whose later loads come from the network as a first visit's do: the
    service worker a first page installs would serve the app's scripts at once from its cache
    (a returning shopper's page starts fast), past the scripts held back here."""
    yield from _tab(browser, request, viewport=DESKTOP, base_url=shop, service_workers="block")


@pytest.fixture
def located(browser: object, shop: str, request: pytest.FixtureRequest) -> Iterator[object]:
    """A desktop page whose browser grants its position (HERE, Ouagadougou)."""
    yield from _tab(
        browser,
        request,
        viewport=DESKTOP,
        base_url=shop,
        permissions=["geolocation"],
        geolocation=HERE,
    )


@pytest.fixture(scope="module")
def catalogue(shop: str) -> dict[str, Any]:
    """The first main category, its first subcategory and that one's first article (from the
    API), for the tests that open those pages."""
    tree = httpx.get(f"{shop}/api/v1/categories", timeout=30).json()
    main = tree[0]
    sub = main["children"][0]
    items = httpx.get(
        f"{shop}/api/v1/web-ui/articles", params={"categoryid": sub["id"]}, timeout=30
    ).json()["items"]
    return {"main": main, "sub": sub, "article": items[0]}


@pytest.hookimpl(hookwrapper=True)
def pytest_runtest_makereport(item: pytest.Item, call: pytest.CallInfo[None]) -> Iterator[None]:
    outcome = yield
    report = outcome.get_result()
    setattr(item, f"rep_{report.when}", report)
    if report.when == "call" and report.failed:
        for name in ("page", "phone", "located"):
            pg = getattr(item, "funcargs", {}).get(name)
            if pg is not None:
                report.sections.append((f"the {name} when the test failed", _what_it_shows(pg)))


#: The address, the live messages (toasts, alerts, the connection banner) and the start of the
#: text of a page: what a CI log needs to tell a slow server from a wrong answer.
_SHOWN = """() => {
    const live = [...document.querySelectorAll('[role=status], [role=alert], [aria-live]')]
        .map((node) => node.innerText.trim()).filter(Boolean);
    return [location.href, 'live: ' + JSON.stringify(live),
            document.body.innerText.slice(0, 1500)].join('\\n');
}"""


def _what_it_shows(pg: object) -> str:
    try:
        return str(pg.evaluate(_SHOWN))  # type: ignore[attr-defined]
    except Exception as exc:  # the page may be gone; the report must still be written
        return f"(the page could not be read: {exc})"


def _screenshot_on_failure(request: pytest.FixtureRequest, pg: object) -> None:
    report = getattr(request.node, "rep_call", None)
    if report is not None and report.failed:
        ARTIFACTS.mkdir(exist_ok=True)
        pg.screenshot(path=str(ARTIFACTS / f"{request.node.name}.png"), full_page=True)  # type: ignore[attr-defined]
