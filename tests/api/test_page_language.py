"""The pages the server writes before the app runs follow the shopper's language (issue 16), on
SQLite and PostgreSQL with the demo catalogue: the page preview, the loading shell's page and
the link tags are in `?lang=`, else the `grocer_lang` cookie the browser keeps, else
Accept-Language, else French, with French for a missing translation
(grocer/services/languages.py `page_language`, grocer/web/page_preview.py).

The stack is the shop's own middlewares around a stand-in for the static files, as in
tests/api/test_link_preview.py (whose built pages and fixtures these tests share)."""

from __future__ import annotations

import re
from collections.abc import Iterator
from html import escape
from pathlib import Path

import pytest
import sqlalchemy as sa
from fastapi.testclient import TestClient
from sqlmodel import Session

from grocer.models.catalogue import CatalogueTranslation
from grocer.services.catalogue import A, C
from grocer.services.catalogue import sections as sections_of
from grocer.web.loading_shell import SHELL_ID
from tests.api.test_link_preview import BASE, CATEGORY_PAGE, CRAWLERS, FALLBACK, HOME, Head, _id
from tests.support.built_pages import demo_page_client, write_pages

HTML = {"accept": "text/html,application/xhtml+xml"}
BROWSER = {**HTML, "user-agent": "Mozilla/5.0 (Linux; Android 13) Chrome/120.0 Mobile"}
T: sa.Table = CatalogueTranslation.__table__  # type: ignore[assignment]


@pytest.fixture
def shop(
    database: sa.Engine, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> Iterator[TestClient]:
    """The shop's page middlewares over the built pages, on the demo catalogue."""
    pages = write_pages(tmp_path, CATEGORY_PAGE, FALLBACK, HOME)
    with demo_page_client(database, pages, BASE, monkeypatch) as client:
        yield client


def _html_lang(page: str) -> str:
    found = re.search(r"<html\b[^>]*\blang=\"([^\"]*)\"", page)
    assert found, page[:200]
    return found.group(1)


def _alternates(page: str) -> dict[str, str]:
    head = page.split("</head>", 1)[0]
    return dict(re.findall(r'<link rel="alternate" hreflang="([^"]+)" href="([^"]+)">', head))


def test_an_english_shoppers_cookie_gives_the_product_page_in_english(
    shop: TestClient, database: sa.Engine
) -> None:
    article = _id(database, A, "grosse-papaye")
    answer = shop.get(
        f"/produit/{article}",
        headers={**BROWSER, "cookie": "theme=dark; grocer_lang=en", "accept-language": "fr-FR"},
    )
    assert answer.status_code == 200
    assert answer.headers["content-language"] == "en"
    vary = {v.strip().lower() for v in answer.headers["vary"].split(",")}
    assert {"cookie", "accept-language", "accept-encoding"} <= vary
    page = answer.text
    assert _html_lang(page) == "en"
    assert page.index(SHELL_ID) < page.index('id="grocer-preview"')  # the loading shell's page
    assert 'sm:text-3xl">Large papaya</h1>' in page
    assert "Back to home" in page and "Retour à l" not in page
    # Its first-render translations are asked for with the page, before the app wants them.
    assert '<link rel="preload" as="fetch" crossorigin="anonymous"' in page
    assert 'href="/locales/en/catalogue.json">' in page
    head = Head(page)
    assert head.titles == ["Large papaya – Grocer"]
    assert head.one("og:title") == "Large papaya – Grocer"
    assert head.one("og:locale") == "en_GB"
    assert "fr_FR" in head.meta["og:locale:alternate"]
    (product,) = head.json_ld
    assert product["name"] == "Large papaya"
    assert head.canonical == [f"{BASE}/produit/{article}"]  # the cookie is not in the address


def test_accept_language_is_the_fallback_and_the_cookie_wins_over_it(
    shop: TestClient, database: sa.Engine
) -> None:
    main, sub = _id(database, C, "fruits-legumes"), _id(database, C, "fruits")
    url = f"/products?mainCategoryId={main}&categoryId={sub}"
    spanish = shop.get(url, headers={**BROWSER, "accept-language": "es-ES,es;q=0.9,fr;q=0.5"})
    assert spanish.headers["content-language"] == "es"
    assert _html_lang(spanish.text) == "es"
    assert ">Frutas y verduras</a>" in spanish.text
    assert ">Subcategorías</h2>" in spanish.text and ">Inicio</a>" in spanish.text
    assert "Añadir" in spanish.text and "Ajouter" not in spanish.text
    assert Head(spanish.text).one("description").startswith("Frutas: ")
    german = shop.get(
        url, headers={**BROWSER, "accept-language": "es-ES", "cookie": "grocer_lang=de"}
    )
    assert _html_lang(german.text) == "de" and ">Obst und Gemüse</a>" in german.text
    french = shop.get(url, headers={**BROWSER, "accept-language": "it-IT,ja"})
    assert _html_lang(french.text) == "fr" and ">Fruits et légumes</a>" in french.text
    assert french.headers["content-language"] == "fr"
    assert "/locales/" not in french.text  # French is bundled with the app


def test_lang_in_the_address_wins_and_names_its_own_canonical(
    shop: TestClient, database: sa.Engine
) -> None:
    article = _id(database, A, "grosse-papaye")
    path = f"/produit/{article}"
    answer = shop.get(
        f"{path}?lang=de", headers={**BROWSER, "cookie": "grocer_lang=en", "accept-language": "es"}
    )
    page = answer.text
    assert _html_lang(page) == "de" and 'sm:text-3xl">Große Papaya</h1>' in page
    assert f'data-for="{path}?lang=de"' in page  # the slot keeps the preview made for here
    head = Head(page)
    assert head.canonical == [f"{BASE}{path}?lang=de"]
    assert head.one("og:url") == f"{BASE}{path}?lang=de"
    assert _alternates(page) == {
        "fr": f"{BASE}{path}?lang=fr",
        "en": f"{BASE}{path}?lang=en",
        "es": f"{BASE}{path}?lang=es",
        "de": f"{BASE}{path}?lang=de",
        "x-default": f"{BASE}{path}",
    }
    # A language the shop does not speak is no choice: the cookie answers.
    other = shop.get(f"{path}?lang=xx", headers={**BROWSER, "cookie": "grocer_lang=en"})
    assert _html_lang(other.text) == "en"


@pytest.mark.parametrize("crawler", ["whatsapp", "facebook"])
def test_a_shared_link_with_lang_previews_in_that_language(
    shop: TestClient, database: sa.Engine, crawler: str
) -> None:
    article = _id(database, A, "grosse-papaye")
    english = Head(shop.get(f"/produit/{article}?lang=en", headers=CRAWLERS[crawler]).text)
    assert english.one("og:title") == "Large papaya – Grocer"
    assert english.one("og:locale") == "en_GB"
    assert english.one("twitter:title") == "Large papaya – Grocer"
    assert english.json_ld[0]["name"] == "Large papaya"
    assert english.one("og:image:alt") == "Large papaya"
    french = Head(shop.get(f"/produit/{article}", headers=CRAWLERS[crawler]).text)
    assert french.one("og:title") == "Grosse papaye – Grocer"
    assert french.one("og:locale") == "fr_FR"
    assert french.canonical == [f"{BASE}/produit/{article}"]
    assert english.one("og:image") == french.one("og:image")  # the picture has no words


def test_the_home_and_its_sections_in_the_shoppers_language(
    shop: TestClient, database: sa.Engine
) -> None:
    with Session(database) as db:
        titles = [s["title"] for s in sections_of(db, articles_only=True, active=True, lang="de")]
        french = [s["title"] for s in sections_of(db, articles_only=True, active=True)]
    assert titles != french
    page = shop.get("/", headers={**BROWSER, "cookie": "grocer_lang=de"}).text
    assert _html_lang(page) == "de"
    for title in titles:
        assert f">{escape(title)}</h2>" in page
    assert "Hinzufügen" in page and "Alle ansehen" in page
    head = Head(page)
    assert head.titles == ["Grocer – Lebensmittel online in Ouagadougou"]
    assert head.one("description").startswith("Ihre Einkäufe nach Ouagadougou")
    assert head.one("og:locale") == "de_DE"


def test_a_listing_counts_its_products_in_the_shoppers_language(
    shop: TestClient, database: sa.Engine
) -> None:
    main, leaf = _id(database, C, "fruits-legumes"), _id(database, C, "agrumes")
    url = f"/full-products?mainCategoryId={main}&categoryId={leaf}"
    page = shop.get(url, headers={**BROWSER, "accept-language": "en-GB,en;q=0.8"}).text
    assert _html_lang(page) == "en"
    assert re.search(r"\((\d+) products?\)</span>", page), "the English product count"
    assert ">Filter</span>" in page and ">Fruit and vegetables</a>" in page


def test_a_missing_translation_shows_the_french_name(shop: TestClient, database: sa.Engine) -> None:
    article = _id(database, A, "grosse-papaye")
    with database.begin() as conn:
        conn.execute(
            sa.delete(T).where(T.c.kind == "article", T.c.ref_id == article, T.c.lang == "en")
        )
    page = shop.get(f"/produit/{article}", headers={**BROWSER, "cookie": "grocer_lang=en"}).text
    assert _html_lang(page) == "en"
    assert 'sm:text-3xl">Grosse papaye</h1>' in page  # the name, in French
    assert "Back to home" in page  # the words, in English
    assert Head(page).titles == ["Grosse papaye – Grocer"]
