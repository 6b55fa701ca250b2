"""A page's hydrations carry its hashes until it has connected once (grocer.web.first_hydration),
on the state.js that Reflex actually ships; in a browser: test_session_bag.py's reload whose
first connection failed."""

from __future__ import annotations

from pathlib import Path

import pytest
import reflex_base

from grocer.web.first_hydration import with_first_hydration

SHIPPED = Path(reflex_base.__file__).parent / ".templates" / "web" / "utils" / "state.js"


def test_a_retry_before_the_first_connection_sends_the_hashes() -> None:
    code = with_first_hydration(SHIPPED.read_text(encoding="utf-8"))
    reconnect = code[code.index("socket.current.reconnect = () => {") :]
    reconnect = reconnect[: reconnect.index("function checkVisibility")]
    assert "socket.current.auth = bootAuth(!grocerConnected);" in reconnect
    assert "bootAuth(false)" not in code
    on_connect = code[code.index('socket.current.on("connect", async () => {') :]
    assert on_connect.index("grocerConnected = true;") < on_connect.index("});")
    # Declared once, in connect()'s own scope (a page's socket), before the helper uses it.
    assert code.count("let grocerConnected = false;") == 1
    assert code.index("let grocerConnected = false;") < code.index("bootAuth(!grocerConnected)")
    assert code.index("export const connect = async (") < code.index("let grocerConnected")
    assert with_first_hydration(code) == code  # compiled again: unchanged


def test_a_changed_reflex_script_stops_the_build() -> None:
    changed = SHIPPED.read_text(encoding="utf-8").replace("bootAuth(false)", "bootAuth(0)")
    with pytest.raises(RuntimeError, match="Reflex upgrade"):
        with_first_hydration(changed)
