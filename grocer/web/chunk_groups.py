"""The scripts every page starts with, built into a few files instead of twenty (issue 23).

Why: the bundler gives each set of modules shared by a different set of pages a file of its
own, so the product page started with 20 scripts, 15 of them 0.4–7 kB (our own `bag_now.js`,
`session.js`, `dialog.js`… the `react-dom` module, Vite's preload helper, `env.json`), and the
first "Add To Cart" asked for four more (the dialogs' code). Over HTTP/1.1 the browser asks for
at most 6 at a time per host, and on a slow link each small one costs its connection a round
trip in which the link is not filled: on slow 4G the scripts the bytes needed 1.0 s for came
in 1.6 s after they were asked for (journey bench profile, tests/bench/journey.py). Which
pages share what also changes as pages are added, and with it the files.

rolldown's `codeSplitting` groups (in the build's `vite.config.js`, compiled again on every
run) make the files from the module graph instead:

- `framework` and `shell`: every module the root layout imports, directly or not (and what the
  client entry shares with a later file): the libraries and Reflex's runtime, and our own
  modules of /public (`chunk_groups.js`, written into the config, decides);
- `overlays`: the dialogs' library and their code (grocer.components.overlays), fetched
  together when a dialog is first wanted;
- `storefront`: the product card, carousel, lazy and preview modules the catalogue pages
  import.

The root layout's own components, React DOM's client (the entry), each page and the map stay
as the bundler makes them. Product page: 20 → 8 scripts, the first dialog 4 → 1, the same bytes.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

import reflex as rx

from grocer.web.build import needs_rewrite

VITE_CONFIG = "vite.config.js"
GROUPING_JS = Path(__file__).with_name("chunk_groups.js")
"""The function naming the start files' modules (JavaScript, run by the bundler)."""
_MARK = GROUPING_JS.read_text(encoding="utf-8").splitlines()[0]
"""The grouping function's first line: a config that holds it was rewritten already."""
_DEFINE = "export default defineConfig"
_REFLEX_GROUPS = """          groups: [
            {
              test: /env.json/,
              name: "reflex-env",
            },
          ],"""

DIALOG_MODULES = (r"/@radix-ui/react-dialog/", r"/app_components/grocer/components/overlays\.jsx$")
"""Module ids (parts of) of the `overlays` group; the bundler adds their dependencies."""
STOREFRONT_MODULES = (
    r"/public/(?:carousel|lazy|preview)\.js$",
    r"/app_components/grocer/components/product_card\.jsx$",
)
"""Module ids (parts of) of the `storefront` group."""


def _test(patterns: tuple[str, ...]) -> str:
    """A JavaScript regular expression literal matching a module id that one of `patterns`
    matches."""
    return "/" + "|".join(patterns).replace("/", r"\/") + "/"


def with_chunk_groups(source: str) -> str:
    """vite.config.js with our groups in place of Reflex's `reflex-env` one (its `env.json`
    is in `framework`) and the function they use; unchanged when done already."""
    if not needs_rewrite(source, _MARK, (_REFLEX_GROUPS, _DEFINE), VITE_CONFIG):
        return source
    groups = f"""          groups: [
            {{ name: grocerStartChunk, priority: 30 }},
            {{
              name: "overlays",
              test: {_test(DIALOG_MODULES)},
              priority: 20,
            }},
            {{
              name: "storefront",
              test: {_test(STOREFRONT_MODULES)},
              priority: 10,
            }},
          ],"""
    source = source.replace(_REFLEX_GROUPS, groups, 1)
    grouping = GROUPING_JS.read_text(encoding="utf-8")
    return source.replace(_DEFINE, f"{grouping}\n{_DEFINE}", 1)


class ChunkGroupsPlugin(rx.plugins.Plugin):
    """Rewrites the compiled vite.config.js before the build."""

    def pre_compile(self, **context: Any) -> None:
        context["add_modify_task"](VITE_CONFIG, with_chunk_groups)
