"""Product search and suggestions: one interface, two engines (SQLite FTS5, PostgreSQL).

Why this shape: the rules (what a word matches, which typos are forgiven, how results rank,
what a query may be) are written once, here, in engine-neutral Python and SQL; an engine only
answers "which documents hold all these words" (FTS5 `MATCH` on SQLite; on PostgreSQL the
intersection of the words' postings, sorted id arrays) and "which vocabulary words look like
this one" (FTS5 trigram table, `pg_trgm`). The same test cases run on both
(tests/unit/test_search.py).

Why a search is one statement (`_found`): the candidates are read, ranked, paged and counted
per category inside the database, so only a page of ids and the facets come back to Python;
on PostgreSQL its matches are one array (`m`), counted and cut to the first ones. The typo
fallback only runs for a word no catalogue word starts with.

Behaviour:
- words are folded (`search_text.fold`): accents, case, ligatures (œ, æ), apostrophes and
  hyphens do not matter; every word is a prefix ("mang" finds "Mangue"), but a two-letter word
  before the last one typed, when the catalogue has it ("de" in "beurre de karité"), is a
  finished word: it ranks (a name holding it first) but is not required (`matching`);
- a word the catalogue has no word starting with is corrected to the vocabulary words within
  one edit (from 4 letters) or two (from 8), its ending forgiven ("tomatte" → "tomates");
  the corrected query is answered as `didYouMean`;
- names, categories, brands and descriptions are searched in all four languages;
- ranking: where the words are (name, then category, brand, description), how (exact word,
  then prefix, then corrected), available before unavailable, then popularity, then id;
- a query shorter than two characters answers nothing; one longer than `MAX_QUERY_LENGTH`
  is refused (`ValidationFailed`, a 400).
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from dataclasses import dataclass, field
from typing import Any

import sqlalchemy as sa
from sqlmodel import Session

from grocer.models.constants import DEFAULT_LANGUAGE, LANGUAGES, MAX_ID
from grocer.models.search import (
    CATEGORY_DOC_BASE,
    PG_POSTINGS,
    PG_UNION,
    PREFIX_KEY,
    PREFIX_KEY_LENGTHS,
    WORD_KEY,
)
from grocer.services import catalogue, search_text, translations
from grocer.services.errors import ValidationFailed

DEFAULT_PAGE_SIZE = catalogue.DEFAULT_PAGE_SIZE  # 18, as the catalogue's pages
MAX_PAGE_SIZE = catalogue.MAX_PAGE_SIZE
SUGGEST_LIMIT = 8
SUGGEST_CATEGORIES = 3
FACET_LIMIT = 20
#: A very broad query ("po") matches most of the catalogue: the page, the facets and the
#: suggestions are then taken from its first matches in document order (available first, then
#: by popularity: `search_index.reindex_articles`), with its first name matches and its first
#: whole-word name matches beside them (the best tiers, wherever they are in document order);
#: the total is still counted whole. Below these numbers everything is exact.
CANDIDATES = 600
#: Name matches (and whole-word name matches) ranked beside them: the first pages' worth.
NAME_CANDIDATES = 150
#: Name matches (and whole-word ones) the suggestions are ranked from: a few times the eight
#: shown, so that a document numbered out of popularity order (a partial reindex) still ranks.
SUGGEST_CANDIDATES = 48
#: A query word this short, not the last one typed, is a finished word when the catalogue has
#: it whole ("de" in "beurre de karité"): not a prefix (it would match every "des", "delice",
#: "deux") and, beside longer words, not required either, only ranked (`matching`).
SHORT_WORD = 2
#: Vocabulary words looked at per mistyped word, and corrections kept.
_CANDIDATES = 60
_CORRECTIONS = 6

_SHOWN_WORD = re.compile(r"[^\W_]+")
_FIELDS = ("name_text", "category_text", "brand_text", "description_text")


# --- requests -----------------------------------------------------------------------------------


@dataclass(frozen=True)
class SearchQuery:
    """A validated search request (hashable: the API may cache on it)."""

    text: str
    words: tuple[str, ...]
    page: int = 1
    size: int = DEFAULT_PAGE_SIZE
    category_id: int | None = None
    lang: str = DEFAULT_LANGUAGE

    @property
    def searchable(self) -> bool:
        return bool(self.words)


def _invalid(name: str, message: str, key: str) -> ValidationFailed:
    return ValidationFailed(name, message, key=key)


def _checked_text(text: str | None) -> str:
    text = (text or "").strip()
    if len(text) > search_text.MAX_QUERY_LENGTH:
        raise _invalid(
            "q",
            f"q ne doit pas dépasser {search_text.MAX_QUERY_LENGTH} caractères",
            "search.errors.tooLong",
        )
    return text


def _query_words(text: str) -> tuple[str, ...]:
    if len(search_text.fold(text).strip()) < search_text.MIN_QUERY_LENGTH:
        return ()
    found = search_text.query_words(text)
    longer = [w for w in found if len(w) > 1]
    return tuple(longer or [])


def search_query(
    text: str | None,
    *,
    page: int = 1,
    size: int = DEFAULT_PAGE_SIZE,
    category_id: int | None = None,
    lang: str | None = None,
) -> SearchQuery:
    """Check and normalise a search request (a 400 on nonsense; sizes above 100 are capped)."""
    text = _checked_text(text)
    if page < 1 or page > MAX_ID:
        raise _invalid(
            "page", "page doit être un entier supérieur ou égal à 1", "catalogue.errors.page"
        )
    if size < 1:
        raise _invalid(
            "size", f"size doit être un entier entre 1 et {MAX_PAGE_SIZE}", "catalogue.errors.size"
        )
    if category_id is not None and not 0 < category_id <= MAX_ID:
        raise _invalid("categoryId", "Champ invalide : categoryId", "errors.validation")
    if lang is not None and lang not in LANGUAGES:
        raise _invalid(
            "lang", f"lang doit être l'une de : {', '.join(LANGUAGES)}", "search.errors.lang"
        )
    return SearchQuery(
        text=text,
        words=_query_words(text),
        page=page,
        size=min(size, MAX_PAGE_SIZE),
        category_id=category_id,
        lang=lang or DEFAULT_LANGUAGE,
    )


# --- the plan: what each word matches ----------------------------------------------------------


@dataclass(frozen=True)
class Term:
    """One query word as searched: the word itself as a prefix, or its corrections."""

    word: str
    corrections: tuple[str, ...] = ()
    #: False: the word matches only itself, not the words it starts (`SHORT_WORD`).
    prefix: bool = True

    @property
    def fuzzy(self) -> bool:
        return bool(self.corrections)


@dataclass
class Plan:
    terms: list[Term] = field(default_factory=list)
    impossible: bool = False  # a word matches nothing, even corrected

    @property
    def fuzzy(self) -> bool:
        return any(t.fuzzy for t in self.terms)

    def corrected_text(self, shown: str = "") -> str:
        """The query with each mistyped word replaced by its likeliest correction, written as
        in `shown` (the best result's name, in the shopper's language) when it holds one."""
        written = {search_text.fold(w): w for w in _SHOWN_WORD.findall(shown)}
        out = []
        for t in self.terms:
            if not t.fuzzy:
                out.append(t.word)
                continue
            in_shown = [c for c in t.corrections if c in written]
            out.append(written[in_shown[0]].lower() if in_shown else t.corrections[0])
        return " ".join(out)


@dataclass(frozen=True)
class Hits:
    """A SELECT of the ids (column `id`) of the matching documents of one kind, and its binds."""

    sql: str
    binds: dict[str, Any]

    def keyed(self, key: str) -> Hits:
        """The same SELECT with its binds renamed apart (`key` + name), to sit beside others in
        one statement."""
        sql = self.sql
        for name in self.binds:
            sql = sql.replace(f":{name}", f":{key}{name}")
        return Hits(sql, {f"{key}{name}": value for name, value in self.binds.items()})


def _union(parts: Sequence[Hits]) -> Hits:
    return Hits(
        " UNION ".join(p.sql for p in parts),
        {k: v for p in parts for k, v in p.binds.items()},
    )


@dataclass(frozen=True)
class Matches:
    """What a search reads of its matching articles, as SQL parts of one statement: `ctes`
    (WITH entries, maybe none), `candidates` (the ids ranked in full), `every` (the ids of all
    matches) and `total` (a scalar SELECT counting them)."""

    ctes: tuple[str, ...]
    candidates: str
    every: str
    total: str
    binds: dict[str, Any]


class Engine:
    """What differs between the databases: matching documents and finding look-alike words."""

    name = "base"
    position = "instr"  # the SQL function giving a substring's position (1-based, 0 if none)
    #: SQL expressions setting what the search's later statements need, evaluated with its
    #: first one (`plan`) rather than in round trips of their own: none by default.
    settings: tuple[str, ...] = ()

    def hits(
        self,
        terms: Sequence[Term],
        *,
        name_only: bool = False,
        exact: bool = False,
    ) -> Hits:
        """The article documents that hold every term (in their name only, `name_only`; as whole
        words, not prefixes, `exact`: for unfuzzy terms only). Categories are few and are
        matched word by word in SQL (`suggest`), not through the engine."""
        raise NotImplementedError

    def first(
        self, terms: Sequence[Term], limit: int, *, key: str, name_only: bool = False,
        exact: bool = False,
    ) -> Hits:  # fmt: skip
        """The first `limit` matching articles in document order (see `hits`)."""
        hits = self.hits(terms, name_only=name_only, exact=exact).keyed(key)
        return Hits(
            f"SELECT id FROM ({hits.sql} ORDER BY id LIMIT {int(limit)}) AS {key}", hits.binds
        )

    def names_first(self, terms: Sequence[Term], limit: int) -> Hits:
        """The first `limit` articles whose name holds the terms, and (the terms not corrected)
        the first `limit` whose name holds them as whole words: the best tiers of a broad
        query, however far in document order its exact matches are."""
        parts = [self.first(terms, limit, key="n", name_only=True)]
        if not any(t.fuzzy for t in terms):
            parts.append(self.first(terms, limit, key="x", name_only=True, exact=True))
        return _union(parts)

    def matches(self, terms: Sequence[Term], cap: int, name_cap: int) -> Matches:
        """All matching articles, counted; ranked in full: the first `cap` in document order
        and `names_first(name_cap)`."""
        every = self.hits(terms).keyed("e")
        head = self.first(terms, cap, key="f")
        names = self.names_first(terms, name_cap)
        return Matches(
            ctes=(),
            candidates=_union([head, names]).sql,
            every=every.sql,
            total=f"SELECT count(*) FROM ({every.sql}) AS t",
            binds={**every.binds, **head.binds, **names.binds},
        )

    def candidates(self, db: Session, word: str) -> dict[str, int]:
        """Vocabulary words sharing pieces with `word`, likeliest first (at most _CANDIDATES),
        with their frequencies."""
        raise NotImplementedError


def _fts5_term(term: Term, exact: bool) -> str:
    if term.fuzzy:
        return "(" + " OR ".join(f'"{c}"' for c in term.corrections) + ")"
    return f'"{term.word}"' if exact or not term.prefix else f'"{term.word}"*'


class SqliteEngine(Engine):
    """FTS5 answers in rowid (document) order and stops at a LIMIT: every part of a search is
    an FTS5 match of its own."""

    name = "sqlite"
    position = "instr"

    def hits(
        self,
        terms: Sequence[Term],
        *,
        name_only: bool = False,
        exact: bool = False,
    ) -> Hits:
        expression = " AND ".join(_fts5_term(t, exact) for t in terms)
        if name_only:
            expression = "{name_text} : (" + expression + ")"
        return Hits(
            # Article documents are numbered below CATEGORY_DOC_BASE, categories from it.
            f"SELECT rowid AS id FROM search_fts WHERE search_fts MATCH :fts "
            f"AND rowid < {CATEGORY_DOC_BASE}",
            {"fts": expression},
        )

    def candidates(self, db: Session, word: str) -> dict[str, int]:
        grams = search_text.trigrams(word)
        if not grams:
            return {}
        rows = db.execute(
            sa.text(
                "SELECT t.term, t.frequency FROM search_terms_trgm JOIN search_terms AS t "
                "ON t.id = search_terms_trgm.rowid "
                "WHERE search_terms_trgm MATCH :q AND length(t.term) >= :shortest "
                "ORDER BY rank LIMIT :n"
            ),
            {
                "q": " OR ".join(f'"{g}"' for g in grams),
                "shortest": max(2, len(word) - 2),
                "n": _CANDIDATES,
            },
        )
        return {r.term: int(r.frequency) for r in rows}


_KEY_WORD = re.compile(r"[0-9a-z]+")


def _key(prefix: str, word: str) -> str:
    """A postings key as an SQL literal. Words are folded to [0-9a-z] (`search_text.words`),
    so they are written into the statement; anything else is refused, not escaped."""
    if not _KEY_WORD.fullmatch(word):
        raise ValueError(f"not a folded word: {word!r}")
    return f"'{prefix}{word}'"


class PostgresEngine(Engine):
    """Postings (`grocer.models.search.PG_POSTINGS`): a key's row holds the sorted ids of the
    article documents with that word, or that 2-4 letter prefix, and of those with it in their
    name. A match intersects its words' arrays (intarray's `&`), is counted by its length and
    cut to its first ids by a slice: no document is read until the ranking's few."""

    name = "postgresql"
    position = "strpos"

    settings = (
        # The postings' key ranges and the documents' id ranges are index reads; the planner,
        # pricing a table of a few thousand wide rows, would sometimes scan it instead.
        "set_config('enable_seqscan', 'off', true)",
        # The typo fallback's trigram similarity threshold (`candidates`: what set_limit(0.2)
        # sets, for this transaction only).
        "set_config('pg_trgm.similarity_threshold', '0.2', true)",
    )

    @staticmethod
    def _posting(term: Term, column: str, exact: bool) -> str:
        """The sorted ids holding `term` (column `docs`, or `names` for names only)."""
        read = f"FROM {PG_POSTINGS} WHERE key"
        if term.fuzzy:
            keys = ", ".join(_key(WORD_KEY, c) for c in term.corrections)
            return f"(SELECT {PG_UNION}({column}) {read} IN ({keys}))"
        if exact or not term.prefix:
            return f"(SELECT {column} {read} = {_key(WORD_KEY, term.word)})"
        if len(term.word) <= max(PREFIX_KEY_LENGTHS):
            return f"(SELECT {column} {read} = {_key(PREFIX_KEY, term.word)})"
        return (
            f"(SELECT {PG_UNION}({column}) {read} >= {_key(WORD_KEY, term.word)} "
            f"AND key < {_key(WORD_KEY, search_text.upper_bound(term.word))})"
        )

    def _array(self, terms: Sequence[Term], *, name_only: bool = False, exact: bool = False) -> str:
        """The sorted ids of the article documents holding every term."""
        column = "names" if name_only else "docs"
        return " & ".join(
            f"coalesce({self._posting(t, column, exact)}, '{{}}'::int4[])" for t in terms
        )

    def hits(
        self,
        terms: Sequence[Term],
        *,
        name_only: bool = False,
        exact: bool = False,
    ) -> Hits:
        array = self._array(terms, name_only=name_only, exact=exact)
        return Hits(f"SELECT unnest({array}) AS id", {})

    def first(
        self, terms: Sequence[Term], limit: int, *, key: str, name_only: bool = False,
        exact: bool = False,
    ) -> Hits:  # fmt: skip
        array = self._array(terms, name_only=name_only, exact=exact)
        return Hits(f"SELECT unnest(({array})[1:{int(limit)}]) AS id", {})

    def matches(self, terms: Sequence[Term], cap: int, name_cap: int) -> Matches:
        names = self.names_first(terms, name_cap)
        # Within `cap` matches, the first ones are all of them: the name matches are then
        # not read (a one-time filter, tested first).
        return Matches(
            ctes=(f"m AS MATERIALIZED (SELECT {self._array(terms)} AS docs)",),
            candidates=(
                f"SELECT unnest(docs[1:{int(cap)}]) AS id FROM m "
                f"UNION SELECT id FROM ({names.sql}) AS n "
                f"WHERE (SELECT cardinality(docs) FROM m) > {int(cap)}"
            ),
            every="SELECT unnest(docs) AS id FROM m",
            total="SELECT cardinality(docs) FROM m",
            binds=names.binds,
        )

    def candidates(self, db: Session, word: str) -> dict[str, int]:
        rows = db.execute(
            sa.text(
                "SELECT term, frequency FROM search_terms WHERE grocer_unaccent(term) % :w "
                "AND length(term) >= :shortest "
                "ORDER BY grocer_unaccent(term) <-> :w, frequency DESC LIMIT :n"
            ),
            {"w": word, "shortest": max(2, len(word) - 2), "n": _CANDIDATES},
        )
        return {r.term: int(r.frequency) for r in rows}


def engine_for(db: Session) -> Engine:
    """The engine of the session's database."""
    dialect = db.get_bind().dialect.name
    return PostgresEngine() if dialect == "postgresql" else SqliteEngine()


def _has_prefix(db: Session, word: str) -> bool:
    """Does some catalogue word start with `word`? (One index range read.)"""
    found = db.execute(
        sa.text("SELECT 1 FROM search_terms WHERE term >= :lo AND term < :hi LIMIT 1"),
        {"lo": word, "hi": search_text.upper_bound(word)},
    ).first()
    return found is not None


def _same_start(db: Session, word: str, limit: int) -> dict[str, int]:
    """Vocabulary words starting with the same letter and of about the same length: what a
    typo in a short word leaves to trigrams is often nothing ("mongeu" shares none with
    "mangue")."""
    rows = db.execute(
        sa.text(
            "SELECT term, frequency FROM search_terms WHERE term >= :lo AND term < :hi "
            "AND length(term) BETWEEN :shortest AND :longest ORDER BY frequency DESC LIMIT :n"
        ),
        {
            "lo": word[0],
            "hi": search_text.upper_bound(word[0]),
            "shortest": len(word) - limit,
            "longest": len(word) + limit,
            "n": 4 * _CANDIDATES,
        },
    )
    return {r.term: int(r.frequency) for r in rows}


def corrections(db: Session, engine: Engine, word: str, *, extra: int = 0) -> tuple[str, ...]:
    """Vocabulary words a mistyped `word` may mean, nearest and commonest first."""
    limit = search_text.allowed_edits(word) + extra
    if limit <= 0:
        return ()
    scored = []
    frequency = engine.candidates(db, word)
    if extra:  # the looser pass also reads the words of the same first letter and length
        frequency = {**frequency, **_same_start(db, word, limit)}
    for term in frequency:
        distance = search_text.typed_distance(word, term, limit)
        if distance <= limit:
            scored.append((distance, term))
    if not scored:
        return ()
    scored.sort(key=lambda item: (item[0], -frequency[item[1]], item[1]))
    return tuple(term for _, term in scored[:_CORRECTIONS])


def _known_prefixes(
    db: Session, words: Sequence[str], settings: Sequence[str] = ()
) -> dict[str, bool]:
    """The words some catalogue word starts with → whether the catalogue has the word itself.
    One statement, two index reads a word; it also applies the engine's `settings`."""
    if not words:
        return {}
    parts = [f"SELECT -1 AS i, length({' || '.join(settings)}) AS n, NULL AS w"] if settings else []
    binds: dict[str, str] = {}
    for i, word in enumerate(words):
        parts.append(
            f"SELECT {i} AS i, (SELECT 1 FROM search_terms WHERE term >= :lo{i} "
            f"AND term < :hi{i} LIMIT 1) AS n, "
            f"(SELECT 1 FROM search_terms WHERE term = :lo{i}) AS w"
        )
        binds[f"lo{i}"], binds[f"hi{i}"] = word, search_text.upper_bound(word)
    rows = db.execute(sa.text(" UNION ALL ".join(parts)), binds)
    return {words[i]: w is not None for i, n, w in rows if i >= 0 and n is not None}


def plan(db: Session, engine: Engine, words: Sequence[str]) -> Plan:
    """Each word as a prefix when the catalogue has it, else its corrections."""
    result = Plan()
    known = _known_prefixes(db, words, engine.settings)
    for index, word in enumerate(words):
        if word in known:
            if len(word) <= SHORT_WORD and known[word] and index < len(words) - 1:
                result.terms.append(Term(word, prefix=False))
            else:
                result.terms.append(Term(word))
            continue
        found = corrections(db, engine, word)
        if not found:
            result.impossible = True
            result.terms.append(Term(word))
        else:
            result.terms.append(Term(word, found))
    return result


def matching(terms: Sequence[Term]) -> list[Term]:
    """The terms a document must hold: a finished short word ("de" in "farine de mil") only
    ranks (a name holding it comes first), unless it is all there is. As a required word it
    would cost a walk through most of the catalogue's documents for every match (it is in
    nearly all of them) and exclude almost nothing."""
    required = [t for t in terms if t.prefix]
    return required or list(terms)


def _did_you_mean(db: Session, engine: Engine, current: Plan) -> str | None:
    """A looser correction of the words that matched nothing, for "Vouliez-vous dire …"."""
    out = []
    changed = False
    for term in current.terms:
        if term.fuzzy:
            out.append(term.corrections[0])
            changed = True
        elif _has_prefix(db, term.word):
            out.append(term.word)
        else:
            found = corrections(db, engine, term.word, extra=1) if len(term.word) >= 3 else ()
            if not found:
                return None
            out.append(found[0])
            changed = True
    return " ".join(out) if changed else None


# --- ranking ---------------------------------------------------------------------------------


def _word_tests(engine: Engine, column: str, words: Sequence[str], exact: bool) -> str:
    """SQL true when the column holds one of `words` as a whole word (`exact`) or word start."""
    padded = f"d.{column}"  # stored with a space on each side (search_index._padded)
    return " OR ".join(
        f"{engine.position}({padded}, '{' ' + w + (' ' if exact else '')}') > 0" for w in words
    )


def _tier_sql(engine: Engine, terms: Sequence[Term], columns: Sequence[str] = _FIELDS) -> str:
    """The match tier: 3 × field (name 0, category 1, brand 2, description 3; 4 when the words
    are spread over several fields) + kind (exact word 0, prefix 1, corrected 2)."""
    cases = []
    for index, column in enumerate(columns):
        if any(t.fuzzy for t in terms):
            tests = [_word_tests(engine, column, t.corrections or (t.word,), False) for t in terms]
            kinds = [(" AND ".join(f"({x})" for x in tests), 2)]
        else:
            exact = [_word_tests(engine, column, (t.word,), True) for t in terms]
            prefix = [_word_tests(engine, column, (t.word,), not t.prefix) for t in terms]
            kinds = [(" AND ".join(exact), 0), (" AND ".join(prefix), 1)]
        for condition, kind in kinds:
            cases.append(f"WHEN {condition} THEN {index * 3 + kind}")
    return f"CASE {' '.join(cases)} ELSE {len(columns) * 3} END"


# --- search --------------------------------------------------------------------------------


def _empty(q: SearchQuery) -> dict[str, Any]:
    return {
        "items": [],
        "total": 0,
        "page": q.page,
        "size": q.size,
        "pages": 0,
        "query": q.text,
        "facets": {"categories": []},
        "didYouMean": None,
    }


def _category_name_sql(lang: str) -> tuple[str, str]:
    """(FROM clause joins, name expression) giving the name of category `f.category` in
    `lang` (its translation, else its French name)."""
    joins = "LEFT JOIN categories AS k ON k.id = f.category"
    if lang == DEFAULT_LANGUAGE:
        return joins, "k.name"
    return (
        f"{joins} LEFT JOIN catalogue_translations AS t ON t.kind = 'category' "
        "AND t.ref_id = f.category AND t.lang = :lang",
        "coalesce(nullif(t.name, ''), k.name)",
    )


def _ranked_sql(engine: Engine, terms: Sequence[Term], ids: str) -> str:
    """(id, category, tier, unavailable, popularity) of the articles of the documents `ids`:
    all of it from the documents (only shown articles have one), no article row read."""
    return (
        f"SELECT d.ref_id AS id, d.category_id AS category, {_tier_sql(engine, terms)} AS tier, "
        "CASE WHEN d.available THEN 0 ELSE 1 END AS unavailable, d.popularity "
        f"FROM ({ids}) AS h JOIN search_documents AS d ON d.id = h.id"
    )


@dataclass
class _Found:
    total: int = 0  # every match
    reachable: int = 0  # what the pages reach (the candidates, or the category's matches)
    page: list[int] = field(default_factory=list)
    facets: dict[int, int] = field(default_factory=dict)  # category id → candidates in it
    names: dict[int, str] = field(default_factory=dict)  # category id → name, for the facets


def _found(
    db: Session, engine: Engine, terms: Sequence[Term], q: SearchQuery, scope: Sequence[int] | None
) -> _Found:
    """The page, the facets and the counts of a search in one statement: the candidates are
    read and ranked once, in the database, and only a page and the facets come back."""
    found = engine.matches(matching(terms), CANDIDATES, NAME_CANDIDATES)
    ctes = [*found.ctes, f"c AS MATERIALIZED ({_ranked_sql(engine, terms, found.candidates)})"]
    pages = "c"
    binds: dict[str, Any] = dict(found.binds)
    if scope is not None:
        # Within a category, its matches all (for a query within CANDIDATES matches, the
        # candidates are all of them: the same rows); the facets stay the whole query's.
        ctes.append(
            f"s AS MATERIALIZED ({_ranked_sql(engine, terms, found.every)} WHERE "
            "d.category_id IN :scope)"
        )
        pages = "s"
        binds["scope"] = list(scope)
    joins, name = _category_name_sql(q.lang)
    statement = sa.text(
        f"WITH {', '.join(ctes)} "
        # The page's rank rides along: UNION ALL need not keep its rows in order.
        "SELECT 0 AS part, id AS a, r AS b, NULL AS name FROM (SELECT id, ROW_NUMBER() OVER "
        f"(ORDER BY tier, unavailable, popularity DESC, id) AS r FROM {pages} "
        "ORDER BY r LIMIT :size OFFSET :start) AS p "
        # The facets shown, named: the most common categories (ties: the higher id).
        f"UNION ALL SELECT 1, f.category, f.n, {name} FROM (SELECT category, count(*) AS n "
        "FROM c WHERE category IS NOT NULL GROUP BY category "
        f"ORDER BY n DESC, category DESC LIMIT {FACET_LIMIT}) AS f {joins} "
        f"UNION ALL SELECT 2, count(*), 0, NULL FROM {pages} "
        f"UNION ALL SELECT 3, ({found.total}), 0, NULL"
    )
    if scope is not None:
        statement = statement.bindparams(sa.bindparam("scope", expanding=True))
    binds.update(size=q.size, start=(q.page - 1) * q.size)
    if q.lang != DEFAULT_LANGUAGE:
        binds["lang"] = q.lang
    out = _Found()
    ranked: list[tuple[int, int]] = []
    for part, a, b, text in db.execute(statement, binds):
        if part == 0:
            ranked.append((int(b), int(a)))
        elif part == 1:
            out.facets[int(a)] = int(b)
            out.names[int(a)] = text or ""
        elif part == 2:
            out.reachable = int(a)
        else:
            out.total = int(a)
    out.page = [aid for _, aid in sorted(ranked)]
    if scope is not None:
        out.total = out.reachable
    return out


def search(db: Session, q: SearchQuery) -> dict[str, Any]:
    """A page of articles matching `q`: {items, total, page, size, pages, query, facets:
    {categories: [{id, name, count}]}, didYouMean}. Articles are in the catalogue's shape, in
    `q.lang`. The facets count the matches per category before the category filter (for a
    query matching more than CANDIDATES articles: among its candidates)."""
    if not q.searchable:
        return _empty(q)
    engine = engine_for(db)
    current = plan(db, engine, q.words)
    out = _empty(q)
    if current.impossible:
        out["didYouMean"] = _did_you_mean(db, engine, current)
        return out
    scope = catalogue._category_scope(db, q.category_id) if q.category_id is not None else None
    found = _found(db, engine, current.terms, q, scope)
    names = found.names  # the statement kept the FACET_LIMIT commonest categories
    facets = sorted(found.facets.items(), key=lambda item: (-item[1], names[item[0]]))
    items = translations.articles(db, _articles_in_order(db, found.page), q.lang)
    shown = str(items[0]["name"]) if items else ""
    out.update(
        items=items,
        total=found.total,
        pages=catalogue.page_count(found.reachable, q.size),
        facets={"categories": [{"id": cid, "name": names[cid], "count": n} for cid, n in facets]},
        didYouMean=current.corrected_text(shown) if current.fuzzy else None,
    )
    return out


_ARTICLES_IN = catalogue._ARTICLES.where(
    catalogue.A.c.id.in_(sa.bindparam("ids", expanding=True))
)  # built once: building it and its cache key cost 0.1 ms a search


def _articles_in_order(db: Session, ids: Sequence[int]) -> list[dict[str, Any]]:
    """The articles of these ids in the catalogue's shape, in that order."""
    if not ids:
        return []
    rows = db.execute(_ARTICLES_IN, {"ids": list(ids)}).all()
    by_id = {row.id: row for row in rows}
    return catalogue._article_dicts(db, [by_id[i] for i in ids if i in by_id])


# --- suggestions -----------------------------------------------------------------------------


def suggest(db: Session, text: str | None, lang: str | None = None) -> list[dict[str, Any]]:
    """At most 8 {kind: "category" | "article", id, name} whose name matches what is typed:
    up to 3 categories first, then articles (same tiers as search, names only)."""
    q = search_query(text, lang=lang)
    if not q.searchable:
        return []
    engine = engine_for(db)
    current = plan(db, engine, q.words)
    if current.impossible:
        return []
    tier = _tier_sql(engine, current.terms, ("name_text",))
    # Categories are few (hundreds): their documents, numbered apart, are read in id range
    # and tested word by word, the same on both engines. Categories and articles come back
    # from one statement, each with its rank.
    named = " AND ".join(
        f"({_word_tests(engine, 'name_text', t.corrections or (t.word,), not t.prefix)})"
        for t in matching(current.terms)
    )
    names = engine.names_first(matching(current.terms), SUGGEST_CANDIDATES)
    rows = db.execute(
        sa.text(
            "SELECT 0 AS part, id, name, r FROM (SELECT c.id, c.name, ROW_NUMBER() OVER "
            f"(ORDER BY {tier}, c.level, c.id) AS r FROM search_documents AS d "
            "JOIN categories AS c ON c.id = d.ref_id "
            f"WHERE d.id >= {CATEGORY_DOC_BASE} AND {named} AND c.can_display_on_ui "
            f"ORDER BY r LIMIT {SUGGEST_CATEGORIES}) AS c "
            "UNION ALL "
            # Ranked from the documents; only the shown eight read their article's name.
            "SELECT 1, a.id, a.name, r FROM (SELECT d.ref_id AS id, ROW_NUMBER() OVER (ORDER BY "
            f"{tier}, CASE WHEN d.available THEN 0 ELSE 1 END, d.popularity DESC, d.ref_id) AS r "
            f"FROM ({names.sql}) AS h JOIN search_documents AS d ON d.id = h.id "
            f"ORDER BY r LIMIT {SUGGEST_LIMIT}) AS t JOIN articles AS a ON a.id = t.id"
        ),
        names.binds,
    ).all()
    categories = sorted((r for r in rows if r.part == 0), key=lambda r: r.r)
    articles = sorted((r for r in rows if r.part == 1), key=lambda r: r.r)
    articles = articles[: SUGGEST_LIMIT - len(categories)]
    category_names = {r.id: r.name for r in categories}
    for cid, (name, _) in translations.texts(db, "category", category_names, q.lang).items():
        if name:
            category_names[cid] = name
    article_names = {r.id: r.name for r in articles}
    for aid, (name, _) in translations.texts(db, "article", article_names, q.lang).items():
        if name:
            article_names[aid] = name
    return [
        *({"kind": "category", "id": i, "name": n} for i, n in category_names.items()),
        *({"kind": "article", "id": i, "name": n} for i, n in article_names.items()),
    ]
