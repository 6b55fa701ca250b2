"""Error routing from the server (spec 001 §8): a page whose main data fails goes to
/error/server, replacing the failed page in the history, with its type, message, time and the
page to retry; an unexpected handler exception does the same; a failed home sections load
stays on the page as a server-type error box."""

from __future__ import annotations

import json
import logging
import time
from pathlib import Path
from typing import Any
from urllib.parse import parse_qs, urlsplit

import pytest
from reflex.istate.data import RouterData
from reflex_base.event.context import EventContext

from grocer import testing_switches
from grocer.state.catalogue import CatalogueState
from grocer.state.error_route import route_unexpected_exception
from grocer.state.product import ProductState
from tests.support.state_harness import new_tree, run, sub


def redirect(spec: Any) -> tuple[str, dict[str, str], bool]:
    """The path, query and `replace` flag of a redirect event."""
    assert spec.handler.fn.__qualname__ == "_redirect"
    args = {str(name): value._var_value for name, value in spec.args}
    url = urlsplit(args["path"])
    query = {key: values[0] for key, values in parse_qs(url.query).items()}
    return url.path, query, args["replace"]


def redirects(out: list[Any]) -> list[Any]:
    return [item for item in out if getattr(getattr(item, "handler", None), "fn", None)]


@pytest.fixture
def product_fault(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    """The product's load fails as a server fault would (the e2e fault switch)."""
    switch = tmp_path / "faults"
    switch.write_text("product 1\n")
    monkeypatch.setenv(testing_switches.FAULT_CATALOGUE_ENV, str(switch))
    return switch


def failed_product_page() -> Any:
    product = sub(new_tree(), ProductState)
    product.router = RouterData.from_router_data(
        {"pathname": "/produit/[id]", "asPath": "/produit/7"}
    )
    run(ProductState.load, product)
    return product


def test_a_failed_product_with_no_browser_copy_goes_to_the_server_error_page(
    product_fault: Path,
) -> None:
    before = int(time.time() * 1000)
    product = failed_product_page()
    assert product.cache_key == "product_7"  # the page is asked for its copy first
    assert product_fault.read_text() == "product 0\n"

    out = run(ProductState.use_cached, product, None)  # the browser has none

    path, query, replace = redirect(out[0])
    assert path == "/error/server" and replace is True
    assert query["type"] == "server"
    assert query["message"] == "errors:productLoadFailed"
    assert query["from"] == "/produit/7"
    assert before <= int(query["timestamp"]) <= int(time.time() * 1000)


def test_a_browser_copy_still_stands_in_for_a_failed_load(product_fault: Path) -> None:
    product = failed_product_page()
    copy = json.dumps({"id": 7, "name": "Mangue", "weightText": "1 kg", "imageUrl": "/m.webp"})
    out = run(ProductState.use_cached, product, copy)
    assert redirects(out) == []
    assert product.from_cache is True and product.product["name"] == "Mangue"


def test_a_copy_sent_without_a_failed_load_changes_nothing() -> None:
    product = sub(new_tree(), ProductState)
    out = run(ProductState.use_cached, product, None)
    assert redirects(out) == [] and product.not_found is False


def fail_on_page(as_path: str) -> Any:
    """What the app's exception handler sends for a handler that raised on `as_path` (the
    event's context set as the event processor sets it)."""
    context = EventContext(
        token="tab",
        state_manager=None,  # type: ignore[arg-type]
        enqueue_impl=None,  # type: ignore[arg-type]
        router_data={"pathname": urlsplit(as_path).path, "asPath": as_path},
    )
    token = EventContext.set(context)
    try:
        return route_unexpected_exception(RuntimeError("boom"))
    finally:
        EventContext.reset(token)


def test_an_unexpected_handler_exception_goes_to_the_server_error_page(
    caplog: pytest.LogCaptureFixture,
) -> None:
    caplog.set_level(logging.ERROR, logger="grocer.state.error_route")
    sent = fail_on_page("/products?mainCategoryId=3")
    assert sent is not None
    path, query, replace = redirect(sent)
    assert path == "/error/server" and replace is True
    assert query["type"] == "server" and query["message"] == "errors:actionFailed"
    assert query["from"] == "/products?mainCategoryId=3"
    # the log holds the trace under the reference the page shows
    logged = caplog.records[-1].getMessage()
    assert f"ref {query['ref']}" in logged and "RuntimeError: boom" in logged


def test_an_exception_on_an_error_page_is_logged_without_a_redirect_loop(
    caplog: pytest.LogCaptureFixture,
) -> None:
    caplog.set_level(logging.ERROR, logger="grocer.state.error_route")
    assert fail_on_page("/error/server?type=server") is None
    assert "RuntimeError: boom" in caplog.records[-1].getMessage()


def test_a_failed_sections_load_is_a_server_failure_on_the_page(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    switch = tmp_path / "faults"
    switch.write_text("sections 1\n")
    monkeypatch.setenv(testing_switches.FAULT_CATALOGUE_ENV, str(switch))
    catalogue = sub(new_tree(), CatalogueState)
    out = run(CatalogueState.load_home, catalogue)
    assert catalogue.home_error is True and catalogue.home_loading is False
    assert all(getattr(item, "handler", None) is None for item in out)  # no redirect
