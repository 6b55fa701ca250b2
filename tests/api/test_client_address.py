"""Whose budget a request spends behind a reverse proxy (issue 12 item 8).

Every request below comes from one socket peer, 127.0.0.1 (the proxy). With
GROCER_TRUSTED_PROXY_HOPS=1 the proxy's X-Forwarded-For names the shopper, so two shoppers behind
it have separate sign-in and code budgets; with the default 0 the header is anyone's to forge
and is ignored, so changing it does not buy a fresh budget.
"""

from __future__ import annotations

from collections.abc import Iterator

import pytest
import sqlalchemy as sa
from fastapi.testclient import TestClient

from grocer.api.app import create_api
from grocer.services import accounts, otp
from grocer.settings import get_settings
from tests.support import API

PROXY = "127.0.0.1"
SHOPPER_A = {"X-Forwarded-For": "203.0.113.10"}
SHOPPER_B = {"X-Forwarded-For": "203.0.113.20"}


@pytest.fixture
def behind_proxy(database: sa.Engine) -> Iterator[TestClient]:
    with TestClient(create_api(), client=(PROXY, 40000)) as client:
        yield client


def _hops(monkeypatch: pytest.MonkeyPatch, hops: int) -> None:
    monkeypatch.setenv("GROCER_TRUSTED_PROXY_HOPS", str(hops))
    get_settings.cache_clear()


def _fail_logins(client: TestClient, headers: dict[str, str], count: int, tag: str) -> None:
    for i in range(count):
        bad = {"username": f"ghost-{tag}-{i}", "password": "wrong-password"}
        response = client.post(f"{API}/auth/login", json=bad, headers=headers)
        assert response.status_code == 401, response.text


def _send_codes(client: TestClient, headers: dict[str, str], count: int, tag: str) -> None:
    for i in range(count):
        body = {"email": f"new-{tag}-{i}@example.bf"}
        response = client.post(f"{API}/auth/send-otp", json=body, headers=headers)
        assert response.status_code == 200, response.text


def test_one_trusted_proxy_separates_login_budgets(
    behind_proxy: TestClient, monkeypatch: pytest.MonkeyPatch
) -> None:
    _hops(monkeypatch, 1)
    _fail_logins(behind_proxy, SHOPPER_A, accounts.LOGIN_FAILS_PER_IP, "a")
    bad = {"username": "ghost-next", "password": "wrong-password"}
    spent = behind_proxy.post(f"{API}/auth/login", json=bad, headers=SHOPPER_A)
    assert spent.status_code == 429
    other = behind_proxy.post(f"{API}/auth/login", json=bad, headers=SHOPPER_B)
    assert other.status_code == 401  # B's own budget, not the proxy's


def test_one_trusted_proxy_separates_code_budgets(
    behind_proxy: TestClient, monkeypatch: pytest.MonkeyPatch
) -> None:
    _hops(monkeypatch, 1)
    _send_codes(behind_proxy, SHOPPER_A, otp.SENDS_PER_IP, "a")
    body = {"email": "one-more@example.bf"}
    spent = behind_proxy.post(f"{API}/auth/send-otp", json=body, headers=SHOPPER_A)
    assert spent.status_code == 429
    other = behind_proxy.post(f"{API}/auth/send-otp", json=body, headers=SHOPPER_B)
    assert other.status_code == 200


def test_without_a_trusted_proxy_a_forged_header_buys_no_budget(
    behind_proxy: TestClient, monkeypatch: pytest.MonkeyPatch
) -> None:
    _hops(monkeypatch, 0)
    _fail_logins(behind_proxy, SHOPPER_A, accounts.LOGIN_FAILS_PER_IP, "a")
    bad = {"username": "ghost-next", "password": "wrong-password"}
    forged = behind_proxy.post(f"{API}/auth/login", json=bad, headers=SHOPPER_B)
    assert forged.status_code == 429  # the socket peer's budget is spent, whatever the header
    _send_codes(behind_proxy, SHOPPER_A, otp.SENDS_PER_IP, "a")
    body = {"email": "one-more@example.bf"}
    assert (
        behind_proxy.post(f"{API}/auth/send-otp", json=body, headers=SHOPPER_B).status_code == 429
    )


def test_a_client_cannot_choose_its_address_through_one_proxy(
    behind_proxy: TestClient, monkeypatch: pytest.MonkeyPatch
) -> None:
    """With one trusted proxy, what the client itself wrote (left of the proxy's entry) is not
    read: a client rotating its own X-Forwarded-For still spends one budget."""
    _hops(monkeypatch, 1)
    for i in range(accounts.LOGIN_FAILS_PER_IP):
        claimed = {"X-Forwarded-For": f"198.51.100.{i}, 203.0.113.10"}
        bad = {"username": f"ghost-{i}", "password": "wrong-password"}
        assert behind_proxy.post(f"{API}/auth/login", json=bad, headers=claimed).status_code == 401
    claimed = {"X-Forwarded-For": "198.51.100.200, 203.0.113.10"}
    bad = {"username": "ghost-next", "password": "wrong-password"}
    assert behind_proxy.post(f"{API}/auth/login", json=bad, headers=claimed).status_code == 429
