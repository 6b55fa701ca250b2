"""The shopper's session. STUB (owned by the session/bag work); keep these public names."""

import reflex as rx


class AuthState(rx.State):
    is_authenticated: bool = False
    display_name: str = ""
    first_name_or_username: str = ""
    email: str = ""
    is_admin: bool = False
    email_verified: bool = False
