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
| authStateChanged         | `AuthState` vars change (every tab, through localStorage    |
|                          | sync); components read `AuthState.is_authenticated`         |
| addressUpdated(address)  | `AddressState` vars change (grocer/state/address.py)        |

Opening a dialog resets it (forgot-password 000 §4.2, sign-up 001 §4). `active` is the name of
the open dialog, "" when none.
"""

from __future__ import annotations

import asyncio

import reflex as rx

#: The dialogs this state coordinates (the bag panel and cart overlay are BagState's).
DIALOGS: frozenset[str] = frozenset(
    {"login", "signup", "forgot", "welcome", "address", "auth_prompt"}
)
SWITCH_DELAY = 0.3  # 000 §9: dialog switch and welcome delay
WELCOME_SECONDS = 4.0  # 001 §9: welcome auto-close


class DialogState(rx.State):
    active: str = ""
    welcome_name: str = ""

    # Bumped on every change, so that a delayed open/close never acts on a newer dialog.
    _seq: int = 0

    async def _open(self, name: str) -> None:
        """Open `name` (already checked), resetting the dialog's own state."""
        if name == "login":
            from grocer.state.auth import AuthState

            (await self.get_state(AuthState))._reset_login()
        elif name == "signup":
            from grocer.state.signup import SignupState

            (await self.get_state(SignupState))._reset()
        elif name == "forgot":
            from grocer.state.forgot import ForgotState

            (await self.get_state(ForgotState))._reset()
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
        from grocer.state.auth import AuthState

        async with self:
            seq = self._seq
        await asyncio.sleep(SWITCH_DELAY)
        async with self:
            auth = await self.get_state(AuthState)
            if self._seq != seq or self.active or not auth.is_authenticated:
                return
            self.welcome_name = auth.first_name_or_username
            self.active = "welcome"
            self._seq += 1
            seq = self._seq
        await asyncio.sleep(WELCOME_SECONDS)
        async with self:
            if self._seq == seq and self.active == "welcome":
                self._close()
