"""The bench's link emulator (tests/bench/link_proxy.py) through real loopback servers.

Only lower bounds on time: a proxy can be slower than its model on a busy machine, never
faster, so these cannot flake. The bytes must arrive intact both ways.
"""

from __future__ import annotations

import os
import socket
import struct
import threading
import time
from collections.abc import Iterator

import pytest

from tests.bench.link_proxy import LinkProfile, LinkProxy

# 800 kbit/s up, 1.6 Mbit/s down, 100 ms round trip: 40 kB take 0.4 s up, 0.2 s down.
PROFILE = LinkProfile("test", 0.100, 1_600_000, 800_000)
SIZE = 40_000


def _serve(handler: object) -> tuple[int, socket.socket]:
    """A one-connection-at-a-time loopback server running `handler(conn)` in a thread."""
    listener = socket.create_server(("127.0.0.1", 0))

    def accept() -> None:
        while True:
            try:
                conn, _ = listener.accept()
            except OSError:
                return
            with conn:
                handler(conn)  # type: ignore[operator]

    threading.Thread(target=accept, daemon=True).start()
    return listener.getsockname()[1], listener


def _echo(conn: socket.socket) -> None:
    while data := conn.recv(65536):
        conn.sendall(data)


def _recv_exactly(sock: socket.socket, size: int) -> bytes:
    chunks = bytearray()
    while len(chunks) < size:
        data = sock.recv(size - len(chunks))
        if not data:
            break
        chunks += data
    return bytes(chunks)


def _socks_connect(proxy: LinkProxy, host: str, port: int) -> tuple[socket.socket, int]:
    """A SOCKS5 CONNECT through the proxy (a domain name address); the reply code."""
    sock = socket.create_connection(("127.0.0.1", proxy.port), timeout=30)
    sock.sendall(b"\x05\x01\x00")
    assert _recv_exactly(sock, 2) == b"\x05\x00"
    name = host.encode()
    sock.sendall(b"\x05\x01\x00\x03" + bytes([len(name)]) + name + struct.pack("!H", port))
    reply = _recv_exactly(sock, 10)
    return sock, reply[1]


@pytest.fixture
def proxy() -> Iterator[LinkProxy]:
    with LinkProxy(PROFILE) as running:
        yield running


def test_echo_arrives_intact_and_no_faster_than_the_link(proxy: LinkProxy) -> None:
    port, listener = _serve(_echo)
    payload = os.urandom(SIZE)
    try:
        started = time.monotonic()
        sock, code = _socks_connect(proxy, "127.0.0.1", port)
        connected = time.monotonic()
        with sock:
            assert code == 0
            sender = threading.Thread(target=sock.sendall, args=(payload,))
            sender.start()
            echoed = _recv_exactly(sock, SIZE)
            elapsed = time.monotonic() - connected
            sender.join()
    finally:
        listener.close()
    assert echoed == payload
    assert connected - started >= PROFILE.rtt_s  # opening a connection costs a round trip
    # Every byte crossed up at 800 kbit/s, the last one then came back down: one round trip.
    assert elapsed >= SIZE * 8 / PROFILE.up_bps + PROFILE.rtt_s
    tally = proxy.snapshot()
    assert tally.up == SIZE and tally.down == SIZE and tally.connections == 1


def test_a_loopback_name_is_served_and_the_bytes_counted(proxy: LinkProxy) -> None:
    payload = os.urandom(SIZE)
    port, listener = _serve(lambda conn: conn.sendall(payload))
    try:
        sock, code = _socks_connect(proxy, "localhost", port)
        with sock:
            assert code == 0
            received = _recv_exactly(sock, SIZE)
    finally:
        listener.close()
    assert received == payload
    assert proxy.snapshot().down == SIZE


def test_download_lower_bound_from_the_request(proxy: LinkProxy) -> None:
    """A request/answer exchange: the answer cannot come before request up + answer down."""
    payload = os.urandom(SIZE)

    def answer(conn: socket.socket) -> None:
        if _recv_exactly(conn, 1) == b"?":
            conn.sendall(payload)

    port, listener = _serve(answer)
    try:
        sock, code = _socks_connect(proxy, "127.0.0.1", port)
        with sock:
            assert code == 0
            asked = time.monotonic()
            sock.sendall(b"?")
            received = _recv_exactly(sock, SIZE)
            elapsed = time.monotonic() - asked
    finally:
        listener.close()
    assert received == payload
    assert elapsed >= PROFILE.rtt_s + SIZE * 8 / PROFILE.down_bps


def test_outside_hosts_are_refused_and_counted(proxy: LinkProxy) -> None:
    sock, code = _socks_connect(proxy, "tile.openstreetmap.org", 443)
    sock.close()
    assert code == 2
    assert proxy.snapshot().refused["tile.openstreetmap.org"] == 1
