"""The bag's count of answered taps (`BagState.answered`): the page shows a tap at once and
waits for this count to know its answer is in (assets/bag_now.js), so every bag tap counts
once, whatever its answer — a change, a refusal, a forged or unknown id — and nothing else
counts."""

from __future__ import annotations

from grocer.state.bag import BagState
from grocer.state.product import ProductState
from tests.support.state_harness import SHOWN_ARTICLE, new_tree, product_page, run, sub


def test_every_bag_tap_is_answered_once_whatever_its_answer() -> None:
    root = new_tree()
    bag = sub(root, BagState)
    run(BagState.add_item, bag, SHOWN_ARTICLE)  # a new line
    run(BagState.increment, bag, "7")  # 2
    run(BagState.decrement, bag, "7")  # 1
    run(BagState.increment, bag, "not-an-id")  # refused: no such line
    run(BagState.decrement, bag, "99")  # refused: not in the bag
    run(BagState.remove, bag, "7")  # gone
    run(BagState.add_item, bag, {"id": "x"})  # refused: a forged article
    assert bag.answered == 7
    assert bag.quantities == {}


def test_the_product_pages_add_to_cart_counts_and_nothing_else_does() -> None:
    root, product = product_page()
    run(ProductState.add_to_cart, product, 3)
    bag = sub(root, BagState)
    assert bag.answered == 1 and bag.quantities == {"7": 3}
    run(BagState.open_panel, bag)
    run(BagState.close_panel, bag)
    assert bag.answered == 1
