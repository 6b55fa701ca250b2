"""Every dialog and overlay mounted once, in the page layout.

A new dialog is added here with one line. The toast (001 §8) too, so that a handler of any
page can show one (a favourite that could not be saved). Also mounted here, invisible: the
session's start (restore and refresh on load), its 5-minute expiry check, and the browser's
leave confirmation while a sign-in or sign-up is being submitted.
"""

import reflex as rx

from grocer.components.address_dialog import address_dialog
from grocer.components.auth_dialog import login_dialog
from grocer.components.auth_prompt import auth_prompt
from grocer.components.bag_panel import bag_panel
from grocer.components.cart_overlay import cart_overlay
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
from grocer.state.forgot import ForgotState
from grocer.state.signup import SignupState

SESSION_CHECK_MS = 300_000  # 001 §9: auth expiry check every 5 minutes


def session_keeper() -> rx.Component:
    return rx.fragment(
        rx.el.span(on_mount=AuthState.start_session, class_name="hidden", aria_hidden="true"),
        Every.create(ms=SESSION_CHECK_MS, on_tick=AuthState.check_session),
        LeaveGuard.create(active=AuthState.login_busy | SignupState.busy | ForgotState.busy),
        session_rules(),
    )


def global_overlays() -> rx.Component:
    return rx.fragment(
        dialog_styles(),
        session_keeper(),
        bag_panel(),
        cart_overlay(),
        slot_dialog(),
        pickup_dialog(),
        login_dialog(),
        signup_dialog(),
        forgot_dialog(),
        welcome_dialog(),
        auth_prompt(),
        address_dialog(),
        toast(),
    )
