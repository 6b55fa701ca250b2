"""One bag calculation (issue 13): the quantity rules and the totals both bags share."""

from __future__ import annotations

from decimal import Decimal

import pytest
from hypothesis import given
from hypothesis import strategies as st

from grocer.services import bag_totals, pricing
from grocer.services.bag_totals import MAX_LINES, MAX_QUANTITY, BagLine
from grocer.state import bag as bag_state

D = Decimal


def line(ident: str, quantity: int, price: str | None, **kw: object) -> BagLine:
    base: BagLine = {
        "id": ident,
        "quantity": quantity,
        "price": price,
        "salePrice": None,
        "originalPrice": None,
        "name": "Product",
        "image": "",
        "weight": "",
        "express": False,
        "itemId": None,
    }
    return {**base, **kw}  # type: ignore[typeddict-item]


def test_merging_adds_and_caps_at_99() -> None:
    assert bag_totals.merged([(1, 60), (2, 1), (1, 60)]) == {1: 99, 2: 1}
    assert bag_totals.summed([(1, 60), (1, 60)]) == {1: 120}


def test_plus_minus_and_removal() -> None:
    assert bag_totals.stepped(1, 1) == 2
    assert bag_totals.stepped(99, 1) == 99
    assert bag_totals.stepped(1, -1) == 0  # at 1, minus removes the line (001 §4)
    assert bag_totals.stepped(7, None) == 0
    assert bag_totals.clamped_delta(150) == MAX_QUANTITY
    assert bag_totals.clamped_delta(-150) == bag_totals.REMOVE_DELTA == -99
    assert bag_totals.has_room(MAX_LINES - 1) and not bag_totals.has_room(MAX_LINES)


@given(st.lists(st.tuples(st.integers(1, 5), st.integers(1, 99)), max_size=30))
def test_a_merge_never_drops_a_line_nor_exceeds_99(pairs: list[tuple[int, int]]) -> None:
    merged = bag_totals.merged(pairs)
    assert set(merged) == {key for key, _ in pairs}
    assert all(1 <= quantity <= MAX_QUANTITY for quantity in merged.values())


def test_keeping_the_larger_quantity_of_two_copies() -> None:
    assert bag_totals.merged_keeping_larger({1: 2, 2: 5}, {2: 3, 3: 1}) == {1: 2, 2: 5, 3: 1}


def test_totals_follow_the_pricing_rules() -> None:
    totals = bag_totals.totals([(D("650"), 2), (D("1.5"), 3)], "save10")
    assert totals.subtotal == D("1304.50")
    assert totals.discount == D("130.45")
    assert totals.promo.recognised
    assert totals.delivery_minimum_remaining == pricing.DELIVERY_MINIMUM - D("1304.50")
    assert totals.as_json() == {
        "subtotal": "1304.50",
        "deliveryMinimumRemaining": str(pricing.DELIVERY_MINIMUM - D("1304.50")),
        "discount": "130.45",
    }


def test_a_guest_line_is_priced_from_its_texts() -> None:
    """001 §5: the price (else the sale price) text, non-numeric characters removed."""
    lines = [line("1", 2, "650 XOF"), line("2", 1, None, salePrice="$2.99"), line("3", 1, "?")]
    assert [bag_totals.line_total(item) for item in lines] == [D("1300.00"), D("2.99"), D("0.01")]
    assert bag_totals.guest_totals(lines).subtotal == D("1303.00")


def test_struck_total_only_when_the_original_is_higher() -> None:
    assert bag_totals.line_struck_total(line("1", 3, "500", originalPrice="650")) == D("1950.00")
    assert bag_totals.line_struck_total(line("1", 3, "500", originalPrice="500")) is None
    assert bag_totals.line_struck_total(line("1", 3, "500")) is None


@pytest.mark.parametrize(
    ("answer", "expected"),
    [
        (
            {"subtotal": "200.00", "discount": "0.00", "deliveryMinimumRemaining": "22758.50"},
            {"subtotal": D(200), "discount": D(0), "deliveryMinimumRemaining": D("22758.50")},
        ),
        ({"subtotal": "200.00", "discount": "0.00"}, None),
        ({"subtotal": "NaN", "discount": "0", "deliveryMinimumRemaining": "0"}, None),
        ({"subtotal": "-1", "discount": "0", "deliveryMinimumRemaining": "0"}, None),
        ({"subtotal": 200, "discount": "0", "deliveryMinimumRemaining": "0"}, None),
        ({"subtotal": "x", "discount": "0", "deliveryMinimumRemaining": "0"}, None),
    ],
)
def test_totals_read_back_from_an_answer(answer: dict, expected: dict | None) -> None:
    assert bag_totals.answer_totals(answer) == expected


def test_the_stored_bag_merges_duplicates_by_the_same_rule() -> None:
    stored = '[{"id": "4", "quantity": 60, "name": "A"}, {"id": "4", "quantity": 60, "name": "B"}]'
    (merged,) = bag_state.parse_lines(stored)
    assert merged["quantity"] == MAX_QUANTITY and merged["name"] == "A"


def test_forged_server_totals_in_the_browser_are_ignored() -> None:
    record = bag_state.read_changes('{"totals": {"subtotal": "1e999", "discount": "0"}}')
    assert "totals" not in record
    kept = bag_state.read_changes(
        '{"etag": "\\"1-2\\"", "totals": {"subtotal": "5.00", "discount": "0.00",'
        ' "deliveryMinimumRemaining": "1.00", "evil": "<script>"}}'
    )
    assert kept["totals"] == {
        "subtotal": "5.00",
        "discount": "0.00",
        "deliveryMinimumRemaining": "1.00",
    }
