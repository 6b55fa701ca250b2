"""The dialogs' library is fetched when wanted (assets/dialog.js), so no component names it for
Reflex to install: the configuration must, at the version the module imports."""

from __future__ import annotations

from pathlib import Path

import rxconfig
from grocer.components.dialog import LIBRARY, RADIX

ASSETS = Path(__file__).resolve().parents[2] / "assets"


def test_radix_is_installed_though_no_component_imports_it() -> None:
    assert RADIX in rxconfig.config.frontend_packages
    module = ASSETS / LIBRARY.removeprefix("$/public/")
    package = RADIX.rsplit("@", 1)[0]
    assert f'import("{package}")' in module.read_text(encoding="utf-8")
