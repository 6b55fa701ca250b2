"""The switches that exist for the browser tests only, in one place.

tests/e2e/conftest.py sets them for the shop server it starts. Unset — always, outside the
browser tests — they do nothing, and shoppers cannot reach them (they are environment
variables of the server process, read by nothing else).

- `GROCER_FAULT_CART_SAVE_FILE`: the path of a file holding a number N. While N > 0, each bag
  save (a `save_bag` attempt, the sending of a signed-in change) is refused and N is counted
  down in the file: the save-failure notice can be shown.
- `GROCER_FAULT_CATALOGUE_FILE`: the path of a file of lines `<part> <N>` (parts: `sections`,
  the home sections; `product`, the product page's article). While a part's N > 0, each load of
  it fails as a server fault would and N is counted down in the file: the error routing and
  the error boxes can be shown with real failures (grocer.state.error_route).
- `GROCER_E2E_BROKEN_ROUTE=1`: registers `/e2e-broken`, a page that throws while rendering in
  the browser: the 500 fallback can be shown; and `/e2e-broken-handler`, whose button runs a
  handler that raises: the routing of an unexpected exception to /error/server can be shown.
- `GROCER_E2E_FAST_AUTO_LOGOUT=1`: once a shopper saves an auto-logout time in the settings,
  that tab's idle timer counts its minutes as seconds (30 minutes: 30 s), so that the
  auto-logout can be watched; a time only loaded (the default 60 minutes of every other test's
  shopper) is not scaled. The server's own limit (a refresh refused past it) is unchanged.
- `GROCER_E2E_SLOW_CART_SAVE_FILE`: the path of a file holding seconds S. The next signed-in
  bag change waits S seconds before it writes (and empties the file): a worker can be stopped
  while the change is under way (tests/e2e/test_scaled.py, the graceful shutdown).
"""

from __future__ import annotations

import os
from pathlib import Path

FAULT_CART_SAVE_ENV = "GROCER_FAULT_CART_SAVE_FILE"
FAULT_CATALOGUE_ENV = "GROCER_FAULT_CATALOGUE_FILE"
BROKEN_ROUTE_ENV = "GROCER_E2E_BROKEN_ROUTE"
FAST_AUTO_LOGOUT_ENV = "GROCER_E2E_FAST_AUTO_LOGOUT"
SLOW_CART_SAVE_ENV = "GROCER_E2E_SLOW_CART_SAVE_FILE"


def cart_save_refused() -> bool:
    """Whether the fault switch refuses this bag save (and counts it); False whenever the
    switch is not set up (unset, missing file, not a number, 0)."""
    path = os.environ.get(FAULT_CART_SAVE_ENV, "").strip()
    if not path:
        return False
    file = Path(path)
    try:
        remaining = int(file.read_text().strip() or "0")
    except (OSError, ValueError):
        return False
    if remaining <= 0:
        return False
    file.write_text(str(remaining - 1))
    return True


def cart_save_delay() -> float:
    """Seconds the next bag save waits before it writes (the switch's file holds them and is
    emptied by the save it slows: a worker stopped with a save under way, issue 18); 0 when the
    switch is not set up."""
    path = os.environ.get(SLOW_CART_SAVE_ENV, "").strip()
    if not path:
        return 0.0
    file = Path(path)
    try:
        seconds = float(file.read_text().strip() or "0")
    except (OSError, ValueError):
        return 0.0
    if seconds > 0:
        file.write_text("0")
    return max(0.0, min(seconds, 60.0))


class CatalogueLoadRefused(RuntimeError):
    """A catalogue load refused by the e2e fault switch (a stand-in for a server fault)."""


def refuse_catalogue_load(part: str) -> None:
    """Raise `CatalogueLoadRefused` when the fault switch refuses this load of `part` (and
    count it); nothing whenever the switch is not set up."""
    path = os.environ.get(FAULT_CATALOGUE_ENV, "").strip()
    if not path:
        return
    file = Path(path)
    try:
        counts = dict(line.split() for line in file.read_text().splitlines() if line.strip())
        remaining = int(counts.get(part, "0"))
    except (OSError, ValueError):
        return
    if remaining <= 0:
        return
    counts[part] = str(remaining - 1)
    file.write_text("".join(f"{name} {count}\n" for name, count in counts.items()))
    raise CatalogueLoadRefused(f"{part} load refused by {FAULT_CATALOGUE_ENV}")


def broken_route_enabled() -> bool:
    """Whether the deliberately broken page is registered (read when the pages are)."""
    return os.environ.get(BROKEN_ROUTE_ENV, "").strip() == "1"


def auto_logout_ms(minutes: int | None, just_saved: bool = False) -> int:
    """The idle time of the browser's auto-logout in milliseconds (0: never); the minutes of
    a time `just_saved` count as seconds under the fast switch."""
    if not minutes:
        return 0
    fast = just_saved and os.environ.get(FAST_AUTO_LOGOUT_ENV, "").strip() == "1"
    return minutes * (1000 if fast else 60_000)
