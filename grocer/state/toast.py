"""The account area's toasts (001 §8): one message at a time, shown for 3 s.

A handler shows one with `return await show_toast(self, "account:toasts.saved")` (or
`error=True`); the message key goes to the browser, the text is the translation. A newer toast
replaces an older one, and the older one's timer does not close the newer.
"""

from __future__ import annotations

import asyncio

import reflex as rx

TOAST_SECONDS = 3.0  # 001 §9: toast 3 s


class ToastState(rx.State):
    key: str = ""
    error: bool = False
    serial: int = 0

    @rx.event
    def dismiss(self) -> None:
        self.key = ""

    @rx.event(background=True)
    async def expire(self, serial: int) -> None:
        """Close the toast `serial` after TOAST_SECONDS, unless a newer one replaced it."""
        await asyncio.sleep(TOAST_SECONDS)
        async with self:
            if self.serial == serial:
                self.key = ""


async def show_toast(state: rx.State, key: str, *, error: bool = False) -> rx.event.EventSpec:
    """Show `key` as a toast (from any handler of the tab); returns the event that closes it."""
    toast = await state.get_state(ToastState)
    toast.key, toast.error = key, error
    toast.serial += 1
    return ToastState.expire(toast.serial)
