"""TestClients of the REST app that see a given client address (the socket peer)."""

from __future__ import annotations

from collections.abc import Callable, Iterator
from contextlib import contextmanager

from fastapi.testclient import TestClient

from grocer.api.app import create_api

ClientFactory = Callable[..., TestClient]


@contextmanager
def clients_by_peer() -> Iterator[ClientFactory]:
    """`make(peer)`: a new TestClient whose requests come from `peer` (default 203.0.113.7);
    every client made is closed on leaving."""
    opened: list[TestClient] = []

    def make(peer: str = "203.0.113.7") -> TestClient:
        client = TestClient(create_api(), client=(peer, 50000))
        opened.append(client)
        return client

    try:
        yield make
    finally:
        for client in opened:
            client.close()
