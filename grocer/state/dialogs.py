"""Which dialog is open: one mechanism for the spec's window-level events.

STUB (owned by the session/bag work): keep the names `DialogState.active`, `open_dialog`,
`close_dialog`.
"""

import reflex as rx


class DialogState(rx.State):
    active: str = ""

    @rx.event
    def open_dialog(self, name: str) -> None:
        self.active = name if name in {"login", "signup", "forgot", "welcome", "address"} else ""

    @rx.event
    def close_dialog(self) -> None:
        self.active = ""
