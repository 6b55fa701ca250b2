"""The demo catalogue in four languages (issue 16): every name is translated, the home
sections' articles have their descriptions, and the search results page's addresses."""

from __future__ import annotations

import pytest

from grocer.seed import demo_data, demo_translations
from grocer.state.search import results_href


@pytest.mark.parametrize("lang", demo_translations.LANGS)
def test_every_demo_name_is_translated(lang: str) -> None:
    names = [a["name"] for a in demo_data.ARTICLES.values()]
    names += [c["name"] for _, _, c in demo_data.iter_categories()]
    names += [s["title"] for s in demo_data.all_sections()]
    names += [p["name"] for p in demo_data.PROMOTIONS]
    missing = [n for n in names if not demo_translations.text(n, lang)]
    assert missing == []


@pytest.mark.parametrize("lang", demo_translations.LANGS)
def test_home_articles_have_descriptions(lang: str) -> None:
    keys = {k for s in demo_data.home_sections() for k in s["articles"]}
    described = {k: demo_data.ARTICLES[k]["description"] for k in keys}
    missing = [k for k, text in described.items() if not demo_translations.description(text, lang)]
    assert missing == []


def test_translated_descriptions_keep_the_origin() -> None:
    kent = demo_data.ARTICLES["mangue-kent"]["description"]
    assert demo_translations.description(kent, "en") == (
        "Juicy mangoes picked ripe in the orchards of the West. "
        "Local product, made or grown in Burkina Faso."
    )


def test_results_href() -> None:
    assert results_href("pâte d'arachide") == "/recherche?q=p%C3%A2te+d%27arachide"
    assert results_href("riz", 2, 7) == "/recherche?q=riz&categoryId=7&page=2"
