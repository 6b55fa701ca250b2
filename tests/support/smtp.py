"""A real SMTP server on loopback (aiosmtpd) that keeps every message it receives, and the
`smtp` fixture (a pytest plugin: tests/conftest.py lists it) that points the mailer at one."""

from __future__ import annotations

import email
import re
import socket
import time
from collections.abc import Iterator
from dataclasses import dataclass, field
from email.message import Message

import pytest
from aiosmtpd.controller import Controller

from grocer.settings import get_settings


def free_port() -> int:
    with socket.socket() as sock:
        sock.bind(("127.0.0.1", 0))
        return int(sock.getsockname()[1])


@dataclass
class _Inbox:
    messages: list[Message] = field(default_factory=list)

    async def handle_DATA(self, _server, _session, envelope) -> str:  # noqa: N802
        self.messages.append(email.message_from_bytes(envelope.content))
        return "250 OK"


class SmtpServer:
    """Start with `start()`; `wait_for_code(to)` returns the last 6-digit code sent to `to`."""

    def __init__(self) -> None:
        self.port = free_port()
        self.inbox = _Inbox()
        self._controller = Controller(self.inbox, hostname="127.0.0.1", port=self.port)

    def start(self) -> SmtpServer:
        self._controller.start()
        return self

    def stop(self) -> None:
        self._controller.stop()

    def env(self) -> dict[str, str]:
        return {
            "GROCER_SMTP_HOST": "127.0.0.1",
            "GROCER_SMTP_PORT": str(self.port),
            "GROCER_SMTP_STARTTLS": "false",
        }

    def messages_to(self, address: str) -> list[Message]:
        return [m for m in self.inbox.messages if address.lower() in str(m["To"]).lower()]

    def wait_for_code(self, address: str, timeout: float = 15.0, after: int = 0) -> str:
        """The newest code sent to `address` among messages beyond the first `after` ones."""
        deadline = time.monotonic() + timeout
        while time.monotonic() < deadline:
            messages = self.messages_to(address)[after:]
            for message in reversed(messages):
                match = re.search(r"\b(\d{6})\b", _body(message))
                if match:
                    return match.group(1)
            time.sleep(0.1)
        raise AssertionError(f"no code e-mailed to {address} within {timeout} s")


def _body(message: Message) -> str:
    if message.is_multipart():
        return "\n".join(
            part.get_payload(decode=True).decode("utf-8", "replace")
            for part in message.walk()
            if part.get_content_type() == "text/plain"
        )
    payload = message.get_payload(decode=True)
    return payload.decode("utf-8", "replace") if payload else ""


@pytest.fixture
def smtp(monkeypatch: pytest.MonkeyPatch) -> Iterator[SmtpServer]:
    """A loopback SMTP server the shop's mailer sends to for the test's duration."""
    server = SmtpServer().start()
    for name, value in server.env().items():
        monkeypatch.setenv(name, value)
    get_settings.cache_clear()
    yield server
    server.stop()
    get_settings.cache_clear()


def body_text(message: Message) -> str:
    """The text of a received message (its text/plain parts)."""
    return _body(message)
