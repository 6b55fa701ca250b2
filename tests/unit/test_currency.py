"""Currency by country (000 §9) and the manual-choice rule (000 §4.4)."""

from __future__ import annotations

import pytest

from grocer.services.currency import (
    COUNTRY_CURRENCY,
    DEFAULT_CURRENCY,
    currency_for_country,
    resolve_currency,
)

XOF_COUNTRIES = ["SN", "CI", "BF", "ML", "NE", "TG", "BJ", "GW"]
EUR_COUNTRIES = [
    *("FR", "DE", "IT", "ES", "PT", "NL", "BE", "AT", "IE", "FI"),
    *("GR", "LU", "MT", "CY", "SK", "SI", "EE", "LV", "LT"),
]
USD_COUNTRIES = ["US", "CA", "GB"]


def test_the_table_is_the_spec_table() -> None:
    expected = {
        **dict.fromkeys(XOF_COUNTRIES, "XOF"),
        **dict.fromkeys(EUR_COUNTRIES, "EUR"),
        **dict.fromkeys(USD_COUNTRIES, "USD"),
    }
    assert expected == COUNTRY_CURRENCY
    assert len(EUR_COUNTRIES) == 19


@pytest.mark.parametrize("country", XOF_COUNTRIES + EUR_COUNTRIES + USD_COUNTRIES)
def test_currency_for_each_listed_country(country: str) -> None:
    assert currency_for_country(country) == COUNTRY_CURRENCY[country]


@pytest.mark.parametrize(
    ("country", "currency"),
    [(" fr ", "EUR"), ("us", "USD"), ("JP", "XOF"), ("ZZ", "XOF"), ("", "XOF"), (None, "XOF")],
)
def test_other_or_missing_countries_get_xof(country: str | None, currency: str) -> None:
    assert currency_for_country(country) == currency
    assert DEFAULT_CURRENCY == "XOF"


@pytest.mark.parametrize(
    ("manual", "set_manually", "country", "expected"),
    [
        ("EUR", True, "US", ("EUR", True)),  # a manual choice wins
        ("eur", True, None, ("EUR", True)),
        ("EUR", False, "US", ("USD", False)),  # not manual: the country decides
        (None, False, "FR", ("EUR", False)),
        (None, True, "FR", ("EUR", False)),  # flag without a choice
        ("GBP", True, "FR", ("EUR", False)),  # a stale, unsupported choice
        (None, False, None, ("XOF", False)),
    ],
)
def test_resolve_currency(
    manual: str | None, set_manually: bool, country: str | None, expected: tuple[str, bool]
) -> None:
    assert resolve_currency(manual, set_manually, country) == expected
