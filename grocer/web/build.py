"""Where the production build puts the pages Reflex serves."""

from __future__ import annotations

from collections.abc import Callable, Iterable
from pathlib import Path


def built_pages_dir() -> Path:
    """The built frontend's static folder (`.web/build/client`), served by Reflex's static files;
    it may not exist yet (backend-only run, or before the first build)."""
    from reflex.utils import prerequisites
    from reflex_base import constants

    return prerequisites.get_web_dir() / constants.Dirs.STATIC


def rewrite_pages(static_dir: Path, rewrite: Callable[[str], str]) -> None:
    """Apply `rewrite` to every built page (the build plugins' post-build step); a page is
    written back only when it changed."""
    for page in static_dir.rglob("*.html"):
        html = page.read_text(encoding="utf-8")
        rewritten = rewrite(html)
        if rewritten != html:
            page.write_text(rewritten, encoding="utf-8")


def needs_rewrite(source: str, mark: str, anchors: Iterable[str], name: str) -> bool:
    """Whether a compiled file (`name`) still lacks the rewrite marked `mark` (the build plugins
    of `state.js` run on every compile); raises when one of the `anchors` the rewrite replaces
    is no longer there exactly once: a Reflex upgrade changed the file, and the build stops."""
    if mark in source:
        return False
    for anchor in anchors:
        if source.count(anchor) != 1:
            missing = anchor.strip()
            raise RuntimeError(f"{name} has changed: '{missing}' is missing (Reflex upgrade?)")
    return True
