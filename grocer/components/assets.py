"""Our own browser code (assets/*.js, served under /public) as the components import it.

A component of ours is a React component exported by one of these modules; a handler or a
hook is a function they export. Both are imported from the app's own files, so nothing is
installed from npm (`install=False`).
"""

from __future__ import annotations

from typing import Any

import reflex as rx
from reflex.vars import VarData
from reflex_base.utils.imports import ImportVar

CAROUSEL_JS = "$/public/carousel.js"
"""Carousels, the rotator, delayed children, lazy pictures, the Brand boxes' toggle."""
SESSION_JS = "$/public/session.js"
"""The leave confirmation, the timer, digit-only inputs."""
APP_READY_JS = "$/public/app_ready.js"
"""The signal that the app runs the page (for the taps caught before, grocer.web.tap_replay)."""
OFFLINE_JS = "$/public/offline.js"
"""The service worker's registration and the bag kept while the websocket is down."""
MAP_AHEAD_JS = "$/public/map_ahead.js"
"""The map picker's scripts, asked for before the picker opens."""
BAG_NOW_JS = "$/public/bag_now.js"
"""The bag's taps shown at once, before the server's answer."""
OPEN_NOW_JS = "$/public/open_now.js"
"""The bag opened and closed, and a dialog's next step shown, at once on a tap."""
PAGE_PRODUCT_JS = "$/public/page_product.js"
"""The product the server wrote into the page, drawn before the state's copy is in."""


def asset_import(module: str, *names: str) -> VarData:
    """Var data importing the functions `names` from one of our modules."""
    return VarData(imports={module: [ImportVar(tag=name, install=False) for name in names]})


def asset_component(module: str, tag: str, **props: Any) -> type[rx.Component]:
    """The React component `tag` of one of our modules, with its props (name=annotation:
    `rx.Var[int]`, `EventHandler[...]`): a one-line declaration instead of a class each."""
    return type(
        tag,
        (rx.Component,),
        {
            "__module__": __name__,
            "__qualname__": tag,
            "__annotations__": props,
            "library": module,
            "tag": tag,
        },
    )
