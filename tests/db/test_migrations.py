"""Every migration upgrades and downgrades cleanly, on SQLite and on PostgreSQL, and the
migrated schema is exactly what the models describe."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import pytest
import sqlalchemy as sa
from alembic.autogenerate import compare_metadata
from alembic.migration import MigrationContext
from sqlmodel import Session, SQLModel

from grocer import db as grocer_db
from grocer import migrations
from grocer import settings as grocer_settings
from grocer.models.search import PG_POSTINGS, is_engine_object, is_engine_table
from grocer.services import search
from tests.conftest import PG_AVAILABLE, PG_SKIP_REASON
from tests.support import search_catalogue
from tests.support.databases import fresh_database


@pytest.fixture(params=["sqlite", "postgresql"])
def empty_database(
    request: pytest.FixtureRequest, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> Iterator[str]:
    if request.param == "postgresql" and not PG_AVAILABLE:
        pytest.skip(PG_SKIP_REASON)
    with fresh_database(request.param, tmp_path, "grocer_mig") as url:
        monkeypatch.setenv("REFLEX_DB_URL", url)
        grocer_settings.get_settings.cache_clear()
        grocer_db.reset_engine()
        yield url
        grocer_db.reset_engine()


def _tables() -> set[str]:
    """The tables of the models (the search engine's own FTS5 tables left out)."""
    names = set(sa.inspect(grocer_db.get_engine()).get_table_names()) - {"alembic_version"}
    return {name for name in names if not is_engine_table(name)}


def test_upgrade_downgrade_upgrade(empty_database: str) -> None:
    migrations.upgrade()
    assert _tables() == set(SQLModel.metadata.tables)
    migrations.downgrade()
    assert _tables() == set()
    migrations.upgrade()
    assert "articles" in _tables()


def test_migrated_schema_matches_the_models(empty_database: str) -> None:
    migrations.upgrade()
    with grocer_db.get_engine().connect() as conn:
        diff = compare_metadata(
            MigrationContext.configure(
                conn, opts={"compare_type": False, "include_name": include_name}
            ),
            SQLModel.metadata,
        )
    assert diff == []


def include_name(name: str | None, type_: str, _parents: object) -> bool:
    return not is_engine_object(name, type_)


def _insert(conn: sa.Connection, table: str, **values: object) -> int:
    columns = ", ".join(values)
    names = ", ".join(f":{name}" for name in values)
    row = conn.execute(
        sa.text(f"INSERT INTO {table} ({columns}) VALUES ({names}) RETURNING id"), values
    )
    return int(row.scalar_one())


def test_0003_merges_duplicate_cart_lines_before_making_them_unique(
    empty_database: str,
) -> None:
    """Bags written before the unique (cart, article) pair may hold several lines of one
    article: the upgrade keeps the oldest line with the quantities added, capped at 99."""
    migrations.upgrade("0002")
    now = "2026-11-20 10:00:00+00:00"
    with grocer_db.get_engine().begin() as conn:
        users = [
            _insert(
                conn, "users", username=name, email=f"{name}@example.com", password_hash="x",
                first_name="", last_name="", roles="[]", email_verified=True, is_active=True,
                preferred_language="fr", registration_date=now,
            )
            for name in ("alice", "bob")
        ]  # fmt: skip
        rice, milk = (
            _insert(
                conn, "articles", key=key, name=key, price=650, image_urls="[]", express=False,
                status="ACTIVE", required_licenses="[]", currency="XOF", is_new=False,
                is_organic=False, is_local=False, is_gluten_free=False, is_kosher=False,
                popularity=0, created_at=now, updated_at=now,
            )
            for key in ("rice", "milk")
        )  # fmt: skip
        alice_cart, bob_cart = (
            _insert(conn, "carts", user_id=user, updated_at=now) for user in users
        )
        lines = [(alice_cart, rice, 60), (alice_cart, rice, 50), (alice_cart, milk, 2)]
        lines += [(alice_cart, rice, 2), (alice_cart, milk, 3), (bob_cart, rice, 7)]
        ids = [
            _insert(
                conn, "cart_items", cart_id=cart, article_id=article, quantity=quantity,
                unit_price=650, added_at=now,
            )
            for cart, article, quantity in lines
        ]  # fmt: skip

    migrations.upgrade()

    with grocer_db.get_engine().begin() as conn:
        rows = conn.execute(
            sa.text("SELECT id, cart_id, article_id, quantity FROM cart_items ORDER BY id")
        ).all()
        assert [tuple(row) for row in rows] == [
            (ids[0], alice_cart, rice, 99),  # 60 + 50 + 2, capped; the oldest line is kept
            (ids[2], alice_cart, milk, 5),
            (ids[5], bob_cart, rice, 7),
        ]
        versions = conn.execute(sa.text("SELECT version FROM carts")).scalars().all()
        assert versions == [0, 0]
    with pytest.raises(sa.exc.IntegrityError), grocer_db.get_engine().begin() as conn:
        _insert(
            conn, "cart_items", cart_id=alice_cart, article_id=rice, quantity=1, unit_price=650,
            added_at=now,
        )  # fmt: skip


def test_0012_builds_the_postings_of_a_catalogue_searched_through_the_old_vectors(
    empty_database: str,
) -> None:
    """A PostgreSQL catalogue indexed before 0012 (text-search vectors and GIN indexes, as
    0012's downgrade puts them back) is searchable after the upgrade: the postings are built
    from its documents, the vectors are gone. On SQLite, 0012 changes nothing."""
    migrations.upgrade()
    with Session(grocer_db.get_engine()) as db:
        search_catalogue.load(db)
    migrations.downgrade("0011")
    engine = grocer_db.get_engine()
    with engine.connect() as conn:
        columns = {c["name"] for c in sa.inspect(conn).get_columns("search_documents")}
        tables = set(sa.inspect(conn).get_table_names())
    if engine.dialect.name == "postgresql":
        assert {"document", "name_document"} <= columns and PG_POSTINGS not in tables

    migrations.upgrade()

    with Session(engine) as db:
        columns = {c["name"] for c in sa.inspect(db.connection()).get_columns("search_documents")}
        assert not {"document", "name_document"} & columns
        found = search.search(db, search.search_query("mangue"))
        assert [i["name"] for i in found["items"][:3]] == [
            "Jus de mangue",
            "Mangue Amélie",
            "Mangue Kent",
        ]
        assert found["total"] == 4
        assert [s["name"] for s in search.suggest(db, "poiv")] == ["Poivre noir"]
