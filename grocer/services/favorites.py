"""A shopper's favourites ("Mes favoris", issue 15): the hearts of the cards, "Add To Wishlist"
on the product page, and the guest's favourites merged at sign-in.

Rules, written once for the REST routes and the Reflex states:
- Only the owner reads or changes an account's favourites (another account's id: NotFound,
  nothing changed; an admin has no use for them either).
- Only listed articles can be added (an unknown or withdrawn article: NotFound); an article
  withdrawn later stays stored but is neither listed nor counted.
- Adding and removing are idempotent: adding a favourite twice keeps one, removing a missing
  one is no error. Every change answers the ids after it, so a client never guesses.
- At most `MAX_FAVOURITES` per account: one more is refused with `FavouritesFull`; a merge adds
  what fits (in the guest's order) and ignores unknown ids.
- Writers of one account are serialised (`ownership.lock_user`), so that two tabs adding at
  once cannot pass the cap or trip over the unique (user, article) pair.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

import sqlalchemy as sa
from sqlmodel import Session, col, select
from typing_extensions import TypedDict

from grocer.models import Article, Favourite, User
from grocer.services import catalogue
from grocer.services.errors import NotFound, ServiceError, ValidationFailed
from grocer.services.ownership import lock_user
from grocer.services.validation import record_id

MAX_FAVOURITES = 500
"""Favourites per account; also the most ids a merge takes."""
PAGE_SIZE = 24
MAX_PAGE_SIZE = 100


class FavouritesFull(ServiceError):
    status = 400
    key = "favorites.errors.full"
    message = (
        f"Vous avez atteint la limite de {MAX_FAVOURITES} favoris. "
        "Retirez-en un pour en ajouter un autre."
    )


class FavouritesPage(TypedDict):
    """One page of the favourite articles (newest first), as the catalogue writes articles."""

    items: list[dict[str, Any]]
    total: int
    page: int
    size: int
    pages: int


def _ensure_owner(actor: User, user_id: int) -> None:
    if actor.id is None or actor.id != user_id:
        raise NotFound()


def _listed_article(db: Session, article_id: object) -> int:
    """The id of a listed article, or NotFound (the product page's message)."""
    ident = record_id(article_id, text=False)
    article = db.get(Article, ident) if ident is not None else None
    if article is None or article.status != catalogue.LISTED_STATUS:
        raise NotFound("Produit non trouvé", key="catalogue.errors.productNotFound")
    return ident  # type: ignore[return-value]


def _ids(db: Session, user_id: int) -> list[int]:
    """The listed favourite articles of `user_id`, newest first."""
    rows = db.exec(
        select(Favourite.article_id)
        .join(Article, col(Article.id) == col(Favourite.article_id))
        .where(
            col(Favourite.user_id) == user_id,
            col(Article.status) == catalogue.LISTED_STATUS,
        )
        .order_by(col(Favourite.created_at).desc(), col(Favourite.id).desc())
    ).all()
    return list(rows)


def ids(db: Session, actor: User, user_id: int) -> list[int]:
    """The favourite article ids (newest first): what the hearts need, nothing more."""
    _ensure_owner(actor, user_id)
    return _ids(db, user_id)


def page(
    db: Session, actor: User, user_id: int, page: int = 1, size: int = PAGE_SIZE
) -> FavouritesPage:
    """A page of the favourite articles, newest first, each as the catalogue serialises it."""
    _ensure_owner(actor, user_id)
    page = max(1, page)
    size = max(1, min(size, MAX_PAGE_SIZE))
    every = _ids(db, user_id)
    start = (page - 1) * size
    return {
        "items": catalogue.listed_articles(db, every[start : start + size]),
        "total": len(every),
        "page": page,
        "size": size,
        "pages": catalogue.page_count(len(every), size),
    }


def add(db: Session, actor: User, user_id: int, article_id: object) -> list[int]:
    """Keep `article_id` as a favourite (once); the ids after."""
    _ensure_owner(actor, user_id)
    ident = _listed_article(db, article_id)
    lock_user(db, user_id)
    current = _ids(db, user_id)
    if ident in current:
        return current
    if len(current) >= MAX_FAVOURITES:
        raise FavouritesFull()
    db.add(Favourite(user_id=user_id, article_id=ident))
    db.flush()
    return _ids(db, user_id)


def remove(db: Session, actor: User, user_id: int, article_id: object) -> list[int]:
    """Forget `article_id` as a favourite (nothing to forget is no error); the ids after."""
    _ensure_owner(actor, user_id)
    ident = record_id(article_id, text=False)
    if ident is not None:
        db.exec(  # type: ignore[call-overload]
            sa.delete(Favourite).where(
                col(Favourite.user_id) == user_id, col(Favourite.article_id) == ident
            )
        )
        db.flush()
    return _ids(db, user_id)


def check_ids(article_ids: object) -> list[int]:
    """The ids a merge was given: a list of at most MAX_FAVOURITES integers, else
    ValidationFailed. Out-of-range integers are kept (unknown ids are ignored, not refused)."""
    if not isinstance(article_ids, Sequence) or isinstance(article_ids, str | bytes):
        raise ValidationFailed("articleIds", "La liste des favoris est invalide")
    if len(article_ids) > MAX_FAVOURITES:
        raise ValidationFailed(
            "articleIds", f"Au plus {MAX_FAVOURITES} favoris à la fois", key="errors.tooLong"
        )
    if any(isinstance(i, bool) or not isinstance(i, int) for i in article_ids):
        raise ValidationFailed("articleIds", "La liste des favoris est invalide")
    return list(article_ids)


def merge(db: Session, actor: User, user_id: int, article_ids: object) -> list[int]:
    """Add a guest's favourites at sign-in, in their order: unknown or withdrawn articles are
    ignored, and what does not fit under the cap is left out. The ids after."""
    _ensure_owner(actor, user_id)
    wanted = [i for i in dict.fromkeys(check_ids(article_ids)) if record_id(i) is not None]
    lock_user(db, user_id)
    current = set(_ids(db, user_id))
    fresh = [i for i in wanted if i not in current]
    room = MAX_FAVOURITES - len(current)
    if fresh and room > 0:
        listed = set(
            db.exec(
                select(Article.id).where(
                    col(Article.id).in_(fresh), col(Article.status) == catalogue.LISTED_STATUS
                )
            ).all()
        )
        for ident in [i for i in fresh if i in listed][:room]:
            db.add(Favourite(user_id=user_id, article_id=ident))
            db.flush()  # one by one: the ids keep the guest's order
    return _ids(db, user_id)
