"""The storefront beside a bare Reflex page (issues 19 and 21): Lighthouse, taps, repeat visit.

`make bench` (or `python -m tests.bench.lighthouse [--rounds N]`) builds and serves, on this
host in the same run, the shop (tests/support/shop_server.py) and the bare Reflex 0.10 app of
tests/bench/bare/ (one heading, one button bound to a state var), each as a production build
on one port (`reflex run --env prod --single-port`), on two ports. Then it prints, as markdown:

1. Lighthouse 13.5.0 (installed from npm into `.bench/` with the virtualenv's Node), mobile
   defaults (simulated slow 4G and 4× CPU), categories performance and accessibility, Chromium
   in French (`--lang=fr-FR --accept-lang=fr-FR`), on: the bare page, `/`, a first-level
   category as the category bar links it (`/level-one-products?mainCategoryId=…`, which moves
   to its first level-2 category), a second-level category (`/products?mainCategoryId=…&
   categoryId=…`), a product page (`/produit/{id}`), `/full-products`, and `/` again in a warm
   profile (the repeat-visit profile below, with its HTTP cache and service worker if any;
   `--disable-storage-reset`). Rounds are interleaved (every page, then every page again...);
   the table has each figure's median, TBT and TTI differences from the bare page, the
   budgets of DESIGN.md marked pass/FAIL, and the median benchmark index of the host
   (`environment.benchmarkIndex`). TTI is Lighthouse 13's `interactive` audit (still computed,
   weight 0); where a report lacks it, `audits.metrics.details.items[0].interactive`.
2. Click-to-result times of the phone's Menu and of "+ Ajouter" (tests/bench/taps.py) beside
   the bare page's TTI.
3. The repeat-visit transfer of / (tests/bench/repeat_visit.py).

Each report is kept as test-artifacts/lighthouse/<page>-round<n>.json (open it in Lighthouse's
viewer to see where the time went). A failed Lighthouse run is reported on stderr and left out
of the medians (the table gives the number of runs per page). The machine is shared: compare
pages within one run only.
"""

from __future__ import annotations

import argparse
import json
import os
import subprocess
import sys
import tempfile
from pathlib import Path
from statistics import median
from typing import Any

import httpx
from playwright.sync_api import sync_playwright

from tests.bench.lighthouse_table import Figures, Row, lighthouse_table, median_figures
from tests.bench.repeat_visit import repeat_visit, repeat_visit_table
from tests.bench.taps import measure_taps, taps_table
from tests.support.browser import CHROMIUM, CHROMIUM_ARGS
from tests.support.shop_server import ARTIFACTS, ROOT, running_shop, serving_reflex
from tests.support.smtp import free_port

TOOLS = ROOT / ".bench"
REPORTS = ARTIFACTS / "lighthouse"  # every report of the last run, to open in a viewer
BARE_APP = Path(__file__).resolve().parent / "bare"
LIGHTHOUSE_VERSION = "13.5.0"
FRENCH_FLAGS = [*CHROMIUM_ARGS, "--lang=fr-FR", "--accept-lang=fr-FR"]
BARE = "bare Reflex page"
HOME = "/"
WARM = "/ warm profile (repeat visit)"


def _lighthouse_bin() -> Path:
    binary = TOOLS / "node_modules" / ".bin" / "lighthouse"
    if not binary.exists():
        TOOLS.mkdir(exist_ok=True)
        npm = Path(sys.executable).parent / "npm"
        subprocess.run(
            [str(npm), "install", "--no-audit", "--no-fund", "--prefix", str(TOOLS),
             f"lighthouse@{LIGHTHOUSE_VERSION}"],
            check=True,
        )  # fmt: skip
    return binary


def run_lighthouse(
    binary: Path, url: str, out: Path, profile: Path | None = None
) -> dict[str, Any]:
    """One Lighthouse report (JSON, written to `out`) of `url`; with `profile`, in that warm
    Chromium profile."""
    flags = list(FRENCH_FLAGS)
    extra = []
    if profile is not None:
        flags.append(f"--user-data-dir={profile}")
        extra.append("--disable-storage-reset")
    env = {
        **os.environ,
        "CHROME_PATH": CHROMIUM,
        "PATH": f"{Path(sys.executable).parent}{os.pathsep}{os.environ['PATH']}",
    }
    subprocess.run(
        [str(binary), url, "--quiet", "--output=json", f"--output-path={out}",
         "--only-categories=performance,accessibility", f"--chrome-flags={' '.join(flags)}",
         *extra],
        check=True, env=env, timeout=300,
    )  # fmt: skip
    return json.loads(out.read_text())


def figures_of(report: dict[str, Any]) -> Figures:
    """The table's figures of one Lighthouse report (see the module's note on TTI)."""
    audits = report["audits"]
    tti = audits.get("interactive", {}).get("numericValue")
    if tti is None:
        tti = audits["metrics"]["details"]["items"][0]["interactive"]
    return Figures(
        score=report["categories"]["performance"]["score"] * 100,
        accessibility=report["categories"]["accessibility"]["score"] * 100,
        tbt_ms=audits["total-blocking-time"]["numericValue"],
        tti_s=tti / 1000,
        lcp_s=audits["largest-contentful-paint"]["numericValue"] / 1000,
        cls=audits["cumulative-layout-shift"]["numericValue"],
        kib=audits["total-byte-weight"]["numericValue"] / 1024,
    )


def shop_pages(base: str) -> dict[str, str]:
    """The storefront pages measured, from the demo catalogue (through the public API)."""
    tree = httpx.get(f"{base}/api/v1/categories", timeout=30).json()
    main_cat = next(c for c in tree if c["children"])
    sub = main_cat["children"][0]
    page = httpx.get(
        f"{base}/api/v1/web-ui/articles", params={"categoryid": sub["id"]}, timeout=30
    ).json()
    article_id = page["items"][0]["id"]
    return {
        HOME: f"{base}/",
        "first-level category": f"{base}/level-one-products?mainCategoryId={main_cat['id']}",
        "second-level category": (
            f"{base}/products?mainCategoryId={main_cat['id']}&categoryId={sub['id']}"
        ),
        "product page": f"{base}/produit/{article_id}",
        "/full-products": f"{base}/full-products",
    }


def lighthouse_rounds(
    binary: Path, pages: dict[str, str], profile: Path, rounds: int
) -> tuple[dict[str, list[Figures]], list[float]]:
    """`rounds` interleaved rounds over `pages` (the WARM entry in `profile`)."""
    REPORTS.mkdir(parents=True, exist_ok=True)
    runs: dict[str, list[Figures]] = {name: [] for name in pages}
    indexes: list[float] = []
    for number in range(1, rounds + 1):
        for name, url in pages.items():
            print(f"lighthouse round {number}: {name}", file=sys.stderr, flush=True)
            try:
                out = REPORTS / f"{_slug(name)}-round{number}.json"
                report = run_lighthouse(binary, url, out, profile if name == WARM else None)
                runs[name].append(figures_of(report))
                indexes.append(report["environment"]["benchmarkIndex"])
            except (subprocess.SubprocessError, KeyError, TypeError, ValueError) as exc:
                print(f"  no report for {name}: {exc!r}", file=sys.stderr, flush=True)
    return runs, indexes


def _slug(name: str) -> str:
    return "-".join("".join(c if c.isalnum() else " " for c in name).split()) or "home"


def _bare_env() -> dict[str, str]:
    return {
        **os.environ,
        "REFLEX_USE_NPM": "1",
        "REFLEX_TELEMETRY_ENABLED": "false",
        "PATH": f"{Path(sys.executable).parent}{os.pathsep}{os.environ.get('PATH', '')}",
    }


def _row(name: str, runs: list[Figures]) -> Row:
    return Row(name, median_figures(runs) if runs else None, len(runs), first_load=name == HOME)


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--rounds", type=int, default=3, help="Lighthouse rounds (default 3)")
    parser.add_argument("--trials", type=int, default=3, help="trials per tap (default 3)")
    args = parser.parse_args()
    binary = _lighthouse_bin()
    bare_port = free_port()
    with (
        tempfile.TemporaryDirectory() as tmp,
        running_shop(Path(tmp)) as base,
        serving_reflex(BARE_APP, _bare_env(), bare_port, "bare-server.log") as bare,
    ):
        profile = Path(tmp) / "warm-profile"
        with sync_playwright() as pw:
            visit = repeat_visit(pw, base, profile)
        pages = {BARE: f"{bare}/", **shop_pages(base), WARM: f"{base}/"}
        runs, indexes = lighthouse_rounds(binary, pages, profile, args.rounds)
        with sync_playwright() as pw:
            browser = pw.chromium.launch(executable_path=CHROMIUM, args=CHROMIUM_ARGS)
            try:
                taps = measure_taps(browser, base, args.trials)
            finally:
                browser.close()
    bare_row = _row(BARE, runs.pop(BARE))
    rows = [_row(name, page_runs) for name, page_runs in runs.items()]
    print()
    print(lighthouse_table(bare_row, rows, median(indexes) if indexes else None))
    print()
    print(taps_table(taps, bare_row.figures.tti_s if bare_row.figures else None))
    print()
    print(repeat_visit_table(visit))
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
