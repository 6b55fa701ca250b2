"""Home page (/)."""

import reflex as rx


def index() -> rx.Component:
    return rx.el.main(rx.el.h1("Grocer", class_name="text-2xl font-bold"))
