"""The CinetPay adapter's pure parts: the x-token of a callback, checked against the fake
provider's own signing (written separately, from the provider's documentation), the status
words, and the phone mask of the logs."""

from __future__ import annotations

import hashlib
import hmac

import pytest

from grocer.services.payments.cinetpay import CinetPay, callback_token, mask_phone, outcome_of
from tests.fakes.mobile_money import SECRET, SITE_ID, sign

FORM = {
    "cpm_site_id": SITE_ID,
    "cpm_trans_id": "GRC20261125A1B2C3D4E5F6",
    "cpm_trans_date": "2026-11-25 10:00:00",
    "cpm_amount": "3000",
    "cpm_currency": "XOF",
    "signature": "d41d8cd98f00b204",
    "payment_method": "OMBF",
    "cel_phone_num": "70123456",
    "cpm_phone_prefixe": "226",
    "cpm_language": "fr",
    "cpm_version": "V4",
    "cpm_payment_config": "SINGLE",
    "cpm_page_action": "PAYMENT",
    "cpm_custom": "orange",
    "cpm_designation": "",
    "cpm_error_message": "SUCCES",
}


def adapter() -> CinetPay:
    return CinetPay("http://127.0.0.1:9", SITE_ID, "key", SECRET, timeout=1)


def test_token_is_the_hmac_of_the_fields_in_the_documented_order() -> None:
    data = (
        f"{SITE_ID}GRC20261125A1B2C3D4E5F62026-11-25 10:00:003000XOFd41d8cd98f00b204"
        "OMBF70123456226frV4SINGLEPAYMENTorangeSUCCES"
    )
    expected = hmac.new(SECRET.encode(), data.encode(), hashlib.sha256).hexdigest()
    assert callback_token(FORM, SECRET) == expected == sign(FORM)


def test_genuine_callback_names_its_reference() -> None:
    assert adapter().verify_callback({"X-Token": sign(FORM)}, FORM) == FORM["cpm_trans_id"]
    assert adapter().verify_callback({"x-token": sign(FORM).upper()}, FORM) == FORM["cpm_trans_id"]


@pytest.mark.parametrize(
    ("headers", "changes"),
    [
        ({}, {}),  # no token
        ({"x-token": ""}, {}),
        ({"x-token": sign(FORM, "another-secret")}, {}),
        ({"x-token": sign(FORM)}, {"cpm_amount": "30"}),  # a field changed after signing
        ({"x-token": sign(FORM)}, {"cpm_trans_id": "GRCOTHER"}),
        ({"x-token": sign({**FORM, "cpm_site_id": "1"})}, {"cpm_site_id": "1"}),  # not our site
    ],
)
def test_anything_else_is_refused(headers: dict[str, str], changes: dict[str, str]) -> None:
    assert adapter().verify_callback(headers, {**FORM, **changes}) is None


def test_status_words() -> None:
    assert outcome_of("ACCEPTED") == "accepted"
    assert [outcome_of(s) for s in ("REFUSED", "CANCELED", "failed")] == ["refused"] * 3
    assert outcome_of("WAITING_FOR_CUSTOMER") == outcome_of("") == "pending"


def test_phone_mask_and_repr_hide_what_they_must() -> None:
    assert mask_phone("70123456") == "******56"
    assert mask_phone(None) == ""
    shown = repr(adapter())
    assert "key" not in shown.replace("site_id", "") and SECRET not in shown
