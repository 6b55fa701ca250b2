"""Session tokens.

- Access tokens: short-lived HS256 JWTs carrying the user id, the roles and the session (refresh
  family) id, so a request can tell which sign-in it belongs to.
- Refresh tokens: 32 random bytes, stored only as a SHA-256 hash. Every use rotates the token
  (the old one is marked used, a new one joins the same family). Presenting a used token again
  means it leaked: the whole family is revoked, so the thief's and the victim's copies both die.
"""

from __future__ import annotations

import hashlib
import secrets
from dataclasses import dataclass
from datetime import UTC, datetime, timedelta

import jwt
from sqlmodel import Session, col, delete, select, update

from grocer.models import RefreshToken, User
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


def as_utc(moment: datetime) -> datetime:
    """Aware UTC, whatever a caller passed: the columns (SQLModel's UTCDateTime) refuse naive
    values, and a naive datetime in this code base means UTC."""
    return moment.replace(tzinfo=UTC) if moment.tzinfo is None else moment.astimezone(UTC)


def _epoch(moment: datetime) -> int:
    return int(as_utc(moment).timestamp())


def create_access_token(
    user_id: int, roles: list[str], now: datetime, session_id: str | None = None
) -> str:
    payload: dict[str, object] = {
        "sub": str(user_id),
        "roles": roles,
        "iat": _epoch(now),
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


def decode_access_token(token: str) -> int:
    """The user id inside a valid, unexpired access token; Unauthorized otherwise."""
    try:
        return int(str(_decode(token)["sub"]))
    except (TypeError, ValueError) as exc:
        raise Unauthorized(_INVALID_ACCESS) from exc


def access_token_session(token: str) -> str | None:
    """The refresh family (sign-in) an access token was issued for, if it names one."""
    sid = _decode(token).get("sid")
    return sid if isinstance(sid, str) else None


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


def rotate_refresh_token(db: Session, raw: str | None, now: datetime) -> tuple[TokenPair, User]:
    """Exchange a refresh token for a new pair; commits, including any family revocation.

    Raises ValidationFailed (no token), Unauthorized (unknown, expired, revoked or reused) or
    Forbidden (the account was deactivated).
    """
    if not raw or not raw.strip():
        raise ValidationFailed("refreshToken", NO_REFRESH_TOKEN, key="auth.errors.noRefreshToken")
    now = as_utc(now)
    row = _find(db, raw.strip())
    if row is None or row.revoked_at is not None or as_utc(row.expires_at) <= now:
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
    """Revoke every live token of one sign-in; returns how many. The caller commits."""
    return db.exec(
        update(RefreshToken)
        .where(col(RefreshToken.family_id) == family_id, col(RefreshToken.revoked_at).is_(None))
        .values(revoked_at=as_utc(now))
    ).rowcount


def revoke_user_tokens(
    db: Session, user_id: int, now: datetime, keep_family: str | None = None
) -> int:
    """Revoke every session of a user (but `keep_family`); returns how many tokens. No commit."""
    stmt = update(RefreshToken).where(
        col(RefreshToken.user_id) == user_id, col(RefreshToken.revoked_at).is_(None)
    )
    if keep_family:
        stmt = stmt.where(col(RefreshToken.family_id) != keep_family)
    return db.exec(stmt.values(revoked_at=as_utc(now))).rowcount


def revoke_by_token(db: Session, raw: str | None, now: datetime) -> bool:
    """Logout: revoke the sign-in a refresh token belongs to. Unknown tokens are ignored."""
    row = _find(db, raw.strip()) if raw and raw.strip() else None
    if row is None:
        return False
    revoke_family(db, row.family_id, now)
    db.commit()
    return True
