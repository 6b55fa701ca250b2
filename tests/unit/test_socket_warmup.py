"""The socket's early start in a task of its own (grocer.web.socket_warmup), on the state.js
that Reflex actually ships; the pages' behaviour with it is the whole browser suite."""

from __future__ import annotations

import shutil
import subprocess
import sys
from pathlib import Path

import pytest
import reflex_base

from grocer.web.socket_warmup import with_warmup_in_its_own_task

SHIPPED = Path(reflex_base.__file__).parent / ".templates" / "web" / "utils" / "state.js"


def _warmup(code: str) -> str:
    start = code.rindex('if (typeof window !== "undefined") {', 0, code.index("socketStarted ||"))
    return code[start : code.index("\n}\n", start) + 3]


def test_the_transport_starts_in_a_task_of_its_own() -> None:
    shipped = SHIPPED.read_text(encoding="utf-8")
    code = with_warmup_in_its_own_task(shipped)
    warmup = _warmup(code)
    # a task queued as the scripts are evaluated, not a microtask of their task
    assert "setTimeout(() => {" in warmup and warmup.rstrip().endswith("}, 0);\n}")
    assert "queueMicrotask" not in warmup
    # the same start as Reflex's, and nothing else of the file changed
    assert "warmSocket = createSocket(" in warmup and "socketStarted ||" in warmup
    assert code.replace(warmup, "").replace("/* grocer:socket-warmup-task */\n", "") == (
        shipped.replace(_warmup(shipped), "")
    )
    assert with_warmup_in_its_own_task(code) == code  # compiled again: unchanged


def test_the_rewritten_warmup_is_valid_javascript(tmp_path: Path) -> None:
    module = tmp_path / "warmup.mjs"
    module.write_text(
        "let socketStarted = false;\n"
        + _warmup(with_warmup_in_its_own_task(SHIPPED.read_text(encoding="utf-8")))
    )
    node = shutil.which("node", path=str(Path(sys.executable).parent))
    assert node, "node is missing from the virtual environment"
    result = subprocess.run([node, "--check", str(module)], capture_output=True, text=True)
    assert result.returncode == 0, result.stderr


def test_a_changed_reflex_script_stops_the_build() -> None:
    changed = SHIPPED.read_text(encoding="utf-8").replace(
        "queueMicrotask(() => {\n    if (", "Promise.resolve().then(() => {\n    if ("
    )
    with pytest.raises(RuntimeError, match="Reflex upgrade"):
        with_warmup_in_its_own_task(changed)
