"""The signed-in shopper's server bag: one cart per user, created on demand.

Rules that a browser must never decide:
- Every call acts on the caller's own cart. A `userId` inside a payload is ignored (the spec's
  client sends whatever id it has stored); there is no way to name another user's cart.
- Unit prices come from the catalogue, never from the client: the prices in a payload are only
  logged when they disagree. A line keeps the price seen when it was added (`unit_price`), so
  that `validate` can report price changes; totals always use the current catalogue price.
- Quantities are 1..99 per line and a cart holds at most 200 lines; bad input raises
  ValidationFailed (400) and changes nothing. Setting a quantity to 0 or less removes the line.
- Merging a guest bag (`sync`) never drops anything: quantities of the same article are added
  and capped at 99; an unknown article fails the whole call with the list of unknown ids.
- A stale copy never overwrites the bag. Every write bumps `carts.version`; `replace_cart`
  honours the version a client based its copy on (`If-Match`, CartChanged = 412 otherwise);
  `apply_deltas` changes quantities relative to what the server holds (+n capped at 99, -n
  down to removal), so that nothing another device added is erased. A merge key (`sync`,
  `apply_deltas`) is stored with the cart in the same transaction: a batch sent twice (two
  tabs, a retry after a lost answer) is applied once.
- Writers of one cart are serialised: PostgreSQL locks the cart row (`FOR UPDATE`); SQLite
  ignores that, so a no-op update takes its database write lock before anything is read.
  Adding is moreover one atomic upsert on the unique (cart, article) pair.

Functions flush but never commit: the caller owns the transaction (the API's session
dependency, or `grocer.db.session_scope()` in a Reflex handler). Results are JSON-ready dicts
(camelCase, money as decimal strings in XOF) for the API and Reflex vars alike.
"""

from __future__ import annotations

import logging
import re
from collections.abc import Collection, Iterable, Mapping
from datetime import datetime, timedelta
from decimal import Decimal
from typing import Any

import sqlalchemy as sa
from sqlalchemy.dialects.postgresql import insert as pg_insert
from sqlalchemy.dialects.sqlite import insert as sqlite_insert
from sqlmodel import Session, col, delete, select

from grocer.models import Article, Cart, CartItem, CartMerge, User
from grocer.models.base import as_utc, utcnow
from grocer.models.constants import MAX_ID
from grocer.services import bag_totals, pricing, slots
from grocer.services.addresses import clean_partial_address
from grocer.services.bag_totals import MAX_LINES, MAX_QUANTITY, MIN_QUANTITY
from grocer.services.errors import NotFound, ServiceError, ValidationFailed
from grocer.services.money import decimal_string
from grocer.services.ownership import lock_user

logger = logging.getLogger(__name__)

MAX_PROMO_LENGTH = 40
MAX_STORE_ID_LENGTH = 60
MAX_TEXT_LENGTH = 255
ACTIVE_STATUS = "ACTIVE"
_INT_TEXT = re.compile(r"[+-]?[0-9]{1,18}")
#: A merge key: what a client generates (random text, a UUID, a hash), at most 64 characters.
MERGE_KEY = re.compile(r"[A-Za-z0-9_-]{8,64}")
#: How long a merge key is remembered: a tab retrying an older batch would merge it again.
MERGE_KEY_DAYS = 30


class UnknownArticles(ValidationFailed):
    """Some articles of a request do not exist or are not on sale; nothing was changed.

    `article_ids` (and `extra`, which the API adds to the error body) let the UI drop them.
    """

    key = "cart.errors.unknownArticles"

    def __init__(self, article_ids: Iterable[int]) -> None:
        self.article_ids = sorted(set(article_ids))
        listed = ", ".join(str(i) for i in self.article_ids)
        super().__init__("cartItems", f"Articles introuvables ou indisponibles : {listed}")
        self.extra = {"unknownArticleIds": self.article_ids}


class CartChanged(ServiceError):
    """The bag changed since the version a client based its copy on (If-Match): 412.

    Nothing was written. The client reloads the bag (`version` is the current one), merges
    its copy with it and tries again.
    """

    status = 412
    key = "cart.errors.changed"
    message = "Le panier a été modifié entre-temps : rechargez-le avant de le remplacer"

    def __init__(self, version: int) -> None:
        super().__init__()
        self.version = version
        self.extra = {"version": version}


# --- input checks ------------------------------------------------------------------------------


def _int(value: object, field: str) -> int:
    """An integer from JSON or form input (int or digit text); ValidationFailed otherwise."""
    if isinstance(value, int) and not isinstance(value, bool):
        return value
    if isinstance(value, str) and _INT_TEXT.fullmatch(value.strip()):
        return int(value)
    raise ValidationFailed(field, "Valeur entière attendue", key="errors.validation")


def _quantity_error() -> ValidationFailed:
    return ValidationFailed(
        "quantity",
        f"La quantité doit être comprise entre {MIN_QUANTITY} et {MAX_QUANTITY}",
        key="cart.errors.quantity",
    )


def _quantity(value: object) -> int:
    quantity = _int(value, "quantity")
    if not MIN_QUANTITY <= quantity <= MAX_QUANTITY:
        raise _quantity_error()
    return quantity


def _check_line_count(count: int) -> None:
    if count > MAX_LINES:
        raise ValidationFailed(
            "cartItems",
            f"Le panier ne peut pas contenir plus de {MAX_LINES} articles différents",
            key="cart.errors.tooManyLines",
        )


def _optional_text(value: object, field: str, max_length: int) -> str | None:
    """Short text (a number is taken as its text); blank is None."""
    if value is None:
        return None
    if isinstance(value, int) and not isinstance(value, bool):
        value = str(value)
    if not isinstance(value, str) or len(value) > max_length:
        raise ValidationFailed(field)
    return value.strip() or None


def _bool(value: object, field: str) -> bool:
    if value is None:
        return False
    if not isinstance(value, bool):
        raise ValidationFailed(field)
    return value


def _parse_lines(raw: object, field: str) -> list[tuple[int, int]]:
    """(articleId, quantity) pairs of a payload list; `productId` is accepted for articleId."""
    if raw is None:
        return []
    if not isinstance(raw, list | tuple):
        raise ValidationFailed(field)
    _check_line_count(len(raw))
    pairs = []
    for entry in raw:
        if not isinstance(entry, Mapping):
            raise ValidationFailed(field)
        article = entry.get("articleId", entry.get("productId"))
        pairs.append((_int(article, "articleId"), _quantity(entry.get("quantity", 1))))
    return pairs


def _combine(pairs: Iterable[tuple[int, int]], *, cap: bool) -> dict[int, int]:
    """Quantities per article. Over 99: capped when merging two bags (bag_totals.merged), an
    error otherwise."""
    totals = bag_totals.merged(pairs) if cap else bag_totals.summed(pairs)
    if any(quantity > MAX_QUANTITY for quantity in totals.values()):
        raise _quantity_error()
    _check_line_count(len(totals))
    return totals


def _parse_deltas(raw: object) -> dict[int, int]:
    """Signed quantity changes per article: {articleId: delta} or [{articleId, delta}].

    A delta is -99..99 (-99 removes any line); zeros are dropped, repeats added up.
    """
    if isinstance(raw, Mapping):
        entries: Iterable[tuple[object, object]] = raw.items()
        count = len(raw)
    elif isinstance(raw, list | tuple):
        count = len(raw)
        if not all(isinstance(entry, Mapping) for entry in raw):
            raise ValidationFailed("changes")
        entries = [(e.get("articleId", e.get("productId")), e.get("delta")) for e in raw]
    else:
        raise ValidationFailed("changes")
    _check_line_count(count)
    deltas: dict[int, int] = {}
    for article, delta in entries:
        step = _int(delta, "delta")
        if not -MAX_QUANTITY <= step <= MAX_QUANTITY:
            raise _quantity_error()
        key = _int(article, "articleId")
        deltas[key] = bag_totals.clamped_delta(deltas.get(key, 0) + step)
    return {article: step for article, step in deltas.items() if step}


def merge_key(value: object) -> str | None:
    """A client's merge key, checked; None when it sent none."""
    if value is None or value == "":
        return None
    if not isinstance(value, str) or not MERGE_KEY.fullmatch(value):
        raise ValidationFailed("mergeKey", "Clé de fusion invalide", key="cart.errors.mergeKey")
    return value


# --- loading -----------------------------------------------------------------------------------


def _cart(db: Session, user: User, *, lock: bool = False) -> Cart:
    """The user's cart, created on demand and read fresh; `lock` serialises the writers of
    the cart until the transaction ends (PostgreSQL: the cart row; SQLite: the database write
    lock, taken by a no-op update before the cart is read)."""
    assert user.id is not None
    if lock and db.get_bind().dialect.name == "sqlite":
        lock_user(db, user.id)
    query = select(Cart).where(Cart.user_id == user.id).execution_options(populate_existing=True)
    if lock:
        query = query.with_for_update()
    cart = db.exec(query).first()
    if cart is None:
        # INSERT .. ON CONFLICT DO NOTHING: two first requests of a user cannot both insert.
        dialect = db.get_bind().dialect.name
        insert = pg_insert if dialect == "postgresql" else sqlite_insert
        db.exec(
            insert(Cart)
            .values(user_id=user.id, shipping={}, updated_at=_stamp())
            .on_conflict_do_nothing(index_elements=["user_id"])
        )
        cart = db.exec(query).one()
    return cart


def _rows(db: Session, cart: Cart) -> list[tuple[CartItem, Article]]:
    """The cart's lines as stored now (fresh: the upserts below bypass the session)."""
    query = (
        select(CartItem, Article)
        .join(Article, col(Article.id) == CartItem.article_id)
        .where(CartItem.cart_id == cart.id)
        .order_by(col(CartItem.id))
        .execution_options(populate_existing=True)
    )
    return list(db.exec(query).all())


def _quantities(db: Session, cart: Cart) -> dict[int, int]:
    query = select(CartItem.article_id, CartItem.quantity).where(CartItem.cart_id == cart.id)
    return {article: quantity for article, quantity in db.exec(query).all()}


def _articles(db: Session, ids: Iterable[int]) -> dict[int, Article]:
    wanted = {i for i in ids if 0 < i <= MAX_ID}
    if not wanted:
        return {}
    return _by_id(db.exec(select(Article).where(col(Article.id).in_(wanted))).all())


def _require_available(articles: Mapping[int, Article], ids: Iterable[int]) -> None:
    missing = [i for i in ids if i not in articles or articles[i].status != ACTIVE_STATUS]
    if missing:
        raise UnknownArticles(missing)


def _current_price(article: Article) -> Decimal:
    return pricing.unit_price(article.price, article.sale_price)


def _own_item(db: Session, cart: Cart, item_id: int) -> CartItem:
    """A line of the caller's cart; anyone else's line, or none, is NotFound (no hint)."""
    item = db.get(CartItem, item_id) if 0 < item_id <= MAX_ID else None
    if item is None or item.cart_id != cart.id:
        raise NotFound("Article du panier introuvable", key="cart.errors.itemNotFound")
    return item


def _stamp() -> datetime:
    """Now, aware UTC: the datetime columns (SQLModel's UTCDateTime) refuse naive values."""
    return as_utc(utcnow())


def _touch(db: Session, cart: Cart) -> None:
    """Every write: a new version (the ETag; callers hold the cart's lock)."""
    cart.updated_at = _stamp()
    cart.version = (cart.version or 0) + 1
    db.add(cart)


def _by_id(articles: Iterable[Article]) -> dict[int, Article]:
    return {article.id: article for article in articles if article.id is not None}


# --- the answer --------------------------------------------------------------------------------


def _item_dict(item: CartItem, article: Article) -> dict[str, Any]:
    unit = _current_price(article)
    return {
        "id": item.id,
        "articleId": article.id,
        "name": article.name,
        "imageUrl": (article.image_urls or [None])[0],
        "weight": article.weight,
        "quantity": item.quantity,
        "unitPrice": decimal_string(unit),
        "originalPrice": _money_or_none(article.original_price),
        "salePrice": _money_or_none(article.sale_price),
        "lineTotal": decimal_string(pricing.line_total(unit, item.quantity)),
        "express": article.express,
        "available": article.status == ACTIVE_STATUS,
    }


def _money_or_none(amount: Decimal | None) -> str | None:
    return None if amount is None else decimal_string(amount)


def _totals(
    rows: Iterable[tuple[CartItem, Article]], promo_code: str | None = None
) -> bag_totals.BagTotals:
    """The bag's totals at current catalogue prices, over the lines that can still be
    bought (bag_totals.totals)."""
    sold = [(item, article) for item, article in rows if article.status == ACTIVE_STATUS]
    return bag_totals.totals(
        [(_current_price(article), item.quantity) for item, article in sold], promo_code
    )


def _cart_dict(cart: Cart, rows: list[tuple[CartItem, Article]]) -> dict[str, Any]:
    totals = _totals(rows, cart.promo_code)
    return {
        "id": cart.id,
        "userId": cart.user_id,
        "storeId": cart.store_id,
        "promoCode": cart.promo_code,
        "promoRecognised": totals.promo.recognised if cart.promo_code else False,
        "items": [_item_dict(item, article) for item, article in rows],
        **totals.as_json(),
        "itemCount": sum(item.quantity for item, _ in rows),
        "shipping": dict(cart.shipping or {}),
        "updatedAt": as_utc(cart.updated_at).isoformat(),
        "version": cart.version or 0,
    }


def etag(answer: Mapping[str, Any]) -> str:
    """The cart's entity tag (a strong one: If-Match compares strongly): id and version."""
    return f'"{answer["id"]}-{answer["version"]}"'


def _if_match_allows(if_match: str, cart: Cart) -> bool:
    """RFC 9110 If-Match: "*" (the cart always exists) or one of the listed strong tags
    is the cart's current one; a weak tag never matches."""
    current = etag({"id": cart.id, "version": cart.version or 0})
    tags = [tag.strip() for tag in if_match.split(",")]
    return "*" in tags or current in tags


def _answer(db: Session, cart: Cart) -> dict[str, Any]:
    db.flush()
    return _cart_dict(cart, _rows(db, cart))


# --- reading -----------------------------------------------------------------------------------


def get_cart(db: Session, user: User) -> dict[str, Any]:
    """The caller's cart with current prices, subtotal, item count and promo discount."""
    return _answer(db, _cart(db, user))


def validate(db: Session, user: User) -> dict[str, Any]:
    """Can this cart be checked out? {valid, issues, cart}.

    Blocking issues: an empty cart, lines no longer on sale, a subtotal below the delivery
    minimum. A price that changed since the line was added is reported but does not block
    (the current price is the one charged). Each issue carries a message key for the UI.
    """
    cart = _cart(db, user)
    rows = _rows(db, cart)
    issues: list[dict[str, Any]] = []
    if not rows:
        issues.append(_issue("empty", blocking=True))
    for item, article in rows:
        line = {"itemId": item.id, "articleId": article.id, "name": article.name}
        if article.status != ACTIVE_STATUS:
            issues.append(_issue("unavailable", blocking=True, **line))
        elif item.unit_price != _current_price(article):
            issues.append(
                _issue(
                    "priceChanged",
                    blocking=False,
                    **line,
                    previousPrice=decimal_string(item.unit_price),
                    currentPrice=decimal_string(_current_price(article)),
                )
            )
    remaining = _totals(rows).delivery_minimum_remaining
    if rows and remaining > 0:
        issues.append(
            _issue("belowDeliveryMinimum", blocking=True, remaining=decimal_string(remaining))
        )
    return {
        "valid": not any(issue["blocking"] for issue in issues),
        "issues": issues,
        "cart": _cart_dict(cart, rows),
    }


def _issue(kind: str, *, blocking: bool, **details: Any) -> dict[str, Any]:
    return {"type": kind, "key": f"cart.issues.{kind}", "blocking": blocking, **details}


# --- writing -----------------------------------------------------------------------------------


def _write_lines(
    db: Session,
    cart: Cart,
    rows: Iterable[tuple[CartItem, Article]],
    totals: Mapping[int, int],
    articles: Mapping[int, Article],
) -> None:
    """Make the cart's `rows` exactly `totals`; a new line snapshots the catalogue price of
    its article, which `articles` must hold (it was checked as available)."""
    existing = {item.article_id: item for item, _ in rows}
    for article_id, quantity in totals.items():
        item = existing.pop(article_id, None)
        if item is None:
            price = _current_price(articles[article_id])
            db.add(
                CartItem(
                    cart_id=cart.id,  # type: ignore[arg-type]
                    article_id=article_id,
                    quantity=quantity,
                    unit_price=price,
                    added_at=_stamp(),
                )
            )
        else:
            item.quantity = quantity
            db.add(item)
    for stale in existing.values():
        db.delete(stale)
    _touch(db, cart)


def _log_client_prices(raw: object, articles: Mapping[int, Article]) -> None:
    """Client prices are never used; a disagreement is worth a debug line, nothing more."""
    if not logger.isEnabledFor(logging.DEBUG) or not isinstance(raw, list):
        return
    for entry in raw:
        article = articles.get(entry.get("articleId")) if isinstance(entry, Mapping) else None
        if article is not None and "unitPrice" in entry:
            claimed = pricing.parse_price_text(entry.get("unitPrice"))
            if claimed != _current_price(article):
                logger.debug("cart: client price %s ignored for article %s", claimed, article.id)


def replace_cart(
    db: Session, user: User, payload: Mapping[str, Any], *, if_match: str | None = None
) -> dict[str, Any]:
    """POST /cart: the caller's cart becomes exactly the payload's lines (000 §3 payload).

    `userId` is ignored: the cart is always the caller's. Duplicate articles are added up.
    The promo code and shipping choice are kept. With `if_match` (the ETag the client's copy
    came with), a bag changed since then is not overwritten: CartChanged (412). Without it,
    the spec's clients replace as before.
    """
    raw = payload.get("cartItems")
    totals = _combine(_parse_lines(raw, "cartItems"), cap=False)
    store_id = _optional_text(payload.get("storeId"), "storeId", MAX_STORE_ID_LENGTH)
    articles = _articles(db, totals)
    _require_available(articles, totals)
    _log_client_prices(raw, articles)
    cart = _cart(db, user, lock=True)
    if if_match is not None and not _if_match_allows(if_match, cart):
        raise CartChanged(cart.version or 0)
    cart.store_id = store_id
    _write_lines(db, cart, _rows(db, cart), totals, articles)
    return _answer(db, cart)


def _already_merged(db: Session, cart: Cart, key: str | None) -> bool:
    if key is None:
        return False
    query = select(CartMerge.id).where(CartMerge.cart_id == cart.id, CartMerge.merge_key == key)
    return db.exec(query).first() is not None


def _remember_merge(db: Session, cart: Cart, key: str | None) -> None:
    """Keep the key with the cart (same transaction as the merge); forget old ones."""
    if key is None:
        return
    now = _stamp()
    db.exec(
        delete(CartMerge).where(
            col(CartMerge.cart_id) == cart.id,
            col(CartMerge.created_at) < now - timedelta(days=MERGE_KEY_DAYS),
        )
    )
    db.add(CartMerge(cart_id=cart.id, merge_key=key, created_at=now))  # type: ignore[arg-type]


def _merge_target(
    db: Session, user: User, merge: str | None, wanted: Collection[int]
) -> tuple[Cart, dict[int, Article] | None]:
    """The caller's cart, locked, and the `wanted` articles (each on sale, else 400); no
    articles when this merge key was already applied (a retry then changes nothing)."""
    articles = _articles(db, wanted)
    cart = _cart(db, user, lock=True)
    if _already_merged(db, cart, merge):
        return cart, None
    _require_available(articles, wanted)
    return cart, articles


def sync(db: Session, user: User, items: object, key: object = None) -> dict[str, Any]:
    """Merge a guest bag into the server bag when a guest signs in; nothing is dropped.

    Quantities of an article present on both sides are added and capped at 99. With a merge
    `key`, the same guest bag sent again (a second tab signing in, a retry) changes nothing
    and answers the cart.
    """
    incoming = _parse_lines(items, "items")
    merge = merge_key(key)
    cart, articles = _merge_target(db, user, merge, {article_id for article_id, _ in incoming})
    if articles is None:
        return _answer(db, cart)
    rows = _rows(db, cart)
    current = [(item.article_id, item.quantity) for item, _ in rows]
    totals = _combine([*current, *incoming], cap=True)
    _write_lines(db, cart, rows, totals, articles)
    _remember_merge(db, cart, merge)
    return _answer(db, cart)


def _upsert_add(db: Session, cart: Cart, article: Article, quantity: int) -> None:
    """One atomic statement: a new line at `quantity`, or the line raised by it, capped at
    99 (INSERT .. ON CONFLICT (cart_id, article_id) DO UPDATE). A new line snapshots the
    catalogue price."""
    insert = pg_insert if db.get_bind().dialect.name == "postgresql" else sqlite_insert
    stmt = insert(CartItem).values(
        cart_id=cart.id,
        article_id=article.id,
        quantity=quantity,
        unit_price=_current_price(article),
        added_at=_stamp(),
    )
    raised = CartItem.__table__.c.quantity + stmt.excluded.quantity  # type: ignore[attr-defined]
    db.exec(
        stmt.on_conflict_do_update(
            index_elements=["cart_id", "article_id"],
            set_={"quantity": sa.case((raised > MAX_QUANTITY, MAX_QUANTITY), else_=raised)},
        )
    )


def _lower(db: Session, cart: Cart, article_id: int, quantity: int) -> None:
    """Take `quantity` off a line; the line goes when nothing is left (000 §4.3)."""
    line = (col(CartItem.cart_id) == cart.id, col(CartItem.article_id) == article_id)
    db.exec(delete(CartItem).where(*line, col(CartItem.quantity) <= quantity))
    db.exec(sa.update(CartItem).where(*line).values(quantity=col(CartItem.quantity) - quantity))


def add_item(db: Session, user: User, article_id: object, quantity: object = 1) -> dict[str, Any]:
    """Add `quantity` of an article; an article already in the cart has its quantity raised.

    Past 99 in one line is refused (400, as for a set quantity); the raise itself is one
    atomic upsert, under the cart's lock.
    """
    wanted = _quantity(quantity)
    article_key = _int(article_id, "productId")
    articles = _articles(db, [article_key])
    _require_available(articles, [article_key])
    cart = _cart(db, user, lock=True)
    current = _quantities(db, cart)
    if current.get(article_key, 0) + wanted > MAX_QUANTITY:
        raise _quantity_error()
    _check_line_count(len(current | {article_key: wanted}))
    _upsert_add(db, cart, articles[article_key], wanted)
    _touch(db, cart)
    return _answer(db, cart)


def apply_deltas(db: Session, user: User, deltas: object, key: object = None) -> dict[str, Any]:
    """Change quantities relative to the server's: {articleId: +n / -n}.

    What a tab sends for its ±1 (and what it kept while a save failed), instead of absolute
    quantities from a copy that may be stale: +n raises the line (a new line for a new
    article), capped at 99, and needs an article on sale; -n lowers it, and the line goes at
    0 (-99 removes it whatever it holds); an article not in the cart is ignored for -n. With
    a merge `key`, a batch already applied changes nothing and answers the cart.
    """
    changes = _parse_deltas(deltas)
    merge = merge_key(key)
    wanted = [article for article, step in changes.items() if step > 0]
    cart, articles = _merge_target(db, user, merge, wanted)
    if articles is None:
        return _answer(db, cart)
    current = _quantities(db, cart)
    _check_line_count(
        sum(
            1
            for article in current.keys() | changes.keys()
            if current.get(article, 0) + changes.get(article, 0) > 0
        )
    )
    for article, step in changes.items():
        if step > 0:
            _upsert_add(db, cart, articles[article], step)
        elif article in current:
            _lower(db, cart, article, -step)
    _remember_merge(db, cart, merge)
    _touch(db, cart)
    return _answer(db, cart)


def apply_batches(
    db: Session, user: User, batches: Iterable[tuple[Mapping[int, int], str]]
) -> dict[str, Any]:
    """Several batches of deltas ((deltas, merge key), as `apply_deltas`), in order, in one
    transaction: what a tab kept while its saves failed goes in one round trip, and a batch
    the server already applied is skipped by its key. No batch: the cart as it is."""
    answer = None
    for deltas, key in batches:
        answer = apply_deltas(db, user, deltas, key)
    return answer if answer is not None else get_cart(db, user)


def _parse_quantities(raw: object) -> dict[int, int]:
    """Absolute quantities per article: [{articleId, quantity}] with 0..99 (0: no line);
    an article named twice keeps its last quantity."""
    if not isinstance(raw, list | tuple) or not all(isinstance(e, Mapping) for e in raw):
        raise ValidationFailed("quantities")
    _check_line_count(len(raw))
    wanted: dict[int, int] = {}
    for entry in raw:
        article = _int(entry.get("articleId", entry.get("productId")), "articleId")
        quantity = _int(entry.get("quantity"), "quantity")
        if not 0 <= quantity <= MAX_QUANTITY:
            raise _quantity_error()
        wanted[article] = quantity
    return wanted


def set_quantities(db: Session, user: User, quantities: object) -> dict[str, Any]:
    """Set the named articles' lines to absolute quantities (0 removes a line); the other
    lines stay as they are.

    What a tab sends for the changes it kept while its connection was down: the same
    quantities sent twice (a retry after a lost answer, a second tab) give the same bag,
    which deltas would not. Every article set above 0 must be on sale (400 otherwise, nothing
    changed).
    """
    wanted = _parse_quantities(quantities)
    kept = [article for article, quantity in wanted.items() if quantity > 0]
    articles = _articles(db, kept)
    _require_available(articles, kept)
    cart = _cart(db, user, lock=True)
    rows = _rows(db, cart)
    totals = {item.article_id: item.quantity for item, _ in rows}
    for article, quantity in wanted.items():
        if quantity:
            totals[article] = quantity
        else:
            totals.pop(article, None)
    _check_line_count(len(totals))
    _write_lines(db, cart, rows, totals, articles)
    return _answer(db, cart)


def update_item(db: Session, user: User, item_id: int, quantity: object) -> dict[str, Any]:
    """Set a line's quantity; 0 or less removes the line (000 §4.3), above 99 is refused."""
    wanted = _int(quantity, "quantity")
    cart = _cart(db, user, lock=True)
    item = _own_item(db, cart, item_id)
    if wanted <= 0:
        db.delete(item)
    elif wanted > MAX_QUANTITY:
        raise _quantity_error()
    else:
        item.quantity = wanted
        db.add(item)
    _touch(db, cart)
    return _answer(db, cart)


def remove_item(db: Session, user: User, item_id: int) -> dict[str, Any]:
    """Remove one line of the caller's cart (another user's line is NotFound)."""
    cart = _cart(db, user, lock=True)
    db.delete(_own_item(db, cart, item_id))
    _touch(db, cart)
    return _answer(db, cart)


def clear(db: Session, user: User) -> dict[str, Any]:
    """Empty the bag: every line goes; the promo code and shipping choice stay."""
    cart = _cart(db, user, lock=True)
    db.exec(delete(CartItem).where(col(CartItem.cart_id) == cart.id))
    _touch(db, cart)
    return _answer(db, cart)


def apply_promo(db: Session, user: User, code: object) -> dict[str, Any]:
    """Keep a promo code on the cart; any code is accepted (the spec shows "Code appliqué"
    for all), its discount follows `pricing.evaluate_promo` on the current subtotal."""
    normalised = pricing.normalise_code(code) if isinstance(code, str) else ""
    if not normalised or len(normalised) > MAX_PROMO_LENGTH:
        raise ValidationFailed("promoCode", "Code promo invalide", key="cart.errors.promoCode")
    cart = _cart(db, user, lock=True)
    cart.promo_code = normalised
    _touch(db, cart)
    return _answer(db, cart)


def remove_promo(db: Session, user: User) -> dict[str, Any]:
    """Forget the cart's promo code (its discount goes with it)."""
    cart = _cart(db, user, lock=True)
    cart.promo_code = None
    _touch(db, cart)
    return _answer(db, cart)


# --- shipping ----------------------------------------------------------------------------------


def _address(raw: object) -> dict[str, Any] | None:
    """The address a cart keeps with its shipping choice: every field optional, under the
    saved addresses' own rules (grocer.services.addresses)."""
    if raw is None:
        return None
    if not isinstance(raw, Mapping):
        raise ValidationFailed("address")
    return clean_partial_address(raw)


def set_shipping(db: Session, user: User, data: Mapping[str, Any]) -> dict[str, Any]:
    """Keep the shopper's delivery choice on the cart: method, address, professional flag
    and timeslot ({dayOffset, slot}, checked against the method's slots)."""
    method = slots.check_method(data.get("method"))
    timeslot = data.get("timeslot")
    if timeslot is not None and not isinstance(timeslot, Mapping):
        raise ValidationFailed("timeslot")
    shipping = {
        "method": method,
        "address": _address(data.get("address")),
        "isProfessional": _bool(data.get("isProfessional"), "isProfessional"),
        "timeslot": (
            slots.check_timeslot(method, timeslot.get("dayOffset"), timeslot.get("slot"))
            if timeslot
            else None
        ),
    }
    cart = _cart(db, user, lock=True)
    cart.shipping = shipping
    _touch(db, cart)
    return _answer(db, cart)


def shipping_options(
    db: Session, user: User, data: Mapping[str, Any], now: datetime
) -> dict[str, Any]:
    """The slot panel: the days of a page (`weekOffset`: weeks for delivery, pages of six
    days for pickup; never below 0) with their slots, and the delivery fees and minimum."""
    method = slots.check_method(data.get("method"))
    page = min(max(0, _int(data.get("weekOffset", 0), "weekOffset")), slots.MAX_PAGE)
    cart = _cart(db, user)
    remaining = _totals(_rows(db, cart)).delivery_minimum_remaining
    return {
        "method": method,
        "weekOffset": page,
        "days": slots.day_options(method, now.date(), page, now),
        "selected": (cart.shipping or {}).get("timeslot"),
        "deliveryFee": decimal_string(pricing.DELIVERY_FEE),
        "surcharge": decimal_string(pricing.SURCHARGE),
        "deliveryMinimum": decimal_string(pricing.DELIVERY_MINIMUM),
        "deliveryMinimumRemaining": decimal_string(remaining),
    }


# --- checkout ----------------------------------------------------------------------------------


def checkout_lines(db: Session, user: User, *, lock: bool = False) -> list[dict[str, Any]]:
    """The bag's lines as checkout prices them: current catalogue unit price, quantity and
    whether the article is still on sale. With `lock`, the cart's writers wait until the
    caller's transaction ends (an order and the emptying of its bag are one transaction)."""
    rows = _rows(db, _cart(db, user, lock=lock))
    return [
        {
            "articleId": article.id,
            "name": article.name,
            "quantity": item.quantity,
            "unitPrice": _current_price(article),
            "available": article.status == ACTIVE_STATUS,
        }
        for item, article in rows
    ]


def empty_after_order(db: Session, user: User) -> None:
    """Empty the bag an order was just made of, in the order's transaction: the caller holds
    the cart's lock already (`checkout_lines(lock=True)`), and wants no answer back."""
    cart = _cart(db, user)
    db.exec(delete(CartItem).where(col(CartItem.cart_id) == cart.id))
    _touch(db, cart)
    db.flush()


def put_back(
    db: Session, user: User, lines: Iterable[tuple[int, int]], *, check_room: bool = False
) -> tuple[dict[str, Any], set[int]]:
    """Put (article id, quantity) pairs into the bag: added to what it holds now, capped at
    99; articles gone or no longer on sale are left out. Answers the cart and the ids added.

    With `check_room`, new lines that would take the bag past 200 are refused (400) and
    nothing changes; without, nothing is refused (a failed payment gives its lines back)."""
    wanted = bag_totals.merged(lines)
    articles = _articles(db, wanted)
    sold = {i: a for i, a in articles.items() if i in wanted and a.status == ACTIVE_STATUS}
    cart = _cart(db, user, lock=True)
    if check_room:
        _check_line_count(len(_quantities(db, cart).keys() | sold.keys()))
    for article_id, article in sold.items():
        _upsert_add(db, cart, article, wanted[article_id])
    if sold:
        _touch(db, cart)
    return _answer(db, cart), set(sold)


def restore_lines(db: Session, user: User, lines: Iterable[tuple[int, int]]) -> dict[str, Any]:
    """Put (article id, quantity) pairs back into the bag (an order that could not be paid):
    added to what the bag holds now, capped at 99; articles no longer on sale are left out."""
    return put_back(db, user, lines)[0]
