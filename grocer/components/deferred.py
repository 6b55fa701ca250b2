"""A component compiled into its own module and loaded when it is needed (assets/deferred.js).

For code that nothing on a page shows when it loads, such as the closed dialogs: its module is
asked for at the shopper's first interaction, when `wanted` becomes true, or when the browser is
idle a few seconds after load. Until then it renders nothing (and nothing in the prerendered
HTML), so the page's first scripts and hydration do not carry it (issue 21).
"""

from __future__ import annotations

import reflex as rx
from reflex_base.utils import format, imports
from reflex_base.utils.imports import ImportVar

DEFERRED_MODULE = "$/public/deferred.js"


class Deferred(rx.Component):
    """A memo component (`library`, `tag` of an `@rx.memo`) loaded as said above."""

    wanted: rx.Var[bool]

    def _get_imports(self) -> imports.ParsedImportDict:
        own = super()._get_imports()
        # The memo's module is imported dynamically (below), never statically.
        own.pop(self.library or "", None)
        return imports.merge_imports(
            own,
            {DEFERRED_MODULE: [ImportVar(tag="Deferred", install=False)]},
            {self.library: [ImportVar(tag=None, render=False, install=False)]},
        )

    def _get_dynamic_imports(self) -> str:
        library = format.format_library_name(self.library or "")
        return (
            f"const {self.tag} = Deferred(() => import('{library}')"
            f".then((mod) => mod.{self.tag}), {self.tag!r})"
        )


def deferred(memo: rx.Component, wanted: rx.Var[bool] | bool = False) -> rx.Component:
    """`memo` (an instance of an `@rx.memo` component without props) loaded when needed."""
    return Deferred.create(library=memo.library, tag=memo.tag, wanted=wanted)
