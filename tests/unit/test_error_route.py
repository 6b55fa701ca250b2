"""The error pages' URLs (grocer.views.error_route): type, known message key, timestamp, the
page to retry (this site's pages only, never an error page) and the log reference."""

from __future__ import annotations

from urllib.parse import parse_qs, urlsplit

import pytest
from hypothesis import given
from hypothesis import strategies as st

from grocer.views.error_route import error_url, is_error_page, return_path


def query(url: str) -> dict[str, str]:
    return {key: values[0] for key, values in parse_qs(urlsplit(url).query).items()}


def test_a_server_failure_url_carries_everything_the_page_shows() -> None:
    url = error_url(
        "server", "errors:productLoadFailed", "/produit/7?x=1", 1764000000000, "ab12cd34"
    )
    assert urlsplit(url).path == "/error/server"
    assert query(url) == {
        "type": "server",
        "message": "errors:productLoadFailed",
        "timestamp": "1764000000000",
        "from": "/produit/7?x=1",
        "ref": "ab12cd34",
    }


def test_a_network_failure_goes_to_its_own_page() -> None:
    assert urlsplit(error_url("network", "", "/", 1)).path == "/error/network"


def test_only_known_message_keys_travel() -> None:
    assert "message" not in query(error_url("server", "Appelez le +226 00 00 00 00", "/", 1))


@pytest.mark.parametrize(
    "path",
    [
        "",
        None,
        "produit/7",
        "//evil.example/x",
        "/\\evil.example",
        "https://evil.example/",
        "/error/server?type=server",
        "/error",
        "/a\nb",
        "/" + "x" * 600,
    ],
)
def test_retry_never_leaves_the_shop_nor_reopens_an_error_page(path: str | None) -> None:
    assert return_path(path) == ""
    assert "from" not in query(error_url("server", "", path, 1))


def test_shop_pages_are_kept_to_retry() -> None:
    for path in ("/", "/produit/7", "/full-products?categoryId=2&page=3", "/errors-faq"):
        assert return_path(path) == path


def test_error_pages_are_recognised_with_or_without_a_query() -> None:
    assert is_error_page("/error/server?type=server")
    assert is_error_page("/error") and is_error_page("/error/network/")
    assert not is_error_page("/errors-faq") and not is_error_page("/") and not is_error_page(None)


@given(st.text(max_size=80))
def test_any_from_gives_a_same_site_path_or_nothing(path: str) -> None:
    kept = return_path(path)
    assert kept == "" or (kept.startswith("/") and not kept.startswith("//"))
    assert not urlsplit(kept).netloc
