"""The product page's "Add To Cart" with the quantity the browser sends: a forged quantity
(text, a boolean, zero, negative, huge) never puts more than a line's maximum in the bag, nor
less than one; a guest going past 2 in one change gets the auth prompt once."""

from __future__ import annotations

import json

import pytest

from grocer.services.bag_totals import MAX_QUANTITY
from grocer.state.bag import BagState
from grocer.state.dialogs import DialogState
from grocer.state.product import ProductState
from tests.support.state_harness import product_page, run, sub


@pytest.mark.parametrize(
    ("sent", "kept"),
    [(4, 4), ("4", 1), (True, 1), (0, 1), (-5, 1), (10_000, MAX_QUANTITY), (None, 1)],
)
def test_a_forged_quantity_is_kept_within_a_line(sent: object, kept: int) -> None:
    root, product = product_page()
    run(ProductState.add_to_cart, product, sent)
    lines = json.loads(sub(root, BagState).cart)
    assert [(line["id"], line["quantity"]) for line in lines] == [("7", kept)]


def test_a_guest_past_two_at_once_gets_the_prompt_once() -> None:
    root, product = product_page()
    run(ProductState.add_to_cart, product, 5)
    dialogs = sub(root, DialogState)
    assert dialogs.active == "auth_prompt"
    dialogs.active = ""
    run(ProductState.add_to_cart, product, 3)  # 5 → 8: not again
    assert dialogs.active == ""
    assert json.loads(sub(root, BagState).cart)[0]["quantity"] == 8
