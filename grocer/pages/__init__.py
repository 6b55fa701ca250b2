"""One module per route; register_pages adds them all to the app."""

import reflex as rx


def register_pages(app: rx.App) -> None:
    from grocer.pages import home

    app.add_page(home.index, route="/", title="Grocer – Courses en ligne à Ouagadougou")
