"""What the bag's controls carry for the browser to change the bag while the websocket is down
(assets/offline.js): the shared shape of the marks written by the components
(grocer.components.offline_marks) and by the server's preview (grocer.web.preview_html)."""

from __future__ import annotations

import json
from collections.abc import Mapping
from typing import Any

ADDED_FIELDS: tuple[str, ...] = (
    "id",
    "name",
    "price",
    "salePrice",
    "originalPrice",
    "imageUrl",
    "weightText",
    "express",
)
"""What a bag line keeps of a catalogue article (grocer.state.bag.line_from_article)."""

ADD_ATTRIBUTE = "data-bag-add"
REMOVE_STEP = 0


def added_article_json(article: Mapping[str, Any]) -> str:
    """The `data-bag-add` value of an article's "+ Ajouter" (JSON, not yet escaped for HTML)."""
    return json.dumps({name: article.get(name) for name in ADDED_FIELDS}, ensure_ascii=False)
