"""Search behaviour, pinned on both engines: every test runs on SQLite (FTS5) and on
PostgreSQL (postings and pg_trgm) through the `db` fixture, over the same small catalogue."""

from __future__ import annotations

import pytest
import sqlalchemy as sa
from sqlmodel import Session

from grocer.services import search, search_index, search_text, translations
from grocer.services.catalogue import A
from grocer.services.errors import NotFound, ValidationFailed
from tests.support import search_catalogue


@pytest.fixture
def ids(db: Session) -> dict[str, int]:
    return search_catalogue.load(db)


def names(db: Session, text: str, **kw: object) -> list[str]:
    return [item["name"] for item in search.search(db, search.search_query(text, **kw))["items"]]


# --- pure pieces ------------------------------------------------------------------------------


def test_fold_and_words() -> None:
    assert search_text.fold("Œufs ÉPICES Ærø") == "oeufs epices aero"
    assert search_text.words("L'huile de karité, pommes-de-terre") == [
        "l", "huile", "de", "karite", "pommes", "de", "terre",
    ]  # fmt: skip


@pytest.mark.parametrize(
    ("typed", "term", "distance"),
    [("mangeu", "mangue", 1), ("arachides", "arachide", 1), ("tomatte", "tomates", 1),
     ("pemplemousee", "pamplemousse", 2), ("mongeu", "mangue", 2)],
)  # fmt: skip
def test_typed_distance(typed: str, term: str, distance: int) -> None:
    assert search_text.typed_distance(typed, term, 3) == distance


def test_allowed_edits() -> None:
    assert [search_text.allowed_edits("x" * n) for n in (3, 4, 7, 8)] == [0, 1, 1, 2]


# --- matching --------------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("typed", "expected"),
    [
        ("epices", "Poivre noir"),  # the category "Épices", accents away
        ("ÉPICES", "Poivre noir"),
        ("oeufs", "Œufs frais x30"),  # ligature folded
        ("œufs", "Œufs frais x30"),
        ("pomme de terre", "Pommes de terre"),
        ("pommes-de-terre", "Pommes de terre"),
        ("beurre de karite", "Beurre de karité"),
        ("pâte d'arachide", "Pâte d'arachide"),
        ("mang", "Jus de mangue"),  # prefix while typing
        ("mango", "Mangue Kent"),  # English
        ("eier", "Œufs frais x30"),  # German
        ("patatas", "Pommes de terre"),  # Spanish
        ("mangeu", "Mangue Kent"),  # one typo (swap), 6 letters
        ("arachides", "Pâte d'arachide"),  # one typo, 9 letters
        ("tomatte", "Tomates fraîches"),  # one typo, ending forgiven
        ("pemplemousee", "Pamplemousse rose"),  # two typos from 8 letters
    ],
)
def test_finds(db: Session, ids: dict[str, int], typed: str, expected: str) -> None:
    assert expected in names(db, typed)


def test_a_short_word_before_the_last_matches_only_itself(db: Session, ids: dict[str, int]) -> None:
    """ "de" in "beurre de karité" is a finished word: as a prefix it would match every "des"
    and "deux" (the dearest part of a search); the last word typed stays a prefix."""
    engine = search.engine_for(db)
    assert [t.prefix for t in search.plan(db, engine, ["beurre", "de", "karite"]).terms] == [
        True, False, True,
    ]  # fmt: skip
    assert search.plan(db, engine, ["pommes", "de"]).terms[-1].prefix
    assert names(db, "beurre de karite") == ["Beurre de karité"]
    assert names(db, "jus de")[:2] == ["Jus de mangue", "Jus de bissap"]


def test_a_finished_short_word_only_ranks(db: Session, ids: dict[str, int]) -> None:
    """ "de" is in nearly every document: required, it would walk most of them for every match
    and exclude almost nothing. A name without it is still found; one with it comes first."""
    assert names(db, "mangue de kent") == ["Mangue Kent"]
    assert names(db, "jus de mangue")[0] == "Jus de mangue"
    assert [s["name"] for s in search.suggest(db, "mangue de ke")] == ["Mangue Kent"]


@pytest.mark.parametrize("typed", ["mongeu", "rix", "zzzz"])
def test_too_many_typos_find_nothing(db: Session, ids: dict[str, int], typed: str) -> None:
    """Two edits in a 6-letter word, any edit below 4 letters: not forgiven."""
    assert names(db, typed) == []


@pytest.mark.parametrize("typed", ["", " ", "m", "é", "'"])
def test_empty_and_one_character_queries_answer_nothing(
    db: Session, ids: dict[str, int], typed: str
) -> None:
    page = search.search(db, search.search_query(typed))
    assert page["items"] == [] and page["total"] == 0
    assert search.suggest(db, typed) == []


def test_a_long_query_is_refused() -> None:
    with pytest.raises(ValidationFailed) as caught:
        search.search_query("mangue " * 72)
    assert caught.value.field == "q"


def test_hidden_articles_are_never_found(db: Session, ids: dict[str, int]) -> None:
    assert "Mangue brouillon" not in names(db, "mangue")


# --- ranking ---------------------------------------------------------------------------------


def test_name_before_category_before_brand_before_description(
    db: Session, ids: dict[str, int]
) -> None:
    assert names(db, "bissap") == ["Jus de bissap", "Boisson rouge", "Sirop rouge", "Thé glacé"]


def test_exact_word_before_prefix(db: Session, ids: dict[str, int]) -> None:
    assert names(db, "riz")[:2] == ["Riz parfumé", "Rizotto aux cèpes"]


def test_available_before_unavailable(db: Session, ids: dict[str, int]) -> None:
    found = names(db, "arachide")
    assert found.index("Pâte d'arachide") < found.index("Huile d'arachide")


def test_popularity_breaks_ties_and_names_come_before_descriptions(
    db: Session, ids: dict[str, int]
) -> None:
    assert names(db, "mangue") == [
        "Jus de mangue", "Mangue Amélie", "Mangue Kent", "Yaourt exotique",
    ]  # fmt: skip


def test_corrected_results_come_with_did_you_mean(db: Session, ids: dict[str, int]) -> None:
    page = search.search(db, search.search_query("mangeu"))
    assert page["didYouMean"] == "mangue"
    assert page["total"] == 4
    exact = search.search(db, search.search_query("mangue"))
    assert exact["didYouMean"] is None


def test_nothing_found_may_still_suggest(db: Session, ids: dict[str, int]) -> None:
    """Two typos in a 6-letter word find nothing, but the looser suggestion is offered."""
    page = search.search(db, search.search_query("mongeu"))
    assert page["total"] == 0 and page["didYouMean"] == "mangue"


# --- paging, facets, language ------------------------------------------------------------------


def test_paging_and_facets(db: Session, ids: dict[str, int]) -> None:
    first = search.search(db, search.search_query("mangue", size=3))
    second = search.search(db, search.search_query("mangue", size=3, page=2))
    assert first["total"] == second["total"] == 4
    assert first["pages"] == 2 and len(first["items"]) == 3 and len(second["items"]) == 1
    facets = {f["name"]: f["count"] for f in first["facets"]["categories"]}
    assert facets == {"Mangues": 2, "Jus": 1, "Produits laitiers et œufs": 1}


def test_category_filter_keeps_the_facets(db: Session, ids: dict[str, int]) -> None:
    page = search.search(db, search.search_query("mangue", category_id=ids["c:fruits"]))
    assert [i["name"] for i in page["items"]] == ["Mangue Amélie", "Mangue Kent"]
    assert page["total"] == 2 and len(page["facets"]["categories"]) == 3


def test_unknown_category_is_404(db: Session, ids: dict[str, int]) -> None:
    with pytest.raises(NotFound):
        search.search(db, search.search_query("mangue", category_id=999_999))


def test_results_in_the_shoppers_language(db: Session, ids: dict[str, int]) -> None:
    page = search.search(db, search.search_query("mangue", lang="en"))
    assert [i["name"] for i in page["items"]][:3] == ["Mango juice", "Amélie mango", "Kent mango"]
    assert page["items"][1]["category"]["name"] == "Mangoes"
    assert {f["name"] for f in page["facets"]["categories"]} >= {"Mangoes", "Juices"}
    # French when a translation is missing
    assert "Riz parfumé" in names(db, "riz", lang="de")


def test_article_shape_is_the_catalogues(db: Session, ids: dict[str, int]) -> None:
    item = search.search(db, search.search_query("kent"))["items"][0]
    assert item["id"] == ids["kent"] and item["price"] == "500.00"
    assert {"salePrice", "imageUrls", "category", "product", "popularity"} <= set(item)


# --- suggestions --------------------------------------------------------------------------------


def test_suggest_categories_then_articles(db: Session, ids: dict[str, int]) -> None:
    found = search.suggest(db, "mang")
    assert found[0] == {"kind": "category", "id": ids["c:mangues"], "name": "Mangues"}
    assert [f["name"] for f in found[1:]] == ["Jus de mangue", "Mangue Amélie", "Mangue Kent"]
    assert len(search.suggest(db, "e")) == 0 and len(search.suggest(db, "de")) <= 8


def test_suggest_in_english_and_with_a_typo(db: Session, ids: dict[str, int]) -> None:
    assert {"kind": "category", "id": ids["c:mangues"], "name": "Mangoes"} in search.suggest(
        db, "mangeu", lang="en"
    )


# --- the index follows the catalogue --------------------------------------------------------


def test_index_follows_a_rename_in_the_same_transaction(db: Session, ids: dict[str, int]) -> None:
    db.execute(sa.update(A).where(A.c.id == ids["kent"]).values(name="Mangue Keitt"))
    translations.delete(db, "article", [ids["kent"]])
    search_index.reindex_articles(db, [ids["kent"]])
    db.commit()
    assert "Mangue Keitt" in names(db, "keitt")
    assert names(db, "kent") == []


def test_a_very_broad_query_counts_all_and_ranks_its_first_matches(
    db: Session, ids: dict[str, int], monkeypatch: pytest.MonkeyPatch
) -> None:
    """Past CANDIDATES matches, the total is still whole; the page comes from the first
    matches in document order (available, popular first), the first name matches and the
    first whole-word name matches; a category filter then reads all of that category's
    matches."""
    monkeypatch.setattr(search, "CANDIDATES", 1)
    monkeypatch.setattr(search, "NAME_CANDIDATES", 1)
    page = search.search(db, search.search_query("mangue"))
    assert page["total"] == 4
    assert page["items"][0]["name"] == "Jus de mangue"
    assert len(page["items"]) <= 3
    assert "Yaourt exotique" not in [i["name"] for i in page["items"]]  # a description match
    scoped = search.search(db, search.search_query("mangue", category_id=ids["c:mangues"]))
    assert [i["name"] for i in scoped["items"]] == ["Mangue Amélie", "Mangue Kent"]
