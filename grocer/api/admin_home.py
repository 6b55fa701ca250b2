"""API routes of the back-office's home (issue 17, ★), under /admin: the home sections (their
order, texts, visibility and articles) and the banner's promotions. Every route needs a
signed-in admin (401 without a token, 403 for a shopper or staff); the services
(grocer.services.admin.merchandising) check the role again and validate every field
themselves, so the bodies take any JSON value and the service answers with its message."""

from __future__ import annotations

from typing import Annotated, Any

from fastapi import APIRouter, Depends
from pydantic import Field

from grocer.api.admin import Search, Size, _in_area
from grocer.api.auth import Now
from grocer.api.deps import SessionDep
from grocer.api.params import PageNumber, PathId
from grocer.api.schemas_account import CamelModel
from grocer.api.schemas_auth import error_responses
from grocer.models import User
from grocer.services.admin import merchandising as svc
from grocer.services.admin.merchandising import (
    AdminPromotionDict,
    AdminSectionDict,
    SectionArticleDict,
)
from grocer.services.admin.paging import Page
from grocer.services.catalogue import shop_today

router = APIRouter(prefix="/admin", tags=["admin"], responses=error_responses(401, 403))

Actor = Annotated[User, Depends(_in_area("catalogue"))]
_WRITE = error_responses(400, 404, 409)
_TEXTS = "{en|es|de: {name, description}}: the texts in another language (blank: French)"


class SectionIn(CamelModel):
    """The fields to set (left out: unchanged)."""

    title: Any = None
    description: Any = None
    active: Any = None
    translations: Any = Field(default=None, description=_TEXTS)


class MoveIn(CamelModel):
    direction: Any = Field(default=None, description="up or down")


class OrderIn(CamelModel):
    ids: Any = Field(default=None, description="every home section's id, in the new order")


class ArticleIn(CamelModel):
    article_id: Any = None


class PromotionIn(CamelModel):
    """The fields to set (left out: unchanged). Dates are YYYY-MM-DD (shop time, UTC), both
    days included; discountType PERCENT (value 1 to 100) or AMOUNT (whole XOF above 0)."""

    name: Any = None
    description: Any = None
    active: Any = None
    display_on_banner: Any = None
    promo_code: Any = None
    discount_type: Any = None
    discount_value: Any = None
    starts_on: Any = None
    end_date: Any = None
    translations: Any = Field(default=None, description=_TEXTS)


# Sections -------------------------------------------------------------------------------------


@router.get("/sections", response_model=list[AdminSectionDict])
def list_sections(actor: Actor, db: SessionDep) -> Any:
    """Every home section, shown or not, in the storefront's order."""
    return svc.list_sections(db, actor)


@router.post("/sections", response_model=AdminSectionDict, status_code=201, responses=_WRITE)
def create_section(body: SectionIn, actor: Actor, db: SessionDep) -> Any:
    """A new home section, placed last."""
    return svc.create_section(db, actor, body.payload())


@router.put("/sections/order", response_model=list[AdminSectionDict], responses=_WRITE)
def set_section_order(body: OrderIn, actor: Actor, db: SessionDep) -> Any:
    """The home's whole order at once (409 when the list changed meanwhile)."""
    return svc.set_section_order(db, actor, body.ids)


@router.get("/section-candidates", response_model=Page[SectionArticleDict])
def find_articles(
    actor: Actor, db: SessionDep, q: Search = None, page: PageNumber = 1, size: Size = 20
) -> Any:
    """Articles to add to a section, by name or SKU."""
    return svc.find_articles(db, actor, q=q, page=page, size=size)


@router.get(
    "/sections/{section_id}", response_model=AdminSectionDict, responses=error_responses(404)
)
def section_detail(section_id: PathId, actor: Actor, db: SessionDep) -> Any:
    return svc.section_detail(db, actor, section_id)


@router.patch("/sections/{section_id}", response_model=AdminSectionDict, responses=_WRITE)
def update_section(section_id: PathId, body: SectionIn, actor: Actor, db: SessionDep) -> Any:
    return svc.update_section(db, actor, section_id, body.payload())


@router.post("/sections/{section_id}/move", response_model=list[AdminSectionDict], responses=_WRITE)
def move_section(section_id: PathId, body: MoveIn, actor: Actor, db: SessionDep) -> Any:
    """One place up or down; the whole list as it now is."""
    return svc.move_section(db, actor, section_id, body.direction)


@router.get(
    "/sections/{section_id}/articles",
    response_model=Page[SectionArticleDict],
    responses=error_responses(400, 404),
)
def section_articles(
    section_id: PathId, actor: Actor, db: SessionDep, page: PageNumber = 1, size: Size = 20
) -> Any:
    """The section's articles in their order."""
    return svc.section_articles(db, actor, section_id, page=page, size=size)


@router.post(
    "/sections/{section_id}/articles", response_model=Page[SectionArticleDict], responses=_WRITE
)
def add_section_article(section_id: PathId, body: ArticleIn, actor: Actor, db: SessionDep) -> Any:
    """Add an article at the end; the page where it now stands."""
    return svc.add_section_article(db, actor, section_id, body.article_id)


@router.delete(
    "/sections/{section_id}/articles/{article_id}",
    response_model=Page[SectionArticleDict],
    responses=_WRITE,
)
def remove_section_article(
    section_id: PathId, article_id: PathId, actor: Actor, db: SessionDep
) -> Any:
    return svc.remove_section_article(db, actor, section_id, article_id)


@router.post(
    "/sections/{section_id}/articles/{article_id}/move",
    response_model=Page[SectionArticleDict],
    responses=_WRITE,
)
def move_section_article(
    section_id: PathId, article_id: PathId, body: MoveIn, actor: Actor, db: SessionDep
) -> Any:
    """One place up or down in the section; the page where it now stands."""
    return svc.move_section_article(db, actor, section_id, article_id, body.direction)


# Promotions -----------------------------------------------------------------------------------


@router.get("/promotions", response_model=Page[AdminPromotionDict])
def list_promotions(
    actor: Actor,
    db: SessionDep,
    now: Now,
    q: Search = None,
    page: PageNumber = 1,
    size: Size = 20,
) -> Any:
    """Promotions, newest first, by name or code; `onBannerToday` says whether the
    storefront's banner shows one today."""
    return svc.list_promotions(db, actor, q=q, page=page, size=size, today=shop_today(now))


@router.post("/promotions", response_model=AdminPromotionDict, status_code=201, responses=_WRITE)
def create_promotion(body: PromotionIn, actor: Actor, db: SessionDep) -> Any:
    return svc.create_promotion(db, actor, body.payload())


@router.get(
    "/promotions/{promotion_id}", response_model=AdminPromotionDict, responses=error_responses(404)
)
def promotion_detail(promotion_id: PathId, actor: Actor, db: SessionDep) -> Any:
    return svc.promotion_detail(db, actor, promotion_id)


@router.patch("/promotions/{promotion_id}", response_model=AdminPromotionDict, responses=_WRITE)
def update_promotion(promotion_id: PathId, body: PromotionIn, actor: Actor, db: SessionDep) -> Any:
    return svc.update_promotion(db, actor, promotion_id, body.payload())
