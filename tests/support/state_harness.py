"""The state tests' harness: a tab's state tree on the server, its handlers called the way the
websocket calls them, and the rows and sessions they work on (a real database: the `db`
fixture). The fixtures that go with it are in tests/state/conftest.py; the address dialog's
helpers in tests/support/address_dialog.py.

Every state module of grocer/state is imported here, so that a new tree has all the states of
the app, as one browser tab has them on the server.
"""

from __future__ import annotations

import asyncio
import importlib
import inspect
import pkgutil
from decimal import Decimal
from typing import Any

from sqlmodel import Session, select

import grocer.state
from grocer.models import Article, Cart, CartItem, User
from grocer.models.base import utcnow
from grocer.services import accounts, tokens
from grocer.state.auth import AuthState

for _module in pkgutil.iter_modules(grocer.state.__path__):
    importlib.import_module(f"{grocer.state.__name__}.{_module.name}")

PASSWORD = "secret-pass-1"


# --- the tree and its handlers ---------------------------------------------------------------


def new_tree() -> Any:
    """A fresh state tree, as one browser tab has on the server."""
    from reflex.state import State

    return State(_reflex_internal_init=True)


def sub(root: Any, cls: type) -> Any:
    return root.get_substate(cls.get_full_name().split(".")[1:])


#: An article as the product page holds it (not stored: the bag takes what the page shows).
SHOWN_ARTICLE = {"id": 7, "name": "Mangue Kent", "price": "300", "images": []}


def product_page(article: dict[str, Any] = SHOWN_ARTICLE) -> tuple[Any, Any]:
    """A new tab's tree with the product page showing `article`: (root, its ProductState)."""
    from grocer.state.product import ProductState

    root = new_tree()
    product = sub(root, ProductState)
    product.product = article
    return root, product


def run(handler: Any, state: Any, *args: Any) -> list[Any]:
    """Call an event handler like the event processor does; returns what it yielded."""

    async def go() -> list[Any]:
        result = handler.fn(state, *args)
        out: list[Any] = []
        if inspect.isgenerator(result):
            out.extend(result)
        elif inspect.isasyncgen(result):
            async for item in result:
                out.append(item)
        elif inspect.iscoroutine(result):
            out.append(await result)
        else:
            out.append(result)
        return out

    return asyncio.run(go())


# --- accounts, sessions, bags ----------------------------------------------------------------


def add_article(db: Session, key: str, price: str = "500") -> Article:
    article = Article(key=key, name=key.title(), price=Decimal(price), image_urls=[])
    db.add(article)
    db.commit()
    db.refresh(article)
    return article


def add_user(db: Session, name: str) -> User:
    """A real account (`name`@example.com, PASSWORD): it can sign in."""
    return accounts.create_user(
        db, email=f"{name}@example.com", password=PASSWORD, now=utcnow(), username=name
    )


def store_session(root: Any, user: User, pair: tokens.TokenPair) -> None:
    """What a sign-in leaves in the tab's storage: the session `pair` of `user`."""
    sub(root, AuthState)._store_login({**pair.to_json(), "userInfo": accounts.user_info(user)})


def sign_in(root: Any, db: Session, user: User) -> tokens.TokenPair:
    """Put a genuine new session in the tab's storage, as a sign-in would."""
    pair = tokens.issue_tokens(db, user, True, utcnow())
    db.commit()
    store_session(root, user, pair)
    return pair


def server_lines(db: Session, user: User) -> dict[int, int]:
    """The user's server bag: article id -> quantity."""
    db.expire_all()
    found = db.exec(select(Cart).where(Cart.user_id == user.id)).first()
    if found is None:
        return {}
    items = db.exec(select(CartItem).where(CartItem.cart_id == found.id)).all()
    return {item.article_id: item.quantity for item in items}
