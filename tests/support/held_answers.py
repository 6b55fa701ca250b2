"""The page's websocket through the test (Playwright's `route_web_socket`): what the server
sends can be held back, to show what the page does before the server's answer (issue 23)."""

from __future__ import annotations

import re
from collections.abc import Callable

from playwright.sync_api import Page, WebSocketRoute

SOCKET = re.compile(r".*/_event/.*")
HYDRATED = '"is_hydrated_rx_state_":true'


class HeldAnswers:
    """The page's websocket through the test: while `hold` is on, what the server sends is kept
    back (the page cannot have it), and `release` delivers it in order. `hold_after` (a text):
    the first message holding it goes through, and `hold` turns on after it; `hold_from`: `hold`
    turns on at the first message holding it, which is held too."""

    def __init__(self, page: Page) -> None:
        self.page = page
        self.hydrated = False  # the server's hydration has reached the page
        self.hold = False
        self.hold_after: str | None = None
        self.hold_from: str | None = None
        self.held: list[str | bytes] = []
        self.passed: list[str] = []  # what reached the page, in order
        self.route: WebSocketRoute | None = None
        self.server: WebSocketRoute | None = None
        page.route_web_socket(SOCKET, self._connect)

    def _connect(self, route: WebSocketRoute) -> None:
        server = route.connect_to_server()
        route.on_message(server.send)
        server.on_message(self._from_server)
        self.route, self.server = route, server

    def _from_server(self, message: str | bytes) -> None:
        if self.hold_from is not None and self.hold_from in str(message):
            self.hold, self.hold_from = True, None
        if not self.hold and HYDRATED in str(message):
            self.hydrated = True
        if self.hold and self.route is not None:
            self.held.append(message)
        elif self.route is not None:
            self._deliver(message)
            if self.hold_after is not None and self.hold_after in str(message):
                self.hold, self.hold_after = True, None

    def _wait(self, done: Callable[[], bool], never: str) -> None:
        for _ in range(600):
            if done():
                return
            self.page.wait_for_timeout(50)
        raise AssertionError(never)

    def wait_hydrated(self) -> None:
        """Until the page has the server's state (a tap before it would wait for it)."""
        self._wait(lambda: self.hydrated, "the page was never hydrated")

    def wait_passed(self, text: str) -> None:
        """Until a message holding `text` has reached the page."""
        self._wait(lambda: any(text in message for message in self.passed), f"no {text} came")

    def wait_held(self) -> None:
        """Until the server has sent something the page is not given."""
        self._wait(lambda: bool(self.held), "the server sent nothing to hold")

    def release_through(self, text: str) -> None:
        """Deliver what is held up to the first message holding `text` (waited for), and keep
        holding what follows."""
        self._wait(lambda: any(text in str(m) for m in self.held), f"no {text} was held")
        while self.held:
            message = self.held.pop(0)
            self._deliver(message)
            if text in str(message):
                return

    def release(self) -> None:
        self.hold = False
        for message in self.held:
            self._deliver(message)
        self.held.clear()

    def drop(self) -> None:
        """The link drops: both ends of the connection are closed, and what was held never
        reaches the page. The page reconnects on its own, through the test again."""
        assert self.route is not None and self.server is not None
        self.hold, self.hydrated = False, False
        self.held.clear()
        self.server.close()
        self.route.close()

    def _deliver(self, message: str | bytes) -> None:
        """Give the page a message of the server's, and remember it."""
        assert self.route is not None
        self.route.send(message)
        self.passed.append(str(message))
