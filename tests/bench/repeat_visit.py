"""Repeat-visit transfer of / (issue 19: under 30 KiB before the page is usable again).

A fresh persistent browser profile loads /, waits until the network is idle and a service
worker (if the shop registers one; served at /sw.js) is active, then reloads: the repeat visit.
Bytes of the second load come from CDP `Network.loadingFinished` (`encodedDataLength`: headers
and body as they came over the wire; a response answered by the service worker or the HTTP
cache reports what Chromium counts for it, usually 0; `Network.responseReceived` says
`fromServiceWorker` / `fromDiskCache`, `Network.requestServedFromCache` the memory cache),
plus what the service worker itself fetched from the network meanwhile (Playwright's
context-level request events for the worker, their encoded sizes); the budget is checked on
these HTTP bytes. The websocket frames received (Reflex's state) are given beside them, as
payload text (Chromium reports frames uncompressed).
"Usable" is React owning the page (`#top`) and a home product card's "Ajouter au panier"
shown; the figures are also given once the network is idle. The profile is kept: Lighthouse
then runs on / in it (warm).
"""

from __future__ import annotations

from dataclasses import dataclass, field
from pathlib import Path
from typing import Any
from urllib.parse import urlsplit

from playwright.sync_api import BrowserContext, Playwright, Request

from tests.bench.lighthouse_table import MAX_REPEAT_VISIT_KIB
from tests.bench.taps import ADD_BUTTON, PHONE
from tests.support.browser import CHROMIUM, CHROMIUM_ARGS, wait_hydrated

SW_WAIT_MS = 10_000

SERVICE_WORKER_JS = """async (waitMs) => {
  if (!("serviceWorker" in navigator)) return null;
  // The shop registers its worker when idle a few seconds after load: wait for it.
  const until = Date.now() + waitMs;
  let regs = await navigator.serviceWorker.getRegistrations();
  while (!regs.length && Date.now() < until) {
    await new Promise((r) => setTimeout(r, 250));
    regs = await navigator.serviceWorker.getRegistrations();
  }
  if (!regs.length) return null;
  await Promise.race([navigator.serviceWorker.ready, new Promise((r) => setTimeout(r, waitMs))]);
  const reg = regs[0];
  const worker = reg.active || reg.waiting || reg.installing;
  return worker ? `${worker.scriptURL} (${worker.state})` : "registered, no worker";
}"""


@dataclass
class Transfer:
    """What the repeat visit downloaded, counted as the events arrive."""

    responses: dict[str, dict[str, Any]] = field(default_factory=dict)
    worker_bytes: int = 0
    worker_requests: int = 0
    websocket_bytes: int = 0

    def snapshot(self) -> dict[str, float]:
        done = [r for r in self.responses.values() if "bytes" in r]
        return {
            "kib": sum(r["bytes"] for r in done) / 1024,
            "requests": len(done),
            "from_sw": sum(1 for r in done if r.get("sw")),
            "from_cache": sum(1 for r in done if r.get("cache")),
            "worker_kib": self.worker_bytes / 1024,
            "worker_requests": self.worker_requests,
            "websocket_kib": self.websocket_bytes / 1024,
        }

    def largest(self, count: int = 5) -> list[str]:
        """The `count` heaviest responses, as "path (bytes)"."""
        done = sorted(
            (r for r in self.responses.values() if "bytes" in r),
            key=lambda r: r["bytes"],
            reverse=True,
        )
        return [f"{urlsplit(r.get('url', '?')).path} ({r['bytes']:,} B)" for r in done[:count]]


def _on_response(transfer: Transfer, event: dict[str, Any]) -> None:
    response = event["response"]
    record = transfer.responses.setdefault(event["requestId"], {})
    record.update(url=response["url"], sw=response.get("fromServiceWorker", False))
    if response.get("fromDiskCache") or response.get("fromPrefetchCache"):
        record["cache"] = True


def _on_finished(transfer: Transfer, event: dict[str, Any]) -> None:
    transfer.responses.setdefault(event["requestId"], {})["bytes"] = event["encodedDataLength"]


def _on_worker_request(transfer: Transfer, request: Request) -> None:
    if request.service_worker is None:
        return
    try:
        sizes = request.sizes()
    except Exception:  # noqa: BLE001 - a request the worker dropped has no sizes
        return
    transfer.worker_requests += 1
    transfer.worker_bytes += sizes["responseBodySize"] + sizes["responseHeadersSize"]


def open_profile(pw: Playwright, profile: Path) -> BrowserContext:
    return pw.chromium.launch_persistent_context(
        str(profile), executable_path=CHROMIUM, args=CHROMIUM_ARGS, viewport=PHONE,
        locale="fr-FR",
    )  # fmt: skip


def repeat_visit(pw: Playwright, base: str, profile: Path) -> dict[str, Any]:
    """Visit / twice in `profile` (left warm); the second visit's transfer."""
    context = open_profile(pw, profile)
    try:
        page = context.pages[0] if context.pages else context.new_page()
        page.goto(f"{base}/")
        wait_hydrated(page)
        page.wait_for_load_state("networkidle")
        worker = page.evaluate(SERVICE_WORKER_JS, SW_WAIT_MS)  # registered at idle, after load
        page.wait_for_load_state("networkidle")

        transfer = Transfer()
        cdp = context.new_cdp_session(page)
        cdp.send("Network.enable")
        cdp.on("Network.responseReceived", lambda e: _on_response(transfer, e))
        cdp.on("Network.loadingFinished", lambda e: _on_finished(transfer, e))
        cdp.on(  # the memory cache's answers (no fromDiskCache on them)
            "Network.requestServedFromCache",
            lambda e: transfer.responses.setdefault(e["requestId"], {}).update(cache=True),
        )
        cdp.on(
            "Network.webSocketFrameReceived",
            lambda e: setattr(
                transfer,
                "websocket_bytes",
                transfer.websocket_bytes + len(e["response"]["payloadData"].encode()),
            ),
        )
        context.on("requestfinished", lambda r: _on_worker_request(transfer, r))
        page.reload(wait_until="commit")
        wait_hydrated(page)
        page.locator(f"{ADD_BUTTON}:visible").first.wait_for()
        usable = transfer.snapshot()
        page.wait_for_load_state("networkidle")
        page.wait_for_timeout(1_000)
        idle = transfer.snapshot()
        largest = transfer.largest()
        controlled = page.evaluate("() => !!navigator.serviceWorker?.controller")
    finally:
        context.close()
    return {
        "worker": worker,
        "controlled": controlled,
        "usable": usable,
        "idle": idle,
        "largest": largest,
    }


def repeat_visit_table(result: dict[str, Any]) -> str:
    worker = result["worker"] or "no service worker"
    controlled = "yes" if result["controlled"] else "no"
    lines = [
        f"Repeat visit of / (fresh profile, second load). Service worker: {worker}; "
        f"second load controlled by it: {controlled}.",
        "",
        "| when | page KiB (CDP) | responses | from SW | from HTTP cache | SW's own fetches "
        f"| HTTP KiB (page + SW) | ≤ {MAX_REPEAT_VISIT_KIB} KiB | websocket payload KiB |",
        "|---|---|---|---|---|---|---|---|---|",
    ]
    for when in ("usable", "idle"):
        s = result[when]
        http = s["kib"] + s["worker_kib"]
        lines.append(
            f"| {when} | {s['kib']:.1f} | {s['requests']} | {s['from_sw']} | {s['from_cache']} "
            f"| {s['worker_requests']} ({s['worker_kib']:.1f} KiB) | {http:.1f} "
            f"| {'pass' if http <= MAX_REPEAT_VISIT_KIB else 'FAIL'} | {s['websocket_kib']:.1f} |"
        )
    lines += ["", "Heaviest responses of the second load: " + ", ".join(result["largest"]) + "."]
    return "\n".join(lines)
