"""Pure account rules: names, usernames, phones, e-mails, passwords."""

from __future__ import annotations

import re
from datetime import UTC, date, datetime

import pytest
from hypothesis import given
from hypothesis import strategies as st

from grocer.services import accounts, phones
from grocer.services.errors import ValidationFailed
from grocer.services.names import display_name, generate_username, names_from_email

USERNAME = re.compile(r"user\d{13}[a-z0-9]{5}")


@pytest.mark.parametrize(
    ("email", "names"),
    [
        ("jean.dupont@example.bf", ("Jean", "Dupont")),
        ("awa_kabore@example.bf", ("Awa", "Kabore")),
        ("jean.pierre_dupont@x.fr", ("Jean", "Pierre Dupont")),
        ("moussa@example.bf", ("moussa", "User")),
        (".moussa.@example.bf", ("moussa", "User")),
        ("JEAN.DUPONT@x.fr", ("JEAN", "DUPONT")),
        ("jean-luc.o@x.fr", ("Jean-luc", "O")),
    ],
)
def test_names_from_email(email: str, names: tuple[str, str]) -> None:
    assert names_from_email(email) == names


_PART = st.text(alphabet="abcdefghijklmnopqrstuvwxyz0123456789-", min_size=1, max_size=12)


@given(parts=st.lists(_PART, min_size=2, max_size=4), sep=st.sampled_from([".", "_"]))
def test_separated_local_parts_give_capitalised_first_and_last(parts: list[str], sep: str) -> None:
    first, last = names_from_email(sep.join(parts) + "@example.bf")
    assert first == parts[0][:1].upper() + parts[0][1:]
    assert last.split(" ") == [p[:1].upper() + p[1:] for p in parts[1:]]


@given(local=_PART)
def test_local_part_without_separator_is_the_first_name(local: str) -> None:
    assert names_from_email(f"{local}@example.bf") == (local, "User")


def test_generated_username_format() -> None:
    now = datetime(2026, 1, 2, 3, 4, 5, 678000)
    name = generate_username(now, suffix="ab1cd")
    assert name == f"user{int(now.replace(tzinfo=UTC).timestamp() * 1000)}ab1cd"
    assert USERNAME.fullmatch(generate_username(now))
    assert generate_username(now) != generate_username(now)
    accounts.validate_username(generate_username(now))  # a valid username itself


@given(moment=st.datetimes(min_value=datetime(2002, 1, 1), max_value=datetime(2286, 1, 1)))
def test_generated_usernames_always_match_the_format(moment: datetime) -> None:
    assert USERNAME.fullmatch(generate_username(moment))


@pytest.mark.parametrize(
    ("first", "last", "expected"),
    [
        ("Awa", "Ouedraogo", "Awa Ouedraogo"),
        ("Awa", "", "Awa"),
        ("Awa", None, "Awa"),
        ("", "Ouedraogo", "awa226"),
        (None, None, "awa226"),
        ("  ", "  ", "awa226"),
    ],
)
def test_display_name(first: str | None, last: str | None, expected: str) -> None:
    assert display_name(first, last, "awa226") == expected


@pytest.mark.parametrize(
    ("code", "number", "expected"),
    [
        ("+226", "70123456", ("+226", "70123456")),
        (None, "70 12 34 56", ("+226", "70123456")),
        ("", "70123456", ("+226", "70123456")),
        ("+33", "612345678", ("+33", "612345678")),
        ("+1", "123456789012345", ("+1", "123456789012345")),
    ],
)
def test_valid_phones(code: str | None, number: str, expected: tuple[str, str]) -> None:
    assert phones.validate_phone(code, number) == expected


@pytest.mark.parametrize(
    ("code", "number", "key"),
    [
        ("+226", "", "validation.phoneRequired"),
        ("+226", "7012345", "validation.phoneTooShort"),
        ("+226", "7012-3456", "validation.phoneDigits"),
        ("+226", "+22670123456", "validation.phoneDigits"),
        ("+226", "٧٠١٢٣٤٥٦", "validation.phoneDigits"),
        ("+226", "1234567890123456", "validation.phoneTooLong"),
        ("+44", "70123456", "validation.phoneCountry"),
    ],
)
def test_invalid_phones(code: str, number: str, key: str) -> None:
    with pytest.raises(ValidationFailed) as caught:
        phones.validate_phone(code, number)
    assert caught.value.key == key


def test_phone_messages_are_the_spec_texts() -> None:
    with pytest.raises(ValidationFailed, match="au moins 8 chiffres"):
        phones.validate_phone("+226", "1234567")
    with pytest.raises(ValidationFailed, match="Veuillez entrer votre numéro de téléphone"):
        phones.validate_phone("+226", " ")


@given(code=st.sampled_from(phones.COUNTRY_CODES), digits=st.text("0123456789", max_size=20))
def test_phone_rule_is_8_to_15_ascii_digits(code: str, digits: str) -> None:
    if 8 <= len(digits) <= 15:
        assert phones.validate_phone(code, digits) == (code, digits)
    else:
        with pytest.raises(ValidationFailed):
            phones.validate_phone(code, digits)


def test_country_codes_of_the_spec() -> None:
    assert phones.DEFAULT_COUNTRY_CODE == "+226"
    assert set(phones.COUNTRY_CODES) == {
        "+226", "+33", "+1", "+32", "+41", "+212", "+225", "+237", "+221", "+233"
    }  # fmt: skip


@pytest.mark.parametrize("email", ["a@b.co", " Awa.K@Example.BF ", "x+tag@mail.example.bf"])
def test_valid_emails_are_normalised(email: str) -> None:
    assert accounts.validate_email(email) == email.strip().lower()


@pytest.mark.parametrize(
    "email", ["", "awa", "awa@", "@x.bf", "a b@x.bf", "a@b", "a@@b.bf", "a@b.bf\nBcc: x@y.z"]
)
def test_invalid_emails(email: str) -> None:
    with pytest.raises(ValidationFailed):
        accounts.validate_email(email)


def test_password_rules() -> None:
    assert accounts.validate_password("123456") == "123456"
    with pytest.raises(ValidationFailed, match="au moins 6 caractères"):
        accounts.validate_password("12345")
    with pytest.raises(ValidationFailed, match="Veuillez entrer un mot de passe"):
        accounts.validate_password("")
    accounts.validate_password("a" * 72)
    with pytest.raises(ValidationFailed):
        accounts.validate_password("é" * 37)  # 74 bytes


def test_username_rules() -> None:
    assert accounts.validate_username(" awa ") == "awa"
    with pytest.raises(ValidationFailed, match="au moins 3 caractères"):
        accounts.validate_username("ab")
    for bad in ("awa@x", "a w a", "a" * 151):
        with pytest.raises(ValidationFailed):
            accounts.validate_username(bad)


def test_birth_date_and_language() -> None:
    today = date(2026, 1, 1)
    assert accounts.validate_birth_date(None, today) is None
    assert accounts.validate_birth_date(date(1990, 5, 17), today) == date(1990, 5, 17)
    for bad in (date(1899, 12, 31), date(2026, 1, 2)):
        with pytest.raises(ValidationFailed):
            accounts.validate_birth_date(bad, today)
    assert accounts.validate_language("de") == "de"
    with pytest.raises(ValidationFailed):
        accounts.validate_language("it")


def test_bcrypt_rounds_come_from_the_environment(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.delenv(accounts.BCRYPT_ROUNDS_ENV, raising=False)
    assert accounts.bcrypt_rounds() == 12
    for raw, rounds in (("4", 4), ("1", 4), ("99", 15), ("abc", 12)):
        monkeypatch.setenv(accounts.BCRYPT_ROUNDS_ENV, raw)
        assert accounts.bcrypt_rounds() == rounds
    monkeypatch.setenv(accounts.BCRYPT_ROUNDS_ENV, "4")
    hashed = accounts.hash_password("secret123")
    assert hashed.startswith("$2b$04$")
    assert accounts.verify_password("secret123", hashed)
    assert not accounts.verify_password("secret124", hashed)
    assert not accounts.verify_password("x" * 100, hashed)
    assert not accounts.verify_password("secret123", "not-a-hash")
