"""Where the production build puts the pages Reflex serves."""

from __future__ import annotations

from pathlib import Path


def built_pages_dir() -> Path:
    """The built frontend's static folder (`.web/build/client`), served by Reflex's static files;
    it may not exist yet (backend-only run, or before the first build)."""
    from reflex.utils import prerequisites
    from reflex_base import constants

    return prerequisites.get_web_dir() / constants.Dirs.STATIC
