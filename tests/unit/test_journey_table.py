"""The journey bench's table (tests/bench/journey.py) on given runs: the shopper's waiting is
summed without the robot's own time, which is reported apart, and the product page's first
effective tap is on the bench's clock, as the bare page's."""

from __future__ import annotations

from tests.bench.journey import FIRST_TAP, LINK, STEPS, Run, Step, journey_table
from tests.bench.link_proxy import PROFILES


def _run(number: int, robot: float) -> Run:
    steps = {name: Step(name, waits=[("tap", 0.5)], anatomy=[""], robot=robot) for name in STEPS}
    steps[LINK] = Step(LINK, waits=[("link", 0.8)], anatomy=[""], robot=0.1)
    steps[FIRST_TAP] = Step(FIRST_TAP, waits=[("1 taps", 0.3)], anatomy=[""])
    return Run("slow4g", number, steps=steps, bare_first_tap_s=2.0)


def test_the_total_is_the_shoppers_waiting_and_the_robots_time_is_apart() -> None:
    table = journey_table([_run(1, 0.2), _run(2, 0.4)], [PROFILES["slow4g"]], "host")
    total = next(line for line in table.splitlines() if line.startswith("| **total** |"))
    # 0.8 (link) + 0.3 (first tap) + 0.5 for each of the other nine steps, robot left out
    assert total.startswith("| **total** | **5.6 s** |")
    # the median robot time: the link's 0.1 and 0.2 or 0.4 for each of the nine (1.9, 3.7)
    assert (
        "The robot's own time, not counted (its checks before each tap, its looks' "
        "lateness): 2.8 s." in table
    )


def test_the_product_pages_first_tap_counts_the_links_robot_time_as_the_bare_pages() -> None:
    table = journey_table([_run(1, 0.0)], [PROFILES["slow4g"]], "host")
    # 0.8 + 0.1 + 0.3 = 1.2 s from the link to the effect seen, against the bare page's 2.0 s
    assert "product page 1.2 s, bare Reflex page 2.0 s (-0.8 s)" in table
