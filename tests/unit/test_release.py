"""The release's name in the build and in state.js (grocer.web.release); the browser side is
tests/e2e/test_release_check.py."""

from __future__ import annotations

from pathlib import Path

import pytest

from grocer.web.release import (
    META,
    page_release,
    release_of,
    with_release_check,
    with_release_meta,
)

STATE_JS = """import { io } from "socket.io-client";
const LAST_RELOADED_KEY = "reflex_last_reloaded_on_error";
const createSocket = (endpoint, transports, token) =>
  io(endpoint.href, {
    query: { token },
  });
const showNewVersionBanner = () => {
  banner.append("A new version of this app is available.");
  button.textContent = "Reload";
};
  socket.current.reconnect = () => {
      socket.current.io.opts.query = { token: getToken() }; // Update token for reconnect.
  };
"""


def test_state_js_sends_the_release_and_speaks_the_pages_language() -> None:
    code = with_release_check(STATE_JS)
    assert "query: { token, release: grocerRelease() }," in code
    assert "query = { token: getToken(), release: grocerRelease() };" in code
    assert "banner.append(grocerBannerWords()[0]);" in code
    assert "'Une nouvelle version de la boutique est disponible.', 'Recharger'" in code
    assert code.index("import { io }") < code.index("const grocerRelease")
    assert code.index("const grocerRelease") < code.index("const LAST_RELOADED_KEY")
    assert with_release_check(code) == code  # compiled again: unchanged


def test_a_changed_reflex_script_stops_the_build() -> None:
    with pytest.raises(RuntimeError, match="Reflex upgrade"):
        with_release_check(STATE_JS.replace('button.textContent = "Reload";', ""))


def test_the_release_follows_the_hashed_assets(tmp_path: Path) -> None:
    (tmp_path / "assets").mkdir()
    (tmp_path / "assets" / "app-AAAA.js").write_text("x")
    (tmp_path / "index.html").write_text("<html>")
    first = release_of(tmp_path)
    (tmp_path / "index.html").write_text("<html>changed")  # pages are not assets
    assert release_of(tmp_path) == first
    (tmp_path / "assets" / "app-AAAA.js").rename(tmp_path / "assets" / "app-BBBB.js")
    assert release_of(tmp_path) != first


def test_every_page_names_its_release_once() -> None:
    page = with_release_meta("<html><head><title>x</title></head></html>", "abc123")
    assert page.startswith(f'<html><head><meta name="{META}" content="abc123"/><title>')
    assert with_release_meta(page, "abc123") == page


def test_a_forged_release_name_is_ignored() -> None:
    """The name comes from the client and is logged: anything a build could not have written
    (a line break, markup, a megabyte) counts as no release at all."""
    assert page_release("token=t&release=708d295bfecf4f09&EIO=4") == "708d295bfecf4f09"
    assert page_release("token=t&EIO=4") == ""
    assert page_release("release=abc%0Afake+log+line") == ""
    assert page_release("release=%3Cscript%3E") == ""
    assert page_release("release=" + "a" * 65) == ""
