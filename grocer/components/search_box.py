"""The header's search box: a form around the combobox of assets/search_box.js.

Why a React component of our own: suggestions must follow every keystroke (debounced) without a
websocket round trip or a re-render of the page, and the combobox's keyboard and ARIA rules
(arrows, Enter, Escape, aria-activedescendant) are browser-side behaviour. The form's action is
the results page, so Enter works before the page's scripts have run too.
"""

from __future__ import annotations

import reflex as rx

from grocer.components.i18n import t
from grocer.components.icons import icon

SEARCH_JS = "$/public/search_box.js"


class SearchCombobox(rx.Component):
    """assets/search_box.js: the input and its list of suggestions."""

    library = SEARCH_JS
    tag = "SearchCombobox"

    input_id: rx.Var[str]
    placeholder: rx.Var[str]
    input_class: rx.Var[str]
    list_label: rx.Var[str]
    category_label: rx.Var[str]


INPUT_CLASS = (
    "h-11 w-full rounded-full border border-gray-200 bg-gray-50 pl-10 pr-4 text-sm "
    "text-gray-900 placeholder:text-gray-500 focus:border-green-600 focus:bg-white "
    "focus:outline-none focus:ring-2 focus:ring-green-600/30"
)


def search_box(input_id: str = "site-search") -> rx.Component:
    """The search box of the header (desktop) or of the phone's search row."""
    return rx.el.form(
        rx.el.label(t("common:search"), html_for=input_id, class_name="sr-only"),
        rx.el.span(
            icon("search", 18),
            class_name=(
                "pointer-events-none absolute left-3 top-1/2 z-10 -translate-y-1/2 text-gray-400"
            ),
        ),
        SearchCombobox.create(
            input_id=input_id,
            placeholder=t("common:searchPlaceholder"),
            input_class=INPUT_CLASS,
            list_label=t("common:searchSuggestions"),
            category_label=t("common:searchCategory"),
        ),
        role="search",
        action="/recherche",
        method="get",
        class_name="relative w-full",
        on_submit=rx.prevent_default,
    )
