"""The browser's copy of the category tree, localStorage `nav_categories_v1` (spec 001 §3):
written by the page itself from the tab's tree each time the server loads one, never sent
back up (grocer.state.catalogue says why), in the browser's idle time (assets/nav_copy.js)."""

from __future__ import annotations

import reflex as rx

from grocer.state.catalogue import NAV_CACHE_KEY, CatalogueState


class NavCopy(rx.Component):
    """assets/nav_copy.js: stores {data, savedAt, lang} whenever a tree arrives (`saved_at`
    changes); draws nothing."""

    library = "$/public/nav_copy.js"
    tag = "NavCopy"

    storage_key: rx.Var[str]
    data: rx.Var[list]
    saved_at: rx.Var[int]
    lang: rx.Var[str]


def nav_cache_writer() -> rx.Component:
    return NavCopy.create(
        storage_key=NAV_CACHE_KEY,
        data=CatalogueState.nav,
        saved_at=CatalogueState.nav_saved_at,
        lang=CatalogueState.nav_lang,
    )
