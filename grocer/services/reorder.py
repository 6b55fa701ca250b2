"""Reorder: a past order's articles back in the shopper's bag, and which of them are no longer
sold.

Only the caller's own order (anyone else's is NotFound, and nothing changes). Each line's
article goes back at the ordered quantity through the cart's own rules (added to what the bag
holds, capped at 99 per line, at most 200 lines, today's catalogue price); an article that was
deleted or is no longer on sale is named in `unavailable` instead. Lines without an article
(a gift card) are not articles the bag can take: they are named too.
"""

from __future__ import annotations

from typing import Any

from sqlmodel import Session
from typing_extensions import TypedDict

from grocer.models import User
from grocer.services import cart, orders


class ReorderedLine(TypedDict):
    articleId: int
    name: str
    quantity: int


class ReorderDict(TypedDict):
    added: list[ReorderedLine]
    unavailable: list[str]
    cart: dict[str, Any]


def reorder(db: Session, user: User, order_id: int) -> ReorderDict:
    """Put the articles of the caller's order `order_id` back into the caller's bag."""
    assert user.id is not None
    placed = orders.get_order(db, user, user.id, order_id)  # another user's: NotFound
    lines = placed["lines"]
    answer, added_ids = cart.put_back(
        db,
        user,
        [(line["articleId"], line["quantity"]) for line in lines if line["articleId"]],
        check_room=True,
    )
    added: dict[int, ReorderedLine] = {}
    unavailable: list[str] = []
    for line in lines:
        article_id = line["articleId"]
        if article_id is not None and article_id in added_ids:
            seen = added.get(article_id)
            quantity = line["quantity"] + (seen["quantity"] if seen else 0)
            added[article_id] = ReorderedLine(
                articleId=article_id, name=line["name"], quantity=quantity
            )
        elif line["name"] not in unavailable:
            unavailable.append(line["name"])
    return ReorderDict(added=list(added.values()), unavailable=unavailable, cart=answer)
