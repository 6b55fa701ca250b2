"""Start the real shop (production build, UI + API on one port) on a fresh SQLite database with
the demo catalogue. Used once per browser-test session and by the benchmarks."""

from __future__ import annotations

import os
import subprocess
import sys
import time
import uuid
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path

import httpx

from grocer.scaled import ScaledShop
from tests.support.smtp import free_port

ROOT = Path(__file__).resolve().parents[2]
ARTIFACTS = ROOT / "test-artifacts"
BUILD_TIMEOUT = 900


def shop_env(data: Path, port: int, extra: dict[str, str] | None = None) -> dict[str, str]:
    env = {
        **os.environ,
        "REFLEX_USE_NPM": "1",
        "REFLEX_TELEMETRY_ENABLED": "false",
        "REFLEX_DB_URL": f"sqlite:///{data / 'shop.db'}",
        "GROCER_DATA_DIR": str(data),
        "GROCER_OUTBOX_DIR": str(data / "outbox"),
        "GROCER_OUTBOX_OK": "1",  # `--env prod` without SMTP (the benchmarks) uses the outbox
        "GROCER_JWT_SECRET": uuid.uuid4().hex,
        "GROCER_ALLOWED_ORIGINS": f"http://127.0.0.1:{port},http://localhost:{port}",
        "PATH": f"{Path(sys.executable).parent}{os.pathsep}{os.environ.get('PATH', '')}",
        **(extra or {}),
    }
    env.pop("REFLEX_REDIS_URL", None)
    return env


@contextmanager
def running_shop(
    data: Path, extra_env: dict[str, str] | None = None, seed: list[str] | None = None
) -> Iterator[str]:
    """Migrate, seed, build and serve; yields the base URL and stops the server after."""
    port = free_port()
    env = shop_env(data, port, extra_env)
    prepare_database(ROOT, env, seed)
    with serving_reflex(ROOT, env, port, "shop-server.log") as base:
        yield base


def prepare_database(root: Path, env: dict[str, str], seed: list[str] | None = None) -> None:
    """Migrate the database of `env` and load the catalogue (the demo one by default)."""
    for args in (["db", "upgrade"], ["seed", *(seed or ["--demo"])]):
        subprocess.run([sys.executable, "-m", "grocer.cli", *args], cwd=root, env=env, check=True)


@contextmanager
def running_scaled_shop(
    data: Path,
    runtime: Path,
    workers: int,
    database_url: str,
    redis_url: str,
    extra_env: dict[str, str] | None = None,
    root: Path = ROOT,
    build: bool = False,
) -> Iterator[ScaledShop]:
    """The shop as `make run-scaled` runs it (grocer.scaled): `workers` workers behind nginx on
    that database and Redis, migrated and seeded; built first when `build` (else the build
    already in `root` is served). Yields the running ScaledShop."""
    port = free_port()
    env = shop_env(data, port, extra_env)
    env.update({"REFLEX_DB_URL": database_url, "REFLEX_REDIS_URL": redis_url})
    prepare_database(root, env)
    if build:
        subprocess.run([sys.executable, "-m", "grocer.cli", "build"], cwd=root, env=env, check=True)
    ports = [free_port() for _ in range(workers)]
    with ScaledShop(port, ports, env, runtime, project=root) as shop:
        yield shop


@contextmanager
def serving_reflex(app_dir: Path, env: dict[str, str], port: int, log_name: str) -> Iterator[str]:
    """Build and serve the Reflex app of `app_dir` as the shop is served (production build, UI
    and backend on one port); yields the base URL. `make bench` serves its bare app this way."""
    ARTIFACTS.mkdir(exist_ok=True)
    with (ARTIFACTS / log_name).open("w") as log:
        proc = subprocess.Popen(
            [sys.executable, "-m", "reflex", "run", "--env", "prod", "--single-port",
             "--backend-port", str(port), "--loglevel", "warning"],
            cwd=app_dir, env=env, stdout=log, stderr=subprocess.STDOUT, start_new_session=True,
        )  # fmt: skip
        base = f"http://127.0.0.1:{port}"
        try:
            _wait_until_up(base, proc, ARTIFACTS / log_name)
            yield base
        finally:
            os.killpg(proc.pid, 15)
            try:
                proc.wait(timeout=20)
            except subprocess.TimeoutExpired:
                os.killpg(proc.pid, 9)


def _wait_until_up(base: str, proc: subprocess.Popen[bytes], log: Path) -> None:
    deadline = time.monotonic() + BUILD_TIMEOUT
    while time.monotonic() < deadline:
        if proc.poll() is not None:
            raise RuntimeError(f"the server exited; see {log}")
        try:
            if (
                httpx.get(f"{base}/ping", timeout=2).status_code == 200
                and httpx.get(f"{base}/", timeout=5).status_code == 200
            ):
                return
        except httpx.HTTPError:
            pass
        time.sleep(2)
    raise RuntimeError(f"the server did not come up in time; see {log}")
