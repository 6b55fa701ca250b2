"""API routes of a shopper's favourites (issue 15): list, ids, add, remove, merge at sign-in.

Only the owner: another account's id answers 404, as if it did not exist, and changes nothing.
Every change answers the ids after it ({articleIds}), newest first.
"""

from __future__ import annotations

from typing import Annotated

from fastapi import APIRouter, Query
from pydantic import Field, StrictInt

from grocer.api.deps import CurrentUser, SessionDep
from grocer.api.params import PathId
from grocer.api.schemas_account import CamelModel
from grocer.services import favorites
from grocer.services.favorites import MAX_FAVOURITES, MAX_PAGE_SIZE, PAGE_SIZE, FavouritesPage

router = APIRouter(tags=["favorites"])


class FavoriteIdsOut(CamelModel):
    article_ids: list[int]


class MergeIn(CamelModel):
    """The guest's favourites, kept in the browser until sign-in."""

    article_ids: list[StrictInt] = Field(default_factory=list, max_length=MAX_FAVOURITES)


def _ids_out(ids: list[int]) -> FavoriteIdsOut:
    return FavoriteIdsOut(article_ids=ids)


@router.get("/users/{user_id}/favorites")
def list_favorites(
    user_id: PathId,
    user: CurrentUser,
    db: SessionDep,
    page: Annotated[int, Query(ge=1, le=MAX_FAVOURITES)] = 1,
    size: Annotated[int, Query(ge=1, le=MAX_PAGE_SIZE)] = PAGE_SIZE,
) -> FavouritesPage:
    """The favourite articles, newest first, a page at a time: {items, total, page, size,
    pages}."""
    return favorites.page(db, user, user_id, page, size)


@router.get("/users/{user_id}/favorites/ids", response_model_by_alias=True)
def favorite_ids(user_id: PathId, user: CurrentUser, db: SessionDep) -> FavoriteIdsOut:
    """Only the ids (what the hearts of the cards need)."""
    return _ids_out(favorites.ids(db, user, user_id))


@router.put("/users/{user_id}/favorites/{article_id}", response_model_by_alias=True)
def add_favorite(
    user_id: PathId, article_id: PathId, user: CurrentUser, db: SessionDep
) -> FavoriteIdsOut:
    """Keep an article as a favourite (again is no error); 404 for an unknown article, 400
    past the limit."""
    return _ids_out(favorites.add(db, user, user_id, article_id))


@router.delete("/users/{user_id}/favorites/{article_id}", response_model_by_alias=True)
def remove_favorite(
    user_id: PathId, article_id: PathId, user: CurrentUser, db: SessionDep
) -> FavoriteIdsOut:
    """Forget a favourite (one that is not there is no error)."""
    return _ids_out(favorites.remove(db, user, user_id, article_id))


@router.post("/users/{user_id}/favorites/merge", response_model_by_alias=True)
def merge_favorites(
    user_id: PathId, body: MergeIn, user: CurrentUser, db: SessionDep
) -> FavoriteIdsOut:
    """Add the guest's favourites at sign-in: unknown ids are ignored, what passes the limit
    is left out."""
    return _ids_out(favorites.merge(db, user, user_id, body.article_ids))
