"""Lighthouse (mobile settings, Debian Chromium) on /, a category page and a product page of the
production build; prints score, LCP, CLS, TBT and transferred bytes against the budgets.

Run with `make bench` (or `python -m tests.bench.lighthouse`). Lighthouse itself is installed
from npm into `.bench/` with the Node of the virtual environment.
"""

from __future__ import annotations

import json
import os
import subprocess
import sys
import tempfile
from pathlib import Path

import httpx

from tests.support.browser import CHROMIUM, CHROMIUM_ARGS
from tests.support.shop_server import ROOT, running_shop

TOOLS = ROOT / ".bench"
LIGHTHOUSE_VERSION = "13.5.0"
CHROME_FLAGS = " ".join(CHROMIUM_ARGS)
FRENCH_FLAGS = f"{CHROME_FLAGS} --lang=fr-FR --accept-lang=fr-FR"


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


def _audit(binary: Path, url: str, flags: str = CHROME_FLAGS) -> dict[str, float]:
    with tempfile.TemporaryDirectory() as tmp:
        out = Path(tmp) / "report.json"
        env = {
            **os.environ,
            "CHROME_PATH": CHROMIUM,
            "PATH": f"{Path(sys.executable).parent}{os.pathsep}{os.environ['PATH']}",
        }
        subprocess.run(
            [str(binary), url, "--quiet", "--output=json", f"--output-path={out}",
             "--only-categories=performance", f"--chrome-flags={flags}"],
            check=True, env=env,
        )  # fmt: skip
        report = json.loads(out.read_text())
    audits = report["audits"]
    return {
        "score": round(report["categories"]["performance"]["score"] * 100),
        "lcp": audits["largest-contentful-paint"]["numericValue"] / 1000,
        "cls": audits["cumulative-layout-shift"]["numericValue"],
        "tbt": audits["total-blocking-time"]["numericValue"],
        "kib": audits["total-byte-weight"]["numericValue"] / 1024,
    }


def main() -> int:
    binary = _lighthouse_bin()
    with tempfile.TemporaryDirectory() as tmp, running_shop(Path(tmp)) as base:
        tree = httpx.get(f"{base}/api/v1/categories", timeout=30).json()
        main_cat = tree[0]
        sub = main_cat["children"][0]
        page = httpx.get(
            f"{base}/api/v1/web-ui/articles", params={"categoryid": sub["id"]}, timeout=30
        ).json()
        article_id = page["items"][0]["id"]
        pages = {
            "/": f"{base}/",
            "category": f"{base}/products?mainCategoryId={main_cat['id']}&categoryId={sub['id']}",
            "product": f"{base}/produit/{article_id}",
        }
        rows = [(name, _audit(binary, url)) for name, url in pages.items()]
        # Lighthouse's browser speaks en-US, so the French page switches to English after
        # hydration (a re-render of every text); the shop's audience mostly browses in French.
        rows.append(("/ (French browser)", _audit(binary, pages["/"], FRENCH_FLAGS)))
    print("\n| page | score | LCP (s) | CLS | TBT (ms) | KiB | budget |")
    print("|---|---|---|---|---|---|---|")
    for name, r in rows:
        ok = r["score"] >= 95 and r["lcp"] <= 2.0 and r["cls"] <= 0.05
        if name.startswith("/"):
            ok = ok and r["kib"] <= 300
        print(
            f"| {name} | {r['score']} | {r['lcp']:.2f} | {r['cls']:.3f} | {r['tbt']:.0f} "
            f"| {r['kib']:.0f} | {'PASS' if ok else 'FAIL'} |"
        )
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
