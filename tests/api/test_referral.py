"""Referral over REST and through the order life cycle (001 §2, §5, §6, §9), on SQLite and
PostgreSQL: the code and link, invitations e-mailed to a real loopback SMTP server, the
validation messages, the monthly limit and the delay (429), eligibility (403), sign-up
attribution, and the reward: once per customer, once per household, only for a first order of
at least 99 EUR, expiring after 12 months, once even when two deliveries race."""

from __future__ import annotations

import re
from decimal import Decimal
from email.header import decode_header, make_header
from email.message import Message
from typing import Any

import pytest
import sqlalchemy as sa
from fastapi.testclient import TestClient
from sqlmodel import Session, col, select

from grocer.models import CreditEntry, ReferralInvitation, ReferralReward, User
from grocer.models.base import as_utc
from grocer.services import orders, referral
from grocer.services.credit import months_later
from grocer.settings import get_settings
from tests.support import API
from tests.support.accounts import VALID_ADDRESS, Clock, bearer_for, sign_up, stored_user
from tests.support.concurrency import at_once
from tests.support.orders import order_row
from tests.support.smtp import SmtpServer, body_text

EMAIL_REQUIRED = "Veuillez entrer au moins une adresse email"
REWARD_XOF = Decimal("32797.85")  # 50 EUR
ENOUGH = Decimal("65000")  # over 99 EUR (64 939.74 XOF)
TOO_LITTLE = Decimal("64000")
#: where the referred friends live (Alice, the referrer, lives at VALID_ADDRESS)
FRIENDS_HOME = {"streetAddress": "Rue 15.42, secteur 4", "city": "Ouagadougou", "country": "BF"}


def make_order(
    db: Session,
    user: User,
    subtotal: Decimal = ENOUGH,
    status: str = "shipped",
    address: dict[str, Any] | None = None,
) -> int:
    """An order of `user` at `status` (delivered ones make the shopper eligible), delivered
    at FRIENDS_HOME unless told otherwise."""
    order = order_row(user.id, subtotal, status, address or FRIENDS_HOME)
    db.add(order)
    db.commit()
    assert order.id is not None
    return order.id


def deliver(db: Session, order_id: int) -> None:
    """What an admin does: the one status change, through the orders service."""
    admin = db.exec(select(User).where(col(User.username) == "root")).first()
    admin = admin or stored_user(db, "root", ["consumer", "admin"])
    orders.set_status(db, admin, order_id, "delivered")
    db.commit()


def invite(client: TestClient, user: User, emails: str, **extra: Any) -> Any:
    body = {"emailInvitation": emails, **extra}
    return client.post(
        f"{API}/users/{user.id}/referral/invitations", json=body, headers=bearer_for(user)
    )


def summary(client: TestClient, user: User) -> dict[str, Any]:
    response = client.get(f"{API}/users/{user.id}/referral", headers=bearer_for(user))
    assert response.status_code == 200, response.text
    return response.json()


def save_referral_settings(client: TestClient, user: User, **values: Any) -> None:
    saved = client.post(f"{API}/user/settings", json={"referral": values}, headers=bearer_for(user))
    assert saved.status_code == 200, saved.text


@pytest.fixture
def eligible(db: Session) -> User:
    """Alice, who has one delivered order."""
    alice = stored_user(db, "alice")
    make_order(db, alice, status="delivered", address=VALID_ADDRESS)
    return alice


def subject(message: Message) -> str:
    return str(make_header(decode_header(str(message["Subject"]))))


def rewards(db: Session) -> list[ReferralReward]:
    db.expire_all()
    return list(db.exec(select(ReferralReward)).all())


def credit_lines(db: Session, user: User) -> list[CreditEntry]:
    db.expire_all()
    return list(db.exec(select(CreditEntry).where(col(CreditEntry.user_id) == user.id)).all())


# --- code and link ------------------------------------------------------------------------------


def test_the_code_is_made_once_unique_and_shared_as_a_link(client: TestClient, db: Session) -> None:
    alice, bob = stored_user(db, "alice"), stored_user(db, "bob")
    first = summary(client, alice)
    assert re.fullmatch(r"[A-HJKMNP-Z2-9]{8}", first["code"])
    assert summary(client, alice)["code"] == first["code"]
    assert summary(client, bob)["code"] != first["code"]
    assert first["link"] == f"{get_settings().public_base_url}/?ref={first['code']}"
    assert (first["monthlyLimit"], first["delayMinutes"]) == (25, 5)
    assert (first["rewardAmount"], first["minimumOrder"]) == ("32797.85", "64939.74")
    assert first["eligible"] is False and first["invitationsThisMonth"] == 0


def test_before_a_delivered_order_inviting_is_refused(
    client: TestClient, db: Session, smtp: SmtpServer
) -> None:
    alice = stored_user(db, "alice")
    make_order(db, alice, status="shipped")
    response = invite(client, alice, "ami@example.bf")
    assert response.status_code == 403
    assert response.json()["message"] == referral.NOT_ELIGIBLE
    assert smtp.inbox.messages == []


# --- invitations --------------------------------------------------------------------------------


def test_invitations_are_e_mailed_with_the_link_and_the_senders_name(
    client: TestClient, db: Session, eligible: User, smtp: SmtpServer
) -> None:
    response = invite(
        client, eligible, " ami1@example.bf, AMI2@example.bf ,ami1@example.bf", yourName="Awa"
    )
    assert response.status_code == 202, response.text
    assert response.json() == {"sent": ["ami1@example.bf", "ami2@example.bf"], "skipped": []}
    link = summary(client, eligible)["link"]
    for address in ("ami1@example.bf", "ami2@example.bf"):
        (message,) = smtp.messages_to(address)
        assert "Awa" in subject(message)
        assert link in body_text(message)
    rows = db.exec(select(ReferralInvitation).where(col(ReferralInvitation.user_id) == eligible.id))
    assert sorted(row.email for row in rows) == ["ami1@example.bf", "ami2@example.bf"]
    assert summary(client, eligible)["invitationsThisMonth"] == 2


@pytest.mark.parametrize(
    ("emails", "message"),
    [
        ("", EMAIL_REQUIRED),
        (" , ,", EMAIL_REQUIRED),
        ("ami@example.bf, pas-une-adresse", "Adresse email invalide : pas-une-adresse"),
        (",".join(f"a{i}@example.bf" for i in range(11)), "Vous pouvez inviter au plus 10"),
    ],
    ids=["empty", "only commas", "one invalid", "eleven"],
)
def test_bad_address_lists_are_refused_with_a_message(
    client: TestClient, db: Session, eligible: User, smtp: SmtpServer, emails: str, message: str
) -> None:
    response = invite(client, eligible, emails)
    assert response.status_code == 400
    assert response.json()["message"].startswith(message)
    assert smtp.inbox.messages == []


def test_own_address_and_existing_customers_are_not_invited(
    client: TestClient, db: Session, eligible: User, smtp: SmtpServer
) -> None:
    stored_user(db, "bob")
    response = invite(client, eligible, "alice@example.bf, Bob@example.bf, new@example.bf")
    assert response.status_code == 202
    assert response.json() == {
        "sent": ["new@example.bf"],
        "skipped": [
            {"email": "alice@example.bf", "reason": "self"},
            {"email": "bob@example.bf", "reason": "existingCustomer"},
        ],
    }
    assert smtp.messages_to("bob@example.bf") == []
    again = invite(client, eligible, "bob@example.bf")  # within the delay, but nothing to send
    assert again.status_code == 202 and again.json()["sent"] == []


def test_the_delay_between_invitations_is_enforced(
    client: TestClient, db: Session, eligible: User, smtp: SmtpServer
) -> None:
    clock = Clock(client)
    assert invite(client, eligible, "a@example.bf").status_code == 202
    clock.advance(minutes=4)
    refused = invite(client, eligible, "b@example.bf")
    assert refused.status_code == 429
    assert refused.json()["message"].startswith("Veuillez patienter 1 minute(s)")
    assert smtp.messages_to("b@example.bf") == []
    clock.advance(minutes=1)
    assert invite(client, eligible, "b@example.bf").status_code == 202
    save_referral_settings(client, eligible, invitationDelayMinutes=0)
    assert invite(client, eligible, "c@example.bf").status_code == 202


def test_the_monthly_limit_is_enforced(
    client: TestClient, db: Session, eligible: User, smtp: SmtpServer
) -> None:
    clock = Clock(client)
    clock.now = clock.now.replace(day=2)
    save_referral_settings(client, eligible, monthlyInvitationLimit=10, invitationDelayMinutes=0)
    batch = ",".join(f"f{i}@example.bf" for i in range(9))
    assert invite(client, eligible, batch).status_code == 202
    over = invite(client, eligible, "x@example.bf, y@example.bf")
    assert over.status_code == 429
    assert over.json()["message"].startswith("Limite mensuelle d'invitations atteinte (10")
    assert invite(client, eligible, "x@example.bf").status_code == 202
    assert invite(client, eligible, "y@example.bf").status_code == 429
    clock.advance(days=31)  # a new calendar month
    assert invite(client, eligible, "y@example.bf").status_code == 202


def test_another_users_referral_is_not_found(
    client: TestClient, db: Session, eligible: User, smtp: SmtpServer
) -> None:
    bob = stored_user(db, "bob")
    make_order(db, bob, status="delivered")
    path = f"{API}/users/{eligible.id}/referral"
    assert client.get(path, headers=bearer_for(bob)).status_code == 404
    sent = client.post(
        f"{path}/invitations", json={"emailInvitation": "z@example.bf"}, headers=bearer_for(bob)
    )
    assert sent.status_code == 404
    assert smtp.inbox.messages == []
    db.refresh(eligible)
    assert eligible.referral_code is None  # nothing made for Alice by Bob's request


# --- sign-up and reward -------------------------------------------------------------------------


def register(client: TestClient, address: str, smtp: SmtpServer | None, **payload: Any) -> None:
    """The sign-up calls; the code read from the loopback SMTP server when one runs."""
    if smtp is None:
        sign_up(client, address, **payload)
        return
    assert client.post(f"{API}/auth/send-otp", json={"email": address}).status_code == 200
    code = smtp.wait_for_code(address)
    verified = client.post(f"{API}/auth/verify-signup-otp", json={"email": address, "code": code})
    body = {
        "email": address,
        "password": "secret123",
        "verificationToken": verified.json()["verificationToken"],
        **payload,
    }
    assert client.post(f"{API}/users/register", json=body).status_code == 201


def referred_customer(
    client: TestClient, db: Session, referrer: User, name: str, smtp: SmtpServer | None = None
) -> User:
    """A new account signed up through the friend's link (the code sent with registration)."""
    code = summary(client, referrer)["code"]
    register(client, f"{name}@example.bf", smtp, referralCode=code.lower())
    db.expire_all()
    user = db.exec(select(User).where(col(User.email) == f"{name}@example.bf")).one()
    assert user.referred_by == referrer.id
    return user


@pytest.mark.parametrize("code", ["ZZZZZZZZ", "not a code", ""])
def test_unknown_codes_are_ignored_at_sign_up(client: TestClient, db: Session, code: str) -> None:
    register(client, "carol@example.bf", None, referralCode=code)
    db.expire_all()
    user = db.exec(select(User).where(col(User.email) == "carol@example.bf")).one()
    assert user.referred_by is None


def test_the_first_delivered_order_over_99_eur_pays_the_referrer_once(
    client: TestClient, db: Session, eligible: User, smtp: SmtpServer
) -> None:
    carol = referred_customer(client, db, eligible, "carol", smtp)
    first, second = make_order(db, carol), make_order(db, carol)
    deliver(db, first)
    (reward,) = rewards(db)
    assert (reward.referrer_id, reward.referred_id, reward.order_id) == (
        eligible.id,
        carol.id,
        first,
    )
    (line,) = credit_lines(db, eligible)
    assert line.amount == REWARD_XOF and line.id == reward.credit_entry_id
    assert as_utc(line.expires_at) == months_later(as_utc(line.created_at), 12)
    credit = client.get(f"{API}/users/{eligible.id}/credit", headers=bearer_for(eligible)).json()
    assert credit["balance"] == "32797.85"
    (notice,) = smtp.messages_to("alice@example.bf")
    assert "crédit" in subject(notice) and "32\u202f798\u00a0XOF" in body_text(notice)
    deliver(db, second)
    assert len(rewards(db)) == 1 and len(credit_lines(db, eligible)) == 1
    assert summary(client, eligible)["rewards"][0]["amount"] == "32797.85"


def test_no_reward_when_the_first_order_is_under_99_eur(
    client: TestClient, db: Session, eligible: User
) -> None:
    carol = referred_customer(client, db, eligible, "carol")
    small, big = make_order(db, carol, TOO_LITTLE), make_order(db, carol, ENOUGH)
    deliver(db, small)
    deliver(db, big)
    assert rewards(db) == [] and credit_lines(db, eligible) == []


def test_one_reward_per_household(client: TestClient, db: Session, eligible: User) -> None:
    carol = referred_customer(client, db, eligible, "carol")
    dave = referred_customer(client, db, eligible, "dave")
    same_home = {"streetAddress": " RUE 15-42 Secteur 4 ", "city": "ouagadougou", "country": "bf"}
    deliver(db, make_order(db, carol))
    deliver(db, make_order(db, dave, address=same_home))
    assert [r.referred_id for r in rewards(db)] == [carol.id]
    erin = referred_customer(client, db, eligible, "erin")
    deliver(db, make_order(db, erin, address={**FRIENDS_HOME, "streetAddress": "Rue 12.34"}))
    assert len(rewards(db)) == 2 and len(credit_lines(db, eligible)) == 2


def test_no_reward_for_a_friend_at_the_referrers_own_address(
    client: TestClient, db: Session, eligible: User
) -> None:
    """Alice's delivered order went to VALID_ADDRESS: a "friend" living there is Alice again."""
    carol = referred_customer(client, db, eligible, "carol")
    deliver(db, make_order(db, carol, address={**VALID_ADDRESS, "city": "OUAGADOUGOU"}))
    assert rewards(db) == [] and credit_lines(db, eligible) == []


def test_no_e_mail_when_the_referrer_turned_notifications_off(
    client: TestClient, db: Session, eligible: User, smtp: SmtpServer
) -> None:
    save_referral_settings(client, eligible, emailNotifications=False)
    carol = referred_customer(client, db, eligible, "carol", smtp)
    deliver(db, make_order(db, carol))
    assert len(rewards(db)) == 1
    assert smtp.messages_to("alice@example.bf") == []


def test_no_e_mail_when_the_referrer_turned_all_optional_e_mails_off(
    client: TestClient, db: Session, eligible: User, smtp: SmtpServer
) -> None:
    """The settings' notifications.email off: the reward notice is optional, it stays home."""
    off = {"notifications": {"email": False}}
    saved = client.post(f"{API}/user/settings", json=off, headers=bearer_for(eligible))
    assert saved.status_code == 200, saved.text
    carol = referred_customer(client, db, eligible, "carol", smtp)
    deliver(db, make_order(db, carol))
    assert len(rewards(db)) == 1
    assert smtp.messages_to("alice@example.bf") == []


def test_two_deliveries_at_once_pay_one_reward(
    client: TestClient, database: sa.Engine, db: Session, eligible: User
) -> None:
    carol = referred_customer(client, db, eligible, "carol")
    dave = referred_customer(client, db, eligible, "dave")
    ids = [make_order(db, carol), make_order(db, carol), make_order(db, dave)]
    admin = stored_user(db, "root", ["consumer", "admin"])

    def work(index: int) -> None:
        with Session(database, expire_on_commit=False) as own:
            orders.set_status(own, admin, ids[index], "delivered")
            own.commit()

    assert [r for r in at_once(3, work) if isinstance(r, Exception)] == []
    assert len(rewards(db)) == 1  # carol twice, and dave lives at carol's address
    assert len(credit_lines(db, eligible)) == 1
