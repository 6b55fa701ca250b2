"""The browser's copy of the category tree, localStorage `nav_categories_v1` (spec 001 §3):
written by the page itself from the tab's tree each time the server loads one, never sent
back up (grocer.state.catalogue says why)."""

from __future__ import annotations

import reflex as rx
from reflex_base.vars.base import Var, VarData
from reflex_base.vars.function import ArgsFunctionOperation

from grocer.components.browser import on_each_value
from grocer.state.catalogue import NAV_CACHE_KEY, CatalogueState


def nav_cache_writer() -> rx.Component:
    """A hidden element that stores {data, savedAt, lang} whenever a tree arrives."""
    nav, saved_at, lang = CatalogueState.nav, CatalogueState.nav_saved_at, CatalogueState.nav_lang
    record = f"JSON.stringify({{data: {nav!s}, savedAt: {saved_at!s}, lang: {lang!s}}})"
    write = Var(
        _js_expr=f"localStorage.setItem({NAV_CACHE_KEY!r}, {record})",
        _var_data=VarData.merge(
            nav._get_all_var_data(), saved_at._get_all_var_data(), lang._get_all_var_data()
        ),
    )
    return on_each_value(saved_at, rx.call_function(ArgsFunctionOperation.create((), write)))
