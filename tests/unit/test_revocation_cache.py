"""The revocation check's cache and its millisecond mark (issue 12, item 2).

The clock of the cache is injected: a positive answer is trusted `ttl` seconds, no longer, so
a revocation made by another worker (which cannot clear this worker's cache) is seen once the
entry lapses; one made in this process clears the entry at once.
"""

from __future__ import annotations

import threading
from datetime import datetime, timedelta

import jwt
import pytest
from sqlmodel import Session

from grocer.models import User
from grocer.models.base import utcnow
from grocer.services import accounts, tokens
from grocer.services.errors import Unauthorized
from grocer.settings import get_settings

pytestmark = pytest.mark.usefixtures("fresh_session_cache")


class FakeClock:
    def __init__(self) -> None:
        self.now = 1000.0

    def __call__(self) -> float:
        return self.now


@pytest.fixture
def clock() -> FakeClock:
    return FakeClock()


@pytest.fixture
def user(sqlite_db: Session) -> User:
    return accounts.create_user(
        sqlite_db, email="awa@example.bf", password="secret123", now=utcnow(), username="awa"
    )


# --- the cache alone --------------------------------------------------------------------------


def test_an_answer_lasts_the_ttl_and_no_longer(clock: FakeClock) -> None:
    cache = tokens.LiveSessionCache(ttl=1.0, clock=clock)
    cache.remember((1, "family"), 1234)
    assert cache.lookup((1, "family")) == (True, 1234)
    clock.now += 0.999
    assert cache.lookup((1, "family")) == (True, 1234)
    clock.now += 0.001
    assert cache.lookup((1, "family")) == (False, None)
    assert len(cache) == 0  # the lapsed entry was dropped


def test_forgetting_a_session_or_a_user(clock: FakeClock) -> None:
    cache = tokens.LiveSessionCache(clock=clock)
    for key in [(1, "a"), (1, "b"), (1, None), (2, "c")]:
        cache.remember(key, None)
    cache.forget_session("a")
    assert cache.lookup((1, "a"))[0] is False and cache.lookup((1, "b"))[0] is True
    cache.forget_user(1)
    assert [cache.lookup(k)[0] for k in [(1, "b"), (1, None), (2, "c")]] == [False, False, True]


def test_the_cache_stays_bounded_and_drops_lapsed_entries_first(clock: FakeClock) -> None:
    cache = tokens.LiveSessionCache(ttl=1.0, clock=clock, max_entries=3)
    cache.remember((1, "old"), None)
    clock.now += 2
    for name in ("a", "b", "c", "d"):
        cache.remember((2, name), None)
    assert len(cache) == 3
    assert cache.lookup((1, "old"))[0] is False and cache.lookup((2, "a"))[0] is False
    assert all(cache.lookup((2, name))[0] for name in ("b", "c", "d"))


def test_the_cache_is_safe_across_threads() -> None:
    cache = tokens.LiveSessionCache(max_entries=50)
    errors: list[BaseException] = []

    def work(n: int) -> None:
        try:
            for i in range(2000):
                cache.remember((n, str(i % 97)), i)
                cache.lookup((n, str(i % 89)))
                if i % 101 == 0:
                    cache.forget_user(n)
                    cache.forget_session(str(i % 7))
        except BaseException as exc:  # pragma: no cover - shown by the assertion
            errors.append(exc)

    threads = [threading.Thread(target=work, args=(n,)) for n in range(6)]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join()
    assert errors == [] and len(cache) <= 50


# --- the check, with a worker's own cache -----------------------------------------------------


def test_another_workers_revocation_is_seen_once_the_answer_lapses(
    sqlite_db: Session, user: User, clock: FakeClock
) -> None:
    """`worker` stands for another process: this process's revocation cannot clear its cache,
    so it trusts its last answer for at most the ttl, then reads the revocation."""
    worker = tokens.LiveSessionCache(ttl=1.0, clock=clock)
    pair = tokens.issue_tokens(sqlite_db, user, True, utcnow())
    sqlite_db.commit()
    assert tokens.verify_access(sqlite_db, pair.access_token, worker).user_id == user.id
    tokens.revoke_family(sqlite_db, pair.session_id, utcnow())
    sqlite_db.commit()
    with pytest.raises(Unauthorized):  # this process's cache was cleared at once
        tokens.verify_access(sqlite_db, pair.access_token)
    clock.now += 0.5
    assert tokens.verify_access(sqlite_db, pair.access_token, worker).user_id == user.id
    clock.now += 0.5
    with pytest.raises(Unauthorized):
        tokens.verify_access(sqlite_db, pair.access_token, worker)


def test_a_revocation_clears_this_process_cache_again_at_commit(
    sqlite_db: Session, user: User
) -> None:
    """A check that read the still-live row between the revocation and its commit must not
    leave a positive answer behind."""
    pair = tokens.issue_tokens(sqlite_db, user, True, utcnow())
    sqlite_db.commit()
    tokens.revoke_user_tokens(sqlite_db, user.id, utcnow())  # not committed yet
    claims = tokens.read_access_token(pair.access_token)
    tokens.LIVE_SESSIONS.remember((user.id, pair.session_id), None)  # a concurrent check
    assert tokens.is_known_live(claims)
    sqlite_db.commit()
    assert not tokens.is_known_live(claims)
    with pytest.raises(Unauthorized):
        tokens.verify_access(sqlite_db, pair.access_token)


def test_only_positive_answers_are_kept(sqlite_db: Session, user: User) -> None:
    pair = tokens.issue_tokens(sqlite_db, user, True, utcnow())
    tokens.revoke_family(sqlite_db, pair.session_id, utcnow())
    sqlite_db.commit()
    for _ in range(2):
        with pytest.raises(Unauthorized):
            tokens.verify_access(sqlite_db, pair.access_token)
    assert len(tokens.LIVE_SESSIONS) == 0


def test_a_rotated_session_stays_live(sqlite_db: Session, user: User) -> None:
    pair = tokens.issue_tokens(sqlite_db, user, True, utcnow())
    sqlite_db.commit()
    rotated, _user = tokens.rotate_refresh_token(sqlite_db, pair.refresh_token, utcnow())
    tokens.LIVE_SESSIONS.clear()
    for token in (pair.access_token, rotated.access_token):  # the old row is used, not revoked
        assert tokens.verify_access(sqlite_db, token).session_id == pair.session_id


# --- the "tokens valid after" mark, to the millisecond ----------------------------------------


def _at(mark: datetime, ms: int) -> datetime:
    return mark + timedelta(milliseconds=ms)


def test_the_mark_is_compared_to_the_millisecond(sqlite_db: Session, user: User) -> None:
    """Tokens without a session (tools, tests) meet the mark alone: one issued a millisecond
    before it is refused, one issued in its millisecond or later accepted, although all share
    the mark's second."""
    mark = (utcnow() - timedelta(minutes=1)).replace(microsecond=500_000)
    user.tokens_valid_after = mark
    sqlite_db.add(user)
    sqlite_db.commit()
    verdicts = {}
    for ms in (-1, 0, 1):
        token = tokens.create_access_token(user.id, [], _at(mark, ms))
        tokens.LIVE_SESSIONS.clear()
        try:
            tokens.verify_access(sqlite_db, token)
            verdicts[ms] = "accepted"
        except Unauthorized:
            verdicts[ms] = "refused"
    assert verdicts == {-1: "refused", 0: "accepted", 1: "accepted"}


def test_a_token_of_the_same_instant_before_the_revocation_is_refused_by_its_family(
    sqlite_db: Session, user: User
) -> None:
    now = utcnow()
    before = tokens.issue_tokens(sqlite_db, user, True, now)
    sqlite_db.commit()
    tokens.revoke_user_tokens(sqlite_db, user.id, now)
    sqlite_db.commit()
    after = tokens.issue_tokens(sqlite_db, user, True, now)
    sqlite_db.commit()
    with pytest.raises(Unauthorized):
        tokens.verify_access(sqlite_db, before.access_token)
    assert tokens.verify_access(sqlite_db, after.access_token).user_id == user.id


def test_the_mark_never_moves_back(sqlite_db: Session, user: User) -> None:
    now = utcnow()
    tokens.revoke_user_tokens(sqlite_db, user.id, now)
    tokens.revoke_user_tokens(sqlite_db, user.id, now - timedelta(minutes=5))
    sqlite_db.commit()
    sqlite_db.expire_all()
    assert sqlite_db.get(User, user.id).tokens_valid_after == now  # type: ignore[union-attr]


def test_a_kept_session_moves_no_mark(sqlite_db: Session, user: User) -> None:
    mine = tokens.issue_tokens(sqlite_db, user, True, utcnow())
    other = tokens.issue_tokens(sqlite_db, user, True, utcnow())
    sqlite_db.commit()
    tokens.revoke_user_tokens(sqlite_db, user.id, utcnow(), keep_family=mine.session_id)
    sqlite_db.commit()
    assert user.tokens_valid_after is None
    assert tokens.verify_access(sqlite_db, mine.access_token).user_id == user.id
    with pytest.raises(Unauthorized):
        tokens.verify_access(sqlite_db, other.access_token)


def test_issue_times_are_exact_milliseconds() -> None:
    moment = (utcnow() - timedelta(seconds=2)).replace(microsecond=678_999)
    assert tokens.epoch_ms(moment) == int(moment.timestamp()) * 1000 + 678
    token = tokens.create_access_token(7, [], moment, "family")
    claims = tokens.read_access_token(token)
    assert claims.issued_ms == tokens.epoch_ms(moment)
    assert claims.user_id == 7 and claims.session_id == "family"


@pytest.mark.parametrize("iat", ["soon", None, True, [1]])
def test_a_token_with_an_unreadable_issue_time_is_refused(iat: object) -> None:
    payload = {"sub": "1", "typ": "access", "exp": 9_999_999_999, "iat": iat}
    if iat is None:
        del payload["iat"]
    token = jwt.encode(payload, get_settings().jwt_secret, algorithm="HS256")
    with pytest.raises(Unauthorized):
        tokens.read_access_token(token)
