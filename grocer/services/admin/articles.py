"""The catalogue's articles in the back-office (admins only): a list searched by name, SKU or
brand and filtered by category and status, paged on the server; the details; create and update
every field of 001 §3 the shop shows (names and descriptions in four languages, prices, weight
or dimensions, brand, origin, quality badge, express, nutrition lines, status, category).

Money follows the shop's rules (grocer.services.money): amounts in XOF, whole francs; a sale
price is below the price; an original (struck) price is above what the shopper pays. An
article hangs on a level-3 category (the storefront lists articles there).

Every change is audited ("article.create" / "article.update", before and after of the changed
fields only), reindexes the article's search document and bumps the catalogue version in the
caller's transaction: the storefront and the search show it at once on every worker.
Pictures are saved by the pictures service ("article.picture").
"""

from __future__ import annotations

from decimal import Decimal
from typing import Any

import sqlalchemy as sa
from sqlmodel import Session, col, func, or_, select
from typing_extensions import TypedDict

from grocer.models import Article, Category, Nutrition, User
from grocer.models.base import utcnow
from grocer.models.search import SHOWN_STATUSES
from grocer.services import search_index
from grocer.services.admin import access, audit
from grocer.services.admin.catalogue_texts import (
    DESCRIPTION_MAX,
    NAME_MAX,
    TextsDict,
    changed,
    clean_translations,
    new_key,
    put_texts,
    required_text,
    stored_texts,
    text,
    write_lock,
)
from grocer.services.admin.categories import MAX_LEVEL
from grocer.services.admin.paging import Page, check_page, contains_pattern, search_text
from grocer.services.catalogue_cache import bump_version
from grocer.services.errors import NotFound, ValidationFailed
from grocer.services.money import MAX_AMOUNT, decimal_string, round_for
from grocer.services.validation import check_bool, check_choice, check_range, record_id

#: ACTIVE: sold and listed; OUT_OF_STOCK: found by search, not sold; INACTIVE: hidden.
STATUSES: tuple[str, ...] = (*SHOWN_STATUSES, "INACTIVE")
NUTRITION_UNITS: tuple[str, ...] = ("g", "mg", "µg", "kcal")
NUTRITION_MAX_LINES = 30
NUTRITION_NAME_MAX = 60
NUTRITION_VALUE_MAX = 100_000
DIMENSION_MAX = 10_000  # cm
#: The advisory lock of article writes (a constant used for nothing else): two articles of
#: the same name, or with the same SKU, written at once must not both pass the checks.
_WRITE_LOCK = 0x61727431
#: Short texts: field → (label, max length), as the columns hold them.
TEXTS: dict[str, tuple[str, int]] = {
    "weight": ("poids", 50),
    "brand": ("marque", 120),
    "origin": ("origine", 120),
    "productQuality": ("badge de qualité", 60),
    "sku": ("SKU", 40),
    "savings": ("économie", 120),
    "promotion": ("promotion", 200),
}
FLAGS: dict[str, str] = {
    "express": "express",
    "isNew": "nouveau",
    "isOrganic": "bio",
    "isLocal": "local",
}
#: camelCase field → the column it sets.
COLUMNS: dict[str, str] = {
    "name": "name",
    "description": "description",
    "price": "price",
    "salePrice": "sale_price",
    "originalPrice": "original_price",
    "lengthCm": "length_cm",
    "widthCm": "width_cm",
    "heightCm": "height_cm",
    "status": "status",
    "categoryId": "category_id",
    "weight": "weight",
    "brand": "brand",
    "origin": "origin",
    "productQuality": "product_quality",
    "sku": "sku",
    "savings": "savings",
    "promotion": "promotion",
    "express": "express",
    "isNew": "is_new",
    "isOrganic": "is_organic",
    "isLocal": "is_local",
}


class NutritionDict(TypedDict):
    name: str
    value: str
    unit: str


class ArticleRowDict(TypedDict):
    id: int
    name: str
    sku: str
    brand: str
    price: str
    salePrice: str | None
    status: str
    categoryId: int | None
    categoryName: str
    imageUrl: str


class AdminArticleDict(TypedDict):
    id: int
    key: str
    name: str
    description: str
    price: str
    salePrice: str | None
    originalPrice: str | None
    weight: str
    lengthCm: str | None
    widthCm: str | None
    heightCm: str | None
    brand: str
    origin: str
    productQuality: str
    sku: str
    savings: str
    promotion: str
    express: bool
    isNew: bool
    isOrganic: bool
    isLocal: bool
    status: str
    categoryId: int | None
    categoryName: str
    imageUrl: str
    imageUrls: list[str]
    nutritions: list[NutritionDict]
    translations: dict[str, TextsDict]
    updatedAt: str | None


def _money(value: Decimal | None) -> str | None:
    return None if value is None else decimal_string(value)


def _measure(value: Decimal | None) -> str | None:
    return None if value is None else f"{Decimal(value).normalize():f}"


# --- reading ----------------------------------------------------------------------------------


def _article(db: Session, article_id: Any) -> Article:
    ident = record_id(article_id, text=False)
    found = db.get(Article, ident) if ident is not None else None
    if found is None:
        raise NotFound("Produit non trouvé", key="catalogue.errors.productNotFound")
    return found


def _category_names(db: Session, ids: set[int | None]) -> dict[int, str]:
    wanted = sorted(i for i in ids if i is not None)
    if not wanted:
        return {}
    rows = db.exec(select(Category.id, Category.name).where(col(Category.id).in_(wanted))).all()
    return {int(i): n for i, n in rows}


def list_articles(
    db: Session,
    actor: User,
    *,
    q: Any = None,
    category_id: Any = None,
    status: Any = None,
    page: Any = 1,
    size: Any = 20,
) -> Page[ArticleRowDict]:
    """Articles, newest first, whose name, SKU or brand hold `q` (any case), in a category
    (and below it) and with a status."""
    access.require(actor, "catalogue")
    number, per_page = check_page(page, size)
    where: list[sa.ColumnElement[bool]] = []
    words = search_text(q)
    if words:
        like = contains_pattern(words)
        where.append(
            or_(
                func.lower(col(Article.name)).like(like, escape="\\"),
                func.lower(func.coalesce(col(Article.sku), "")).like(like, escape="\\"),
                func.lower(func.coalesce(col(Article.brand), "")).like(like, escape="\\"),
            )
        )
    if category_id is not None and category_id != "":
        ident = record_id(category_id)
        if ident is None or db.get(Category, ident) is None:
            raise ValidationFailed("categoryId", "Catégorie introuvable")
        below = {ident}
        for _ in range(MAX_LEVEL - 1):
            below |= set(
                db.exec(select(Category.id).where(col(Category.parent_id).in_(below))).all()
            )
        where.append(col(Article.category_id).in_(sorted(i for i in below if i is not None)))
    if status is not None and status != "":
        where.append(
            col(Article.status) == check_choice(status, STATUSES, field="status", label="statut")
        )
    total = db.exec(select(func.count()).select_from(Article).where(*where)).one()
    rows = db.exec(
        select(Article)
        .where(*where)
        .order_by(col(Article.id).desc())
        .offset((number - 1) * per_page)
        .limit(per_page)
    ).all()
    names = _category_names(db, {a.category_id for a in rows})
    items = [
        ArticleRowDict(
            id=a.id or 0,
            name=a.name,
            sku=a.sku or "",
            brand=a.brand or "",
            price=decimal_string(a.price),
            salePrice=_money(a.sale_price),
            status=a.status,
            categoryId=a.category_id,
            categoryName=names.get(a.category_id or 0, ""),
            imageUrl=(a.image_urls or [""])[0],
        )
        for a in rows
    ]
    return Page(items=items, total=int(total), page=number, size=per_page)


def _nutritions(db: Session, article_id: int) -> list[NutritionDict]:
    rows = db.exec(
        select(Nutrition).where(col(Nutrition.article_id) == article_id).order_by(col(Nutrition.id))
    ).all()
    return [NutritionDict(name=n.name, value=_measure(n.value) or "0", unit=n.unit) for n in rows]


def _detail(db: Session, a: Article) -> AdminArticleDict:
    assert a.id is not None
    return AdminArticleDict(
        id=a.id,
        key=a.key,
        name=a.name,
        description=a.description or "",
        price=decimal_string(a.price),
        salePrice=_money(a.sale_price),
        originalPrice=_money(a.original_price),
        weight=a.weight or "",
        lengthCm=_measure(a.length_cm),
        widthCm=_measure(a.width_cm),
        heightCm=_measure(a.height_cm),
        brand=a.brand or "",
        origin=a.origin or "",
        productQuality=a.product_quality or "",
        sku=a.sku or "",
        savings=a.savings or "",
        promotion=a.promotion or "",
        express=a.express,
        isNew=a.is_new,
        isOrganic=a.is_organic,
        isLocal=a.is_local,
        status=a.status,
        categoryId=a.category_id,
        categoryName=_category_names(db, {a.category_id}).get(a.category_id or 0, ""),
        imageUrl=(a.image_urls or [""])[0],
        imageUrls=list(a.image_urls or []),
        nutritions=_nutritions(db, a.id),
        translations=stored_texts(db, "article", [a.id]).get(a.id, {}),
        updatedAt=a.updated_at.isoformat() if a.updated_at else None,
    )


def article_detail(db: Session, actor: User, article_id: Any) -> AdminArticleDict:
    access.require(actor, "catalogue")
    return _detail(db, _article(db, article_id))


# --- checking ---------------------------------------------------------------------------------


def _amount(value: Any, field: str, label: str, *, optional: bool) -> Decimal | None:
    """An amount in XOF: whole francs above 0 (None when optional and blank)."""
    if value is None or (isinstance(value, str) and not value.strip()):
        if optional:
            return None
        raise ValidationFailed(field, f"Le champ {label} est obligatoire", key="errors.required")
    message = f"Le {label} doit être un nombre entier de francs CFA supérieur à 0"
    number = check_range(
        value, field=field, low=1, high=float(MAX_AMOUNT), message=message, key="errors.amount"
    )
    amount = Decimal(str(value).strip()) if isinstance(value, str) else Decimal(str(number))
    if amount != round_for(amount, "XOF"):
        raise ValidationFailed(field, message, key="errors.amount")
    return round_for(amount, "XOF")


def _dimension(value: Any, field: str) -> Decimal | None:
    message = f"Une dimension est un nombre de centimètres de 0,1 à {DIMENSION_MAX}"
    if isinstance(value, str):
        value = value.replace(",", ".")
    number = check_range(
        value, field=field, low=0.1, high=DIMENSION_MAX, message=message, key="errors.dimension"
    )
    return None if number is None else Decimal(str(number)).quantize(Decimal("0.01"))


def _category_id(db: Session, value: Any) -> int:
    ident = record_id(value)
    found = db.get(Category, ident) if ident is not None else None
    if found is None or found.level != MAX_LEVEL:
        raise ValidationFailed("categoryId", "Choisissez une catégorie de niveau 3")
    return ident  # type: ignore[return-value]


def _nutrition_lines(value: Any) -> list[tuple[str, Decimal, str]]:
    """[{name, value, unit}, …]: the article's whole set of nutrition lines."""
    if not isinstance(value, list) or len(value) > NUTRITION_MAX_LINES:
        raise ValidationFailed(
            "nutritions", f"Les valeurs nutritionnelles sont une liste de {NUTRITION_MAX_LINES} "
            "lignes au plus",
        )  # fmt: skip
    out = []
    for index, line in enumerate(value):
        field = f"nutritions.{index}"
        if not isinstance(line, dict) or set(line) - {"name", "value", "unit"}:
            raise ValidationFailed(field, "Ligne nutritionnelle invalide")
        name = required_text(line.get("name"), f"{field}.name", "nutriment", NUTRITION_NAME_MAX)
        raw = line.get("value")
        if isinstance(raw, str):
            raw = raw.replace(",", ".")
        number = check_range(
            raw,
            field=f"{field}.value",
            low=0,
            high=NUTRITION_VALUE_MAX,
            message=f"La valeur d'un nutriment est un nombre de 0 à {NUTRITION_VALUE_MAX}",
            key="errors.nutrition",
        )
        if number is None:
            raise ValidationFailed(f"{field}.value", "La valeur du nutriment est obligatoire")
        unit = check_choice(line.get("unit"), NUTRITION_UNITS, field=f"{field}.unit", label="unité")
        out.append((name, Decimal(str(number)).quantize(Decimal("0.01")), unit))
    return out


def _checked(db: Session, fields: dict[str, Any], *, creating: bool) -> dict[str, Any]:
    """The camelCase fields given, checked (every required one when creating)."""
    out: dict[str, Any] = {}
    if creating or "name" in fields:
        out["name"] = required_text(fields.get("name"), "name", "nom", NAME_MAX)
    if creating or "price" in fields:
        out["price"] = _amount(fields.get("price"), "price", "prix", optional=False)
    for name, label in (("salePrice", "prix soldé"), ("originalPrice", "prix d'origine")):
        if name in fields:
            out[name] = _amount(fields[name], name, label, optional=True)
    if creating or "categoryId" in fields:
        out["categoryId"] = _category_id(db, fields.get("categoryId"))
    for name in ("lengthCm", "widthCm", "heightCm"):
        if name in fields:
            out[name] = _dimension(fields[name], name)
    if "status" in fields:
        out["status"] = check_choice(fields["status"], STATUSES, field="status", label="statut")
    if "description" in fields:
        out["description"] = text(fields["description"], "description", "description",
                                  DESCRIPTION_MAX)  # fmt: skip
    for name, (label, limit) in TEXTS.items():
        if name in fields:
            out[name] = text(fields[name], name, label, limit)
    for name, label in FLAGS.items():
        if name in fields:
            out[name] = check_bool(fields[name], field=name, label=label)
    return out


def _check_prices(a: Article) -> None:
    """The rules between the three prices, on the values the article will have."""
    if a.sale_price is not None and a.sale_price >= a.price:
        raise ValidationFailed("salePrice", "Le prix soldé doit être inférieur au prix")
    paid = a.sale_price if a.sale_price is not None else a.price
    if a.original_price is not None and a.original_price <= paid:
        raise ValidationFailed(
            "originalPrice", "Le prix d'origine doit être supérieur au prix payé par le client"
        )


def _check_sku(db: Session, sku: str | None, article_id: int | None) -> None:
    if not sku:
        return
    other = db.exec(
        select(Article.id).where(col(Article.sku) == sku, col(Article.id) != (article_id or 0))
    ).first()
    if other is not None:
        raise ValidationFailed("sku", "Ce SKU est déjà celui d'un autre article")


# --- writing ----------------------------------------------------------------------------------


def _values(a: Article) -> dict[str, Any]:
    """The audited fields as the API writes them (money as decimal strings)."""
    out: dict[str, Any] = {}
    for field, column in COLUMNS.items():
        value = getattr(a, column)
        out[field] = _money(value) if isinstance(value, Decimal) else value
    return out


def _nutrition_values(db: Session, article_id: int) -> list[dict[str, str]]:
    return [dict(n) for n in _nutritions(db, article_id)]


def _write(
    db: Session, actor: User, a: Article, fields: dict[str, Any], *, creating: bool
) -> Article:
    """Check and apply `fields` to `a` (new or stored), with translations and nutrition,
    audit the change, reindex and bump the version."""
    write_lock(db, Article, _WRITE_LOCK)
    if not creating:
        db.refresh(a)  # as it is now that the writers wait for this one
    values = _checked(db, fields, creating=creating)
    texts = clean_translations(fields.get("translations"), with_description=True)
    lines = _nutrition_lines(fields["nutritions"]) if fields.get("nutritions") is not None else None
    old = {} if creating else _values(a)
    old_lines = [] if creating or a.id is None else _nutrition_values(db, a.id)
    for field, value in values.items():
        setattr(a, COLUMNS[field], value)
    _check_prices(a)
    _check_sku(db, a.sku, a.id)
    if creating:
        a.key = new_key(db, Article, a.name, 160)
    a.updated_at = utcnow()
    db.add(a)
    db.flush()
    assert a.id is not None
    before, after = changed(old, _values(a)) if not creating else ({}, _values(a))
    old_texts = {} if creating else stored_texts(db, "article", [a.id]).get(a.id, {})
    text_before, text_after = put_texts(db, "article", a.id, old_texts, texts)
    before, after = {**before, **text_before}, {**after, **text_after}
    if lines is not None:
        db.exec(sa.delete(Nutrition).where(col(Nutrition.article_id) == a.id))
        for name, amount, unit in lines:
            db.add(Nutrition(article_id=a.id, name=name, value=amount, unit=unit))
        db.flush()
        new_lines = _nutrition_values(db, a.id)
        if new_lines != old_lines:
            before["nutritions"], after["nutritions"] = old_lines, new_lines
    if creating or after:
        audit.record(
            db,
            actor,
            "article.create" if creating else "article.update",
            "article",
            a.id,
            label=a.name,
            before=before,
            after=after,
        )
        search_index.reindex_articles(db, [a.id])
        bump_version(db)
    db.flush()
    return a


def create_article(db: Session, actor: User, fields: dict[str, Any]) -> AdminArticleDict:
    """A new article: `name`, `price` and `categoryId` (level 3) required; the other fields
    optional; status ACTIVE unless told. Audited "article.create"."""
    access.require(actor, "catalogue")
    article = Article(key="", name="", price=Decimal(0), image_urls=[], required_licenses=[])
    return _detail(db, _write(db, actor, article, fields, creating=True))


def update_article(
    db: Session, actor: User, article_id: Any, fields: dict[str, Any]
) -> AdminArticleDict:
    """Change the fields given (left out: unchanged; null clears an optional one;
    `nutritions` replaces the whole set; `translations` the languages given). Audited
    "article.update" with the changed fields only; nothing changed, nothing recorded."""
    access.require(actor, "catalogue")
    article = _article(db, article_id)
    return _detail(db, _write(db, actor, article, fields, creating=False))
