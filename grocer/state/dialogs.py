"""Which dialog is open: the one mechanism behind the spec's window-level events.

The spec's client coordinated its dialogs with named window events (000 §2, 001 §4). Here each
becomes a state change any component can trigger:

| spec event               | here                                                        |
|--------------------------|-------------------------------------------------------------|
| showLoginModal           | `DialogState.open_dialog("login")`                          |
| showSignupModal          | `DialogState.open_dialog("signup")`                         |
| showForgotPasswordModal  | `DialogState.open_dialog("forgot")` (closes sign-in: one    |
|                          | dialog at a time)                                           |
| (switch login ⇄ sign-up) | `DialogState.switch_dialog("signup")`: closes, opens 300 ms |
|                          | later                                                       |
| showWelcomeModal(name)   | `DialogState.welcome_after_sign_in`: 300 ms after sign-in,  |
|                          | closes itself after 4 s                                     |
| authStateChanged         | `SessionState` vars change (every tab, through localStorage |
|                          | sync); components read `SessionState.is_authenticated`      |
| addressUpdated(address)  | `AddressState` vars change (grocer/state/address.py)        |

Opening a dialog resets it (forgot-password 000 §4.2, sign-up 001 §4): each dialog's state
registers itself with `reset_on_open`, and this state, which imports none of them, calls its
`_reset_on_open` when the dialog opens. A page load closes every dialog and a logout the
welcome one (grocer.state.session_events). `active` is the name of the open dialog, "" when none.
"""

from __future__ import annotations

import asyncio
from typing import Protocol, cast

import reflex as rx

from grocer.state import session_events
from grocer.state.session import SessionState

#: The dialogs this state coordinates (the bag panel and cart overlay are BagState's).
DIALOGS: frozenset[str] = frozenset(
    {"login", "signup", "forgot", "welcome", "address", "auth_prompt"}
)
SWITCH_DELAY = 0.3  # 000 §9: dialog switch and welcome delay
WELCOME_SECONDS = 4.0  # 001 §9: welcome auto-close


class ResetOnOpen(Protocol):
    """A dialog's state that starts clean whenever its dialog opens."""

    def _reset_on_open(self) -> None: ...


#: dialog name -> the state class that resets when it opens (filled by `reset_on_open`).
_resets: dict[str, type[rx.State]] = {}


def reset_on_open(name: str, state_cls: type[rx.State]) -> None:
    """`state_cls._reset_on_open()` runs whenever dialog `name` opens (its module registers
    at import, so that this state needs no import of it)."""
    if name not in DIALOGS:
        raise ValueError(f"unknown dialog {name!r}")
    _resets[name] = state_cls


class DialogState(rx.State):
    active: str = ""
    welcome_name: str = ""

    # Bumped on every change, so that a delayed open/close never acts on a newer dialog.
    _seq: int = 0

    async def _open(self, name: str) -> None:
        """Open `name` (already checked), resetting the dialog's own state."""
        state_cls = _resets.get(name)
        if state_cls is not None:
            dialog = cast(ResetOnOpen, await self.get_state(state_cls))
            dialog._reset_on_open()
        self.active = name
        self._seq += 1

    def _close(self) -> None:
        self.active = ""
        self._seq += 1

    @rx.event
    async def open_dialog(self, name: str) -> None:
        """Open one of DIALOGS (anything else is ignored); the open one closes."""
        if isinstance(name, str) and name in DIALOGS and name != "welcome":
            await self._open(name)

    @rx.event
    def close_dialog(self) -> None:
        self._close()

    @rx.event(background=True)
    async def switch_dialog(self, name: str):
        """Close the open dialog, then open `name` 300 ms later (000 §2.1, 001 §2)."""
        if not isinstance(name, str) or name not in DIALOGS or name == "welcome":
            return
        async with self:
            self._close()
            seq = self._seq
        await asyncio.sleep(SWITCH_DELAY)
        async with self:
            if self._seq == seq:
                await self._open(name)

    @rx.event(background=True)
    async def welcome_after_sign_in(self):
        """showWelcomeModal: 300 ms after a sign-in, "Welcome back, {name}!" for 4 s."""
        async with self:
            seq = self._seq
        await asyncio.sleep(SWITCH_DELAY)
        async with self:
            session = await self.get_state(SessionState)
            if self._seq != seq or self.active or not session.is_authenticated:
                return
            self.welcome_name = session.first_name_or_username
            self.active = "welcome"
            self._seq += 1
            seq = self._seq
        await asyncio.sleep(WELCOME_SECONDS)
        async with self:
            if self._seq == seq and self.active == "welcome":
                self._close()


@session_events.on(session_events.OPENED)
async def _close_on_page_load(state: rx.State) -> None:
    """A (re)loaded page opens clean: the tab's state outlives a reload, its dialogs should not."""
    (await state.get_state(DialogState))._close()


@session_events.on(session_events.LOGGED_OUT)
async def _close_welcome_on_logout(state: rx.State) -> None:
    dialogs = await state.get_state(DialogState)
    if dialogs.active == "welcome":
        dialogs._close()
