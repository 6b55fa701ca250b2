"""axe-core in the browser tests: the accessibility faults a page has, as a shopper's screen
reader or keyboard would meet them.

axe-core comes from the PyPI package `axe-playwright-python` (its bundled `axe.min.js`, a test
dependency); it is injected through the DevTools protocol, so the shop's CSP does not block it.
"""

from __future__ import annotations

from collections.abc import Sequence
from functools import cache
from importlib.resources import files
from typing import Any

SERIOUS = ("serious", "critical")
WCAG21_AA = ("wcag2a", "wcag2aa", "wcag21a", "wcag21aa")
"""The rules of WCAG 2.1 level AA (axe-core's tags), the level the shop promises (issue 19)."""

_RUN = """async ([selector, tags]) => {
    const context = selector ? document.querySelector(selector) : document;
    const options = {resultTypes: ["violations"]};
    if (tags) options.runOnly = {type: "tag", values: tags};
    const result = await window.axe.run(context || document, options);
    return result.violations.map((v) => ({
        id: v.id,
        impact: v.impact,
        help: v.help,
        targets: v.nodes.slice(0, 5).map((n) => n.target.join(" ")),
    }));
}"""


_SETTLED = """() => document.getAnimations().every(
    (a) => a.playState !== "running" || a.effect?.getTiming().iterations === Infinity
)"""
"""No colour or opacity caught half-way: a button that has just been enabled fades from its
disabled colour for 150 ms, and axe measuring it then reports a contrast the shopper never
reads. Endless animations (spinners, skeletons) do not count."""


@cache
def _axe_source() -> str:
    return (files("axe_playwright_python") / "axe.min.js").read_text(encoding="utf-8")


def violations(
    page: Any, selector: str | None = None, tags: Sequence[str] | None = None
) -> list[dict[str, Any]]:
    """Every axe-core violation on the page (or inside `selector`) as it is now; with `tags`,
    only the rules carrying one of them (e.g. WCAG21_AA). Measured once transitions have ended."""
    page.wait_for_function(_SETTLED)
    if not page.evaluate("() => !!window.axe"):
        page.evaluate(_axe_source())
    return page.evaluate(_RUN, [selector, list(tags) if tags else None])


def serious_violations(
    page: Any, selector: str | None = None, tags: Sequence[str] | None = None
) -> list[dict[str, Any]]:
    """The serious and critical ones: a test asserts this list is empty."""
    return [v for v in violations(page, selector, tags) if v["impact"] in SERIOUS]


def describe(found: list[dict[str, Any]]) -> str:
    """Violations as a reader wants them in a failed test: rule, impact, help, elements."""
    return "\n".join(
        f"[{v['impact']}] {v['id']}: {v['help']}\n" + "".join(f"    at {t}\n" for t in v["targets"])
        for v in found
    )
