"""Click-to-result timing on a phone with a slow CPU (issue 21): how long after a tap, 300 ms
after the first paint, the shopper sees its result.

Chromium at 390 px with CDP `Emulation.setCPUThrottlingRate` 4 (no network throttling: on
loopback), French. Two taps, each in a fresh browser context:
- the header's "Menu" button, until the drawer (a visible `role=dialog` holding "Menu");
- "+ Ajouter" on the first visible home product card, until the header's bag count shows 1.

Clocks: the bench waits for the first paint through CDP lifecycle events (the browser's
clock); the page records the first-contentful-paint entry, the tap (`pointerdown` event's
timeStamp, i.e. when the browser took the input, not when the busy page got to it), what the
tap hit, the first frame where the control is shown, and the first frame where the result is
there (a requestAnimationFrame loop); all in the page's `performance.now()` time, whose origin
is the navigation's start (comparable to Lighthouse's time to interactive). The tap is raw CDP
mouse events, which do not wait for the page's main thread (Playwright's own clicks and
evaluations do, and the main thread is busy while the app starts):
- a control that a first, unthrottled visit finds inside the first screen (the Menu button) is
  tapped at that place 300 ms after the first paint, whatever the page is doing;
- otherwise (a home card: below the fold, and the cards can wait for the websocket) the bench
  waits until the page shows one, scrolls it into view and taps it at once; that wait needs
  the main thread, so the tap can come later than the control appeared (both are reported).
A tap that has no result within `RESULT_TIMEOUT_MS` is reported as lost; a tap that hit
something else than the control (nothing was there yet) as missed.
"""

from __future__ import annotations

import json
import time
from contextlib import suppress
from dataclasses import dataclass
from typing import Any

from playwright.sync_api import Browser, Error

from tests.bench.lighthouse_table import median_or_none, ms
from tests.support.browser import wait_hydrated

PHONE = {"width": 390, "height": 844}
CPU_SLOWDOWN = 4
TAP_AFTER_PAINT_MS = 300
RESULT_TIMEOUT_MS = 15_000
MENU_BUTTON = 'button[aria-label="Menu"]'
ADD_BUTTON = 'button[aria-label="Ajouter au panier"]'

# The first shown element of `selector` (scrolled into view when `scroll`), its box.
BOX_JS = """([selector, scroll]) => {
  const control = [...document.querySelectorAll(selector)].find((el) => {
    const box = el.getBoundingClientRect();
    return box.width > 0 && box.height > 0;
  });
  if (!control) return null;
  if (scroll) control.scrollIntoView({ block: "center" });
  const box = control.getBoundingClientRect();
  return { x: box.x + box.width / 2, y: box.y + box.height / 2,
           inside: box.bottom <= innerHeight && box.right <= innerWidth };
}"""

RECORDER_JS = """(selector) => {
  const bench = (window.__bench = { fcp: null, shown: null, tap: null, hit: false,
                                    drawer: null, bag: null });
  new PerformanceObserver((list) => {
    for (const e of list.getEntries())
      if (e.name === "first-contentful-paint" && bench.fcp === null) bench.fcp = e.startTime;
  }).observe({ type: "paint", buffered: true });
  addEventListener("pointerdown", (e) => {
    if (bench.tap !== null) return;
    bench.tap = e.timeStamp;
    bench.hit = !!(e.target.closest && e.target.closest(selector));
  }, true);
  const shown = (el) => {
    const box = el.getBoundingClientRect();
    return box.width > 0 && box.height > 0 && getComputedStyle(el).visibility !== "hidden";
  };
  const check = () => {
    const now = performance.now();
    if (bench.shown === null && [...document.querySelectorAll(selector)].some(shown))
      bench.shown = now;
    if (bench.tap !== null) {
      if (bench.drawer === null && [...document.querySelectorAll('[role="dialog"]')]
            .some((d) => shown(d) && d.textContent.includes("Menu"))) bench.drawer = now;
      const bag = document.querySelector('button[aria-label^="Panier"]');
      if (bench.bag === null && bag && bag.innerText.trim() === "1") bench.bag = now;
    }
    requestAnimationFrame(check);
  };
  requestAnimationFrame(check);
}"""


@dataclass(frozen=True)
class Tap:
    """One tap, in ms: when the control was shown and when the tap went (after the first
    paint), when its result was seen (after the tap; None: lost) and that result's time from
    the navigation's start; `hit` says whether the tap landed on the control."""

    shown_after_paint: float | None
    tap_after_paint: float
    hit: bool
    result_after_tap: float | None
    result_after_start: float | None


def scout(browser: Browser, url: str, target: str) -> dict[str, Any] | None:
    """Where `target` stands once the page runs, unthrottled (None: not in the first screen)."""
    context = browser.new_context(viewport=PHONE, locale="fr-FR")
    try:
        page = context.new_page()
        page.goto(url)
        wait_hydrated(page)
        try:
            page.locator(target).first.wait_for()
        except Error:
            return None
        place = page.evaluate(BOX_JS, [target, False])
    finally:
        context.close()
    return place if place and place["inside"] else None


def _first_paint_clock(cdp: Any) -> list[float]:
    """A list that receives the navigation's first-contentful-paint time, in the browser's
    monotonic clock (CDP lifecycle events: no call into the page, whose main thread may be
    busy; on Linux the clock is Python's `time.monotonic()`)."""
    painted: list[float] = []
    started: list[bool] = []  # events before the navigation's "init" are about:blank's

    def on_event(event: dict[str, Any]) -> None:
        if event["name"] == "init":
            started.append(True)
        elif event["name"] == "firstContentfulPaint" and started and not painted:
            painted.append(event["timestamp"])

    cdp.on("Page.lifecycleEvent", on_event)
    cdp.send("Page.enable")
    cdp.send("Page.setLifecycleEventsEnabled", {"enabled": True})
    return painted


def _wait_for(painted: list[float], page: Any, timeout_s: float = 60) -> float:
    deadline = time.monotonic() + timeout_s
    while not painted:
        if time.monotonic() > deadline:
            raise RuntimeError("no first contentful paint")
        page.wait_for_timeout(5)  # lets Playwright deliver the events; no call into the page
    return painted[0]


def _tap(cdp: Any, place: dict[str, Any]) -> None:
    for kind in ("mousePressed", "mouseReleased"):
        cdp.send(
            "Input.dispatchMouseEvent",
            {"type": kind, "x": place["x"], "y": place["y"], "button": "left", "clickCount": 1},
        )


def time_tap(
    browser: Browser, url: str, target: str, result: str, place: dict[str, Any] | None
) -> Tap:
    """Open `url` in a fresh phone context and tap `target` (a selector): at `place` 300 ms
    after the first paint, or (no `place`) as soon as it is shown; wait for the recorder's
    `result` field."""
    context = browser.new_context(viewport=PHONE, locale="fr-FR")
    try:
        context.add_init_script(f"({RECORDER_JS})({json.dumps(target)});")
        page = context.new_page()
        cdp = context.new_cdp_session(page)
        cdp.send("Emulation.setCPUThrottlingRate", {"rate": CPU_SLOWDOWN})
        painted = _first_paint_clock(cdp)
        page.goto(url, wait_until="commit")
        if place is None:
            place = page.wait_for_function(BOX_JS, arg=[target, True], timeout=60_000)
            place = place.json_value()
        else:
            fcp = _wait_for(painted, page)
            time.sleep(max(0.0, fcp + TAP_AFTER_PAINT_MS / 1000 - time.monotonic()))
        _tap(cdp, place)
        with suppress(Error):  # no result in time: the tap is reported as lost
            page.wait_for_function(
                f"() => window.__bench.{result} !== null", timeout=RESULT_TIMEOUT_MS
            )
        bench: dict[str, Any] = page.evaluate("() => window.__bench")
    finally:
        context.close()
    done = bench[result]
    return Tap(
        shown_after_paint=None if bench["shown"] is None else max(0, bench["shown"] - bench["fcp"]),
        tap_after_paint=bench["tap"] - bench["fcp"],
        hit=bench["hit"],
        result_after_tap=None if done is None else done - bench["tap"],
        result_after_start=done,
    )


def taps_table(taps: dict[str, list[Tap]], bare_tti_s: float | None) -> str:
    """Markdown: per tap, the medians over the trials, beside the bare page's TTI."""
    bare = "unknown" if bare_tti_s is None else f"{bare_tti_s * 1000:,.0f} ms"
    lines = [
        f"Taps at 390 px, CPU ×{CPU_SLOWDOWN}, {TAP_AFTER_PAINT_MS} ms after the first paint "
        f"(or as soon as the control is shown); medians. Bare page's TTI (Lighthouse): {bare}.",
        "",
        "| tap | trials | control shown after first paint | tap after first paint "
        "| result after tap | result after navigation start | lost | missed |",
        "|---|---|---|---|---|---|---|---|",
    ]
    for name, trials in taps.items():
        lost = sum(1 for t in trials if t.result_after_tap is None)
        missed = sum(1 for t in trials if not t.hit)
        lines.append(
            f"| {name} | {len(trials)} "
            f"| {ms(median_or_none([t.shown_after_paint for t in trials]))} "
            f"| {ms(median_or_none([t.tap_after_paint for t in trials]))} "
            f"| {ms(median_or_none([t.result_after_tap for t in trials]))} "
            f"| {ms(median_or_none([t.result_after_start for t in trials]))} | {lost} | {missed} |"
        )
    return "\n".join(lines)


def measure_taps(browser: Browser, base: str, trials: int) -> dict[str, list[Tap]]:
    """`trials` rounds of both taps, interleaved, on the home page."""
    url = f"{base}/"
    targets = {
        "Menu → drawer": (MENU_BUTTON, "drawer"),
        "+ Ajouter → bag count 1": (ADD_BUTTON, "bag"),
    }
    places = {name: scout(browser, url, selector) for name, (selector, _) in targets.items()}
    taps: dict[str, list[Tap]] = {name: [] for name in targets}
    for _ in range(trials):
        for name, (selector, result) in targets.items():
            taps[name].append(time_tap(browser, url, selector, result, places[name]))
    return taps
