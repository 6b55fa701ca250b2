"""A slow mobile link on loopback: a SOCKS5 proxy that delays and rate-limits every byte both ways.

Why our own: DevTools' network throttling delays HTTP responses but not websocket frames, and a
Reflex app talks over its websocket for every tap, so DevTools flatters it. Chromium is pointed
at this proxy (`chromium_args`), loopback included (Chromium bypasses proxies for loopback
unless told `<-loopback>`), so the HTTP requests and the websocket of the shop all cross it.

The model, per direction, shared by every connection as a radio link is: a byte queue drained at
the link's rate plus a fixed one-way latency, i.e. a segment of `size` bytes handed to the link
at `now` arrives at `max(link_free, now) + size / rate + latency`. Data is cut into segments of
at most `SEGMENT` bytes, so a large answer streams instead of arriving in one lump. Opening a
connection costs one round trip (the TCP handshake a real link would pay) before the SOCKS reply.
Not modelled: TCP slow start, loss, the radio's wake-up; the queue is unbounded (the server
writes at loopback speed, the browser reads at the link's).

Only loopback destinations are served: this host has no outside network, so a request for
another host (the map tiles of tile.openstreetmap.org) is refused at once and counted apart
(`refused`), rather than waiting for a time-out.
"""

from __future__ import annotations

import asyncio
import contextlib
import ipaddress
import socket
import struct
import threading
from collections import Counter
from dataclasses import dataclass, field

SEGMENT = 1460  # bytes: one TCP segment's payload on a 1500-byte MTU
READ_SIZE = 65536


@dataclass(frozen=True)
class LinkProfile:
    """A link's round trip (split evenly each way) and rates in bit/s."""

    name: str
    rtt_s: float
    down_bps: float
    up_bps: float

    @property
    def one_way_s(self) -> float:
        return self.rtt_s / 2


SLOW_4G = LinkProfile("slow4g", 0.150, 1_600_000, 750_000)
SLOW_3G = LinkProfile("slow3g", 0.400, 400_000, 400_000)
PROFILES = {p.name: p for p in (SLOW_4G, SLOW_3G)}


class Pipe:
    """One direction of the link: a serialising queue at `rate_bps` plus `latency_s`."""

    def __init__(self, rate_bps: float, latency_s: float) -> None:
        self.bytes_per_s = rate_bps / 8
        self.latency_s = latency_s
        self.free_at = 0.0

    def arrival(self, size: int, now: float) -> float:
        """When `size` bytes handed over at `now` reach the other end (and book the link)."""
        self.free_at = max(self.free_at, now) + size / self.bytes_per_s
        return self.free_at + self.latency_s


@dataclass
class Tally:
    """What crossed the link: bytes each way, connections, refused outside destinations."""

    down: int = 0  # bytes delivered to the browser
    up: int = 0  # bytes delivered to the servers
    connections: int = 0
    refused: Counter[str] = field(default_factory=Counter)

    def snapshot(self) -> Tally:
        return Tally(self.down, self.up, self.connections, Counter(self.refused))


def _is_loopback(host: str) -> bool:
    if host == "localhost":
        return True
    try:
        return ipaddress.ip_address(host).is_loopback
    except ValueError:
        return False


class LinkProxy:
    """The SOCKS5 proxy, on its own event loop in a daemon thread (the bench drives Playwright's
    synchronous API in the main thread). `with LinkProxy(SLOW_4G) as proxy:`; `proxy.port`,
    `proxy.tally` (read it any time), `proxy.use(profile)` between runs."""

    def __init__(self, profile: LinkProfile) -> None:
        self.profile = profile
        self.tally = Tally()
        self.port = 0
        self._lock = threading.Lock()
        self._down = Pipe(profile.down_bps, profile.one_way_s)
        self._up = Pipe(profile.up_bps, profile.one_way_s)
        self._loop = asyncio.new_event_loop()
        self._server: asyncio.Server | None = None
        self._tasks: set[asyncio.Task[None]] = set()  # asyncio keeps weak references only
        self._thread = threading.Thread(target=self._loop.run_forever, daemon=True)

    # --- life cycle ------------------------------------------------------------------------

    def start(self) -> LinkProxy:
        self._thread.start()
        future = asyncio.run_coroutine_threadsafe(self._serve(), self._loop)
        self.port = future.result(timeout=10)
        return self

    def stop(self) -> None:
        async def close() -> None:
            if self._server is not None:
                self._server.close()
            tasks = [t for t in asyncio.all_tasks() if t is not asyncio.current_task()]
            for task in tasks:
                task.cancel()
            await asyncio.gather(*tasks, return_exceptions=True)

        with contextlib.suppress(Exception):
            asyncio.run_coroutine_threadsafe(close(), self._loop).result(timeout=5)
        self._loop.call_soon_threadsafe(self._loop.stop)
        self._thread.join(timeout=5)

    def __enter__(self) -> LinkProxy:
        return self.start()

    def __exit__(self, *exc: object) -> None:
        self.stop()

    def use(self, profile: LinkProfile) -> None:
        """Switch to another link (between runs: the queues start empty) and reset the tally."""

        def switch() -> None:
            self.profile = profile
            self._down = Pipe(profile.down_bps, profile.one_way_s)
            self._up = Pipe(profile.up_bps, profile.one_way_s)
            with self._lock:
                self.tally = Tally()

        self._loop.call_soon_threadsafe(switch)
        asyncio.run_coroutine_threadsafe(asyncio.sleep(0), self._loop).result(timeout=5)

    def snapshot(self) -> Tally:
        """A copy of the tally (safe from another thread)."""
        with self._lock:
            return self.tally.snapshot()

    def chromium_args(self) -> list[str]:
        """The flags that send all of Chromium's traffic, loopback included, through here."""
        return [
            f"--proxy-server=socks5://127.0.0.1:{self.port}",
            "--proxy-bypass-list=<-loopback>",
        ]

    # --- the proxy ---------------------------------------------------------------------------

    async def _serve(self) -> int:
        self._server = await asyncio.start_server(self._client, "127.0.0.1", 0)
        return int(self._server.sockets[0].getsockname()[1])

    async def _client(self, reader: asyncio.StreamReader, writer: asyncio.StreamWriter) -> None:
        task = asyncio.current_task()
        if task is not None:
            self._tasks.add(task)
            task.add_done_callback(self._tasks.discard)
        upstream: asyncio.StreamWriter | None = None
        try:
            target = await self._handshake(reader, writer)
            if target is None:
                return
            host, port = target
            up_reader, upstream = await asyncio.open_connection(host, port)
            upstream.get_extra_info("socket").setsockopt(socket.IPPROTO_TCP, socket.TCP_NODELAY, 1)
            writer.get_extra_info("socket").setsockopt(socket.IPPROTO_TCP, socket.TCP_NODELAY, 1)
            await asyncio.sleep(self.profile.rtt_s)  # the TCP handshake over the link
            writer.write(b"\x05\x00\x00\x01" + bytes(4) + b"\x00\x00")
            await writer.drain()
            with self._lock:
                self.tally.connections += 1
            await asyncio.gather(
                self._relay(reader, upstream, up=True),
                self._relay(up_reader, writer, up=False),
            )
        except (OSError, asyncio.IncompleteReadError, ConnectionError, asyncio.CancelledError):
            pass  # a connection that breaks or is cut at stop() is simply over
        finally:
            for end in (writer, upstream):
                if end is not None:
                    end.close()

    async def _handshake(
        self, reader: asyncio.StreamReader, writer: asyncio.StreamWriter
    ) -> tuple[str, int] | None:
        """SOCKS5 without authentication, CONNECT only; None when refused (and answered)."""
        version, count = await reader.readexactly(2)
        await reader.readexactly(count)
        if version != 5:
            return None
        writer.write(b"\x05\x00")
        await writer.drain()
        _, command, _, kind = await reader.readexactly(4)
        if kind == 1:
            host = socket.inet_ntop(socket.AF_INET, await reader.readexactly(4))
        elif kind == 4:
            host = socket.inet_ntop(socket.AF_INET6, await reader.readexactly(16))
        else:
            (length,) = await reader.readexactly(1)
            host = (await reader.readexactly(length)).decode("idna")
        (port,) = struct.unpack("!H", await reader.readexactly(2))
        if command != 1 or not _is_loopback(host):
            with self._lock:
                self.tally.refused[host] += 1
            writer.write(b"\x05\x02\x00\x01" + bytes(6))  # "not allowed by ruleset"
            await writer.drain()
            return None
        return host, port

    async def _relay(
        self, source: asyncio.StreamReader, sink: asyncio.StreamWriter, *, up: bool
    ) -> None:
        """Carry one direction: stamp each segment with its arrival time as it is read, and
        deliver it then (a writer task, so reading never waits for the link)."""
        loop = asyncio.get_running_loop()
        queue: asyncio.Queue[tuple[float, bytes]] = asyncio.Queue()
        deliver = asyncio.create_task(self._deliver(queue, sink, up=up))
        self._tasks.add(deliver)
        deliver.add_done_callback(self._tasks.discard)
        last = 0.0
        try:
            while data := await source.read(READ_SIZE):
                pipe = self._up if up else self._down
                for start in range(0, len(data), SEGMENT):
                    segment = data[start : start + SEGMENT]
                    last = pipe.arrival(len(segment), loop.time())
                    queue.put_nowait((last, segment))
        finally:
            queue.put_nowait((last, b""))  # end of stream, after the data in flight
            await deliver

    async def _deliver(
        self, queue: asyncio.Queue[tuple[float, bytes]], sink: asyncio.StreamWriter, *, up: bool
    ) -> None:
        loop = asyncio.get_running_loop()
        while True:
            at, segment = await queue.get()
            wait = at - loop.time()
            if wait > 0:
                await asyncio.sleep(wait)
            with self._lock:  # counted as handed over (a reader may see the bytes at once)
                if up:
                    self.tally.up += len(segment)
                else:
                    self.tally.down += len(segment)
            try:
                if not segment:
                    if sink.can_write_eof():
                        sink.write_eof()
                    return
                sink.write(segment)
                await sink.drain()
            except (OSError, ConnectionError):
                sink.close()  # that end is gone: the other direction then reads its end
                return
