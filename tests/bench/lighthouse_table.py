"""The figures `make bench` prints: medians of Lighthouse runs, each page's difference from the
bare Reflex page, and DESIGN.md's budgets marked pass or FAIL, as markdown tables to paste in a
note. Pure functions on numbers (unit-tested); tests/bench/lighthouse.py runs the browsers."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, fields
from statistics import median

# DESIGN.md, "Budgets": Lighthouse mobile, French browser, median of 3, beside a bare page.
MIN_SCORE = 97
MIN_ACCESSIBILITY = 98  # issue 19
MAX_LCP_S = 1.2
MAX_TBT_ABOVE_BARE_MS = 150
MAX_TTI_ABOVE_BARE_S = 0.6
MAX_FIRST_LOAD_KIB = 280  # first load of /
MAX_REPEAT_VISIT_KIB = 30


@dataclass(frozen=True)
class Figures:
    """One page's figures from one Lighthouse report (or the medians of several)."""

    score: float
    accessibility: float
    tbt_ms: float
    tti_s: float
    lcp_s: float
    cls: float
    kib: float


def median_figures(runs: Sequence[Figures]) -> Figures:
    """Each figure's median over the runs (figure by figure, as Lighthouse's own medians)."""
    if not runs:
        raise ValueError("no run to take a median of")
    return Figures(*(median(getattr(r, f.name) for r in runs) for f in fields(Figures)))


def budget_failures(page: Figures, bare: Figures, first_load: bool = False) -> list[str]:
    """The budgets `page` misses, named as in the table's columns (empty: all pass).
    `first_load` adds the first-load size budget (the cold load of /)."""
    misses = []
    if page.score < MIN_SCORE:
        misses.append("score")
    if page.accessibility < MIN_ACCESSIBILITY:
        misses.append("a11y")
    if page.lcp_s > MAX_LCP_S:
        misses.append("LCP")
    if round(page.cls, 3) > 0:
        misses.append("CLS")
    if page.tbt_ms - bare.tbt_ms > MAX_TBT_ABOVE_BARE_MS:
        misses.append("TBT Δ")
    if page.tti_s - bare.tti_s > MAX_TTI_ABOVE_BARE_S:
        misses.append("TTI Δ")
    if first_load and page.kib > MAX_FIRST_LOAD_KIB:
        misses.append("KiB")
    return misses


@dataclass(frozen=True)
class Row:
    """A line of the Lighthouse table: the page's name, its median figures, how many runs
    gave a report, and whether the first-load size budget applies to it."""

    name: str
    figures: Figures | None
    runs: int
    first_load: bool = False


def lighthouse_table(bare: Row, pages: Sequence[Row], benchmark_index: float | None) -> str:
    """The markdown table: the bare page first (no budget), then each page with its
    difference from the bare page and pass/FAIL against the budgets."""
    head = (
        "| page | runs | score | a11y | TBT (ms) | TBT Δ | TTI (s) | TTI Δ | LCP (s) | CLS "
        "| KiB | budgets |\n|---|---|---|---|---|---|---|---|---|---|---|---|"
    )
    lines = [head, _line(bare, None)]
    lines += [_line(row, bare.figures) for row in pages]
    index = f"{benchmark_index:.0f}" if benchmark_index is not None else "unknown"
    budgets = (
        f"Budgets: score ≥ {MIN_SCORE}, a11y ≥ {MIN_ACCESSIBILITY}, LCP ≤ {MAX_LCP_S} s, CLS 0, "
        f"TBT ≤ bare + {MAX_TBT_ABOVE_BARE_MS} ms, TTI ≤ bare + {MAX_TTI_ABOVE_BARE_S} s, "
        f"first load of / ≤ {MAX_FIRST_LOAD_KIB} KiB."
    )
    return "\n".join([*lines, "", f"Lighthouse benchmark index (median): {index}. {budgets}"])


def _line(row: Row, bare: Figures | None) -> str:
    f = row.figures
    if f is None:
        return f"| {row.name} | 0 | no report |" + " |" * 9
    if bare is None:
        tbt_delta = tti_delta = verdict = "—"
    else:
        tbt_delta = f"{f.tbt_ms - bare.tbt_ms:+,.0f}"
        tti_delta = f"{f.tti_s - bare.tti_s:+.2f}"
        misses = budget_failures(f, bare, row.first_load)
        verdict = "pass" if not misses else "FAIL: " + ", ".join(misses)
    return (
        f"| {row.name} | {row.runs} | {f.score:.0f} | {f.accessibility:.0f} | {f.tbt_ms:,.0f} "
        f"| {tbt_delta} | {f.tti_s:.2f} | {tti_delta} | {f.lcp_s:.2f} | {f.cls:.3f} "
        f"| {f.kib:.0f} | {verdict} |"
    )


def median_or_none(values: Sequence[float | None]) -> float | None:
    """The median of the values that were measured (None: not measured, e.g. a lost tap)."""
    measured = [v for v in values if v is not None]
    return median(measured) if measured else None


def ms(value: float | None, missing: str = "—") -> str:
    """A duration in ms for the tables, or `missing`."""
    return missing if value is None else f"{value:,.0f} ms"
