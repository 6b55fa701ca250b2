"""Pricing: price text, line totals, the spec's constants (EUR, shown in XOF), codes, totals."""

from __future__ import annotations

import re
from decimal import Decimal

import pytest
from hypothesis import given
from hypothesis import strategies as st

from grocer.services import pricing
from grocer.services.errors import ValidationFailed
from grocer.services.money import MAX_AMOUNT, SYMBOL_SEPARATOR, eur, format_amount
from grocer.services.pricing import (
    FALLBACK_UNIT_PRICE,
    bag_line_price,
    delivery_minimum_remaining,
    discount_percent,
    evaluate_promo,
    gift_card_value,
    line_total,
    order_total,
    parse_price_text,
    promo_discount,
    quote,
    subtotal,
    tip_amount,
)

D = Decimal
amounts = st.decimals(min_value=0, max_value=10**9, places=2)


# --- price text --------------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        ("650 XOF", D("650")),
        ("$2.99", D("2.99")),
        ("2.99 €", D("2.99")),
        ("1 250 XOF", D("1250")),
        ("1,91 €", D("191")),  # the spec strips the comma too: feed machine text
        (".5", D("0.5")),
        ("5.", D("5")),
        (D("2.50"), D("2.50")),
        (3, D("3")),
        (1.5, D("1.5")),
    ],
)
def test_parse_price_text_strips_everything_but_digits_and_dot(
    text: object, expected: Decimal
) -> None:
    assert parse_price_text(text) == expected  # type: ignore[arg-type]


@pytest.mark.parametrize(
    "text",
    [None, "", "   ", ".", "..", "1.2.3", "abc", "€", "0", "0.00", "-0", "9" * 30, True, -0.0],
)
def test_unreadable_prices_fall_back_to_one_cent(text: object) -> None:
    assert parse_price_text(text) == FALLBACK_UNIT_PRICE == D("0.01")  # type: ignore[arg-type]


@given(st.one_of(st.none(), st.text(), st.text(alphabet="0123456789.,€$ XOF-")))
def test_parse_price_text_never_raises_and_is_the_parsed_value_or_the_fallback(
    text: str | None,
) -> None:
    value = parse_price_text(text)
    cleaned = re.sub(r"[^0-9.]", "", text or "")
    assert value == FALLBACK_UNIT_PRICE or value == D(cleaned)
    assert D(0) < value <= MAX_AMOUNT
    assert line_total(value, 99) >= 0  # usable downstream


# --- lines and subtotal ------------------------------------------------------------------------


def test_line_total_is_price_times_quantity_to_two_decimals() -> None:
    assert line_total(D("2.995"), 1) == D("3.00")
    assert line_total(D("1.1"), 3) == D("3.30")
    assert str(line_total(D(650), 2)) == "1300.00"


def test_bag_line_price_uses_price_then_sale_price() -> None:
    assert bag_line_price("$2.99", "1.00", 3) == D("8.97")
    assert bag_line_price("", "1.50 €", 2) == D("3.00")
    assert bag_line_price(None, None, 2) == D("0.02")


def test_subtotal_sums_line_totals() -> None:
    assert subtotal([(D(650), 2), (D("2.995"), 1)]) == D("1303.00")
    assert subtotal([]) == D("0.00")


def test_unit_price_prefers_a_sale_price() -> None:
    assert pricing.unit_price(D(1000), D(800)) == D(800)
    assert pricing.unit_price(D(1000), None) == D(1000)
    assert pricing.unit_price(D(1000), D(0)) == D(1000)


# --- constants ---------------------------------------------------------------------------------


def test_spec_amounts_are_euros() -> None:
    assert pricing.DELIVERY_MINIMUM_EUR == 35
    assert str(pricing.DELIVERY_FEE_EUR) == "7.99"
    assert str(pricing.SURCHARGE_EUR) == "0.68"
    assert pricing.NEW50_THRESHOLD_EUR == 99
    assert pricing.NEW50_DISCOUNT_EUR == 5
    assert pricing.TIPS_EUR == {"5": 5, "10": 10, "15": 15}
    assert pricing.TIP_CHOICES == ("5", "10", "15", "custom")
    assert pricing.DEFAULT_TIP == "5"
    assert pricing.GIFT10_EUR == 10
    assert pricing.REFERRAL_CREDIT_EUR == 50


def test_spec_amounts_in_xof() -> None:
    assert str(pricing.DELIVERY_MINIMUM) == "22958.50"
    assert str(pricing.DELIVERY_FEE) == "5241.10"
    assert str(pricing.SURCHARGE) == "446.05"
    assert str(pricing.NEW50_THRESHOLD) == "64939.74"
    assert str(pricing.NEW50_DISCOUNT) == "3279.79"
    assert {k: str(v) for k, v in pricing.TIPS.items()} == {
        "5": "3279.79",
        "10": "6559.57",
        "15": "9839.36",
    }
    assert str(pricing.GIFT10_VALUE) == "6559.57"
    assert str(pricing.REFERRAL_CREDIT) == "32797.85"


@pytest.mark.parametrize(
    ("amount", "euros", "francs"),
    [
        (pricing.DELIVERY_MINIMUM, "35,00", "22\u202f959"),
        (pricing.DELIVERY_FEE, "7,99", "5\u202f241"),
        (pricing.SURCHARGE, "0,68", "446"),
        (pricing.NEW50_THRESHOLD, "99,00", "64\u202f940"),
        (pricing.TIPS["15"], "15,00", "9\u202f839"),
    ],
)
def test_a_shopper_in_euros_sees_the_spec_figures(amount: Decimal, euros: str, francs: str) -> None:
    assert format_amount(amount, "EUR") == f"{euros}{SYMBOL_SEPARATOR}€"
    assert format_amount(amount, "XOF") == f"{francs}{SYMBOL_SEPARATOR}XOF"


def test_delivery_minimum_remaining() -> None:
    assert delivery_minimum_remaining(D(0)) == D("22958.50")
    assert delivery_minimum_remaining(D("20000")) == D("2958.50")
    assert delivery_minimum_remaining(pricing.DELIVERY_MINIMUM) == 0
    assert delivery_minimum_remaining(D(10**6)) == 0


# --- codes -------------------------------------------------------------------------------------


def test_new50_needs_the_threshold() -> None:
    below = pricing.NEW50_THRESHOLD - D("0.01")
    assert promo_discount("NEW50", below) == 0
    assert promo_discount("NEW50", pricing.NEW50_THRESHOLD) == pricing.NEW50_DISCOUNT
    assert evaluate_promo("NEW50", below) == pricing.PromoResult("NEW50", D(0), True)


def test_save10_is_ten_percent_rounded_to_two_decimals() -> None:
    assert promo_discount("SAVE10", D("1234.55")) == D("123.46")
    assert promo_discount("SAVE10", D(0)) == 0


def test_codes_are_trimmed_and_case_insensitive() -> None:
    assert evaluate_promo("  save10 ", D(1000)) == pricing.PromoResult("SAVE10", D("100.00"), True)
    assert gift_card_value(" gift10 ") == pricing.GIFT10_VALUE


def test_other_codes_give_nothing_but_are_still_applied() -> None:
    assert evaluate_promo("hello", D(10**6)) == pricing.PromoResult("HELLO", D(0), False)
    assert evaluate_promo(None, D(10**6)) == pricing.PromoResult("", D(0), False)
    assert gift_card_value("GIFT20") == 0
    assert gift_card_value(None) == 0


# --- tip and totals ----------------------------------------------------------------------------


@pytest.mark.parametrize(("choice", "euros"), [("5", 5), ("10", 10), ("15", 15), (" 10 ", 10)])
def test_tips_are_euro_amounts(choice: str, euros: int) -> None:
    assert tip_amount(choice) == eur(euros)


@pytest.mark.parametrize(
    ("custom", "expected"),
    [(D(1000), D(1000)), ("250.5", D("250.5")), (D(-3), D(0)), (None, D(0)), ("", D(0))],
)
def test_custom_tip_is_at_least_zero(custom: object, expected: Decimal) -> None:
    assert tip_amount("custom", custom) == expected  # type: ignore[arg-type]


@pytest.mark.parametrize(("choice", "custom"), [("7", None), ("", None), ("custom", "abc")])
def test_bad_tips_are_refused(choice: str, custom: str | None) -> None:
    with pytest.raises(ValidationFailed) as info:
        tip_amount(choice, custom)
    assert info.value.field == "tip"


def test_order_total_formula() -> None:
    total = order_total(D(1000), D(100), D(10), D(50), D(20), D(5))
    assert total == D("1135.00")


def test_order_total_is_floored_at_zero() -> None:
    assert order_total(D(100), D(0), D(0), D(0), D(500), D(6559.57)) == 0


def test_quote_puts_it_all_together() -> None:
    sub = D(70000)
    result = quote(sub, promo_code="new50", gift_card_code="GIFT10")
    expected = sub + pricing.DELIVERY_FEE + pricing.SURCHARGE + pricing.TIPS["5"]
    expected -= pricing.NEW50_DISCOUNT + pricing.GIFT10_VALUE
    assert result.total == expected
    assert result.discount == pricing.NEW50_DISCOUNT
    assert result.delivery_minimum_remaining == 0
    assert result.as_json() == {
        "subtotal": "70000.00",
        "deliveryFee": "5241.10",
        "surcharge": "446.05",
        "tip": "3279.79",
        "promoCode": "NEW50",
        "promoRecognised": True,
        "discount": "3279.79",
        "giftCard": "6559.57",
        "credit": "0.00",
        "total": str(expected),
        "deliveryMinimumRemaining": "0.00",
    }


@pytest.mark.parametrize(
    ("available", "used"), [(D(0), D(0)), (D(1000), D(1000)), (D(10**9), None), (D(-5), D(0))]
)
def test_credit_is_taken_off_the_total_up_to_it(available: D, used: D | None) -> None:
    """001 §2: credit is deducted automatically from the next order, never below zero."""
    before = quote(D(70000)).total
    result = quote(D(70000), credit_available=available)
    spent = before if used is None else used
    assert result.credit == spent and result.total == before - spent
    assert result.as_json()["credit"] == str(spent.quantize(D("0.01")))


def test_a_pickup_pays_neither_the_delivery_fee_nor_the_surcharge() -> None:
    sub = D(70000)
    codes = {"promo_code": "SAVE10", "gift_card_code": "GIFT10", "tip_choice": "10"}
    delivery, pickup = quote(sub, **codes), quote(sub, kind="pickup", **codes)
    assert quote(sub, kind="delivery", **codes) == delivery
    assert (delivery.delivery_fee, delivery.surcharge) == (pricing.DELIVERY_FEE, pricing.SURCHARGE)
    assert (pickup.as_json()["deliveryFee"], pickup.as_json()["surcharge"]) == ("0.00", "0.00")
    assert pickup.total == sub + pricing.TIPS["10"] - D(7000) - pricing.GIFT10_VALUE
    assert delivery.total - pickup.total == pricing.DELIVERY_FEE + pricing.SURCHARGE
    assert quote(D(100), kind="pickup", gift_card_code="GIFT10", tip_choice="custom").total == 0


@pytest.mark.parametrize("kind", ["home", "Pickup", "", None])
def test_an_unknown_kind_is_refused(kind: object) -> None:
    with pytest.raises(ValidationFailed) as info:
        quote(D(100), kind=kind)  # type: ignore[arg-type]
    assert info.value.field == "kind"


@given(st.tuples(amounts, amounts, amounts, amounts, amounts, amounts))
def test_order_total_never_negative(parts: tuple[Decimal, ...]) -> None:
    assert order_total(*parts) >= 0


@given(
    amounts,
    st.sampled_from(["NEW50", "SAVE10", "", "other", None]),
    st.sampled_from(["GIFT10", "", None]),
    st.sampled_from(pricing.TIP_CHOICES),
    st.one_of(st.none(), st.decimals(min_value=-(10**6), max_value=10**6, places=2)),
)
def test_quoted_total_never_negative(
    sub: Decimal, promo: str | None, gift: str | None, tip: str, custom: Decimal | None
) -> None:
    result = quote(sub, promo_code=promo, gift_card_code=gift, tip_choice=tip, custom_tip=custom)
    assert result.total >= 0
    assert result.discount <= sub


# --- discount badge ----------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("original", "sale", "percent"),
    [
        (D(100), D(75), 25),
        (D(8), D(7), 13),  # 12.5 rounds half up
        (D(3), D(2), 33),
        (D(100), D(100), 20),  # computes to zero: the spec's 20
        (D(100), D("99.9"), 20),  # rounds to zero
        (D(0), D(0), 20),
        (None, D(5), 20),
        (D(100), None, None),  # not on sale: no badge
        (D(100), D(120), 20),
    ],
)
def test_discount_percent(
    original: Decimal | None, sale: Decimal | None, percent: int | None
) -> None:
    assert discount_percent(original, sale) == percent
