"""Pages answered with a preview of their data (grocer/web/page_preview.py), on SQLite and
PostgreSQL with the demo catalogue: what a browser receives before any script runs, and every
request the middleware must leave to the static files."""

from __future__ import annotations

import json
import re
from collections.abc import Iterator
from html import escape
from pathlib import Path

import pytest
import sqlalchemy as sa
from fastapi.testclient import TestClient
from sqlmodel import Session
from starlette.applications import Starlette
from starlette.routing import Route

from grocer.seed.loader import load_demo
from grocer.services import catalogue
from grocer.services.catalogue import A, C, S
from grocer.services.catalogue import sections as sections_of
from grocer.views.catalogue import product_view
from grocer.views.styles import SLOT_ID
from grocer.web.loading_shell import PREVIEW_MARK, SHELL_ID
from grocer.web.page_preview import PagePreview
from tests.support.built_pages import static_files, write_pages

HTML = {"accept": "text/html,application/xhtml+xml"}
CATEGORY_PAGE = (
    '<!DOCTYPE html><html lang="fr"><head></head><body><div id="top"><main>'
    f'<div id="{SLOT_ID}" class="peer"></div><div class="hidden peer-empty:block">skeleton</div>'
    "</main></div></body></html>"
)
FALLBACK = '<!DOCTYPE html><html lang="fr"><head></head><body></body></html>'


@pytest.fixture
def pages(tmp_path: Path) -> Path:
    """A production build's pages as the build plugins leave them."""
    return write_pages(tmp_path, CATEGORY_PAGE, FALLBACK, home=CATEGORY_PAGE)


@pytest.fixture
def shop(database: sa.Engine, pages: Path) -> Iterator[TestClient]:
    with Session(database) as db:
        load_demo(db)
        db.commit()
    inner = Starlette(routes=[Route("/{path:path}", static_files, methods=["GET", "POST"])])
    with TestClient(PagePreview(inner, pages=pages)) as client:
        yield client


def _id(engine: sa.Engine, table: sa.Table, key: str) -> int:
    with engine.connect() as conn:
        return int(conn.execute(sa.select(table.c.id).where(table.c.key == key)).scalar_one())


def test_a_product_page_arrives_with_the_product_in_its_loading_shell(
    shop: TestClient, database: sa.Engine
) -> None:
    article = _id(database, A, "grosse-papaye")
    answer = shop.get(f"/produit/{article}", headers={**HTML, "accept-encoding": "gzip"})
    assert answer.status_code == 200
    assert answer.headers["content-type"].startswith("text/html")
    assert answer.headers["content-encoding"] == "gzip"
    assert answer.headers["cache-control"] == "no-cache"
    page = answer.text
    assert page.index(SHELL_ID) < page.index('id="grocer-preview"')
    assert f'data-for="/produit/{article}"' in page
    assert 'sm:text-3xl">Grosse papaye</h1>' in page
    assert 'src="/img/products/grosse-papaye.webp"' in page
    assert 'fetchpriority="high"' in page
    # the photo is asked for from the top of the head (grocer.web.hero_preload), before the
    # inline stylesheet the browser parses first
    preload = '<link rel="preload" as="image" fetchpriority="high" data-hero="" '
    preload += 'href="/img/products/grosse-papaye.webp">'
    assert page.count(preload) == 1 and page.index(preload) < page.index("<style")
    assert "1\u202f200\u00a0XOF" in page
    assert "Retour à l&#x27;accueil" in page
    assert PREVIEW_MARK not in page  # the spinner gave its place to the product


def test_a_product_page_carries_the_product_for_the_apps_first_render(
    shop: TestClient, database: sa.Engine
) -> None:
    """The data block assets/page_product.js draws the page from before the state's copy: the
    product as the state would hold it, in the head, with no "<" that could end the block."""
    article = _id(database, A, "grosse-papaye")
    page = shop.get(f"/produit/{article}", headers=HTML).text
    head = page.split("</head>")[0]
    found = re.search(
        r'<script type="application/json" id="grocer-page-product">(.*?)</script>', head
    )
    assert found is not None and "<" not in found.group(1)
    data = json.loads(found.group(1))
    with Session(database) as db:
        expected = product_view(catalogue.get_article(db, article, lang="fr"))
    assert data == json.loads(json.dumps(expected))
    assert data["id"] == article and data["name"] == "Grosse papaye"


def test_a_category_page_arrives_with_its_names_and_first_row(
    shop: TestClient, database: sa.Engine
) -> None:
    main, sub = _id(database, C, "fruits-legumes"), _id(database, C, "fruits")
    url = f"/products?mainCategoryId={main}&categoryId={sub}"
    page = shop.get(url, headers=HTML).text
    slot = page.index(f'<div id="{SLOT_ID}" class="peer"><div id="grocer-preview"')
    assert slot > 0
    assert f'data-for="{url.replace("&", "&amp;")}"' in page
    assert ">Fruits et légumes</a>" in page
    assert '<li aria-current="page" class="font-semibold text-gray-900">Fruits</li>' in page
    assert ">Agrumes</a>" in page  # a level-3 link
    assert page.count("<article") == 6  # the first section row, six cards at most
    # the two cards a phone shows first, the first one preloaded from the head too
    assert page.count('decoding="async" fetchpriority="high"') == 2
    assert page.count('rel="preload" as="image"') == 1


def test_the_home_arrives_with_every_section_in_display_order(
    shop: TestClient, database: sa.Engine
) -> None:
    # The home's sections as the page loads them (the same service call as its state).
    with Session(database) as db:
        sections = [(s["id"], s["title"]) for s in sections_of(db, articles_only=True, active=True)]
    page = shop.get("/", headers=HTML).text
    assert page.index(f'<div id="{SLOT_ID}" class="peer"><div id="grocer-preview"') > 0
    assert 'data-for="/"' in page
    # Every section, named for the page to keep in place until it mounts its own.
    parts = [page.index(f'data-preview-part="section-{sid}"') for sid, _ in sections]
    assert parts == sorted(parts) and len(parts) > 2
    for sid, title in sections:
        heading = f'id="section-{sid}-title" class="text-xl font-bold text-gray-900">'
        assert f"{heading}{escape(title)}</h2>" in page
    # The banner above is what paints first: the sections' pictures wait until scrolled near.
    sections_html = page[parts[0] :]
    assert 'fetchpriority="high"' not in sections_html
    assert sections_html.count("<img") == sections_html.count("data-lazy-src=")


def test_a_main_category_alone_moves_to_its_first_subcategory_at_once(
    shop: TestClient, database: sa.Engine
) -> None:
    """Spec 001 §2: the first level-2 is chosen and the address moves to it. The level-1
    address is answered with the level-2 page itself, which puts its own address in the bar as
    it is parsed: no redirect to wait for, no page hydrated only to be left."""
    main, first = _id(database, C, "fruits-legumes"), _id(database, C, "fruits")
    answer = shop.get(
        f"/level-one-products?mainCategoryId={main}&sort=price_asc&lang=en",
        headers=HTML,
        follow_redirects=False,
    )
    assert answer.status_code == 200
    page = answer.text
    target = f"/products?mainCategoryId={main}&categoryId={first}&sort=price_asc&lang=en"
    assert f'<div id="grocer-preview" data-for="{escape(target)}"' in page
    assert "history.replaceState(history.state,'',to)" in page
    canonical = re.search(r'<link rel="canonical" href="([^"]+)"', page)
    assert canonical is not None and "/products?mainCategoryId=" in canonical.group(1)
    page = shop.get(f"/level-one-products?mainCategoryId={main}", headers=HTML).text
    assert '<li aria-current="page" class="font-semibold text-gray-900">Fruits</li>' in page
    # A page at its own address does not move.
    own = shop.get(f"/products?mainCategoryId={main}&categoryId={first}", headers=HTML).text
    assert "history.replaceState" not in own


def test_the_level_one_move_stays_on_the_shop(shop: TestClient, database: sa.Engine) -> None:
    """Whatever else the address carries, the page moves to a path of this shop, and no header
    can be slipped into the answer."""
    main = _id(database, C, "fruits-legumes")
    answer = shop.get(
        f"/level-one-products?mainCategoryId={main}&next=//evil.example&x=%0d%0aSet-Cookie:%20a=b",
        headers=HTML,
        follow_redirects=False,
    )
    assert answer.status_code == 200
    moved_to = re.search(r'<div id="grocer-preview" data-for="([^"]*)"', answer.text)
    assert moved_to is not None
    assert moved_to.group(1).startswith(f"/products?mainCategoryId={main}&amp;categoryId=")
    assert "\r" not in moved_to.group(1) and "\n" not in moved_to.group(1)
    assert "set-cookie" not in answer.headers


@pytest.mark.parametrize("query", ["mainCategoryId=424242", "mainCategoryId=abc", ""])
def test_a_level_one_page_that_cannot_move_is_left_to_the_app(shop: TestClient, query: str) -> None:
    answer = shop.get(f"/level-one-products?{query}", headers=HTML, follow_redirects=False)
    assert answer.status_code == 200


def _slot(page: str) -> str:
    """The preview the server wrote into the page's slot."""
    start = page.index(f'<div id="{SLOT_ID}" class="peer"><div id="grocer-preview"')
    return page[start : page.index('<div class="hidden peer-empty:block">', start)]


def test_full_products_of_a_category_arrive_with_its_first_cards(
    shop: TestClient, database: sa.Engine
) -> None:
    main, leaf = _id(database, C, "fruits-legumes"), _id(database, C, "agrumes")
    with database.connect() as conn:
        total = conn.execute(
            sa.select(sa.func.count()).where(A.c.category_id == leaf, A.c.status == "ACTIVE")
        ).scalar_one()
    url = f"/full-products?mainCategoryId={main}&categoryId={leaf}"
    preview = _slot(shop.get(url, headers=HTML).text)
    assert f'data-for="{url.replace("&", "&amp;")}"' in preview
    assert ">Fruits et légumes</a>" in preview
    assert '<li aria-current="page" class="font-semibold text-gray-900">Agrumes</li>' in preview
    assert (
        f'sm:text-3xl">Agrumes<span class="text-lg font-medium text-gray-500"> ({total} produits)'
        in preview
    )
    assert preview.count("<article") == min(total, 12) > 0
    assert preview.count('fetchpriority="high"') == 2
    assert "Filtrer" in preview
    # the grid named for the page, which keeps it in place until it mounts its own
    assert preview.count('data-preview-part="products-grid"') == 1


def test_full_products_of_a_main_category_arrive_with_its_departments(
    shop: TestClient, database: sa.Engine
) -> None:
    main, sub = _id(database, C, "fruits-legumes"), _id(database, C, "fruits")
    preview = _slot(shop.get(f"/full-products?mainCategoryId={main}", headers=HTML).text)
    assert (
        'mt-3 text-2xl font-extrabold text-gray-900 sm:text-3xl">Fruits et légumes</h1>' in preview
    )
    assert f'href="/products?mainCategoryId={main}&amp;categoryId={sub}"' in preview
    assert '<span class="block font-bold text-gray-900">Fruits</span>' in preview
    assert "<span> · " in preview  # the first three level-3 names
    assert "<article" not in preview


def test_full_products_of_a_section_arrive_with_its_title(
    shop: TestClient, database: sa.Engine
) -> None:
    with database.connect() as conn:
        section_id, title = conn.execute(sa.select(S.c.id, S.c.title).limit(1)).one()
    preview = _slot(shop.get(f"/full-products?sectionId={section_id}", headers=HTML).text)
    assert f'sm:text-3xl">{escape(title)}<span' in preview
    assert preview.count("<article") > 0


def test_full_products_of_nothing_named_arrive_with_every_articles_first_cards(
    shop: TestClient, database: sa.Engine
) -> None:
    with database.connect() as conn:
        total = conn.execute(sa.select(sa.func.count()).where(A.c.status == "ACTIVE")).scalar_one()
    page = shop.get("/full-products", headers=HTML).text
    preview = _slot(page)
    assert (
        f'sm:text-3xl">Tous les produits<span class="text-lg font-medium text-gray-500">'
        f" ({total} produits)" in preview
    )
    assert preview.count("<article") == 12
    assert "<title>Tous les produits" in page


def test_a_refined_listing_has_no_preview(shop: TestClient, database: sa.Engine) -> None:
    main, leaf = _id(database, C, "fruits-legumes"), _id(database, C, "agrumes")
    page = shop.get(
        f"/full-products?mainCategoryId={main}&categoryId={leaf}&sort=price_asc", headers=HTML
    ).text
    assert 'id="grocer-preview"' not in page
    assert f'<div id="{SLOT_ID}" class="peer"></div>' in page


@pytest.mark.parametrize(
    "url",
    [
        "/produit/999999",
        "/produit/0",
        "/produit/abc",
        "/produit/1/extra",
        "/products",
        "/products?mainCategoryId=abc",
        "/products?mainCategoryId=-3&categoryId=1",
        "/products?mainCategoryId=999999999999999999",
        "/products?mainCategoryId=424242",
        "/full-products?mainCategoryId=424242",
        "/full-products?sectionId=424242",
    ],
)
def test_pages_it_cannot_preview_are_left_to_the_static_files(shop: TestClient, url: str) -> None:
    answer = shop.get(url, headers=HTML)
    assert answer.status_code == 200
    assert answer.text == f"static {url.split('?')[0]}"


def test_only_a_browser_getting_a_page_gets_a_preview(
    shop: TestClient, database: sa.Engine
) -> None:
    url = f"/produit/{_id(database, A, 'grosse-papaye')}"
    assert shop.get(url, headers={"accept": "application/json"}).text == f"static {url}"
    assert shop.post(url, headers=HTML).text == f"static {url}"


def test_without_a_build_the_static_files_answer(
    shop: TestClient, database: sa.Engine, pages: Path
) -> None:
    for page in pages.iterdir():
        page.unlink()
    url = f"/produit/{_id(database, A, 'grosse-papaye')}"
    assert shop.get(url, headers=HTML).text == f"static {url}"
