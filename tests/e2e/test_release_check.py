"""A tab of another release than the backend's reloads once, and never loops (issue 18).

During a deployment a tab loaded from the old release may connect to a worker of the new one.
Here the browser is given, for its first page, the HTML of "another release" (the page's
release name rewritten on the way in); the websocket then connects to the shop's real backend.
"""

from __future__ import annotations

from typing import Any

import pytest

from grocer.web.release import META
from tests.e2e.test_session_bag import ADD, add_articles, bag_count

pytestmark = pytest.mark.e2e

BANNER = "Une nouvelle version de la boutique est disponible."
OLD_RELEASE_SCRIPT = """(() => {
  const done = Number(sessionStorage.getItem("test-old-release-loads") || "0");
  if (done >= __TIMES__) return;
  sessionStorage.setItem("test-old-release-loads", String(done + 1));
  new MutationObserver((_, observer) => {
    const meta = document.querySelector('meta[name="__META__"]');
    if (meta) { meta.content = "previous0release"; observer.disconnect(); }
  }).observe(document, { childList: true, subtree: true });
})();"""


def serve_old_release(page: Any, times: int) -> None:
    """The next `times` page loads name another release: the page's release is rewritten as
    the HTML is parsed, before the app reads it (an init script; rewriting the response in the
    browser's network layer would make Chromium treat the page as a public one and block its
    loopback websocket)."""
    script = OLD_RELEASE_SCRIPT.replace("__TIMES__", str(times)).replace("__META__", META)
    page.add_init_script(script)


def loads(page: Any) -> list[str]:
    """Every page load of the main frame, as it happens."""
    seen: list[str] = []
    page.on("load", lambda: seen.append(page.url))
    return seen


def release_shown(page: Any) -> str:
    return page.evaluate(f"document.querySelector('meta[name=\"{META}\"]')?.content || ''")


def test_a_tab_of_the_previous_release_reloads_once_and_works(page: Any) -> None:
    serve_old_release(page, times=1)
    seen = loads(page)
    page.goto("/")
    page.wait_for_function(  # reloaded by the backend: the page of the real release
        "() => sessionStorage.getItem('test-old-release-loads') === '1' && "
        f"document.querySelector('meta[name=\"{META}\"]')?.content !== 'previous0release'"
    )
    page.locator(ADD).first.wait_for()
    page.wait_for_timeout(1500)  # a second reload would happen now
    assert len(seen) == 2
    assert release_shown(page) not in ("", "previous0release")
    assert page.get_by_text(BANNER).count() == 0
    add_articles(page, 1)  # the reloaded tab works
    assert bag_count(page) == 1


def test_a_tab_that_lands_on_the_same_mix_again_shows_a_banner_instead_of_looping(
    page: Any,
) -> None:
    serve_old_release(page, times=10)
    seen = loads(page)
    page.goto("/")
    banner = page.get_by_role("alert").filter(has_text=BANNER)
    banner.wait_for()
    assert banner.get_by_role("button", name="Recharger").is_visible()
    page.wait_for_timeout(2000)
    assert len(seen) == 2  # one automatic reload, then the banner
    assert release_shown(page) == "previous0release"
