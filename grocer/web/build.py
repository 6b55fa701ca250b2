"""Where the production build puts the pages Reflex serves."""

from __future__ import annotations

from collections.abc import Callable
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
