"""Every dialog and overlay, mounted once for the whole app (DIALOGS_WRAP), outside the pages.

Outside the pages, because a move from page to page (the bag → /checkout → /payment → the
confirmation) then neither reloads nor re-creates them: each page's script is about 8 kB
(compressed) smaller than with them compiled into it, and on a slow phone the move renders the
new page's content only (issue 23). They are closed or invisible when a page loads, and
position themselves (fixed, or in a portal), so where they stand in the document is no matter.

A new dialog is added here with one line. The toast (001 §8) too, so that a handler of any
page can show one (a favourite that could not be saved). Also mounted here, invisible: the
session's 5-minute expiry check and the browser's leave confirmation while a sign-in or sign-up
is being submitted. (The session's start is part of a page load's page start:
grocer.state.page_start.)
"""

from collections.abc import Callable

import reflex as rx

from grocer.components.address_dialog import address_dialog
from grocer.components.auth_dialog import login_dialog
from grocer.components.auth_prompt import auth_prompt
from grocer.components.bag_panel import bag_panel
from grocer.components.cart_overlay import cart_overlay
from grocer.components.deferred import deferred
from grocer.components.dialog import dialog_styles
from grocer.components.forgot_dialog import forgot_dialog
from grocer.components.pickup_dialog import pickup_dialog
from grocer.components.session_hooks import Every, LeaveGuard
from grocer.components.session_rules import session_rules
from grocer.components.signup_dialog import signup_dialog
from grocer.components.slot_dialog import slot_dialog
from grocer.components.toast import toast
from grocer.components.welcome_dialog import welcome_dialog
from grocer.state.auth import AuthState
from grocer.state.bag import BagState
from grocer.state.dialogs import DialogState
from grocer.state.forgot import ForgotState
from grocer.state.signup import SignupState

SESSION_CHECK_MS = 300_000  # 001 §9: auth expiry check every 5 minutes


def session_keeper() -> rx.Component:
    return rx.fragment(
        Every.create(ms=SESSION_CHECK_MS, on_tick=AuthState.check_session),
        LeaveGuard.create(active=AuthState.login_busy | SignupState.busy | ForgotState.busy),
        session_rules(),
    )


@rx.memo
def app_dialogs() -> rx.Component:
    """The bag panel and the dialogs, compiled once into their own module (see lazy_dialogs)."""
    return rx.fragment(
        bag_panel(),
        cart_overlay(),
        login_dialog(),
        signup_dialog(),
        forgot_dialog(),
        welcome_dialog(),
        auth_prompt(),
    )


DIALOG_WANTED = (
    (DialogState.active != "")
    | BagState.panel_open
    | BagState.overlay_open
    | BagState.confirm_empty
)
"""True while the server wants one of `app_dialogs` open (a dialog opened without a tap, such as
sign-in after the route guard's redirect): their module is then loaded at once."""


def lazy_dialogs() -> rx.Component:
    """`app_dialogs`, loaded when needed (grocer.components.deferred) instead of with every
    page's code. Every dialog is closed when a page loads, so none of them belongs in the first
    paint or in the scripts a page waits for: compiled into each page they were about half of
    its code (issue 21). A dialog asked for before its module has arrived (a kept tap, issue 19)
    opens as soon as it has, since every dialog's state lives on the server."""
    return deferred(app_dialogs(), wanted=DIALOG_WANTED)


def global_overlays() -> rx.Component:
    return rx.fragment(
        dialog_styles(),
        session_keeper(),
        lazy_dialogs(),
        # Mounted with the page: its map picker opens over it at once on a phone, and two
        # modal dialogs mounted open in the same commit hide each other's controls from
        # assistive technology (each hides all but itself; the picker's aria-live summary
        # keeps a path open), so it must be in place before it opens.
        address_dialog(),
        # With the page too: the slot dialogs failed to list their slots now and then when
        # their module arrived after the server had opened them (test_checkout, 2 runs in 3).
        slot_dialog(),
        pickup_dialog(),
        toast(),
    )


def dialogs_wrap(stateful: bool) -> rx.Component | None:
    """The app wrap that mounts `global_overlays` (App.app_wraps (4, "Dialogs"), inside the
    connection bar's): a fragment, since the page is appended to it as its last child."""
    return rx.fragment(global_overlays()) if stateful else None


DIALOGS_WRAP: tuple[tuple[int, str], Callable[[bool], rx.Component | None]] = (
    (4, "Dialogs"),
    dialogs_wrap,
)
