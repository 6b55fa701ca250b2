"""One heading and one button bound to a state var: a page with nothing but Reflex's runtime."""

import reflex as rx


class CounterState(rx.State):
    count: int = 0

    @rx.event
    def increment(self) -> None:
        self.count += 1


def index() -> rx.Component:
    return rx.el.main(
        rx.el.h1("Bonjour"),
        rx.el.button("Compter : ", CounterState.count, on_click=CounterState.increment),
    )


app = rx.App(theme=None)
app.add_page(index, route="/", title="Bare Reflex page")
