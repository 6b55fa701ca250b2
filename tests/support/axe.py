"""axe-core in the browser tests: the accessibility faults a page has, as a shopper's screen
reader or keyboard would meet them.

axe-core comes from the PyPI package `axe-playwright-python` (its bundled `axe.min.js`, a test
dependency); it is injected through the DevTools protocol, so the shop's CSP does not block it.
"""

from __future__ import annotations

from functools import cache
from importlib.resources import files
from typing import Any

SERIOUS = ("serious", "critical")

_RUN = """async (selector) => {
    const context = selector ? document.querySelector(selector) : document;
    const result = await window.axe.run(context || document, {
        resultTypes: ["violations"],
    });
    return result.violations.map((v) => ({
        id: v.id,
        impact: v.impact,
        help: v.help,
        targets: v.nodes.slice(0, 5).map((n) => n.target.join(" ")),
    }));
}"""


@cache
def _axe_source() -> str:
    return (files("axe_playwright_python") / "axe.min.js").read_text(encoding="utf-8")


def violations(page: Any, selector: str | None = None) -> list[dict[str, Any]]:
    """Every axe-core violation on the page (or inside `selector`) as it is now."""
    if not page.evaluate("() => !!window.axe"):
        page.evaluate(_axe_source())
    return page.evaluate(_RUN, selector)


def serious_violations(page: Any, selector: str | None = None) -> list[dict[str, Any]]:
    """The serious and critical ones: a test asserts this list is empty."""
    return [v for v in violations(page, selector) if v["impact"] in SERIOUS]
