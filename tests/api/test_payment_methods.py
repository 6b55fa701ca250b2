"""Payment methods through /api/v1 (spec 001 §3, §5, §7), and the pure card rules.

The point that matters most: a card number and a CVV sent with the payload are stored nowhere.
"""

from __future__ import annotations

from typing import Any

import pytest
import sqlalchemy as sa
from fastapi.testclient import TestClient
from sqlmodel import Session, SQLModel, select

from grocer.models import PaymentMethod, User
from grocer.services.payment_methods import card_brand, card_digits, luhn_valid
from tests.support import API
from tests.support.accounts import bearer_for, stored_user

PAN = "4539 1488 0343 6467"  # a Luhn-valid Visa test number with distinctive middle digits
PAN_DIGITS = PAN.replace(" ", "")
CVV = "852"
CARD: dict[str, Any] = {
    "paymentType": "CREDIT_CARD",
    "cardNumber": PAN,
    "cvv": CVV,
    "expiryMonth": 9,
    "expiryYear": 2031,
}
METHOD_KEYS = {
    "id",
    "paymentType",
    "paymentName",
    "paymentTypeDisplayName",
    "cardLastFour",
    "cardBrand",
    "expiryMonth",
    "expiryYear",
    "paypalEmail",
    "mobileMoneyNumber",
    "mobileMoneyProvider",
    "bankName",
    "isDefault",
    "isActive",
    "isVerified",
    "createdAt",
}


def post(client: TestClient, user: User, body: dict[str, Any]) -> Any:
    return client.post(f"{API}/payment-methods", json=body, headers=bearer_for(user))


def created(client: TestClient, user: User, body: dict[str, Any]) -> dict[str, Any]:
    response = post(client, user, body)
    assert response.status_code == 201, response.text
    return response.json()


# Pure rules ---------------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("number", "valid"),
    [
        ("4242424242424242", True),
        ("4539148803436467", True),
        ("378282246310005", True),
        ("5555555555554444", True),
        ("4242424242424241", False),
        ("1234567812345678", False),
        ("42424242a4242424", False),
        ("", False),
    ],
)
def test_luhn(number: str, valid: bool) -> None:
    assert luhn_valid(number) is valid


@pytest.mark.parametrize(
    ("number", "brand"),
    [
        ("4111111111111111", "Visa"),
        ("5105105105105100", "Mastercard"),
        ("5555555555554444", "Mastercard"),
        ("2221000000000009", "Mastercard"),
        ("2720990000000007", "Mastercard"),
        ("2220990000000000", "CARD"),
        ("2721000000000000", "CARD"),
        ("5011111111111111", "CARD"),
        ("5611111111111111", "CARD"),
        ("340000000000009", "Amex"),
        ("378282246310005", "Amex"),
        ("6011111111111117", "CARD"),
    ],
)
def test_brand_from_prefix(number: str, brand: str) -> None:
    assert card_brand(number) == brand


def test_card_digits_allows_group_separators() -> None:
    assert card_digits("4539-1488-0343-6467") == PAN_DIGITS
    assert card_digits(PAN) == PAN_DIGITS


# Cards --------------------------------------------------------------------------------------


def test_card_number_and_cvv_are_stored_nowhere(
    client: TestClient, db: Session, alice: User
) -> None:
    saved = created(client, alice, {**CARD, "accountNumber": "BF1234567890123"})
    assert set(saved) == METHOD_KEYS
    assert saved["cardLastFour"] == "6467"
    assert saved["cardBrand"] == "Visa"
    assert saved["paymentName"] == "Visa •••• 6467"
    assert saved["paymentTypeDisplayName"] == "Carte bancaire"
    assert (saved["expiryMonth"], saved["expiryYear"]) == (9, 2031)
    assert saved["isVerified"] is False and saved["isActive"] is True
    assert PAN_DIGITS not in str(saved) and CVV not in str(saved)

    row = db.get(PaymentMethod, saved["id"])
    assert row is not None and row.card_last_four == "6467"
    assert row.account_last_four is None

    # Every column of every row of the table: no full number, no middle digits, no CVV.
    columns = [c.name for c in PaymentMethod.__table__.columns]  # type: ignore[attr-defined]
    timestamps = {"created_at"}  # a timestamp's digits may contain any 3 digits by chance
    with db.get_bind().connect() as conn:
        rows = conn.execute(sa.text("SELECT * FROM payment_methods")).mappings().all()
    assert rows
    for stored in rows:
        assert set(stored) == set(columns)
        for name, value in stored.items():
            text = str(value)
            assert PAN_DIGITS not in text and PAN_DIGITS[4:12] not in text, name
            assert "BF1234567890123" not in text, name
            if name not in timestamps:
                assert CVV not in text, name

    # And nowhere else in the database either.
    with db.get_bind().connect() as conn:
        for table in SQLModel.metadata.sorted_tables:
            for stored in conn.execute(sa.select(table)).all():
                assert PAN_DIGITS not in str(tuple(stored)), table.name


def test_last_four_comes_from_the_payload_when_no_number(client: TestClient, alice: User) -> None:
    body = {**CARD, "cardNumber": None, "cardLastFour": "1881", "cardBrand": "Visa"}
    saved = created(client, alice, body)
    assert (saved["cardLastFour"], saved["cardBrand"]) == ("1881", "Visa")
    no_brand = created(client, alice, {**body, "cardBrand": None})
    assert no_brand["cardBrand"] == "CARD"


def test_the_number_wins_over_a_given_brand_and_last_four(client: TestClient, alice: User) -> None:
    saved = created(client, alice, {**CARD, "cardLastFour": "0000", "cardBrand": "Amex"})
    assert (saved["cardLastFour"], saved["cardBrand"]) == ("6467", "Visa")


@pytest.mark.parametrize(
    ("number", "brand"),
    [("5555 5555 5555 4444", "Mastercard"), ("2223003122003222", "Mastercard"),
     ("378282246310005", "Amex"), ("6011111111111117", "CARD")],
)  # fmt: skip
def test_brand_through_the_api(client: TestClient, alice: User, number: str, brand: str) -> None:
    saved = created(client, alice, {**CARD, "cardNumber": number})
    assert saved["cardBrand"] == brand
    assert saved["cardLastFour"] == number[-4:]


@pytest.mark.parametrize(
    "changes",
    [
        {"cardNumber": "4539 1488 0343 6468"},  # Luhn fails
        {"cardNumber": "4242 4242"},  # too short
        {"cardNumber": "4242-4242-4242-424X"},
        {"cardNumber": None},  # neither a number nor last four
        {"cardNumber": None, "cardLastFour": "12a4"},
        {"cardNumber": 4539148803436468},  # a JSON number is read as text, still checked
    ],
)
def test_invalid_card_numbers(client: TestClient, alice: User, changes: dict[str, Any]) -> None:
    response = post(client, alice, {**CARD, **changes})
    assert response.status_code == 400
    assert response.json()["message"] == "Numéro de carte invalide"
    assert "4539" not in response.text  # the error never echoes the number


def test_a_json_number_card_is_accepted(client: TestClient, alice: User) -> None:
    assert created(client, alice, {**CARD, "cardNumber": int(PAN_DIGITS)})["cardLastFour"] == "6467"


@pytest.mark.parametrize(
    ("changes", "message"),
    [
        ({"expiryMonth": 0}, "Le mois d'expiration doit être compris entre 1 et 12"),
        ({"expiryMonth": 13}, "Le mois d'expiration doit être compris entre 1 et 12"),
        ({"expiryMonth": None}, "Le mois d'expiration doit être compris entre 1 et 12"),
        ({"expiryYear": 2023}, "L'année d'expiration doit être comprise entre 2024 et 2100"),
        ({"expiryYear": 2101}, "L'année d'expiration doit être comprise entre 2024 et 2100"),
        ({"expiryYear": None}, "L'année d'expiration doit être comprise entre 2024 et 2100"),
    ],
)
def test_expiry(client: TestClient, alice: User, changes: dict[str, Any], message: str) -> None:
    response = post(client, alice, {**CARD, **changes})
    assert response.status_code == 400
    assert response.json()["message"] == message


@pytest.mark.parametrize(
    "country", ["United States", "France", "Côte d’Ivoire", "Belgique", "Canada"]
)
def test_billing_countries_of_the_card_form(client: TestClient, alice: User, country: str) -> None:
    saved = created(client, alice, {**CARD, "billingCountry": country})
    assert saved["cardLastFour"] == "6467"


@pytest.mark.parametrize("country", ["Mars", "france", "", 42])
def test_other_billing_countries_are_refused(client: TestClient, alice: User, country: Any) -> None:
    response = post(client, alice, {**CARD, "billingCountry": country})
    assert response.status_code in (400, 422)
    assert client.get(f"{API}/payment-methods", headers=bearer_for(alice)).json() == []


@pytest.mark.parametrize(("month", "year"), [(1, 2024), (12, 2100)])
def test_expiry_bounds(client: TestClient, alice: User, month: int, year: int) -> None:
    saved = created(client, alice, {**CARD, "expiryMonth": month, "expiryYear": year})
    assert (saved["expiryMonth"], saved["expiryYear"]) == (month, year)


def test_over_long_cvv_is_refused(client: TestClient, alice: User) -> None:
    assert post(client, alice, {**CARD, "cvv": "12345"}).status_code == 400


# PayPal and mobile money --------------------------------------------------------------------


def test_paypal_keeps_only_its_own_fields(client: TestClient, alice: User) -> None:
    saved = created(
        client,
        alice,
        {**CARD, "paymentType": "paypal", "paypalEmail": " awa@example.bf ", "bankName": "BOA"},
    )
    assert saved["paymentType"] == "PAYPAL"
    assert saved["paymentTypeDisplayName"] == "PayPal"
    assert saved["paypalEmail"] == "awa@example.bf"
    assert saved["paymentName"] == "PayPal (awa@example.bf)"
    for irrelevant in (
        "cardLastFour", "cardBrand", "expiryMonth", "expiryYear",
        "mobileMoneyNumber", "mobileMoneyProvider", "bankName",
    ):  # fmt: skip
        assert saved[irrelevant] is None, irrelevant


@pytest.mark.parametrize(
    ("email", "message"),
    [
        (None, "Veuillez entrer votre adresse email"),
        ("  ", "Veuillez entrer votre adresse email"),
        ("awa@", "Veuillez entrer une adresse email valide"),
        ("awa example.bf", "Veuillez entrer une adresse email valide"),
    ],
)
def test_paypal_email(client: TestClient, alice: User, email: Any, message: str) -> None:
    response = post(client, alice, {"paymentType": "PAYPAL", "paypalEmail": email})
    assert response.status_code == 400
    assert response.json()["message"] == message


@pytest.mark.parametrize(
    ("number", "provider", "stored_number", "stored_provider"),
    [
        ("70 12 34 56", "orange money", "70123456", "Orange Money"),
        ("+226 70-12-34-56", "MOOV MONEY", "+22670123456", "Moov Money"),
        ("76543210", "Wave", "76543210", "Wave"),
        ("76543210", "Telecel Money", "76543210", "Telecel Money"),
        ("76543210", "coris money", "76543210", "Coris Money"),
        ("76543210", "Airtel Money Niger", "76543210", "Airtel Money Niger"),
        ("76543210", None, "76543210", None),
    ],
)
def test_mobile_money(
    client: TestClient,
    alice: User,
    number: str,
    provider: str | None,
    stored_number: str,
    stored_provider: str | None,
) -> None:
    saved = created(
        client,
        alice,
        {**CARD, "paymentType": "MOBILE_MONEY", "mobileMoneyNumber": number,
         "mobileMoneyProvider": provider},
    )  # fmt: skip
    assert saved["mobileMoneyNumber"] == stored_number
    assert saved["mobileMoneyProvider"] == stored_provider
    assert saved["paymentTypeDisplayName"] == "Mobile Money"
    assert saved["cardLastFour"] is None and saved["paypalEmail"] is None


@pytest.mark.parametrize(
    ("number", "message"),
    [
        (None, "Veuillez entrer votre numéro de téléphone"),
        ("1234567", "Le numéro de téléphone doit contenir au moins 8 chiffres"),
        ("7012345a", "Le numéro de téléphone doit contenir au moins 8 chiffres"),
        ("1234567890123456", "Numéro de téléphone invalide"),
    ],
)
def test_mobile_money_number(client: TestClient, alice: User, number: Any, message: str) -> None:
    response = post(client, alice, {"paymentType": "MOBILE_MONEY", "mobileMoneyNumber": number})
    assert response.status_code == 400
    assert response.json()["message"] == message


def test_mobile_money_provider_free_text_limit(client: TestClient, alice: User) -> None:
    body = {"paymentType": "MOBILE_MONEY", "mobileMoneyNumber": "70123456"}
    assert post(client, alice, {**body, "mobileMoneyProvider": "x" * 60}).status_code == 201
    assert post(client, alice, {**body, "mobileMoneyProvider": "x" * 61}).status_code == 400


@pytest.mark.parametrize("payment_type", [None, "BANK_TRANSFER", "CASH"])
def test_unknown_payment_type(client: TestClient, alice: User, payment_type: Any) -> None:
    response = post(client, alice, {**CARD, "paymentType": payment_type})
    assert response.status_code == 400
    assert response.json()["field"] == "paymentType"


def test_client_cannot_mark_itself_verified(client: TestClient, alice: User) -> None:
    saved = created(client, alice, {**CARD, "isVerified": True, "isActive": False})
    assert saved["isVerified"] is False and saved["isActive"] is True


# List, default, delete ----------------------------------------------------------------------


def test_list_default_and_delete(client: TestClient, db: Session, alice: User) -> None:
    first = created(client, alice, CARD)
    assert first["isDefault"] is True  # the first method is the default
    second = created(client, alice, {"paymentType": "PAYPAL", "paypalEmail": "a@b.bf"})
    assert second["isDefault"] is False
    third = created(
        client,
        alice,
        {"paymentType": "MOBILE_MONEY", "mobileMoneyNumber": "70123456", "isDefault": True},
    )
    listed = client.get(f"{API}/payment-methods", headers=bearer_for(alice)).json()
    assert [(m["id"], m["isDefault"]) for m in listed] == [
        (third["id"], True),
        (second["id"], False),
        (first["id"], False),
    ]
    assert all(set(m) == METHOD_KEYS for m in listed)

    response = client.delete(f"{API}/payment-methods/{third['id']}", headers=bearer_for(alice))
    assert response.status_code == 204
    listed = client.get(f"{API}/payment-methods", headers=bearer_for(alice)).json()
    assert [(m["id"], m["isDefault"]) for m in listed] == [
        (second["id"], True),
        (first["id"], False),
    ]
    again = client.delete(f"{API}/payment-methods/{third['id']}", headers=bearer_for(alice))
    assert again.status_code == 404
    defaults = db.exec(
        select(PaymentMethod).where(PaymentMethod.user_id == alice.id, PaymentMethod.is_default)
    ).all()
    assert len(defaults) == 1


def test_each_user_lists_only_their_own(client: TestClient, db: Session, alice: User) -> None:
    bob = stored_user(db, "bob")
    created(client, alice, CARD)
    assert client.get(f"{API}/payment-methods", headers=bearer_for(bob)).json() == []
