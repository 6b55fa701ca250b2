"""Catalogue records → the camelCase JSON dicts of the spec (§3), with no database access.

Every function takes either a SQLModel instance or a SQLAlchemy `Row` of the same table: rows
read with Core are several times cheaper than ORM instances, and the catalogue's hot paths
(article by id, pages of 18) read rows. Money leaves as decimal strings in XOF ("650.00").
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from datetime import date, datetime
from decimal import Decimal
from typing import Any

from grocer.services.money import decimal_string
from grocer.services.pricing import discount_percent

#: Anything with the table's column names as attributes: a model instance or a Core row.
Record = Any


def money(value: Decimal | int | str | None) -> str | None:
    """A money amount as the API writes it: two decimals, never a float ("650.00")."""
    return None if value is None else decimal_string(Decimal(value))


def plain_number(value: Decimal | None) -> int | float | None:
    """A measure (nutrition, dimension) as a JSON number: 12 rather than "12.00"."""
    if value is None:
        return None
    value = Decimal(value)
    return int(value) if value == value.to_integral_value() else float(value.normalize())


def struck_price(
    price: Decimal, sale_price: Decimal | None, original_price: Decimal | None
) -> Decimal | None:
    """The price shown struck through: the stored original price, else the regular price when
    the article is on sale, else none (nothing to strike)."""
    if original_price is not None:
        return original_price
    return price if sale_price is not None else None


def _iso(value: datetime | date | None) -> str | None:
    return value.isoformat() if value is not None else None


def nutrition_dict(row: Record) -> dict[str, Any]:
    return {"name": row.name, "value": plain_number(row.value), "unit": row.unit}


def _dimensions(a: Record) -> dict[str, Any] | None:
    """Length × width × height in cm, shown by the UI when the weight is missing."""
    if a.length_cm is None and a.width_cm is None and a.height_cm is None:
        return None
    return {
        "length": plain_number(a.length_cm),
        "width": plain_number(a.width_cm),
        "height": plain_number(a.height_cm),
    }


def article_dict(
    a: Record, *, category_name: str | None = None, nutritions: Iterable[Record] = ()
) -> dict[str, Any]:
    """One article as the spec's Article entity (§3), plus the derived shop-by flags."""
    image_urls = list(a.image_urls or [])
    original = struck_price(a.price, a.sale_price, a.original_price)
    return {
        "id": a.id,
        "key": a.key,
        "name": a.name,
        "price": money(a.price),
        "salePrice": money(a.sale_price),
        "originalPrice": money(original),
        "discountPercent": discount_percent(original, a.sale_price),
        "weight": a.weight,
        "dimensions": _dimensions(a),
        "imageUrls": image_urls,
        "imageUrl": image_urls[0] if image_urls else None,
        "savings": a.savings,
        "promotion": a.promotion,
        "express": bool(a.express),
        "productQuality": a.product_quality,
        "description": a.description,
        "brand": a.brand,
        "origin": a.origin,
        "category": (
            {"id": a.category_id, "name": category_name} if a.category_id is not None else None
        ),
        "supplier": {"name": a.supplier_name} if a.supplier_name else None,
        "status": a.status,
        "product": {
            "imageUrls": image_urls,
            "nutritions": [nutrition_dict(n) for n in nutritions],
        },
        "requiredLicenses": list(a.required_licenses or []),
        "soldBy": a.sold_by,
        "barcode": a.barcode,
        "sku": a.sku,
        "currency": a.currency,
        "createdAt": _iso(a.created_at),
        "updatedAt": _iso(a.updated_at),
        "isNew": bool(a.is_new),
        "isOrganic": bool(a.is_organic),
        "isLocal": bool(a.is_local),
        "isGlutenFree": bool(a.is_gluten_free),
        "isKosher": bool(a.is_kosher),
        "rating": plain_number(a.rating),
        "popularity": a.popularity,
    }


def category_dict(c: Record, children: list[dict[str, Any]] | None = None) -> dict[str, Any]:
    return {
        "id": c.id,
        "key": c.key,
        "name": c.name,
        "level": c.level,
        "parent": c.parent_id,
        "canDisplayOnUi": bool(c.can_display_on_ui),
        "displayOrder": c.display_order,
        "imageUrl": c.image_url,
        "icon": c.icon,
        "children": children if children is not None else [],
    }


def section_dict(s: Record, articles: list[dict[str, Any]]) -> dict[str, Any]:
    return {
        "id": s.id,
        "key": s.key,
        "title": s.title,
        "description": s.description,
        "image": s.image,
        "displayOrder": s.display_order if s.display_order is not None else 0,
        "active": bool(s.active),
        "categoryId": s.category_id,
        "articles": articles,
    }


def promotion_dict(p: Record) -> dict[str, Any]:
    return {
        "id": p.id,
        "key": p.key,
        "name": p.name,
        "description": p.description,
        "displayOnBanner": bool(p.display_on_banner),
        "active": bool(p.active),
        "imageUrl": p.image_url,
        "promoCode": p.promo_code,
        "discountValue": money(p.discount_value),
        "discountType": p.discount_type,
        "startsOn": _iso(getattr(p, "starts_on", None)),
        "endDate": _iso(p.end_date),
        "categoryId": p.category_id,
    }


def group_by(rows: Iterable[Record], attr: str) -> Mapping[Any, list[Record]]:
    """Rows bucketed by one attribute, order kept (nutrition per article, articles per section)."""
    out: dict[Any, list[Record]] = {}
    for row in rows:
        out.setdefault(getattr(row, attr), []).append(row)
    return out
