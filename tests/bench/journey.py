"""The shopper's whole journey on a slow phone over a slow mobile link (issue 23's instrument).

`python -m tests.bench.journey [--links slow4g,slow3g] [--rounds N]` (and `make bench`) builds and
serves the shop and the bare Reflex page of tests/bench/bare/ (as tests/bench/lighthouse.py
does), then, for each round and each link, in a fresh Chromium (fresh profile):

- **The link**: every byte, HTTP and websocket frames alike, loopback included, crosses the
  bench's own SOCKS5 link emulator (tests/bench/link_proxy.py): slow 4G (150 ms round trip,
  1.6 Mbit/s down, 750 kbit/s up) or slow 3G (400 ms, 400 kbit/s both ways). DevTools' network
  throttling is not used: it does not delay websocket frames, and every Reflex tap is one.
- **The phone**: 390×844 at device pixel ratio 2, touch, French (`--lang=fr-FR`, locale fr-FR),
  CPU slowed 4× (CDP `Emulation.setCPUThrottlingRate`, as Lighthouse's mobile profile).
- **The bare page first**: link → first effective tap on its one button (tapped repeatedly from
  its first paint until the count changes): the floor Reflex itself sets on this phone and link.
- **The journey** (STEPS): a shared product link (`/produit/{id}` of ARTICLE_KEY, whose price
  needs several taps on "+" to reach the delivery minimum), the quantity, "Add To Cart", the
  sign-up dialog (the code read from the shop's outbox at once; typing is `fill()`, not
  counted), the bag, the address with the map picker and its place search "Ouagadougou", the
  delivery slot, /checkout's instructions, /payment cash on delivery, the confirmation.

Each wait is the shopper's, on the page's own clock (SHOPPER_CLOCK_JS, as INP counts a tap):
from the moment the tap reached the page (its input event's timestamp: taken when the browser
received it, so a busy main thread's delay is in) until the frame after the one that drew the
last page change before the bench saw the expected effect (a double animation frame: then it is
on screen). The bench looks for the effect with `until` (every 0.1 s at most) and Playwright's
`wait_for_function`; neither the robot's own checks before it taps (Playwright's actionability:
visible, stable over two frames, enabled, hit, run in the slowed page: 0.05–0.2 s a tap) nor
the looks' lateness are the shopper's waiting, and both are reported apart ("robot"). The link
and the first effective tap (the bare page's too) run on the bench's clock, robot included.
A step's waiting is the sum of its waits, so the bench's own work between taps (reading the
e-mail, typing) is not in it, and the spec's own delays (300 ms debounce, 1.2 s sign-up close)
are.
A tap whose effect took more than LOST_TAP_S is counted as "showed nothing within 4 s".
Bytes are what the link delivered to the browser during the step; websocket messages and HTTP
requests are counted per step from Playwright's events (where the time goes).

The geocoders and IP services point at a closed loopback port (as tests/fakes/providers.py's
`offline_geo`): the shop's offline gazetteer answers the place search, as on a host without
network. Map tiles come from tile.openstreetmap.org, which this host cannot reach: the link
refuses them at once (no time-out to wait) and the table counts them apart.

A step that fails is reported as "failed at <step>" (screenshot in test-artifacts/journey/)
and the run goes on with the next link or round. The machine is shared: compare within a run.
"""

from __future__ import annotations

import argparse
import dataclasses
import email
import json
import math
import re
import shutil
import sys
import tempfile
import time
import uuid
from collections.abc import Callable, Iterator
from contextlib import contextmanager, suppress
from dataclasses import dataclass, field
from decimal import Decimal
from pathlib import Path
from statistics import median
from typing import Any

import httpx
from playwright.sync_api import Browser, Page, Playwright, WebSocket, sync_playwright
from playwright.sync_api import Error as PlaywrightError
from playwright.sync_api import TimeoutError as PlaywrightTimeoutError

from tests.bench.lighthouse import BARE_APP, FRENCH_FLAGS, TOOLS, _bare_env, run_lighthouse
from tests.bench.link_proxy import PROFILES, LinkProfile, LinkProxy
from tests.support.browser import CHROMIUM
from tests.support.shop_server import ARTIFACTS, running_shop, serving_reflex
from tests.support.smtp import free_port

SHOTS = ARTIFACTS / "journey"
PHONE = {"width": 390, "height": 844}
CPU_SLOWDOWN = 4
LOST_TAP_S = 4.0
WAIT_MS = 90_000  # one wait's limit: generous, slow 3G and a busy shared host
POLL_MS = 250  # the first-tap poll: a tap, then this long for its effect, then again
ARTICLE_KEY = "poulet-bicyclette-entier"  # 3 500 XOF: 7 of them pass the minimum, 6 do not
DELIVERY_MINIMUM_XOF = Decimal("35") * Decimal("655.957")  # spec: 35 EUR, in the shop's XOF
PASSWORD = "sesame-42"
TILE_HOST = "tile.openstreetmap.org"
CHROMIUM_FLAGS = [*FRENCH_FLAGS, "--disable-quic"]

QUANTITY = '[role=status][aria-label="Quantité"]'
PLUS = 'button[aria-label="Augmenter la quantité"]'
BAG = 'button[aria-label^="Panier"]'
PICKER = "Choisissez votre adresse sur la carte"
ADDRESS_DIALOG = "Entrez votre adresse de livraison"
SLOT_DIALOG = "Créneau de livraison"

# The steps, in order; SO_FAR_STEPS end where issue 23's first table ended (the slot's time).
LINK = "product link → product name shown"
FIRST_TAP = "until the quantity stepper answers a tap"
PLUS_TAPS = 'taps on "+" to the delivery minimum'
ADD = '"Add To Cart" → bag updated, prompt shown'
SIGN_UP = '"Créer un compte" and the four sign-up steps (code read at once)'
SIGNED_UP = "sign-up closes (the spec's 1.2 s) and the bag opens"
ADDRESS = (
    '"Check out" → "Ajouter une adresse" → map picker → search "Ouagadougou" → point → '
    "address saved"
)
SLOTS = '"Voir les créneaux"'
SLOT = '"Choisir l\'heure de livraison" → "Demain" → a slot → "Enregistrer"'
CHECKOUT = '"Continuer vers la commande" → /checkout instructions → "Confirmer" → /payment'
PAY = "cash on delivery → order placed, confirmation shown"
STEPS = [LINK, FIRST_TAP, PLUS_TAPS, ADD, SIGN_UP, SIGNED_UP, ADDRESS, SLOTS, SLOT, CHECKOUT, PAY]
SO_FAR_STEPS = STEPS[: STEPS.index(SLOTS) + 1]

#: The shopper's clock, in every page of the journey (an init script): when each input reached
#: the page (pointerdown, keydown, input: the event's timestamp, on `performance.timeOrigin`'s
#: clock in ms), and for each page change (a MutationObserver batch) when it was surely drawn:
#: the frame after the next one (a double requestAnimationFrame).
SHOPPER_CLOCK_JS = """(() => {
  const clock = (window.__shopperClock = { inputs: [], changes: [] });
  const now = () => performance.timeOrigin + performance.now();
  for (const type of ['pointerdown', 'keydown', 'input']) {
    addEventListener(type, (e) => {
      clock.inputs.push(performance.timeOrigin + e.timeStamp);
      if (clock.inputs.length > 50) clock.inputs.shift();
    }, { capture: true });
  }
  new MutationObserver(() => {
    const change = { at: now(), drawn: null };
    clock.changes.push(change);
    if (clock.changes.length > 400) clock.changes.shift();
    requestAnimationFrame(() => requestAnimationFrame(() => { change.drawn = now(); }));
  }).observe(document, { subtree: true, childList: true, attributes: true, characterData: true });
})();"""

#: From the page: the first input at or after `since`, and when the last change made by `seen`
#: was drawn (waiting a few frames for its double frame), both epoch ms or null.
SHOPPER_TIMES_JS = """async ([since, seen]) => {
  const clock = window.__shopperClock;
  if (!clock) return [null, null];
  const input = clock.inputs.find((t) => t >= since - 5) ?? null;
  const change = clock.changes.filter((c) => c.at <= seen).pop();
  for (let frame = 0; change && change.drawn === null && frame < 10; frame++) {
    await new Promise((done) => requestAnimationFrame(done));
  }
  return [input, change?.drawn ?? null];
}"""

QUANTITY_JS = f"() => document.querySelector('{QUANTITY}')?.innerText.trim() ?? null"
BAG_COUNT_JS = f"() => document.querySelector('{BAG}')?.innerText.trim() ?? null"

# A CPU speed note beside the numbers: Lighthouse's benchmark-index method (a GC-heavy string
# build and an array copy, 500 ms each, iterations per second / 10, averaged), run unthrottled.
SPEED_JS = """() => {
  const per = (work) => {
    const start = Date.now();
    let n = 0;
    while (n % 10 !== 0 || Date.now() - start < 500) { work(n); n += 1; }
    return Math.round(n / 10 / ((Date.now() - start) / 1000));
  };
  const strings = per(() => {
    let s = "";
    for (let j = 0; j < 10000; j++) s += "a";
    if (s.length === 1) throw new Error("kept");
  });
  const a = [], b = [];
  for (let i = 0; i < 100000; i++) a[i] = b[i] = i;
  const arrays = per((n) => {
    const [src, dst] = n % 2 === 0 ? [a, b] : [b, a];
    for (let j = 0; j < src.length; j++) dst[j] = src[j];
  });
  return { index: (strings + arrays) / 2, cores: navigator.hardwareConcurrency };
}"""


# --- what a run records ---------------------------------------------------------------------


@dataclass
class Step:
    """One step: each wait (s), taps over LOST_TAP_S, what crossed the link meanwhile."""

    name: str
    waits: list[tuple[str, float]] = field(default_factory=list)  # (what was awaited, s)
    robot: float = 0.0  # s: the bench's own time around the waits (actionability, looks)
    anatomy: list[str] = field(default_factory=list)  # per wait: where its time went
    lost: int = 0
    kept: int = 0  # of the `lost`: taps kept for the app, shown waiting at once (tap_replay.js)
    down: int = 0  # bytes the browser received
    up: int = 0
    requests: int = 0  # HTTP requests the page made
    ws_sent: int = 0  # websocket messages, browser → server
    ws_received: int = 0
    note: str = ""

    @property
    def seconds(self) -> float:
        return sum(spent for _, spent in self.waits)


@dataclass
class Run:
    """One journey on one link in a fresh browser, and the bare page's first effective tap."""

    link: str
    number: int
    steps: dict[str, Step] = field(default_factory=dict)
    failed_at: str | None = None
    error: str = ""
    down: int = 0  # bytes received over the whole journey
    tiles_refused: int = 0
    bare_first_tap_s: float | None = None
    bare_down: int = 0
    bare_note: str = ""

    @property
    def complete(self) -> bool:
        return self.failed_at is None and all(name in self.steps for name in STEPS)


# --- the phone -------------------------------------------------------------------------------


def phone_page(browser: Browser, slowdown: float = CPU_SLOWDOWN) -> Page:
    """A fresh context at 390×844 in French with the CPU slowed `slowdown` times."""
    context = browser.new_context(
        viewport=PHONE,
        device_scale_factor=2,
        is_mobile=True,
        has_touch=True,
        locale="fr-FR",
    )
    context.set_default_timeout(WAIT_MS)
    page = context.new_page()
    cdp = context.new_cdp_session(page)
    cdp.send("Emulation.setCPUThrottlingRate", {"rate": slowdown})
    return page


def shopper_page(browser: Browser, slowdown: float) -> Page:
    """The phone's page with the shopper's clock (SHOPPER_CLOCK_JS) in every document."""
    page = phone_page(browser, slowdown)
    page.context.add_init_script(SHOPPER_CLOCK_JS)
    return page


def wait_changed(page: Page, js: str, before: str | None, timeout: float) -> None:
    """Until `js` (a function of no argument) reads something else than `before`, non-empty."""
    page.wait_for_function(
        f"(before) => {{ const now = ({js})(); return !!now && now !== before; }}",
        arg=before,
        timeout=timeout,
    )


#: How long `until` sleeps between two looks, growing to its last value: the effect is seen
#: within a tenth of a second of its drawing. (Playwright's own `locator.wait_for` backs off to
#: a look every 500 ms after its first 270 ms: an effect drawn at 0.6 s was seen at up to 1.0 s,
#: and that delay was counted as the shopper's waiting.)
POLL_BACKOFF_S = (0.02, 0.05, 0.1)


def until(locator: Any, state: str = "visible", timeout_ms: float = WAIT_MS) -> None:
    """Until `locator` is in `state` ("visible", "hidden" or "detached"), as
    `locator.wait_for(state=...)` waits (strict too), looked at every 0.1 s at most
    (POLL_BACKOFF_S)."""
    deadline = time.monotonic() + timeout_ms / 1000
    looks = 0
    while True:
        if state == "detached":
            done = locator.count() == 0
        elif state == "hidden":
            done = not locator.is_visible()
        else:
            done = locator.is_visible()
        if done:
            return
        if time.monotonic() > deadline:
            raise PlaywrightTimeoutError(f"{locator} not {state} within {timeout_ms:.0f} ms")
        time.sleep(POLL_BACKOFF_S[min(looks, len(POLL_BACKOFF_S) - 1)])
        looks += 1


def first_effective_tap(
    page: Page, control: str, reading: str, before: str, limit_s: float
) -> tuple[int, str]:
    """Tap `control` again and again until what `reading` reads is no longer `before` (what
    the page shows before any tap); returns the taps made and the reading then. A tap needs the
    page's main thread (Playwright checks the control first), as a shopper's tap needs it to
    have any effect."""
    deadline = time.monotonic() + limit_s
    taps = 0
    while True:
        with suppress(PlaywrightError):
            page.locator(control).first.click(timeout=2_000)
            taps += 1
        try:
            wait_changed(page, reading, before, POLL_MS)
            return taps, str(page.evaluate(reading))
        except PlaywrightError:
            if time.monotonic() > deadline:
                raise


def bare_first_tap(browser: Browser, url: str, proxy: LinkProxy, run: Run, slowdown: float) -> None:
    """The bare Reflex page on the same phone and link: link → first effective tap."""
    page = phone_page(browser, slowdown)
    before = proxy.snapshot().down
    button = "main button"
    reading = f"() => document.querySelector('{button}')?.innerText.trim() ?? null"
    try:
        start = time.monotonic()
        page.goto(url, wait_until="commit")
        until(page.locator(button))
        taps, _ = first_effective_tap(page, button, reading, "Compter : 0", WAIT_MS / 1000)
        run.bare_first_tap_s = time.monotonic() - start
        run.bare_note = f"{taps} taps"
        run.bare_down = proxy.snapshot().down - before
    except PlaywrightError as exc:
        run.bare_note = f"failed: {_short(exc)}"
    finally:
        page.context.close()


# --- the journey -----------------------------------------------------------------------------


class Journey:
    """Walks the journey on one page, timing each wait and counting what crossed the link."""

    def __init__(self, page: Page, proxy: LinkProxy, outbox: Path) -> None:
        self.page = page
        self.proxy = proxy
        self.outbox = outbox
        self.steps: dict[str, Step] = {}
        self.current: Step | None = None
        self.trace: list[dict[str, Any]] = []  # taps, effects, frames, requests (in order)
        self.started = time.monotonic()
        self.last_drawn: float | None = None  # epoch ms: the last wait's effect drawn
        page.on("request", self._on_request)
        page.on("websocket", self._on_websocket)

    # --- bookkeeping --------------------------------------------------------------------------

    def _note(self, kind: str, **what: Any) -> None:
        self.trace.append({"t": round(time.monotonic() - self.started, 3), "kind": kind, **what})

    def _on_request(self, request: Any) -> None:
        if self.current is not None and not request.url.startswith("data:"):
            self.current.requests += 1
            self._note("request", url=request.url)

    def _on_websocket(self, socket: WebSocket) -> None:
        def sent(payload: str | bytes) -> None:
            if self.current is not None:
                self.current.ws_sent += 1
                self._note("ws up", size=len(payload), head=str(payload)[:120])

        def received(payload: str | bytes) -> None:
            if self.current is not None:
                self.current.ws_received += 1
                self._note("ws down", size=len(payload), head=str(payload)[:120])

        socket.on("framesent", sent)
        socket.on("framereceived", received)

    @contextmanager
    def step(self, name: str) -> Iterator[Step]:
        step = Step(name)
        self.current = step
        before = self.proxy.snapshot()
        yield step
        after = self.proxy.snapshot()
        step.down, step.up = after.down - before.down, after.up - before.up
        self.steps[name] = step

    def timed(
        self,
        label: str,
        action: Callable[[], object],
        shown: Callable[[], object],
        *,
        from_last: bool = False,
    ) -> None:
        """One wait: `action` (a tap, typically), then `shown` (until its effect is shown). A
        wait with no tap (`from_last`: the dialog that closes by itself) runs from the last
        wait's effect drawn, when the shopper started waiting for it."""
        assert self.current is not None
        self._note("tap", label=label, step=self.current.name)
        first = len(self.trace)
        start = time.monotonic()
        since = time.time() * 1000
        action()
        kept = self._kept()
        shown()
        seen = time.time() * 1000
        touched, drawn = self._shopper_times(since, seen)
        begin = touched or (from_last and self.last_drawn) or since
        spent = ((drawn or seen) - begin) / 1000
        self.last_drawn = drawn or seen
        robot = time.monotonic() - start - spent
        self._note("shown", label=label, spent=round(spent, 3), robot=round(robot, 3))
        self.current.waits.append((label, spent))
        self.current.robot += robot
        how = anatomy(self.trace[first - 1 :])
        self.current.anatomy.append(f"robot {robot:+.2f}, {how}" if touched else how)
        if spent > LOST_TAP_S:
            self.current.lost += 1
            self.current.kept += kept

    def _shopper_times(self, since: float, seen: float) -> tuple[float | None, float | None]:
        """On the page's clock (epoch ms): when the wait's input reached the page (None: no
        input, or the document was replaced since) and when the last change before `seen`
        was drawn."""
        with suppress(PlaywrightError):
            touched, drawn = self.page.evaluate(SHOPPER_TIMES_JS, [since, seen])
            return touched, drawn
        return None, None

    def _kept(self) -> bool:
        """Whether a control now shows a tap kept for the app (the painted page's controls,
        before the app runs: grocer/web/tap_replay.js marks it waiting, a pulse)."""
        with suppress(PlaywrightError):
            return bool(self.page.evaluate("() => !!document.querySelector('[data-tap-waiting]')"))
        return False

    def tap(self, label: str, target: Any, shown: Callable[[], object]) -> None:
        self.timed(label, target.click, shown)

    def code_for(self, address: str) -> str:
        """The code of the newest e-mail in the shop's outbox to `address` (not timed)."""
        deadline = time.monotonic() + 30
        while time.monotonic() < deadline:
            for path in sorted(self.outbox.glob("*.eml"), reverse=True):
                message = email.message_from_bytes(path.read_bytes())
                if address.lower() not in str(message["To"]).lower():
                    continue
                for part in message.walk():
                    if part.get_content_maintype() == "text":
                        payload = part.get_payload(decode=True)
                        found = re.search(rb"\b(\d{6})\b", payload or b"")
                        if found:
                            return found.group(1).decode()
            time.sleep(0.05)
        raise RuntimeError(f"no code e-mailed to {address}")

    def settle(self, reading: str, quiet_ms: float = 1_000) -> str:
        """What `reading` shows once it stopped changing for `quiet_ms` (not timed): taps made
        while the page was not live yet may still land, and a tap timed meanwhile would see
        their effect, not its own."""
        shown = str(self.page.evaluate(reading))
        deadline = time.monotonic() + 15
        while time.monotonic() < deadline:
            try:
                wait_changed(self.page, reading, shown, quiet_ms)
            except PlaywrightError:
                return shown
            shown = str(self.page.evaluate(reading))
        return shown

    # --- the walk -------------------------------------------------------------------------------

    def walk(self, base: str, article: dict[str, Any]) -> None:
        page = self.page
        target = math.ceil(DELIVERY_MINIMUM_XOF / Decimal(str(article["price"])))
        with self.step(LINK):
            self.timed(
                "link",
                lambda: page.goto(f"{base}/produit/{article['id']}", wait_until="commit"),
                lambda: until(page.get_by_role("heading", name=article["name"]).first),
            )
        with self.step(FIRST_TAP) as step:
            start = time.monotonic()
            taps, shown = first_effective_tap(page, PLUS, QUANTITY_JS, "1", WAIT_MS / 1000)
            step.waits.append((f"{taps} taps", time.monotonic() - start))
            step.anatomy.append("")
            # Only taps made before the page was live can still land: after one effective
            # tap there are none, and an idle second here would hide the app's start from the
            # waits that follow (the painted stepper answers before the app runs).
            settled = self.settle(QUANTITY_JS) if taps > 1 else shown
            step.note = f"{taps} taps; quantity {shown}, then {settled} once the taps landed"
        with self.step(PLUS_TAPS) as step:
            quantity = int(settled)
            while quantity < target:
                self.tap(
                    "+",
                    page.locator(PLUS),
                    lambda q=quantity: wait_changed(page, QUANTITY_JS, str(q), WAIT_MS),
                )
                quantity = int(page.evaluate(QUANTITY_JS))
            step.note = f"{len(step.waits)} taps to {quantity} (the minimum needs {target})"
        with self.step(ADD) as step:
            self.tap(
                "Add To Cart",
                page.get_by_role("button", name="Add To Cart"),
                lambda: (
                    page.wait_for_function(
                        f"() => {{ const n = ({BAG_COUNT_JS})(); "
                        f"return !!n && n === ({QUANTITY_JS})(); }}"
                    ),
                    until(page.get_by_role("dialog", name="Ne perdez pas votre panier")),
                ),
            )
            step.note = f"bag {page.evaluate(BAG_COUNT_JS)}"
        self._sign_up()
        self._address()
        self._slot()
        self._checkout_and_pay()

    def _sign_up(self) -> None:
        page = self.page
        address = f"awa.bench.{uuid.uuid4().hex[:10]}@example.com"
        dialog = page.get_by_role("dialog", name="Créer votre compte")
        done = page.get_by_text("Compte créé et connecté avec succès !")
        with self.step(SIGN_UP):
            prompt = page.get_by_role("dialog", name="Ne perdez pas votre panier")
            self.tap(
                "Créer un compte",
                prompt.get_by_role("button", name="Créer un compte"),
                lambda: until(dialog.get_by_label("Adresse email")),
            )
            dialog.get_by_label("Adresse email").fill(address)
            code = page.get_by_label("Code à 6 chiffres")
            self.tap(
                "Recevoir le code",
                dialog.get_by_role("button", name="Recevoir le code"),
                lambda: until(code),
            )
            code.fill(self.code_for(address))
            password = page.locator("#signup-password")
            self.tap(
                "Vérifier",
                page.get_by_role("button", name="Vérifier", exact=True),
                lambda: until(password),
            )
            password.fill(PASSWORD)
            page.locator("#signup-confirm").fill(PASSWORD)
            phone = page.get_by_label("Numéro de téléphone")
            self.tap(
                "Continuer", page.get_by_role("button", name="Continuer"), lambda: until(phone)
            )
            phone.fill("70 12 34 56")
            self.tap(
                "Créer mon compte",
                page.get_by_role("button", name="Créer mon compte"),
                lambda: until(done),
            )
        with self.step(SIGNED_UP):
            self.timed("dialog closes", lambda: None, lambda: until(done, "hidden"), from_last=True)
            self.tap(
                "bag",
                page.locator(BAG),
                lambda: until(page.locator("#bag-panel").get_by_role("button", name="Check out")),
            )

    def _address(self) -> None:
        page = self.page
        overlay = page.locator("#cart-overlay")
        picker = page.get_by_role("dialog", name=PICKER)
        search = picker.get_by_label("Rechercher un lieu")
        results = page.locator("#map-picker-results")
        with self.step(ADDRESS):
            add = overlay.get_by_role("button", name="Ajouter une adresse")
            self.tap(
                "Check out",
                page.locator("#bag-panel").get_by_role("button", name="Check out"),
                lambda: until(add),
            )
            # Under 640 px the map picker opens over the address dialog by itself.
            self.tap("Ajouter une adresse", add, lambda: until(search))
            found = results.get_by_role("button", name=re.compile("^Ouagadougou")).first
            self.timed("search typed", lambda: search.fill("Ouagadougou"), lambda: until(found))
            confirm = page.locator("#map-picker-confirm:not([disabled])")
            self.tap("result", found, lambda: until(confirm))
            self.tap(
                "Confirmer",
                confirm,
                lambda: (
                    until(picker, "detached"),
                    page.wait_for_function(
                        "() => document.getElementById('address-city')?.value === 'Ouagadougou'"
                    ),
                ),
            )
            dialog = page.get_by_role("dialog", name=ADDRESS_DIALOG)
            self.tap(
                "Enregistrer",
                dialog.get_by_role("button", name="Enregistrer"),
                lambda: (
                    until(dialog, "detached"),
                    until(overlay.get_by_text("Ouagadougou, Centre, Burkina Faso").first),
                ),
            )

    def _slot(self) -> None:
        page = self.page
        overlay = page.locator("#cart-overlay")
        choose = overlay.get_by_role("button", name="Choisir l'heure de livraison")
        with self.step(SLOTS):
            self.tap(
                "Voir les créneaux",
                overlay.get_by_role("button", name="Voir les créneaux"),
                lambda: until(choose),
            )
        with self.step(SLOT) as step:
            dialog = page.get_by_role("dialog", name=SLOT_DIALOG)
            tomorrow = dialog.get_by_role("button", name="Demain", exact=True)
            self.tap("Choisir l'heure", choose, lambda: until(tomorrow))
            self.tap(
                "Demain",
                tomorrow,
                lambda: page.wait_for_function(
                    """() => {
                      const day = [...document.querySelectorAll('#slot-dialog button')]
                        .find((b) => b.innerText.trim() === 'Demain');
                      return day?.getAttribute('aria-pressed') === 'true' &&
                        document.querySelectorAll('#slot-select option:not([disabled])')
                          .length > 0;
                    }"""
                ),
            )
            select = dialog.get_by_label("Sélectionner une heure")
            save = dialog.get_by_role("button", name="Enregistrer")
            for attempt in range(3):  # the list can still be redrawn (today's → tomorrow's)
                value = select.locator("option:not([disabled])").nth(1).get_attribute("value")
                try:
                    self.timed(
                        "a slot",
                        lambda v=value: select.select_option(v, timeout=5_000),
                        lambda: until(dialog.locator("button:enabled", has_text="Enregistrer")),
                    )
                    break
                except PlaywrightError:
                    if attempt == 2:
                        raise
            chosen = overlay.get_by_test_id("overlay-chosen-slot").get_by_text(re.compile("Demain"))
            self.tap(
                "Enregistrer",
                save,
                lambda: (until(dialog, "detached"), until(chosen)),
            )
            step.note = chosen.inner_text().strip()

    def _checkout_and_pay(self) -> None:
        page = self.page
        with self.step(CHECKOUT):
            self.tap(
                "Continuer vers la commande",
                page.locator("#cart-overlay").get_by_role(
                    "button", name="Continuer vers la commande"
                ),
                lambda: (
                    page.wait_for_url("**/checkout"),
                    until(page.get_by_role("heading", name="Instructions de livraison")),
                    # prefilled from the profile: the shopper can confirm
                    page.wait_for_function("() => !!document.getElementById('co-phone')?.value"),
                ),
            )
            self.tap(
                "Confirmer",
                page.get_by_role("button", name="Confirmer", exact=True),
                lambda: (
                    page.wait_for_url("**/payment"),
                    until(page.locator("#pay-button:not([disabled])")),
                    page.wait_for_function(
                        "() => !!document.querySelector(\"[data-total='total']\")?.innerText.trim()"
                    ),
                ),
            )
        with self.step(PAY) as step:
            cash = page.get_by_role("radio", name=re.compile(r"^Paiement à la livraison"))
            if not cash.is_checked():  # cash on delivery is the default; tap it if it is not
                self.tap("cash", cash, lambda: page.wait_for_function("() => true"))
            heading = page.get_by_role("heading", name=re.compile(r"^Commande "))
            self.tap(
                "pay",
                page.locator("#pay-button"),
                lambda: (
                    page.wait_for_url(re.compile(r".*/order-confirmation\?number=[\w-]+$")),
                    until(heading),
                ),
            )
            step.note = heading.inner_text().strip()


def anatomy(events: list[dict[str, Any]]) -> str:
    """Where one wait's time went, from its trace (a tap, frames and requests, shown): when the
    first websocket message left after the tap (a long delay: the page was busy, or the tab's
    event queue was held by an earlier event), how many messages went each way, HTTP requests,
    and how long after the last message received the effect was shown (rendering)."""
    start, end = events[0]["t"], events[-1]["t"]
    ups = [e for e in events if e["kind"] == "ws up"]
    downs = [e for e in events if e["kind"] == "ws down"]
    requests = sum(e["kind"] == "request" for e in events)
    parts = []
    if ups:
        parts.append(f"1st ↑ +{ups[0]['t'] - start:.2f}")
    parts.append(f"ws {len(ups)}↑/{len(downs)}↓")
    if requests:
        parts.append(f"{requests} req.")
    if downs:
        parts.append(f"last ↓ → shown {end - downs[-1]['t']:.2f}")
    return ", ".join(parts)


# --- runs ------------------------------------------------------------------------------------


def one_run(
    pw: Playwright,
    proxy: LinkProxy,
    profile: LinkProfile,
    number: int,
    base: str,
    bare: str,
    outbox: Path,
    article: dict[str, Any],
    slowdown: float,
) -> Run:
    """The bare page, then the journey, in one fresh browser on `profile`."""
    proxy.use(profile)
    run = Run(profile.name, number)
    SHOTS.mkdir(parents=True, exist_ok=True)
    browser = pw.chromium.launch(
        executable_path=CHROMIUM, args=[*CHROMIUM_FLAGS, *proxy.chromium_args()]
    )
    try:
        bare_first_tap(browser, f"{bare}/", proxy, run, slowdown)
        page = shopper_page(browser, slowdown)
        journey = Journey(page, proxy, outbox)
        before = proxy.snapshot()
        try:
            journey.walk(base, article)
        except (PlaywrightError, RuntimeError, ValueError, TypeError) as exc:
            run.failed_at = journey.current.name if journey.current else LINK
            run.error = _short(exc)
            with suppress(PlaywrightError):
                page.screenshot(path=str(SHOTS / f"{profile.name}-round{number}-failed.png"))
        finally:
            journey.current = None
        after = proxy.snapshot()
        run.steps = journey.steps
        run.down = after.down - before.down
        run.tiles_refused = sum(
            n - before.refused[host] for host, n in after.refused.items() if TILE_HOST in host
        )
        trace = SHOTS / f"{profile.name}-round{number}-trace.json"
        trace.write_text(json.dumps(journey.trace, ensure_ascii=False, indent=1))
    finally:
        browser.close()
    return run


def find_article(base: str) -> dict[str, Any]:
    """The journey's article (ARTICLE_KEY) from the public search API."""
    answer = httpx.get(f"{base}/api/v1/search", params={"q": ARTICLE_KEY.replace("-", " ")})
    answer.raise_for_status()
    for item in answer.json()["items"]:
        if item["key"] == ARTICLE_KEY:
            return {"id": item["id"], "name": item["name"], "price": item["price"]}
    raise RuntimeError(f"{ARTICLE_KEY} is not in the demo catalogue")


def host_speed(pw: Playwright, bare: str) -> tuple[str, float]:
    """The host's CPU, for the reader: Lighthouse's benchmark index when Lighthouse is already
    installed in .bench/ (by tests/bench/lighthouse.py), else the same method run in a page;
    and the index (Lighthouse's when it ran)."""
    binary = TOOLS / "node_modules" / ".bin" / "lighthouse"
    browser = pw.chromium.launch(executable_path=CHROMIUM, args=CHROMIUM_FLAGS)
    try:
        page = browser.new_page()
        speed = page.evaluate(SPEED_JS)
    finally:
        browser.close()
    index = float(speed["index"])
    note = (
        f"in-page benchmark index (Lighthouse's method, unthrottled) {index:.0f}, "
        f"{speed['cores']} cores (navigator.hardwareConcurrency)"
    )
    if binary.exists():
        with tempfile.TemporaryDirectory() as tmp, suppress(Exception):
            report = run_lighthouse(binary, f"{bare}/", Path(tmp) / "bare.json")
            index = float(report["environment"]["benchmarkIndex"])
            note = f"Lighthouse benchmark index {index:.0f}; {note}"
    return note, index


def journeys(
    base: str,
    bare: str,
    outbox: Path,
    links: list[LinkProfile],
    rounds: int,
    phone_index: float | None = None,
) -> tuple[list[Run], str]:
    """`rounds` interleaved rounds over `links`; and the host's and phone's speed note. The CPU
    is slowed CPU_SLOWDOWN times, or to a phone of `phone_index` (the host's index over it)."""
    article = find_article(base)
    runs: list[Run] = []
    with sync_playwright() as pw, LinkProxy(links[0]) as proxy:
        host, index = host_speed(pw, bare)
        slowdown = index / phone_index if phone_index else CPU_SLOWDOWN
        speed = (
            f"{host}. The phone: CPU slowed {slowdown:.1f}×, a benchmark index of about "
            f"{index / slowdown:.0f} (Lighthouse calibrates its 4× for hosts of 1,500–2,000: "
            "phones of 375–500)"
        )
        for number in range(1, rounds + 1):
            for profile in links:
                print(f"journey round {number}: {profile.name}", file=sys.stderr, flush=True)
                run = one_run(pw, proxy, profile, number, base, bare, outbox, article, slowdown)
                _progress(run)
                runs.append(run)
    return runs, speed


def _progress(run: Run) -> None:
    total = sum(step.seconds for step in run.steps.values())
    state = f"failed at {run.failed_at}: {run.error}" if run.failed_at else "order placed"
    bare = f"{run.bare_first_tap_s:.2f} s" if run.bare_first_tap_s is not None else run.bare_note
    print(
        f"  {state}; waiting {total:.1f} s, {run.down / 1000:.0f} kB; bare first tap {bare}",
        file=sys.stderr,
        flush=True,
    )


def _short(exc: BaseException) -> str:
    return str(exc).strip().splitlines()[0][:160] if str(exc).strip() else type(exc).__name__


# --- the tables ------------------------------------------------------------------------------


def _median(values: list[float]) -> float | None:
    return median(values) if values else None


def _s(value: float | None) -> str:
    return "—" if value is None else f"{value:.1f} s"


def _kb(value: float | None) -> str:
    return "—" if value is None else f"{value / 1000:.0f} kB"


def journey_table(runs: list[Run], links: list[LinkProfile], speed: str) -> str:
    """The markdown tables: waiting and bytes per step and link (medians over the rounds that
    reached the step), totals, the bare page's first effective tap, where the time goes."""
    by_link = {p.name: [r for r in runs if r.link == p.name] for p in links}
    names = [p.name for p in links]
    lines = [
        "### The journey on a slow phone (390 px, French, CPU slowed) over a slow link",
        "",
        "| step | " + " | ".join(f"waiting {n}" for n in names) + " | "
        + " | ".join(f"received {n}" for n in names) + " | "
        + " | ".join(f"taps > 4 s {n}" for n in names) + " |",
        "|---|" + "---:|" * (3 * len(names)),
    ]  # fmt: skip

    def of(link: str, name: str) -> list[Step]:
        return [r.steps[name] for r in by_link[link] if name in r.steps]

    for name in STEPS:
        waits = [_s(_median([s.seconds for s in of(n, name)])) for n in names]
        kbs = [_kb(_median([s.down for s in of(n, name)])) for n in names]
        lost = [str(sum(s.lost for s in of(n, name))) if of(n, name) else "—" for n in names]
        lines.append(f"| {name} | " + " | ".join(waits + kbs + lost) + " |")

    def totals(link: str, steps: list[str]) -> tuple[float | None, float | None]:
        whole = [r for r in by_link[link] if all(s in r.steps for s in steps)]
        seconds = _median([sum(r.steps[s].seconds for s in steps) for r in whole])
        down = _median([sum(r.steps[s].down for s in steps) for r in whole])
        return seconds, down

    for label, steps in (("total up to the slot's time", SO_FAR_STEPS), ("total", STEPS)):
        pairs = [totals(n, steps) for n in names]
        lost = [
            str(sum(s.lost for r in by_link[n] for k, s in r.steps.items() if k in steps))
            for n in names
        ]
        lines.append(
            f"| **{label}** | "
            + " | ".join(f"**{_s(p[0])}**" for p in pairs)
            + " | "
            + " | ".join(f"**{_kb(p[1])}**" for p in pairs)
            + " | "
            + " | ".join(lost)
            + " |"
        )
    lines.append("")
    for link in names:
        link_runs = by_link[link]
        done = sum(r.complete for r in link_runs)
        failures = [f"round {r.number} failed at {r.failed_at} ({r.error})" for r in link_runs
                    if r.failed_at]  # fmt: skip
        product = _median(  # on the bench's clock, robot included, as the bare page's
            [
                r.steps[LINK].seconds + r.steps[LINK].robot + r.steps[FIRST_TAP].seconds
                for r in link_runs
                if LINK in r.steps and FIRST_TAP in r.steps
            ]
        )
        robot = _median([sum(s.robot for s in r.steps.values()) for r in link_runs if r.complete])
        bare = _median([r.bare_first_tap_s for r in link_runs if r.bare_first_tap_s is not None])
        gap = f" ({product - bare:+.1f} s)" if product is not None and bare is not None else ""
        over = [sum(s.lost for s in r.steps.values()) for r in link_runs]
        kept = [sum(s.kept for s in r.steps.values()) for r in link_runs]
        lines += [
            f"- **{link}**: {done}/{len(link_runs)} journeys placed their order"
            + (f"; {'; '.join(failures)}" if failures else "")
            + f". Received over the whole journey: {_kb(_median([r.down for r in link_runs]))}"
            f" (map tiles refused apart: {_median([r.tiles_refused for r in link_runs]) or 0:.0f}"
            " requests). Link → first effective tap: product page "
            f"{_s(product)}, bare Reflex page {_s(bare)}{gap}; the bare page received "
            f"{_kb(_median([r.bare_down for r in link_runs]))}. Taps over 4 s: {sum(over)}"
            f" in all rounds, {sum(kept)} of them kept for the app and shown waiting at once"
            " (a tap on the painted page before the app runs). The robot's own time, not"
            f" counted (its checks before each tap, its looks' lateness): {_s(robot)}.",
        ]
    lines += ["", f"Host: {speed}.", ""]
    lines += _where_the_time_goes(by_link, names)
    return "\n".join(lines)


def _where_the_time_goes(by_link: dict[str, list[Run]], names: list[str]) -> list[str]:
    """Per step, from each link's first round that reached it: each wait, websocket messages
    up/down, HTTP requests, bytes down/up, and the step's note."""
    lines = [
        "### Where the time goes (first round of each link)",
        "",
        "| link | step | waits (s) | ws msgs ↑/↓ | HTTP req. | received / sent | note |",
        "|---|---|---|---:|---:|---:|---|",
    ]
    for link in names:
        for name in STEPS:
            step = next((r.steps[name] for r in by_link[link] if name in r.steps), None)
            if step is None:
                continue
            waits = "; ".join(
                f"{label} {spent:.2f}" + (f" ({how})" if how else "")
                for (label, spent), how in zip(step.waits, step.anatomy, strict=True)
            )
            lines.append(
                f"| {link} | {name} | {waits} | {step.ws_sent}/{step.ws_received} | "
                f"{step.requests} | {step.down / 1000:.1f} / {step.up / 1000:.1f} kB | "
                f"{step.note} |"
            )
    return lines


# --- main ------------------------------------------------------------------------------------


def bench_env() -> dict[str, str]:
    """The shop's settings for the journey: outside providers unreachable at once (a closed
    loopback port, as `offline_geo`): the gazetteer and the offline IP database answer."""
    dead = f"http://127.0.0.1:{free_port()}"
    return {
        "GROCER_GEOCODER_URLS": dead,
        "GROCER_PHOTON_URL": dead,
        "GROCER_IP_SERVICES": f"{dead}/{{ip}}",
        "GROCER_HTTP_TIMEOUT": "1",
    }


def parse_links(text: str) -> list[LinkProfile]:
    try:
        return [PROFILES[name.strip()] for name in text.split(",") if name.strip()]
    except KeyError as exc:
        raise argparse.ArgumentTypeError(f"unknown link {exc}; known: {list(PROFILES)}") from None


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument(
        "--links",
        type=parse_links,
        default=list(PROFILES.values()),
        help="links, comma-separated (default slow4g,slow3g)",
    )
    parser.add_argument("--rounds", type=int, default=1, help="rounds (default 1)")
    parser.add_argument(
        "--phone-index",
        type=float,
        help=f"slow the CPU to a phone of this benchmark index (default: {CPU_SLOWDOWN}×)",
    )
    parser.add_argument("--shop", help="an already running shop's base URL (with --outbox)")
    parser.add_argument("--outbox", type=Path, help="that shop's GROCER_OUTBOX_DIR")
    parser.add_argument("--bare", help="an already running bare Reflex page's base URL")
    args = parser.parse_args()  # fmt: skip
    if bool(args.shop) != bool(args.outbox):
        parser.error("--shop and --outbox go together")
    if shutil.which(CHROMIUM) is None and not Path(CHROMIUM).exists():
        parser.error(f"no Chromium at {CHROMIUM}")
    with tempfile.TemporaryDirectory() as tmp:
        data = Path(tmp)
        with _served(args.shop, data) as base, _bare(args.bare) as bare:
            outbox = args.outbox or data / "outbox"
            runs, speed = journeys(base, bare, outbox, args.links, args.rounds, args.phone_index)
    (SHOTS / "runs.json").write_text(
        json.dumps([dataclasses.asdict(r) for r in runs], ensure_ascii=False, indent=1)
    )
    print()
    print(journey_table(runs, args.links, speed))
    return 0


@contextmanager
def _served(shop: str | None, data: Path) -> Iterator[str]:
    if shop:
        yield shop.rstrip("/")
        return
    with running_shop(data, bench_env()) as base:
        yield base


@contextmanager
def _bare(bare: str | None) -> Iterator[str]:
    if bare:
        yield bare.rstrip("/")
        return
    with serving_reflex(BARE_APP, _bare_env(), free_port(), "bare-server.log") as base:
        yield base


if __name__ == "__main__":
    with suppress(KeyboardInterrupt):
        raise SystemExit(main())
    raise SystemExit(130)
