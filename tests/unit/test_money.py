"""Money: the CFA peg, the USD setting, rounding, the business amounts and fr-FR display."""

from __future__ import annotations

from decimal import Decimal

import pytest
from hypothesis import given
from hypothesis import strategies as st

from grocer.services import money
from grocer.services.errors import ValidationFailed
from grocer.services.money import convert, decimal_string, eur, format_amount, round_for
from grocer.settings import get_settings

D = Decimal
G = money.GROUP_SEPARATOR
S = money.SYMBOL_SEPARATOR
rates = st.decimals(min_value=D("0.5"), max_value=D("2"), places=4)


@pytest.fixture
def usd_rate(monkeypatch: pytest.MonkeyPatch) -> Decimal:
    monkeypatch.setenv("GROCER_USD_PER_EUR", "1.10")
    get_settings.cache_clear()
    return D("1.10")


def test_constants_follow_the_spec_and_design() -> None:
    assert money.BASE_CURRENCY == "XOF"
    assert money.SUPPORTED == ("XOF", "EUR", "USD")
    assert money.SYMBOLS == {"XOF": "XOF", "EUR": "€", "USD": "$"}
    assert str(money.XOF_PER_EUR) == "655.957"
    assert money.MINOR_UNITS == {"XOF": 0, "EUR": 2, "USD": 2}


def test_euro_peg_is_exact() -> None:
    assert convert(D(1), "EUR", "XOF") == D("655.957")
    assert convert(D("655.957"), "XOF", "EUR") == 1
    assert convert(D(5), "XOF", "XOF") == 5


def test_usd_rate_comes_from_settings(usd_rate: Decimal) -> None:
    assert convert(D("655.957"), "XOF", "USD") == usd_rate
    assert convert(D("1.10"), "USD", "EUR") == 1
    assert convert(D(1), "EUR", "USD", usd_per_eur=D("1.25")) == D("1.25")


def test_default_usd_rate_is_a_setting() -> None:
    assert convert(D(1), "EUR", "USD") == get_settings().usd_per_eur


@pytest.mark.parametrize("rate", [D(0), D(-1), D("NaN")])
def test_nonsense_usd_rate_is_refused(rate: Decimal) -> None:
    with pytest.raises(ValidationFailed):
        convert(D(1), "EUR", "USD", usd_per_eur=rate)


@pytest.mark.parametrize("code", ["GBP", "", None, "xo"])
def test_unsupported_currency(code: str | None) -> None:
    with pytest.raises(ValidationFailed) as info:
        convert(D(1), "XOF", code)  # type: ignore[arg-type]
    assert info.value.field == "currency"


def test_codes_are_case_insensitive() -> None:
    assert convert(D(1), " eur ", "xof") == D("655.957")
    assert money.normalise_currency("usd") == "USD"
    assert money.normalise_currency("GBP") is None


@pytest.mark.parametrize(
    ("amount", "currency", "expected"),
    [
        ("1250.5", "XOF", "1251"),
        ("1250.49", "XOF", "1250"),
        ("1.905", "EUR", "1.91"),
        ("1.904", "EUR", "1.90"),
        ("2.055", "USD", "2.06"),
        ("-2.5", "XOF", "-3"),
    ],
)
def test_round_for_uses_the_minor_unit_half_up(amount: str, currency: str, expected: str) -> None:
    assert round_for(D(amount), currency) == D(expected)
    assert str(round_for(D(amount), currency)) == expected


def test_eur_business_amounts_in_xof() -> None:
    assert eur(D("7.99")) == D("5241.10")
    assert eur(35) == D("22958.50")
    assert eur("0.68") == D("446.05")
    # Shown in euros again, they are the spec's figures.
    assert round_for(convert(eur(D("7.99")), "XOF", "EUR"), "EUR") == D("7.99")


@pytest.mark.parametrize(
    ("amount", "currency", "expected"),
    [
        (D(1250), "XOF", f"1{G}250{S}XOF"),
        (D(0), "XOF", f"0{S}XOF"),
        (D(999), "XOF", f"999{S}XOF"),
        (D("1234567.6"), "XOF", f"1{G}234{G}568{S}XOF"),
        (D(-1250), "XOF", f"-1{G}250{S}XOF"),
        (D(1250), "EUR", f"1,91{S}€"),
        (D(1250), "USD", f"2,06{S}$"),
        (eur(1500), "EUR", f"1{G}500,00{S}€"),
        (eur(D("7.99")), "eur", f"7,99{S}€"),
    ],
)
def test_format_amount_french_style(amount: Decimal, currency: str, expected: str) -> None:
    assert format_amount(amount, currency, usd_per_eur=D("1.08")) == expected


def test_separators_are_those_of_intl_fr_fr() -> None:
    assert G == "\u202f"
    assert S == "\u00a0"
    assert format_amount(D(1250), "XOF") == "1\u202f250\u00a0XOF"


def test_decimal_string_is_the_json_form() -> None:
    assert decimal_string(D(650)) == "650.00"
    assert decimal_string(D("1E+3")) == "1000.00"
    assert decimal_string(D("0.005")) == "0.01"


@pytest.mark.parametrize("value", ["abc", "", None, True, "NaN", "Infinity", "1e400"])
def test_to_decimal_refuses_non_amounts(value: object) -> None:
    with pytest.raises(ValidationFailed):
        money.to_decimal(value, "amount")


def test_to_decimal_accepts_amounts() -> None:
    assert money.to_decimal(" 12.5 ", "amount") == D("12.5")
    assert money.to_decimal(3, "amount") == 3
    assert money.to_decimal(D("-1"), "amount") == -1


@given(st.integers(min_value=0, max_value=10**11), st.sampled_from(["EUR", "USD"]), rates)
def test_round_trip_through_another_currency_within_a_franc(
    amount: int, currency: str, rate: Decimal
) -> None:
    there = convert(D(amount), "XOF", currency, usd_per_eur=rate)
    back = convert(there, currency, "XOF", usd_per_eur=rate)
    assert abs(back - amount) <= 1
    assert round_for(back, "XOF") == amount


@given(st.integers(min_value=0, max_value=10**11))
def test_round_trip_through_euro_cents_within_half_a_cent(amount: int) -> None:
    cents = round_for(convert(D(amount), "XOF", "EUR"), "EUR")
    back = convert(cents, "EUR", "XOF")
    assert abs(back - amount) <= money.XOF_PER_EUR / 200


@given(
    st.decimals(min_value=-(10**11), max_value=10**11, places=2),
    st.sampled_from(money.SUPPORTED),
    rates,
)
def test_format_amount_reads_back_as_the_rounded_amount(
    amount: Decimal, currency: str, rate: Decimal
) -> None:
    text = format_amount(amount, currency, usd_per_eur=rate)
    number, symbol = text.split(S)
    assert symbol == money.SYMBOLS[currency]
    assert D(number.replace(G, "").replace(",", ".")) == round_for(
        convert(amount, "XOF", currency, usd_per_eur=rate), currency
    )


@pytest.mark.parametrize(
    ("lang", "expected"),
    [
        ("fr", [f"1{G}250{S}XOF", f"1,91{S}€", f"2,06{S}$", f"1{G}500,00{S}€"]),
        ("en", [f"XOF{S}1,250", "€1.91", "$2.06", "€1,500.00"]),
        ("de", [f"1.250{S}XOF", f"1,91{S}€", f"2,06{S}$", f"1.500,00{S}€"]),
        ("es", [f"1.250{S}XOF", f"1,91{S}€", f"2,06{S}$", f"1.500,00{S}€"]),
        ("it", [f"1{G}250{S}XOF", f"1,91{S}€", f"2,06{S}$", f"1{G}500,00{S}€"]),  # French
    ],
)
def test_format_amount_in_each_language(lang: str, expected: list[str]) -> None:
    """CLDR (Babel) patterns per language, the spec's symbols, the shop's half-up rounding."""
    rate = D("1.08")
    amounts = [(D(1250), "XOF"), (D(1250), "EUR"), (D(1250), "USD"), (eur(1500), "EUR")]
    assert [format_amount(a, c, rate, lang) for a, c in amounts] == expected


def test_rounding_is_half_up_and_never_shows_minus_zero() -> None:
    assert format_amount(D("0.5"), "XOF") == f"1{S}XOF"  # CLDR alone would round to even: 0
    assert format_amount(D("2.5"), "XOF") == f"3{S}XOF"
    assert format_amount(D("-0.4"), "XOF") == f"0{S}XOF"


def test_format_all_writes_every_currency() -> None:
    assert set(money.format_all(D(1250))) == set(money.SUPPORTED)
    assert money.format_all(D(1250))["XOF"] == f"1{G}250{S}XOF"
    assert money.format_all(None) == {"XOF": "", "EUR": "", "USD": ""}
