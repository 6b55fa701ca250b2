"""The preview route takes ASCII digits only (issue 12 item 11): `\\d` also matched full-width
and other scripts' digits, which `int()` reads as the same id, so "/produit/１２" was answered as
a product page that the app's own route (`/produit/[product_id]`) does not know."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import pytest
import sqlalchemy as sa
from fastapi.testclient import TestClient
from sqlmodel import Session
from starlette.applications import Starlette
from starlette.requests import Request
from starlette.responses import PlainTextResponse
from starlette.routing import Route

from grocer.seed.loader import load_demo
from grocer.services.catalogue import A
from grocer.web.loading_shell import add_shell
from grocer.web.page_preview import PRODUCT_PATH, PagePreview

HTML = {"accept": "text/html"}
FULL_WIDTH = str.maketrans("0123456789", "０１２３４５６７８９")
ARABIC_INDIC = str.maketrans("0123456789", "٠١٢٣٤٥٦٧٨٩")


async def static_files(request: Request) -> PlainTextResponse:
    return PlainTextResponse(f"static {request.url.path}")


@pytest.fixture
def shop(database: sa.Engine, tmp_path: Path) -> Iterator[TestClient]:
    with Session(database) as db:
        load_demo(db)
        db.commit()
    built = tmp_path / "client"
    built.mkdir()
    fallback = '<!DOCTYPE html><html lang="fr"><head></head><body></body></html>'
    (built / "__spa-fallback.html").write_text(add_shell(fallback))
    inner = Starlette(routes=[Route("/{path:path}", static_files)])
    with TestClient(PagePreview(inner, pages=built)) as client:
        yield client


def test_only_ascii_digits_are_a_product_id(shop: TestClient, database: sa.Engine) -> None:
    with database.connect() as conn:
        article = conn.execute(sa.select(A.c.id).where(A.c.key == "grosse-papaye")).scalar_one()
    ascii_page = shop.get(f"/produit/{article}", headers=HTML)
    assert 'id="grocer-preview"' in ascii_page.text  # the ordinary id is previewed
    for table in (FULL_WIDTH, ARABIC_INDIC):
        path = f"/produit/{str(article).translate(table)}"
        assert int(path.rsplit("/", 1)[1]) == article  # int() would read it as the same id
        answer = shop.get(path, headers=HTML)
        assert answer.text == f"static {path}"  # left to the static files, not previewed


def test_the_pattern() -> None:
    assert PRODUCT_PATH.match("/produit/12")
    assert PRODUCT_PATH.match("/produit/12/")
    assert not PRODUCT_PATH.match("/produit/１２")
    assert not PRODUCT_PATH.match("/produit/12\n")
