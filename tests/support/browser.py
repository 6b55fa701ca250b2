"""The machine's Chromium and the flags DESIGN.md names, shared by the browser tests and the
benchmarks (Playwright's own browser download does not work here)."""

from __future__ import annotations

import os

CHROMIUM = os.environ.get("GROCER_CHROMIUM", "/usr/bin/chromium")
CHROMIUM_ARGS: list[str] = [
    "--headless",
    "--no-sandbox",
    "--disable-gpu",
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
    "--no-first-run",
]
