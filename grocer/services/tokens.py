"""Session tokens.

- Access tokens: short-lived HS256 JWTs carrying the user id, the roles, the session (refresh
  family) id and the issue time to the millisecond. A token is accepted only while its session
  is live and it was issued after the user's `tokens_valid_after` mark (`verify_access`, the one
  check of the REST API and of the Reflex handlers), so a revocation ends it at once.
- Refresh tokens: 32 random bytes, stored only as a SHA-256 hash. Every use rotates the token
  (the old one is marked used, a new one joins the same family). Presenting a used token again
  means it leaked: the whole family is revoked, so the thief's and the victim's copies both die.
"""

from __future__ import annotations

import hashlib
import secrets
import threading
import time
from collections import OrderedDict
from collections.abc import Callable
from dataclasses import dataclass
from datetime import UTC, datetime, timedelta

import jwt
from sqlalchemy import ColumnElement, event, exists, true
from sqlmodel import Session, col, delete, select, update

from grocer.models import RefreshToken, User
from grocer.models.base import as_utc
from grocer.services.errors import Forbidden, Unauthorized, ValidationFailed
from grocer.settings import get_settings

ACCESS_TOKEN_LIFETIME = timedelta(minutes=15)
REFRESH_LIFETIME_REMEMBERED = timedelta(days=30)
REFRESH_LIFETIME_SESSION = timedelta(days=1)
TOKEN_TYPE = "Bearer"
_ALGORITHM = "HS256"
_REFRESH_BYTES = 32
_PRUNE_AFTER = timedelta(days=1)  # expired rows kept this long, then deleted

NO_REFRESH_TOKEN = "Aucun refresh token disponible"
_INVALID_ACCESS = "Jeton invalide ou expiré"
_INVALID_REFRESH = "Session expirée. Veuillez vous reconnecter"


_EPOCH = datetime(1970, 1, 1, tzinfo=UTC)
_MILLISECOND = timedelta(milliseconds=1)


def _epoch(moment: datetime) -> int:
    return int(as_utc(moment).timestamp())


def epoch_ms(moment: datetime) -> int:
    """Whole milliseconds since the epoch, in integer arithmetic (a float timestamp times
    1000 can land a millisecond short, which would move a revocation mark)."""
    return (as_utc(moment) - _EPOCH) // _MILLISECOND


def create_access_token(
    user_id: int, roles: list[str], now: datetime, session_id: str | None = None
) -> str:
    payload: dict[str, object] = {
        "sub": str(user_id),
        "roles": roles,
        # A NumericDate may be fractional (RFC 7519 §2): milliseconds, so that a token issued
        # just after a revocation in the same second is told apart from one issued before.
        "iat": epoch_ms(now) / 1000,
        "exp": _epoch(now + ACCESS_TOKEN_LIFETIME),
        "typ": "access",
    }
    if session_id:
        payload["sid"] = session_id
    return jwt.encode(payload, get_settings().token_signing_key, algorithm=_ALGORITHM)


def _decode(token: str) -> dict[str, object]:
    try:
        payload = jwt.decode(
            token,
            get_settings().token_signing_key,
            algorithms=[_ALGORITHM],
            options={"require": ["exp", "sub"]},
        )
    except jwt.PyJWTError as exc:
        raise Unauthorized(_INVALID_ACCESS) from exc
    if payload.get("typ") != "access":
        raise Unauthorized(_INVALID_ACCESS)
    return payload


# --- revocation: is the session of an access token still live? -----------------------------


@dataclass(frozen=True)
class AccessClaims:
    """What a genuine, unexpired access token says (not yet whether it was revoked)."""

    user_id: int
    session_id: str | None
    issued_ms: int


def read_access_token(token: str) -> AccessClaims:
    """Signature, expiry and type checked, no database: Unauthorized otherwise.

    Only `verify_access` says whether the token may still be used.
    """
    payload = _decode(token)
    try:
        user_id = int(str(payload["sub"]))
        iat = payload.get("iat")
        if isinstance(iat, bool) or not isinstance(iat, int | float):
            raise TypeError("iat")
        issued_ms = round(iat * 1000)  # whole seconds from tokens issued before milliseconds
    except (TypeError, ValueError, OverflowError) as exc:
        raise Unauthorized(_INVALID_ACCESS) from exc
    sid = payload.get("sid")
    return AccessClaims(user_id, sid if isinstance(sid, str) and sid else None, issued_ms)


#: How long a positive answer of the revocation check is trusted. A revocation made by another
#: worker reaches this one within that time; one made here clears the entry at once.
LIVE_CHECK_TTL_SECONDS = 1.0
_LIVE_CACHE_MAX = 20_000

_CacheKey = tuple[int, str | None]


class LiveSessionCache:
    """Positive answers of the revocation check, each kept `ttl` seconds (monotonic clock).

    Why: the check is a database read; a shopper's page or bag makes several calls a second,
    and the budget of the check is under 1 ms p95. Only positive answers are kept, and only
    briefly, so nothing here has to be shared between workers: a revocation elsewhere is seen
    once the entry lapses. Thread-safe (the API runs sync routes in a thread pool).
    """

    def __init__(
        self,
        ttl: float = LIVE_CHECK_TTL_SECONDS,
        clock: Callable[[], float] = time.monotonic,
        max_entries: int = _LIVE_CACHE_MAX,
    ) -> None:
        self.ttl = ttl
        self._clock = clock
        self._max = max_entries
        self._lock = threading.Lock()
        # key -> (deadline, mark in ms or None). Every put moves its key to the end with
        # deadline = now + ttl, so the order is the deadlines' order: expired keys are first.
        self._entries: OrderedDict[_CacheKey, tuple[float, int | None]] = OrderedDict()

    def lookup(self, key: _CacheKey) -> tuple[bool, int | None]:
        """(found, mark): whether a live answer is known for this session, and the user's
        `tokens_valid_after` mark (ms) as it was read then."""
        with self._lock:
            entry = self._entries.get(key)
            if entry is None:
                return False, None
            if entry[0] <= self._clock():
                del self._entries[key]
                return False, None
            return True, entry[1]

    def remember(self, key: _CacheKey, mark_ms: int | None) -> None:
        with self._lock:
            now = self._clock()
            self._entries[key] = (now + self.ttl, mark_ms)
            self._entries.move_to_end(key)
            while self._entries:
                first_key, (deadline, _mark) = next(iter(self._entries.items()))
                if deadline > now and len(self._entries) <= self._max:
                    break
                del self._entries[first_key]

    def forget_user(self, user_id: int) -> None:
        """Drop what is known of every session of a user (a revocation of them all)."""
        with self._lock:
            for key in [k for k in self._entries if k[0] == user_id]:
                del self._entries[key]

    def forget_session(self, session_id: str) -> None:
        """Drop what is known of one session (its family was revoked)."""
        with self._lock:
            for key in [k for k in self._entries if k[1] == session_id]:
                del self._entries[key]

    def clear(self) -> None:
        with self._lock:
            self._entries.clear()

    def __len__(self) -> int:
        with self._lock:
            return len(self._entries)


#: The process's cache (each worker has its own; see LiveSessionCache).
LIVE_SESSIONS = LiveSessionCache()


def _mark_ms(mark: datetime | None) -> int | None:
    return None if mark is None else epoch_ms(mark)


def _issued_before(claims: AccessClaims, mark_ms: int | None) -> bool:
    """Issued before the user's mark. Both sides are whole milliseconds, rounded down: a token
    issued after the revocation is never refused; one issued in the same millisecond before it
    belongs to a family that the same revocation ended, which the family check refuses."""
    return mark_ms is not None and claims.issued_ms < mark_ms


def _session_state(db: Session, claims: AccessClaims) -> tuple[bool, int | None]:
    """(usable, mark) read from the database in one query: the account exists and is active
    and, when the token names a session, that refresh family still has an unrevoked row.
    Rotation marks old rows used, never revoked, so a rotated family stays live;
    `revoke_family` revokes them all."""
    if claims.session_id is None:
        live: ColumnElement[bool] = true()
    else:
        live = exists().where(
            col(RefreshToken.family_id) == claims.session_id,
            col(RefreshToken.user_id) == claims.user_id,
            col(RefreshToken.revoked_at).is_(None),
        )
    row = db.exec(
        select(User.is_active, User.tokens_valid_after, live).where(col(User.id) == claims.user_id)
    ).first()
    if row is None:
        return False, None
    is_active, mark, family_live = row
    return bool(is_active and family_live), _mark_ms(mark)


def is_known_live(claims: AccessClaims, cache: LiveSessionCache = LIVE_SESSIONS) -> bool:
    """True when the cache alone proves the token usable (no database): callers on an event
    loop use it to skip a thread hop; False means "ask `verify_claims`", not "revoked"."""
    found, mark = cache.lookup((claims.user_id, claims.session_id))
    return found and not _issued_before(claims, mark)


def verify_claims(
    db: Session, claims: AccessClaims, cache: LiveSessionCache = LIVE_SESSIONS
) -> AccessClaims:
    """The revocation check of an already decoded token; Unauthorized when it was revoked."""
    key = (claims.user_id, claims.session_id)
    found, mark = cache.lookup(key)
    if not found:
        usable, mark = _session_state(db, claims)
        if not usable:
            raise Unauthorized(_INVALID_ACCESS)
        cache.remember(key, mark)
    if _issued_before(claims, mark):
        raise Unauthorized(_INVALID_ACCESS)
    return claims


def verify_access(db: Session, token: str, cache: LiveSessionCache = LIVE_SESSIONS) -> AccessClaims:
    """The one test of an access token, for the REST API and the Reflex handlers alike:
    genuine, unexpired, its session not revoked, issued after the user's `tokens_valid_after`.

    Tokens without a session id are never issued by a sign-in (only by tools and tests); for
    them only the mark applies.
    """
    return verify_claims(db, read_access_token(token), cache)


def _forget_now_and_at_commit(db: Session, forget: Callable[[], None]) -> None:
    """Clear cached answers now, and again once the revocation is committed: a request that
    read the still-live row in between must not keep it for another second."""
    forget()
    event.listen(db, "after_commit", lambda _session: forget(), once=True)


# --- refresh tokens -----------------------------------------------------------------------


@dataclass(frozen=True)
class TokenPair:
    """What a sign-in or a refresh hands to the client (spec 000 §3, login response)."""

    access_token: str
    refresh_token: str
    expires_in: int
    refresh_expires_in: int
    session_id: str
    token_type: str = TOKEN_TYPE

    def to_json(self) -> dict[str, object]:
        return {
            "accessToken": self.access_token,
            "refreshToken": self.refresh_token,
            "tokenType": self.token_type,
            "expiresIn": self.expires_in,
            "refreshExpiresIn": self.refresh_expires_in,
        }


def hash_refresh_token(raw: str) -> str:
    return hashlib.sha256(raw.encode()).hexdigest()


def _refresh_lifetime(remember_me: bool) -> timedelta:
    return REFRESH_LIFETIME_REMEMBERED if remember_me else REFRESH_LIFETIME_SESSION


def issue_tokens(
    db: Session, user: User, remember_me: bool, now: datetime, family_id: str | None = None
) -> TokenPair:
    """A new access token and a new refresh token (a new family unless one is continued).

    The caller commits. Expired refresh rows of the user are pruned on the way.
    """
    assert user.id is not None
    now = as_utc(now)
    family = family_id or secrets.token_hex(16)
    raw = secrets.token_urlsafe(_REFRESH_BYTES)
    lifetime = _refresh_lifetime(remember_me)
    db.exec(
        delete(RefreshToken).where(
            col(RefreshToken.user_id) == user.id,
            col(RefreshToken.expires_at) < now - _PRUNE_AFTER,
        )
    )
    db.add(
        RefreshToken(
            user_id=user.id,
            token_hash=hash_refresh_token(raw),
            family_id=family,
            remember_me=remember_me,
            created_at=now,
            expires_at=now + lifetime,
        )
    )
    return TokenPair(
        access_token=create_access_token(user.id, list(user.roles or []), now, family),
        refresh_token=raw,
        expires_in=int(ACCESS_TOKEN_LIFETIME.total_seconds()),
        refresh_expires_in=int(lifetime.total_seconds()),
        session_id=family,
    )


def _find(db: Session, raw: str) -> RefreshToken | None:
    return db.exec(
        select(RefreshToken).where(col(RefreshToken.token_hash) == hash_refresh_token(raw))
    ).first()


#: How long a user's sessions may stay unused (None: no limit), given (db, user id).
IdleLimit = Callable[[Session, int], timedelta | None]


def _idle_too_long(db: Session, row: RefreshToken, now: datetime, idle_limit: IdleLimit) -> bool:
    """The live token of a family was made at its last use (sign-in or refresh), so the time
    since its creation is how long the session has been left unused."""
    limit = idle_limit(db, row.user_id)
    return limit is not None and now - as_utc(row.created_at) > limit


def rotate_refresh_token(
    db: Session, raw: str | None, now: datetime, idle_limit: IdleLimit | None = None
) -> tuple[TokenPair, User]:
    """Exchange a refresh token for a new pair; commits, including any family revocation.

    Raises ValidationFailed (no token), Unauthorized (unknown, expired, revoked, reused, or its
    session unused for longer than `idle_limit` allows: then the session is ended) or Forbidden
    (the account was deactivated).
    """
    if not raw or not raw.strip():
        raise ValidationFailed("refreshToken", NO_REFRESH_TOKEN, key="auth.errors.noRefreshToken")
    now = as_utc(now)
    row = _find(db, raw.strip())
    if row is None or row.revoked_at is not None or as_utc(row.expires_at) <= now:
        raise Unauthorized(_INVALID_REFRESH, key="auth.errors.refreshInvalid")
    if idle_limit is not None and row.used_at is None and _idle_too_long(db, row, now, idle_limit):
        revoke_family(db, row.family_id, now)
        db.commit()
        raise Unauthorized(_INVALID_REFRESH, key="auth.errors.refreshInvalid")
    # Claim the token atomically: of two concurrent uses, exactly one wins.
    claimed = db.exec(
        update(RefreshToken)
        .where(
            col(RefreshToken.id) == row.id,
            col(RefreshToken.used_at).is_(None),
            col(RefreshToken.revoked_at).is_(None),
        )
        .values(used_at=now)
    ).rowcount
    if claimed != 1:
        revoke_family(db, row.family_id, now)
        db.commit()
        raise Unauthorized(_INVALID_REFRESH, key="auth.errors.refreshReused")
    user = db.get(User, row.user_id)
    if user is None or not user.is_active:
        revoke_family(db, row.family_id, now)
        db.commit()
        raise Forbidden(key="auth.errors.inactive")
    pair = issue_tokens(db, user, row.remember_me, now, family_id=row.family_id)
    db.commit()
    return pair, user


def revoke_family(db: Session, family_id: str, now: datetime) -> int:
    """Revoke every live token of one sign-in; returns how many. The caller commits.

    Its access tokens are refused from then on (no live row left in the family)."""
    _forget_now_and_at_commit(db, lambda: LIVE_SESSIONS.forget_session(family_id))
    return db.exec(
        update(RefreshToken)
        .where(col(RefreshToken.family_id) == family_id, col(RefreshToken.revoked_at).is_(None))
        .values(revoked_at=as_utc(now))
    ).rowcount


def revoke_user_tokens(
    db: Session, user_id: int, now: datetime, keep_family: str | None = None
) -> int:
    """Revoke every session of a user (but `keep_family`); returns how many tokens. No commit.

    The access tokens of the revoked sessions are refused from then on (their families have no
    live row). When every session ends (logout of all devices, password reset) the user's
    `tokens_valid_after` mark moves to `now` as well, so that no access token issued before it
    passes, whatever session it names; a kept session (a password change) keeps its tokens.
    """
    now = as_utc(now)
    _forget_now_and_at_commit(db, lambda: LIVE_SESSIONS.forget_user(user_id))
    if not keep_family:
        user = db.get(User, user_id)
        mark = user.tokens_valid_after if user is not None else None
        if user is not None and (mark is None or as_utc(mark) < now):
            user.tokens_valid_after = now  # never moved back by a late, older revocation
            db.add(user)
    stmt = update(RefreshToken).where(
        col(RefreshToken.user_id) == user_id, col(RefreshToken.revoked_at).is_(None)
    )
    if keep_family:
        stmt = stmt.where(col(RefreshToken.family_id) != keep_family)
    return db.exec(stmt.values(revoked_at=now)).rowcount


def revoke_by_token(db: Session, raw: str | None, now: datetime) -> bool:
    """Logout: revoke the sign-in a refresh token belongs to. Unknown tokens are ignored."""
    row = _find(db, raw.strip()) if raw and raw.strip() else None
    if row is None:
        return False
    revoke_family(db, row.family_id, now)
    db.commit()
    return True
