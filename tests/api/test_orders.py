"""Placing orders from the server bag (issue 14, piece O), on SQLite and PostgreSQL.

Real parts only: the REST app, a real database, real accounts (signed up with the e-mailed code,
or signed in), the loopback SMTP server or the outbox for the receipt, and a real server
process for the concurrent requests.
"""

from __future__ import annotations

import email
from datetime import timedelta
from decimal import Decimal
from email.header import decode_header, make_header
from typing import Any

import httpx
import pytest
from fastapi.testclient import TestClient
from sqlmodel import Session, col, select

from grocer.models import Article, CartItem, DeliverySlot, Order, Payment, SlotHold, User
from grocer.models.base import utcnow
from grocer.services import checkout, orders, pricing
from grocer.services.errors import Conflict, ValidationFailed
from grocer.services.money import format_amount, round_for
from grocer.settings import get_settings
from tests.support import API
from tests.support.accounts import (
    VALID_ADDRESS,
    bearer,
    bearer_for,
    login,
    make_user,
    sign_up,
    stored_user,
)
from tests.support.carts import make_article
from tests.support.checkout import (
    BAG_QUANTITY,
    RICE_PRICE,
    fill_bag,
    make_slot,
    order_body,
    place,
)
from tests.support.concurrency import at_once
from tests.support.smtp import SmtpServer, body_text

KEY = "order-7f3a9c2e"
Auth = dict[str, str]  # a signed-in request's headers
Shopper = tuple[User, Auth]


@pytest.fixture
def rice(db: Session) -> int:
    return make_article(db, "rice", RICE_PRICE)


@pytest.fixture
def slot(db: Session) -> int:
    return make_slot(db)


@pytest.fixture
def shopper(client: TestClient, db: Session, rice: int) -> Shopper:
    """A stored shopper whose server bag holds 4 bags of rice (26 000 XOF)."""
    user = stored_user(db, "alice")
    auth = bearer_for(user)
    fill_bag(client, auth, rice, BAG_QUANTITY)
    return user, auth


@pytest.fixture
def bob(db: Session) -> Auth:
    """Another shopper's headers."""
    return bearer_for(stored_user(db, "bob"))


def bag_lines(db: Session) -> list[tuple[int, int]]:
    db.expire_all()
    return sorted((i.article_id, i.quantity) for i in db.exec(select(CartItem)).all())


def booked(db: Session, slot_id: int) -> int:
    db.expire_all()
    row = db.get(DeliverySlot, slot_id)
    assert row is not None
    return row.booked


def order_count(db: Session) -> int:
    db.expire_all()
    return len(db.exec(select(Order)).all())


def expected_quote(subtotal: str, **codes: Any) -> pricing.Quote:
    return pricing.quote(Decimal(subtotal), **codes)


def subject(message: email.message.Message) -> str:
    return str(make_header(decode_header(message["Subject"])))


# --- the happy path ---------------------------------------------------------------------------


def test_a_new_shopper_places_a_cash_order_from_the_server_bag(
    client: TestClient, db: Session, rice: int, slot: int
) -> None:
    address = "awa.ouedraogo@example.bf"
    signed = sign_up(client, address)
    auth = bearer(signed["accessToken"])
    user_id = signed["userInfo"]["id"]
    fill_bag(client, auth, rice, BAG_QUANTITY)

    answer = place(client, auth, order_body(slot), KEY)

    assert answer.status_code == 201, answer.text
    order = answer.json()
    quote = expected_quote("26000.00")
    assert (order["status"], order["kind"], order["paymentMethod"], order["paymentStatus"]) == (
        "pending", "delivery", "cash", "unpaid",
    )  # fmt: skip
    assert order["subtotal"] == "26000.00" and order["total"] == str(quote.total)
    assert (order["deliveryFee"], order["surcharge"], order["tip"]) == (
        str(pricing.DELIVERY_FEE), str(pricing.SURCHARGE), str(pricing.TIPS["5"]),
    )  # fmt: skip
    assert [(x["articleId"], x["quantity"], x["unitPrice"]) for x in order["lines"]] == [
        (rice, BAG_QUANTITY, RICE_PRICE)
    ]
    assert order["slot"]["id"] == slot and order["slot"]["label"] == "9h - 13h"
    assert order["address"]["streetAddress"] == VALID_ADDRESS["streetAddress"]
    assert order["instructions"]["phone"] == "70123456"
    assert order["instructions"]["deliveryPreference"] == "doorman"
    assert order["paymentReference"] is None

    assert client.get(f"{API}/orders/{order['id']}", headers=auth).json() == order
    listed = client.get(f"{API}/users/{user_id}/orders", headers=auth).json()
    assert [o["number"] for o in listed] == [order["number"]]
    assert client.get(f"{API}/cart", headers=auth).json()["items"] == []
    assert booked(db, slot) == 1

    # the receipt, in the outbox (no SMTP configured), in French
    mails = [
        email.message_from_bytes(p.read_bytes())
        for p in sorted(get_settings().outbox_dir.glob("*order-receipt*.eml"))
    ]
    assert len(mails) == 1 and address in str(mails[0]["To"])
    assert subject(mails[0]) == f"Votre commande Grocer {order['number']}"
    text = body_text(mails[0])
    assert f"Commande : {order['number']}" in text
    assert f"Total : {format_amount(quote.total, 'XOF')}" in text
    assert "9h - 13h" in text and "Avenue Kwame Nkrumah" in text and "4 × Rice" in text


def test_the_receipt_goes_over_smtp_in_the_shoppers_language(
    client: TestClient, db: Session, smtp: SmtpServer, rice: int, slot: int
) -> None:
    john = make_user(db, username="john", email_address="john@example.bf")
    john.preferred_language = "en"
    db.add(john)
    db.commit()
    auth = bearer(login(client, "john")["accessToken"])
    fill_bag(client, auth, rice, BAG_QUANTITY)

    order = place(client, auth, order_body(slot), KEY).json()

    [mail] = smtp.messages_to("john@example.bf")
    assert subject(mail) == f"Your Grocer order {order['number']}"
    text = body_text(mail)
    assert f"Total : {format_amount(Decimal(order['total']), 'XOF', lang='en')}" in text
    assert "Delivery :" in text and "9h - 13h" in text
    assert not list(get_settings().outbox_dir.glob("*.eml"))


def test_a_held_slot_becomes_the_orders_booking(
    client: TestClient, db: Session, shopper: Shopper, slot: int
) -> None:
    user, auth = shopper
    assert user.id is not None
    row = db.get(DeliverySlot, slot)
    assert row is not None
    row.held = 1
    hold = SlotHold(slot_id=slot, user_id=user.id, expires_at=utcnow() + timedelta(minutes=20))
    db.add_all([row, hold])
    db.commit()
    body = order_body(slot, holdId=hold.id)
    del body["slotId"]
    answer = place(client, auth, body, KEY)
    assert answer.status_code == 201, answer.text
    assert answer.json()["slot"]["id"] == slot
    db.expire_all()
    assert (row.booked, row.held) == (1, 0)
    assert db.get(SlotHold, hold.id).order_id == answer.json()["id"]  # type: ignore[union-attr]


def test_a_hold_taken_through_the_slot_api_is_booked_by_the_order(
    client: TestClient, db: Session, shopper: Shopper
) -> None:
    _, auth = shopper
    tomorrow = (utcnow() + timedelta(days=1)).date().isoformat()
    listed = client.get(f"{API}/delivery-slots", params={"kind": "delivery", "from": tomorrow,
                                                         "days": 1}).json()  # fmt: skip
    chosen = next(slot for slot in listed if slot["available"])
    held = client.post(f"{API}/delivery-slots/{chosen['id']}/hold", headers=auth)
    assert held.status_code == 200, held.text
    body = order_body(chosen["id"], holdId=held.json()["holdId"])
    del body["slotId"]
    order = place(client, auth, body, KEY).json()
    assert order["slot"]["id"] == chosen["id"] and order["slot"]["date"] == tomorrow
    row = db.get(DeliverySlot, chosen["id"])
    db.expire_all()
    assert row is not None and (row.booked, row.held) == (1, 0)
    assert client.get(f"{API}/delivery-slots/hold", headers=auth).status_code == 404


def test_a_pickup_order_needs_no_address(client: TestClient, db: Session, shopper: Shopper) -> None:
    _, auth = shopper
    pickup = make_slot(db, "pickup", start_hour=15, end_hour=17)
    body = order_body(pickup, kind="pickup")
    del body["address"]
    answer = place(client, auth, body, KEY)
    assert answer.status_code == 201, answer.text
    assert answer.json()["kind"] == "pickup" and answer.json()["address"] == {}
    assert answer.json()["slot"]["label"] == "15h - 17h"


def test_a_pickup_order_pays_no_fee_nor_surcharge(
    client: TestClient, db: Session, shopper: Shopper
) -> None:
    _, auth = shopper
    body = order_body(make_slot(db, "pickup", start_hour=15, end_hour=17), kind="pickup",
                      promoCode="SAVE10", giftCardCode="GIFT10", tip={"choice": "10"})  # fmt: skip
    del body["address"]
    answer = place(client, auth, body, KEY)
    assert answer.status_code == 201, answer.text
    db.expire_all()
    stored = db.exec(select(Order)).one()
    assert (stored.delivery_fee, stored.surcharge) == (0, 0)
    subtotal = Decimal("26000.00")
    charged = subtotal + pricing.TIPS["10"] - Decimal("2600.00") - pricing.GIFT10_VALUE
    assert stored.subtotal == subtotal and stored.total == max(Decimal(0), charged)
    assert (answer.json()["deliveryFee"], answer.json()["surcharge"]) == ("0.00", "0.00")
    assert answer.json()["total"] == str(stored.total)


def test_a_pickup_total_is_floored_at_zero(client: TestClient, db: Session, rice: int) -> None:
    # one bag of rice (6 500 XOF), no tip, GIFT10 (6 559.57 XOF): nothing to pay, and the
    # delivery minimum (a delivery rule) does not apply to a pickup
    auth = bearer_for(stored_user(db, "alice"))
    fill_bag(client, auth, rice, 1)
    body = order_body(make_slot(db, "pickup", start_hour=15, end_hour=17), kind="pickup",
                      giftCardCode="GIFT10", tip={"choice": "custom", "custom": "0"})  # fmt: skip
    del body["address"]
    answer = place(client, auth, body, KEY)
    assert answer.status_code == 201, answer.text
    assert (answer.json()["subtotal"], answer.json()["total"]) == (RICE_PRICE, "0.00")
    assert (answer.json()["deliveryFee"], answer.json()["surcharge"]) == ("0.00", "0.00")


@pytest.mark.usefixtures("mobile_money")  # mobile money needs a provider
def test_a_mobile_money_order_waits_for_its_payment(
    client: TestClient, db: Session, shopper: Shopper, slot: int
) -> None:
    _, auth = shopper
    body = order_body(slot, payment={"method": "mobile_money", "channel": "orange",
                                     "phone": "70 11 22 33"})  # fmt: skip
    answer = place(client, auth, body, KEY)
    assert answer.status_code == 201, answer.text
    order = answer.json()
    assert (order["paymentMethod"], order["paymentStatus"]) == ("mobile_money", "pending")
    db.expire_all()
    payment = db.exec(select(Payment).where(col(Payment.order_id) == order["id"])).one()
    assert order["paymentReference"] == payment.reference
    # the provider collects whole francs
    assert (payment.amount, payment.channel, payment.phone) == (
        round_for(Decimal(order["total"]), "XOF"), "orange", "70112233",
    )  # fmt: skip


def test_a_saved_address_of_ones_own_is_used(
    client: TestClient, db: Session, shopper: Shopper, slot: int
) -> None:
    _, auth = shopper
    saved = client.post(
        f"{API}/users/addresses", json={**VALID_ADDRESS, "city": "Bobo-Dioulasso"}, headers=auth
    ).json()
    body = order_body(slot, addressId=saved["id"])
    del body["address"]
    answer = place(client, auth, body, KEY)
    assert answer.status_code == 201, answer.text
    assert answer.json()["address"]["city"] == "Bobo-Dioulasso"
    assert answer.json()["address"]["addressId"] == saved["id"]


# --- idempotency ------------------------------------------------------------------------------


def test_the_same_key_answers_the_same_order(
    client: TestClient, db: Session, shopper: Shopper, slot: int, rice: int
) -> None:
    _, auth = shopper
    first = place(client, auth, order_body(slot), KEY)
    fill_bag(client, auth, rice, BAG_QUANTITY)  # a new bag: a replay must not order it
    again = place(client, auth, order_body(slot), KEY)
    assert (first.status_code, again.status_code) == (201, 200)
    assert again.json() == first.json()
    assert order_count(db) == 1 and booked(db, slot) == 1
    assert bag_lines(db) == [(rice, BAG_QUANTITY)]


def test_the_same_key_with_another_body_is_refused(
    client: TestClient, db: Session, shopper: Shopper, slot: int
) -> None:
    _, auth = shopper
    assert place(client, auth, order_body(slot), KEY).status_code == 201
    other = place(client, auth, order_body(slot, tip={"choice": "15"}), KEY)
    assert other.status_code == 409
    assert other.json()["key"] == "orders.errors.idempotencyMismatch"
    assert order_count(db) == 1


def test_another_shopper_may_use_the_same_key(
    client: TestClient,
    db: Session,
    shopper: Shopper,
    bob: Auth,
    slot: int,
    rice: int,
) -> None:
    _, auth = shopper
    fill_bag(client, bob, rice, BAG_QUANTITY)
    assert place(client, auth, order_body(slot), KEY).status_code == 201
    assert place(client, bob, order_body(slot), KEY).status_code == 201
    assert order_count(db) == 2


@pytest.mark.parametrize("key", [None, "", "a b", "x" * 81, "key/with/slash", "k:1"])
def test_a_missing_or_malformed_key_is_a_400(
    client: TestClient, db: Session, shopper: Shopper, slot: int, key: Any
) -> None:
    _, auth = shopper
    answer = place(client, auth, order_body(slot), key)
    assert answer.status_code == 400, answer.text
    assert order_count(db) == 0


def test_twenty_identical_requests_at_once_make_one_order(
    live_api: str, db: Session, rice: int, slot: int
) -> None:
    auth = bearer_for(stored_user(db, "alice"))
    with httpx.Client(timeout=30) as setup:
        bag = {"cartItems": [{"articleId": rice, "quantity": BAG_QUANTITY}]}
        put = setup.post(f"{live_api}/cart", headers=auth, json=bag)
        assert put.status_code == 200

    def order(_: int) -> tuple[int, int]:
        with httpx.Client(timeout=60) as http:
            answer = http.post(f"{live_api}/orders", json=order_body(slot),
                               headers={**auth, "Idempotency-Key": KEY})  # fmt: skip
            return answer.status_code, answer.json()["id"]

    results = at_once(20, order)
    assert sorted(status for status, _ in results) == [200] * 19 + [201]
    assert len({order_id for _, order_id in results}) == 1
    assert order_count(db) == 1 and booked(db, slot) == 1 and bag_lines(db) == []


# --- the server prices everything -------------------------------------------------------------


def test_prices_sent_by_the_client_are_ignored(
    client: TestClient, db: Session, shopper: Shopper, slot: int, rice: int
) -> None:
    _, auth = shopper
    body = order_body(
        slot,
        total="1.00", subtotal="1.00", deliveryFee="0", discount="999999",
        lines=[{"articleId": rice, "quantity": 99, "unitPrice": "0.01"}],
        tip={"choice": "10", "amount": "0"},
    )  # fmt: skip
    order = place(client, auth, body, KEY).json()
    quote = expected_quote("26000.00", tip_choice="10")
    assert (order["subtotal"], order["total"]) == ("26000.00", str(quote.total))
    assert [(x["quantity"], x["unitPrice"]) for x in order["lines"]] == [(4, RICE_PRICE)]


def test_codes_and_custom_tip_are_priced_by_the_server(
    client: TestClient, db: Session, shopper: Shopper, slot: int
) -> None:
    _, auth = shopper
    body = order_body(slot, promoCode=" save10 ", giftCardCode="gift10",
                      tip={"choice": "custom", "custom": "250"})  # fmt: skip
    order = place(client, auth, body, KEY).json()
    quote = expected_quote("26000.00", promo_code="SAVE10", gift_card_code="GIFT10",
                           tip_choice="custom", custom_tip="250")  # fmt: skip
    assert (order["discount"], order["giftCard"], order["tip"], order["total"]) == (
        "2600.00", str(pricing.GIFT10_VALUE), "250.00", str(quote.total),
    )  # fmt: skip


# --- whose order ------------------------------------------------------------------------------


def test_another_users_order_is_not_found(
    client: TestClient,
    db: Session,
    shopper: Shopper,
    bob: Auth,
    slot: int,
) -> None:
    _, auth = shopper
    order = place(client, auth, order_body(slot), KEY).json()
    assert client.get(f"{API}/orders/{order['id']}", headers=bob).status_code == 404
    assert client.post(f"{API}/orders/{order['id']}/cancel", headers=bob).status_code == 404
    assert client.get(f"{API}/orders/{order['id']}").status_code == 401
    db.expire_all()
    assert db.get(Order, order["id"]).status == "pending"  # type: ignore[union-attr]


# --- statuses ---------------------------------------------------------------------------------


def test_the_shopper_cancels_while_pending_and_the_slot_is_released(
    client: TestClient, db: Session, shopper: Shopper, slot: int
) -> None:
    _, auth = shopper
    order = place(client, auth, order_body(slot), KEY).json()
    assert booked(db, slot) == 1
    cancelled = client.post(f"{API}/orders/{order['id']}/cancel", headers=auth)
    assert cancelled.status_code == 200 and cancelled.json()["status"] == "cancelled"
    assert booked(db, slot) == 0
    again = client.post(f"{API}/orders/{order['id']}/cancel", headers=auth)
    assert again.status_code == 409 and booked(db, slot) == 0


def test_the_shopper_cannot_cancel_a_confirmed_order(
    client: TestClient, db: Session, shopper: Shopper, slot: int
) -> None:
    user, auth = shopper
    order = place(client, auth, order_body(slot), KEY).json()
    admin = stored_user(db, "root", ["admin"])
    orders.set_status(db, admin, order["id"], "confirmed")
    db.commit()
    refused = client.post(f"{API}/orders/{order['id']}/cancel", headers=auth)
    assert refused.status_code == 409
    assert refused.json()["key"] == "orders.errors.cancelNotAllowed"
    assert booked(db, slot) == 1
    # the shop may still cancel a confirmed order, and the place goes back
    assert user.id is not None
    cancelled = checkout.cancel(db, admin, user.id, order["id"], utcnow())
    db.commit()
    assert cancelled["status"] == "cancelled" and booked(db, slot) == 0


@pytest.mark.parametrize(("steps", "illegal"), [
    ([], "shipped"), ([], "delivered"), (["confirmed"], "pending"),
    (["confirmed", "shipped"], "cancelled"), (["cancelled"], "confirmed"),
])  # fmt: skip
def test_illegal_transitions_are_conflicts(
    client: TestClient,
    db: Session,
    shopper: Shopper,
    slot: int,
    steps: list[str],
    illegal: str,
) -> None:
    _, auth = shopper
    order = place(client, auth, order_body(slot), KEY).json()
    admin = stored_user(db, "root", ["admin"])
    for step in steps:
        orders.set_status(db, admin, order["id"], step)
    with pytest.raises(Conflict) as refused:
        orders.set_status(db, admin, order["id"], illegal)
    assert refused.value.status == 409 and refused.value.key == "orders.errors.transition"


@pytest.mark.usefixtures("mobile_money")  # mobile money needs a provider
def test_a_refused_payment_cancels_and_gives_the_bag_back(
    client: TestClient, db: Session, shopper: Shopper, slot: int, rice: int
) -> None:
    _, auth = shopper
    body = order_body(slot, payment={"method": "mobile_money", "channel": "moov",
                                     "phone": "60123456"})  # fmt: skip
    order = place(client, auth, body, KEY).json()
    assert bag_lines(db) == [] and booked(db, slot) == 1
    failed = checkout.fail(db, order["id"], utcnow(), reason="refused", restore_bag=True)
    db.commit()
    assert failed["status"] == "cancelled"
    assert bag_lines(db) == [(rice, BAG_QUANTITY)] and booked(db, slot) == 0
    checkout.fail(db, order["id"], utcnow(), reason="refused again", restore_bag=True)
    db.commit()
    assert bag_lines(db) == [(rice, BAG_QUANTITY)]  # told twice, restored once


# --- refusals leave everything as it was ------------------------------------------------------


def test_an_empty_bag_is_refused(client: TestClient, db: Session, slot: int) -> None:
    auth = bearer_for(stored_user(db, "alice"))
    answer = place(client, auth, order_body(slot), KEY)
    assert answer.status_code == 400 and answer.json()["key"] == "orders.errors.empty"
    assert order_count(db) == 0 and booked(db, slot) == 0


def test_a_bag_with_an_article_no_longer_on_sale_is_refused(
    client: TestClient, db: Session, shopper: Shopper, slot: int, rice: int
) -> None:
    _, auth = shopper
    article = db.get(Article, rice)
    assert article is not None
    article.status = "INACTIVE"
    db.commit()
    answer = place(client, auth, order_body(slot), KEY)
    assert answer.status_code == 400 and answer.json()["unknownArticleIds"] == [rice]
    assert order_count(db) == 0 and bag_lines(db) == [(rice, BAG_QUANTITY)]


def test_a_bag_below_the_delivery_minimum_is_refused(
    client: TestClient, db: Session, rice: int, slot: int
) -> None:
    auth = bearer_for(stored_user(db, "alice"))
    fill_bag(client, auth, rice, 1)
    answer = place(client, auth, order_body(slot), KEY)
    assert answer.status_code == 400
    assert answer.json()["key"] == "cart.issues.belowDeliveryMinimum"
    assert order_count(db) == 0 and bag_lines(db) == [(rice, 1)]


@pytest.mark.parametrize("closed", [False, True])
def test_a_slot_full_or_closed_at_booking_time_leaves_the_bag_and_no_order(
    client: TestClient, db: Session, shopper: Shopper, rice: int, closed: bool
) -> None:
    _, auth = shopper
    full = make_slot(db, capacity=3, booked=3) if not closed else make_slot(db, days_ahead=-1)
    answer = place(client, auth, order_body(full), KEY)
    assert answer.status_code == 409, answer.text
    assert answer.json()["key"] == ("slots.errors.closed" if closed else "slots.errors.full")
    assert order_count(db) == 0 and bag_lines(db) == [(rice, BAG_QUANTITY)]
    assert booked(db, full) == (0 if closed else 3)
    assert not list(get_settings().outbox_dir.glob("*order-receipt*.eml"))


def test_a_delivery_without_an_address_is_refused(
    client: TestClient, db: Session, shopper: Shopper, slot: int, rice: int
) -> None:
    _, auth = shopper
    body = order_body(slot)
    del body["address"]
    answer = place(client, auth, body, KEY)
    assert answer.status_code == 400 and answer.json()["key"] == "orders.errors.address"
    partial = place(client, auth, order_body(slot, address={"city": "Ouagadougou"}), KEY)
    assert partial.status_code == 400
    assert order_count(db) == 0 and bag_lines(db) == [(rice, BAG_QUANTITY)]


def test_no_slot_is_refused(client: TestClient, db: Session, shopper: Shopper, slot: int) -> None:
    _, auth = shopper
    body = order_body(slot)
    del body["slotId"]
    answer = place(client, auth, body, KEY)
    assert answer.status_code == 400 and answer.json()["key"] == "orders.errors.slot"
    unknown = place(client, auth, order_body(slot + 1000), KEY)
    assert unknown.status_code == 404
    assert order_count(db) == 0


def test_an_unknown_or_foreign_saved_address_is_not_found(
    bob: Auth, client: TestClient, db: Session, shopper: Shopper, slot: int, rice: int
) -> None:
    _, auth = shopper
    bobs = client.post(f"{API}/users/addresses", json=VALID_ADDRESS, headers=bob).json()
    for address_id in (bobs["id"], bobs["id"] + 1000):
        body = order_body(slot, addressId=address_id)
        del body["address"]
        assert place(client, auth, body, KEY).status_code == 404
    assert order_count(db) == 0 and bag_lines(db) == [(rice, BAG_QUANTITY)]
    assert booked(db, slot) == 0


BAD_FIELDS: list[tuple[str, Any]] = [
    ("instructions", {"recipientFirstName": "A" * 61}),
    ("instructions", {"recipientLastName": "B" * 61}),
    ("instructions", {"phone": "7012345"}),
    ("instructions", {"phone": "1234567890123456"}),
    ("instructions", {"phone": "70-12-34-56"}),
    ("instructions", {"deliveryPreference": "roof"}),
    ("instructions", {"deliveryNotes": "x" * 501}),
    ("promoCode", "C" * 41),
    ("giftCardCode", "G" * 41),
    ("tip", {"choice": "20"}),
    ("tip", {"choice": "custom", "custom": "beaucoup"}),
    ("kind", "drone"),
    ("payment", {"method": "card"}),
    ("payment", {"method": "mobile_money", "channel": "orange"}),
    ("payment", {"method": "mobile_money", "channel": "wave", "phone": "70112233"}),
    ("slotId", 0),
    ("slotId", "un"),
]


@pytest.mark.parametrize(("field", "value"), BAD_FIELDS)
def test_bad_fields_are_400s(
    client: TestClient,
    db: Session,
    shopper: Shopper,
    slot: int,
    field: str,
    value: Any,
) -> None:
    _, auth = shopper
    answer = place(client, auth, order_body(slot, **{field: value}), KEY)
    assert answer.status_code == 400, answer.text
    assert set(answer.json()) >= {"message", "key"}
    assert order_count(db) == 0


@pytest.mark.parametrize(("field", "value"), [
    ("recipientFirstName", "A" * 61), ("phone", "7012345"), ("deliveryPreference", "roof"),
    ("deliveryNotes", "x" * 501),
])  # fmt: skip
def test_the_service_applies_the_same_rules_as_the_api(field: str, value: str) -> None:
    """The Reflex states call the service with the same dicts: the rules are its own."""
    with pytest.raises(ValidationFailed):
        checkout.read_request(order_body(1, instructions={field: value}))


@pytest.mark.parametrize(
    ("method", "path"),
    [("POST", "/orders"), ("GET", "/orders/1"), ("POST", "/orders/1/cancel"),
     ("GET", "/checkout/quote")],
)  # fmt: skip
def test_every_order_route_needs_a_token(client: TestClient, method: str, path: str) -> None:
    answer = client.request(
        method, f"{API}{path}", json=order_body(1), headers={"Idempotency-Key": KEY}
    )
    assert answer.status_code == 401 and answer.json()["key"] == "auth.errors.unauthorized"
