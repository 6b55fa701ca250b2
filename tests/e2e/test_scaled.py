"""Two workers behind nginx on PostgreSQL and Redis, and one killed mid-checkout (issue 18).

The shop runs the documented way (grocer.scaled: `grocer serve` workers sharing the database,
Redis and the JWT secret, nginx in front serving the build's assets), on a database of its own
and the session's build. A shopper signs in, fills the bag and starts the checkout; the worker
holding the shopper's websocket is then killed (SIGKILL: no goodbye). The tab reconnects through
nginx to the other worker and the shopper carries on: same bag, still signed in, the slot still
chosen, the order placed, and no error shown on the way.
"""

from __future__ import annotations

import re
import signal
import threading
import time
from collections.abc import Iterator
from datetime import UTC, datetime
from pathlib import Path
from typing import Any

import httpx
import pytest

from grocer import testing_switches
from grocer.scaled import ScaledShop, nginx_program
from tests.conftest import PG_AVAILABLE, PG_SKIP_REASON
from tests.e2e.conftest import METRICS_TOKEN
from tests.e2e.test_checkout import (
    add_address,
    api_orders,
    api_token,
    choose_delivery_slot,
    open_overlay,
    top_up_bag,
)
from tests.e2e.test_session_bag import (
    account_button,
    add_articles,
    api_account,
    bag_count,
    close_auth_prompt,
    fresh_email,
    open_home,
    sign_in,
    wait_count,
)
from tests.support import redis_server
from tests.support.accounts import bearer
from tests.support.databases import fresh_database
from tests.support.metrics import metric
from tests.support.shop_server import ARTIFACTS, running_scaled_shop

pytestmark = pytest.mark.e2e

REDIS_URL = redis_server.redis_url(7)
BROWSER = {"Accept": "text/html", "Accept-Language": "fr-FR,fr;q=0.9"}


@pytest.fixture(scope="module")
def scaled(
    shop: str,  # the session's build, which the workers serve
    shop_env_extra: dict[str, str],
    tmp_path_factory: pytest.TempPathFactory,
) -> Iterator[ScaledShop]:
    if not PG_AVAILABLE:
        pytest.skip(PG_SKIP_REASON)
    if not redis_server.reachable(REDIS_URL):
        pytest.skip(redis_server.SKIP_REASON)
    if not Path(nginx_program()).exists():
        pytest.fail("nginx is missing: `make install-test` installs it (Debian's package)")
    data = tmp_path_factory.mktemp("scaled")
    with (
        fresh_database("postgresql", data, "grocer_scaled") as url,
        running_scaled_shop(
            data,
            ARTIFACTS / "scaled",
            2,
            url,
            REDIS_URL,
            {**shop_env_extra, testing_switches.SLOW_CART_SAVE_ENV: str(data / "slow-cart-save")},
        ) as running,
    ):
        yield running


@pytest.fixture(scope="module")
def shop_env_extra(
    smtp: Any, providers: Any, mobile_money_provider: Any, shop_env: dict[str, str]
) -> dict[str, str]:
    """The shared server's environment (mail, map and payment providers, switches)."""
    return {**smtp.env(), **providers.env(), **mobile_money_provider.env(), **shop_env}


def slow_save_file(scaled: ScaledShop) -> Path:
    return Path(scaled.env[testing_switches.SLOW_CART_SAVE_ENV])


def cart(base: str, token: str) -> dict[str, Any]:
    """The shopper's bag on the server, as GET /api/v1/cart answers it."""
    answer = httpx.get(f"{base}/api/v1/cart", headers=bearer(token), timeout=10)
    answer.raise_for_status()
    return answer.json()


def server_bag(base: str, email: str) -> dict[int, int]:
    """The shopper's bag on the server: quantity by article."""
    _user_id, token = api_token(base, email)
    return {item["articleId"]: item["quantity"] for item in cart(base, token)["items"]}


def connections(worker_port: int) -> float:
    """Tabs connected to one worker, from its own metrics."""
    answer = httpx.get(
        f"http://127.0.0.1:{worker_port}/api/v1/metrics", headers=bearer(METRICS_TOKEN), timeout=10
    )
    answer.raise_for_status()
    return metric(answer.text, "grocer_websocket_connections") or 0.0


def test_workers_answer_behind_nginx(scaled: ScaledShop) -> None:
    """Pages and the API through nginx, the assets from the build by nginx itself, the
    readiness of each worker (database, Redis, build), one request id per request."""
    base = scaled.base_url
    sections = httpx.get(f"{base}/api/v1/web-ui/articles-sections", timeout=30).json()
    article = next(a for section in sections for a in section.get("articles") or [])
    product = httpx.get(f"{base}/produit/{article['id']}", headers=BROWSER, timeout=30)
    assert product.status_code == 200
    assert f'<meta property="og:title" content="{article["name"]}' in product.text  # previewed
    home = httpx.get(f"{base}/", headers=BROWSER, timeout=30)
    assert home.status_code == 200
    script = re.search(r'"(/assets/[^"]+\.js)"', home.text)
    assert script, "the home page names no built script"
    asset = httpx.get(f"{base}{script.group(1)}", headers={"Accept-Encoding": "gzip"}, timeout=10)
    assert asset.status_code == 200
    assert asset.headers["server"].startswith("nginx") and "vary" not in asset.headers
    assert "immutable" in asset.headers["cache-control"]
    for worker in scaled.workers:
        ready = httpx.get(f"http://127.0.0.1:{worker.port}/api/v1/ready", timeout=10).json()
        assert ready == {
            "status": "ready",
            "checks": {"database": "ok", "redis": "ok", "frontend": "ok"},
        }
    ids = {httpx.get(f"{base}/api/v1/health", timeout=10).headers["x-request-id"] for _ in range(4)}
    assert len(ids) == 4 and all(re.fullmatch(r"[0-9a-f]{32}", i) for i in ids)  # nginx's


def test_a_killed_worker_costs_the_shopper_nothing(
    browser: Any, scaled: ScaledShop, smtp: Any
) -> None:
    base = scaled.base_url
    context = browser.new_context(
        base_url=base, locale="fr-FR", viewport={"width": 1280, "height": 900}
    )
    page = context.new_page()
    page.set_default_timeout(30_000)
    visited: list[str] = []
    page.on("framenavigated", lambda frame: visited.append(frame.url))
    try:
        email = fresh_email("salif")
        api_account(base, smtp, email)
        open_home(page)
        add_articles(page, 2)
        close_auth_prompt(page)
        sign_in(page, email)
        account_button(page).wait_for()
        page.wait_for_function("() => !document.querySelector('[role=dialog]')")
        top_up_bag(base, email, page)
        in_bag = bag_count(page)
        overlay = open_overlay(page)
        add_address(page, overlay)
        slot = choose_delivery_slot(page, overlay)

        # The worker that holds the tab's websocket dies, with nothing said to anyone.
        held = [connections(w.port) for w in scaled.workers]
        assert sorted(held) == [0, 1], f"one tab, one websocket: {held}"
        victim = held.index(1)
        scaled.kill_worker(victim)
        survivor = scaled.workers[1 - victim]

        # The shopper carries on in the same tab: the checkout's next step is a websocket event.
        overlay.get_by_role("button", name="Continuer vers la commande").click()
        page.wait_for_url("**/checkout")
        summary = page.get_by_role("region", name="Récapitulatif de la commande")
        summary.get_by_text("Avenue de l'Indépendance, Ouagadougou").wait_for()
        assert summary.get_by_test_id("chosen-slot").inner_text() == f"Demain, {slot}"
        assert connections(survivor.port) >= 1
        assert account_button(page).is_visible()  # still signed in
        assert bag_count(page) == in_bag  # same bag
        page.get_by_label("Prénom du destinataire").fill("Salif")
        page.get_by_label("Nom du destinataire", exact=True).fill("Keïta")
        page.get_by_role("button", name="Confirmer", exact=True).click()
        page.wait_for_url("**/payment")
        page.locator("#pay-button").click()
        page.wait_for_url(re.compile(r".*/order-confirmation\?number=[\w-]+$"))
        heading = page.get_by_role("heading", name=re.compile(r"^Commande "))
        number = heading.inner_text().removeprefix("Commande ").strip()
        assert [o["number"] for o in api_orders(base, email)] == [number]
        page.wait_for_function(  # the order emptied the bag
            "() => !document.querySelector('button[aria-label^=\"Panier\"]').innerText.trim()"
        )
        assert not [url for url in visited if "/error" in url], visited
        assert page.get_by_text("Connexion perdue").count() == 0
        assert page.get_by_role("alert").filter(has_text=re.compile("erreur", re.I)).count() == 0
    finally:
        page.screenshot(path=str(ARTIFACTS / "scaled-after-kill.png"), full_page=True)
        context.close()
        scaled.restart_stopped_workers()  # for a run again of this test


def test_a_worker_stopped_for_a_release_finishes_the_change_under_way(
    browser: Any, scaled: ScaledShop, smtp: Any
) -> None:
    """SIGTERM (a release, a restart by the service manager) while a shopper's bag change is
    being written: the worker writes it before it exits, and the tab, reconnected to the other
    worker, shows the bag the server has: the change once, not lost, not twice."""
    base = scaled.base_url
    context = browser.new_context(
        base_url=base, locale="fr-FR", viewport={"width": 1280, "height": 900}
    )
    page = context.new_page()
    page.set_default_timeout(30_000)
    try:
        email = fresh_email("awa")
        api_account(base, smtp, email)
        open_home(page)
        sign_in(page, email)
        account_button(page).wait_for()
        page.wait_for_function("() => !document.querySelector('[role=dialog]')")
        add_articles(page, 1)
        deadline = time.monotonic() + 15
        while sum(server_bag(base, email).values()) != 1 and time.monotonic() < deadline:
            time.sleep(0.2)
        assert list(server_bag(base, email).values()) == [1]
        held = [connections(w.port) for w in scaled.workers]
        assert sorted(held) == [0, 1], f"one tab, one websocket: {held}"
        stopping = scaled.workers[held.index(1)]

        _user_id, token = api_token(base, email)
        exited: list[datetime] = []

        def watch() -> None:
            assert stopping.process is not None
            stopping.process.wait(timeout=60)
            exited.append(datetime.now(UTC))

        switch = slow_save_file(scaled)
        switch.write_text("4")  # the next change takes 4 s to be written
        page.get_by_label("Augmenter la quantité").first.click()
        # Under way on the worker: the save empties the switch when it starts (a fixed wait
        # stopped the worker before a late event had even arrived, now and then).
        deadline = time.monotonic() + 15
        while switch.read_text().strip() != "0" and time.monotonic() < deadline:
            time.sleep(0.05)
        assert switch.read_text().strip() == "0", "the change never reached the worker"
        scaled.signal_worker(held.index(1), signal.SIGTERM)
        watcher = threading.Thread(target=watch)
        watcher.start()
        written: datetime | None = None
        deadline = time.monotonic() + 30
        while written is None and time.monotonic() < deadline:
            bag = cart(base, token)
            if [item["quantity"] for item in bag["items"]] == [2]:
                written = datetime.fromisoformat(bag["updatedAt"])
            time.sleep(0.05)
        watcher.join(timeout=60)
        assert written is not None and exited, "the change was never written"
        assert written < exited[0], "the stopping worker did not finish the change before exiting"
        wait_count(page, 2)
        time.sleep(1)  # a change sent twice would show now
        assert list(server_bag(base, email).values()) == [2]
        assert bag_count(page) == 2
    finally:
        page.screenshot(path=str(ARTIFACTS / "scaled-after-stop.png"), full_page=True)
        slow_save_file(scaled).unlink(missing_ok=True)
        context.close()
        scaled.restart_stopped_workers()
