"""The app's own texts (assets/locales) read on the server: for what Python writes before or
beside the app (the served previews and link previews, the tab's title), in the words the app
shows in that language."""

from __future__ import annotations

import json
from functools import cache
from pathlib import Path
from typing import Any

from grocer.services.languages import DEFAULT_LANGUAGE, LANGUAGES

LOCALES = Path(__file__).resolve().parents[2] / "assets" / "locales"


@cache
def _catalog(lang: str, namespace: str) -> dict[str, Any]:
    """A locale file of the app (assets/locales/{lang}/{namespace}.json), {} without one."""
    if lang not in LANGUAGES or not namespace.isidentifier():
        return {}
    try:
        texts = json.loads((LOCALES / lang / f"{namespace}.json").read_text(encoding="utf-8"))
    except (OSError, ValueError):
        return {}
    return texts if isinstance(texts, dict) else {}


def label(key: str, lang: str = DEFAULT_LANGUAGE, **values: object) -> str:
    """The text of `namespace:key` in `lang`, as the app's translator finds it (the French
    catalog's when that language lacks it), its `{{name}}` placeholders filled from `values`;
    a dotted name (`connection.lost`) reaches into nested objects, as i18next's keys do."""
    namespace, _, name = key.partition(":")
    for language in (lang, DEFAULT_LANGUAGE):
        found: Any = _catalog(language, namespace)
        for part in name.split("."):
            found = found.get(part) if isinstance(found, dict) else None
        if isinstance(found, str) and found:
            for placeholder, value in values.items():
                found = found.replace("{{" + placeholder + "}}", str(value))
            return found
    return ""
