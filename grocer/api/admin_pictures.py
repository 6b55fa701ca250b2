"""API routes of the back-office's pictures (issue 17, ★), under /admin. Every route needs a
signed-in account with the area's role (401 without a token, 403 for a shopper); the services
check the role again themselves.

POST /admin/{articles|categories|sections|promotions}/{id}/picture, a multipart form whose
`file` is the picture: {url}, its new address. 400 with a French message for a file that is
empty, not a JPEG, PNG or WebP image, animated, too large in pixels, or named with another
format's extension; 413 over 5 MB (grocer.api.body_limit lets these routes' bodies, and no
others, reach that size); 404 for an unknown row. Nothing is written for a refused file."""

from __future__ import annotations

from typing import Annotated, Any

from fastapi import APIRouter, Depends, File, UploadFile
from pydantic import BaseModel

from grocer.api.admin import _in_area
from grocer.api.deps import SessionDep
from grocer.api.params import PathId
from grocer.api.schemas_auth import error_responses
from grocer.models import User
from grocer.services.admin import pictures
from grocer.services.admin.pictures import MAX_BYTES

router = APIRouter(prefix="/admin", tags=["admin"], responses=error_responses(401, 403))

Actor = Annotated[User, Depends(_in_area("catalogue"))]
Picture = Annotated[UploadFile | None, File(description="a JPEG, PNG or WebP picture, 5 MB")]


class PictureOut(BaseModel):
    url: str


def _add_route(kind: pictures.Kind, plural: str) -> None:
    def save_picture(ref_id: PathId, actor: Actor, db: SessionDep, file: Picture = None) -> Any:
        # One byte past the limit is enough for the service to refuse it (413).
        data = file.file.read(MAX_BYTES + 1) if file is not None else b""
        name = file.filename if file is not None else ""
        return {"url": pictures.save_picture(db, actor, kind, ref_id, name, data)}

    router.add_api_route(
        f"/{plural}/{{ref_id}}/picture",
        save_picture,
        methods=["POST"],
        response_model=PictureOut,
        responses=error_responses(400, 404, 413),
        name=f"save_{kind}_picture",
        summary=f"Store the {kind}'s picture (WebP in the pages' sizes)",
    )


PLURALS: tuple[tuple[pictures.Kind, str], ...] = (
    ("article", "articles"),
    ("category", "categories"),
    ("section", "sections"),
    ("promotion", "promotions"),
)
for _kind, _plural in PLURALS:
    _add_route(_kind, _plural)
