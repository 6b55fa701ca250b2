"""Parts of a page mounted when they come near the viewport (assets/lazy.js).

React renders a lazy part only once its place is within 600 px of the screen; until then the
server's preview of it (the element of the page preview marked `data-preview-part=<part>`,
grocer.web.preview_html) or an empty box of `min_height` holds the place. Used for the home sections and the category pages'
section rows below the first ones: rendering them all at once kept a phone busy for most of a
second after the page had painted.
"""

from __future__ import annotations

import reflex as rx


class LazyMount(rx.Component):
    """assets/lazy.js: children rendered when near the viewport, or at once when `eager`."""

    library = "$/public/lazy.js"
    tag = "LazyMount"

    eager: rx.Var[bool]
    min_height: rx.Var[str]
    part: rx.Var[str]


def lazy_mount(
    child: rx.Component,
    eager: rx.Var[bool] | bool,
    min_height: rx.Var[str] | str,
    part: rx.Var[str] | str = "",
) -> rx.Component:
    return LazyMount.create(child, eager=eager, min_height=min_height, part=part)
