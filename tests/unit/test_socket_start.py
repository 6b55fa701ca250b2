"""The socket's start in tasks of its own (grocer.web.socket_start), on the state.js that
Reflex actually ships; the pages' behaviour with it is the whole browser suite."""

from __future__ import annotations

import shutil
import subprocess
import sys
from pathlib import Path

import pytest
import reflex_base

from grocer.web.socket_start import with_socket_start_tasks

SHIPPED = Path(reflex_base.__file__).parent / ".templates" / "web" / "utils" / "state.js"


def _warmup(code: str) -> str:
    start = code.rindex('if (typeof window !== "undefined") {', 0, code.index("socketStarted ||"))
    return code[start : code.index("\n}\n", start) + 3]


def _connect_effect(code: str) -> str:
    start = code.index("// Handle socket connect/disconnect.")
    return code[start : code.index("}, []);", start)]


def test_the_transport_starts_and_connects_in_tasks_of_their_own() -> None:
    shipped = SHIPPED.read_text(encoding="utf-8")
    code = with_socket_start_tasks(shipped)
    warmup = _warmup(code)
    # queued as tasks, not run in the task of the scripts or of the hydrated page's effects
    assert "setTimeout(() => {" in warmup and warmup.rstrip().endswith("}, 0);\n}")
    assert "queueMicrotask" not in warmup
    assert "warmSocket = createSocket(" in warmup and "socketStarted ||" in warmup
    effect = _connect_effect(code)
    assert "mounted.current = true;\n    setTimeout(ensureSocketConnected, 0);" in effect
    assert "mounted.current = false;" in effect  # the cleanup as Reflex's
    # nothing else of the file changed
    assert code.count("ensureSocketConnected();") == shipped.count("ensureSocketConnected();") - 1
    assert len(code.splitlines()) == len(shipped.splitlines()) + 1  # the mark
    assert with_socket_start_tasks(code) == code  # compiled again: unchanged


def test_the_rewritten_start_is_valid_javascript(tmp_path: Path) -> None:
    module = tmp_path / "warmup.mjs"
    module.write_text(
        "let socketStarted = false;\n"
        + _warmup(with_socket_start_tasks(SHIPPED.read_text(encoding="utf-8")))
    )
    node = shutil.which("node", path=str(Path(sys.executable).parent))
    assert node, "node is missing from the virtual environment"
    result = subprocess.run([node, "--check", str(module)], capture_output=True, text=True)
    assert result.returncode == 0, result.stderr


@pytest.mark.parametrize(
    ("old", "new"),
    [
        ("queueMicrotask(() => {\n    if (", "Promise.resolve().then(() => {\n    if ("),
        ("    mounted.current = true;\n    ensureSocketConnected();", "    connectNow();"),
    ],
)
def test_a_changed_reflex_script_stops_the_build(old: str, new: str) -> None:
    changed = SHIPPED.read_text(encoding="utf-8").replace(old, new)
    with pytest.raises(RuntimeError, match="Reflex upgrade"):
        with_socket_start_tasks(changed)
