"""embla-carousel (loaded when a carousel starts) wrapped as a Reflex component, plus two
tiny timing widgets.

The JS lives in assets/carousel.js: `Carousel` (embla, loop, swipe over 50 px; each child is a
slide), `Rotator` (one child at a time, next every 5 s when there are several), `Delayed`
(first child for N ms, then the others). Arrows are ordinary buttons anywhere on the page that
call `scrollCarousel(id, ±1)`, so a row's header (title, "View all", arrows) stays Reflex markup.
"""

from __future__ import annotations

from typing import Any

import reflex as rx
from reflex.vars import VarData
from reflex.vars.function import FunctionStringVar
from reflex_base.event import EventChain

from grocer.components.assets import CAROUSEL_JS, asset_component, asset_import
from grocer.components.i18n import t
from grocer.components.icons import icon
from grocer.views.styles import ARROW, SLIDES_CAROUSEL

"""Home rows: 2 under 640 px, 3 under 1024 px, else 6."""


class Carousel(rx.Component):
    """An embla carousel; every child is one slide."""

    library = CAROUSEL_JS
    tag = "Carousel"

    container_class_name: rx.Var[str]
    aria_label: rx.Var[str]

    @classmethod
    def create(cls, *children: Any, **props: Any) -> rx.Component:
        props.setdefault("container_class_name", "-ml-3 flex touch-pan-y")
        props.setdefault("class_name", "overflow-hidden")
        return super().create(*children, **props)


Rotator = asset_component(CAROUSEL_JS, "Rotator", interval=rx.Var[int])
"""Shows one child at a time, the next every `interval` ms when there are several."""
Delayed = asset_component(CAROUSEL_JS, "Delayed", delay=rx.Var[int])
"""Shows its first child for `delay` ms after mounting, then the other children."""

_MODULE_DATA = asset_import(CAROUSEL_JS, "scrollCarousel")


def scroll_handler(carousel_id: rx.Var[str] | str, direction: int) -> rx.Var:
    """An on_click handler moving the carousel by one slide (wrapping around)."""
    target = rx.Var.create(carousel_id)
    return rx.Var(
        _js_expr=f"(() => scrollCarousel({target!s}, {int(direction)}))",
        _var_data=VarData.merge(_MODULE_DATA, target._get_all_var_data()),
    ).to(FunctionStringVar, EventChain)


def arrows(carousel_id: rx.Var[str] | str) -> rx.Component:
    """Previous / next buttons for the carousel `carousel_id`."""
    button = (
        f"{ARROW} hover:border-green-600 hover:text-green-700 "
        "focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-green-600"
    )
    return rx.el.div(
        rx.el.button(
            icon("chevron-left", 18),
            type="button",
            class_name=button,
            aria_label=t("catalogue:previous"),
            on_click=scroll_handler(carousel_id, -1),
        ),
        rx.el.button(
            icon("chevron-right", 18),
            type="button",
            class_name=button,
            aria_label=t("catalogue:next"),
            on_click=scroll_handler(carousel_id, 1),
        ),
        class_name="flex items-center gap-2",
    )


def slide(child: rx.Component, class_name: str = SLIDES_CAROUSEL) -> rx.Component:
    return rx.el.div(child, class_name=class_name, role="group", aria_roledescription="slide")


def carousel(
    items: rx.Var[list[Any]] | list[Any],
    render: Any,
    carousel_id: rx.Var[str] | str,
    slide_class_name: str = SLIDES_CAROUSEL,
    aria_label: rx.Var[str] | str = "",
) -> rx.Component:
    """A looping carousel of `items`, each drawn by `render(item)` in its own slide."""
    if isinstance(items, rx.Var):
        children = [rx.foreach(items, lambda item: slide(render(item), slide_class_name))]
    else:
        children = [slide(render(item), slide_class_name) for item in items]
    return Carousel.create(*children, id=carousel_id, aria_label=aria_label)
