"""Catalogue reads: category tree, sections, promotions, article pages and details.

Rules from spec 001 §2 (home, category page, full products, product detail), §3 (entities) and
§5 (banner promotions, category-bar sorting). Every function takes a Session and returns the
camelCase dicts of `grocer.services.serializers`; the API caches their JSON
(`grocer.services.catalogue_cache`), the Reflex states may call them directly.

Reads go through SQLAlchemy Core rows (not ORM instances): at 50,000 articles the per-object
ORM cost is most of a request's budget. Paging is done in SQL (LIMIT/OFFSET and COUNT) so no
call ever materialises an unbounded list: "Tout voir" in the UI asks for pages of up to
`MAX_PAGE_SIZE` (100) articles, never for "all".

Sorts (`SORTS`):
- ``popular`` (Most Popular): popularity descending.
- ``rating`` (Expert Rating): rating descending (unrated last), then popularity descending.
- ``sale`` (Sale): articles on sale first, biggest discount percentage first, then popularity.
- ``price_asc`` / ``price_desc``: by effective price (sale price when set, else price).
Ties are broken by id so that pages never overlap.
"""

from __future__ import annotations

import unicodedata
from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from datetime import UTC, date, datetime
from typing import Any

import sqlalchemy as sa
from sqlalchemy import ColumnElement, func, select
from sqlmodel import Session

from grocer.models import Article, Category, Nutrition, Promotion, Section, SectionArticle
from grocer.models.constants import DEFAULT_LANGUAGE, MAX_ID
from grocer.services import serializers as ser
from grocer.services import translations
from grocer.services.errors import NotFound, ValidationFailed

A: sa.Table = Article.__table__  # type: ignore[assignment]
C: sa.Table = Category.__table__  # type: ignore[assignment]
N: sa.Table = Nutrition.__table__  # type: ignore[assignment]
P: sa.Table = Promotion.__table__  # type: ignore[assignment]
S: sa.Table = Section.__table__  # type: ignore[assignment]
SA: sa.Table = SectionArticle.__table__  # type: ignore[assignment]

#: Articles with another status exist (drafts, withdrawn) but are not listed.
LISTED_STATUS = "ACTIVE"
DEFAULT_PAGE_SIZE = 18  # spec §9: articles per page
MAX_PAGE_SIZE = 100
RELATED_LIMIT = 6  # spec §9: related products up to 6
#: Articles carried by a section in the sections calls; "View all" pages through the rest.
SECTION_ARTICLE_LIMIT = 24
SORTS = ("popular", "rating", "sale", "price_asc", "price_desc")
SHOP_BY = ("sale", "new", "organic", "local")
#: Ids are 32-bit integers on PostgreSQL; a larger one cannot exist (404, not a 500).

_PRODUCT_NOT_FOUND = "Produit non trouvé"
_LIGATURES = str.maketrans({"œ": "oe", "Œ": "OE", "æ": "ae", "Æ": "AE"})


# --- pure rules ---------------------------------------------------------------------------


def french_sort_key(name: str) -> tuple[str, str]:
    """Collation key for French names ignoring accents and case ("Épices" sorts with "epices").

    Locale-free (no dependency on the machine's locales): NFKD, drop combining marks, casefold.
    The original string breaks ties so that the order is total and stable.
    """
    decomposed = unicodedata.normalize("NFKD", name.translate(_LIGATURES))
    base = "".join(ch for ch in decomposed if not unicodedata.combining(ch))
    return base.casefold().strip(), name


def has_text(p: ser.Record) -> bool:
    """A promotion the shop can show says something: a non-empty description or name."""
    return bool((p.description or "").strip() or (p.name or "").strip())


def is_banner_promotion(p: ser.Record) -> bool:
    """Spec §5: kept only if displayOnBanner and active, with a non-empty description or name."""
    return bool(p.display_on_banner) and bool(p.active) and has_text(p)


def runs_on(p: ser.Record, today: date) -> bool:
    """A promotion runs from its first day (`starts_on`) to its last (`end_date`), both
    included and both optional; outside them the storefront does not show it. Shop time is
    UTC: the caller passes the day of its clock."""
    starts, ends = getattr(p, "starts_on", None), getattr(p, "end_date", None)
    return (starts is None or starts <= today) and (ends is None or today <= ends)


def shop_today(now: datetime | None = None) -> date:
    """The shop's day (UTC) at `now`, by default the present."""
    return (now or datetime.now(UTC)).astimezone(UTC).date()


def parse_id_list(raw: str | None, field: str = "categoryIds") -> list[int] | None:
    """A comma-joined id list from a query string ("3,7"); None when absent or blank."""
    if raw is None or not raw.strip():
        return None
    try:
        return [int(part) for part in raw.split(",") if part.strip()]
    except ValueError:
        raise ValidationFailed(
            field,
            f"{field} doit être une liste d'identifiants séparés par des virgules",
            key="catalogue.errors.invalidIds",
        ) from None


def page_count(total: int, size: int) -> int:
    """Number of pages of `size` holding `total` items (0 when there is nothing)."""
    return -(-total // size)


@dataclass(frozen=True)
class PageQuery:
    """A validated, normalised article-page request (frozen and hashable)."""

    category_id: int | None = None
    section_id: int | None = None
    page: int = 1
    size: int = DEFAULT_PAGE_SIZE
    sort: str = "popular"
    shop_by: tuple[str, ...] = ()
    brands: tuple[str, ...] = ()
    origins: tuple[str, ...] = ()


def _clean_values(values: Iterable[str]) -> tuple[str, ...]:
    return tuple(sorted({v.strip() for v in values if v and v.strip()}))


def page_query(
    *,
    category_id: int | None = None,
    section_id: int | None = None,
    page: int = 1,
    size: int = DEFAULT_PAGE_SIZE,
    sort: str = "popular",
    shop_by: Iterable[str] = (),
    brands: Iterable[str] = (),
    origins: Iterable[str] = (),
) -> PageQuery:
    """Validate paging, sort and filters (400 on nonsense); sizes above 100 are capped."""
    if page < 1:
        raise ValidationFailed(
            "page", "page doit être un entier supérieur ou égal à 1", key="catalogue.errors.page"
        )
    if size < 1:
        raise ValidationFailed(
            "size",
            f"size doit être un entier entre 1 et {MAX_PAGE_SIZE}",
            key="catalogue.errors.size",
        )
    sort = (sort or "popular").strip().lower()
    if sort not in SORTS:
        raise ValidationFailed(
            "sort", f"sort doit être l'un de : {', '.join(SORTS)}", key="catalogue.errors.sort"
        )
    shop = _clean_values(v.lower() for v in shop_by)
    unknown = [v for v in shop if v not in SHOP_BY]
    if unknown:
        raise ValidationFailed(
            "shopBy",
            f"shopBy doit être parmi : {', '.join(SHOP_BY)}",
            key="catalogue.errors.shopBy",
        )
    return PageQuery(
        category_id=category_id,
        section_id=section_id,
        page=page,
        size=min(size, MAX_PAGE_SIZE),
        sort=sort,
        shop_by=shop,
        brands=_clean_values(brands),
        origins=_clean_values(origins),
    )


# --- SQL building blocks --------------------------------------------------------------------

_ARTICLE_FROM = A.outerjoin(C, A.c.category_id == C.c.id)
_ARTICLE_COLUMNS = (*A.c, C.c.name.label("category_name"))
# Statements built once: coercing ~35 columns on every call was most of an article lookup.
_ARTICLES = select(*_ARTICLE_COLUMNS).select_from(_ARTICLE_FROM)
_ARTICLE_BY_ID = _ARTICLES.where(A.c.id == sa.bindparam("article_id"))
_NUTRITION_OF = (
    select(N).where(N.c.article_id.in_(sa.bindparam("ids", expanding=True))).order_by(N.c.id)
)
_NUTRITION_OF_ONE = select(N).where(N.c.article_id == sa.bindparam("article_id")).order_by(N.c.id)
_EFFECTIVE_PRICE = func.coalesce(A.c.sale_price, A.c.price)
_STRUCK_PRICE = func.coalesce(A.c.original_price, A.c.price)
_DISCOUNT_RATIO = (_STRUCK_PRICE - A.c.sale_price) / func.nullif(_STRUCK_PRICE, 0)
_ON_SALE = A.c.sale_price.is_not(None)

_ORDER_BY: dict[str, tuple[Any, ...]] = {
    "popular": (A.c.popularity.desc(), A.c.id),
    "rating": (func.coalesce(A.c.rating, -1).desc(), A.c.popularity.desc(), A.c.id),
    "sale": (
        sa.case((_ON_SALE, 0), else_=1),
        func.coalesce(_DISCOUNT_RATIO, 0).desc(),
        A.c.popularity.desc(),
        A.c.id,
    ),
    "price_asc": (_EFFECTIVE_PRICE, A.c.id),
    "price_desc": (_EFFECTIVE_PRICE.desc(), A.c.id),
}

_SHOP_BY_CONDITION: dict[str, ColumnElement[bool]] = {
    "sale": _ON_SALE,
    "new": A.c.is_new.is_(True),
    "organic": A.c.is_organic.is_(True),
    "local": A.c.is_local.is_(True),
}


def _valid_id(value: int | None) -> bool:
    return value is not None and 0 < value <= MAX_ID


def parse_id(value: Any) -> int:
    """A catalogue id from an address (query value or path segment), else 0."""
    try:
        number = int(str(value).strip())
    except (TypeError, ValueError):
        return 0
    return number if _valid_id(number) else 0


def first_subcategory_id(category: dict[str, Any]) -> int:
    """The level-2 category a level-1 page opens on: its first visible child (spec 001 §2),
    else 0."""
    return next((int(c["id"]) for c in category.get("children") or [] if c.get("id")), 0)


def _article_dicts(db: Session, rows: Sequence[sa.Row[Any]]) -> list[dict[str, Any]]:
    """Article rows (with `category_name`) → dicts, nutrition fetched in one query for all."""
    if not rows:
        return []
    nutrition = ser.group_by(
        db.execute(_NUTRITION_OF, {"ids": [r.id for r in rows]}).all(),
        "article_id",
    )
    return [
        ser.article_dict(r, category_name=r.category_name, nutritions=nutrition.get(r.id, ()))
        for r in rows
    ]


def _with_descendants(db: Session, ids: Sequence[int]) -> list[int]:
    """The given category ids and every category below them (levels are at most 3 deep)."""
    ids = [i for i in ids if _valid_id(i)]
    if not ids:
        return []
    children = select(C.c.id).where(C.c.parent_id.in_(ids))
    q = select(C.c.id).where(
        sa.or_(C.c.id.in_(ids), C.c.parent_id.in_(ids), C.c.parent_id.in_(children))
    )
    return list(db.execute(q).scalars())


def _category_scope(db: Session, category_id: int) -> list[int]:
    """A category and its descendants; NotFound when the category does not exist."""
    if not _valid_id(category_id):
        raise NotFound("Catégorie introuvable", key="catalogue.errors.categoryNotFound")
    ids = _with_descendants(db, [category_id])
    if category_id not in ids:
        raise NotFound("Catégorie introuvable", key="catalogue.errors.categoryNotFound")
    return ids


def _section_row(db: Session, section_id: int) -> sa.Row[Any]:
    row = (
        db.execute(select(S).where(S.c.id == section_id)).first() if _valid_id(section_id) else None
    )
    if row is None:
        raise NotFound("Section introuvable", key="catalogue.errors.sectionNotFound")
    return row


# --- categories -----------------------------------------------------------------------------


def _child_order(row: sa.Row[Any]) -> tuple[Any, ...]:
    """Level 3 by name only (spec §5); levels 1 and 2 by displayOrder, then name."""
    if row.level >= 3:
        return (french_sort_key(row.name),)
    return (row.display_order, french_sort_key(row.name))


def _subtree(row: sa.Row[Any], children_of: dict[int | None, list[sa.Row[Any]]]) -> dict[str, Any]:
    kids = sorted(children_of.get(row.id, []), key=_child_order) if row.level < 3 else []
    return ser.category_dict(row, [_subtree(kid, children_of) for kid in kids])


def _visible_children(rows: Iterable[sa.Row[Any]]) -> dict[int | None, list[sa.Row[Any]]]:
    children_of: dict[int | None, list[sa.Row[Any]]] = {}
    for row in rows:
        if row.can_display_on_ui:
            children_of.setdefault(row.parent_id, []).append(row)
    return children_of


def category_tree(db: Session, lang: str = DEFAULT_LANGUAGE) -> list[dict[str, Any]]:
    """The category bar: visible level-1 categories with visible children two levels down.

    A hidden category hides its whole subtree (its children have no visible parent to hang on).
    """
    rows = db.execute(select(C).where(C.c.can_display_on_ui.is_(True))).all()
    children_of = _visible_children(rows)
    roots = [r for r in rows if r.level == 1]
    tree = [_subtree(r, children_of) for r in sorted(roots, key=_child_order)]
    return translations.categories(db, tree, lang)


def get_category(db: Session, category_id: int, lang: str = DEFAULT_LANGUAGE) -> dict[str, Any]:
    """One category (even a hidden one) with its visible subtree and `path` from the top."""
    rows = db.execute(select(C)).all()
    by_id = {r.id: r for r in rows}
    row = by_id.get(category_id)
    if row is None:
        raise NotFound("Catégorie introuvable", key="catalogue.errors.categoryNotFound")
    path: list[dict[str, Any]] = []
    node: sa.Row[Any] | None = row
    while node is not None and len(path) < 3:
        path.insert(0, {"id": node.id, "name": node.name, "level": node.level})
        node = by_id.get(node.parent_id)
    found = {**_subtree(row, _visible_children(rows)), "path": path}
    return translations.categories(db, [found], lang)[0]


# --- sections -------------------------------------------------------------------------------


def _section_articles(
    db: Session, section_ids: Sequence[int], limit: int = SECTION_ARTICLE_LIMIT
) -> dict[int, list[dict[str, Any]]]:
    """The listed articles of each section in position order, at most `limit` per section."""
    if not section_ids:
        return {}
    rank = (
        func.row_number()
        .over(partition_by=SA.c.section_id, order_by=(SA.c.position, SA.c.article_id))
        .label("rank")
    )
    members = (
        select(SA.c.section_id, SA.c.article_id, rank)
        .select_from(SA.join(A, A.c.id == SA.c.article_id))
        .where(SA.c.section_id.in_(section_ids), A.c.status == LISTED_STATUS)
        .subquery()
    )
    rows = db.execute(
        select(*_ARTICLE_COLUMNS, members.c.section_id)
        .select_from(_ARTICLE_FROM.join(members, members.c.article_id == A.c.id))
        .where(members.c.rank <= limit)
        .order_by(members.c.section_id, members.c.rank)
    ).all()
    dicts = _article_dicts(db, rows)
    out: dict[int, list[dict[str, Any]]] = {}
    for row, article in zip(rows, dicts, strict=True):
        out.setdefault(row.section_id, []).append(article)
    return out


def sections(
    db: Session,
    *,
    articles_only: bool = False,
    active: bool | None = True,
    category_ids: list[int] | None = None,
    lang: str = DEFAULT_LANGUAGE,
) -> list[dict[str, Any]]:
    """Merchandising sections by displayOrder (default 0), then id.

    Without `category_ids`: the home sections (those attached to no category). With them: the
    sections of those categories and of their descendants. `active` None means both states.
    `articles_only` keeps only the sections that have at least one listed article.
    """
    q = select(S).order_by(S.c.display_order, S.c.id)
    if active is not None:
        q = q.where(S.c.active.is_(active))
    if category_ids is None:
        q = q.where(S.c.category_id.is_(None))
    else:
        q = q.where(S.c.category_id.in_(_with_descendants(db, category_ids)))
    rows = db.execute(q).all()
    articles = _section_articles(db, [r.id for r in rows])
    found = [
        ser.section_dict(r, articles.get(r.id, []))
        for r in rows
        if not articles_only or articles.get(r.id)
    ]
    return translations.sections(db, found, lang)


def get_section(db: Session, section_id: int, lang: str = DEFAULT_LANGUAGE) -> dict[str, Any]:
    row = _section_row(db, section_id)
    found = ser.section_dict(row, _section_articles(db, [row.id]).get(row.id, []))
    return translations.sections(db, [found], lang)[0]


# --- promotions -----------------------------------------------------------------------------


def _running(
    db: Session, where: Sequence[ColumnElement[bool]], day: date, lang: str
) -> list[dict[str, Any]]:
    """The promotions matching `where` that run on `day` and say something, by id, in `lang`."""
    rows = db.execute(select(P).where(*where).order_by(P.c.id)).all()
    found = [ser.promotion_dict(r) for r in rows if runs_on(r, day) and has_text(r)]
    return translations.promotions(db, found, lang)


def banner_promotions(
    db: Session, lang: str = DEFAULT_LANGUAGE, today: date | None = None
) -> list[dict[str, Any]]:
    """The rotating promotion banner (spec §5 rule in `is_banner_promotion`), on `today` (the
    shop's day by default) only those that run then (`runs_on`)."""
    on_banner = (P.c.display_on_banner.is_(True), P.c.active.is_(True))
    return _running(db, on_banner, today or shop_today(), lang)


def promotions(
    db: Session,
    *,
    category_id: int | None = None,
    active: bool | None = None,
    lang: str = DEFAULT_LANGUAGE,
) -> list[dict[str, Any]]:
    """Promotions, optionally of one category (and its descendants) and of one state."""
    q = select(P).order_by(P.c.id)
    if category_id is not None:
        q = q.where(P.c.category_id.in_(_category_scope(db, category_id)))
    if active is not None:
        q = q.where(P.c.active.is_(active))
    return translations.promotions(db, [ser.promotion_dict(r) for r in db.execute(q).all()], lang)


def page_promotions(
    db: Session, category_id: int | None, lang: str = DEFAULT_LANGUAGE, today: date | None = None
) -> list[dict[str, Any]]:
    """The category page's promotion banner (001 §2): the main category's active promotions
    that run `today`, else the shop's banner promotions; only those with a description or a
    name."""
    day = today or shop_today()
    found: list[dict[str, Any]] = []
    if category_id:
        scope = (P.c.category_id.in_(_category_scope(db, category_id)), P.c.active.is_(True))
        found = _running(db, scope, day, lang)
    return found or banner_promotions(db, lang, day)


#: "Fresh Deals" (001 §2: the category page without a main category): title key and the
#: category keys tried in turn for each carousel (the first the catalogue has wins).
FRESH_DEALS: tuple[tuple[str, tuple[str, ...]], ...] = (
    ("catalogue:bakeryOnSale", ("boulangerie", "boulangerie-petit-dejeuner")),
    ("catalogue:beerOnSale", ("sodas-bieres", "boissons-locales", "boissons")),
    ("catalogue:wineOnSale", ("vins", "boissons-locales", "boissons")),
)
FRESH_DEALS_SIZE = 6


def _visible_ids_by_key(db: Session) -> dict[str, int]:
    """Every category the category bar shows, by key."""
    by_key: dict[str, int] = {}
    stack = category_tree(db)
    while stack:
        node = stack.pop()
        by_key[str(node["key"])] = int(node["id"])
        stack.extend(node["children"])
    return by_key


def fresh_deals(db: Session, lang: str = DEFAULT_LANGUAGE) -> list[dict[str, Any]]:
    """The "Fresh Deals" carousels: for each sample, up to 6 articles of its category, the
    best sales first; samples whose category is missing or empty are left out."""
    by_key = _visible_ids_by_key(db)
    deals = []
    for title_key, keys in FRESH_DEALS:
        category_id = next((by_key[k] for k in keys if k in by_key), None)
        if category_id is None:
            continue
        query = page_query(category_id=category_id, sort="sale", size=FRESH_DEALS_SIZE)
        page = articles_page(db, query, lang)
        if page["items"]:
            deals.append({"titleKey": title_key, "articles": page["items"]})
    return deals


# --- articles -------------------------------------------------------------------------------


def _scope_conditions(
    db: Session, category_id: int | None, section_id: int | None
) -> list[ColumnElement[bool]]:
    conditions: list[ColumnElement[bool]] = [A.c.status == LISTED_STATUS]
    if category_id is not None:
        conditions.append(A.c.category_id.in_(_category_scope(db, category_id)))
    if section_id is not None:
        _section_row(db, section_id)
        members = select(SA.c.article_id).where(SA.c.section_id == section_id)
        conditions.append(A.c.id.in_(members))
    return conditions


def _facets(db: Session, scope: list[ColumnElement[bool]]) -> dict[str, Any]:
    """What the Refine dialog can offer within the scope (before the shopper's own filters).

    Brands and origins come from one DISTINCT over a covering index; each shop-by flag is an
    EXISTS that stops at the first matching article.
    """
    pairs = db.execute(select(A.c.brand, A.c.origin).where(*scope).distinct()).all()
    flags = db.execute(
        select(
            *(sa.exists().where(*scope, cond).label(n) for n, cond in _SHOP_BY_CONDITION.items())
        )
    ).one()
    return {
        "brands": sorted({b for b, _ in pairs if b}, key=french_sort_key),
        "origins": sorted({o for _, o in pairs if o}, key=french_sort_key),
        "shopBy": [name for name in SHOP_BY if getattr(flags, name)],
    }


def articles_page(db: Session, q: PageQuery, lang: str = DEFAULT_LANGUAGE) -> dict[str, Any]:
    """One page of the listed articles `q` asks for (`page_query` builds and checks it):
    {items, total, page, size, pages, sort, facets}.

    `category_id` covers the category's descendants (a level-1 id lists its level-3 articles).
    Filters: shop_by values are combined with AND, brands and origins each with OR.
    A page past the end is empty but still carries the totals.
    """
    scope = _scope_conditions(db, q.category_id, q.section_id)
    conditions = [*scope, *(_SHOP_BY_CONDITION[v] for v in q.shop_by)]
    if q.brands:
        conditions.append(A.c.brand.in_(q.brands))
    if q.origins:
        conditions.append(A.c.origin.in_(q.origins))
    total = db.execute(select(func.count()).select_from(A).where(*conditions)).scalar_one()
    rows = db.execute(
        _ARTICLES.where(*conditions)
        .order_by(*_ORDER_BY[q.sort])
        .limit(q.size)
        .offset((q.page - 1) * q.size)
    ).all()
    return {
        "items": translations.articles(db, _article_dicts(db, rows), lang),
        "total": total,
        "page": q.page,
        "size": q.size,
        "pages": page_count(total, q.size),
        "sort": q.sort,
        "facets": _facets(db, scope),
    }


def _article_row(db: Session, article_id: int) -> sa.Row[Any]:
    row = (
        db.execute(_ARTICLE_BY_ID, {"article_id": article_id}).first()
        if _valid_id(article_id)
        else None
    )
    if row is None:
        raise NotFound(_PRODUCT_NOT_FOUND, key="catalogue.errors.productNotFound")
    return row


def get_article(db: Session, article_id: int, lang: str = DEFAULT_LANGUAGE) -> dict[str, Any]:
    """The product page: the article with nutrition, category and supplier (404 otherwise).

    Three plain reads (the article, its nutrition, its texts in `lang`): a random product page
    is nearly always a cache miss, so this is the commonest build of all."""
    row = _article_row(db, article_id)
    nutritions = db.execute(_NUTRITION_OF_ONE, {"article_id": row.id}).all()
    item = ser.article_dict(row, category_name=row.category_name, nutritions=nutritions)
    return translations.article(db, item, lang)


def listed_articles(
    db: Session, article_ids: Sequence[int], lang: str = DEFAULT_LANGUAGE
) -> list[dict[str, Any]]:
    """The listed articles among `article_ids`, in that order (others, and unknown ids, are
    left out): a shopper's own list of articles (favourites) drawn as the catalogue draws them."""
    wanted = [i for i in dict.fromkeys(article_ids) if _valid_id(i)]
    if not wanted:
        return []
    rows = db.execute(_ARTICLES.where(A.c.id.in_(wanted), A.c.status == LISTED_STATUS)).all()
    by_id = {row.id: row for row in rows}
    return translations.articles(
        db, _article_dicts(db, [by_id[i] for i in wanted if i in by_id]), lang
    )


def related_articles(
    db: Session, article_id: int, limit: int = RELATED_LIMIT, lang: str = DEFAULT_LANGUAGE
) -> list[dict[str, Any]]:
    """ "Vous pourriez aussi aimer": the most popular listed articles of the same category,
    never the article itself, at most 6."""
    row = _article_row(db, article_id)
    limit = max(0, min(limit, RELATED_LIMIT))
    if row.category_id is None or limit == 0:
        return []
    rows = db.execute(
        _ARTICLES.where(
            A.c.category_id == row.category_id,
            A.c.id != row.id,
            A.c.status == LISTED_STATUS,
        )
        .order_by(*_ORDER_BY["popular"])
        .limit(limit)
    ).all()
    return translations.articles(db, _article_dicts(db, rows), lang)


# --- the sitemap ----------------------------------------------------------------------------


def listed_article_count(db: Session) -> int:
    """How many articles the shop lists (the sitemap's size)."""
    return int(db.execute(select(func.count()).where(A.c.status == LISTED_STATUS)).scalar_one())


def listed_article_dates(
    db: Session, offset: int = 0, limit: int | None = None
) -> list[tuple[int, datetime]]:
    """Listed articles' ids with their last change, by id: a page of the sitemap."""
    query = (
        select(A.c.id, A.c.updated_at)
        .where(A.c.status == LISTED_STATUS)
        .order_by(A.c.id)
        .offset(max(0, offset))
        .limit(limit)
    )
    return [(int(row.id), row.updated_at) for row in db.execute(query)]
