"""The nutrition facts panel: % daily values (spec 001 §3)."""

from decimal import Decimal

import pytest
from hypothesis import given
from hypothesis import strategies as st

from grocer.services import nutrition as n


def test_reference_values_are_the_specs():
    assert n.CALORIE_REFERENCE == 2000
    assert n.DEFAULT_SERVING_G == 100
    assert {k: (int(v), u) for k, (v, u) in n.DAILY_VALUES.items()} == {
        "fat": (65, "g"),
        "sodium": (2300, "mg"),
        "carbohydrate": (275, "g"),
        "fiber": (28, "g"),
        "protein": (50, "g"),
    }


@pytest.mark.parametrize(
    ("name", "value", "unit", "percent"),
    [
        ("fat", 65, "g", 100),
        ("fat", 13, "g", 20),
        ("Matières grasses", "6.5", "g", 10),
        ("sodium", 2300, "mg", 100),
        ("sodium", 115, "mg", 5),
        ("sodium", "1.15", "g", 50),
        ("carbohydrate", 275, "g", 100),
        ("Glucides", 55, "g", 20),
        ("fiber", 14, "g", 50),
        ("fibre", "2.8", "g", 10),
        ("protein", 50, "g", 100),
        ("Protéines", 1, "g", 2),
        ("protein", "0.24", "g", 0),
        ("protein", "0.25", "g", 1),
    ],
)
def test_percent_of_daily_value(name, value, unit, percent):
    assert n.percent_daily_value(name, value, unit) == percent


@pytest.mark.parametrize("name", ["calories", "sugars", "vitamin c", "", None])
def test_no_daily_value(name):
    assert n.percent_daily_value(name, 10, "g") is None


def test_bad_values_and_units_give_none():
    assert n.percent_daily_value("fat", "abc", "g") is None
    assert n.percent_daily_value("fat", -1, "g") is None
    assert n.percent_daily_value("fat", 10, "kcal") is None


def test_panel_orders_formats_and_skips_invalid():
    rows = n.nutrition_panel(
        [
            {"name": "protein", "value": 0.8, "unit": "g"},
            {"name": "calories", "value": 60, "unit": "kcal"},
            {"name": "fat", "value": 0.4, "unit": "g"},
            {"name": "sodium", "value": 1, "unit": "mg"},
            {"name": "sugars", "value": 13.7, "unit": "g"},
            {"name": "", "value": 3},
            {"name": "fiber", "value": None},
            "junk",
        ]
    )
    assert [r["key"] for r in rows] == ["calories", "fat", "sodium", "sugars", "protein"]
    assert rows[0] == {"key": "calories", "name": "calories", "amount": "60 kcal", "percent": None}
    assert rows[1]["amount"] == "0,4 g" and rows[1]["percent"] == 1
    assert rows[3]["amount"] == "13,7 g" and rows[3]["percent"] is None
    assert rows[4]["percent"] == 2


def test_panel_scales_to_the_serving():
    rows = n.nutrition_panel([{"name": "fat", "value": 10, "unit": "g"}], serving_g=50)
    assert rows == [{"key": "fat", "name": "fat", "amount": "5 g", "percent": 8}]


def test_empty_panel():
    assert n.nutrition_panel(None) == []
    assert n.nutrition_panel([]) == []


@given(st.decimals(min_value=0, max_value=100000, places=2))
def test_percent_is_monotonic_and_never_negative(value):
    p = n.percent_daily_value("sodium", value, "mg")
    assert p is not None and p >= 0
    assert n.percent_daily_value("sodium", value + Decimal(23), "mg") >= p


@given(st.decimals(min_value=0, max_value=1000, places=3))
def test_grams_and_milligrams_agree(value):
    assert n.percent_daily_value("fat", value, "g") == n.percent_daily_value(
        "fat", value * 1000, "mg"
    )
