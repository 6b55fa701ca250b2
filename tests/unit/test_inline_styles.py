"""The global stylesheet is written into every built page (grocer/web/inline_styles.py)."""

from __future__ import annotations

from grocer.web.inline_styles import MARKER, inline_styles
from grocer.web.service_worker import start_assets

CSS_URL = "/assets/__reflex_global_styles-Ab1.css"
CSS = "*,:after{box-sizing:border-box}body{margin:0}.flex{display:flex}"
# The shape Reflex's document writes into every prerendered page.
PAGE = (
    '<!DOCTYPE html><html lang="fr"><head><meta charSet="utf-8"/>'
    f'<link as="style" href="{CSS_URL}" rel="preload"/><script>/* theme */</script>'
    f'<link href="{CSS_URL}" rel="stylesheet" type="text/css"/></head>'
    '<body><div class="flex">Bonjour</div>'
    '<script type="module">import("/assets/entry.client-2.js");</script></body></html>'
)


def test_the_page_carries_the_stylesheet_and_keeps_its_links_unfetched() -> None:
    html = inline_styles(PAGE, CSS_URL, CSS)
    # the rules where the link was, before it: the page paints styled without asking
    assert f"<style {MARKER}>{CSS}</style>" in html
    assert html.index(f"<style {MARKER}>") < html.index(f'href="{CSS_URL}" rel="stylesheet"')
    # the links React hydrates stay, but the browser fetches neither
    assert f'<link href="{CSS_URL}" rel="stylesheet" type="text/css" disabled=""/>' in html
    assert f'<link as="style" href="{CSS_URL}" rel="preload" media="not all"/>' in html
    assert html.count(CSS_URL) == 2
    assert '<div class="flex">Bonjour</div>' in html


def test_a_page_is_rewritten_once() -> None:
    once = inline_styles(PAGE, CSS_URL, CSS)
    assert inline_styles(once, CSS_URL, CSS) == once
    assert once.count(CSS) == 1


def test_a_page_without_that_stylesheet_is_left_alone() -> None:
    other = PAGE.replace(CSS_URL, "/assets/other-1.css")
    assert inline_styles(other, CSS_URL, CSS) == other


def test_css_that_would_end_the_style_element_keeps_the_link() -> None:
    assert inline_styles(PAGE, CSS_URL, 'a::after{content:"</style>"}') == PAGE


def test_the_service_worker_does_not_precache_the_links_left_unfetched() -> None:
    html = inline_styles(PAGE, CSS_URL, CSS)
    assert start_assets(html) == ["/assets/entry.client-2.js"]
    assert start_assets(PAGE) == [CSS_URL, "/assets/entry.client-2.js"]
