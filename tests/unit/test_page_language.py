"""The language of a page the server writes (grocer/services/languages.py `page_language`):
`?lang=` > the `grocer_lang` cookie > Accept-Language > French, whatever else a request holds."""

from __future__ import annotations

import pytest
from hypothesis import given
from hypothesis import strategies as st

from grocer.services.languages import LANGUAGES, cookie_language, page_language


@pytest.mark.parametrize(
    ("query", "headers", "expected"),
    [
        ("lang=de", {"cookie": "grocer_lang=en", "accept-language": "es"}, "de"),
        ("mainCategoryId=3&lang=en-GB", {}, "en"),
        ("", {"cookie": "grocer_lang=en", "accept-language": "es"}, "en"),
        ("lang=xx", {"cookie": "grocer_lang=en"}, "en"),
        ("lang=english", {"accept-language": "es"}, "es"),
        ("", {"cookie": "grocer_lang=it", "accept-language": "de-DE,de;q=0.9"}, "de"),
        ("", {"accept-language": "it-IT,ja;q=0.5"}, "fr"),
        ("", {}, "fr"),
    ],
)
def test_the_order_of_precedence(query: str, headers: dict[str, str], expected: str) -> None:
    assert page_language(query, headers) == expected


def test_the_cookie_is_found_among_others() -> None:
    assert cookie_language('a="x; y"; grocer_lang=es; b=1') == "es"
    assert cookie_language('grocer_lang="de"') == "de"
    assert cookie_language("xgrocer_lang=en; grocer_langs=en") is None
    assert cookie_language("grocer_lang=") is None and cookie_language(None) is None


@given(st.text(max_size=80), st.text(max_size=80), st.text(max_size=80))
def test_any_request_gets_a_language_of_the_shop(query: str, cookie: str, accept: str) -> None:
    assert page_language(query, {"cookie": cookie, "accept-language": accept}) in LANGUAGES
