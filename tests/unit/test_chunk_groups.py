"""The files a page starts with (grocer.web.chunk_groups), on the vite.config.js Reflex actually
writes, and the grouping function run by Node on a module graph shaped like the shop's; the
built files are checked in the browser (tests/e2e/test_first_scripts.py) and the pages'
behaviour with them is the whole browser suite."""

from __future__ import annotations

import json
import re
import shutil
import subprocess
import sys
from pathlib import Path

import pytest
from reflex.utils.frontend_skeleton import _compile_vite_config
from reflex_base.config import get_config

from grocer.web.chunk_groups import GROUPING_JS, with_chunk_groups

NODE = shutil.which("node", path=str(Path(sys.executable).parent))


def _config() -> str:
    return _compile_vite_config(get_config())


def _node(script: str, tmp_path: Path) -> object:
    assert NODE, "node is missing from the virtual environment"
    module = tmp_path / "run.mjs"
    module.write_text(script, encoding="utf-8")
    result = subprocess.run([NODE, str(module)], capture_output=True, text=True)
    assert result.returncode == 0, result.stderr
    return json.loads(result.stdout)


def test_the_groups_replace_reflexs_and_nothing_else() -> None:
    shipped = _config()
    code = with_chunk_groups(shipped)
    assert "{ name: grocerStartChunk, priority: 30 }" in code
    assert re.findall(r'name: "(\w+)"', code) == ["overlays", "storefront"]
    assert "reflex-env" not in code  # env.json is in `framework`
    assert code.count("function grocerStartChunk(") == 1
    assert with_chunk_groups(code) == code  # compiled again: unchanged
    # the rest of the file as Reflex wrote it
    rest = code.replace(GROUPING_JS.read_text(encoding="utf-8") + "\n", "")
    head, _, tail = rest.partition("groups: [")
    shipped_head, _, shipped_tail = shipped.partition("groups: [")
    assert head == shipped_head
    assert tail.split("\n          ],", 1)[1] == shipped_tail.split("\n          ],", 1)[1]


def test_the_rewritten_config_is_valid_javascript(tmp_path: Path) -> None:
    assert NODE, "node is missing from the virtual environment"
    module = tmp_path / "vite.config.mjs"
    module.write_text(with_chunk_groups(_config()), encoding="utf-8")
    result = subprocess.run([NODE, "--check", str(module)], capture_output=True, text=True)
    assert result.returncode == 0, result.stderr


def test_the_start_files_hold_what_every_page_starts_with(tmp_path: Path) -> None:
    web = f"{tmp_path}/"
    nm = f"{web}node_modules/"
    graph = {  # module → what it imports statically (the shop's graph, in small)
        f"{web}app/root.jsx": [
            f"{nm}react/index.js",
            f"{web}utils/state.js",
            f"{web}public/bag_now.js",
            f"{web}public/i18n.js",
            f"{web}utils/components/Button_1.jsx",
        ],
        f"{web}app/entry.client.js": [f"{nm}react-dom/client.js", f"{nm}react/index.js"],
        f"{nm}react-dom/client.js": [f"{nm}react-dom/cjs/react-dom-client.production.js"],
        f"{nm}react-dom/cjs/react-dom-client.production.js": [f"{nm}react-dom/index.js"],
        f"{nm}react-dom/index.js": [],
        f"{nm}@radix-ui/react-dialog/dist/index.mjs": [f"{nm}react-dom/index.js"],
        f"{web}utils/state.js": [f"{nm}socket.io-client/index.js", f"{web}env.json"],
        f"{web}public/bag_now.js": [f"{nm}react/index.js"],
        f"{web}public/i18n.js": [f"{web}public/locales/fr/common.json"],
        f"{web}utils/components/Button_1.jsx": [f"{nm}react/index.js"],
        f"{web}app/routes/[produit]._index.jsx": [f"{web}public/carousel.js"],
        f"{web}public/leaflet/grocer_leaflet.js": [f"{nm}leaflet/dist/leaflet-src.js"],
    }
    importers: dict[str, list[str]] = {}
    for module, imported in graph.items():
        for one in imported:
            importers.setdefault(one, []).append(module)
    infos = {
        module: {"importedIds": graph.get(module, []), "importers": importers.get(module, [])}
        for module in {*graph, *importers}
    }
    script = (
        'import { fileURLToPath, URL } from "url";\n'
        + GROUPING_JS.read_text(encoding="utf-8")
        + f"\nconst infos = {json.dumps(infos)};\n"
        + "const ctx = { getModuleInfo: (id) => infos[id] ?? null };\n"
        + "console.log(JSON.stringify(Object.fromEntries("
        + "Object.keys(infos).map((id) => [id, grocerStartChunk(id, ctx) ?? null]))));\n"
    )
    named = _node(script, tmp_path)
    framework = {
        f"{nm}react/index.js",
        f"{nm}react-dom/index.js",  # the entry's, and the dialogs' library's too
        f"{web}utils/state.js",
        f"{nm}socket.io-client/index.js",
        f"{web}env.json",
    }
    shell = {
        f"{web}public/bag_now.js",
        f"{web}public/i18n.js",
        f"{web}public/locales/fr/common.json",
    }
    assert {m for m, name in named.items() if name == "framework"} == framework
    assert {m for m, name in named.items() if name == "shell"} == shell
    # the layout and its components, the entry and React DOM's client, pages, maps, dialogs:
    # as the bundler makes them
    assert named[f"{web}app/root.jsx"] is None
    assert named[f"{web}utils/components/Button_1.jsx"] is None
    assert named[f"{nm}react-dom/cjs/react-dom-client.production.js"] is None
    assert named[f"{web}public/carousel.js"] is None
    assert named[f"{nm}leaflet/dist/leaflet-src.js"] is None
    assert named[f"{nm}@radix-ui/react-dialog/dist/index.mjs"] is None


def test_the_named_groups_take_their_modules(tmp_path: Path) -> None:
    code = with_chunk_groups(_config())
    tests = dict(re.findall(r'name: "(\w+)",\s*test: (/.+/),', code))
    ids = {
        "/w/.web/node_modules/@radix-ui/react-dialog/dist/index.mjs": "overlays",
        "/w/.web/app_components/grocer/components/overlays.jsx": "overlays",
        "/w/.web/public/carousel.js": "storefront",
        "/w/.web/public/preview.js": "storefront",
        "/w/.web/app_components/grocer/components/product_card.jsx": "storefront",
        "/w/.web/public/leaflet/grocer_leaflet.js": None,
        "/w/.web/app_components/grocer/pages/account.jsx": None,
        "/w/.web/node_modules/@radix-ui/react-dialog-extra/index.mjs": None,
    }
    script = (
        f"const tests = {{{', '.join(f'{json.dumps(n)}: {t}' for n, t in tests.items())}}};\n"
        f"const ids = {json.dumps(list(ids))};\n"
        "console.log(JSON.stringify(Object.fromEntries(ids.map((id) => "
        "[id, Object.keys(tests).find((name) => tests[name].test(id)) ?? null]))));\n"
    )
    assert _node(script, tmp_path) == ids


def test_a_changed_reflex_config_stops_the_build() -> None:
    changed = _config().replace('name: "reflex-env"', 'name: "env"')
    with pytest.raises(RuntimeError, match="Reflex upgrade"):
        with_chunk_groups(changed)
