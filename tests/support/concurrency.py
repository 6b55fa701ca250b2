"""Real concurrency for the REST tests: threads released together, and the API served by its
own server process on loopback (each request its own connection and database session).

A pytest plugin (tests/conftest.py lists it): `live_api` needs no import.
"""

from __future__ import annotations

import os
import subprocess
import sys
import threading
import time
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any

import httpx
import pytest
import sqlalchemy as sa

from tests.fakes.providers import free_port

ROOT = Path(__file__).resolve().parents[2]


def at_once(count: int, work: Callable[[int], Any]) -> list[Any]:
    """Run `work(i)` in `count` threads released together; their results (or exceptions)."""
    barrier = threading.Barrier(count)
    results: list[Any] = [None] * count

    def run(index: int) -> None:
        barrier.wait()
        try:
            results[index] = work(index)
        except Exception as exc:  # reported by the caller
            results[index] = exc

    threads = [threading.Thread(target=run, args=(i,)) for i in range(count)]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join(timeout=120)
    return results


def wait_for_answer(
    url: str, proc: subprocess.Popen[Any], timeout: float = 60, log: Path | None = None
) -> None:
    """Wait until the server process answers 200 at `url`; fail (with its `log`) when it
    exits or never does."""
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        if proc.poll() is not None:
            pytest.fail(f"the server exited with {proc.returncode}: {log and log.read_text()}")
        try:
            if httpx.get(url, timeout=2).status_code == 200:
                return
        except httpx.HTTPError:
            time.sleep(0.2)
    pytest.fail(f"no answer at {url} after {timeout:g} s")


@pytest.fixture
def live_api(database: sa.Engine, tmp_path: Path) -> Iterator[str]:
    """The API in its own server process on a loopback port, on the test's database."""
    port = free_port()
    log = (tmp_path / "api.log").open("w")
    proc = subprocess.Popen(
        [sys.executable, "-m", "granian", "--interface", "asgi", "--factory",
         "--host", "127.0.0.1", "--port", str(port), "--blocking-threads", "1",
         "--log-level", "warning", "grocer.api.app:create_api"],
        cwd=ROOT, env=dict(os.environ), stdout=log, stderr=subprocess.STDOUT,
    )  # fmt: skip
    base = f"http://127.0.0.1:{port}/api/v1"
    try:
        wait_for_answer(f"{base}/health", proc, timeout=120, log=tmp_path / "api.log")
        yield base
    finally:
        proc.terminate()
        proc.wait(timeout=10)
        log.close()
