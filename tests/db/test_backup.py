"""`grocer backup` and `grocer restore` (issue 18), on SQLite and PostgreSQL: a backup of a
shop with an account, a placed order and a bag, restored into an empty database, holds all
three, and search works on it; files that are not backups, or not of the configured kind, are
refused without touching the database; a PostgreSQL restore that fails changes nothing."""

from __future__ import annotations

import sqlite3
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
import sqlalchemy as sa
from fastapi.testclient import TestClient
from sqlmodel import Session

from grocer import cli
from grocer import db as grocer_db
from grocer import settings as grocer_settings
from grocer.services import search, search_index
from tests.support.accounts import bearer, sign_up
from tests.support.carts import make_article
from tests.support.checkout import BAG_QUANTITY, RICE_PRICE, fill_bag, make_slot, order_body, place
from tests.support.databases import fresh_database

SHOPPER = "awa.ouedraogo@example.bf"


def use_database(monkeypatch: pytest.MonkeyPatch, url: str) -> None:
    """Point the shop (and its command line) at `url`, as REFLEX_DB_URL would."""
    monkeypatch.setenv("REFLEX_DB_URL", url)
    grocer_settings.get_settings.cache_clear()
    grocer_db.reset_engine()


@pytest.fixture
def empty_database(database: sa.Engine, tmp_path: Path) -> Iterator[str]:
    """The URL of a new, empty database of the same engine as `database`."""
    with fresh_database(database.dialect.name, tmp_path, "grocer_restore") as url:
        yield url
        grocer_db.reset_engine()  # its connections closed before it is dropped


@pytest.fixture
def running_shop(client: TestClient, db: Session) -> dict[str, Any]:
    """A shopper who placed an order and then filled a new bag, through the REST API."""
    rice = make_article(db, "rice", RICE_PRICE)
    milk = make_article(db, "milk", "1000.00")
    search_index.rebuild(db)
    db.commit()
    slot = make_slot(db)
    auth = bearer(sign_up(client, SHOPPER)["accessToken"])
    fill_bag(client, auth, rice, BAG_QUANTITY)
    placed = place(client, auth, order_body(slot), "backup-order-1")
    assert placed.status_code == 201, placed.text
    fill_bag(client, auth, milk, 3)
    return {"order": placed.json()["number"], "rice": rice, "milk": milk}


def rows(url: str) -> dict[str, Any]:
    """What an operator checks after a restore: the accounts, the orders and their lines, the
    bags."""
    engine = grocer_db.make_engine(url)
    try:
        with engine.connect() as conn:
            return {
                "users": conn.execute(sa.text("SELECT email FROM users")).scalars().all(),
                "orders": conn.execute(sa.text("SELECT number FROM orders")).scalars().all(),
                "order lines": conn.execute(
                    sa.text("SELECT article_id, quantity FROM order_lines")
                ).all(),
                "bag": conn.execute(sa.text("SELECT article_id, quantity FROM cart_items")).all(),
            }
    finally:
        engine.dispose()


def refused(path: Path, capsys: pytest.CaptureFixture[str]) -> str:
    """What `grocer restore path` says when it refuses, after checking that it failed and that
    the shop's data is as it was."""
    before = rows(grocer_settings.get_settings().db_url)
    assert cli.main(["restore", str(path)]) == 1
    assert rows(grocer_settings.get_settings().db_url) == before
    return capsys.readouterr().err


def found(db: Session, text: str) -> list[str]:
    """The names a shopper's search for `text` shows."""
    return [item["name"] for item in search.search(db, search.search_query(text))["items"]]


def test_a_backup_restored_into_an_empty_database_holds_the_accounts_orders_and_bags(
    running_shop: dict[str, Any],
    empty_database: str,
    tmp_path: Path,
    monkeypatch: pytest.MonkeyPatch,
    capsys: pytest.CaptureFixture[str],
) -> None:
    before = rows(grocer_settings.get_settings().db_url)
    assert before["orders"] == [running_shop["order"]]
    assert [tuple(r) for r in before["bag"]] == [(running_shop["milk"], 3)]
    file = tmp_path / "saved" / "shop.backup"

    assert cli.main(["backup", str(file)]) == 0
    assert f"backup written to {file}" in capsys.readouterr().out
    use_database(monkeypatch, empty_database)
    assert cli.main(["restore", str(file)]) == 0

    assert rows(empty_database) == before
    assert before["users"] == [SHOPPER]
    # The search engine's own objects (FTS5 tables and triggers; extensions, text-search
    # configuration, functions and indexes) came back too: the restored shop finds and
    # reindexes.
    with Session(grocer_db.get_engine()) as restored:
        assert found(restored, "ric") == ["Rice"]
        make_article(restored, "millet", "900.00")
        assert search_index.rebuild(restored) == 3
        restored.commit()
        assert sorted(found(restored, "mil")) == ["Milk", "Millet"]


def test_a_file_that_is_not_a_backup_is_refused_and_the_database_kept(
    running_shop: dict[str, Any], tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    junk = tmp_path / "notes.txt"
    junk.write_text("not a database\n" * 10)

    assert "is not a Grocer backup" in refused(junk, capsys)
    assert "cannot read" in refused(tmp_path / "missing.backup", capsys)


def test_a_backup_of_the_other_engine_is_refused(
    running_shop: dict[str, Any],
    database: sa.Engine,
    tmp_path: Path,
    capsys: pytest.CaptureFixture[str],
) -> None:
    other = tmp_path / "other.backup"
    if database.dialect.name == "sqlite":
        other.write_bytes(b"PGDMP" + bytes(200))  # pg_dump's custom format
        expected = "is a postgresql backup; the configured database is sqlite"
    else:
        with sqlite3.connect(other) as made:
            made.execute("CREATE TABLE users (id INTEGER PRIMARY KEY)")
        expected = "is a sqlite backup; the configured database is postgresql"

    assert expected in refused(other, capsys)


@pytest.mark.parametrize("database", ["sqlite"], indirect=True)
def test_a_sqlite_file_without_the_shop_tables_is_refused(
    running_shop: dict[str, Any], tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    stranger = tmp_path / "stranger.db"
    with sqlite3.connect(stranger) as made:
        made.execute("CREATE TABLE notes (body TEXT)")

    assert "holds no Grocer tables" in refused(stranger, capsys)


@pytest.mark.parametrize("database", ["postgresql"], indirect=True)
def test_a_postgresql_restore_that_fails_half_way_changes_nothing(
    running_shop: dict[str, Any], tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    file = tmp_path / "shop.backup"
    assert cli.main(["backup", str(file)]) == 0
    cut = tmp_path / "cut.backup"
    cut.write_bytes(file.read_bytes()[: file.stat().st_size // 2])  # a copy that broke off

    assert "pg_restore failed" in refused(cut, capsys)
