"""Shared links (grocer/web/link_preview.py, site_files.py, og_image.py), on SQLite and PostgreSQL
with the demo catalogue: what WhatsApp's and Facebook's crawlers read in a product or category
page they fetch with `Accept: */*`, the picture they then fetch, the sitemap and robots.txt.

The stack is the shop's own middlewares around a stand-in for the static files, with the built
pages as the build leaves them (a `<head>` as Reflex writes it: charset, viewport, the page's
generic title and React's favicon og:image)."""

from __future__ import annotations

import io
import json
import xml.etree.ElementTree as ET
from collections.abc import Iterator
from html.parser import HTMLParser
from pathlib import Path
from urllib.parse import urlsplit

import pytest
import sqlalchemy as sa
from fastapi.testclient import TestClient
from PIL import Image

from grocer.services.catalogue import LISTED_STATUS, A, C
from grocer.views.styles import SLOT_ID
from grocer.web import sitemap
from tests.support.built_pages import demo_page_client, write_pages

BASE = "https://grocer.example.bf"
WHATSAPP = "WhatsApp/2.23.20.0 A"
FACEBOOK = "facebookexternalhit/1.1 (+http://www.facebook.com/externalhit_uatext.php)"
CRAWLERS = {
    "whatsapp": {"user-agent": WHATSAPP, "accept": "*/*"},
    "facebook": {"user-agent": FACEBOOK, "accept": "*/*"},
    "telegram": {"user-agent": "TelegramBot (like TwitterBot)"},
    "slack": {"user-agent": "Slackbot-LinkExpanding 1.0 (+https://api.slack.com/robots)"},
}
HEAD = (
    '<head><meta charset="utf-8"/><meta name="viewport" content="width=device-width"/>'
    '<title>Grocer – {title}</title><meta property="og:image" content="favicon.ico"/>'
    '<link rel="modulepreload" href="/assets/app.js"/></head>'
)
CATEGORY_PAGE = (
    f'<!DOCTYPE html><html lang="fr">{HEAD.format(title="Rayons")}<body><div id="top"><main>'
    f'<div id="{SLOT_ID}" class="peer"></div><div class="hidden peer-empty:block">skeleton</div>'
    "</main></div></body></html>"
)
FALLBACK = '<!DOCTYPE html><html lang="fr"><head><meta charset="utf-8"/></head><body></body></html>'
HOME = (
    f'<!DOCTYPE html><html lang="fr">{HEAD.format(title="Courses")}<body>'
    f'<div id="{SLOT_ID}" class="peer"></div>home</body></html>'
)
HOSTILE = '</script><script>alert("x")</script> Mangue "Amélie" & <b>co</b>'


class Head(HTMLParser):
    """The tags a crawler reads: title, meta by name or property, canonical link, JSON-LD."""

    def __init__(self, page: str) -> None:
        super().__init__()
        self.titles: list[str] = []
        self.meta: dict[str, list[str]] = {}
        self.canonical: list[str] = []
        self.json_ld: list[dict] = []
        self._in: str | None = None
        self.feed(page.split("</head>", 1)[0])

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        a = dict(attrs)
        if tag == "meta" and (a.get("property") or a.get("name")):
            key = a.get("property") or a.get("name") or ""
            self.meta.setdefault(key, []).append(a.get("content") or "")
        elif tag == "link" and a.get("rel") == "canonical":
            self.canonical.append(a.get("href") or "")
        elif tag == "title" or (tag == "script" and a.get("type") == "application/ld+json"):
            self._in = tag

    def handle_data(self, data: str) -> None:
        if self._in == "title":
            self.titles.append(data)
        elif self._in == "script":
            self.json_ld.append(json.loads(data))

    def handle_endtag(self, tag: str) -> None:
        self._in = None

    def one(self, key: str) -> str:
        values = self.meta.get(key, [])
        assert len(values) == 1, f"{key}: {values}"
        return values[0]


@pytest.fixture
def pages(tmp_path: Path) -> Path:
    """A production build's pages as the build plugins leave them."""
    return write_pages(tmp_path, CATEGORY_PAGE, FALLBACK, HOME)


@pytest.fixture
def shop(database: sa.Engine, pages: Path, monkeypatch: pytest.MonkeyPatch) -> Iterator[TestClient]:
    with demo_page_client(database, pages, BASE, monkeypatch) as client:
        yield client


def _id(engine: sa.Engine, table: sa.Table, key: str) -> int:
    with engine.connect() as conn:
        return int(conn.execute(sa.select(table.c.id).where(table.c.key == key)).scalar_one())


def _picture(shop: TestClient, url: str) -> Image.Image:
    """The preview picture a crawler fetches: a JPEG under 300 KB of at least 300×200."""
    assert url.startswith(f"{BASE}/og/")
    parts = urlsplit(url)
    answer = shop.get(f"{parts.path}?{parts.query}", headers={"user-agent": WHATSAPP})
    assert answer.status_code == 200
    assert answer.headers["content-type"] == "image/jpeg"
    assert "max-age" in answer.headers["cache-control"]
    assert len(answer.content) < 300 * 1024
    picture = Image.open(io.BytesIO(answer.content))
    assert picture.format == "JPEG"
    assert picture.size == (1200, 630)
    return picture


@pytest.mark.parametrize("crawler", sorted(CRAWLERS))
def test_a_crawler_reads_every_tag_of_a_product_page(
    shop: TestClient, database: sa.Engine, crawler: str
) -> None:
    article = _id(database, A, "grosse-papaye")
    answer = shop.get(f"/produit/{article}", headers=CRAWLERS[crawler])
    assert answer.status_code == 200
    assert answer.headers["content-type"].startswith("text/html")
    head = Head(answer.text)
    url = f"{BASE}/produit/{article}"
    assert head.titles == ["Grosse papaye – Grocer"]
    description = head.one("description")
    assert description and len(description) <= 160
    assert head.canonical == [url]
    assert head.one("og:type") == "product"
    assert head.one("og:title") == "Grosse papaye – Grocer"
    assert head.one("og:description") == description
    assert head.one("og:url") == url
    assert head.one("og:site_name") == "Grocer"
    assert head.one("og:locale") == "fr_FR"
    assert head.one("og:image:type") == "image/jpeg"
    assert (head.one("og:image:width"), head.one("og:image:height")) == ("1200", "630")
    assert head.one("og:image:secure_url") == head.one("og:image")
    assert head.one("product:price:amount") == "1200"
    assert head.one("product:price:currency") == "XOF"
    assert head.one("twitter:card") == "summary_large_image"
    assert head.one("twitter:title") == "Grosse papaye – Grocer"
    assert head.one("twitter:image") == head.one("og:image")
    assert "favicon.ico" not in answer.text  # React's generic og:image was taken out
    (product,) = head.json_ld
    assert product["@context"] == "https://schema.org" and product["@type"] == "Product"
    assert product["name"] == "Grosse papaye"
    assert product["productID"] == str(article) and product["sku"]
    assert product["description"] == description
    assert product["image"] == [head.one("og:image")]
    assert product["offers"] == {
        "@type": "Offer",
        "price": "1200",
        "priceCurrency": "XOF",
        "availability": "https://schema.org/InStock",
        "url": url,
    }
    picture = _picture(shop, head.one("og:image"))
    assert picture.getpixel((5, 5)) == (255, 255, 255)  # letterboxed on white
    assert picture.getpixel((600, 315)) != (255, 255, 255)  # the papaya in the middle


def test_a_product_on_sale_offers_its_sale_price(shop: TestClient, database: sa.Engine) -> None:
    with database.begin() as conn:
        conn.execute(
            sa.update(A).where(A.c.key == "grosse-papaye").values(price=1200, sale_price=950)
        )
    article = _id(database, A, "grosse-papaye")
    head = Head(shop.get(f"/produit/{article}", headers=CRAWLERS["whatsapp"]).text)
    assert head.one("product:price:amount") == "950"
    assert head.json_ld[0]["offers"]["price"] == "950"


def test_a_withdrawn_product_is_out_of_stock(shop: TestClient, database: sa.Engine) -> None:
    with database.begin() as conn:
        conn.execute(sa.update(A).where(A.c.key == "grosse-papaye").values(status="WITHDRAWN"))
    article = _id(database, A, "grosse-papaye")
    head = Head(shop.get(f"/produit/{article}", headers=CRAWLERS["facebook"]).text)
    assert head.json_ld[0]["offers"]["availability"] == "https://schema.org/OutOfStock"
    assert head.one("product:availability") == "out of stock"


def test_a_hostile_name_is_only_text(shop: TestClient, database: sa.Engine) -> None:
    with database.begin() as conn:
        conn.execute(
            sa.update(A)
            .where(A.c.key == "grosse-papaye")
            .values(name=HOSTILE, description=HOSTILE, brand=HOSTILE)
        )
    article = _id(database, A, "grosse-papaye")
    page = shop.get(f"/produit/{article}", headers=CRAWLERS["whatsapp"]).text
    assert "<script>alert" not in page and "<b>co" not in page
    head = Head(page)
    assert head.titles == [f"{HOSTILE} – Grocer"]
    assert head.one("og:title") == f"{HOSTILE} – Grocer"
    assert head.one("description") == HOSTILE
    (product,) = head.json_ld  # the block was not ended early: it parses whole
    assert product["name"] == HOSTILE and product["brand"]["name"] == HOSTILE


def test_a_crawler_reads_every_tag_of_a_category_page(
    shop: TestClient, database: sa.Engine
) -> None:
    main, sub = _id(database, C, "fruits-legumes"), _id(database, C, "fruits")
    url = f"/products?mainCategoryId={main}&categoryId={sub}"
    answer = shop.get(f"{url}&sort=price_asc", headers=CRAWLERS["whatsapp"])
    assert answer.status_code == 200
    head = Head(answer.text)
    assert head.titles == ["Fruits – Grocer"]
    assert head.canonical == [BASE + url]  # the place, without the shopper's refine choices
    assert head.one("og:url") == BASE + url
    assert head.one("og:type") == "website"
    assert head.one("og:title") == "Fruits – Grocer"
    assert head.one("description").startswith("Fruits : Agrumes")
    assert head.one("twitter:card") == "summary_large_image"
    assert "product:price:amount" not in head.meta
    (items,) = head.json_ld
    assert items["@type"] == "ItemList"
    assert all(i["url"].startswith(f"{BASE}/produit/") for i in items["itemListElement"])
    _picture(shop, head.one("og:image"))
    assert f'<div id="{SLOT_ID}" class="peer"><div id="grocer-preview"' in answer.text


def test_a_crawler_reads_the_tags_of_full_products(shop: TestClient, database: sa.Engine) -> None:
    main, leaf = _id(database, C, "fruits-legumes"), _id(database, C, "agrumes")
    url = f"/full-products?mainCategoryId={main}&categoryId={leaf}"
    head = Head(shop.get(f"{url}&brand=x", headers=CRAWLERS["telegram"]).text)
    assert head.titles == ["Agrumes – Grocer"] and head.one("og:title") == "Agrumes – Grocer"
    assert head.canonical == [BASE + url] and head.one("og:url") == BASE + url
    assert head.one("og:type") == "website"
    _picture(shop, head.one("og:image"))
    overview = Head(shop.get(f"/full-products?mainCategoryId={main}", headers=HTML).text)
    assert overview.one("description").startswith("Fruits et légumes : Fruits, ")


def test_the_home_has_the_shops_tags(shop: TestClient) -> None:
    head = Head(shop.get("/", headers=CRAWLERS["facebook"]).text)
    assert head.titles == ["Grocer – Courses en ligne à Ouagadougou"]  # common:shopTitle
    assert head.canonical == [f"{BASE}/"]
    assert head.one("og:type") == "website"
    assert head.one("description").startswith("Vos courses livrées à Ouagadougou")
    _picture(shop, head.one("og:image"))


def test_browsers_are_answered_as_before(shop: TestClient, database: sa.Engine) -> None:
    url = f"/produit/{_id(database, A, 'grosse-papaye')}"
    browser = "Mozilla/5.0 (Linux; Android 13) Chrome/120.0 Mobile Safari/537.36"
    page = shop.get(url, headers={"user-agent": browser, "accept": "text/html"}).text
    assert 'id="grocer-preview"' in page and "og:title" in page
    answer = shop.get(url, headers={"user-agent": browser, "accept": "*/*"})
    assert answer.text == f"static {url}"  # a script's fetch, not a page


def test_head_requests_get_the_pages_headers(shop: TestClient, database: sa.Engine) -> None:
    url = f"/produit/{_id(database, A, 'grosse-papaye')}"
    answer = shop.head(url, headers=CRAWLERS["whatsapp"])
    assert answer.status_code == 200
    assert answer.headers["content-type"].startswith("text/html")
    assert int(answer.headers["content-length"]) > 1000 and answer.content == b""
    picture = shop.head("/og/site.jpg", headers=CRAWLERS["facebook"])
    assert picture.status_code == 200 and picture.headers["content-type"] == "image/jpeg"


@pytest.mark.parametrize(
    "path", ["/og/produit/999999.jpg", "/og/produit/0.jpg", "/og/categorie/999999.jpg"]
)
def test_the_picture_of_nothing_is_a_404(shop: TestClient, path: str) -> None:
    assert shop.get(path, headers=CRAWLERS["whatsapp"]).status_code == 404


def test_a_product_without_picture_gets_the_fallback(shop: TestClient, database: sa.Engine) -> None:
    with database.begin() as conn:
        conn.execute(
            sa.update(A).where(A.c.key == "grosse-papaye").values(image_urls=["/img/../../x"])
        )
    head = Head(shop.get(f"/produit/{_id(database, A, 'grosse-papaye')}", headers=HTML).text)
    _picture(shop, head.one("og:image"))


HTML = {"accept": "text/html"}
NS = {"s": sitemap.NAMESPACE}


def _locs(shop: TestClient, path: str) -> tuple[str, list[str]]:
    answer = shop.get(path)
    assert answer.status_code == 200
    assert answer.headers["content-type"].startswith("application/xml")
    root = ET.fromstring(answer.content)
    return root.tag, [loc.text or "" for loc in root.iterfind(".//s:loc", NS)]


def _listed_ids(database: sa.Engine) -> set[int]:
    with database.connect() as conn:
        rows = conn.execute(sa.select(A.c.id).where(A.c.status == LISTED_STATUS))
        return {int(row.id) for row in rows}


def test_the_sitemap_lists_the_home_every_category_and_every_product(
    shop: TestClient, database: sa.Engine
) -> None:
    with database.begin() as conn:
        conn.execute(sa.update(A).where(A.c.key == "ail").values(status="WITHDRAWN"))
    tag, locs = _locs(shop, "/sitemap.xml")
    assert tag == f"{{{sitemap.NAMESPACE}}}urlset"
    assert all(loc.startswith(f"{BASE}/") for loc in locs)
    assert len(locs) == len(set(locs))
    assert f"{BASE}/" in locs
    products = {int(loc.rsplit("/", 1)[1]) for loc in locs if "/produit/" in loc}
    assert products == _listed_ids(database)
    assert _id(database, A, "ail") not in products
    main, sub = _id(database, C, "fruits-legumes"), _id(database, C, "fruits")
    leaf = _id(database, C, "agrumes")
    assert f"{BASE}/level-one-products?mainCategoryId={main}" in locs
    assert f"{BASE}/products?mainCategoryId={main}&categoryId={sub}" in locs
    assert f"{BASE}/full-products?mainCategoryId={main}&categoryId={leaf}" in locs
    root = ET.fromstring(shop.get("/sitemap.xml").content)
    dated = [u for u in root.iterfind("s:url", NS) if "/produit/" in u.findtext("s:loc", "", NS)]
    assert all(u.findtext("s:lastmod", "", NS).endswith("Z") for u in dated)


def test_a_large_sitemap_is_an_index_of_files(
    shop: TestClient, database: sa.Engine, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setattr(sitemap, "URLS_PER_FILE", 150)
    tag, files = _locs(shop, "/sitemap.xml")
    assert tag == f"{{{sitemap.NAMESPACE}}}sitemapindex"
    assert files[0] == f"{BASE}/sitemap-1.xml" and len(files) > 2
    every: list[str] = []
    for file in files:
        part_tag, locs = _locs(shop, urlsplit(file).path)
        assert part_tag == f"{{{sitemap.NAMESPACE}}}urlset" and len(locs) <= 150
        every += locs
    products = {int(loc.rsplit("/", 1)[1]) for loc in every if "/produit/" in loc}
    assert products == _listed_ids(database)
    assert shop.get(f"/sitemap-{len(files) + 1}.xml").status_code == 404


def test_robots_points_to_the_sitemap(shop: TestClient) -> None:
    answer = shop.get("/robots.txt")
    assert answer.status_code == 200
    assert answer.headers["content-type"].startswith("text/plain")
    lines = answer.text.splitlines()
    assert f"Sitemap: {BASE}/sitemap.xml" in lines
    assert lines[0] == "User-agent: *"
    for path in ("/account", "/checkout", "/payment", "/api/"):
        assert f"Disallow: {path}" in lines
