"""The service worker's build step (grocer/web/service_worker.py): what a build precaches,
its version, and the offline page's texts in every language."""

from __future__ import annotations

import json
import re
from pathlib import Path

from grocer.web.service_worker import (
    LANGUAGES,
    ServiceWorkerPlugin,
    build_constant,
    offline_texts,
    start_assets,
    with_build,
)

ROOT = Path(__file__).resolve().parents[2]
SOURCE = (ROOT / "assets" / "sw.js").read_text(encoding="utf-8")
HOME = (
    '<html><head><link rel="stylesheet" href="/assets/root-AbC1.css"/>'
    '<link rel="modulepreload" href="/assets/entry.client-Xy9.js"/></head><body>'
    '<script type="module" data-paint-first="">(function(){["/assets/chunk-Q_2.js",'
    '"/assets/entry.client-Xy9.js"].forEach(function(u){});'
    'import("/assets/_index-z-8.js");})();</script><img src="/img/banner.webp"></body></html>'
)
FALLBACK = '<html><head><link rel="modulepreload" href="/assets/product-P1.js"/></head></html>'


def _build(tmp_path: Path) -> Path:
    catalogs = ROOT / "assets" / "locales"
    for language in LANGUAGES:
        target = tmp_path / "locales" / language
        target.mkdir(parents=True)
        source = catalogs / language / "common.json"
        (target / "common.json").write_text(source.read_text(encoding="utf-8"), encoding="utf-8")
    (tmp_path / "index.html").write_text(HOME, encoding="utf-8")
    (tmp_path / "__spa-fallback.html").write_text(FALLBACK, encoding="utf-8")
    (tmp_path / "sw.js").write_text(SOURCE, encoding="utf-8")
    return tmp_path


def _constant(worker: str) -> dict:
    match = re.search(r"^const BUILD = (.*); // @grocer-build$", worker, re.M)
    assert match is not None
    return json.loads(match.group(1))


def test_start_assets_are_the_hashed_scripts_and_styles_of_a_page_once_each() -> None:
    assert start_assets(HOME) == [
        "/assets/root-AbC1.css",
        "/assets/entry.client-Xy9.js",
        "/assets/chunk-Q_2.js",
        "/assets/_index-z-8.js",
    ]


def test_the_build_writes_the_home_page_and_its_files_into_the_worker(tmp_path: Path) -> None:
    static = _build(tmp_path)
    ServiceWorkerPlugin().post_build(static_dir=static)
    worker = (static / "sw.js").read_text(encoding="utf-8")
    build = _constant(worker)
    assert build["precache"][0] == "/"
    assert "/assets/product-P1.js" in build["precache"]
    assert "/assets/_index-z-8.js" in build["precache"]
    assert not any(url.startswith("/img/") for url in build["precache"])  # pictures: as seen
    assert re.fullmatch(r"[0-9a-f]{16}", build["version"])
    assert worker.count("@grocer-build") == 1
    assert worker.replace(worker.splitlines()[_line(worker)], "") == SOURCE.replace(
        SOURCE.splitlines()[_line(SOURCE)], ""
    )  # only the BUILD line changed


def _line(source: str) -> int:
    return next(i for i, text in enumerate(source.splitlines()) if "@grocer-build" in text)


def test_a_changed_page_gives_a_new_version(tmp_path: Path) -> None:
    static = _build(tmp_path)
    first = build_constant(static, static / "locales")["version"]
    (static / "index.html").write_text(HOME.replace("banner", "other"), encoding="utf-8")
    assert build_constant(static, static / "locales")["version"] != first


def test_the_offline_page_reads_the_shop_language_catalogs() -> None:
    texts = offline_texts(ROOT / "assets" / "locales")
    assert texts["fr"]["title"] == "Vous êtes hors ligne"
    assert texts["fr"]["retry"] == "Réessayer"
    for language in LANGUAGES:
        assert all(texts[language].values()), language


def test_a_worker_without_the_build_line_is_left_as_it_is() -> None:
    assert with_build("self.x = 1;\n", {"version": "v"}) == "self.x = 1;\n"


def test_the_worker_leaves_the_websocket_and_its_own_script_to_the_network() -> None:
    assert '"/_event"' in SOURCE and '"/sw.js"' in SOURCE
    assert "Authorization" in SOURCE  # a signed-in API call is never cached
