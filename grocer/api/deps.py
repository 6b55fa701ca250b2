"""Typed dependencies: who asks (the signed-in user) and the database session."""

from __future__ import annotations

from collections.abc import Iterator
from typing import Annotated

from fastapi import Depends, Request
from fastapi.security import HTTPAuthorizationCredentials, HTTPBearer
from sqlmodel import Session

from grocer.db import session_scope
from grocer.models import User
from grocer.services.client_address import configured_client_address
from grocer.services.errors import Unauthorized
from grocer.services.login_records import device_label
from grocer.services.tokens import read_access_token, verify_access

#: A bearer token, read the one way for every route (None when absent or malformed).
bearer = HTTPBearer(auto_error=False)


def get_db() -> Iterator[Session]:
    """One session per request, committed before the response is sent (scope="function")."""
    with session_scope() as session:
        yield session


SessionDep = Annotated[Session, Depends(get_db, scope="function")]


def get_optional_user(
    db: SessionDep,
    credentials: Annotated[HTTPAuthorizationCredentials | None, Depends(bearer)],
) -> User | None:
    """The caller of a request with a bearer token: the token must be genuine, unexpired and
    not revoked (`tokens.verify_access`, the same check as the Reflex handlers'); a token that
    fails answers 401, never "guest"."""
    if credentials is None or not credentials.credentials:
        return None
    user = db.get(User, verify_access(db, credentials.credentials).user_id)
    if user is None or not user.is_active:
        raise Unauthorized()
    return user


def get_current_user(user: Annotated[User | None, Depends(get_optional_user)]) -> User:
    if user is None:
        raise Unauthorized()
    return user


OptionalUser = Annotated[User | None, Depends(get_optional_user)]
CurrentUser = Annotated[User, Depends(get_current_user)]


async def client_ip(request: Request) -> str:
    """The caller's address: the socket peer, or with GROCER_TRUSTED_PROXY_HOPS proxies in front
    the address the outermost of them put in X-Forwarded-For (grocer.services.client_address).
    Async: a few string operations, not worth a hop to the thread pool."""
    peer = request.client.host if request.client else None
    forwarded = ", ".join(request.headers.getlist("x-forwarded-for")) or None
    return configured_client_address(peer, forwarded)


ClientIp = Annotated[str, Depends(client_ip)]


async def client_device(request: Request) -> str:
    """The caller's browser and system, named shortly from its User-Agent ("Chrome · Android")
    for the sign-in records."""
    return device_label(request.headers.get("user-agent"))


ClientDevice = Annotated[str, Depends(client_device)]


def current_session(
    credentials: Annotated[HTTPAuthorizationCredentials | None, Depends(bearer)],
) -> str | None:
    """The sign-in (refresh family) the caller's access token belongs to (for the password
    change, which keeps the caller's session and ends the others)."""
    return read_access_token(credentials.credentials).session_id if credentials else None


CurrentSession = Annotated[str | None, Depends(current_session)]
