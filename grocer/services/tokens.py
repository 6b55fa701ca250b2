"""Access tokens: short-lived HS256 JWTs carrying the user id and roles."""

from __future__ import annotations

from datetime import datetime, timedelta

import jwt

from grocer.services.errors import Unauthorized
from grocer.settings import get_settings

ACCESS_TOKEN_LIFETIME = timedelta(minutes=15)
_ALGORITHM = "HS256"


def create_access_token(user_id: int, roles: list[str], now: datetime) -> str:
    payload = {
        "sub": str(user_id),
        "roles": roles,
        "iat": int(now.timestamp()),
        "exp": int((now + ACCESS_TOKEN_LIFETIME).timestamp()),
        "typ": "access",
    }
    return jwt.encode(payload, get_settings().jwt_secret, algorithm=_ALGORITHM)


def decode_access_token(token: str) -> int:
    """The user id inside a valid, unexpired access token; Unauthorized otherwise."""
    try:
        payload = jwt.decode(
            token,
            get_settings().jwt_secret,
            algorithms=[_ALGORITHM],
            options={"require": ["exp", "sub"]},
        )
    except jwt.PyJWTError as exc:
        raise Unauthorized("Jeton invalide ou expiré") from exc
    if payload.get("typ") != "access":
        raise Unauthorized("Jeton invalide ou expiré")
    try:
        return int(payload["sub"])
    except (TypeError, ValueError) as exc:
        raise Unauthorized("Jeton invalide ou expiré") from exc
