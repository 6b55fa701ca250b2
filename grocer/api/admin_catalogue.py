"""API routes of the back-office's catalogue (issue 17, ★), under /admin: categories (the tree,
create, rename and show/hide, move, order) and articles (list, details, create, update). Every
route needs a signed-in admin (401 without a token, 403 for a shopper or staff); the services
(grocer.services.admin.categories and .articles) check the role again and validate every field
themselves, so the bodies take any JSON value and the service answers with its message."""

from __future__ import annotations

from typing import Annotated, Any

from fastapi import APIRouter, Depends, Query
from pydantic import Field

from grocer.api.admin import Search, Size, _in_area
from grocer.api.deps import SessionDep
from grocer.api.params import PageNumber, PathId
from grocer.api.schemas_account import CamelModel
from grocer.api.schemas_auth import error_responses
from grocer.models import User
from grocer.services.admin import articles, categories
from grocer.services.admin.articles import AdminArticleDict, ArticleRowDict
from grocer.services.admin.categories import AdminCategoryDict
from grocer.services.admin.paging import Page

router = APIRouter(prefix="/admin", tags=["admin"], responses=error_responses(401, 403))

Actor = Annotated[User, Depends(_in_area("catalogue"))]
_WRITE = error_responses(400, 404, 409)


class CategoryIn(CamelModel):
    """The fields to set (left out: unchanged)."""

    name: Any = None
    visible: Any = Field(default=None, description="shown on the storefront (canDisplayOnUi)")
    parent_id: Any = Field(default=None, description="creation only: the parent (null: level 1)")
    translations: Any = Field(default=None, description="{en|es|de: {name}} (blank: French)")


class ParentIn(CamelModel):
    parent_id: Any = Field(default=None, description="the new parent (null: the top level)")


class OrderIn(CamelModel):
    direction: Any = Field(default=None, description="up or down (or give position)")
    position: Any = Field(default=None, description="1 = first among its siblings")


class ArticleIn(CamelModel):
    """The fields to set (left out: unchanged; null clears an optional one). Amounts in XOF,
    whole francs; `nutritions` replaces the whole set; status ACTIVE, OUT_OF_STOCK or
    INACTIVE; categoryId a level-3 category."""

    name: Any = None
    description: Any = None
    price: Any = None
    sale_price: Any = None
    original_price: Any = None
    weight: Any = None
    length_cm: Any = None
    width_cm: Any = None
    height_cm: Any = None
    brand: Any = None
    origin: Any = None
    product_quality: Any = None
    sku: Any = None
    savings: Any = None
    promotion: Any = None
    express: Any = None
    is_new: Any = None
    is_organic: Any = None
    is_local: Any = None
    status: Any = None
    category_id: Any = None
    nutritions: Any = Field(default=None, description="[{name, value, unit: g|mg|µg|kcal}]")
    translations: Any = Field(default=None, description="{en|es|de: {name, description}}")


# Categories -----------------------------------------------------------------------------------


@router.get("/categories", response_model=list[AdminCategoryDict])
def category_tree(actor: Actor, db: SessionDep) -> Any:
    """Every category, hidden ones too, depth first in the storefront's order, with article
    counts (`articles` directly in it, `total` with those below)."""
    return categories.tree(db, actor)


@router.post("/categories", response_model=AdminCategoryDict, status_code=201, responses=_WRITE)
def create_category(body: CategoryIn, actor: Actor, db: SessionDep) -> Any:
    """A new category under `parentId` (level 1 without one; at most 3 levels)."""
    return categories.create_category(db, actor, body.payload())


@router.get(
    "/categories/{category_id}", response_model=AdminCategoryDict, responses=error_responses(404)
)
def category_detail(category_id: PathId, actor: Actor, db: SessionDep) -> Any:
    return categories.category_detail(db, actor, category_id)


@router.patch("/categories/{category_id}", response_model=AdminCategoryDict, responses=_WRITE)
def update_category(category_id: PathId, body: CategoryIn, actor: Actor, db: SessionDep) -> Any:
    """Rename (name, translations) or show/hide (visible)."""
    fields = body.payload()
    fields.pop("parentId", None)  # a move is its own route
    return categories.update_category(db, actor, category_id, fields)


@router.put("/categories/{category_id}/parent", response_model=AdminCategoryDict, responses=_WRITE)
def move_category(category_id: PathId, body: ParentIn, actor: Actor, db: SessionDep) -> Any:
    """Move under another parent with its subtree (no cycle, no 4th level)."""
    return categories.move_category(db, actor, category_id, body.parent_id)


@router.post("/categories/{category_id}/order", response_model=AdminCategoryDict, responses=_WRITE)
def order_category(category_id: PathId, body: OrderIn, actor: Actor, db: SessionDep) -> Any:
    """One place up or down, or to `position`, among its siblings (levels 1 and 2)."""
    if body.position is not None:
        return categories.place_category(db, actor, category_id, body.position)
    return categories.step_category(db, actor, category_id, body.direction)


# Articles -------------------------------------------------------------------------------------


@router.get("/articles", response_model=Page[ArticleRowDict])
def list_articles(
    actor: Actor,
    db: SessionDep,
    q: Search = None,
    category_id: Annotated[int | None, Query(alias="categoryId", ge=1, le=2**31 - 1)] = None,
    status: Annotated[str | None, Query(max_length=20)] = None,
    page: PageNumber = 1,
    size: Size = 20,
) -> Any:
    """Articles, newest first, by name, SKU or brand (`q`), category (and below) and status."""
    return articles.list_articles(
        db, actor, q=q, category_id=category_id, status=status, page=page, size=size
    )


@router.post("/articles", response_model=AdminArticleDict, status_code=201, responses=_WRITE)
def create_article(body: ArticleIn, actor: Actor, db: SessionDep) -> Any:
    """A new article (name, price and categoryId required): on the storefront at once."""
    return articles.create_article(db, actor, body.payload())


@router.get(
    "/articles/{article_id}", response_model=AdminArticleDict, responses=error_responses(404)
)
def article_detail(article_id: PathId, actor: Actor, db: SessionDep) -> Any:
    return articles.article_detail(db, actor, article_id)


@router.patch("/articles/{article_id}", response_model=AdminArticleDict, responses=_WRITE)
def update_article(article_id: PathId, body: ArticleIn, actor: Actor, db: SessionDep) -> Any:
    """Change the fields given."""
    return articles.update_article(db, actor, article_id, body.payload())
