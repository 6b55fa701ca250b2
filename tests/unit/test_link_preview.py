"""The head tags of a shared link (grocer/web/link_preview.py), the preview picture's source
(grocer/web/og_image.py) and the sitemap's writers (grocer/web/sitemap.py), on values."""

from __future__ import annotations

import json
import re
import xml.etree.ElementTree as ET
from datetime import UTC, datetime
from pathlib import Path

import pytest

from grocer.web import link_preview as lp
from grocer.web import og_image, sitemap

BUILT_HEAD = (
    '<!DOCTYPE html><html lang="fr"><head><meta charset="utf-8"/>'
    '<title>Grocer – Produit</title><meta property="og:image" content="favicon.ico"/>'
    '<meta name="description" content="old"/><link rel="canonical" href="/old"/>'
    '<link rel="stylesheet" href="/a.css"/></head><body><title>svg</title></body></html>'
)


@pytest.mark.parametrize(
    "agent",
    [
        "WhatsApp/2.23.20.0 A",
        "facebookexternalhit/1.1 (+http://www.facebook.com/externalhit_uatext.php)",
        "Facebot",
        "Twitterbot/1.0",
        "TelegramBot (like TwitterBot)",
        "Slackbot-LinkExpanding 1.0 (+https://api.slack.com/robots)",
        "LinkedInBot/1.0 (compatible; Mozilla/5.0; Apache-HttpClient +http://www.linkedin.com)",
        "Mozilla/5.0 (compatible; Discordbot/2.0; +https://discordapp.com)",
        "Mozilla/5.0 (compatible; Googlebot/2.1; +http://www.google.com/bot.html)",
    ],
)
def test_link_crawlers_get_the_page_whatever_they_accept(agent: str) -> None:
    assert lp.is_link_crawler(agent)
    assert lp.wants_page("*/*", agent) and lp.wants_page("", agent)


def test_a_browser_gets_the_page_only_when_it_asks_for_html() -> None:
    chrome = "Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 Chrome/120.0 Safari/537.36"
    assert not lp.is_link_crawler(chrome) and not lp.is_link_crawler("")
    assert lp.wants_page("text/html,application/xhtml+xml", chrome)
    assert not lp.wants_page("*/*", chrome)


def test_the_head_gets_one_of_each_tag_after_the_charset() -> None:
    meta = lp.PageMeta(path="/produit/7", description="Sucrée.", title="Mangue – Grocer")
    page = lp.with_head(BUILT_HEAD, meta, "https://shop.example")
    head = page.split("</head>")[0]
    assert head.startswith('<!DOCTYPE html><html lang="fr"><head><meta charset="utf-8"/><title>')
    assert head.count("<title>") == 1 and "<title>Mangue – Grocer</title>" in head
    assert "favicon.ico" not in head and "old" not in head
    assert head.count('rel="canonical"') == 1
    assert '<link rel="canonical" href="https://shop.example/produit/7">' in head
    assert '<link rel="stylesheet" href="/a.css"/>' in head
    assert page.endswith("<body><title>svg</title></body></html>")  # the body is not touched


def test_the_json_ld_comes_after_the_built_heads_scripts() -> None:
    """React takes the head's first inline <script> for Reflex's theme line when hydrating."""
    built = BUILT_HEAD.replace("</head>", "<script>theme()</script></head>")
    meta = lp.PageMeta(path="/produit/7", description="x", json_ld={"@type": "Thing"})
    head = lp.with_head(built, meta, "https://shop.example").split("</head>")[0]
    assert head.index("<script>theme()</script>") < head.index('type="application/ld+json"')
    assert head.endswith('{"@type":"Thing"}</script>')


def test_without_a_title_of_its_own_the_page_keeps_the_built_one() -> None:
    untitled = lp.PageMeta(path="/", description="Tout le marché")
    page = lp.with_head(BUILT_HEAD, untitled, "https://shop.example")
    assert '<meta property="og:title" content="Grocer – Produit">' in page
    assert lp.with_head("<p>no head</p>", lp.site_meta("/"), "https://x") == "<p>no head</p>"


def test_descriptions_are_one_short_line() -> None:
    assert lp.shorten("  Sucrée\n et  juteuse. ") == "Sucrée et juteuse."
    long = lp.shorten("mangue " * 50)
    assert len(long) <= lp.DESCRIPTION_CHARS and long.endswith("mangue…")


def test_json_ld_cannot_end_its_script() -> None:
    block = lp.json_ld_script({"name": "</script><script>alert(1)</script> & \u2028"})
    body = re.fullmatch(r'<script type="application/ld\+json">(.*)</script>', block)
    assert body is not None and "<" not in body.group(1) and "&" not in body.group(1)
    assert json.loads(body.group(1))["name"].startswith("</script>")


def test_the_offer_price_is_the_sale_price_in_whole_francs() -> None:
    assert lp.offer_price({"price": "1200.00", "salePrice": None}) == "1200"
    assert lp.offer_price({"price": "1200.00", "salePrice": "949.60"}) == "950"


def test_categories_are_addressed_as_the_shops_links_address_them() -> None:
    assert lp.category_url(1, 1, 1) == "/level-one-products?mainCategoryId=1"
    assert lp.category_url(2, 1, 10) == "/products?mainCategoryId=1&categoryId=10"
    assert lp.category_url(3, 1, 100) == "/full-products?mainCategoryId=1&categoryId=100"


def test_only_the_shops_own_pictures_are_read(tmp_path: Path) -> None:
    (tmp_path / "img").mkdir()
    (tmp_path / "img" / "a.webp").write_bytes(b"x")
    (tmp_path / "secret").write_text("x")
    assert og_image.picture_file("/img/a.webp?v=1", tmp_path) == tmp_path / "img" / "a.webp"
    for url in ("/img/../secret", "https://evil.example/img/a.webp", "/img/none.webp", None, 7):
        assert og_image.picture_file(url, tmp_path) is None  # type: ignore[arg-type]


def test_a_picture_uploaded_in_the_back_office_is_read_from_the_media_folder(
    tmp_path: Path,
) -> None:
    """A product whose picture an admin uploaded (/media/...) previews with that picture."""
    media = tmp_path / "media"
    (media / "article").mkdir(parents=True)
    (media / "article" / "abc.webp").write_bytes(b"x")
    (tmp_path / "secret").write_text("x")
    found = og_image.picture_file("/media/article/abc.webp", tmp_path, media)
    assert found == media / "article" / "abc.webp"
    for url in ("/media/../secret", "/media/article/none.webp", "/mediaX/article/abc.webp"):
        assert og_image.picture_file(url, tmp_path, media) is None


def test_an_unreadable_picture_gives_the_fallback_jpeg(tmp_path: Path) -> None:
    (tmp_path / "img").mkdir()
    (tmp_path / "img" / "broken.webp").write_bytes(b"not a picture")
    data = og_image.preview_jpeg("/img/broken.webp", tmp_path)  # no fallback file there either
    assert data.startswith(b"\xff\xd8") and len(data) < og_image.MAX_BYTES


def test_the_sitemap_is_sitemaps_org_xml() -> None:
    changed = datetime(2026, 11, 25, 10, 30, tzinfo=UTC)
    xml = sitemap.urlset("https://shop.example", [("/", None), ("/produit/7", changed)])
    root = ET.fromstring(xml)
    ns = {"s": sitemap.NAMESPACE}
    assert [u.findtext("s:loc", "", ns) for u in root] == [
        "https://shop.example/",
        "https://shop.example/produit/7",
    ]
    assert root[1].findtext("s:lastmod", "", ns) == "2026-11-25T10:30:00Z"
    assert sitemap.file_count(10, 49_990) == 1
    assert sitemap.file_count(10, 49_991) == 2 and sitemap.file_count(10, 100_001) == 4


def test_category_paths_walk_the_tree() -> None:
    tree = [{"id": 1, "level": 1, "children": [{"id": 2, "level": 2, "children": [
        {"id": 3, "level": 3, "children": []}]}]}]  # fmt: skip
    assert sitemap.category_paths(tree) == [
        "/level-one-products?mainCategoryId=1",
        "/products?mainCategoryId=1&categoryId=2",
        "/full-products?mainCategoryId=1&categoryId=3",
    ]


def test_the_html_element_says_the_pages_language() -> None:
    english = lp.with_head(BUILT_HEAD, lp.site_meta("/", "en"), "https://shop.example")
    assert english.startswith('<!DOCTYPE html><html lang="en">')
    assert "<title>Grocer – Online groceries in Ouagadougou</title>" in english
    bare = lp.with_lang("<html><body></body></html>", "de")
    assert bare == '<html lang="de"><body></body></html>'
    assert lp.with_lang("<HTML class=x lang='fr'>", "es") == '<HTML class=x lang="es">'
    assert lp.with_lang("<p>no html</p>", "de") == "<p>no html</p>"


def test_a_language_in_the_address_is_added_to_its_query() -> None:
    assert lp.in_language("/produit/7", "en") == "/produit/7?lang=en"
    listing = lp.in_language("/products?mainCategoryId=1", "de")
    assert listing == "/products?mainCategoryId=1&lang=de"
