"""Several workers behind nginx on this machine: `make run-scaled WORKERS=2`, and the browser test
that kills one mid-session (tests/e2e/test_scaled.py).

The shop's one documented way to run more than one process (README, "Several workers"):
- the release is built once (`grocer build`);
- N workers (`grocer serve --port P`, grocer.serve) share the database (PostgreSQL), Redis (the
  tabs' states) and the JWT secret, and trust one proxy hop;
- nginx (deploy/nginx-grocer.conf) listens on the shop's port, serves the build's assets itself
  and passes everything else, websockets included, to the workers, skipping one that is gone.
Nothing a shopper needs lives in one worker's memory, so a worker may die at any time: the tab
reconnects through nginx to another and finds its state in Redis, its bag in the database.
"""

from __future__ import annotations

import argparse
import os
import shutil
import signal
import subprocess
import sys
import tempfile
import time
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from pathlib import Path
from types import TracebackType

import httpx

PROJECT = Path(__file__).resolve().parents[1]
SITE_TEMPLATE = PROJECT / "deploy" / "nginx-grocer.conf"
START_TIMEOUT = 120.0
#: nginx's temporary folders, each in the run's own folder (grocer.scaled runs without root's).
TEMP_KINDS = ("client_body", "proxy", "fastcgi", "uwsgi", "scgi")


def nginx_program() -> str:
    """Debian's nginx (installed by `make system-packages`); /usr/sbin is not on every PATH."""
    return shutil.which("nginx") or "/usr/sbin/nginx"


def site_config(
    listen: str, worker_ports: Sequence[int], build_dir: Path, media_dir: Path | None = None
) -> str:
    """deploy/nginx-grocer.conf with its placeholders filled (the media folder: the workers'
    GROCER_MEDIA_DIR, by default this environment's)."""
    from grocer.settings import get_settings

    workers = "\n    ".join(
        f"server 127.0.0.1:{port} max_fails=1 fail_timeout=5s;" for port in worker_ports
    )
    media = (media_dir or get_settings().media_dir).resolve()
    return (
        SITE_TEMPLATE.read_text(encoding="utf-8")
        .replace("@WORKERS@", workers)
        .replace("@LISTEN@", listen)
        .replace("@BUILD@", str(build_dir))
        .replace("@MEDIA@", str(media))
    )


def main_config(runtime: Path, site: Path) -> str:
    """nginx's own configuration for a run without root's files: pid, logs and temporary files
    in `runtime`. Started by root, its workers run as root too, so that they can read the build
    and write their temporary files wherever the launcher could (a real deployment uses the
    distribution's nginx.conf and its `www-data` user instead)."""
    user = "user root;\n" if os.geteuid() == 0 else ""
    temp = "\n".join(f"    {kind}_temp_path {runtime / 'tmp' / kind};" for kind in TEMP_KINDS)
    return f"""{user}worker_processes auto;
pid {runtime / "nginx.pid"};
error_log {runtime / "nginx-error.log"} warn;
events {{ worker_connections 4096; }}
http {{
    include /etc/nginx/mime.types;
    default_type application/octet-stream;
    log_format grocer '$time_iso8601 $remote_addr "$request" $status $body_bytes_sent '
                      'upstream=$upstream_addr id=$request_id time=$request_time';
    access_log {runtime / "nginx-access.log"} grocer;
    sendfile on;
{temp}
    include {site};
}}
"""


@dataclass
class Worker:
    """One `grocer serve` process (its own process group, so that a kill takes its children)."""

    port: int
    log: Path
    process: subprocess.Popen[bytes] | None = None

    @property
    def running(self) -> bool:
        return self.process is not None and self.process.poll() is None


@dataclass
class ScaledShop:
    """nginx on `port` in front of workers on `worker_ports`, all on loopback.

    `env` is the workers' environment (database, Redis, mail, secrets); the launcher adds the
    trusted proxy hop and this origin to the allowed ones."""

    port: int
    worker_ports: Sequence[int]
    env: Mapping[str, str]
    runtime: Path
    project: Path = PROJECT
    workers: list[Worker] = field(default_factory=list)
    nginx: subprocess.Popen[bytes] | None = None

    @property
    def base_url(self) -> str:
        return f"http://127.0.0.1:{self.port}"

    def worker_env(self) -> dict[str, str]:
        from grocer.serve import reflex_env

        origins = f"http://127.0.0.1:{self.port},http://localhost:{self.port}"
        extra = self.env.get("GROCER_ALLOWED_ORIGINS")
        return {
            **reflex_env(),
            **self.env,
            "GROCER_TRUSTED_PROXY_HOPS": "1",
            "GROCER_ALLOWED_ORIGINS": f"{extra},{origins}" if extra else origins,
        }

    def media_dir(self) -> Path:
        """The workers' media folder (their GROCER_MEDIA_DIR, else their data folder's), which
        nginx serves at /media/."""
        if self.env.get("GROCER_MEDIA_DIR", "").strip():
            folder = Path(self.env["GROCER_MEDIA_DIR"].strip())
        else:
            folder = Path(self.env.get("GROCER_DATA_DIR") or "data") / "media"
        return (self.project / folder).resolve()  # the workers run in the project's folder

    def start(self) -> str:
        """Start the workers, then nginx once they answer; the shop's base URL."""
        from grocer.web.build import built_pages_dir

        for kind in TEMP_KINDS:
            (self.runtime / "tmp" / kind).mkdir(parents=True, exist_ok=True)
        self.workers = [
            Worker(port, self.runtime / f"worker-{port}.log") for port in self.worker_ports
        ]
        for worker in self.workers:
            self.start_worker(worker)
        for worker in self.workers:
            self._wait_for(f"http://127.0.0.1:{worker.port}/ping", worker)
        site = self.runtime / "nginx-grocer.conf"
        site.write_text(
            site_config(
                f"127.0.0.1:{self.port}",
                self.worker_ports,
                (self.project / built_pages_dir()).resolve(),  # Reflex's is relative to it
                self.media_dir(),
            ),
            encoding="utf-8",
        )
        config = self.runtime / "nginx.conf"
        config.write_text(main_config(self.runtime, site), encoding="utf-8")
        self.nginx = subprocess.Popen(
            [nginx_program(), "-p", str(self.runtime), "-c", str(config), "-g", "daemon off;"],
            stdout=subprocess.DEVNULL, stderr=(self.runtime / "nginx.out").open("wb"),
            start_new_session=True,
        )  # fmt: skip
        self._wait_for(f"{self.base_url}/ping", None)
        return self.base_url

    def start_worker(self, worker: Worker) -> None:
        """Start (or restart) one worker; it answers once its /ping does."""
        with worker.log.open("ab") as log:
            worker.process = subprocess.Popen(
                [sys.executable, "-m", "grocer.cli", "serve", "--port", str(worker.port)],
                cwd=self.project, env=self.worker_env(), stdout=log, stderr=subprocess.STDOUT,
                start_new_session=True,
            )  # fmt: skip

    def signal_worker(self, index: int, sig: int) -> None:
        """Send a signal to one worker's processes (SIGTERM: stop, finishing the events under
        way, as a service manager stops it; SIGKILL: die at once, with no goodbye)."""
        worker = self.workers[index]
        if worker.process is not None and worker.running:
            os.killpg(worker.process.pid, sig)

    def kill_worker(self, index: int) -> None:
        """SIGKILL one worker and wait until it is gone."""
        self.signal_worker(index, signal.SIGKILL)
        process = self.workers[index].process
        if process is not None:
            process.wait(timeout=30)

    def restart_stopped_workers(self) -> None:
        """Start again every worker that is not running; back once each answers."""
        for worker in self.workers:
            if not worker.running:
                self.start_worker(worker)
                self._wait_for(f"http://127.0.0.1:{worker.port}/ping", worker)

    def stop(self) -> None:
        """nginx first (it stops taking shoppers), then the workers, each given time to finish
        the events under way (SIGTERM: grocer.serve's graceful shutdown)."""
        if self.nginx is not None and self.nginx.poll() is None:
            self.nginx.send_signal(signal.SIGQUIT)
            _wait_or_kill(self.nginx, self.nginx.pid)
        for worker in self.workers:
            if worker.process is not None and worker.running:
                os.killpg(worker.process.pid, signal.SIGTERM)
                _wait_or_kill(worker.process, worker.process.pid)

    def _wait_for(self, url: str, worker: Worker | None) -> None:
        deadline = time.monotonic() + START_TIMEOUT
        while time.monotonic() < deadline:
            if worker is not None and not worker.running:
                raise RuntimeError(f"the worker on port {worker.port} exited; see {worker.log}")
            if self.nginx is not None and self.nginx.poll() is not None:
                raise RuntimeError(f"nginx exited; see {self.runtime / 'nginx.out'}")
            try:
                if httpx.get(url, timeout=2).status_code == 200:
                    return
            except httpx.HTTPError:
                pass
            time.sleep(0.5)
        raise RuntimeError(f"{url} did not answer within {START_TIMEOUT:.0f} s")

    def __enter__(self) -> ScaledShop:
        try:
            self.start()
        except BaseException:
            self.stop()
            raise
        return self

    def __exit__(
        self,
        exc_type: type[BaseException] | None,
        exc: BaseException | None,
        traceback: TracebackType | None,
    ) -> None:
        self.stop()


def _wait_or_kill(process: subprocess.Popen[bytes], group: int, timeout: float = 30) -> None:
    try:
        process.wait(timeout=timeout)
    except subprocess.TimeoutExpired:
        os.killpg(group, signal.SIGKILL)
        process.wait()


def ensure_postgres_database(url: str) -> None:
    """Create the PostgreSQL database of `url` when the server has none of that name (the
    first `make run-scaled` on a machine); SQLite and existing databases are left alone."""
    import sqlalchemy as sa

    from grocer.db import normalise_url

    parsed = sa.engine.make_url(normalise_url(url))
    if not parsed.drivername.startswith("postgresql") or not parsed.database:
        return
    admin = sa.create_engine(parsed.set(database="postgres"), isolation_level="AUTOCOMMIT")
    try:
        with admin.connect() as conn:
            exists = conn.execute(
                sa.text("SELECT 1 FROM pg_database WHERE datname = :name"),
                {"name": parsed.database},
            ).first()
            if not exists:
                conn.execute(sa.text(f'CREATE DATABASE "{parsed.database}"'))
    finally:
        admin.dispose()


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m grocer.scaled", description=__doc__)
    parser.add_argument("--workers", type=int, default=2)
    parser.add_argument("--port", type=int, default=3000, help="nginx's port (the shop's)")
    parser.add_argument("--first-worker-port", type=int, default=8001)
    parser.add_argument("--no-build", action="store_true", help="serve the last build")
    args = parser.parse_args(argv)
    if args.workers < 1:
        parser.error("--workers must be at least 1")
    from grocer import serve
    from grocer.settings import get_settings

    settings = get_settings()
    if not settings.redis_url:
        parser.error("set REFLEX_REDIS_URL: the workers keep the tabs' states in Redis")
    ensure_postgres_database(settings.db_url)
    for step in (["db", "upgrade"], ["seed", "--demo"]):
        subprocess.run([sys.executable, "-m", "grocer.cli", *step], cwd=PROJECT, check=True)
    if not args.no_build:
        serve.build(PROJECT)
    ports = [args.first_worker_port + i for i in range(args.workers)]
    runtime = Path(tempfile.mkdtemp(prefix="grocer-scaled-"))
    shop = ScaledShop(args.port, ports, dict(os.environ), runtime)
    with shop:
        print(
            f"Grocer runs on {shop.base_url}/ ({args.workers} workers on ports "
            f"{', '.join(map(str, ports))}, behind nginx; logs in {runtime}; Ctrl-C stops)",
            flush=True,
        )
        try:
            # A worker that dies stays down here (nginx skips it); in a real deployment its
            # service manager restarts it (deploy/grocer-worker@.service).
            while shop.nginx is not None and shop.nginx.poll() is None:
                if not any(worker.running for worker in shop.workers):
                    print("every worker has stopped", file=sys.stderr)
                    return 1
                time.sleep(1)
        except KeyboardInterrupt:
            pass
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
