"""The service worker's build step: what this build precaches, and the offline page's texts.

`assets/sw.js` is copied by the build to the site root (`/sw.js`, so that it controls every
page). Its first lines hold a `BUILD` constant that this plugin rewrites after the production
build: the build's version (a new one makes browsers install the new worker, which drops the
previous build's cached pages and files), the files to precache (the home page and the hashed
`/assets/` scripts and styles that the home page and the SPA fallback start with), and the
offline page's texts, read from the i18n catalogs (`common:connection.*`) since a page never
seen offline cannot load the app's translations. Registered after PaintFirstPlugin, so the
version follows the pages as they are served.
"""

from __future__ import annotations

import hashlib
import json
import re
from pathlib import Path
from typing import Any

import reflex as rx

from grocer.web.inline_styles import UNFETCHED

SW_FILE = "sw.js"
START_PAGES: tuple[str, ...] = ("index.html", "__spa-fallback.html")
"""The built pages whose start files are precached (the home page and every page that is not
prerendered: a product)."""
PRECACHED_PAGES: tuple[str, ...] = ("/",)
LANGUAGES: tuple[str, ...] = ("fr", "en", "es", "de")
OFFLINE_KEYS: dict[str, str] = {
    "title": "offlineTitle",
    "text": "offlineText",
    "retry": "offlineRetry",
    "home": "offlineHome",
}

_BUILD_LINE = re.compile(r"^const BUILD = .*; // @grocer-build$", re.M)
_ASSET = re.compile(r"""["'(](/assets/[A-Za-z0-9._/-]+\.(?:js|css))["')]""")


def start_assets(html: str) -> list[str]:
    """The hashed scripts and styles a built page refers to (modulepreload links, the
    paint-first starter's list, stylesheets, the entry's imports), in order, once each; not
    the links the page keeps without fetching (the global stylesheet, written into the page by
    grocer.web.inline_styles)."""
    return list(dict.fromkeys(_ASSET.findall(UNFETCHED.sub("", html))))


def precache_list(static_dir: Path) -> list[str]:
    """The pages and files a new worker fetches while it installs."""
    urls: list[str] = list(PRECACHED_PAGES)
    for name in START_PAGES:
        page = static_dir / name
        if page.exists():
            urls.extend(start_assets(page.read_text(encoding="utf-8")))
    return list(dict.fromkeys(urls))


def offline_texts(locales: Path) -> dict[str, dict[str, str]]:
    """The offline page's texts per language, from `common.json`'s `connection` object."""
    texts: dict[str, dict[str, str]] = {}
    for language in LANGUAGES:
        catalog = json.loads((locales / language / "common.json").read_text(encoding="utf-8"))
        section = catalog.get("connection", {})
        texts[language] = {name: section.get(key, "") for name, key in OFFLINE_KEYS.items()}
    return texts


def build_constant(static_dir: Path, locales: Path) -> dict[str, Any]:
    """The worker's BUILD constant; its version is a hash of everything the worker serves
    from this build (a changed page, file or text gives a new worker)."""
    precache = precache_list(static_dir)
    offline = offline_texts(locales)
    digest = hashlib.sha256(json.dumps([precache, offline], sort_keys=True).encode())
    for name in START_PAGES:
        page = static_dir / name
        if page.exists():
            digest.update(page.read_bytes())
    return {"version": digest.hexdigest()[:16], "precache": precache, "offline": offline}


def with_build(source: str, build: dict[str, Any]) -> str:
    """The worker's source with its BUILD line replaced (unchanged if the line is missing)."""
    line = f"const BUILD = {json.dumps(build, ensure_ascii=False)}; // @grocer-build"
    return _BUILD_LINE.sub(lambda _: line, source, count=1)


class ServiceWorkerPlugin(rx.plugins.Plugin):
    """Writes this build's BUILD constant into the built `/sw.js` (before compression)."""

    def post_build(self, **context: Any) -> None:
        static_dir = Path(context["static_dir"])
        worker = static_dir / SW_FILE
        if not worker.exists():
            return
        locales = static_dir / "locales"  # the catalogs, copied from assets/ by the build
        build = build_constant(static_dir, locales)
        worker.write_text(with_build(worker.read_text(encoding="utf-8"), build), encoding="utf-8")
