"""A revoked session's access tokens stop working at once (issue 12, item 2).

Each test first uses an access token (so that the worker's cache of recent answers holds it),
then revokes its session one way or another, then uses it again right away: 401 on the
profile and on the bag, with no wait for the token's 15 minutes to run out.
"""

from __future__ import annotations

from typing import Any

import pytest
from fastapi.testclient import TestClient
from sqlmodel import Session

from grocer.models import User
from tests.support import API
from tests.support.accounts import PASSWORD, Clock, bearer, login, make_user, outbox_code

pytestmark = pytest.mark.usefixtures("fresh_session_cache")

EMAIL = "awa.ouedraogo@example.bf"
#: Two reads of the account's own data: the profile and the bag.
READS = (f"{API}/users/me", f"{API}/cart")


@pytest.fixture
def user(db: Session) -> User:
    return make_user(db)


def statuses(client: TestClient, session: dict[str, Any]) -> list[int]:
    """What the profile and the bag answer to this session's access token."""
    headers = bearer(session["accessToken"])
    return [client.get(url, headers=headers).status_code for url in READS]


def refresh_status(client: TestClient, session: dict[str, Any]) -> int:
    response = client.post(f"{API}/auth/refresh", json={"refreshToken": session["refreshToken"]})
    return response.status_code


def refused(client: TestClient, session: dict[str, Any]) -> None:
    assert statuses(client, session) == [401, 401]
    headers = bearer(session["accessToken"])
    change = client.delete(f"{API}/cart", headers=headers)  # emptying the bag
    assert change.status_code == 401
    assert set(change.json()) >= {"message", "key"}


def test_logout_all_refuses_every_access_token_at_once(client: TestClient, user: User) -> None:
    phone, laptop = login(client), login(client)
    assert statuses(client, phone) == [200, 200] and statuses(client, laptop) == [200, 200]
    response = client.post(f"{API}/auth/logout-all", headers=bearer(phone["accessToken"]))
    assert response.status_code == 200
    refused(client, phone)
    refused(client, laptop)
    assert login(client)["userInfo"]["id"] == user.id  # a new sign-in works right away
    assert statuses(client, login(client)) == [200, 200]


def test_password_reset_refuses_every_access_token_at_once(client: TestClient, user: User) -> None:
    phone, laptop = login(client), login(client, remember=False)
    assert statuses(client, phone) == [200, 200] and statuses(client, laptop) == [200, 200]
    assert client.post(f"{API}/auth/request-otp", json={"email": EMAIL}).status_code == 200
    body = {"email": EMAIL, "newPassword": "nouveau-secret", "otp": outbox_code(EMAIL)}
    assert client.post(f"{API}/auth/reset-password", json=body).status_code == 200
    refused(client, phone)
    refused(client, laptop)
    assert statuses(client, login(client, "awa", "nouveau-secret")) == [200, 200]


def test_password_change_refuses_the_other_devices_and_keeps_the_caller(
    client: TestClient, user: User
) -> None:
    mine, other = login(client), login(client)
    assert statuses(client, mine) == [200, 200] and statuses(client, other) == [200, 200]
    response = client.put(
        f"{API}/users/{user.id}/password",
        json={"currentPassword": PASSWORD, "newPassword": "nouveau1"},
        headers=bearer(mine["accessToken"]),
    )
    assert response.status_code == 200
    refused(client, other)
    assert statuses(client, mine) == [200, 200]  # the caller's own session goes on
    assert refresh_status(client, other) == 401
    assert refresh_status(client, mine) == 200


def test_logout_refuses_that_device_only(client: TestClient, user: User) -> None:
    leaving, staying = login(client), login(client)
    assert statuses(client, leaving) == [200, 200] and statuses(client, staying) == [200, 200]
    response = client.post(f"{API}/auth/logout", json={"refreshToken": leaving["refreshToken"]})
    assert response.status_code == 200
    refused(client, leaving)
    assert statuses(client, staying) == [200, 200]


def test_a_replayed_refresh_token_refuses_the_thiefs_and_the_victims_tokens(
    client: TestClient, user: User
) -> None:
    victim = login(client)
    bystander = login(client)  # another sign-in of the same account
    response = client.post(f"{API}/auth/refresh", json={"refreshToken": victim["refreshToken"]})
    assert response.status_code == 200
    thief = response.json()  # the thief used the stolen refresh token first
    assert statuses(client, victim) == [200, 200] and statuses(client, thief) == [200, 200]
    assert refresh_status(client, victim) == 401  # the victim's copy: a replay
    refused(client, thief)
    refused(client, victim)
    assert statuses(client, bystander) == [200, 200]


def test_a_token_issued_in_the_same_instant_after_a_revocation_works(
    client: TestClient, user: User
) -> None:
    """The clock stands still: the old token and the revocation share their instant (and
    second), the new sign-in too. The old one is refused, the new one accepted."""
    Clock(client)
    before = login(client)
    assert statuses(client, before) == [200, 200]
    response = client.post(f"{API}/auth/logout-all", headers=bearer(before["accessToken"]))
    assert response.status_code == 200
    after = login(client)
    refused(client, before)
    assert statuses(client, after) == [200, 200]
