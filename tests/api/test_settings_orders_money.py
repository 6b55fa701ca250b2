"""Settings document, orders, gift cards and credit (spec 001 §2, §3, §5, §7, §9)."""

from __future__ import annotations

import copy
from datetime import UTC, datetime, timedelta
from decimal import Decimal
from typing import Any

import pytest
from fastapi.testclient import TestClient
from sqlmodel import Session

from grocer.models import CreditEntry, GiftCard, Order, OrderLine, User
from grocer.models.base import utcnow
from grocer.services import credit, orders
from grocer.services.errors import Conflict, Forbidden, ValidationFailed
from grocer.services.settings_doc import DEFAULT_SETTINGS, apply_settings
from tests.support import API
from tests.support.accounts import bearer_for, stored_user

# Settings -----------------------------------------------------------------------------------

SPEC_DEFAULTS = {
    "notifications": {"email": True, "push": False, "sms": False},
    "privacy": {"publicProfile": False, "dataSharing": True},
    "security": {
        "twoFactorMethod": "disabled",
        "securityNotifications": {"newLogins": True, "passwordChanges": True, "failedLogins": True},
    },
    "session": {"autoLogoutMinutes": 60, "logoutAllDevices": False},
    "languageAndRegion": {
        "language": "fr",
        "currency": "XOF",
        "isCurrencyAutoDetected": True,
        "timezone": "Europe/Paris",
        "isTimezoneAutoDetected": True,
    },
    "referral": {
        "emailNotifications": True,
        "pushNotifications": False,
        "publicProfile": False,
        "sharedStatistics": True,
        "monthlyInvitationLimit": 25,
        "invitationDelayMinutes": 5,
    },
}


def save(client: TestClient, user: User, body: dict[str, Any]) -> Any:
    return client.post(f"{API}/user/settings", json=body, headers=bearer_for(user))


def test_defaults_are_the_specs(client: TestClient, alice: User) -> None:
    assert DEFAULT_SETTINGS == SPEC_DEFAULTS
    response = client.get(f"{API}/user/settings/{alice.id}", headers=bearer_for(alice))
    assert response.status_code == 200
    assert response.json() == {"userId": alice.id, **SPEC_DEFAULTS}


def test_partial_documents_merge(client: TestClient, db: Session, alice: User) -> None:
    first = save(client, alice, {"notifications": {"push": True}, "unknown": {"x": 1}})
    assert first.status_code == 200, first.text
    second = save(
        client,
        alice,
        {"userId": alice.id, "security": {"securityNotifications": {"failedLogins": False}}},
    )
    expected = copy.deepcopy(SPEC_DEFAULTS)
    expected["notifications"]["push"] = True
    expected["security"]["securityNotifications"]["failedLogins"] = False
    assert second.json() == {"userId": alice.id, **expected}
    got = client.get(f"{API}/user/settings/{alice.id}", headers=bearer_for(alice)).json()
    assert got == {"userId": alice.id, **expected}


ALLOWED: list[tuple[str, str, Any]] = [
    *[("security", "twoFactorMethod", v) for v in ("disabled", "sms", "email", "app")],
    *[("session", "autoLogoutMinutes", v) for v in (30, 60, 1440, 10080, None)],
    *[("languageAndRegion", "language", v) for v in ("fr", "en", "es", "de")],
    *[("languageAndRegion", "currency", v) for v in ("XOF", "EUR", "USD")],
    *[
        ("languageAndRegion", "timezone", v)
        for v in (
            "Europe/Paris",
            "Europe/London",
            "America/New_York",
            "Africa/Ouagadougou",
            "Africa/Abidjan",
            "America/Toronto",
            "Asia/Tokyo",
        )
    ],  # fmt: skip
    *[("referral", "monthlyInvitationLimit", v) for v in (10, 25, 50, 100)],
    *[("referral", "invitationDelayMinutes", v) for v in (0, 5, 60)],
]


@pytest.mark.parametrize(("section", "key", "value"), ALLOWED)
def test_every_allowed_value_is_kept(
    client: TestClient, alice: User, section: str, key: str, value: Any
) -> None:
    response = save(client, alice, {section: {key: value}})
    assert response.status_code == 200, response.text
    assert response.json()[section][key] == value
    got = client.get(f"{API}/user/settings/{alice.id}", headers=bearer_for(alice)).json()
    assert got[section][key] == value


REFUSED: list[tuple[str, str, Any]] = [
    ("security", "twoFactorMethod", "totp"),
    ("security", "twoFactorMethod", "SMS"),
    ("session", "autoLogoutMinutes", 45),
    ("session", "autoLogoutMinutes", 0),
    ("session", "autoLogoutMinutes", "60"),
    ("languageAndRegion", "language", "it"),
    ("languageAndRegion", "currency", "GBP"),
    ("languageAndRegion", "timezone", "Africa/Dakar"),
    ("languageAndRegion", "timezone", "europe/paris"),
    ("referral", "monthlyInvitationLimit", 20),
    ("referral", "monthlyInvitationLimit", None),
    ("referral", "invitationDelayMinutes", -1),
    ("referral", "invitationDelayMinutes", 61),
    ("referral", "invitationDelayMinutes", None),
    ("notifications", "email", "yes"),
    ("notifications", "sms", 1),
    ("notifications", "push", None),
    ("privacy", "dataSharing", "false"),
    ("session", "logoutAllDevices", None),
    ("languageAndRegion", "isTimezoneAutoDetected", 0),
]


@pytest.mark.parametrize(("section", "key", "value"), REFUSED)
def test_every_other_value_is_refused(
    client: TestClient, alice: User, section: str, key: str, value: Any
) -> None:
    response = save(client, alice, {section: {key: value}})
    assert response.status_code == 400, response.text
    got = client.get(f"{API}/user/settings/{alice.id}", headers=bearer_for(alice)).json()
    assert got == {"userId": alice.id, **SPEC_DEFAULTS}


def test_refusals_name_the_field_and_choices(client: TestClient, alice: User) -> None:
    body = save(client, alice, {"security": {"twoFactorMethod": "totp"}}).json()
    assert body["field"] == "security.twoFactorMethod"
    assert body["message"] == (
        "Valeur invalide pour security.twoFactorMethod "
        "(valeurs possibles : disabled, sms, email, app)"
    )
    delay = save(client, alice, {"referral": {"invitationDelayMinutes": 61}}).json()
    assert (
        delay["message"] == "Le délai entre les invitations doit être compris entre 0 et 60 minutes"
    )


def test_a_section_must_be_an_object() -> None:
    with pytest.raises(ValidationFailed) as caught:
        apply_settings(DEFAULT_SETTINGS, {"session": 60})
    assert caught.value.field == "session"
    with pytest.raises(ValidationFailed):
        apply_settings(DEFAULT_SETTINGS, {"referral": {"invitationDelayMinutes": "5"}})


def test_a_hand_picked_timezone_or_currency_is_no_longer_auto_detected(
    client: TestClient, alice: User
) -> None:
    picked = save(client, alice, {"languageAndRegion": {"timezone": "Asia/Tokyo"}}).json()
    region = picked["languageAndRegion"]
    assert region["timezone"] == "Asia/Tokyo"
    assert region["isTimezoneAutoDetected"] is False
    assert region["isCurrencyAutoDetected"] is True
    detected = save(
        client,
        alice,
        {"languageAndRegion": {"timezone": "Africa/Ouagadougou", "isTimezoneAutoDetected": True,
                               "currency": "EUR"}},
    ).json()["languageAndRegion"]  # fmt: skip
    assert detected["isTimezoneAutoDetected"] is True
    assert detected["isCurrencyAutoDetected"] is False


def test_language_becomes_the_accounts_preferred_language(
    client: TestClient, db: Session, alice: User
) -> None:
    assert save(client, alice, {"languageAndRegion": {"language": "de"}}).status_code == 200
    db.expire_all()
    stored = db.get(User, alice.id)
    assert stored is not None and stored.preferred_language == "de"


def test_an_admin_may_read_and_save_a_customers_settings(
    client: TestClient, db: Session, alice: User
) -> None:
    admin = stored_user(db, "root", ["admin"])
    saved = save(client, admin, {"userId": alice.id, "privacy": {"publicProfile": True}})
    assert saved.status_code == 200 and saved.json()["userId"] == alice.id
    got = client.get(f"{API}/user/settings/{alice.id}", headers=bearer_for(alice)).json()
    assert got["privacy"]["publicProfile"] is True
    assert client.get(f"{API}/user/settings/999999", headers=bearer_for(admin)).status_code == 404


# Orders -------------------------------------------------------------------------------------


def insert_order(
    db: Session, user: User, number: str, *, status: str = "pending", total: str = "1500"
) -> Order:
    assert user.id is not None
    order = Order(
        number=number,
        user_id=user.id,
        status=status,
        subtotal=Decimal(total),
        total=Decimal(total),
        created_at=utcnow(),
    )
    db.add(order)
    db.flush()
    assert order.id is not None
    db.add_all(
        [
            OrderLine(order_id=order.id, name="Riz 5 kg", quantity=2, unit_price=Decimal("500"),
                      line_total=Decimal("1000")),
            OrderLine(order_id=order.id, name="Lait", quantity=1, unit_price=Decimal("500"),
                      line_total=Decimal("500")),
        ]
    )  # fmt: skip
    db.commit()
    db.refresh(order)
    return order


def test_orders_list_and_detail(client: TestClient, db: Session, alice: User) -> None:
    older = insert_order(db, alice, "CMD-1")
    newer = insert_order(db, alice, "CMD-2", status="shipped", total="650.5")
    listed = client.get(f"{API}/users/{alice.id}/orders", headers=bearer_for(alice))
    assert listed.status_code == 200
    body = listed.json()
    assert [o["number"] for o in body] == ["CMD-2", "CMD-1"]
    first = body[0]
    assert set(first) == {
        "id", "number", "date", "status", "total", "currency", "lines",
        # checkout's (issue 14)
        "kind", "slot", "address", "instructions", "paymentMethod", "paymentStatus",
        "subtotal", "deliveryFee", "surcharge", "tip", "discount", "giftCard", "paymentReference",
        # the account area's (issue 15): the status history, empty for a row written by hand
        "history",
    }  # fmt: skip
    assert (first["status"], first["total"], first["currency"]) == ("shipped", "650.50", "XOF")
    assert first["date"].endswith("Z")
    assert first["lines"] == [
        {"articleId": None, "name": "Riz 5 kg", "quantity": 2, "unitPrice": "500.00",
         "lineTotal": "1000.00"},
        {"articleId": None, "name": "Lait", "quantity": 1, "unitPrice": "500.00",
         "lineTotal": "500.00"},
    ]  # fmt: skip
    one = client.get(f"{API}/users/{alice.id}/orders/{older.id}", headers=bearer_for(alice))
    assert one.status_code == 200 and one.json()["number"] == "CMD-1"
    assert newer.id is not None
    missing = client.get(f"{API}/users/{alice.id}/orders/999999", headers=bearer_for(alice))
    assert missing.status_code == 404


def test_no_orders_is_an_empty_list(client: TestClient, alice: User) -> None:
    assert client.get(f"{API}/users/{alice.id}/orders", headers=bearer_for(alice)).json() == []


TRANSITIONS = {
    ("pending", "confirmed"),
    ("pending", "cancelled"),
    ("confirmed", "shipped"),
    ("confirmed", "cancelled"),
    ("shipped", "delivered"),
}
STATUSES = ("pending", "confirmed", "shipped", "delivered", "cancelled")


@pytest.mark.parametrize("current", STATUSES)
@pytest.mark.parametrize("target", STATUSES)
def test_status_transitions(sqlite_db: Session, current: str, target: str) -> None:
    admin = stored_user(sqlite_db, "root", ["admin"])
    customer = stored_user(sqlite_db, "alice")
    order = insert_order(sqlite_db, customer, "CMD-T", status=current)
    assert order.id is not None
    assert orders.can_transition(current, target) is ((current, target) in TRANSITIONS)
    if (current, target) in TRANSITIONS:
        assert orders.set_status(sqlite_db, admin, order.id, target)["status"] == target
    else:
        with pytest.raises(Conflict, match="Transition de statut impossible"):
            orders.set_status(sqlite_db, admin, order.id, target)


def test_only_admins_change_a_status(sqlite_db: Session) -> None:
    customer = stored_user(sqlite_db, "alice")
    order = insert_order(sqlite_db, customer, "CMD-A")
    assert order.id is not None
    with pytest.raises(Forbidden):
        orders.set_status(sqlite_db, customer, order.id, "confirmed")
    admin = stored_user(sqlite_db, "root", ["admin"])
    with pytest.raises(ValidationFailed):
        orders.set_status(sqlite_db, admin, order.id, "lost")


def test_place_order(db: Session, alice: User) -> None:
    lines = [
        orders.LineInput(article_id=None, name="Riz", quantity=2, unit_price=Decimal("500")),
        orders.LineInput(article_id=None, name="Lait", quantity=1, unit_price=Decimal("650")),
    ]
    totals = orders.OrderTotals(subtotal=Decimal("1650"), total=Decimal("6891.18"),
                                delivery_fee=Decimal("5241.18"))  # fmt: skip
    placed = orders.place_order(db, alice, lines, totals, now=utcnow())
    db.commit()
    assert placed["status"] == "pending" and placed["total"] == "6891.18"
    assert placed["number"].startswith("CMD-") and len(placed["number"]) == 21
    assert [line["lineTotal"] for line in placed["lines"]] == ["1000.00", "650.00"]
    assert orders.get_order(db, alice, alice.id or 0, placed["id"]) == placed
    with pytest.raises(ValidationFailed, match="La commande est vide"):
        orders.place_order(db, alice, [], totals, now=utcnow())
    with pytest.raises(ValidationFailed, match="Sous-total incohérent"):
        bad = orders.OrderTotals(subtotal=Decimal("1"), total=Decimal("1"))
        orders.place_order(db, alice, lines, bad, now=utcnow())


# Gift cards ---------------------------------------------------------------------------------


def insert_card(db: Session, code: str, value: str = "6559.57", buyer: User | None = None) -> int:
    card = GiftCard(
        code=code,
        initial_value=Decimal(value),
        balance=Decimal(value),
        purchased_by=buyer.id if buyer else None,
        created_at=utcnow(),
    )
    db.add(card)
    db.commit()
    assert card.id is not None
    return card.id


def redeem(client: TestClient, user: User, body: dict[str, Any]) -> Any:
    return client.post(
        f"{API}/users/{user.id}/giftcards/redeem", json=body, headers=bearer_for(user)
    )


def test_redeem_a_gift_card(client: TestClient, db: Session, alice: User) -> None:
    buyer = stored_user(db, "bob")
    card_id = insert_card(db, "GIFT-ABCD-1234", buyer=buyer)
    empty = client.get(f"{API}/users/{alice.id}/giftcards", headers=bearer_for(alice)).json()
    assert empty == {"balance": "0.00", "currency": "XOF", "received": [], "purchased": []}

    response = redeem(client, alice, {"code": "  gift-abcd- 1234 "})
    assert response.status_code == 200, response.text
    body = response.json()
    assert body["balance"] == "6559.57"
    # the card's value went into the credit ledger (the balance above): the card keeps none
    assert [(c["id"], c["code"], c["initialValue"], c["balance"]) for c in body["received"]] == [
        (card_id, "•••• 1234", "6559.57", "0.00")
    ]
    assert body["received"][0]["redeemedAt"].endswith("Z")
    assert client.get(f"{API}/users/{alice.id}/giftcards", headers=bearer_for(alice)).json() == body

    bought = client.get(f"{API}/users/{buyer.id}/giftcards", headers=bearer_for(buyer)).json()
    assert bought["balance"] == "0.00" and bought["received"] == []
    assert [(c["code"], c["redeemed"]) for c in bought["purchased"]] == [("GIFT-ABCD-1234", True)]


@pytest.mark.parametrize("body", [{"code": ""}, {"code": "   "}, {}, {"code": None}])
def test_redeem_needs_a_code(client: TestClient, alice: User, body: dict[str, Any]) -> None:
    response = redeem(client, alice, body)
    assert response.status_code == 400
    assert response.json()["message"] == "Veuillez entrer un code de carte cadeau"


def test_unknown_and_used_codes(client: TestClient, db: Session, alice: User) -> None:
    insert_card(db, "USED-0001")
    bob = stored_user(db, "bob")
    assert redeem(client, bob, {"code": "USED-0001"}).status_code == 200
    unknown = redeem(client, alice, {"code": "NOPE-0000"})
    assert unknown.status_code == 404
    assert unknown.json()["message"] == "Code de carte cadeau invalide"
    used = redeem(client, alice, {"code": "used-0001"})
    assert used.status_code == 409
    assert used.json()["message"] == "Cette carte cadeau a déjà été utilisée"
    again = redeem(client, bob, {"code": "USED-0001"})
    assert again.status_code == 409


def test_guessing_codes_is_rate_limited(client: TestClient, db: Session, alice: User) -> None:
    insert_card(db, "REAL-CODE")
    for attempt in range(10):
        assert redeem(client, alice, {"code": f"GUESS-{attempt}"}).status_code == 404
    limited = redeem(client, alice, {"code": "REAL-CODE"})
    assert limited.status_code == 429
    assert int(limited.headers["Retry-After"]) > 0
    bob = stored_user(db, "bob")
    assert redeem(client, bob, {"code": "REAL-CODE"}).status_code == 200


# Credit -------------------------------------------------------------------------------------


def add_entry(
    db: Session, user: User, amount: str, reason: str, expires_at: datetime | None = None
) -> None:
    assert user.id is not None
    db.add(
        CreditEntry(user_id=user.id, amount=Decimal(amount), reason=reason,
                    created_at=utcnow(), expires_at=expires_at)
    )  # fmt: skip
    db.commit()


def test_credit_balance_counts_unexpired_lines(
    client: TestClient, db: Session, alice: User
) -> None:
    now = utcnow()
    add_entry(db, alice, "32797.85", "Parrainage", now + timedelta(days=30))
    add_entry(db, alice, "1000", "Ancien parrainage", now - timedelta(days=1))
    add_entry(db, alice, "-797.85", "Commande CMD-1")
    response = client.get(f"{API}/users/{alice.id}/credit", headers=bearer_for(alice))
    assert response.status_code == 200
    body = response.json()
    assert body["balance"] == "32000.00" and body["currency"] == "XOF"
    assert sorted((t["amount"], t["expired"]) for t in body["transactions"]) == [
        ("-797.85", False),
        ("1000.00", True),
        ("32797.85", False),
    ]
    assert set(body["transactions"][0]) == {
        "id",
        "amount",
        "reason",
        "date",
        "expiresAt",
        "expired",
        "kind",
        "ref",
    }


def test_no_credit_is_zero(client: TestClient, alice: User) -> None:
    body = client.get(f"{API}/users/{alice.id}/credit", headers=bearer_for(alice)).json()
    assert body == {"balance": "0.00", "currency": "XOF", "transactions": []}


def test_balance_never_negative(db: Session, alice: User) -> None:
    add_entry(db, alice, "-50", "Ajustement")
    assert credit.get_credit(db, alice, alice.id or 0, utcnow())["balance"] == "0.00"


def test_referral_credit_expires_after_twelve_months(db: Session, alice: User) -> None:
    now = datetime(2025, 2, 28, 10, 0, tzinfo=UTC)
    entry = credit.add_referral_credit(db, alice.id or 0, "32797.85", "Parrainage", now=now)
    assert entry["expiresAt"] == "2026-02-28T10:00:00Z"
    db.commit()
    assert credit.get_credit(db, alice, alice.id or 0, datetime(2026, 2, 28, 9, 59, tzinfo=UTC))[
        "balance"
    ] == ("32797.85")
    assert credit.get_credit(db, alice, alice.id or 0, datetime(2026, 2, 28, 10, 0, tzinfo=UTC))[
        "balance"
    ] == ("0.00")
    with pytest.raises(ValidationFailed):
        credit.add_credit(db, alice.id or 0, "0", "Rien", now=now)
    with pytest.raises(ValidationFailed, match="motif"):
        credit.add_credit(db, alice.id or 0, "10", "  ", now=now)


@pytest.mark.parametrize(
    ("start", "months", "expected"),
    [
        (datetime(2025, 1, 31, tzinfo=UTC), 1, datetime(2025, 2, 28, tzinfo=UTC)),
        (datetime(2024, 1, 31, tzinfo=UTC), 1, datetime(2024, 2, 29, tzinfo=UTC)),
        (datetime(2024, 2, 29, tzinfo=UTC), 12, datetime(2025, 2, 28, tzinfo=UTC)),
        (datetime(2025, 11, 15, tzinfo=UTC), 3, datetime(2026, 2, 15, tzinfo=UTC)),
    ],
)
def test_months_later(start: datetime, months: int, expected: datetime) -> None:
    assert credit.months_later(start, months) == expected
