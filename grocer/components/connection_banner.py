"""What the shop shows when its websocket drops, in place of Reflex's own overlay.

Reflex's default overlay (a pulsing wifi icon and a toast "Cannot connect to server: …" in
English, with the backend's address) is replaced by a small translated bar at the top of the
page, "Connexion perdue — nouvelle tentative…", in the page's flow (it pushes the page down
and covers no control), announced politely to screen readers; it goes when the connection is
back (Reflex keeps retrying). Under it, assets/offline.js keeps the bag usable meanwhile and
registers the service worker (see that module); the bag's own line shows there while changes
made offline wait to be saved.
"""

from __future__ import annotations

from collections.abc import Callable

import reflex as rx
from reflex.event import passthrough_event_spec
from reflex_base.event import EventHandler
from reflex_components_core.core.banner import has_connection_errors

from grocer.components.assets import OFFLINE_JS, asset_component
from grocer.components.bag_now import bag_now
from grocer.components.i18n import t
from grocer.state.bag import BagState

BANNER_ID = "grocer-connection"

OfflineKeeper = asset_component(
    OFFLINE_JS,
    "OfflineKeeper",
    down=rx.Var[bool],
    on_synced=EventHandler[passthrough_event_spec(str)],
)
"""The offline bag and the service worker's registration (assets/offline.js)."""


def connection_banner() -> rx.Component:
    """The status bar (always in the page, empty while connected, so that screen readers
    announce its text when it appears)."""
    return rx.el.div(
        rx.cond(
            has_connection_errors,
            rx.el.p(
                t("common:connection.lost"),
                class_name="px-4 py-1 text-center text-sm font-semibold",
            ),
        ),
        OfflineKeeper.create(down=has_connection_errors, on_synced=BagState.offline_synced),
        bag_now(),
        id=BANNER_ID,
        role="status",
        aria_live="polite",
        class_name="bg-amber-100 text-amber-950 empty:hidden",
    )


def connection_overlay(stateful: bool) -> rx.Component | None:
    """The app wrap that takes the place of Reflex's overlay (App.app_wraps (5, "Overlay")):
    a fragment, since the inner wraps and the page are appended to it as children."""
    return rx.fragment(connection_banner()) if stateful else None


OVERLAY_WRAP: tuple[tuple[int, str], Callable[[bool], rx.Component | None]] = (
    (5, "Overlay"),
    connection_overlay,
)
