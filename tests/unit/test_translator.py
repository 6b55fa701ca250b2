"""The browser's translator (assets/translator.js), run in Node on the shop's own locale files:
namespaces, plurals, placeholders, dates, the French fallback, loading another language."""

from __future__ import annotations

import json
import shutil
import subprocess
import sys
from pathlib import Path
from typing import Any

import pytest

from grocer.components.i18n import NAMESPACES

ROOT = Path(__file__).resolve().parents[2]
TRANSLATOR = ROOT / "assets" / "translator.js"
LOCALES = ROOT / "assets" / "locales"


def run(script: str, tmp_path: Path) -> Any:
    """Runs `script` (an ES module body with `createTranslator`, `resources` for fr and en and a
    `fetch` answering from assets/locales) and returns what it printed, as JSON."""
    resources = {
        lang: {ns: json.loads((LOCALES / lang / f"{ns}.json").read_text()) for ns in NAMESPACES}
        for lang in ("fr", "en", "de")
    }
    module = tmp_path / "check.mjs"
    module.write_text(
        f"import {{ createTranslator }} from {json.dumps(TRANSLATOR.as_uri())};\n"
        f"const files = {json.dumps(resources)};\n"
        "const fetched = [];\n"
        "globalThis.fetch = async (url) => { fetched.push(url);"
        " const [, , lng, name] = url.split('/'); const ns = name.replace('.json', '');"
        " const body = files[lng]?.[ns];"
        " return { ok: !!body, status: body ? 200 : 404, json: async () => body }; };\n"
        "const make = () => createTranslator({ lng: 'fr', languages: ['fr', 'en', 'es', 'de'],"
        f" allNamespaces: {json.dumps(list(NAMESPACES))},"
        " namespaces: ['common', 'catalogue', 'wallet', 'addressbook'],"
        " resources: { fr: structuredClone(files.fr) } });\n"
        f"{script}\n"
    )
    node = shutil.which("node", path=str(Path(sys.executable).parent))
    assert node, "node is missing from the virtual environment"
    result = subprocess.run([node, str(module)], capture_output=True, text=True, timeout=60)
    assert result.returncode == 0, result.stderr
    return json.loads(result.stdout)


def fr(ns: str, path: str) -> Any:
    node: Any = json.loads((LOCALES / "fr" / f"{ns}.json").read_text())
    for part in path.split("."):
        node = node[part]
    return node


def test_keys_with_and_without_a_namespace(tmp_path: Path) -> None:
    out = run(
        "const t = make();"
        "console.log(JSON.stringify([t.t('catalogue:viewAll'), t.t('skipToContent'),"
        " t.t('common:skipToContent'), t.t('catalogue:no.such.key'), t.t('')]));",
        tmp_path,
    )
    assert out == [
        fr("catalogue", "viewAll"),
        fr("common", "skipToContent"),
        fr("common", "skipToContent"),
        "no.such.key",
        "",
    ]


@pytest.mark.parametrize("count", [0, 1, 2, 1_000_000])
def test_plurals_follow_the_language(tmp_path: Path, count: int) -> None:
    """French: 0 and 1 take the singular; a million ("many" in French) takes the plural."""
    plural_keys = _a_plural_key()
    ns, key = plural_keys
    out = run(
        f"const t = make(); console.log(JSON.stringify(t.t('{ns}:{key}', {{count: {count}}})));",
        tmp_path,
    )
    form = "one" if count in (0, 1) else "other"
    assert out == fr(ns, f"{key}_{form}").replace("{{count}}", str(count))


def _a_plural_key() -> tuple[str, str]:
    for ns in NAMESPACES:
        flat = _flatten(json.loads((LOCALES / "fr" / f"{ns}.json").read_text()))
        for name, text in flat.items():
            other = flat.get(name[:-4] + "_other", "")
            only_count = text.count("{{") == text.count("{{count}}")
            if name.endswith("_one") and "{{count}}" in other and only_count:
                return ns, name[:-4]
    raise AssertionError("no plural key with only {{count}} in the locales")


def _flatten(node: Any, prefix: str = "") -> dict[str, str]:
    flat: dict[str, str] = {}
    for key, value in node.items():
        name = f"{prefix}{key}"
        if isinstance(value, dict):
            flat.update(_flatten(value, f"{name}."))
        else:
            flat[name] = value
    return flat


def test_placeholders_and_dates_in_the_shown_language(tmp_path: Path) -> None:
    out = run(
        "const t = make();"
        "const date = new Date(Date.UTC(2026, 10, 25, 12));"
        "const a = t.t('addressbook:addresses.createdAt', {date});"
        "const b = t.t('wallet:cards.redeemedOn', {date: '25/11/2026'});"
        "await t.changeLanguage('de');"
        "const c = t.t('addressbook:addresses.createdAt', {date});"
        "console.log(JSON.stringify([a, b, c]));",
        tmp_path,
    )
    assert out[0] == "Créée le 25 novembre 2026"
    assert out[1] == fr("wallet", "cards.redeemedOn").replace("{{date}}", "25/11/2026")
    assert "25. November 2026" in out[2]


def _first_error() -> str:
    return next(iter(_flatten(json.loads((LOCALES / "fr" / "errors.json").read_text()))))


def test_another_language_is_fetched_and_falls_back_to_french(tmp_path: Path) -> None:
    out = run(
        "const t = make(); const seen = [];"
        "t.on('languageChanged', (lng) => seen.push(lng));"
        "await t.changeLanguage('en');"
        "const english = t.t('catalogue:viewAll');"
        "t.addResourceBundle('en', 'errors', {});"  # an English file without the key
        f"const fallback = t.t('errors:{_first_error()}');"
        "await t.changeLanguage('xx');"
        "console.log(JSON.stringify([english, fallback, seen, t.language, fetched.sort()]));",
        tmp_path,
    )
    english, fallback, seen, language, fetched = out
    en_catalogue = json.loads((LOCALES / "en" / "catalogue.json").read_text())
    assert english == en_catalogue["viewAll"]
    assert fallback == fr("errors", _first_error())
    assert seen == ["en", "fr"] and language == "fr"
    assert fetched == sorted(
        f"/locales/en/{ns}.json" for ns in ("common", "catalogue", "wallet", "addressbook")
    )
