"""Catalogue API throughput and latency at N articles, against the real production server.

    python -m tests.bench.bench_api --articles 50000

What it does (DESIGN.md, Budgets: catalogue API p95 ≤ 20 ms and ≥ 40 % of a trivial endpoint's
rate at 50,000 articles; the slot listing of the delivery dialog, 7 days, beside them):
1. creates a fresh SQLite database in a temporary folder, migrates it and seeds a synthetic
   catalogue with its names in the four languages (`grocer.seed.loader.load_synthetic`,
   `realistic`); every catalogue request asks in one of them (`lang=`);
2. copies the project (without .web/.venv/data) to that folder — Reflex writes .web/.states
   beside the app even with --backend-only, and /work/main/.web is shared — and starts
   `reflex run --env prod --backend-only --backend-port P` there (Granian, one worker);
   `--server api` serves the FastAPI app alone (`grocer.api.app:create_api`) with Granian,
   without Reflex's layer and its /ping;
3. runs the load generator in a separate process (asyncio, `--concurrency` keep-alive
   connections, a warm-up first that asks every URL of the smaller sets once, endpoints taking
   turns in rounds) and prints a Markdown table;
4. places orders: `--customers` accounts (20), each with its own bag, POST /api/v1/orders
   (cash) all at once, `--order-rounds` times; only the POST is timed (the bags are refilled
   between rounds, unmeasured). Its row sits in the same table.
   The default client is a minimal HTTP/1.1 one (`RawConnection`): httpx's async pool is
   slower than the server on this machine; `--client httpx` uses it anyway.

The generator shares the machine's cores with the server, so absolute rates are a floor;
the ratios to the trivial endpoints (measured the same way, in the same run) are the figure
that matters. "Trivial" is the faster of Reflex's /ping and /api/v1/health.
"""

from __future__ import annotations

import argparse
import asyncio
import contextlib
import json
import multiprocessing as mp
import os
import random
import shutil
import signal
import socket
import statistics
import subprocess
import sys
import tempfile
import time
from collections.abc import Awaitable, Callable
from dataclasses import dataclass
from pathlib import Path

import httpx

PROJECT = Path(__file__).resolve().parents[2]
VENV_BIN = Path(sys.executable).parent
SLOT_LISTING = "/api/v1/delivery-slots?kind=delivery&days=7"
CATEGORY_PAGE = "/api/v1/web-ui/articles?page=3&size=18"


@dataclass(frozen=True)
class Target:
    """One measured endpoint and its budget (None: no budget, a reference)."""

    name: str
    urls: tuple[str, ...]  # picked at random per request
    p95_ms: float | None = None
    min_share: float | None = 0.40
    trivial: bool = False


@dataclass
class Result:
    target: Target
    requests: int
    errors: int
    p50_ms: float
    p95_ms: float
    rps: float


# --- setup ----------------------------------------------------------------------------------


def _free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return int(s.getsockname()[1])


def _environment(workdir: Path) -> dict[str, str]:
    env = dict(os.environ)
    env.update(
        REFLEX_DB_URL=f"sqlite:///{workdir / 'bench.db'}",
        GROCER_DATA_DIR=str(workdir / "data"),
        GROCER_JWT_SECRET="bench-" + os.urandom(16).hex(),
        GROCER_OUTBOX_OK="1",  # `--env prod` without SMTP: the outbox is meant here
        REFLEX_TELEMETRY_ENABLED="false",
        REFLEX_USE_NPM="1",
        GRANIAN_WORKERS="1",
        PATH=f"{VENV_BIN}:{env.get('PATH', '')}",
    )
    return env


def _child_json(env: dict[str, str], code: str) -> dict[str, object]:
    """Run `code` in a child interpreter (this process never holds the database); the JSON
    it prints last."""
    out = subprocess.run(
        [sys.executable, "-c", code], env=env, cwd=PROJECT, check=True, capture_output=True,
        text=True,
    )  # fmt: skip
    return json.loads(out.stdout.strip().splitlines()[-1])


def seed(env: dict[str, str], articles: int) -> dict[str, object]:
    """Migrate and seed in a child interpreter, so this process never holds the database."""
    code = (
        "import json\n"
        "import sqlalchemy as sa\n"
        "from grocer import migrations\n"
        "from grocer.db import session_scope\n"
        "from grocer.seed.loader import load_synthetic\n"
        "from grocer.services import catalogue\n"
        "migrations.upgrade()\n"
        "with session_scope() as db:\n"
        f"    counts = load_synthetic(db, {articles}, realistic=True)\n"
        "    tree = catalogue.category_tree(db)\n"
        "    level2 = [c['id'] for t in tree for c in t['children']]\n"
        "    ids = list(db.execute(sa.select(catalogue.A.c.id)).scalars())\n"
        "print(json.dumps({'counts': counts, 'level2': level2, 'ids': ids}))\n"
    )
    return _child_json(env, code)


_NOT_COPIED = (".web", ".venv", "data", ".git", ".states", "__pycache__", ".hypothesis",
               ".pytest_cache", ".ruff_cache")  # fmt: skip


def copy_project(workdir: Path) -> Path:
    app_dir = workdir / "app"
    excludes = [arg for name in _NOT_COPIED for arg in ("--exclude", name)]
    subprocess.run(["rsync", "-a", *excludes, f"{PROJECT}/", f"{app_dir}/"], check=True)
    return app_dir


def start_server(server: str, app_dir: Path, env: dict[str, str], port: int) -> subprocess.Popen:
    if server == "reflex":
        cmd = [str(VENV_BIN / "reflex"), "run", "--env", "prod", "--backend-only",
               "--backend-port", str(port), "--loglevel", "warning"]  # fmt: skip
    else:
        # The FastAPI app alone (no Reflex layer: its ASGI app compiles the pages into .web
        # when first called, so it cannot be served bare); shows what Reflex's wrapping costs.
        cmd = [str(VENV_BIN / "granian"), "--interface", "asgi", "--host", "127.0.0.1",
               "--port", str(port), "--workers", "1", "--log-level", "warning", "--factory",
               "grocer.api.app:create_api"]  # fmt: skip
    log = open(app_dir / "server.log", "wb")  # noqa: SIM115 - lives as long as the server
    return subprocess.Popen(
        cmd, cwd=app_dir, env=env, stdout=log, stderr=subprocess.STDOUT, start_new_session=True
    )


def wait_ready(base: str, proc: subprocess.Popen, timeout: float = 240) -> None:
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        if proc.poll() is not None:
            raise RuntimeError(f"server exited with {proc.returncode}")
        try:
            if httpx.get(base + "/api/v1/health", timeout=1).status_code == 200:
                return
        except httpx.HTTPError:
            pass
        time.sleep(0.5)
    raise TimeoutError("server not ready")


def stop_server(proc: subprocess.Popen) -> None:
    """Stop the server's own process group (the one this script started)."""
    if proc.poll() is None:
        os.killpg(proc.pid, signal.SIGTERM)
        try:
            proc.wait(20)
        except subprocess.TimeoutExpired:
            os.killpg(proc.pid, signal.SIGKILL)
            proc.wait()


# --- load generation (runs in its own process) ------------------------------------------------

Get = Callable[[str], Awaitable[bool]]  # GET a path; True when it answered 200


class RawConnection:
    """A minimal HTTP/1.1 keep-alive client: GET, read the headers and Content-Length bytes.

    Why not httpx here: on this machine httpx's async pool costs more CPU per request than the
    server does (measured: ~200 req/s against ~1,500 with this client, same server), so with
    httpx the table would measure the generator. `--client httpx` still runs it that way.
    """

    def __init__(self, host: str, port: int) -> None:
        self.host, self.port = host, port
        self.reader: asyncio.StreamReader | None = None
        self.writer: asyncio.StreamWriter | None = None

    async def get(self, path: str) -> bool:
        if self.writer is None:
            self.reader, self.writer = await asyncio.open_connection(self.host, self.port)
        assert self.reader is not None
        self.writer.write(f"GET {path} HTTP/1.1\r\nHost: {self.host}\r\n\r\n".encode())
        head = await self.reader.readuntil(b"\r\n\r\n")
        status_line, *headers = head.decode("latin-1").split("\r\n")
        length = next(
            (int(h.split(":", 1)[1]) for h in headers if h.lower().startswith("content-length:")),
            None,
        )
        if length is None:  # not what our endpoints send: drop the connection, count an error
            await self.close()
            return False
        await self.reader.readexactly(length)
        return status_line.split(" ", 2)[1] == "200"

    async def close(self) -> None:
        if self.writer is not None:
            self.writer.close()
            self.reader = self.writer = None


#: Up to this many distinct URLs, the warm-up asks each once before its random requests: a
#: shop serves its category pages all day, each built once per catalogue version, so the table
#: measures that steady state and not the first builds. Larger sets (article by id: 50,000 × 4
#: languages) stay mostly cold: that row measures the cache misses on purpose.
WARM_EVERY_URL_UP_TO = 1_000


async def _hammer(
    getters: list[Get], urls: tuple[str, ...], total: int, first: tuple[str, ...] = ()
) -> tuple[list[float], int, float]:
    """`first` in order, then `total` requests over random `urls`, one worker per getter
    (= the concurrency)."""
    latencies: list[float] = []
    errors = 0
    remaining = total + len(first)
    rng = random.Random(7)

    async def worker(get: Get) -> None:
        nonlocal remaining, errors
        while remaining > 0:
            remaining -= 1
            done = total + len(first) - remaining - 1
            url = first[done] if done < len(first) else urls[rng.randrange(len(urls))]
            start = time.perf_counter()
            try:
                ok = await get(url)
            except (OSError, asyncio.IncompleteReadError, httpx.HTTPError):
                ok = False
            latencies.append(time.perf_counter() - start)
            errors += not ok

    started = time.perf_counter()
    await asyncio.gather(*(worker(get) for get in getters))
    return latencies, errors, time.perf_counter() - started


async def _measure_all(
    base: str, targets: list[Target], requests: int, warmup: int, concurrency: int, rounds: int,
    client_kind: str,
) -> list[Result]:  # fmt: skip
    """Endpoints take turns, `rounds` times, so that a burst of background load on the machine
    falls on all of them alike rather than on whichever was being measured."""
    async with contextlib.AsyncExitStack() as stack:
        if client_kind == "httpx":
            limits = httpx.Limits(max_connections=concurrency)
            client = await stack.enter_async_context(
                httpx.AsyncClient(base_url=base, limits=limits, timeout=30)
            )

            async def via_httpx(path: str) -> bool:
                return (await client.get(path)).status_code == 200

            getters: list[Get] = [via_httpx] * concurrency
        else:
            url = httpx.URL(base)
            connections = [RawConnection(url.host, url.port or 80) for _ in range(concurrency)]
            for conn in connections:
                stack.push_async_callback(conn.close)
            getters = [conn.get for conn in connections]

        latencies: dict[str, list[float]] = {t.name: [] for t in targets}
        errors = dict.fromkeys(latencies, 0)
        walls = dict.fromkeys(latencies, 0.0)
        for target in targets:
            every = target.urls if len(target.urls) <= WARM_EVERY_URL_UP_TO else ()
            await _hammer(getters, target.urls, warmup, first=every)
        for _ in range(rounds):
            for target in targets:
                lat, err, wall = await _hammer(getters, target.urls, requests // rounds)
                latencies[target.name] += lat
                errors[target.name] += err
                walls[target.name] += wall
    results = []
    for target in targets:
        lat = latencies[target.name]
        cuts = statistics.quantiles(lat, n=100)
        results.append(
            Result(target, len(lat), errors[target.name], cuts[49] * 1000, cuts[94] * 1000,
                   len(lat) / walls[target.name])
        )  # fmt: skip
    return results


def _generator_main(queue: mp.Queue, *args: object) -> None:
    queue.put(asyncio.run(_measure_all(*args)))  # type: ignore[arg-type]


def measure(base: str, targets: list[Target], *, requests: int, warmup: int, concurrency: int,
            rounds: int, client: str) -> list[Result]:  # fmt: skip
    """Run the generator in a separate (spawned) process: it must not share our interpreter."""
    ctx = mp.get_context("spawn")
    queue: mp.Queue = ctx.Queue()
    proc = ctx.Process(
        target=_generator_main,
        args=(queue, base, targets, requests, warmup, concurrency, rounds, client),
    )
    proc.start()
    results = queue.get()
    proc.join()
    return results


# --- report ---------------------------------------------------------------------------------


def table(results: list[Result]) -> str:
    trivial = max(r.rps for r in results if r.target.trivial)
    lines = [
        "| endpoint | requests | errors | p50 ms | p95 ms | req/s | % of trivial rps | target "
        "| result |",
        "|---|---:|---:|---:|---:|---:|---:|---|---|",
    ]
    for r in results:
        t = r.target
        share = r.rps / trivial
        checks, wants = [], []
        if t.p95_ms is not None:
            checks.append(r.p95_ms <= t.p95_ms)
            wants.append(f"p95 ≤ {t.p95_ms:g} ms")
        if t.min_share is not None and not t.trivial:
            checks.append(share >= t.min_share)
            wants.append(f"≥ {t.min_share:.0%} rps")
        checks.append(r.errors == 0)
        verdict = "reference" if t.trivial else ("PASS" if all(checks) else "FAIL")
        lines.append(
            f"| {t.name} | {r.requests} | {r.errors} | {r.p50_ms:.1f} | {r.p95_ms:.1f} "
            f"| {r.rps:.0f} | {share:.0%} | {', '.join(wants) or '—'} | {verdict} |"
        )
    return "\n".join(lines)


# --- placing orders ---------------------------------------------------------------------------

PLACE_ORDER = "place order (cash), {n} concurrent customers"


def prepare_customers(env: dict[str, str], count: int) -> dict[str, object]:
    """In a child interpreter: `count` shoppers with access tokens, a delivery slot wide enough
    for every order, and the article and quantity that make a bag above the delivery minimum."""
    code = (
        "import json, math\n"
        "from datetime import timedelta\n"
        "import sqlalchemy as sa\n"
        "from grocer.db import session_scope\n"
        "from grocer.models import Article, DeliverySlot, User\n"
        "from grocer.models.base import utcnow\n"
        "from grocer.services import pricing, tokens\n"
        "now = utcnow()\n"
        "with session_scope() as db:\n"
        "    users = [User(username=f'bench{i}', email=f'bench{i}@example.bf',\n"
        "                  password_hash='!', roles=['consumer'], registration_date=now)\n"
        f"             for i in range({count})]\n"
        "    db.add_all(users)\n"
        "    day = (now + timedelta(days=1)).date()\n"
        "    slot = DeliverySlot(kind='delivery', day=day, start_hour=17, end_hour=21,\n"
        "                        capacity=1_000_000, cutoff_at=now + timedelta(days=1))\n"
        "    db.add(slot)\n"
        "    article = db.execute(sa.select(Article).where(Article.status == 'ACTIVE')\n"
        "                         .order_by(Article.price.desc()).limit(1)).scalar_one()\n"
        "    db.flush()\n"
        "    unit = pricing.unit_price(article.price, article.sale_price)\n"
        "    qty = min(99, math.ceil(pricing.DELIVERY_MINIMUM / unit) + 1)\n"
        "    minted = [tokens.create_access_token(u.id, ['consumer'], now) for u in users]\n"
        "    out = {'tokens': minted, 'slot': slot.id, 'article': article.id, 'quantity': qty}\n"
        "print(json.dumps(out))\n"
    )
    return _child_json(env, code)


async def _place_orders(base: str, customers: dict[str, object], rounds: int) -> Result:
    """Each round: every customer's bag filled (not timed), then all POST /orders at once."""
    tokens: list[str] = customers["tokens"]  # type: ignore[assignment]
    bag = {"cartItems": [{"articleId": customers["article"], "quantity": customers["quantity"]}]}
    order = {
        "kind": "delivery",
        "slotId": customers["slot"],
        "address": {"streetAddress": "Avenue Kwame Nkrumah", "city": "Ouagadougou",
                    "country": "Burkina Faso"},
        "instructions": {"recipientFirstName": "Awa", "phone": "70123456"},
        "payment": {"method": "cash"},
    }  # fmt: skip
    latencies: list[float] = []
    errors = 0
    wall = 0.0
    limits = httpx.Limits(max_connections=len(tokens))
    async with httpx.AsyncClient(base_url=base, limits=limits, timeout=60) as client:

        async def one(token: str, key: str) -> None:
            nonlocal errors
            start = time.perf_counter()
            answer = await client.post(
                "/api/v1/orders",
                json=order,
                headers={"Authorization": f"Bearer {token}", "Idempotency-Key": key},
            )
            latencies.append(time.perf_counter() - start)
            errors += answer.status_code != 201

        for round_ in range(rounds + 1):  # round 0 warms up
            for token in tokens:
                filled = await client.post(
                    "/api/v1/cart", json=bag, headers={"Authorization": f"Bearer {token}"}
                )
                filled.raise_for_status()
            if round_ == 0:
                await asyncio.gather(*(one(t, f"warm-{i}") for i, t in enumerate(tokens)))
                latencies.clear()
                errors = 0
                continue
            started = time.perf_counter()
            await asyncio.gather(*(one(t, f"r{round_}-{i}") for i, t in enumerate(tokens)))
            wall += time.perf_counter() - started
    cuts = statistics.quantiles(latencies, n=100)
    target = Target(PLACE_ORDER.format(n=len(tokens)), (), None, None)
    return Result(target, len(latencies), errors, cuts[49] * 1000, cuts[94] * 1000,
                  len(latencies) / wall)  # fmt: skip


#: The catalogue answers in the shopper's language (issue 16): every catalogue request names
#: one of the four, so the table measures the translated reads and the per-language caches.
LANGUAGES = ("fr", "en", "es", "de")


def in_languages(urls: tuple[str, ...] | list[str]) -> tuple[str, ...]:
    """Each URL asked in each of the shop's languages (`lang=`)."""
    return tuple(
        f"{url}{'&' if '?' in url else '?'}lang={lang}" for url in urls for lang in LANGUAGES
    )


def build_targets(level2: list[int], ids: list[int], *, with_ping: bool) -> list[Target]:
    article_urls = in_languages([f"/api/v1/articles/{i}" for i in ids])
    ping = [Target("/ping (Reflex)", ("/ping",), None, None, trivial=True)] if with_ping else []
    return [
        *ping,
        Target("/api/v1/health", ("/api/v1/health",), None, None, trivial=True),
        Target(
            "category page (level 2, page 3 of 18)",
            in_languages([f"{CATEGORY_PAGE}&categoryid={c}" for c in level2]),
            20,
        ),
        Target(f"article by id (random of {len(ids):,})", article_urls, 20),
        Target(
            "home sections",
            in_languages(["/api/v1/web-ui/articles-sections?articlesonly=false&active=true"]),
            50,
        ),
        Target("category tree", in_languages(["/api/v1/categories"]), 50),
        # The slot dialogs' listing: 21 slots with places left (rows made by the warm-up's
        # first call, then two indexed reads: expired holds to sweep, the days' slots).
        Target("slot listing (delivery, 7 days)", (SLOT_LISTING,), 20, None),
    ]


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--articles", type=int, default=50_000)
    parser.add_argument("--requests", type=int, default=2_000, help="per endpoint")
    parser.add_argument("--warmup", type=int, default=300, help="per endpoint, not measured")
    parser.add_argument("--concurrency", type=int, default=16)
    parser.add_argument("--rounds", type=int, default=4, help="endpoints take turns this often")
    parser.add_argument("--server", choices=("reflex", "api"), default="reflex")
    parser.add_argument(
        "--client",
        choices=("raw", "httpx"),
        default="raw",
        help="load generator: minimal keep-alive client, or httpx's async pool",
    )
    parser.add_argument("--customers", type=int, default=20, help="placing orders at once")
    parser.add_argument("--order-rounds", type=int, default=10, help="orders per customer")
    parser.add_argument("--keep", action="store_true", help="keep the temporary folder")
    args = parser.parse_args(argv)

    workdir = Path(tempfile.mkdtemp(prefix=f"bench-{os.getpid()}-"))
    proc: subprocess.Popen | None = None
    try:
        env = _environment(workdir)
        started = time.monotonic()
        seeded = seed(env, args.articles)
        print(f"seeded {seeded['counts']} in {time.monotonic() - started:.1f} s", flush=True)
        customers = prepare_customers(env, args.customers)
        app_dir = copy_project(workdir)
        port = _free_port()
        base = f"http://127.0.0.1:{port}"
        started = time.monotonic()
        proc = start_server(args.server, app_dir, env, port)
        wait_ready(base, proc)
        print(f"{args.server} server ready on {base} in {time.monotonic() - started:.1f} s")
        targets = build_targets(
            seeded["level2"],
            seeded["ids"],
            with_ping=args.server == "reflex",  # type: ignore[arg-type]
        )
        load_before = os.getloadavg()[0]
        results = measure(
            base, targets, requests=args.requests, warmup=args.warmup,
            concurrency=args.concurrency, rounds=args.rounds, client=args.client,
        )  # fmt: skip
        results.append(asyncio.run(_place_orders(base, customers, args.order_rounds)))
        print(
            f"\n{args.articles} articles, {args.requests} requests per endpoint in "
            f"{args.rounds} rounds after {args.warmup} warm-up, concurrency {args.concurrency} "
            f"({args.client} client), "
            f"server: {args.server} (1 worker), {os.cpu_count()} CPUs shared with the "
            f"generator; load average {load_before:.1f} before, {os.getloadavg()[0]:.1f} after; "
            f"orders: {args.customers} customers × {args.order_rounds} rounds (httpx)\n"
        )
        print(table(results))
        return 0
    finally:
        if proc is not None:
            stop_server(proc)
        if args.keep:
            print(f"kept {workdir}")
        else:
            shutil.rmtree(workdir, ignore_errors=True)


if __name__ == "__main__":
    raise SystemExit(main())
