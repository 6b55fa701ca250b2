"""Issue 12 §1, §3, §4 and the OTP parts of §11, from outside, as an attacker would try them:
taking an account over through reset or sign-up with the e-mail alone, locking an owner out by
failing passwords, learning who has an account, cancelling a victim's reset, guessing codes.
Every test runs on SQLite and on PostgreSQL (the `client` fixture)."""

from __future__ import annotations

import email
import secrets
import threading
from collections.abc import Iterator
from email.header import decode_header, make_header
from email.message import Message

import pytest
from fastapi.testclient import TestClient
from sqlmodel import Session, select

from grocer.models import OtpChallenge, User
from grocer.services import accounts, mailer, otp
from grocer.settings import get_settings
from tests.support import API
from tests.support.accounts import PASSWORD, Clock, login, make_user, outbox_code, wrong_code

VICTIM = "awa.ouedraogo@example.bf"
NEWCOMER = "jean.dupont@example.bf"
ATTACKER_PASSWORD = "pirate-123"
NEW_PASSWORD = "nouveau-secret"
ATTACKER_IP = "203.0.113.66"
OWNER_IP = "198.51.100.7"


@pytest.fixture
def victim(db: Session) -> User:
    return make_user(db, email_address=VICTIM)


@pytest.fixture
def peer(client: TestClient) -> Iterator[object]:
    """Another client address on the same app (its clock overrides included)."""
    opened: list[TestClient] = []

    def make(address: str) -> TestClient:
        other = TestClient(client.app, client=(address, 50000))
        opened.append(other)
        return other

    yield make
    for other in opened:
        other.close()


def _reset(client: TestClient, address: str = VICTIM, **proof: str) -> int:
    body = {"email": address, "newPassword": ATTACKER_PASSWORD, **proof}
    return client.post(f"{API}/auth/reset-password", json=body).status_code


def _verify_reset(client: TestClient, address: str = VICTIM) -> dict[str, object]:
    """Steps 1 and 2 of the owner: the code by e-mail, checked; the answer's body."""
    assert client.post(f"{API}/auth/request-otp", json={"email": address}).status_code == 200
    answer = client.post(
        f"{API}/auth/verify-otp", json={"email": address, "otp": outbox_code(address)}
    )
    assert answer.status_code == 200, answer.text
    return answer.json()


def _reset_token(client: TestClient, address: str = VICTIM) -> str:
    body = _verify_reset(client, address)
    assert body["verified"] is True and len(str(body["resetToken"])) >= 43  # >= 256 bits
    return str(body["resetToken"])


def _verify_signup(client: TestClient, address: str = NEWCOMER) -> dict[str, object]:
    assert client.post(f"{API}/auth/send-otp", json={"email": address}).status_code == 200
    answer = client.post(
        f"{API}/auth/verify-signup-otp", json={"email": address, "code": outbox_code(address)}
    )
    assert answer.status_code == 200, answer.text
    return answer.json()


def _signup_token(client: TestClient, address: str = NEWCOMER) -> str:
    token = str(_verify_signup(client, address)["verificationToken"])
    assert len(token) >= 43
    return token


def _register(client: TestClient, address: str = NEWCOMER, **extra: str) -> int:
    body = {"email": address, "password": ATTACKER_PASSWORD, **extra}
    return client.post(f"{API}/users/register", json=body).status_code


def _mails(kind: str) -> list[Message]:
    return [
        email.message_from_bytes(path.read_bytes())
        for path in sorted(get_settings().outbox_dir.glob(f"*-{kind}-*.eml"))
    ]


def _wrong_login(client: TestClient, username: str = "awa") -> int:
    body = {"username": username, "password": "wrong-password"}
    return client.post(f"{API}/auth/login", json=body).status_code


def _right_login(client: TestClient) -> object:
    return client.post(f"{API}/auth/login", json={"username": "awa", "password": PASSWORD})


# --- §1 account takeover through reset and sign-up ---------------------------------------------


def test_polling_reset_with_the_email_alone_never_takes_the_account(
    client: TestClient, victim: User, peer
) -> None:
    attacker = peer(ATTACKER_IP)
    verified = _verify_reset(client)  # the victim checked the code and is typing a password
    assert _reset(attacker) == 400  # the e-mail alone is not enough
    refused = [400] + [_reset(attacker) for _ in range(otp.REDEEM_FAILS_PER_EMAIL + 2)]
    refused += [_reset(attacker, resetToken=secrets.token_urlsafe(32)), _reset(attacker, otp="")]
    # Each poll is refused; past the per-e-mail budget the refusals are 429s.
    assert refused[: otp.REDEEM_FAILS_PER_EMAIL] == [400] * otp.REDEEM_FAILS_PER_EMAIL
    assert set(refused[otp.REDEEM_FAILS_PER_EMAIL :]) == {429}
    limited = attacker.post(
        f"{API}/auth/reset-password", json={"email": VICTIM, "newPassword": ATTACKER_PASSWORD}
    )
    assert limited.status_code == 429 and int(limited.headers["Retry-After"]) > 0
    # The attacker's failures never lock the victim out of the proof the victim holds.
    body = {"email": VICTIM, "newPassword": NEW_PASSWORD, "resetToken": verified["resetToken"]}
    assert client.post(f"{API}/auth/reset-password", json=body).status_code == 200
    assert login(client, "awa", NEW_PASSWORD)["userInfo"]["id"] == victim.id
    assert _right_login(attacker).status_code == 401  # the old password is gone too
    wrong = {"username": "awa", "password": ATTACKER_PASSWORD}
    assert attacker.post(f"{API}/auth/login", json=wrong).status_code == 401


def test_reset_token_works_once_and_only_for_its_email(
    client: TestClient, db: Session, victim: User
) -> None:
    other = make_user(db, "binta", "binta@example.bf")
    token = _reset_token(client)
    challenge = db.exec(select(OtpChallenge).where(OtpChallenge.email == VICTIM)).one()
    assert challenge.token_hash == otp.hash_proof(token)  # only its SHA-256 is stored
    assert token not in (challenge.token_hash, challenge.code_hash)
    assert _reset(client, address=other.email, resetToken=token) == 400
    assert _reset(client, resetToken=token) == 200
    assert _reset(client, resetToken=token) == 400  # replay refused
    login(client, "awa", ATTACKER_PASSWORD)
    login(client, "binta")  # the other account is untouched


def test_two_racing_resets_with_one_token_let_exactly_one_through(
    client: TestClient, victim: User
) -> None:
    token = _reset_token(client)
    start = threading.Barrier(6)
    statuses: list[int] = []

    def attempt() -> None:
        start.wait()
        statuses.append(_reset(client, resetToken=token))

    threads = [threading.Thread(target=attempt) for _ in range(6)]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join()
    assert sorted(statuses) == [200] + [400] * 5


def test_registering_a_freshly_verified_email_needs_its_token(
    client: TestClient, db: Session, peer
) -> None:
    attacker = peer(ATTACKER_IP)
    verified = _verify_signup(client)  # the owner of the address checked it, step 3 next
    assert [_register(attacker) for _ in range(3)] == [400] * 3
    assert _register(attacker, verificationToken=secrets.token_urlsafe(32)) == 400
    assert db.exec(select(User).where(User.email == NEWCOMER)).first() is None
    token = str(verified["verificationToken"])
    body = {"email": NEWCOMER, "password": PASSWORD, "verificationToken": token}
    created = client.post(f"{API}/users/register", json=body)
    assert created.status_code == 201
    assert created.json()["userInfo"]["email"] == NEWCOMER
    # Replayed, the token is refused before anything is said about the address (400, not 409).
    assert _register(attacker, verificationToken=token) == 400
    assert _register(client, verificationToken=token, username="autre") == 400
    login(client, NEWCOMER)


def test_register_failures_are_limited_per_client_address(client: TestClient, peer) -> None:
    attacker = peer(ATTACKER_IP)
    for i in range(otp.REDEEM_FAILS_PER_IP):
        assert _register(attacker, address=f"cible{i}@example.bf") == 400
    over = attacker.post(
        f"{API}/users/register", json={"email": "encore@example.bf", "password": PASSWORD}
    )
    assert over.status_code == 429 and "Retry-After" in over.headers
    # Another address is not affected.
    token = _signup_token(client)
    assert _register(client, verificationToken=token) == 201


# --- §3 no lock-out of the owner -----------------------------------------------------------------


def test_attacker_failing_from_one_address_does_not_lock_the_owner_out(
    client: TestClient, victim: User, peer
) -> None:
    clock = Clock(client)
    attacker, owner = peer(ATTACKER_IP), peer(OWNER_IP)
    statuses = []
    for _ in range(13):  # more than the 10 failures one pair may make in 15 minutes
        clock.advance(seconds=30)  # the cap of the account's delay
        statuses.append(_wrong_login(attacker))
    # The owner, elsewhere, signs in: at once when the delay since the last failure has passed.
    assert _right_login(owner).status_code == 200
    assert statuses == [401] * accounts.LOGIN_FAILS_PER_PAIR + [429] * 3
    # That pair (account, attacker's address) stays throttled, right password included.
    assert _right_login(attacker).status_code == 429
    # Right after a failure the owner waits the account's delay at most (capped at 30 s).
    clock.advance(minutes=15, seconds=1)
    for i in range(accounts.LOGIN_DELAY_AFTER + 6):
        assert _wrong_login(peer(f"192.0.2.{i + 1}")) in (401, 429)
    waiting = _right_login(owner)
    assert waiting.status_code == 429
    wait = int(waiting.headers["Retry-After"])
    assert 0 < wait <= accounts.LOGIN_DELAY_MAX_SECONDS
    clock.advance(seconds=wait)
    assert _right_login(owner).status_code == 200


def test_the_account_delays_grow_and_are_capped(client: TestClient, victim: User, peer) -> None:
    """Guesses spread over many addresses (a botnet) still slow down on the account."""
    clock = Clock(client)
    addresses = iter(f"192.0.2.{i}" for i in range(1, 200))
    for _ in range(accounts.LOGIN_DELAY_AFTER):
        assert _wrong_login(peer(next(addresses))) == 401  # no delay before the 5th failure
    waits = []
    for _ in range(7):
        limited = _right_login(peer(next(addresses)))  # the right password waits too
        assert limited.status_code == 429
        waits.append(int(limited.headers["Retry-After"]))
        clock.advance(seconds=waits[-1])
        assert _wrong_login(peer(next(addresses))) == 401
    assert waits == [1, 2, 4, 8, 16, 30, 30]
    assert [accounts.login_delay(n) for n in (0, 4, 5, 6, 9, 10, 40)] == [0, 0, 1, 2, 16, 30, 30]


def test_owner_is_warned_once_by_email_after_repeated_failures(
    client: TestClient, db: Session, victim: User, peer
) -> None:
    clock = Clock(client)
    for i in range(accounts.LOGIN_WARN_AFTER - 1):
        clock.advance(seconds=accounts.LOGIN_DELAY_MAX_SECONDS)
        assert _wrong_login(peer(f"192.0.2.{i + 1}")) == 401
    assert _mails(mailer.LOGIN_WARNING) == []
    for i in range(accounts.LOGIN_WARN_AFTER + 5):  # the 10th and more in the same hour
        clock.advance(seconds=accounts.LOGIN_DELAY_MAX_SECONDS)
        assert _wrong_login(peer(f"192.0.2.{i + 100}")) == 401
    warnings = _mails(mailer.LOGIN_WARNING)
    assert len(warnings) == 1
    assert str(warnings[0]["To"]) == VICTIM
    subject = str(make_header(decode_header(warnings[0]["Subject"])))
    assert subject == "Tentatives de connexion inhabituelles"
    body = warnings[0].get_payload(decode=True).decode()
    assert "pas bloqué" in body and PASSWORD not in body
    # An hour later, new failures may warn again (one more e-mail).
    clock.advance(hours=1, seconds=1)
    for i in range(accounts.LOGIN_WARN_AFTER):
        clock.advance(seconds=accounts.LOGIN_DELAY_MAX_SECONDS)
        assert _wrong_login(peer(f"192.0.2.{i + 200}")) == 401
    assert len(_mails(mailer.LOGIN_WARNING)) == 2


def test_failures_from_one_address_are_limited_across_accounts(
    client: TestClient, victim: User, peer
) -> None:
    attacker = peer(ATTACKER_IP)
    for i in range(accounts.LOGIN_FAILS_PER_IP):
        assert _wrong_login(attacker, f"ghost{i}") == 401
    assert _right_login(attacker).status_code == 429
    assert _right_login(peer(OWNER_IP)).status_code == 200


# --- §4 no account enumeration -----------------------------------------------------------------


def test_register_tells_nothing_about_a_taken_email_without_a_proof(
    client: TestClient, victim: User
) -> None:
    for extra in ({}, {"otp": "123456"}, {"verificationToken": "forged"}):
        response = client.post(
            f"{API}/users/register",
            json={"email": VICTIM, "password": PASSWORD, "username": "awa", **extra},
        )
        assert response.status_code == 400, extra
        assert "déjà utilisé" not in response.json()["message"]


def test_send_otp_to_a_taken_email_is_limited_like_any_send(
    client: TestClient, db: Session, victim: User, peer
) -> None:
    clock = Clock(client)
    taken = client.post(f"{API}/auth/send-otp", json={"email": VICTIM})
    free = client.post(f"{API}/auth/send-otp", json={"email": NEWCOMER})
    assert taken.status_code == 400 and free.status_code == 200
    assert taken.json()["message"] == "Adresse email invalide ou déjà utilisée"
    # Asked again at once: both wait the same 60 s.
    again_taken = client.post(f"{API}/auth/send-otp", json={"email": VICTIM})
    again_free = client.post(f"{API}/auth/send-otp", json={"email": NEWCOMER})
    assert again_taken.status_code == again_free.status_code == 429
    assert again_taken.json() == again_free.json()
    assert again_taken.headers["Retry-After"] == again_free.headers["Retry-After"] == "60"
    # And both use up the same hourly budget per e-mail ...
    for _ in range(otp.SENDS_PER_EMAIL - 1):
        clock.advance(seconds=61)
        assert client.post(f"{API}/auth/send-otp", json={"email": VICTIM}).status_code == 400
    clock.advance(seconds=61)
    assert client.post(f"{API}/auth/send-otp", json={"email": VICTIM}).status_code == 429
    # ... and per client address.
    prober = peer(ATTACKER_IP)
    for i in range(otp.SENDS_PER_IP):
        make_user(db, f"membre{i}", f"membre{i}@example.bf")
        response = prober.post(f"{API}/auth/send-otp", json={"email": f"membre{i}@example.bf"})
        assert response.status_code == 400
    response = prober.post(f"{API}/auth/send-otp", json={"email": "dernier@example.bf"})
    assert response.status_code == 429
    assert not db.exec(select(OtpChallenge).where(OtpChallenge.email == VICTIM)).all()


# --- §11 codes: a new code, the daily cap -----------------------------------------------------


def test_a_new_code_request_does_not_cancel_a_verified_reset(
    client: TestClient, victim: User, peer
) -> None:
    clock = Clock(client)
    token = _reset_token(client)
    clock.advance(seconds=61)
    attacker = peer(ATTACKER_IP)
    assert attacker.post(f"{API}/auth/request-otp", json={"email": VICTIM}).status_code == 200
    body = {"email": VICTIM, "newPassword": NEW_PASSWORD, "resetToken": token}
    assert client.post(f"{API}/auth/reset-password", json=body).status_code == 200
    login(client, "awa", NEW_PASSWORD)


def test_a_new_code_still_cancels_an_unverified_one(client: TestClient, victim: User) -> None:
    clock = Clock(client)
    assert client.post(f"{API}/auth/request-otp", json={"email": VICTIM}).status_code == 200
    first = outbox_code(VICTIM)
    clock.advance(seconds=61)
    assert client.post(f"{API}/auth/request-otp", json={"email": VICTIM}).status_code == 200
    second = outbox_code(VICTIM)
    if first != second:
        assert _reset(client, otp=first) == 400
    assert _reset(client, otp=second) == 200


def test_wrong_codes_are_capped_per_email_per_day(client: TestClient, victim: User) -> None:
    clock = Clock(client)
    url = f"{API}/auth/verify-otp"
    wrong_total = 0
    while wrong_total < otp.WRONG_CODES_PER_EMAIL:
        clock.advance(minutes=13)  # a new code: past the wait and the hourly send budget
        assert client.post(f"{API}/auth/request-otp", json={"email": VICTIM}).status_code == 200
        code = outbox_code(VICTIM)
        for _ in range(min(otp.MAX_WRONG_TRIES, otp.WRONG_CODES_PER_EMAIL - wrong_total)):
            response = client.post(url, json={"email": VICTIM, "otp": wrong_code(code)})
            assert response.status_code == 400
            wrong_total += 1
    clock.advance(minutes=13)
    assert client.post(f"{API}/auth/request-otp", json={"email": VICTIM}).status_code == 200
    code = outbox_code(VICTIM)
    capped = client.post(url, json={"email": VICTIM, "otp": code})  # the right code, fresh
    assert capped.status_code == 429
    assert capped.json()["message"] == "Trop de tentatives, réessayez plus tard"
    assert _reset(client, otp=code) == 429
    clock.advance(hours=24)
    assert client.post(f"{API}/auth/request-otp", json={"email": VICTIM}).status_code == 200
    assert client.post(url, json={"email": VICTIM, "otp": outbox_code(VICTIM)}).status_code == 200
