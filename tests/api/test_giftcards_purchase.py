"""Gift cards bought through the payment flow and redeemed once, and the credit the checkout
spends (spec 001 §2 "Credit", "Gift cards", §5, §9), against the local mobile-money provider and
the loopback SMTP server, on SQLite and PostgreSQL."""

from __future__ import annotations

import re
from decimal import Decimal
from email.header import decode_header, make_header
from email.message import Message
from typing import Any

import pytest
from fastapi.testclient import TestClient
from sqlmodel import Session, col, select

from grocer.db import run_unit_of_work, session_scope
from grocer.models import GiftCard, Order, User
from grocer.models.base import utcnow
from grocer.services import credit, giftcard_purchase, giftcards
from grocer.services.money import format_amount
from grocer.services.payments import service as payments
from tests.fakes.mobile_money import FakeMobileMoney
from tests.support import API
from tests.support.accounts import bearer_for, stored_user
from tests.support.carts import make_article
from tests.support.checkout import BAG_QUANTITY, RICE_PRICE, fill_bag, make_slot, order_body
from tests.support.checkout import place as place_order
from tests.support.concurrency import at_once
from tests.support.smtp import SmtpServer, body_text

FRIEND = "ami.kabore@example.bf"
CODE = re.compile(r"\b([A-Z2-7]{4}-[A-Z2-7]{4}-[A-Z2-7]{4}-[A-Z2-7]{4})\b")
PAY = {"method": "mobile_money", "channel": "orange", "phone": "70123456"}


def purchase_body(**changes: Any) -> dict[str, Any]:
    body: dict[str, Any] = {
        "amount": "10000",
        "recipientEmail": FRIEND,
        "senderName": "Awa",
        "message": "Bon anniversaire !",
        "payment": PAY,
    }
    body.update(changes)
    return body


def buy(client: TestClient, user: User, key: str = "gift-1", **changes: Any) -> Any:
    return client.post(
        f"{API}/users/{user.id}/giftcards/purchase",
        json=purchase_body(**changes),
        headers={**bearer_for(user), "Idempotency-Key": key},
    )


def redeem(client: TestClient, user: User, code: str) -> Any:
    return client.post(
        f"{API}/users/{user.id}/giftcards/redeem", json={"code": code}, headers=bearer_for(user)
    )


def cards(client: TestClient, user: User) -> Any:
    return client.get(f"{API}/users/{user.id}/giftcards", headers=bearer_for(user)).json()


def balance(client: TestClient, user: User) -> str:
    answer = client.get(f"{API}/users/{user.id}/credit", headers=bearer_for(user))
    return str(answer.json()["balance"])


def stored_card(order_id: int) -> GiftCard:
    with session_scope() as db:
        return db.exec(select(GiftCard).where(col(GiftCard.order_id) == order_id)).one()


def mails_to(smtp: SmtpServer, address: str) -> list[Message]:
    return smtp.messages_to(address)


@pytest.fixture
def buyer(db: Session) -> User:
    return stored_user(db, "awa")


@pytest.fixture
def friend(db: Session) -> User:
    return stored_user(db, "ami")


# --- buying ----------------------------------------------------------------------------------


def test_a_paid_card_is_mailed_to_its_recipient_and_redeemed_once(
    client: TestClient, provider: FakeMobileMoney, smtp: SmtpServer, buyer: User, friend: User
) -> None:
    answer = buy(client, buyer)
    assert answer.status_code == 201, answer.text
    body = answer.json()
    order, card = body["order"], body["giftCard"]
    assert order["kind"] == "giftcard" and order["lines"] == []
    assert (order["total"], order["deliveryFee"], order["slot"]) == ("10000.00", "0.00", {})
    assert body["payment"]["amount"] == "10000.00"
    assert body["payment"]["paymentUrl"].startswith(provider.url)
    assert (card["status"], card["code"], card["recipientEmail"]) == ("pending", "", FRIEND)

    provider.wait_callbacks()
    assert stored_card(order["id"]).status == "active"
    paid = cards(client, buyer)["purchased"]
    assert [(c["status"], c["initialValue"], c["redeemed"]) for c in paid] == [
        ("active", "10000.00", False)
    ]

    [gift] = mails_to(smtp, FRIEND)
    text = body_text(gift)
    found = CODE.search(text)
    assert found, text
    code = found.group(1)
    assert paid[0]["code"] == code
    # 16 characters of the 32-letter base32 alphabet: 16 × 5 = 80 bits of randomness
    assert len(code.replace("-", "")) == giftcards.CODE_LENGTH == 16
    assert "Awa" in text and "Bon anniversaire !" in text
    assert format_amount(Decimal(10000), "XOF") in text
    subject = str(make_header(decode_header(gift["Subject"])))
    assert subject.startswith("Vous avez reçu une carte cadeau")
    [receipt] = mails_to(smtp, buyer.email)
    assert order["number"] in body_text(receipt) and code not in body_text(receipt)

    redeemed = redeem(client, friend, code.lower().replace("-", " "))
    assert redeemed.status_code == 200, redeemed.text
    assert redeemed.json()["balance"] == "10000.00" == balance(client, friend)
    assert [c["code"] for c in redeemed.json()["received"]] == ["•••• " + code[-4:]]
    again = redeem(client, friend, code)
    assert again.status_code == 409
    assert again.json()["message"] == "Cette carte cadeau a déjà été utilisée"
    assert redeem(client, buyer, code).status_code == 409
    assert balance(client, buyer) == "0.00"
    assert cards(client, buyer)["purchased"][0]["redeemed"] is True
    # a second confirmation of the same payment activates and mails nothing more
    provider.send_callback(body["payment"]["reference"])
    assert len(mails_to(smtp, FRIEND)) == 1


def test_a_pending_card_cannot_be_redeemed(
    client: TestClient, provider: FakeMobileMoney, smtp: SmtpServer, buyer: User, friend: User
) -> None:
    provider.mode = "pending"
    answer = buy(client, buyer)
    assert answer.status_code == 201, answer.text
    order = answer.json()["order"]
    card = stored_card(order["id"])
    assert card.status == "pending"
    refused = redeem(client, friend, card.code)
    assert refused.status_code == 404
    assert refused.json()["message"] == "Code de carte cadeau invalide"
    assert mails_to(smtp, FRIEND) == []
    # paid later: now it works
    provider.complete(answer.json()["payment"]["reference"])
    assert stored_card(order["id"]).status == "active"
    assert redeem(client, friend, card.code).status_code == 200


@pytest.mark.parametrize("mode", ["refuse", "refuse_later"])
def test_a_failed_payment_leaves_the_card_unusable(
    client: TestClient,
    provider: FakeMobileMoney,
    smtp: SmtpServer,
    buyer: User,
    friend: User,
    mode: str,
) -> None:
    provider.mode = mode
    answer = buy(client, buyer)
    assert answer.status_code == 201, answer.text
    provider.wait_callbacks()
    order_id = answer.json()["order"]["id"]
    card = stored_card(order_id)
    assert card.status == "void"
    with session_scope() as db:
        order = db.get(Order, order_id)
        assert order is not None and order.status == "cancelled"
    assert redeem(client, friend, card.code).status_code == 404
    assert mails_to(smtp, FRIEND) == []
    assert [c["status"] for c in cards(client, buyer)["purchased"]] == ["void"]
    assert cards(client, buyer)["purchased"][0]["code"] == ""


def test_an_expired_payment_voids_the_card(
    client: TestClient, provider: FakeMobileMoney, buyer: User, friend: User
) -> None:
    provider.mode = "pending"
    answer = buy(client, buyer)
    order_id = answer.json()["order"]["id"]
    later = utcnow().replace(year=utcnow().year + 1)
    assert payments.expire_pending(later, provider=payments.default_provider()) == 1
    assert stored_card(order_id).status == "void"
    assert redeem(client, friend, stored_card(order_id).code).status_code == 404


def test_the_return_page_brings_the_buyer_back_to_the_gift_cards(
    client: TestClient, provider: FakeMobileMoney, buyer: User
) -> None:
    reference = buy(client, buyer).json()["payment"]["reference"]
    provider.wait_callbacks()
    back = client.get(f"{API}/payments/return?reference={reference}", follow_redirects=False)
    assert back.status_code in (302, 303, 307)
    assert back.headers["location"].endswith("/account?section=giftcards")


# --- one purchase per submission -------------------------------------------------------------


def test_the_same_key_is_the_same_purchase(
    client: TestClient, provider: FakeMobileMoney, db: Session, buyer: User
) -> None:
    first = buy(client, buyer, "double-click")
    second = buy(client, buyer, "double-click")
    assert (first.status_code, second.status_code) == (201, 200)
    assert first.json()["order"]["id"] == second.json()["order"]["id"]
    assert first.json()["giftCard"]["id"] == second.json()["giftCard"]["id"]
    other = buy(client, buyer, "double-click", amount="25000")
    assert other.status_code == 409
    orders = db.exec(select(Order).where(col(Order.user_id) == buyer.id)).all()
    assert len(orders) == 1 and len(provider.initiated()) == 1
    assert buy(client, buyer, "").status_code == 400


def test_two_submissions_at_once_make_one_order(
    provider: FakeMobileMoney, db: Session, buyer: User
) -> None:
    provider.mode = "pending"

    def submit(_index: int) -> giftcard_purchase.PurchaseResult:
        return run_unit_of_work(
            giftcard_purchase.purchase, buyer, purchase_body(), "same-key", utcnow()
        )

    results = at_once(4, submit)
    assert not [r for r in results if isinstance(r, Exception)], results
    assert len({r.order["id"] for r in results}) == 1
    assert sorted(r.created for r in results) == [False, False, False, True]
    assert len(db.exec(select(GiftCard).where(col(GiftCard.purchased_by) == buyer.id)).all()) == 1


# --- what is refused -------------------------------------------------------------------------


def test_without_mobile_money_nothing_is_sold(client: TestClient, db: Session, buyer: User) -> None:
    answer = buy(client, buyer)
    assert answer.status_code == 400
    assert answer.json()["key"] == "giftcards.errors.mobileMoneyOnly"
    assert db.exec(select(Order).where(col(Order.user_id) == buyer.id)).all() == []


@pytest.mark.parametrize(
    ("changes", "key"),
    [
        ({"amount": "12345"}, "giftcards.errors.amount"),
        ({"amount": None}, "giftcards.errors.amount"),
        ({"amount": "-10000"}, "giftcards.errors.amount"),
        ({"recipientEmail": ""}, "giftcards.errors.recipientRequired"),
        ({"recipientEmail": "pas une adresse"}, "giftcards.errors.recipientInvalid"),
        ({"senderName": "A" * 61}, "errors.validation"),
        ({"message": "B" * 301}, "errors.validation"),
        ({"payment": {"method": "cash"}}, "giftcards.errors.mobileMoneyOnly"),
    ],
)
def test_bad_purchases_are_refused(
    client: TestClient,
    provider: FakeMobileMoney,
    db: Session,
    buyer: User,
    changes: dict[str, Any],
    key: str,
) -> None:
    answer = buy(client, buyer, **changes)
    assert answer.status_code == 400, answer.text
    assert answer.json()["key"] == key
    assert db.exec(select(Order).where(col(Order.user_id) == buyer.id)).all() == []
    assert provider.initiated() == []


def test_codes_are_fresh_and_80_bits() -> None:
    codes = {giftcards.new_code() for _ in range(2000)}
    assert len(codes) == 2000
    assert all(CODE.fullmatch(code) for code in codes)
    assert len(giftcards.CODE_ALPHABET) ** giftcards.CODE_LENGTH >= 2**80


# --- redeeming once --------------------------------------------------------------------------


def active_card(db: Session, code: str, value: str = "5000") -> None:
    db.add(GiftCard(code=code, initial_value=Decimal(value), balance=Decimal(value)))
    db.commit()


def test_two_people_racing_for_a_code_one_wins(db: Session) -> None:
    active_card(db, "RACE-CODE-0001")
    racers = [stored_user(db, f"racer{i}") for i in range(4)]

    def claim(index: int) -> Any:
        user = racers[index]
        return run_unit_of_work(giftcards.redeem, user, user.id, "race-code-0001", utcnow())

    results = at_once(4, claim)
    winners = [r for r in results if isinstance(r, dict)]
    losers = [r for r in results if not isinstance(r, dict)]
    assert len(winners) == 1 and winners[0]["balance"] == "5000.00"
    assert [type(e).__name__ for e in losers] == ["Conflict"] * 3
    with session_scope() as fresh:
        total = sum(credit.available(fresh, u.id or 0, utcnow()) for u in racers)
    assert total == Decimal("5000")


def test_the_same_person_redeeming_twice_at_once_gets_it_once(db: Session, alice: User) -> None:
    active_card(db, "TWICE-CODE-01")

    def claim(_index: int) -> Any:
        return run_unit_of_work(giftcards.redeem, alice, alice.id, "TWICE-CODE-01", utcnow())

    results = at_once(2, claim)
    assert sorted(type(r).__name__ for r in results) == ["Conflict", "dict"]
    with session_scope() as fresh:
        assert credit.available(fresh, alice.id or 0, utcnow()) == Decimal("5000")


@pytest.mark.parametrize("code", ["", "   ", None])
def test_an_empty_code_has_the_spec_message(
    client: TestClient, alice: User, code: str | None
) -> None:
    answer = client.post(
        f"{API}/users/{alice.id}/giftcards/redeem", json={"code": code}, headers=bearer_for(alice)
    )
    assert answer.status_code == 400
    assert answer.json()["message"] == "Veuillez entrer un code de carte cadeau"


# --- the credit at checkout ------------------------------------------------------------------


def credit_and_bag(client: TestClient, db: Session, user: User, amount: str) -> dict[str, str]:
    """`amount` XOF of credit (a redeemed card) and a bag worth a delivery; the auth headers."""
    assert user.id is not None
    credit.add_credit(db, user.id, amount, "giftcard:ABCD", now=utcnow())
    db.commit()
    auth = bearer_for(user)
    fill_bag(client, auth, make_article(db, "riz", RICE_PRICE), BAG_QUANTITY)
    return auth


def test_credit_is_deducted_from_the_next_order_and_given_back_on_cancel(
    client: TestClient, db: Session, alice: User
) -> None:
    auth = credit_and_bag(client, db, alice, "5000")
    quote = client.get(f"{API}/checkout/quote", headers=auth).json()
    assert quote["credit"] == "5000.00"
    placed = place_order(client, auth, order_body(make_slot(db)), "with-credit")
    assert placed.status_code == 201, placed.text
    order = placed.json()
    assert order["total"] == quote["total"]
    before_credit = Decimal(order["subtotal"]) + Decimal(order["deliveryFee"])
    before_credit += Decimal(order["surcharge"]) + Decimal(order["tip"])
    assert Decimal(order["total"]) == before_credit - Decimal("5000")
    assert order["giftCard"] == "5000.00"
    assert balance(client, alice) == "0.00"
    ledger = client.get(f"{API}/users/{alice.id}/credit", headers=auth).json()["transactions"]
    assert [(t["kind"], t["ref"], t["amount"]) for t in ledger][0] == (
        "order",
        order["number"],
        "-5000.00",
    )

    cancelled = client.post(f"{API}/orders/{order['id']}/cancel", headers=auth)
    assert cancelled.status_code == 200, cancelled.text
    assert balance(client, alice) == "5000.00"
    ledger = client.get(f"{API}/users/{alice.id}/credit", headers=auth).json()["transactions"]
    assert ("refund", order["number"], "5000.00") in [
        (t["kind"], t["ref"], t["amount"]) for t in ledger
    ]
    # a second cancellation is refused and gives nothing more
    assert client.post(f"{API}/orders/{order['id']}/cancel", headers=auth).status_code == 409
    assert balance(client, alice) == "5000.00"


def test_credit_covering_the_whole_order_leaves_nothing_to_collect(
    client: TestClient, db: Session, alice: User, provider: FakeMobileMoney
) -> None:
    auth = credit_and_bag(client, db, alice, "1000000")
    placed = place_order(client, auth, order_body(make_slot(db), payment=PAY), "all-credit")
    assert placed.status_code == 201, placed.text
    assert placed.json()["total"] == "0.00"
    assert placed.json()["paymentReference"] is None and provider.initiated() == []
