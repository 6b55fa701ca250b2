"""Marks on the bag's controls that let the browser change the bag while the websocket is down.

assets/offline.js reads them (only while the connection is down, when a tap cannot reach the
server): `data-bag-add` holds the article a "+ Ajouter" adds (what a bag line needs: id, name,
prices, picture, weight), `data-bag-id` and `data-bag-step` the line and the step of a + / −
(+1, -1) or a removal (0). Connected, they do nothing.
"""

from __future__ import annotations

from typing import Any

import reflex as rx

from grocer.views.offline_bag import ADD_ATTRIBUTE, ADDED_FIELDS, REMOVE_STEP

__all__ = ["REMOVE_STEP", "bag_add_mark", "bag_step_mark"]


def bag_add_mark(article: rx.Var) -> dict[str, Any]:
    """custom_attrs of an add-to-bag button for `article` (a card's article Var)."""
    fields = rx.Var.create({name: article[name] for name in ADDED_FIELDS})
    return {ADD_ATTRIBUTE: fields.to_string()}


def bag_step_mark(ident: rx.Var | str, step: int) -> dict[str, Any]:
    """custom_attrs of a + (1), − (-1) or remove (0) button of the line `ident`."""
    return {"data-bag-id": ident, "data-bag-step": str(step)}
