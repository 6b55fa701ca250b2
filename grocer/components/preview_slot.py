"""Where a page shows the server's preview of its data while the data loads
(grocer.web.page_preview).

`preview_slot(fallback)` is an element whose HTML React does not manage: the server writes the
preview into it (prerendered pages) or the slot takes it from the loading shell (pages that are
not prerendered). When the slot is empty (the page was reached inside the app, or the server had
nothing to show), `fallback` (a skeleton or spinner) shows instead.
"""

from __future__ import annotations

import reflex as rx

from grocer.views.styles import SLOT_ID


class PreviewSlot(rx.Component):
    """assets/preview.js: a div whose children are the server's, never React's."""

    library = "$/public/preview.js"
    tag = "PreviewSlot"


def preview_slot(fallback: rx.Component) -> rx.Component:
    return rx.fragment(
        PreviewSlot.create(id=SLOT_ID, class_name="peer"),
        rx.el.div(fallback, class_name="hidden peer-empty:block"),
    )
