"""The catalogue: categories, articles, home sections and promotions."""

from __future__ import annotations

from datetime import date, datetime
from decimal import Decimal

import sqlalchemy as sa
from sqlmodel import Field, SQLModel

from grocer.models.base import KeyedRow, json_field, money_field, utcnow


class Category(SQLModel, table=True):
    __tablename__ = "categories"

    id: int | None = Field(default=None, primary_key=True)
    key: str = Field(max_length=120, unique=True, index=True)
    name: str = Field(max_length=200)
    level: int = Field(ge=1, le=3)
    parent_id: int | None = Field(
        default=None, foreign_key="categories.id", index=True, ondelete="CASCADE"
    )
    can_display_on_ui: bool = True
    display_order: int = 1
    image_url: str | None = Field(default=None, max_length=500)
    icon: str | None = Field(default=None, max_length=20)


class Article(KeyedRow, table=True):
    """A product; prices are in the base currency (XOF)."""

    __tablename__ = "articles"
    # Covers the Refine dialog's brand/origin facets and the listed count without a table scan.
    __table_args__ = (sa.Index("ix_articles_brand_origin_status", "brand", "origin", "status"),)

    name: str = Field(max_length=200)
    price: Decimal = money_field()
    sale_price: Decimal | None = money_field(default=None, nullable=True)
    original_price: Decimal | None = money_field(default=None, nullable=True)
    weight: str | None = Field(default=None, max_length=50)
    length_cm: Decimal | None = money_field(default=None, nullable=True)
    width_cm: Decimal | None = money_field(default=None, nullable=True)
    height_cm: Decimal | None = money_field(default=None, nullable=True)
    image_urls: list[str] = json_field()
    savings: str | None = Field(default=None, max_length=120)
    promotion: str | None = Field(default=None, max_length=200)
    express: bool = False
    product_quality: str | None = Field(default=None, max_length=60)
    description: str | None = None
    brand: str | None = Field(default=None, max_length=120)  # indexed by __table_args__
    origin: str | None = Field(default=None, max_length=120)
    category_id: int | None = Field(
        default=None, foreign_key="categories.id", index=True, ondelete="SET NULL"
    )
    supplier_name: str | None = Field(default=None, max_length=160)
    status: str = Field(default="ACTIVE", max_length=20)
    required_licenses: list[str] = json_field()
    sold_by: str | None = Field(default=None, max_length=160)
    barcode: str | None = Field(default=None, max_length=32)
    sku: str | None = Field(default=None, max_length=40, index=True)
    currency: str = Field(default="XOF", max_length=3)
    is_new: bool = False
    is_organic: bool = False
    is_local: bool = False
    is_gluten_free: bool = False
    is_kosher: bool = False
    popularity: int = Field(default=0, index=True)  # the default sort of unscoped pages
    rating: Decimal | None = money_field(default=None, nullable=True)
    created_at: datetime = Field(default_factory=utcnow)
    updated_at: datetime = Field(default_factory=utcnow)


class Nutrition(SQLModel, table=True):
    __tablename__ = "nutritions"

    id: int | None = Field(default=None, primary_key=True)
    article_id: int = Field(foreign_key="articles.id", index=True, ondelete="CASCADE")
    name: str = Field(max_length=60)
    value: Decimal = money_field()
    unit: str = Field(default="g", max_length=10)


class Section(KeyedRow, table=True):
    """A merchandising section (home page, or a category page when category_id is set)."""

    __tablename__ = "sections"

    title: str = Field(max_length=200)
    description: str | None = None
    image: str | None = Field(default=None, max_length=500)
    display_order: int = 0
    active: bool = True
    category_id: int | None = Field(
        default=None, foreign_key="categories.id", index=True, ondelete="CASCADE"
    )


class SectionArticle(SQLModel, table=True):
    __tablename__ = "section_articles"

    section_id: int = Field(foreign_key="sections.id", primary_key=True, ondelete="CASCADE")
    article_id: int = Field(foreign_key="articles.id", primary_key=True, ondelete="CASCADE")
    position: int = 0


class Promotion(KeyedRow, table=True):
    __tablename__ = "promotions"

    name: str = Field(max_length=200)
    description: str | None = None
    display_on_banner: bool = False
    active: bool = True
    image_url: str | None = Field(default=None, max_length=500)
    promo_code: str | None = Field(default=None, max_length=40)
    discount_value: Decimal | None = money_field(default=None, nullable=True)
    discount_type: str | None = Field(default=None, max_length=20)
    starts_on: date | None = None  # the first day it runs (shop time, UTC); None: already
    end_date: date | None = None  # the last day it runs; None: no end
    category_id: int | None = Field(
        default=None, foreign_key="categories.id", index=True, ondelete="SET NULL"
    )


class CatalogueVersion(SQLModel, table=True):
    """A single counter bumped on every catalogue change, so that every worker's cache agrees."""

    __tablename__ = "catalogue_version"

    id: int = Field(default=1, primary_key=True)
    version: int = 1


#: What a catalogue translation belongs to.
TRANSLATED_KINDS: tuple[str, ...] = ("article", "category", "section", "promotion")


class CatalogueTranslation(SQLModel, table=True):
    """The name and description of an article, category, section or promotion in a language
    other than French (the source, kept on the row itself). A missing row, or a missing field,
    falls back to French."""

    __tablename__ = "catalogue_translations"

    kind: str = Field(max_length=12, primary_key=True)
    ref_id: int = Field(primary_key=True)
    lang: str = Field(max_length=2, primary_key=True)
    name: str | None = Field(default=None, max_length=200)
    description: str | None = None
