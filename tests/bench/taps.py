"""Click-to-result timing on a phone with a slow CPU (issue 21): how long after a tap, 300 ms
after the first paint, the shopper sees its result.

Chromium at 390 px with CDP `Emulation.setCPUThrottlingRate` 4 (no network throttling: on
loopback), French. Two taps, each in a fresh browser context:
- the header's "Menu" button, until the drawer (a visible `role=dialog` holding "Menu");
- "+ Ajouter" on the first visible home product card, until the header's bag count shows 1.

Clocks: the page records the first-contentful-paint entry, the tap (`pointerdown` event's
timeStamp, i.e. when the browser took the input, not when the busy page got to it) and, from a
requestAnimationFrame loop, the first frame where the result is there; all in the page's
`performance.now()` time, whose origin is the navigation's start (comparable to Lighthouse's
time to interactive). The tap is sent as raw CDP mouse events at the control's position, so it
does not wait for the page's main thread the way Playwright's actionability checks would.
If the control is not there 300 ms after the first paint (the home's cards can wait for the
websocket), the tap goes as soon as it appears, and the table says when that was.
A tap that has no result within `RESULT_TIMEOUT_MS` is reported as lost.
"""

from __future__ import annotations

import time
from contextlib import suppress
from dataclasses import dataclass
from typing import Any

from playwright.sync_api import Browser, Error

from tests.bench.lighthouse_table import median_or_none, ms

PHONE = {"width": 390, "height": 844}
CPU_SLOWDOWN = 4
TAP_AFTER_PAINT_MS = 300
RESULT_TIMEOUT_MS = 15_000
MENU_BUTTON = 'button[aria-label="Menu"]'
ADD_BUTTON = 'button[aria-label="Ajouter au panier"]'

FIND_JS = """(selector) => {
  const bench = window.__bench;
  if (!bench || bench.fcp === null) return null;
  const control = [...document.querySelectorAll(selector)].find((el) => {
    const box = el.getBoundingClientRect();
    return box.width > 0 && box.height > 0;
  });
  if (!control) return null;
  control.scrollIntoView({ block: "center" });
  const box = control.getBoundingClientRect();
  return { fcp: bench.fcp, now: performance.now(),
           box: { x: box.x, y: box.y, width: box.width, height: box.height } };
}"""

RECORDER_JS = """(() => {
  const bench = (window.__bench = { fcp: null, tap: null, drawer: null, bag: null });
  new PerformanceObserver((list) => {
    for (const e of list.getEntries())
      if (e.name === "first-contentful-paint" && bench.fcp === null) bench.fcp = e.startTime;
  }).observe({ type: "paint", buffered: true });
  addEventListener("pointerdown", (e) => { if (bench.tap === null) bench.tap = e.timeStamp; },
                   true);
  const shown = (el) => {
    const box = el.getBoundingClientRect();
    return box.width > 0 && box.height > 0 && getComputedStyle(el).visibility !== "hidden";
  };
  const check = () => {
    if (bench.tap !== null) {
      const now = performance.now();
      if (bench.drawer === null && [...document.querySelectorAll('[role="dialog"]')]
            .some((d) => shown(d) && d.textContent.includes("Menu"))) bench.drawer = now;
      const bag = document.querySelector('button[aria-label^="Panier"]');
      if (bench.bag === null && bag && bag.innerText.trim() === "1") bench.bag = now;
    }
    requestAnimationFrame(check);
  };
  requestAnimationFrame(check);
})();"""


@dataclass(frozen=True)
class Tap:
    """One tap: when it went (ms after the first paint) and when its result was seen
    (ms after the tap; None: lost), and the result's time from the navigation's start."""

    tap_after_paint: float
    result_after_tap: float | None
    result_after_start: float | None


def time_tap(browser: Browser, url: str, target: str, result: str) -> Tap:
    """Open `url` in a fresh phone context, tap `target` (a selector) 300 ms after the first
    paint (or as soon as it appears), and wait for the recorder's `result` field."""
    context = browser.new_context(viewport=PHONE, locale="fr-FR")
    try:
        context.add_init_script(RECORDER_JS)
        page = context.new_page()
        cdp = context.new_cdp_session(page)
        cdp.send("Emulation.setCPUThrottlingRate", {"rate": CPU_SLOWDOWN})
        page.goto(url, wait_until="commit")
        # One round trip finds the first paint and the control's place (each call waits for
        # the page's main thread, busy once the app's scripts run).
        found = page.wait_for_function(FIND_JS, arg=target, timeout=60_000).json_value()
        time.sleep(max(0.0, found["fcp"] + TAP_AFTER_PAINT_MS - found["now"]) / 1000)
        box = found["box"]
        x, y = box["x"] + box["width"] / 2, box["y"] + box["height"] / 2
        for kind in ("mousePressed", "mouseReleased"):
            cdp.send(
                "Input.dispatchMouseEvent",
                {"type": kind, "x": x, "y": y, "button": "left", "clickCount": 1},
            )
        with suppress(Error):  # no result in time: the tap is reported as lost
            page.wait_for_function(
                f"() => window.__bench.{result} !== null", timeout=RESULT_TIMEOUT_MS
            )
        bench: dict[str, Any] = page.evaluate("() => window.__bench")
    finally:
        context.close()
    done = bench[result]
    return Tap(
        tap_after_paint=bench["tap"] - bench["fcp"],
        result_after_tap=None if done is None else done - bench["tap"],
        result_after_start=done,
    )


def taps_table(taps: dict[str, list[Tap]], bare_tti_s: float | None) -> str:
    """Markdown: per tap, the medians over the trials, beside the bare page's TTI."""
    bare = "unknown" if bare_tti_s is None else f"{bare_tti_s * 1000:,.0f} ms"
    lines = [
        f"Taps at 390 px, CPU ×{CPU_SLOWDOWN}, {TAP_AFTER_PAINT_MS} ms after the first paint "
        f"(or as soon as the control appears); medians. Bare page's TTI (Lighthouse): {bare}.",
        "",
        "| tap | trials | tap after first paint | result after tap | result after navigation "
        "start | lost |",
        "|---|---|---|---|---|---|",
    ]
    for name, trials in taps.items():
        lost = sum(1 for t in trials if t.result_after_tap is None)
        lines.append(
            f"| {name} | {len(trials)} | {ms(median_or_none([t.tap_after_paint for t in trials]))} "
            f"| {ms(median_or_none([t.result_after_tap for t in trials]))} "
            f"| {ms(median_or_none([t.result_after_start for t in trials]))} | {lost} |"
        )
    return "\n".join(lines)


def measure_taps(browser: Browser, base: str, trials: int) -> dict[str, list[Tap]]:
    """`trials` rounds of both taps, interleaved, on the home page."""
    taps: dict[str, list[Tap]] = {"Menu → drawer": [], "+ Ajouter → bag count 1": []}
    for _ in range(trials):
        taps["Menu → drawer"].append(time_tap(browser, f"{base}/", MENU_BUTTON, "drawer"))
        taps["+ Ajouter → bag count 1"].append(time_tap(browser, f"{base}/", ADD_BUTTON, "bag"))
    return taps
