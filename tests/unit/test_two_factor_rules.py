"""The pure rules of two-factor sign-in: the TOTP window, the sealed secrets, the recovery
codes' format, the otpauth address and QR code, and the dialog's field and message rules."""

from __future__ import annotations

import re
from datetime import UTC, datetime, timedelta
from urllib.parse import unquote

import pyotp
import pytest

from grocer.services import second_factor as sf
from grocer.services.errors import InvalidCredentials, RateLimited, ValidationFailed
from grocer.state.auth import (
    K_CODE_FORMAT,
    K_RECOVERY_FORMAT,
    K_TOO_MANY,
    second_code_problem,
    second_factor_error_key,
)

NOW = datetime(2026, 11, 25, 12, 0, 10, tzinfo=UTC)
RECOVERY = re.compile(r"^[A-HJ-NP-Z2-9]{5}-[A-HJ-NP-Z2-9]{5}$")


@pytest.fixture
def secret() -> str:
    return sf.new_totp_secret()


def test_totp_accepts_one_step_either_side_and_no_more(secret: str) -> None:
    totp = pyotp.TOTP(secret)
    step = totp.timecode(NOW)
    for offset in (-1, 0, 1):
        assert sf.totp_step(secret, totp.at(NOW, counter_offset=offset), NOW) == step + offset
    for offset in (-3, -2, 2, 3):
        code = totp.at(NOW, counter_offset=offset)
        if code not in {totp.at(NOW, counter_offset=o) for o in (-1, 0, 1)}:
            assert sf.totp_step(secret, code, NOW) is None
    assert sf.totp_step(secret, totp.at(NOW + timedelta(seconds=30)), NOW) == step + 1


def test_a_secret_is_160_bits_and_stored_sealed(secret: str) -> None:
    assert len(secret) == 32 and re.fullmatch(r"[A-Z2-7]{32}", secret)
    sealed, again = sf.seal(7, secret), sf.seal(7, secret)
    assert sealed != again  # a fresh nonce each time
    assert secret not in sealed and len(sealed) <= 64
    assert sf.unseal(7, sealed) == secret == sf.unseal(7, again)
    assert sf.unseal(8, sealed) != secret  # bound to its account


def test_recovery_codes_format_and_randomness() -> None:
    codes = sf.new_recovery_codes()
    assert len(codes) == sf.RECOVERY_CODE_COUNT == 10
    assert all(RECOVERY.fullmatch(code) for code in codes)
    assert len(set(codes + sf.new_recovery_codes())) == 20
    assert len(sf.RECOVERY_ALPHABET) == 32  # 5 bits a letter: 50 bits a code


@pytest.mark.parametrize(
    ("typed", "stored"),
    [("ABCDE-FGHJK", "ABCDEFGHJK"), (" abcde fghjk ", "ABCDEFGHJK"), ("abcdefghjk", "ABCDEFGHJK")],
)
def test_recovery_codes_are_read_loosely(typed: str, stored: str) -> None:
    assert sf.normalise_recovery_code(typed) == stored


@pytest.mark.parametrize(
    "typed", ["", "ABCDE-FGHJ", "ABCDE-FGHJKL", "ABCDE-FGHJ0", "IBCDE-FGHJK", "123456"]
)
def test_what_cannot_be_a_recovery_code(typed: str) -> None:
    assert sf.normalise_recovery_code(typed) is None


def test_recovery_hashes_are_bound_to_the_account() -> None:
    assert sf.hash_recovery_code(1, "ABCDEFGHJK") != sf.hash_recovery_code(2, "ABCDEFGHJK")
    assert "ABCDEFGHJK" not in sf.hash_recovery_code(1, "ABCDEFGHJK")


def test_otpauth_address_and_qr_code(secret: str) -> None:
    uri = sf.provisioning_uri(secret, "awa@example.bf")
    assert unquote(uri).startswith("otpauth://totp/Grocer:awa@example.bf?")
    assert f"secret={secret}" in uri and "issuer=Grocer" in uri
    assert sf.qr_data_uri(uri).startswith("data:image/svg+xml")
    assert sf.grouped_secret("ABCDEFGH") == "ABCD EFGH"


def test_the_challenge_answer_carries_no_token() -> None:
    body = sf.SecondFactorRequired("c" * 43, "email").to_json()
    assert body == {
        "twoFactorRequired": True,
        "method": "email",
        "challenge": "c" * 43,
        "expiresIn": 600,
    }


def test_the_dialog_field_rules() -> None:
    assert second_code_problem("123456", recovery=False) == ""
    assert second_code_problem("12345", recovery=False) == K_CODE_FORMAT
    assert second_code_problem("ABCDE-FGHJK", recovery=True) == ""
    assert second_code_problem("123456", recovery=True) == K_RECOVERY_FORMAT


def test_the_dialog_messages() -> None:
    assert second_factor_error_key(sf.invalid_code()) == "security:errors.codeInvalid"
    assert second_factor_error_key(sf.too_many()) == "security:errors.tooManyTries"
    assert second_factor_error_key(RateLimited()) == K_TOO_MANY
    assert second_factor_error_key(InvalidCredentials()) == "auth:errors.wrongCredentials"
    wrong = sf.WrongCode("code", sf.INVALID, key=sf.K_INVALID)
    assert isinstance(wrong, ValidationFailed)
    assert second_factor_error_key(wrong) == "security:errors.codeInvalid"
