"""The back-office's uploaded pictures at /media/<kind>/<hash>[-size].webp (not under the API's
prefix: pages point at them like at /img/).

Each file's name is a hash of its content, so a name never changes meaning: the answer may be
kept for a year (`immutable`). Several workers behind nginx: nginx answers these itself from
the shared folder (deploy/nginx-grocer.conf); this route answers a worker reached directly and
`make run`. Anything else than a stored picture's exact name is a 404 (no path ever leaves the
folder)."""

from __future__ import annotations

import re

from fastapi import APIRouter
from fastapi.responses import FileResponse

from grocer.services.admin.pictures import HASH_LENGTH, KINDS, URL_PREFIX, media_dir
from grocer.services.errors import NotFound
from grocer.web.cache_headers import IMMUTABLE

NAME = re.compile(rf"^[0-9a-f]{{{HASH_LENGTH}}}(-[a-z0-9]+)*\.webp\Z")

router = APIRouter(include_in_schema=False)


@router.api_route(URL_PREFIX + "/{kind}/{name}", methods=["GET", "HEAD"])
def media_file(kind: str, name: str) -> FileResponse:
    """A stored picture, with a year's cache lifetime."""
    if kind not in KINDS or not NAME.match(name):
        raise NotFound()
    path = media_dir() / kind / name
    if not path.is_file():
        raise NotFound()
    return FileResponse(
        path,
        media_type="image/webp",
        headers={"Cache-Control": IMMUTABLE, "X-Content-Type-Options": "nosniff"},
    )
