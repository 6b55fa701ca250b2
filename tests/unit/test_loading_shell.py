"""The loading shell put into the SPA fallback pages at build time (grocer/web/loading_shell.py)."""

from __future__ import annotations

from pathlib import Path

from grocer.web.loading_shell import (
    PREVIEW_MARK,
    SHELL_ID,
    SHELL_TAG,
    LoadingShellPlugin,
    add_shell,
)

FALLBACK = '<!DOCTYPE html><html lang="fr"><head></head><body><div></div></body></html>'


def test_the_shell_becomes_the_first_child_of_body_once() -> None:
    once = add_shell(FALLBACK)
    assert once.index(f'<body><{SHELL_TAG} id="{SHELL_ID}"') > 0
    assert once.endswith(f"</{SHELL_TAG}><div></div></body></html>")
    assert add_shell(once) == once


def test_the_shell_is_no_element_the_app_renders() -> None:
    """React, hydrating <body>, would take a shell <div> for the app's first <div> (#418)."""
    assert "-" in SHELL_TAG  # a custom element's name: no HTML element, no component's tag


def test_the_plugin_rewrites_only_the_fallback_pages(tmp_path: Path) -> None:
    (tmp_path / "__spa-fallback.html").write_text(FALLBACK)
    (tmp_path / "index.html").write_text(FALLBACK)
    LoadingShellPlugin().post_build(static_dir=tmp_path)
    assert SHELL_ID in (tmp_path / "__spa-fallback.html").read_text()
    assert SHELL_ID not in (tmp_path / "index.html").read_text()


def test_the_shell_keeps_one_place_for_a_preview() -> None:
    """The server replaces the spinner with a product's preview (grocer.web.page_preview)."""
    shell = add_shell(FALLBACK)
    assert shell.count(PREVIEW_MARK) == 1
    assert shell.index(PREVIEW_MARK) < shell.index("<script>")
