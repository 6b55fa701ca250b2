"""Every dialog and overlay mounted once, in the page layout. Owned by the session/bag work;
the maps work adds its dialogs here with one line each."""

import reflex as rx


def global_overlays() -> rx.Component:
    return rx.fragment()
