"""The guard of the pages that need a signed-in shopper (/checkout, /payment, /account; 001 §2).

A signed-out visitor is sent to / with the sign-in dialog open, and comes back to the page
(section included) once signed in or up. Who is signed in is verified on the server
(`session_guard.signed_in_user_id`), never read from the browser's stored roles.
"""

from __future__ import annotations

from typing import Any

import reflex as rx

from grocer.state import session_events, session_guard
from grocer.state.dialogs import DialogState


class RouteGuardState(rx.State):
    _return_to: str = ""  # where to go after the sign-in the guard asked for
    _ask_sign_in: bool = False  # open the sign-in dialog on the next page start


def leave(route: str) -> Any:
    """Send the visitor to `route` (a replace: the guarded page is not kept in history)."""
    return rx.redirect(route, replace=True)


async def require_sign_in(state: rx.State, route: str) -> tuple[int | None, list[Any]]:
    """The signed-in user id, or None and the events that send the visitor to sign in first
    (and back to `route` after). When the guarded page was loaded afresh, its start closes
    the dialogs: the OPENED hook below opens the sign-in dialog again (once)."""
    user_id = await session_guard.signed_in_user_id(state)
    if user_id is not None:
        return user_id, []
    guard = await state.get_state(RouteGuardState)
    guard._return_to, guard._ask_sign_in = route, True
    return None, [leave("/"), DialogState.open_dialog("login")]


@session_events.on(session_events.OPENED)
async def _ask_sign_in_on_arrival(state: rx.State) -> None:
    """The guard sent a signed-out visitor to /: the sign-in dialog opens there (after the
    dialogs' own reset on a page start)."""
    guard = await state.get_state(RouteGuardState)
    if guard._ask_sign_in:
        guard._ask_sign_in = False
        dialogs = await state.get_state(DialogState)
        if dialogs.active != "login":
            await dialogs._open("login")


@session_events.on(session_events.SIGNED_IN)
async def _back_to_the_guarded_page(state: rx.State) -> Any:
    """After the sign-in the guard asked for, back to where the shopper was going."""
    guard = await state.get_state(RouteGuardState)
    route, guard._return_to = guard._return_to, ""
    guard._ask_sign_in = False
    return rx.redirect(route) if route else None


@session_events.on(session_events.LOGGED_OUT)
async def _forget_on_logout(state: rx.State) -> None:
    (await state.get_state(RouteGuardState))._return_to = ""
