"""Browser tests: ONE production build and ONE server per test session, driven by Playwright
in the machine's Chromium. The server runs on a fresh SQLite database with the demo catalogue,
e-mail going to a real SMTP server on loopback, outside providers replaced by local servers.
"""

from __future__ import annotations

import os
import subprocess
import sys
import time
import uuid
from collections.abc import Iterator
from pathlib import Path

import httpx
import pytest

from tests.support.smtp import SmtpServer, free_port

ROOT = Path(__file__).resolve().parents[2]
ARTIFACTS = ROOT / "test-artifacts"
CHROMIUM = os.environ.get("GROCER_CHROMIUM", "/usr/bin/chromium")
CHROMIUM_ARGS = [
    "--headless",
    "--no-sandbox",
    "--disable-gpu",
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
    "--no-first-run",
    "--disable-quic",
]
BUILD_TIMEOUT = 900


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
def providers() -> Iterator[object]:
    """Local stand-ins for geocoding, IP-country and tile services."""
    from tests.fakes.providers import FakeProviders

    fakes = FakeProviders().start()
    yield fakes
    fakes.stop()



@pytest.fixture(scope="session")
def shop(
    tmp_path_factory: pytest.TempPathFactory, smtp: SmtpServer, providers: object
) -> Iterator[str]:
    """Build the production frontend once and serve UI + API on one port; yields the base URL."""
    data = tmp_path_factory.mktemp("shop")
    port = free_port()
    env = {
        **os.environ,
        "REFLEX_USE_NPM": "1",
        "REFLEX_TELEMETRY_ENABLED": "false",
        "REFLEX_DB_URL": f"sqlite:///{data / 'shop.db'}",
        "GROCER_DATA_DIR": str(data),
        "GROCER_OUTBOX_DIR": str(data / "outbox"),
        "GROCER_JWT_SECRET": uuid.uuid4().hex,
        "GROCER_ALLOWED_ORIGINS": f"http://127.0.0.1:{port},http://localhost:{port}",
        "PATH": f"{Path(sys.executable).parent}{os.pathsep}{os.environ.get('PATH', '')}",
        **smtp.env(),
        **getattr(providers, "env", lambda: {})(),
    }
    env.pop("REFLEX_REDIS_URL", None)
    for args in (["db", "upgrade"], ["seed", "--demo"]):
        subprocess.run([sys.executable, "-m", "grocer.cli", *args], cwd=ROOT, env=env, check=True)
    ARTIFACTS.mkdir(exist_ok=True)
    log = (ARTIFACTS / "shop-server.log").open("w")
    proc = subprocess.Popen(
        [
            sys.executable,
            "-m",
            "reflex",
            "run",
            "--env",
            "prod",
            "--single-port",
            "--backend-port",
            str(port),
            "--loglevel",
            "warning",
        ],
        cwd=ROOT,
        env=env,
        stdout=log,
        stderr=subprocess.STDOUT,
        start_new_session=True,
    )
    base = f"http://127.0.0.1:{port}"
    try:
        _wait_until_up(base, proc)
        yield base
    finally:
        os.killpg(proc.pid, 15)
        try:
            proc.wait(timeout=20)
        except subprocess.TimeoutExpired:
            os.killpg(proc.pid, 9)
        log.close()


def _wait_until_up(base: str, proc: subprocess.Popen[bytes]) -> None:
    deadline = time.monotonic() + BUILD_TIMEOUT
    while time.monotonic() < deadline:
        if proc.poll() is not None:
            raise RuntimeError(f"the shop server exited; see {ARTIFACTS / 'shop-server.log'}")
        try:
            if (
                httpx.get(f"{base}/ping", timeout=2).status_code == 200
                and httpx.get(f"{base}/", timeout=5).status_code == 200
            ):
                return
        except httpx.HTTPError:
            pass
        time.sleep(2)
    raise RuntimeError("the shop server did not come up in time")


@pytest.fixture(scope="session")
def browser() -> Iterator[object]:
    from playwright.sync_api import sync_playwright

    with sync_playwright() as pw:
        instance = pw.chromium.launch(executable_path=CHROMIUM, args=CHROMIUM_ARGS)
        yield instance
        instance.close()


def _new_page(browser: object, request: pytest.FixtureRequest, **context_args: object):
    context = browser.new_context(locale="fr-FR", **context_args)  # type: ignore[attr-defined]
    page = context.new_page()
    page.set_default_timeout(15_000)
    return context, page


@pytest.fixture
def page(browser: object, shop: str, request: pytest.FixtureRequest) -> Iterator[object]:
    """A desktop page (1280 px) in a fresh browser context."""
    context, pg = _new_page(
        browser, request, viewport={"width": 1280, "height": 900}, base_url=shop
    )
    yield pg
    _screenshot_on_failure(request, pg)
    context.close()


@pytest.fixture
def phone(browser: object, shop: str, request: pytest.FixtureRequest) -> Iterator[object]:
    """A phone page (390 px) in a fresh browser context."""
    context, pg = _new_page(
        browser,
        request,
        viewport={"width": 390, "height": 844},
        base_url=shop,
        is_mobile=True,
        has_touch=True,
    )
    yield pg
    _screenshot_on_failure(request, pg)
    context.close()


@pytest.hookimpl(hookwrapper=True)
def pytest_runtest_makereport(item: pytest.Item, call: pytest.CallInfo[None]) -> Iterator[None]:
    outcome = yield
    report = outcome.get_result()
    setattr(item, f"rep_{report.when}", report)


def _screenshot_on_failure(request: pytest.FixtureRequest, pg: object) -> None:
    report = getattr(request.node, "rep_call", None)
    if report is not None and report.failed:
        ARTIFACTS.mkdir(exist_ok=True)
        pg.screenshot(path=str(ARTIFACTS / f"{request.node.name}.png"), full_page=True)  # type: ignore[attr-defined]
