"""How search reads text: folding, words, edit distance and typo tolerance (pure, no database).

Why a module of its own: the index writer and the searchers must cut and fold text in exactly
the same way on both engines, or "Œufs" indexed one way would not be found by "oeufs" typed
the other way. Everything the engines receive is already folded here (lower case, accents and
ligatures removed, apostrophes and hyphens turned into spaces), so SQLite's `unicode61
remove_diacritics 2` tokenizer and PostgreSQL's `unaccent` configuration only ever see plain
words; they fold again, harmlessly, whatever reaches them another way.
"""

from __future__ import annotations

import re
import unicodedata
from collections.abc import Iterable

#: Longest query accepted (characters); longer is a 400, not a slow search.
MAX_QUERY_LENGTH = 200
#: Shortest query that searches at all: one character answers nothing, quietly.
MIN_QUERY_LENGTH = 2
#: Words of a query that are looked at (the rest is ignored: no query plan explodes).
MAX_QUERY_WORDS = 8
#: Longest word kept in the index and the vocabulary (longer ones are cut).
MAX_WORD_LENGTH = 40

_LIGATURES = str.maketrans(
    {"œ": "oe", "Œ": "oe", "æ": "ae", "Æ": "ae", "ß": "ss", "ø": "o", "Ø": "o", "ł": "l"}
)
_WORD = re.compile(r"[0-9a-z]+")


def fold(text: str | None) -> str:
    """Lower case, ligatures expanded, accents removed: "Œufs frais" → "oeufs frais"."""
    if not text:
        return ""
    decomposed = unicodedata.normalize("NFKD", text.translate(_LIGATURES))
    return "".join(ch for ch in decomposed if not unicodedata.combining(ch)).casefold()


def words(text: str | None) -> list[str]:
    """The folded words of a text: every run of letters and digits; apostrophes, hyphens and
    punctuation separate words ("l'huile de karité" → ["l", "huile", "de", "karite"])."""
    return [w[:MAX_WORD_LENGTH] for w in _WORD.findall(fold(text))]


def index_text(parts: Iterable[str | None]) -> str:
    """Several texts (a name in four languages) as one line of folded words, each word once,
    in first-seen order, separated by single spaces (what the ranking's word tests expect)."""
    seen: dict[str, None] = {}
    for part in parts:
        for word in words(part):
            seen.setdefault(word, None)
    return " ".join(seen)


def query_words(query: str) -> list[str]:
    """The words a query searches for, in order, duplicates dropped, at most MAX_QUERY_WORDS."""
    return list(dict.fromkeys(words(query)))[:MAX_QUERY_WORDS]


def allowed_edits(word: str) -> int:
    """Typos forgiven in a word: none below 4 letters, one from 4, two from 8."""
    if len(word) >= 8:
        return 2
    return 1 if len(word) >= 4 else 0


def _distances(a: str, b: str, limit: int | None = None) -> list[int] | None:
    """Optimal string alignment distances (insert, delete, substitute, swap two neighbours)
    of `a` to every start of `b`: item j is the distance to b[:j]. None once every start is
    more than `limit` away (no later letter of `a` can bring one back)."""
    previous2: list[int] = []
    previous = list(range(len(b) + 1))
    for i, ca in enumerate(a, start=1):
        current = [i] + [0] * len(b)
        for j, cb in enumerate(b, start=1):
            cost = 0 if ca == cb else 1
            value = min(previous[j] + 1, current[j - 1] + 1, previous[j - 1] + cost)
            if i > 1 and j > 1 and ca == b[j - 2] and a[i - 2] == cb:
                value = min(value, previous2[j - 2] + 1)
            current[j] = value
        if limit is not None and min(current) > limit:
            return None
        previous2, previous = previous, current
    return previous


def typed_distance(typed: str, term: str, limit: int) -> int:
    """How far a typed word is from a vocabulary word, the word's ending forgiven: the shopper
    may still be typing ("tomatte" is one edit from "tomate", the start of "tomates"). One
    table gives the distance to the whole word and to each of its starts; past `limit`, the
    answer is `limit + 1`."""
    if typed == term:
        return 0
    row = _distances(typed, term, limit)
    if row is None:
        return limit + 1
    cuts = [cut for cut in range(max(1, len(typed) - 1), len(typed) + 2) if cut < len(term)]
    return min(limit + 1, row[len(term)], *(row[cut] for cut in cuts))


def trigrams(word: str) -> list[str]:
    """The three-letter pieces of a word, in order, each once ("tomate" → tom, oma, mat, ate)."""
    return list(dict.fromkeys(word[i : i + 3] for i in range(len(word) - 2)))


def upper_bound(prefix: str) -> str:
    """The smallest string above every string that starts with `prefix` (a range scan's end)."""
    return prefix[:-1] + chr(ord(prefix[-1]) + 1)
