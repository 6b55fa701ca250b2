"""`make bench`'s tables (tests/bench/lighthouse_table.py, the taps table of tests/bench/taps.py) on
given numbers: the medians, the differences from the bare page, the budgets and lost taps."""

from __future__ import annotations

from tests.bench.lighthouse_table import (
    Figures,
    Row,
    budget_failures,
    lighthouse_table,
    median_figures,
    median_or_none,
)
from tests.bench.taps import Tap, taps_table

BARE = Figures(score=96, accessibility=100, tbt_ms=14, tti_s=2.3, lcp_s=2.2, cls=0, kib=169)
GOOD = Figures(score=98, accessibility=100, tbt_ms=150, tti_s=2.8, lcp_s=1.1, cls=0, kib=266)


def test_the_median_is_taken_figure_by_figure() -> None:
    runs = [
        Figures(score=75, accessibility=96, tbt_ms=1319, tti_s=4.1, lcp_s=1.1, cls=0, kib=266),
        Figures(score=80, accessibility=96, tbt_ms=1100, tti_s=4.3, lcp_s=1.0, cls=0, kib=266),
        Figures(score=70, accessibility=97, tbt_ms=1400, tti_s=3.9, lcp_s=1.3, cls=0, kib=267),
    ]
    assert median_figures(runs) == Figures(
        score=75, accessibility=96, tbt_ms=1319, tti_s=4.1, lcp_s=1.1, cls=0, kib=266
    )


def test_a_page_within_every_budget_passes() -> None:
    assert budget_failures(GOOD, BARE, first_load=True) == []


def test_each_budget_missed_is_named() -> None:
    slow = Figures(score=75, accessibility=96, tbt_ms=1319, tti_s=4.1, lcp_s=1.3, cls=0.02, kib=300)
    assert budget_failures(slow, BARE, first_load=True) == [
        "score",
        "a11y",
        "LCP",
        "CLS",
        "TBT Δ",
        "TTI Δ",
        "KiB",
    ]
    assert "KiB" not in budget_failures(slow, BARE)  # the size budget is the first load of /


def test_the_table_gives_differences_from_the_bare_page_and_the_verdicts() -> None:
    home = Figures(score=75, accessibility=100, tbt_ms=1319, tti_s=4.1, lcp_s=1.1, cls=0, kib=266)
    table = lighthouse_table(
        Row("bare Reflex page", BARE, 3),
        [Row("/", home, 3, first_load=True), Row("product page", GOOD, 2), Row("gone", None, 0)],
        benchmark_index=1234.4,
    )
    lines = table.splitlines()
    assert lines[2] == (
        "| bare Reflex page | 3 | 96 | 100 | 14 | — | 2.30 | — | 2.20 | 0.000 | 169 | — |"
    )
    assert lines[3] == (
        "| / | 3 | 75 | 100 | 1,319 | +1,305 | 4.10 | +1.80 | 1.10 | 0.000 | 266 "
        "| FAIL: score, TBT Δ, TTI Δ |"
    )
    assert lines[4].endswith("| +136 | 2.80 | +0.50 | 1.10 | 0.000 | 266 | pass |")
    assert lines[5].startswith("| gone | 0 | no report |")
    assert "benchmark index (median): 1234" in table


def test_medians_skip_what_was_not_measured() -> None:
    assert median_or_none([None, 300.0, 100.0, 200.0]) == 200.0
    assert median_or_none([None, None]) is None


def test_the_taps_table_counts_lost_and_missed_taps_beside_the_bare_page() -> None:
    trials = [
        Tap(shown_after_paint=0, tap_after_paint=300, hit=True, result_after_tap=150,
            result_after_start=2000),
        Tap(shown_after_paint=0, tap_after_paint=310, hit=True, result_after_tap=None,
            result_after_start=None),
        Tap(shown_after_paint=None, tap_after_paint=320, hit=False, result_after_tap=250,
            result_after_start=2500),
    ]  # fmt: skip
    table = taps_table({"Menu → drawer": trials}, bare_tti_s=2.3)
    assert "Bare page's TTI (Lighthouse): 2,300 ms." in table
    assert table.splitlines()[-1] == (
        "| Menu → drawer | 3 | 0 ms | 310 ms | 200 ms | 2,250 ms | 1 | 1 |"
    )
