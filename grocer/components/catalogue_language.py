"""The catalogue follows the language the browser shows.

Why a watcher in every page's layout: i18next switches the page's own texts in the browser
without the server (grocer.components.i18n); names and descriptions of articles, categories,
sections and promotions come from the server, so the states that hold them are told the
language (at start when it is not French, and on every switch) and load them again in it.
"""

from __future__ import annotations

import reflex as rx
from reflex.event import EventHandler, passthrough_event_spec

from grocer.components.assets import asset_component
from grocer.components.search_box import SEARCH_JS
from grocer.state.catalogue import CatalogueState
from grocer.state.listing import ListingState
from grocer.state.product import ProductState
from grocer.state.search import SearchState

LanguageWatch = asset_component(
    SEARCH_JS, "LanguageWatch", on_language=EventHandler[passthrough_event_spec(str)]
)
"""assets/search_box.js: reports the language shown when it is not French, and every switch."""


def catalogue_language_watch() -> rx.Component:
    return LanguageWatch.create(
        on_language=[
            CatalogueState.set_language,
            ListingState.set_language,
            ProductState.set_language,
            SearchState.set_language,
        ]
    )
