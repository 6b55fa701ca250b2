"""The home page in the back-office (admins only): its sections (title, description, order,
shown or not, the articles in them in order) and the banner's promotions (texts, dates, shown
or not, promo code, discount).

Every change is audited ("section.*", "promotion.*") and bumps the catalogue version in its
own transaction, so that every worker's cache drops its old answers and the storefront's home
shows the change at once. Sections and promotions are not in the search index (only articles
and categories are), so nothing is reindexed here. Pictures are saved by
`grocer.services.admin.pictures`.

Order changes are race-safe: a writer first takes the home's order lock (`_lock_order`), then
reads, then renumbers every row of the list 1..n, so two reorders at once run one after the
other and positions stay dense.
"""

from __future__ import annotations

import re
from datetime import date
from decimal import Decimal
from typing import Any

import sqlalchemy as sa
from sqlmodel import Session, col, func, select
from typing_extensions import TypedDict

from grocer.models import Article, Promotion, Section, SectionArticle, User
from grocer.services import catalogue
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
)
from grocer.services.admin.paging import Page, check_page, contains_pattern, search_text
from grocer.services.catalogue_cache import bump_version
from grocer.services.errors import Conflict, NotFound, ValidationFailed
from grocer.services.money import MAX_AMOUNT, decimal_string
from grocer.services.pricing import normalise_code
from grocer.services.validation import check_bool, check_choice, record_id

#: A section's title and a promotion's name (their descriptions' limit, in every language, and
#: the translations' checks are the catalogue's: grocer.services.admin.categories).
TITLE_MAX = NAME_MAX
KEY_MAX = 160  # the key column's length
#: What the shop's pricing knows (grocer.services.pricing: SAVE10 a percentage of the
#: subtotal, NEW50 an amount off), as the demo catalogue writes them.
DISCOUNT_TYPES: tuple[str, ...] = ("PERCENT", "AMOUNT")
DIRECTIONS: tuple[str, ...] = ("up", "down")
_CODE = re.compile(r"[A-Z0-9][A-Z0-9_-]{1,39}")
_S: sa.Table = Section.__table__  # type: ignore[assignment]
_SA: sa.Table = SectionArticle.__table__  # type: ignore[assignment]


class AdminSectionDict(TypedDict):
    id: int
    key: str
    title: str
    description: str
    image: str
    displayOrder: int
    active: bool
    articles: int  # how many articles it holds
    translations: dict[str, TextsDict]


class SectionArticleDict(TypedDict):
    id: int
    name: str
    sku: str
    status: str
    image: str
    price: str
    position: int  # 1..n in the section


class AdminPromotionDict(TypedDict):
    id: int
    key: str
    name: str
    description: str
    imageUrl: str
    displayOnBanner: bool
    active: bool
    promoCode: str
    discountType: str
    discountValue: str | None
    startsOn: str | None
    endDate: str | None
    onBannerToday: bool  # what the storefront's banner shows today (catalogue's rules)
    translations: dict[str, TextsDict]


# --- shared checks ----------------------------------------------------------------------------


def _lock_order(db: Session) -> None:
    """Serialise the writers of the home's order (and of the sections' articles): PostgreSQL
    takes a transaction-scoped advisory lock (it also covers rows being inserted, which a row
    lock would not); SQLite has no row locks, so a no-op UPDATE takes its database write lock
    at once, before anything is read."""
    if db.get_bind().dialect.name == "sqlite":
        db.exec(sa.update(Section).where(col(Section.id) == 0).values(id=Section.id))
    else:
        db.exec(sa.select(sa.func.pg_advisory_xact_lock(_ORDER_LOCK)))


#: The advisory lock's number (any constant the shop uses for nothing else).
_ORDER_LOCK = 0x6F6D6531


# --- sections ---------------------------------------------------------------------------------


def _home_section(db: Session, section_id: Any) -> Section:
    ident = record_id(section_id, text=False)
    found = db.get(Section, ident) if ident is not None else None
    if found is None or found.category_id is not None:
        raise NotFound("Section introuvable", key="catalogue.errors.sectionNotFound")
    return found


def _home_sections(db: Session) -> list[Section]:
    return list(
        db.exec(
            select(Section)
            .where(col(Section.category_id).is_(None))
            .order_by(col(Section.display_order), col(Section.id))
        ).all()
    )


def _texts_of(db: Session, kind: str, ref_id: int) -> dict[str, TextsDict]:
    return stored_texts(db, kind, [ref_id]).get(ref_id, {})


def _section_dict(
    db: Session,
    section: Section,
    count: int | None = None,
    texts: dict[str, TextsDict] | None = None,
) -> AdminSectionDict:
    assert section.id is not None
    if count is None:
        count = _article_count(db, section.id)
    return AdminSectionDict(
        id=section.id,
        key=section.key,
        title=section.title,
        description=section.description or "",
        image=section.image or "",
        displayOrder=section.display_order,
        active=section.active,
        articles=count,
        translations=texts if texts is not None else _texts_of(db, "section", section.id),
    )


def _article_count(db: Session, section_id: int) -> int:
    return int(
        db.exec(
            select(func.count())
            .select_from(SectionArticle)
            .where(col(SectionArticle.section_id) == section_id)
        ).one()
    )


def list_sections(db: Session, actor: User) -> list[AdminSectionDict]:
    """Every home section, shown or not, in the storefront's order. Not paged: a home holds
    a handful of sections, and reordering them needs the whole list on one screen."""
    access.require(actor, "catalogue")
    rows = _home_sections(db)
    counts = dict(
        db.exec(
            select(SectionArticle.section_id, func.count())
            .where(col(SectionArticle.section_id).in_([s.id for s in rows]))
            .group_by(col(SectionArticle.section_id))
        ).all()
    )
    texts = stored_texts(db, "section", [s.id for s in rows if s.id is not None])
    return [_section_dict(db, s, int(counts.get(s.id, 0)), texts.get(s.id or 0, {})) for s in rows]


def section_detail(db: Session, actor: User, section_id: Any) -> AdminSectionDict:
    access.require(actor, "catalogue")
    return _section_dict(db, _home_section(db, section_id))


def _section_fields(fields: dict[str, Any], *, creating: bool) -> dict[str, Any]:
    """The checked values of the fields given (all of them when creating)."""
    out: dict[str, Any] = {}
    if creating or "title" in fields:
        out["title"] = required_text(fields.get("title"), "title", "titre")
    if "description" in fields:
        out["description"] = text(
            fields["description"], "description", "description", DESCRIPTION_MAX
        )
    if "active" in fields:
        out["active"] = check_bool(fields["active"], field="active", label="visible")
    return out


def _audit_section(
    db: Session, actor: User, action: str, section: Section, before: dict, after: dict
) -> None:
    assert section.id is not None
    audit.record(
        db, actor, action, "section", section.id, label=section.title, before=before, after=after
    )


def create_section(db: Session, actor: User, fields: dict[str, Any]) -> AdminSectionDict:
    """A new home section (title required), placed last; audited "section.create"."""
    access.require(actor, "catalogue")
    values = _section_fields(fields, creating=True)
    texts = clean_translations(fields.get("translations"), with_description=True)
    _lock_order(db)
    last = db.exec(
        select(func.max(Section.display_order)).where(col(Section.category_id).is_(None))
    ).one()
    section = Section(
        key=new_key(db, Section, values["title"], KEY_MAX),  # type: ignore[arg-type]
        title=values["title"],
        description=values.get("description"),
        active=values.get("active", True),
        display_order=int(last or 0) + 1,
    )
    db.add(section)
    db.flush()
    assert section.id is not None
    put_texts(db, "section", section.id, {}, texts)
    after = {
        "title": section.title,
        "description": section.description,
        "active": section.active,
        "displayOrder": section.display_order,
    }
    _audit_section(db, actor, "section.create", section, {}, after)
    bump_version(db)
    db.flush()
    return _section_dict(db, section, 0)


def update_section(
    db: Session, actor: User, section_id: Any, fields: dict[str, Any]
) -> AdminSectionDict:
    """Change the fields given (title, description, active, translations); audited
    "section.update" with the changed fields only."""
    access.require(actor, "catalogue")
    values = _section_fields(fields, creating=False)
    texts = clean_translations(fields.get("translations"), with_description=True)
    section = _home_section(db, section_id)
    assert section.id is not None
    old = {"title": section.title, "description": section.description, "active": section.active}
    old_texts = _texts_of(db, "section", section.id)
    for name, value in values.items():
        setattr(section, name, value)
    db.add(section)
    new = {"title": section.title, "description": section.description, "active": section.active}
    before, after = changed(old, new)
    texts_before, texts_after = put_texts(db, "section", section.id, old_texts, texts)
    before, after = {**before, **texts_before}, {**after, **texts_after}
    if after:
        _audit_section(db, actor, "section.update", section, before, after)
        bump_version(db)
    db.flush()
    return _section_dict(db, section)


def _renumber(db: Session, actor: User, ordered: list[Section]) -> None:
    """Positions 1..n in this order; each section whose position changes is audited."""
    for position, section in enumerate(ordered, start=1):
        if section.display_order != position:
            before = {"displayOrder": section.display_order}
            section.display_order = position
            db.add(section)
            _audit_section(db, actor, "section.update", section, before, {"displayOrder": position})


def move_section(
    db: Session, actor: User, section_id: Any, direction: Any
) -> list[AdminSectionDict]:
    """One place up or down among the home sections (nothing at either end); the list as it
    now is."""
    access.require(actor, "catalogue")
    step = -1 if check_choice(direction, DIRECTIONS, field="direction", label="sens") == "up" else 1
    _lock_order(db)
    moved = _home_section(db, section_id)
    ordered = _home_sections(db)
    index = ordered.index(moved)
    other = index + step
    if 0 <= other < len(ordered):
        ordered[index], ordered[other] = ordered[other], ordered[index]
    _renumber(db, actor, ordered)
    bump_version(db)
    db.flush()
    return list_sections(db, actor)


def set_section_order(db: Session, actor: User, ids: Any) -> list[AdminSectionDict]:
    """The whole order at once: `ids` must name every home section once (409 when the list
    changed meanwhile: read it again)."""
    access.require(actor, "catalogue")
    if not isinstance(ids, list) or any(record_id(i, text=False) is None for i in ids):
        raise ValidationFailed("ids", "L'ordre est une liste d'identifiants de sections")
    _lock_order(db)
    by_id = {s.id: s for s in _home_sections(db)}
    if len(ids) != len(set(ids)) or set(ids) != set(by_id):
        raise Conflict(
            "La liste des sections a changé : rechargez-la", key="admin.errors.staleOrder"
        )
    _renumber(db, actor, [by_id[i] for i in ids])
    bump_version(db)
    db.flush()
    return list_sections(db, actor)


# --- the articles of a section ----------------------------------------------------------------


def _members(db: Session, section_id: int) -> list[SectionArticle]:
    return list(
        db.exec(
            select(SectionArticle)
            .where(col(SectionArticle.section_id) == section_id)
            .order_by(col(SectionArticle.position), col(SectionArticle.article_id))
        ).all()
    )


def _article_row(article: Article, position: int) -> SectionArticleDict:
    assert article.id is not None
    return SectionArticleDict(
        id=article.id,
        name=article.name,
        sku=article.sku or "",
        status=article.status,
        image=(article.image_urls or [""])[0],
        price=decimal_string(article.price),
        position=position,
    )


def section_articles(
    db: Session, actor: User, section_id: Any, *, page: Any = 1, size: Any = 20
) -> Page[SectionArticleDict]:
    """A page of the section's articles in their order (those not listed included: the
    storefront skips them)."""
    access.require(actor, "catalogue")
    number, per_page = check_page(page, size)
    section = _home_section(db, section_id)
    assert section.id is not None
    total = _article_count(db, section.id)
    rows = db.exec(
        select(Article, SectionArticle.position)
        .join(SectionArticle, col(SectionArticle.article_id) == col(Article.id))
        .where(col(SectionArticle.section_id) == section.id)
        .order_by(col(SectionArticle.position), col(SectionArticle.article_id))
        .offset((number - 1) * per_page)
        .limit(per_page)
    ).all()
    first = (number - 1) * per_page
    return Page(
        items=[_article_row(a, first + i + 1) for i, (a, _pos) in enumerate(rows)],
        total=total,
        page=number,
        size=per_page,
    )


def find_articles(
    db: Session, actor: User, *, q: Any = None, page: Any = 1, size: Any = 20
) -> Page[SectionArticleDict]:
    """Articles to add to a section, by name or SKU (any case), the best sellers first."""
    access.require(actor, "catalogue")
    number, per_page = check_page(page, size)
    words = search_text(q)
    where: list[sa.ColumnElement[bool]] = []
    if words:
        like = contains_pattern(words)
        where.append(
            sa.or_(
                func.lower(col(Article.name)).like(like, escape="\\"),
                func.lower(func.coalesce(col(Article.sku), "")).like(like, escape="\\"),
            )
        )
    total = db.exec(select(func.count()).select_from(Article).where(*where)).one()
    rows = db.exec(
        select(Article)
        .where(*where)
        .order_by(col(Article.popularity).desc(), col(Article.id))
        .offset((number - 1) * per_page)
        .limit(per_page)
    ).all()
    return Page(
        items=[_article_row(a, 0) for a in rows], total=int(total), page=number, size=per_page
    )


def _audit_members(
    db: Session, actor: User, section: Section, before: list[int], after: list[int]
) -> None:
    _audit_section(db, actor, "section.update", section, {"articles": before}, {"articles": after})
    bump_version(db)
    db.flush()


def _write_members(db: Session, section_id: int, article_ids: list[int]) -> None:
    """The section's articles are exactly these, at positions 1..n."""
    db.exec(sa.delete(SectionArticle).where(col(SectionArticle.section_id) == section_id))
    if article_ids:
        db.execute(
            sa.insert(SectionArticle),
            [
                {"section_id": section_id, "article_id": aid, "position": i}
                for i, aid in enumerate(article_ids, start=1)
            ],
        )


def _locked_members(db: Session, section_id: Any) -> tuple[Section, list[int]]:
    _lock_order(db)
    section = _home_section(db, section_id)
    assert section.id is not None
    return section, [m.article_id for m in _members(db, section.id)]


def add_section_article(
    db: Session, actor: User, section_id: Any, article_id: Any
) -> Page[SectionArticleDict]:
    """Add an article at the end of the section (409 when it is there already)."""
    access.require(actor, "catalogue")
    section, current = _locked_members(db, section_id)
    ident = record_id(article_id, text=False)
    if ident is None or db.get(Article, ident) is None:
        raise NotFound("Produit non trouvé", key="catalogue.errors.productNotFound")
    if ident in current:
        raise Conflict("Ce produit est déjà dans la section", key="admin.errors.alreadyInSection")
    assert section.id is not None
    _write_members(db, section.id, [*current, ident])
    _audit_members(db, actor, section, current, [*current, ident])
    return section_articles(db, actor, section.id, page=page_of(len(current) + 1))


def page_of(position: int, size: int = 20) -> int:
    """The page of a list of `size` rows showing the row at `position` (1-based)."""
    return max(1, -(-position // size))


def remove_section_article(
    db: Session, actor: User, section_id: Any, article_id: Any
) -> Page[SectionArticleDict]:
    """Take an article out of the section (404 when it is not in it)."""
    access.require(actor, "catalogue")
    section, current = _locked_members(db, section_id)
    index = _member_index(current, article_id)
    kept = current[:index] + current[index + 1 :]
    assert section.id is not None
    _write_members(db, section.id, kept)
    _audit_members(db, actor, section, current, kept)
    return section_articles(db, actor, section.id, page=page_of(min(index + 1, len(kept))))


def _member_index(current: list[int], article_id: Any) -> int:
    ident = record_id(article_id, text=False)
    if ident not in current:
        raise NotFound("Ce produit n'est pas dans la section", key="admin.errors.notInSection")
    return current.index(ident)


def move_section_article(
    db: Session, actor: User, section_id: Any, article_id: Any, direction: Any
) -> Page[SectionArticleDict]:
    """One place up or down in the section; the page where it now stands."""
    access.require(actor, "catalogue")
    step = -1 if check_choice(direction, DIRECTIONS, field="direction", label="sens") == "up" else 1
    section, current = _locked_members(db, section_id)
    index = _member_index(current, article_id)
    other = index + step
    ordered = list(current)
    assert section.id is not None
    if 0 <= other < len(ordered):
        ordered[index], ordered[other] = ordered[other], ordered[index]
        _write_members(db, section.id, ordered)
        _audit_members(db, actor, section, current, ordered)
    else:
        other = index
    return section_articles(db, actor, section.id, page=page_of(other + 1))


# --- promotions -------------------------------------------------------------------------------


def _promotion(db: Session, promotion_id: Any) -> Promotion:
    ident = record_id(promotion_id, text=False)
    found = db.get(Promotion, ident) if ident is not None else None
    if found is None:
        raise NotFound("Promotion introuvable", key="admin.errors.promotionNotFound")
    return found


def _promotion_values(p: Promotion) -> dict[str, Any]:
    """A promotion's fields as the audit trail and the API write them."""
    return {
        "name": p.name,
        "description": p.description,
        "displayOnBanner": p.display_on_banner,
        "active": p.active,
        "promoCode": p.promo_code,
        "discountType": p.discount_type,
        "discountValue": decimal_string(p.discount_value) if p.discount_value is not None else None,
        "startsOn": p.starts_on.isoformat() if p.starts_on else None,
        "endDate": p.end_date.isoformat() if p.end_date else None,
    }


def _promotion_dict(
    db: Session, p: Promotion, today: date, texts: dict[str, TextsDict] | None = None
) -> AdminPromotionDict:
    assert p.id is not None
    values = _promotion_values(p)
    return AdminPromotionDict(
        id=p.id,
        key=p.key,
        name=p.name,
        description=p.description or "",
        imageUrl=p.image_url or "",
        displayOnBanner=p.display_on_banner,
        active=p.active,
        promoCode=p.promo_code or "",
        discountType=p.discount_type or "",
        discountValue=values["discountValue"],
        startsOn=values["startsOn"],
        endDate=values["endDate"],
        onBannerToday=catalogue.is_banner_promotion(p) and catalogue.runs_on(p, today),
        translations=texts if texts is not None else _texts_of(db, "promotion", p.id),
    )


def list_promotions(
    db: Session,
    actor: User,
    *,
    q: Any = None,
    page: Any = 1,
    size: Any = 20,
    today: date | None = None,
) -> Page[AdminPromotionDict]:
    """Promotions, the newest first, by name or code; each says whether the storefront's
    banner shows it today."""
    access.require(actor, "catalogue")
    number, per_page = check_page(page, size)
    day = today or catalogue.shop_today()
    where: list[sa.ColumnElement[bool]] = []
    words = search_text(q)
    if words:
        like = contains_pattern(words)
        where.append(
            sa.or_(
                func.lower(col(Promotion.name)).like(like, escape="\\"),
                func.lower(func.coalesce(col(Promotion.promo_code), "")).like(like, escape="\\"),
            )
        )
    total = db.exec(select(func.count()).select_from(Promotion).where(*where)).one()
    rows = db.exec(
        select(Promotion)
        .where(*where)
        .order_by(col(Promotion.id).desc())
        .offset((number - 1) * per_page)
        .limit(per_page)
    ).all()
    texts = stored_texts(db, "promotion", [p.id for p in rows if p.id is not None])
    return Page(
        items=[_promotion_dict(db, p, day, texts.get(p.id or 0, {})) for p in rows],
        total=int(total),
        page=number,
        size=per_page,
    )


def promotion_detail(db: Session, actor: User, promotion_id: Any) -> AdminPromotionDict:
    access.require(actor, "catalogue")
    return _promotion_dict(db, _promotion(db, promotion_id), catalogue.shop_today())


def _day(value: Any, field: str, label: str) -> date | None:
    if value is None or value == "":
        return None
    if isinstance(value, str):
        try:
            return date.fromisoformat(value.strip())
        except ValueError:
            pass
    raise ValidationFailed(field, f"La date {label} doit s'écrire AAAA-MM-JJ", key="errors.date")


def _code(value: Any) -> str | None:
    if value is None or value == "":
        return None
    if not isinstance(value, str):
        raise ValidationFailed("promoCode", "Le code promo est invalide")
    code = normalise_code(value)
    if code and not _CODE.fullmatch(code):
        raise ValidationFailed(
            "promoCode",
            "Le code promo s'écrit en 2 à 40 lettres, chiffres, - ou _ (sans espace)",
            key="admin.errors.promoCode",
        )
    return code or None


def _discount_value(value: Any, kind: str | None) -> Decimal | None:
    """Percent: 1 to 100; amount: more than 0 XOF, whole francs (XOF has no cents)."""
    if value is None or value == "":
        if kind is not None:
            raise ValidationFailed(
                "discountValue", "Indiquez la valeur de la réduction", key="errors.required"
            )
        return None
    if kind is None:
        raise ValidationFailed(
            "discountType", "Choisissez le type de réduction (PERCENT ou AMOUNT)"
        )
    try:
        number = Decimal(str(value).strip().replace(",", "."))
    except ArithmeticError:
        number = Decimal("NaN")
    if isinstance(value, bool) or not number.is_finite():
        raise ValidationFailed("discountValue", "La valeur de la réduction doit être un nombre")
    if kind == "PERCENT" and not Decimal(1) <= number <= Decimal(100):
        raise ValidationFailed(
            "discountValue",
            "Un pourcentage de réduction va de 1 à 100",
            key="admin.errors.discountPercent",
        )
    if kind == "AMOUNT" and not (
        Decimal(0) < number <= MAX_AMOUNT and number == number.to_integral_value()
    ):
        raise ValidationFailed(
            "discountValue",
            "Un montant de réduction est un nombre entier de francs CFA supérieur à 0",
            key="admin.errors.discountAmount",
        )
    return number


def _promotion_fields(fields: dict[str, Any], current: Promotion | None) -> dict[str, Any]:
    """The checked values of the fields given, with the rules between fields checked on the
    result (the type and the value of a discount, the end on or after the start)."""
    out: dict[str, Any] = {}
    if current is None or "name" in fields:
        out["name"] = required_text(fields.get("name"), "name", "nom")
    if "description" in fields:
        out["description"] = text(
            fields["description"], "description", "description", DESCRIPTION_MAX
        )
    for field, attr, label in (
        ("active", "active", "active"),
        ("displayOnBanner", "display_on_banner", "sur la bannière"),
    ):
        if field in fields:
            out[attr] = check_bool(fields[field], field=field, label=label)
    if "promoCode" in fields:
        out["promo_code"] = _code(fields["promoCode"])
    for field, attr, label in (
        ("startsOn", "starts_on", "de début"),
        ("endDate", "end_date", "de fin"),
    ):
        if field in fields:
            out[attr] = _day(fields[field], field, label)
    starts = out.get("starts_on", current.starts_on if current else None)
    ends = out.get("end_date", current.end_date if current else None)
    if starts and ends and ends < starts:
        raise ValidationFailed(
            "endDate",
            "La date de fin doit être le jour de début ou après",
            key="admin.errors.endBeforeStart",
        )
    if "discountType" in fields or "discountValue" in fields:
        raw_kind = fields.get("discountType", current.discount_type if current else None)
        kind = (
            None
            if raw_kind in (None, "")
            else check_choice(raw_kind, DISCOUNT_TYPES, field="discountType", label="type")
        )
        raw_value = fields.get(
            "discountValue", current.discount_value if current is not None else None
        )
        out["discount_type"], out["discount_value"] = kind, _discount_value(raw_value, kind)
    return out


def _audit_promotion(
    db: Session, actor: User, action: str, p: Promotion, before: dict, after: dict
) -> None:
    assert p.id is not None
    audit.record(db, actor, action, "promotion", p.id, label=p.name, before=before, after=after)


def create_promotion(db: Session, actor: User, fields: dict[str, Any]) -> AdminPromotionDict:
    """A new promotion (name required; not on the banner unless asked); audited
    "promotion.create"."""
    access.require(actor, "catalogue")
    values = _promotion_fields(fields, None)
    texts = clean_translations(fields.get("translations"), with_description=True)
    key = new_key(db, Promotion, values["name"], KEY_MAX)  # type: ignore[arg-type]
    promotion = Promotion(key=key, **values)
    db.add(promotion)
    db.flush()
    assert promotion.id is not None
    put_texts(db, "promotion", promotion.id, {}, texts)
    after = {k: v for k, v in _promotion_values(promotion).items() if v not in (None, "")}
    _audit_promotion(db, actor, "promotion.create", promotion, {}, after)
    bump_version(db)
    db.flush()
    return _promotion_dict(db, promotion, catalogue.shop_today())


def update_promotion(
    db: Session, actor: User, promotion_id: Any, fields: dict[str, Any]
) -> AdminPromotionDict:
    """Change the fields given; audited "promotion.update" with the changed fields only."""
    access.require(actor, "catalogue")
    promotion = _promotion(db, promotion_id)
    assert promotion.id is not None
    values = _promotion_fields(fields, promotion)
    texts = clean_translations(fields.get("translations"), with_description=True)
    old = _promotion_values(promotion)
    old_texts = _texts_of(db, "promotion", promotion.id)
    for name, value in values.items():
        setattr(promotion, name, value)
    db.add(promotion)
    before, after = changed(old, _promotion_values(promotion))
    texts_before, texts_after = put_texts(db, "promotion", promotion.id, old_texts, texts)
    before, after = {**before, **texts_before}, {**after, **texts_after}
    if after:
        _audit_promotion(db, actor, "promotion.update", promotion, before, after)
        bump_version(db)
    db.flush()
    return _promotion_dict(db, promotion, catalogue.shop_today())
