"""Mobile-money payments against a local CinetPay-style provider, on SQLite and PostgreSQL:
accepted, refused, timed out, duplicate and forged callbacks, expiry, paid after expiry (the
review list), ownership, and a callback racing the poller."""

from __future__ import annotations

import asyncio
import logging
import threading
from collections.abc import Iterator
from datetime import timedelta
from decimal import Decimal
from typing import Any
from urllib.parse import urlsplit

import httpx
import pytest
import sqlalchemy as sa
from fastapi.testclient import TestClient
from sqlmodel import Session, col, select

from grocer.api.payments import payment_poller
from grocer.db import run_unit_of_work, session_scope
from grocer.models import DeliverySlot, Order, Payment, PaymentEvent, User
from grocer.models.base import as_utc, utcnow
from grocer.services import cart, orders
from grocer.services.errors import ValidationFailed
from grocer.services.orders import LineInput, OrderTotals
from grocer.services.payments import create_payment, payment_of, review_list
from grocer.services.payments import service as payments
from grocer.settings import get_settings
from tests.fakes.mobile_money import API_KEY, SECRET, FakeMobileMoney, sign
from tests.support import API
from tests.support.accounts import bearer_for, stored_user
from tests.support.carts import make_article
from tests.support.checkout import BAG_QUANTITY, RICE_PRICE, fill_bag, make_slot, order_body
from tests.support.checkout import place as place_order

PHONE = "70123456"


@pytest.fixture
def shopper(db: Session) -> User:
    return stored_user(db, "awa")


def place(db: Session, user: User, channel: str = "orange", phone: str = PHONE) -> tuple[int, str]:
    """An order of 2 × 1500 XOF paid by mobile money, its bag emptied; (order id, reference)."""
    article_id = make_article(db, f"mil{utcnow().timestamp()}", "1500")
    placed = orders.place_order(
        db,
        user,
        [LineInput(article_id, "Mil", 2, Decimal("1500"))],
        OrderTotals(subtotal=Decimal("3000"), total=Decimal("3000")),
        now=utcnow(),
    )
    order = db.get(Order, placed["id"])
    assert order is not None
    payment = create_payment(db, order, channel, phone, utcnow())
    db.commit()
    return placed["id"], payment.reference


def started(
    provider: FakeMobileMoney, db: Session, user: User, mode: str = "pending"
) -> tuple[int, str]:
    """An order whose payment was started with the provider in `mode` (default: it took the
    payment and waits); (order id, reference). A held initiation is released once it failed."""
    provider.mode = mode
    order_id, reference = place(db, user)
    payments.start(reference)
    provider.release()
    return order_id, reference


def state(order_id: int, reference: str) -> tuple[str, str, str]:
    """(payment status, order status, order payment_status), read fresh."""
    with session_scope() as db:
        payment = db.exec(select(Payment).where(col(Payment.reference) == reference)).one()
        order = db.get(Order, order_id)
        assert order is not None
        return payment.status, order.status, order.payment_status


def events(reference: str, source: str = "callback") -> list[PaymentEvent]:
    with session_scope() as db:
        payment = db.exec(select(Payment).where(col(Payment.reference) == reference)).one()
        return list(
            db.exec(
                select(PaymentEvent)
                .where(col(PaymentEvent.payment_id) == payment.id, PaymentEvent.source == source)
                .order_by(col(PaymentEvent.id))
            ).all()
        )


def bag(user: User) -> dict[int, int]:
    with session_scope() as db:
        fresh = db.get(User, user.id)
        assert fresh is not None
        return {item["articleId"]: item["quantity"] for item in cart.get_cart(db, fresh)["items"]}


def read(client: TestClient, user: User, reference: str) -> Any:
    return client.get(f"{API}/payments/{reference}", headers=bearer_for(user))


# --- the happy path and refusals ------------------------------------------------------------


def test_accepted_callback_marks_paid_and_confirms_the_order(
    client: TestClient, provider: FakeMobileMoney, db: Session, shopper: User
) -> None:
    order_id, reference = place(db, shopper)
    answer = payments.start(reference)
    assert answer["status"] == "pending"
    assert answer["paymentUrl"].startswith(provider.url)
    provider.wait_callbacks()
    assert [c.status_code for c in provider.callbacks] == [200]
    assert state(order_id, reference) == ("paid", "confirmed", "paid")
    assert [e.verified for e in events(reference)] == [True]
    answer = read(client, shopper, reference)
    assert answer.status_code == 200
    assert answer.json()["status"] == "paid"
    assert answer.json()["amount"] == "3000.00"
    sent = next(c.body for c in provider.calls if c.path == "/v2/payment")
    assert sent["amount"] == 3000 and sent["currency"] == "XOF"
    assert sent["customer_phone_number"] == PHONE and sent["channels"] == "MOBILE_MONEY"
    assert sent["notify_url"].endswith("/api/v1/payments/callback")


def test_start_twice_initiates_once(provider: FakeMobileMoney, db: Session, shopper: User) -> None:
    provider.mode = "pending"
    _order_id, reference = place(db, shopper)
    payments.start(reference)
    payments.start(reference)
    assert provider.initiated() == [reference]


def test_refused_at_initiation_cancels_and_gives_the_bag_back(
    provider: FakeMobileMoney, db: Session, shopper: User
) -> None:
    provider.mode = "refuse"
    order_id, reference = place(db, shopper)
    assert bag(shopper) == {}
    assert payments.start(reference)["status"] == "failed"
    assert state(order_id, reference) == ("failed", "cancelled", "failed")
    assert list(bag(shopper).values()) == [2]


def test_refused_later_by_callback_cancels_and_gives_the_bag_back(
    client: TestClient, provider: FakeMobileMoney, db: Session, shopper: User
) -> None:
    order_id, reference = started(provider, db, shopper, "refuse_later")
    provider.wait_callbacks()
    assert state(order_id, reference) == ("failed", "cancelled", "failed")
    assert list(bag(shopper).values()) == [2]
    assert read(client, shopper, reference).json()["status"] == "failed"


def test_timed_out_initiation_stays_pending_then_the_callback_settles_it(
    client: TestClient, provider: FakeMobileMoney, db: Session, shopper: User
) -> None:
    order_id, reference = started(provider, db, shopper, "timeout")
    assert run_unit_of_work(payment_of, reference)["paymentUrl"] is None
    assert [e.detail["outcome"] for e in events(reference, "initiate")] == ["timeout"]
    assert state(order_id, reference) == ("pending", "pending", "pending")
    provider.complete(reference, "ACCEPTED")
    assert state(order_id, reference) == ("paid", "confirmed", "paid")


def test_timed_out_initiation_is_settled_by_the_return_page(
    client: TestClient, provider: FakeMobileMoney, db: Session, shopper: User
) -> None:
    """GET /payments/{reference} (the return page, the UI's polling) asks the status API."""
    order_id, reference = started(provider, db, shopper, "timeout")
    provider.complete(reference, "ACCEPTED", callback=False)
    assert read(client, shopper, reference).json()["status"] == "paid"
    assert state(order_id, reference) == ("paid", "confirmed", "paid")


def test_the_provider_is_called_outside_any_transaction(
    monkeypatch: pytest.MonkeyPatch, provider: FakeMobileMoney, db: Session, shopper: User
) -> None:
    """While the provider holds the initiation, the payment's and the order's rows can be
    written by someone else: `start` holds no lock and no open transaction."""
    monkeypatch.setenv("GROCER_HTTP_TIMEOUT", "60")
    get_settings.cache_clear()
    provider.mode, provider.hold_seconds = "timeout", 60
    order_id, reference = place(db, shopper)
    thread = threading.Thread(target=payments.start, args=(reference,))
    thread.start()
    try:
        assert provider.initiate_received.wait(30)
        with session_scope() as other:
            other.exec(
                sa.update(Order).where(col(Order.id) == order_id).values(updated_at=utcnow())
            )
            other.exec(
                sa.update(Payment)
                .where(col(Payment.reference) == reference)
                .values(updated_at=utcnow())
            )
        assert thread.is_alive(), "start returned before the provider answered"
    finally:
        provider.release()
        thread.join(30)
    assert state(order_id, reference)[0] == "pending"


# --- repeated and forged callbacks --------------------------------------------------------------


def test_duplicate_callbacks_change_nothing_more(
    caplog: pytest.LogCaptureFixture, provider: FakeMobileMoney, db: Session, shopper: User
) -> None:
    provider.duplicates = 3
    order_id, reference = place(db, shopper)
    with caplog.at_level(logging.INFO, logger="grocer.services.payments.service"):
        payments.start(reference)
        provider.wait_callbacks()
        first = run_unit_of_work(payment_of, reference)["paidAt"]
        assert provider.send_callback(reference) == 200
    assert [c.status_code for c in provider.callbacks] == [200, 200, 200, 200]
    assert state(order_id, reference) == ("paid", "confirmed", "paid")
    assert run_unit_of_work(payment_of, reference)["paidAt"] == first
    assert sum("confirmed" in r.getMessage() for r in caplog.records) == 1


def test_forged_signature_changes_nothing_and_is_recorded(
    provider: FakeMobileMoney, db: Session, shopper: User
) -> None:
    order_id, reference = started(provider, db, shopper)
    provider.transactions[reference].status = "ACCEPTED"  # even a true claim needs a signature
    checks = provider.paths().count("/v2/payment/check")
    assert provider.send_forged_callback(reference) == 200
    assert state(order_id, reference) == ("pending", "pending", "pending")
    assert provider.paths().count("/v2/payment/check") == checks  # not even asked
    [event] = events(reference)
    assert event.verified is False and event.detail["reason"] == "bad signature"
    assert PHONE not in str(event.detail)


def test_signed_callback_the_status_api_contradicts_changes_nothing(
    provider: FakeMobileMoney, db: Session, shopper: User
) -> None:
    order_id, reference = started(provider, db, shopper)
    assert provider.send_callback(reference, cpm_error_message="SUCCES") == 200
    assert state(order_id, reference) == ("pending", "pending", "pending")
    [event] = events(reference)
    assert event.verified is False and event.detail["reason"] == "status API says pending"


@pytest.mark.parametrize("report", [{"reported_amount": "5"}, {"reported_currency": "EUR"}])
def test_wrong_amount_or_currency_changes_nothing(
    report: dict[str, str], provider: FakeMobileMoney, db: Session, shopper: User
) -> None:
    order_id, reference = started(provider, db, shopper)
    for name, value in report.items():
        setattr(provider, name, value)
    provider.complete(reference, "ACCEPTED")
    assert state(order_id, reference) == ("pending", "pending", "pending")
    [event] = events(reference)
    assert event.verified is False
    assert event.detail["reason"] == "amount or currency differ from the order"
    with pytest.raises(ValidationFailed):
        run_unit_of_work(
            payments.mark_paid, reference, amount=Decimal("5"), currency="XOF", now=utcnow()
        )


def test_callback_for_an_unknown_reference_is_recorded_unverified(
    client: TestClient, mobile_money: FakeMobileMoney
) -> None:
    form = {"cpm_site_id": mobile_money.site_id, "cpm_trans_id": "GRCNOSUCHPAYMENT"}
    answer = client.post(f"{API}/payments/callback", data=form, headers={"x-token": sign(form)})
    assert answer.status_code == 200
    with session_scope() as db:
        [event] = db.exec(select(PaymentEvent)).all()
    assert event.payment_id is None and event.verified is False
    assert event.detail["reason"] == "unknown reference"
    unsigned = client.post(f"{API}/payments/callback", data={**form, "cpm_trans_id": "GRCNOISE"})
    assert unsigned.status_code == 200
    with session_scope() as db:  # noise that names nothing of ours and is unsigned: not kept
        assert len(db.exec(select(PaymentEvent)).all()) == 1


def test_malformed_callback_is_400_and_the_ping_200(client: TestClient) -> None:
    assert client.post(f"{API}/payments/callback", content=b"\xff\x00").status_code == 400
    assert client.post(f"{API}/payments/callback", json=[1, 2]).status_code == 400
    assert client.get(f"{API}/payments/callback").status_code == 200


# --- expiry and review --------------------------------------------------------------------------


def test_expiry_cancels_and_keeps_the_bag_empty(
    provider: FakeMobileMoney, db: Session, shopper: User
) -> None:
    order_id, reference = started(provider, db, shopper)
    expires = as_utc(db.exec(select(Payment.expires_at)).one())
    assert expires - utcnow() > timedelta(minutes=19)
    assert payments.expire_pending(expires - timedelta(seconds=1)) == 0
    assert payments.expire_pending(expires + timedelta(seconds=1)) == 1
    assert payments.expire_pending(expires + timedelta(seconds=2)) == 0
    assert state(order_id, reference) == ("expired", "cancelled", "expired")
    assert bag(shopper) == {}


def test_paid_after_expiry_goes_to_review(
    client: TestClient, provider: FakeMobileMoney, db: Session, shopper: User
) -> None:
    order_id, reference = started(provider, db, shopper)
    assert payments.expire_pending(utcnow() + timedelta(minutes=21)) == 1
    provider.complete(reference, "ACCEPTED")
    assert state(order_id, reference) == ("review", "cancelled", "review")
    admin = stored_user(db, "gerante", roles=["admin"])
    listed = client.get(f"{API}/admin/payments/review", headers=bearer_for(admin))
    assert listed.status_code == 200
    [row] = listed.json()
    assert row["reference"] == reference and row["reviewReason"] == "paid after expired"
    assert row["amount"] == "3000.00" and row["orderStatus"] == "cancelled"
    assert (
        client.get(f"{API}/admin/payments/review", headers=bearer_for(shopper)).status_code == 403
    )
    assert client.get(f"{API}/admin/payments/review").status_code == 401


def test_another_users_payment_is_404(
    client: TestClient, provider: FakeMobileMoney, db: Session, shopper: User
) -> None:
    provider.mode = "pending"
    _order_id, reference = place(db, shopper)
    other = stored_user(db, "moussa")
    assert read(client, other, reference).status_code == 404
    assert read(client, shopper, "GRCNOSUCHPAYMENT").status_code == 404
    assert client.get(f"{API}/payments/{reference}").status_code == 401
    assert read(client, shopper, reference).status_code == 200


# --- the race ----------------------------------------------------------------------------------


def test_callbacks_racing_the_poller_mark_paid_once(
    caplog: pytest.LogCaptureFixture, provider: FakeMobileMoney, db: Session, shopper: User
) -> None:
    order_id, reference = started(provider, db, shopper)
    provider.transactions[reference].status = "ACCEPTED"
    form = provider.callback_form(reference)
    headers = {"x-token": sign(form, SECRET)}
    barrier = threading.Barrier(6)
    errors: list[BaseException] = []

    def callback() -> None:
        barrier.wait()
        payments.handle_callback(headers, form)

    def poller() -> None:
        barrier.wait()
        payments.run_periodic(utcnow())

    def guarded(work: Any) -> None:
        try:
            work()
        except BaseException as exc:  # noqa: BLE001 (reported below)
            errors.append(exc)

    with caplog.at_level(logging.INFO, logger="grocer.services.payments.service"):
        threads = [threading.Thread(target=guarded, args=(w,)) for w in [callback, poller] * 3]
        for thread in threads:
            thread.start()
        for thread in threads:
            thread.join(60)
    assert errors == []
    assert state(order_id, reference) == ("paid", "confirmed", "paid")
    assert sum("confirmed" in r.getMessage() for r in caplog.records) == 1


def test_secrets_and_phone_stay_out_of_the_logs(
    caplog: pytest.LogCaptureFixture, provider: FakeMobileMoney, db: Session, shopper: User
) -> None:
    with caplog.at_level(logging.DEBUG):
        _order_id, reference = place(db, shopper)
        payments.start(reference)
        provider.wait_callbacks()
        provider.send_forged_callback(reference)
    assert API_KEY not in caplog.text and SECRET not in caplog.text
    assert PHONE not in caplog.text
    assert "******56" in caplog.text


@pytest.fixture(autouse=True)
def _no_leftover_threads(mobile_money: FakeMobileMoney) -> Iterator[None]:
    yield
    mobile_money.wait_callbacks()


# --- the return page, a cancelled order, the background task -----------------------------------


@pytest.mark.parametrize("method", ["GET", "POST"])
def test_return_page_settles_and_redirects_to_the_confirmation(
    method: str, client: TestClient, provider: FakeMobileMoney, db: Session, shopper: User
) -> None:
    order_id, reference = started(provider, db, shopper)
    provider.complete(reference, "ACCEPTED", callback=False)
    sent = next(c.body for c in provider.calls if c.path == "/v2/payment")
    path = urlsplit(sent["return_url"])
    assert path.path == "/api/v1/payments/return" and path.query == f"reference={reference}"
    answer = client.request(method, f"{path.path}?{path.query}", follow_redirects=False)
    assert answer.status_code == 303
    number = db.exec(select(Order.number).where(col(Order.id) == order_id)).one()
    assert answer.headers["location"] == f"/order-confirmation?number={number}"
    assert state(order_id, reference) == ("paid", "confirmed", "paid")
    unknown = client.get(f"{API}/payments/return?reference=GRCNOSUCH", follow_redirects=False)
    assert unknown.status_code == 303 and unknown.headers["location"] == "/"
    assert client.get(f"{API}/payments/return?reference=a/b").status_code == 400


def test_paid_for_an_order_cancelled_meanwhile_goes_to_review(
    provider: FakeMobileMoney, db: Session, shopper: User
) -> None:
    order_id, reference = started(provider, db, shopper)
    with session_scope() as other:  # the shopper cancelled while paying
        other.exec(sa.update(Order).where(col(Order.id) == order_id).values(status="cancelled"))
    provider.complete(reference, "ACCEPTED")
    assert state(order_id, reference) == ("review", "cancelled", "review")
    with session_scope() as other:
        assert review_list(other)[0]["reviewReason"] == "order cancelled"


def test_background_task_polls_and_expires(
    monkeypatch: pytest.MonkeyPatch, provider: FakeMobileMoney, db: Session, shopper: User
) -> None:
    """The task the app starts: with a 1 s period it settles an accepted payment (no callback
    came) and expires an overdue one, then keeps running until cancelled."""
    monkeypatch.setenv("GROCER_PAYMENT_POLL_SECONDS", "1")
    get_settings.cache_clear()
    paid_order, paid = started(provider, db, shopper)
    provider.complete(paid, "ACCEPTED", callback=False)
    late_order, late = started(provider, db, shopper)
    with session_scope() as other:
        other.exec(
            sa.update(Payment)
            .where(col(Payment.reference) == late)
            .values(expires_at=utcnow() - timedelta(minutes=1))
        )

    async def run() -> bool:
        task = asyncio.create_task(payment_poller())
        for _ in range(300):  # until both are settled (at most 30 s)
            await asyncio.sleep(0.1)
            if state(paid_order, paid)[0] == "paid" and state(late_order, late)[0] == "expired":
                break
        running = not task.done()
        task.cancel()
        return running

    assert asyncio.run(run())
    assert state(paid_order, paid) == ("paid", "confirmed", "paid")
    assert state(late_order, late) == ("expired", "cancelled", "expired")


def test_background_task_is_off_without_a_provider_or_a_period(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    monkeypatch.setenv("GROCER_PAYMENT_POLL_SECONDS", "0")
    get_settings.cache_clear()
    assert asyncio.run(asyncio.wait_for(payment_poller(), 5)) is None
    monkeypatch.setenv("GROCER_PAYMENT_POLL_SECONDS", "30")
    monkeypatch.setenv("GROCER_MOBILE_MONEY_URL", "")
    get_settings.cache_clear()
    assert asyncio.run(asyncio.wait_for(payment_poller(), 5)) is None


def test_create_payment_refuses_what_cannot_be_collected(
    monkeypatch: pytest.MonkeyPatch, provider: FakeMobileMoney, db: Session, shopper: User
) -> None:
    for channel, phone, key in [
        ("wave", PHONE, "payments.errors.channel"),
        ("moov", "12", "validation.phoneTooShort"),
    ]:
        with pytest.raises(ValidationFailed) as refused:
            place(db, shopper, channel, phone)
        assert refused.value.key == key
        db.rollback()
    monkeypatch.setenv("GROCER_MOBILE_MONEY_URL", "")
    get_settings.cache_clear()
    with pytest.raises(ValidationFailed) as refused:
        place(db, shopper)
    assert refused.value.key == "payments.errors.unavailable"


def test_the_providers_page_links_back_to_the_return_url(
    provider: FakeMobileMoney, db: Session, shopper: User
) -> None:
    """What a browser test follows: payment_url → "Retour au marchand" → the return route."""
    _order_id, reference = started(provider, db, shopper)
    url = run_unit_of_work(payment_of, reference)["paymentUrl"]
    page = httpx.get(url).text
    assert f"/api/v1/payments/return?reference={reference}" in page


# --- with the real checkout: the slot is given back ----------------------------------------------


def placed_through_checkout(
    client: TestClient, provider: FakeMobileMoney, db: Session, shopper: User, mode: str
) -> tuple[int, str, int]:
    """POST /orders (mobile money, a delivery slot) then start: (order id, reference, slot)."""
    slot = make_slot(db)
    auth = bearer_for(shopper)
    fill_bag(client, auth, make_article(db, "riz", RICE_PRICE), BAG_QUANTITY)
    payment = {"method": "mobile_money", "channel": "moov", "phone": PHONE}
    answer = place_order(client, auth, order_body(slot, payment=payment), "k1")
    assert answer.status_code == 201, answer.text
    provider.mode = mode
    payments.start(answer.json()["paymentReference"])
    provider.release()
    return answer.json()["id"], answer.json()["paymentReference"], slot


def booked(slot_id: int) -> int:
    with session_scope() as db:
        row = db.get(DeliverySlot, slot_id)
        assert row is not None
        return row.booked


def test_refusal_through_checkout_releases_the_slot_and_keeps_the_bag(
    client: TestClient, provider: FakeMobileMoney, db: Session, shopper: User
) -> None:
    order_id, reference, slot = placed_through_checkout(client, provider, db, shopper, "refuse")
    assert state(order_id, reference) == ("failed", "cancelled", "failed")
    assert booked(slot) == 0
    assert list(bag(shopper).values()) == [BAG_QUANTITY]


def test_expiry_through_checkout_releases_the_slot(
    client: TestClient, provider: FakeMobileMoney, db: Session, shopper: User
) -> None:
    order_id, reference, slot = placed_through_checkout(client, provider, db, shopper, "pending")
    assert booked(slot) == 1
    assert payments.expire_pending(utcnow() + timedelta(minutes=21)) == 1
    assert state(order_id, reference) == ("expired", "cancelled", "expired")
    assert booked(slot) == 0
    assert bag(shopper) == {}
