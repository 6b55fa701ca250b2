"""The shared field rules (issue 13: each rule once): coordinates, ids, e-mail syntax, languages,
and the sign-in and new-password rules both faces apply."""

from __future__ import annotations

from typing import Any

import pytest
from hypothesis import given
from hypothesis import strategies as st

from grocer.services import accounts, mailer
from grocer.services.errors import ValidationFailed
from grocer.services.languages import language_from_header, language_or_default
from grocer.services.validation import (
    LATITUDE,
    LONGITUDE,
    ascii_email,
    check_coordinate,
    coordinate,
    email_address,
    position,
    record_id,
)


@given(st.one_of(st.floats(), st.integers(), st.text(max_size=40), st.none(), st.booleans()))
def test_the_lenient_and_the_strict_coordinate_rules_agree(value: Any) -> None:
    """What the dialog, the map pickers and the geocoding answers accept is what saving
    accepts (000 §5): one rule, read leniently or judged strictly."""
    lenient = coordinate(value, LATITUDE)
    try:
        strict = check_coordinate(value, LATITUDE)
    except ValidationFailed as exc:
        assert lenient is None and exc.key == "address.errors.latitude"
    else:
        assert lenient == strict or (isinstance(value, str) and len(value.strip()) > 32)
    if lenient is not None:
        assert -90 <= lenient <= 90


def test_coordinate_messages_are_the_spec_texts() -> None:
    with pytest.raises(ValidationFailed, match="La longitude doit être comprise entre -180 et 180"):
        check_coordinate(181, LONGITUDE)
    with pytest.raises(ValidationFailed) as caught:
        check_coordinate("91", LATITUDE, "lat")
    assert caught.value.field == "lat"
    assert position(["12.5", -1.5]) == (12.5, -1.5) and position([91, 0]) is None


@pytest.mark.parametrize(
    ("value", "expected"),
    [(1, 1), ("42", 42), (" 7 ", 7), (2**31 - 1, 2**31 - 1), (2**31, None), (0, None),
     (-1, None), (True, None), (4.0, None), ("٤٢", None), ("1" * 400, None), (None, None)],
)  # fmt: skip
def test_record_ids(value: object, expected: int | None) -> None:
    assert record_id(value) == expected
    assert record_id("42", text=False) is None


@pytest.mark.parametrize(
    "email",
    ["awa@exemple..bf", "awa@-exemple.bf", ".awa@exemple.bf", "awa.@exemple.bf", "awa@exemple_x.bf",
     "awa@localhost", "awa@x.test", "kaboré@exemple.bf"],
)  # fmt: skip
def test_addresses_that_mail_cannot_reach_are_refused(email: str) -> None:
    """RFC syntax, not a loose pattern: empty or badly placed labels and dots, special-use
    domains, a non-ASCII local part (not every SMTP server carries it)."""
    assert email_address(email) is None
    with pytest.raises(ValidationFailed) as caught:
        accounts.validate_email(email)
    assert caught.value.key == "validation.emailInvalid"


def test_an_internationalised_domain_is_accepted_and_mailed_in_its_ascii_form() -> None:
    email = accounts.validate_email(" Awa@Exämple.BF ")
    assert email == "awa@exämple.bf"
    assert ascii_email(email) == "awa@xn--exmple-cua.bf"
    message = mailer.compose_otp_email(email, "123456", "signup")
    assert message["To"] == "awa@xn--exmple-cua.bf"


def test_languages() -> None:
    assert language_or_default("en-GB") == "en" and language_or_default("it") == "fr"
    assert language_or_default(None) == "fr"
    assert language_from_header("it-IT,it;q=0.9,de;q=0.8") == "de"
    assert language_from_header("") == "fr" and language_from_header(None) == "fr"


@pytest.mark.parametrize(
    ("username", "password", "key"),
    [
        ("", "secret", "validation.fillAllFields"),
        ("  ", "secret", "validation.fillAllFields"),
        ("awa", "", "validation.fillAllFields"),
        ("aw", "secret", "validation.usernameTooShort"),
        ("awa", "12345", "validation.passwordTooShort"),
    ],
)
def test_the_sign_in_form_rule(username: str, password: str, key: str) -> None:
    with pytest.raises(ValidationFailed) as caught:
        accounts.check_login_form(username, password)
    assert caught.value.key == key
    assert accounts.check_login_form(" awa ", "123456") == ("awa", "123456")


def test_a_new_password_typed_twice() -> None:
    assert accounts.validate_new_password("123456", "123456") == "123456"
    for password, confirm, key in [
        ("12345", "12345", "validation.passwordTooShort"),
        ("é" * 40, "é" * 40, "validation.passwordTooLong"),
        ("123456", "123457", "validation.passwordMismatch"),
    ]:
        with pytest.raises(ValidationFailed) as caught:
            accounts.validate_new_password(password, confirm)
        assert caught.value.key == key
