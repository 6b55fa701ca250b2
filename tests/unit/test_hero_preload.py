"""The page's first picture asked for from the top of its head (grocer.web.hero_preload), on
the pages the server writes: a product's photo yes, the home's banner (a srcset) no."""

from __future__ import annotations

from grocer.web.hero_preload import MARK, hero_preload, with_hero_preload

HEAD = '<!DOCTYPE html><html><head><meta charSet="utf-8"/><title>T</title>'
PHOTO = (
    '<img src="/img/products/riz&amp;co.webp" alt="Riz" width="600" height="600" '
    'decoding="async" fetchpriority="high">'
)


def _page(body: str, style: str = "<style>" + "a{}" * 100 + "</style>") -> str:
    return f"{HEAD}{style}</head><body><main>{body}</main></body></html>"


def test_the_first_picture_is_asked_for_right_after_the_charset() -> None:
    page = with_hero_preload(_page(f'<img src="/img/logo.webp" alt="">{PHOTO}'))
    tag = f'<link rel="preload" as="image" fetchpriority="high" {MARK}="" '
    tag += 'href="/img/products/riz&amp;co.webp">'
    # before the inline stylesheet, with the address as the picture has it (escaped once)
    assert page.startswith(f'<!DOCTYPE html><html><head><meta charSet="utf-8"/>{tag}<title>')
    assert page.count('rel="preload"') == 1
    assert with_hero_preload(page) == page  # once


def test_pages_without_such_a_picture_are_left_alone() -> None:
    for body in (
        "<p>Rien</p>",
        '<img src="/img/a.webp" alt="">',  # not the first picture
        '<img src="data:image/gif;base64,R0lGOD" data-lazy-src="/img/a.webp" '
        'fetchpriority="high">',  # a placeholder
        # a srcset: the browser may choose another file for the preload than for the picture
        '<img src="/img/banners/b-1.webp" srcSet="/img/banners/b-1-600.webp 600w, '
        '/img/banners/b-1.webp 1200w" fetchPriority="high" alt="">',
    ):
        page = _page(body)
        assert with_hero_preload(page) == page, body
    # a picture named only in the head (a link preview's og:image) is not the page's
    assert hero_preload(f'{HEAD}<meta property="og:image" content="/x.webp"></head><body>') == ""


def test_a_fetchpriority_attribute_in_any_case_counts() -> None:
    page = _page(PHOTO.replace("fetchpriority", "fetchPriority"))
    assert MARK in with_hero_preload(page)
