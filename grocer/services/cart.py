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

Functions flush but never commit: the caller owns the transaction (the API's session
dependency, or `grocer.db.session_scope()` in a Reflex handler). Results are JSON-ready dicts
(camelCase, money as decimal strings in XOF) for the API and Reflex vars alike.
"""

from __future__ import annotations

import logging
import re
from collections.abc import Iterable, Mapping
from datetime import datetime
from decimal import Decimal
from typing import Any

from sqlalchemy.dialects.postgresql import insert as pg_insert
from sqlalchemy.dialects.sqlite import insert as sqlite_insert
from sqlmodel import Session, col, delete, select

from grocer.models import Article, Cart, CartItem, User
from grocer.models.base import utcnow
from grocer.services import pricing, slots
from grocer.services.errors import NotFound, ValidationFailed
from grocer.services.money import decimal_string
from grocer.services.tokens import as_utc

logger = logging.getLogger(__name__)

MIN_QUANTITY = 1
MAX_QUANTITY = 99
MAX_LINES = 200
MAX_PROMO_LENGTH = 40
MAX_STORE_ID_LENGTH = 60
MAX_TEXT_LENGTH = 255
ACTIVE_STATUS = "ACTIVE"
_MAX_ID = 2**31 - 1  # the id columns are 32-bit integers
_INT_TEXT = re.compile(r"[+-]?[0-9]{1,18}")
_ADDRESS_TEXT_FIELDS = (
    "addressType",
    "streetAddress",
    "apartment",
    "city",
    "state",
    "postalCode",
    "country",
)


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
    """Quantities per article. Over 99: capped when merging two bags, an error otherwise."""
    totals: dict[int, int] = {}
    for article_id, quantity in pairs:
        totals[article_id] = totals.get(article_id, 0) + quantity
    for article_id, quantity in totals.items():
        if quantity > MAX_QUANTITY:
            if not cap:
                raise _quantity_error()
            totals[article_id] = MAX_QUANTITY
    _check_line_count(len(totals))
    return totals


# --- loading -----------------------------------------------------------------------------------


def _cart(db: Session, user: User, *, lock: bool = False) -> Cart:
    """The user's cart, created on demand; `lock` serialises writers of the same cart."""
    query = select(Cart).where(Cart.user_id == user.id)
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
    query = (
        select(CartItem, Article)
        .join(Article, col(Article.id) == CartItem.article_id)
        .where(CartItem.cart_id == cart.id)
        .order_by(col(CartItem.id))
    )
    return list(db.exec(query).all())


def _articles(db: Session, ids: Iterable[int]) -> dict[int, Article]:
    wanted = {i for i in ids if 0 < i <= _MAX_ID}
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
    item = db.get(CartItem, item_id) if 0 < item_id <= _MAX_ID else None
    if item is None or item.cart_id != cart.id:
        raise NotFound("Article du panier introuvable", key="cart.errors.itemNotFound")
    return item


def _stamp() -> datetime:
    """Now, aware UTC: the datetime columns (SQLModel's UTCDateTime) refuse naive values."""
    return as_utc(utcnow())


def _touch(db: Session, cart: Cart) -> None:
    cart.updated_at = _stamp()
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


def _subtotal(rows: Iterable[tuple[CartItem, Article]]) -> Decimal:
    """Current catalogue prices of the lines that can still be bought."""
    return pricing.subtotal(
        (_current_price(article), item.quantity)
        for item, article in rows
        if article.status == ACTIVE_STATUS
    )


def _cart_dict(cart: Cart, rows: list[tuple[CartItem, Article]]) -> dict[str, Any]:
    total = _subtotal(rows)
    promo = pricing.evaluate_promo(cart.promo_code, total)
    return {
        "id": cart.id,
        "userId": cart.user_id,
        "storeId": cart.store_id,
        "promoCode": cart.promo_code,
        "promoRecognised": promo.recognised if cart.promo_code else False,
        "items": [_item_dict(item, article) for item, article in rows],
        "subtotal": decimal_string(total),
        "itemCount": sum(item.quantity for item, _ in rows),
        "deliveryMinimumRemaining": decimal_string(pricing.delivery_minimum_remaining(total)),
        "discount": decimal_string(promo.discount),
        "shipping": dict(cart.shipping or {}),
        "updatedAt": as_utc(cart.updated_at).isoformat(),
    }


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
    remaining = pricing.delivery_minimum_remaining(_subtotal(rows))
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


def replace_cart(db: Session, user: User, payload: Mapping[str, Any]) -> dict[str, Any]:
    """POST /cart: the caller's cart becomes exactly the payload's lines (000 §3 payload).

    `userId` is ignored: the cart is always the caller's. Duplicate articles are added up.
    The promo code and shipping choice are kept.
    """
    raw = payload.get("cartItems")
    totals = _combine(_parse_lines(raw, "cartItems"), cap=False)
    store_id = _optional_text(payload.get("storeId"), "storeId", MAX_STORE_ID_LENGTH)
    articles = _articles(db, totals)
    _require_available(articles, totals)
    _log_client_prices(raw, articles)
    cart = _cart(db, user, lock=True)
    cart.store_id = store_id
    _write_lines(db, cart, _rows(db, cart), totals, articles)
    return _answer(db, cart)


def sync(db: Session, user: User, items: object) -> dict[str, Any]:
    """Merge a guest bag into the server bag when a guest signs in; nothing is dropped.

    Quantities of an article present on both sides are added and capped at 99.
    """
    incoming = _parse_lines(items, "items")
    ids = {article_id for article_id, _ in incoming}
    articles = _articles(db, ids)
    _require_available(articles, ids)
    cart = _cart(db, user, lock=True)
    rows = _rows(db, cart)
    current = [(item.article_id, item.quantity) for item, _ in rows]
    totals = _combine([*current, *incoming], cap=True)
    _write_lines(db, cart, rows, totals, articles)
    return _answer(db, cart)


def add_item(db: Session, user: User, article_id: object, quantity: object = 1) -> dict[str, Any]:
    """Add `quantity` of an article; an article already in the cart has its quantity raised."""
    wanted = _quantity(quantity)
    article_key = _int(article_id, "productId")
    articles = _articles(db, [article_key])
    _require_available(articles, [article_key])
    cart = _cart(db, user, lock=True)
    rows = _rows(db, cart)
    current = {item.article_id: item.quantity for item, _ in rows}
    totals = {**current, article_key: current.get(article_key, 0) + wanted}
    if totals[article_key] > MAX_QUANTITY:
        raise _quantity_error()
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


def _coordinate(value: object, field: str, limit: int, message: str) -> float | None:
    if value is None:
        return None
    if (
        isinstance(value, bool)
        or not isinstance(value, int | float)
        or not -limit <= value <= limit
    ):
        raise ValidationFailed(field, message, key=f"address.errors.{field}")
    return float(value)


def _address(raw: object) -> dict[str, Any] | None:
    """The address fields of 000 §3 that a cart keeps: short texts and valid coordinates."""
    if raw is None:
        return None
    if not isinstance(raw, Mapping):
        raise ValidationFailed("address")
    address: dict[str, Any] = {
        name: _optional_text(raw.get(name), name, MAX_TEXT_LENGTH) for name in _ADDRESS_TEXT_FIELDS
    }
    address["latitude"] = _coordinate(
        raw.get("latitude"), "latitude", 90, "La latitude doit être comprise entre -90 et 90"
    )
    address["longitude"] = _coordinate(
        raw.get("longitude"), "longitude", 180, "La longitude doit être comprise entre -180 et 180"
    )
    return address


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
    total = _subtotal(_rows(db, cart))
    return {
        "method": method,
        "weekOffset": page,
        "days": slots.day_options(method, now.date(), page, now),
        "selected": (cart.shipping or {}).get("timeslot"),
        "deliveryFee": decimal_string(pricing.DELIVERY_FEE),
        "surcharge": decimal_string(pricing.SURCHARGE),
        "deliveryMinimum": decimal_string(pricing.DELIVERY_MINIMUM),
        "deliveryMinimumRemaining": decimal_string(pricing.delivery_minimum_remaining(total)),
    }
