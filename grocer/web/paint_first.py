"""Paint the prerendered page first, then start the app.

React Router's HTML asks for every script of the app at once (about ten `modulepreload` links
in `<head>`, some 200 KiB) and starts it as soon as they are in. On a phone over a weak
connection those scripts take the bandwidth the banner picture needs, and their evaluation and
hydration (hundreds of milliseconds on a mid-range CPU) come before the prerendered page has
painted. This build plugin rewrites every prerendered page so that its scripts are asked for,
all in parallel, once the page's first picture (`HERO`, the LCP) is in and a frame has painted
it, and evaluated only after the `load` event and a painted frame; the app then starts as
before. `MAX_WAIT_MS` caps the wait if a picture hangs. Measured with Lighthouse (mobile): / LCP
2.4 -> 1.0 s (when the downloads waited for `load` too). Asked for after the first picture
rather than after `load` (issue 23), the scripts of a page with more pictures (the home) leave
sooner, and a product page's as soon as its photo, which grocer.web.hero_preload names at the top
of the page, is painted. The SPA fallback pages (dynamic and unknown routes) are rewritten too:
they paint the loading shell (grocer.web.loading_shell), and for a product the server's preview
of it (grocer.web.page_preview), before the scripts run.
"""

from __future__ import annotations

import json
import re
from pathlib import Path
from typing import Any

import reflex as rx

from grocer.web.build import rewrite_pages
from grocer.web.hero_preload import HERO

MAX_WAIT_MS = 3000
"""Start the app this long after the page is parsed even if `load` has not come yet."""

_PRELOAD = re.compile(r'<link rel="modulepreload" href="([^"]+)"\s*/?>')
_START = re.compile(
    r'<script type="module"(?: async="")?>(?P<body>[^<]*?window\.__reactRouterRouteModules[^<]*?)'
    r"</script>"
)
_SIDE_IMPORT = re.compile(r'^\s*import "([^"]+)";', re.M)
_ROUTE_IMPORT = re.compile(r'^\s*import \* as (\w+) from "([^"]+)";', re.M)
_MODULES = re.compile(r"window\.__reactRouterRouteModules = \{[^;]*\};")
_ENTRY = re.compile(r'import\("([^"]+)"\);\s*$')

MARKER = "data-paint-first"
"""Attribute of the rewritten start script (a page is rewritten once)."""


def dynamic_route_modules(static_dir: Path) -> dict[str, list[str]]:
    """Path prefix → the modules of each dynamic route ("/produit/" → its route module and the
    modules it imports), from React Router's build manifest.

    Why: a dynamic route is served from the SPA fallback page, whose preloads name the app's
    entry only; the router finds the route's own module once the entry runs, and that module's
    imports once it is in — two more trips one after the other (on slow 4G the product page's
    module came 1.2 s after the entry). The start script asks for them with the entry."""
    found = sorted((static_dir / "assets").glob("manifest-*.js"))
    if not found:
        return {}
    text = found[-1].read_text(encoding="utf-8")
    match = re.search(r"window\.__reactRouterManifest\s*=\s*(\{.*\})\s*;?\s*$", text, re.S)
    if match is None:
        return {}
    try:
        routes = json.loads(match.group(1)).get("routes", {})
    except ValueError:
        return {}
    modules: dict[str, list[str]] = {}
    for route in routes.values():
        path = str(route.get("path") or "")
        if ":" not in path or not route.get("module"):
            continue
        prefix = "/" + path.split(":", 1)[0]
        modules[prefix] = [route["module"], *route.get("imports", [])]
    return modules


def _starter(
    preloads: list[str], body: str, dynamic: dict[str, list[str]] | None = None
) -> str | None:
    """The start script's code rewritten to run later, or None if its shape is unknown;
    `dynamic` adds the modules of the dynamic route the address is on (dynamic_route_modules)."""
    side = _SIDE_IMPORT.findall(body)
    routes = _ROUTE_IMPORT.findall(body)
    modules = _MODULES.search(body)
    entry = _ENTRY.search(body)
    if not routes or modules is None or entry is None:
        return None
    started = {*side, entry.group(1), *(url for _, url in routes)}
    shared = [url for url in preloads if url not in started]
    return (
        "(function(){var fetched=false,started=false;"
        "function afterFrame(fn){requestAnimationFrame(function(){setTimeout(fn,0);});}"
        # Asked for once the first picture is in (or at once without one) and a frame has
        # painted it: the downloads take the link from nothing the first paint needs; asked for
        # before that paint, Lighthouse's simulation counted them in the LCP (product page
        # 0.9 -> 1.4 s).
        "function fetchAll(){if(fetched)return;fetched=true;"
        f"var urls={json.dumps(preloads)},more={json.dumps(dynamic or {})};"
        "Object.keys(more).forEach(function(k){"
        "if(location.pathname.indexOf(k)===0){urls=urls.concat(more[k]);}});"
        "urls.forEach(function(u){var l=document.createElement('link');"
        "l.rel='modulepreload';l.href=u;document.head.appendChild(l);});}"
        "function soon(){afterFrame(fetchAll);}"
        f"var hero=document.querySelector({json.dumps(HERO)});"
        "if(!hero||hero.complete){soon();}"
        "else{hero.addEventListener('load',soon,{once:true});"
        "hero.addEventListener('error',soon,{once:true});}"
        "function start(){if(started)return;started=true;fetchAll();"
        # Each module (and what it imports) evaluated in a task of its own, the shared chunks
        # first: together they made one task past a phone's 50 ms, the long task Lighthouse's
        # interactive time ends on.
        "var task=function(){return new Promise(function(r){setTimeout(r,0);});};"
        "(async function(){"
        + "".join(f"await import({json.dumps(url)});await task();" for url in side)
        + "".join(f"await import({json.dumps(url)});await task();" for url in shared)
        + "".join(f"const {n}=await import({json.dumps(url)});await task();" for n, url in routes)
        + modules.group(0)
        + f"import({json.dumps(entry.group(1))});"
        "})();}"
        "function later(){afterFrame(start);}"
        "if(document.readyState==='complete'){later();}"
        "else{addEventListener('load',later,{once:true});"
        f"setTimeout(start,{MAX_WAIT_MS});}}"
        "})();"
    )


def paint_first(html: str, dynamic: dict[str, list[str]] | None = None) -> str:
    """The page with its scripts asked for after it has painted (unchanged if the page has no
    React Router start script of the known shape, or was rewritten already); on an address
    of a dynamic route, that route's modules too (`dynamic`, see dynamic_route_modules)."""
    if MARKER in html:
        return html
    start = _START.search(html)
    if start is None:
        return html
    preloads = _PRELOAD.findall(html)
    code = _starter(preloads, start.group("body"), dynamic)
    if code is None:
        return html
    rewritten = html[: start.start()] + f'<script type="module" {MARKER}="">{code}</script>'
    rewritten += html[start.end() :]
    return _PRELOAD.sub("", rewritten)


class PaintFirstPlugin(rx.plugins.Plugin):
    """Rewrites the built pages after the production build (before compression); registered
    after LoadingShellPlugin, whose shell is what the fallback pages paint first."""

    def post_build(self, **context: Any) -> None:
        static_dir = Path(context["static_dir"])
        dynamic = dynamic_route_modules(static_dir)
        rewrite_pages(static_dir, lambda html: paint_first(html, dynamic))
